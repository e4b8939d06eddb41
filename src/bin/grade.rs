//! `grade`: marks a whole class the way the courses do, on untrusted code (see `--help` and
//! [`minejudge::grade`]).

use minejudge::courses::acm_client::read_batch;
use minejudge::grade::words::Lang;
use minejudge::grade::{csv, default_batches, html, marks, table, Config, Task, TASKS};
use minejudge::io::args::{self, Args};
use minejudge::io::output::write_stdout;
use minejudge::stress::kill_children_on_interrupt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
usage: grade <task> DIR [options]
  Marks every student's submission in DIR (one file or folder per student; the name comes
  from the file's name, e.g. `5班-张三.txt` is 5班-张三) as the course marks it, and prints
  the marks table, best first. Each file is a whole program (it has main), the course's own
  form (a `machine` or `RefreshGamePanel` function, a client.h or server.h) compiled into our
  driver, or a program already built. Every student gets the same games and tests, from one
  seed; every run is contained (see the isolation line of the report). Exit status: 0 graded,
  2 bad usage or a class that cannot be graded (no compiler, unreadable tests).
tasks:
  jlu-machine   JLU part (2): --games games (1000) of 20x20 with 50 mines, the mark the mean
                score x 1.3 capped at 60; a program that does not compile or does not run
                normally in some game gets 0 (the report gives the mark as played too)
  jlu-panel     JLU part (1): a whole program or RefreshGamePanel, by tests, 5 points each
  mine-ops      THU Mine: a whole program, by tests, 10 points each
  acm-server    ACM basic task: server.h or a whole program, by tests, 10 points each
  acm-client    ACM advanced task: client.h, by batches of 50 maps (the mean of the best 45),
                mapped through the baselines' raw scores
options:
  --seed S          the seed of every game, map and generated test (default: a fresh one
                    from the system's randomness each run, printed with the command that
                    replays the same games; outcomes are cached per seed)
  --games N         jlu-machine: games per student (default 1000)
  --jobs N          students graded at once (default: the number of cores)
  --timeout SEC     per test, game or map (default: JLU part (1) 4, THU and ACM basic 1,
                    games and maps 2)
  --memory MIB      memory of each run (default 512): as resident memory where a memory
                    cgroup is usable, and as each process's address space
  --budget SEC      wall time all of one student's games, maps or tests may take; past it
                    the rest is not played and scores 0, and the note says so (default:
                    jlu-machine 0.12 s a game, at least 30 s: 120 s for 1000 games; else 120)
  --processes N     processes and threads each run may have (default 1: the courses'
                    programs never fork, and a fork bomb stops at once)
  --tests DIR       tests by points: every NAME.in with NAME.ans or NAME.out (else our
                    judge's answer); without it, --count tests made by gen from the seed
  --count N         tests made when there is no --tests (default: JLU part (1) 6, else 10)
  --points P        points per test (default: JLU part (1) 5, else 10)
  --batch FILE      acm-client: a batch file (rows cols mines, seed, min_dist); repeat for
                    more (default: 5 batches of our own from the seed)
  --baseline NAME=FILE  acm-client: a baseline client, graded as the students; give the
                    course's three (rubbish, baseline1, baseline2)
  --class A|B       acm-client: the marks at the baselines and for beating the highest:
                    A 0, 20, 30 and 35 (default); B 0, 10, 15 and 15
  --cxx PATH        the C++ compiler (default $CXX, else g++, c++ or clang++)
  --csv FILE        also write the marks as CSV (UTF-8 with a byte-order mark, for Excel)
  --html FILE       also write the report as one HTML page (histogram, details, alike code)
  --pairs-csv FILE  also write the pairs of alike submissions as CSV, one pair a row
  --cache DIR       keep outcomes here, keyed by each file's content, the compiler and every
                    option, each sealed with a key only this machine has (default
                    ~/.cache/minejudge/grade); --no-cache for none
  --strict          jlu-machine: a file that breaks the course's rules (no #include or main,
                    no STL, only the five headers' library, no output, no global or static
                    variable, GamePanel only read) scores 0, as the course gives; without it
                    the mark stands and every finding is shown with its line
  --resubmitted NAME  the student NAME's file is a resubmission: 10 points are taken from its
                    mark, as the course takes; repeat for more
  --no-jail         where the jail cannot be built (no namespaces), grade all the same with
                    the strongest isolation there is; the report says so at its top. Without
                    it, grade refuses before grading anyone
  --lang en|zh      the language of the table, the notes, the CSV's header and the HTML
                    (default: Chinese in a zh_* locale, else English); what a program or
                    the compiler printed is quoted as it is
  --quiet           no progress line on stderr";

struct Plan {
    config: Config,
    csv: Option<PathBuf>,
    html: Option<PathBuf>,
    pairs: Option<PathBuf>,
}

fn parse(args: &mut Args) -> Result<Plan, String> {
    let task_name = args.next().ok_or("give a task and the class's folder")?;
    let task = TASKS
        .iter()
        .find(|(name, _)| *name == task_name)
        .map(|(_, task)| *task)
        .ok_or_else(|| {
            let names: Vec<&str> = TASKS.iter().map(|(name, _)| *name).collect();
            format!("unknown task {task_name:?}: {}", names.join(", "))
        })?;
    let dir = args
        .next()
        .ok_or("give the class's folder after the task")?;
    let mut config = Config::new(task, PathBuf::from(dir));
    config.arguments = std::env::args_os()
        .skip(1)
        .map(|argument| argument.to_string_lossy().into_owned())
        .collect();
    config.progress = true;
    config.lang = Lang::from_environment();
    let (mut csv, mut html, mut pairs) = (None, None, None);
    let mut batches = Vec::new();
    let mut seed_given = false;
    let mut budget = None;
    while let Some(flag) = args.next() {
        let applies = match flag.as_str() {
            "--games" => task == Task::JluMachine,
            "--batch" | "--baseline" | "--class" => task == Task::AcmClient,
            "--tests" | "--count" | "--points" => task.judge().is_some(),
            _ => true,
        };
        if !applies {
            return Err(format!("{flag} does not apply to {}", task.name()));
        }
        match flag.as_str() {
            "--seed" => {
                config.seed = args.number(&flag, 0, u64::MAX)?;
                seed_given = true;
            }
            "--games" => config.games = args.number(&flag, 1, 1_000_000)?,
            "--jobs" => config.jobs = args.number(&flag, 1, 256)? as usize,
            "--timeout" => {
                let value = args.value(&flag)?;
                config.timeout = match value.parse::<f64>() {
                    Ok(seconds) if (0.001..=3600.0).contains(&seconds) => {
                        Duration::from_secs_f64(seconds)
                    }
                    _ => {
                        return Err(format!(
                            "--timeout {value:?}: expected seconds from 0.001 to 3600"
                        ))
                    }
                };
            }
            "--budget" => {
                let value = args.value(&flag)?;
                budget = match value.parse::<f64>() {
                    Ok(seconds) if (1.0..=86_400.0).contains(&seconds) => {
                        Some(Duration::from_secs_f64(seconds))
                    }
                    _ => {
                        return Err(format!(
                            "--budget {value:?}: expected seconds from 1 to 86400"
                        ))
                    }
                };
            }
            "--memory" => config.memory = args.number(&flag, 16, 1 << 20)? << 20,
            "--processes" => config.processes = args.number(&flag, 1, 4096)? as u32,
            "--tests" => config.tests_dir = Some(PathBuf::from(args.value(&flag)?)),
            "--count" => config.tests = args.number(&flag, 1, 10_000)?,
            "--points" => {
                let value = args.value(&flag)?;
                config.points = value
                    .parse::<f64>()
                    .ok()
                    .filter(|p| p.is_finite() && *p >= 0.0)
                    .ok_or_else(|| format!("--points {value:?}: expected a number"))?;
            }
            "--batch" => {
                let path = args.value(&flag)?;
                let text = std::fs::read(&path).map_err(|err| format!("--batch {path}: {err}"))?;
                batches.push(read_batch(&text).map_err(|err| format!("--batch {path}: {err}"))?);
            }
            "--baseline" => {
                let value = args.value(&flag)?;
                let (name, file) = value
                    .split_once('=')
                    .filter(|(n, f)| !n.is_empty() && !f.is_empty())
                    .ok_or_else(|| format!("--baseline {value:?}: expected NAME=FILE"))?;
                config
                    .baselines
                    .push((name.to_string(), PathBuf::from(file)));
            }
            "--class" => {
                config.baseline_marks = match args.value(&flag)?.as_str() {
                    "A" | "a" => marks::CLASS_A.to_vec(),
                    "B" | "b" => marks::CLASS_B.to_vec(),
                    other => return Err(format!("--class {other:?}: expected A or B")),
                }
            }
            "--cxx" => config.cxx = Some(args.value(&flag)?),
            "--csv" => csv = Some(PathBuf::from(args.value(&flag)?)),
            "--html" => html = Some(PathBuf::from(args.value(&flag)?)),
            "--pairs-csv" => pairs = Some(PathBuf::from(args.value(&flag)?)),
            "--cache" => config.cache = Some(PathBuf::from(args.value(&flag)?)),
            "--no-cache" => config.cache = None,
            "--no-jail" => config.weaker_isolation = true,
            "--strict" => config.strict = true,
            "--lang" => {
                let value = args.value(&flag)?;
                config.lang = Lang::parse(&value)
                    .ok_or_else(|| format!("--lang {value:?}: expected en or zh"))?;
            }
            "--resubmitted" => config.resubmitted.push(args.value(&flag)?),
            "--quiet" => config.progress = false,
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    config.budget = budget.unwrap_or_else(|| task.default_budget(config.games));
    if !batches.is_empty() {
        config.batches = batches;
    } else if seed_given {
        config.batches = default_batches(config.seed);
    }
    if task == Task::AcmClient && config.baselines.len() + 1 != config.baseline_marks.len() {
        return Err(format!(
            "acm-client is marked through the course's {} baselines: give each with --baseline \
             NAME=FILE (rubbish, baseline1, baseline2)",
            config.baseline_marks.len() - 1
        ));
    }
    Ok(Plan {
        config,
        csv,
        html,
        pairs,
    })
}

fn main() -> ExitCode {
    let plan = match args::parse(USAGE, parse) {
        Ok(plan) => plan,
        Err(code) => return code,
    };
    kill_children_on_interrupt();
    let class = match minejudge::grade::grade(&plan.config) {
        Ok(class) => class,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    for (path, text) in [
        (&plan.csv, plan.csv.as_ref().map(|_| csv::render(&class))),
        (&plan.html, plan.html.as_ref().map(|_| html::render(&class))),
        (
            &plan.pairs,
            plan.pairs.as_ref().map(|_| csv::render_pairs(&class)),
        ),
    ] {
        if let (Some(path), Some(text)) = (path, text) {
            if let Err(err) = std::fs::write(path, text) {
                eprintln!("error: cannot write {}: {err}", path.display());
                return ExitCode::from(1);
            }
        }
    }
    if let Err(line) = write_stdout(table::render(&class).as_bytes()) {
        eprintln!("{line}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
