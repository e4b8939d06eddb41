//! `grade`: marks a whole class the way the courses do, on untrusted code (see `--help` and
//! [`minejudge::grade`]).

use minejudge::courses::acm_client::read_batch;
use minejudge::courses::acm_client::BatchSpec;
use minejudge::exec::ending::Stack;
use minejudge::grade::words::Lang;
use minejudge::grade::{
    csv, default_batches, html, marks, table, terminal, xlsx, ClassGrades, Config, Task, TASKS,
};
use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Group, Table};
use minejudge::io::output::write_stdout;
use minejudge::sandbox::kill_children_on_interrupt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The usage text before the options.
const USAGE_HEAD: &str = "\
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
                mapped through the baselines' raw scores (ours unless --baseline gives the
                course's)";

/// What the command line asks for.
struct Plan {
    config: Config,
    csv: Option<PathBuf>,
    xlsx: Option<PathBuf>,
    html: Option<PathBuf>,
    pairs: Option<PathBuf>,
    /// `--batch` files read, in order.
    batches: Vec<BatchSpec>,
    seed_given: bool,
    budget: Option<Duration>,
}

/// An option of grade.
type Opt = options::Opt<Plan>;

/// Whether the plan's task is JLU part (2).
fn jlu_machine(plan: &Plan) -> bool {
    plan.config.task == Task::JluMachine
}

/// Whether the plan's task is the ACM advanced task.
fn acm_client(plan: &Plan) -> bool {
    plan.config.task == Task::AcmClient
}

/// Whether the plan's task is marked by tests.
fn by_tests(plan: &Plan) -> bool {
    plan.config.task.judge().is_some()
}

/// Grade's options, their help in `lang`.
fn options(lang: Lang) -> Table<Plan> {
    let mut table = Table {
        groups: vec![
            Group::new("options:", run_options()),
            Group::new("", test_options()),
            Group::new("", report_options()),
            Group::new("", rule_options()),
        ],
        column: 20,
        width: usize::MAX,
    };
    if lang == Lang::Chinese {
        table.groups[0].heading = terminal::OPTIONS_HEADING.to_string();
        for option in table.groups.iter_mut().flat_map(|group| &mut group.options) {
            if let Some(help) = terminal::option_help(option.name) {
                option.help = help.to_string();
            }
        }
    }
    table
}

/// The options of every run: the seed, the games, the limits.
fn run_options() -> Vec<Opt> {
    vec![
        Opt::value(
            "--seed",
            "S",
            "the seed of every game, map and generated test (default: a fresh one\n\
                     from the system's randomness each run, printed with the command that\n\
                     replays the same games; outcomes are cached per seed)",
            |plan, given| {
                plan.config.seed = given.number(0, u64::MAX)?;
                plan.seed_given = true;
                Ok(())
            },
        ),
        Opt::value(
            "--games",
            "N",
            "jlu-machine: games per student (default 1000)",
            |plan, given| {
                plan.config.games = given.number(1, 1_000_000)?;
                Ok(())
            },
        )
        .applies(jlu_machine),
        Opt::value(
            "--jobs",
            "N",
            "students graded at once (default: the number of cores)",
            |plan, given| {
                plan.config.jobs = given.number(1, 256)? as usize;
                Ok(())
            },
        ),
        Opt::value(
            "--time-limit",
            "SEC",
            "CPU time per test, game or map (default: JLU part (1) 4, THU and ACM\n\
                     basic 1, games and maps 2)",
            |plan, given| {
                plan.config.time_limit = given.seconds(0.001, 3600.0)?;
                Ok(())
            },
        ),
        Opt::value(
            "--wall-limit",
            "SEC",
            "wall time per test, game or map, the backstop of a program that waits\n\
                     (default: 3 times --time-limit, and at least a second more)",
            |plan, given| {
                plan.config.wall_limit = Some(given.seconds(0.001, 10_800.0)?);
                Ok(())
            },
        ),
        Opt::replaced("--timeout"),
        Opt::value(
            "--memory",
            "MIB",
            "memory of each run (default 512): as resident memory where a memory\n\
                     cgroup is usable, and as each process's address space",
            |plan, given| {
                plan.config.memory = given.number(16, 1 << 20)? << 20;
                Ok(())
            },
        ),
        Opt::value(
            "--stack",
            "MIB",
            "stack of each run (default: --memory, as Kattis and DMOJ give it; 0\n\
                     for no cap)",
            |plan, given| {
                plan.config.stack = Stack::from_mib(given.number(0, 1 << 20)?);
                Ok(())
            },
        ),
        Opt::value(
            "--budget",
            "SEC",
            "wall time all of one student's games, maps or tests may take; past it\n\
                     the rest is not played and scores 0, and the note says so (default:\n\
                     jlu-machine 0.12 s a game, at least 30 s: 120 s for 1000 games; else 120)",
            |plan, given| {
                plan.budget = Some(given.seconds(1.0, 86_400.0)?);
                Ok(())
            },
        ),
        Opt::value(
            "--processes",
            "N",
            "processes and threads each run may have (default 1: the courses'\n\
                     programs never fork, and a fork bomb stops at once)",
            |plan, given| {
                plan.config.processes = given.number(1, 4096)? as u32;
                Ok(())
            },
        ),
    ]
}

/// The options of the tests, and of the ACM course's batches and baselines.
fn test_options() -> Vec<Opt> {
    vec![
        Opt::value(
            "--tests",
            "DIR",
            "tests by points: every NAME.in with NAME.ans or NAME.out (else our\n\
                     judge's answer); without it, --count tests made by gen from the seed",
            |plan, given| {
                plan.config.tests_dir = Some(given.path());
                Ok(())
            },
        )
        .applies(by_tests),
        Opt::value(
            "--count",
            "N",
            "tests made when there is no --tests (default: JLU part (1) 6, else 10)",
            |plan, given| {
                plan.config.tests = given.number(1, 10_000)?;
                Ok(())
            },
        )
        .applies(by_tests),
        Opt::value(
            "--points",
            "P",
            "points per test (default: JLU part (1) 5, else 10)",
            |plan, given| {
                let points = given.value.parse::<f64>().ok();
                let points = points.filter(|p| p.is_finite() && *p >= 0.0);
                plan.config.points = points.ok_or_else(|| given.bad("a number"))?;
                Ok(())
            },
        )
        .applies(by_tests),
        Opt::repeated(
            "--batch",
            "FILE",
            "acm-client: a batch file (rows cols mines, seed, min_dist); repeat for\n\
                     more (default: 5 batches of our own from the seed)",
            |plan, given| {
                let path = &given.value;
                let text = std::fs::read(path).map_err(|err| format!("--batch {path}: {err}"))?;
                let batch = read_batch(&text).map_err(|err| format!("--batch {path}: {err}"))?;
                plan.batches.push(batch);
                Ok(())
            },
        )
        .applies(acm_client),
        Opt::repeated(
            "--baseline",
            "NAME=FILE",
            "acm-client: a baseline client, graded as the students; give the\n\
                     course's three (rubbish, baseline1, baseline2), else ours are used",
            |plan, given| {
                let (name, file) = given
                    .value
                    .split_once('=')
                    .filter(|(n, f)| !n.is_empty() && !f.is_empty())
                    .ok_or_else(|| given.bad("NAME=FILE"))?;
                let baseline = (name.to_string(), PathBuf::from(file));
                plan.config.baselines.push(baseline);
                Ok(())
            },
        )
        .applies(acm_client),
        Opt::value(
            "--class",
            "A|B",
            "acm-client: the marks at the baselines and for beating the highest:\n\
                     A 0, 20, 30 and 35 (default); B 0, 10, 15 and 15",
            |plan, given| {
                let (a, b) = (&marks::CLASS_A[..], &marks::CLASS_B[..]);
                let choices = [("A", a), ("a", a), ("B", b), ("b", b)];
                plan.config.baseline_marks = given.choice(&choices, "A or B")?.to_vec();
                Ok(())
            },
        )
        .applies(acm_client),
    ]
}

/// The options of the compiler, the files written and the cache.
fn report_options() -> Vec<Opt> {
    vec![
        Opt::value(
            "--cxx",
            "PATH",
            "the C++ compiler (default $CXX, else g++, c++ or clang++)",
            |plan, given| {
                plan.config.cxx = Some(given.value);
                Ok(())
            },
        ),
        Opt::value(
            "--csv",
            "FILE",
            "also write the marks as CSV (UTF-8 with a byte-order mark, for Excel)",
            |plan, given| {
                plan.csv = Some(given.path());
                Ok(())
            },
        ),
        Opt::value(
            "--xlsx",
            "FILE",
            "also write the marks as an Excel workbook (the CSV's rows, numbers as\n\
                     numbers; Excel, WPS and LibreOffice open it in any language)",
            |plan, given| {
                plan.xlsx = Some(given.path());
                Ok(())
            },
        ),
        Opt::value(
            "--html",
            "FILE",
            "also write the report as one HTML page (histogram, details, alike code)",
            |plan, given| {
                plan.html = Some(given.path());
                Ok(())
            },
        ),
        Opt::value(
            "--pairs-csv",
            "FILE",
            "also write the pairs of alike submissions as CSV, one pair a row",
            |plan, given| {
                plan.pairs = Some(given.path());
                Ok(())
            },
        ),
        Opt::value(
            "--cache",
            "DIR",
            "keep outcomes here, keyed by each file's content, the compiler and every\n\
                     option, each sealed with a key only this machine has (default\n\
                     ~/.cache/minejudge/grade); --no-cache for none",
            |plan, given| {
                plan.config.cache = Some(given.path());
                Ok(())
            },
        ),
        Opt::flag("--no-cache", "", |plan, _| {
            plan.config.cache = None;
            Ok(())
        }),
    ]
}

/// The options of the course's rules, the jail, the language and the progress line.
fn rule_options() -> Vec<Opt> {
    vec![
        Opt::flag(
            "--strict",
            "jlu-machine: a file that breaks the course's rules (no #include or main,\n\
                     no STL, only the five headers' library, no output, no global or static\n\
                     variable, GamePanel only read) scores 0, as the course gives; without it\n\
                     the mark stands and every finding is shown with its line",
            |plan, _| {
                plan.config.strict = true;
                Ok(())
            },
        ),
        Opt::repeated(
            "--resubmitted",
            "NAME",
            "the student NAME's file is a resubmission: 10 points are taken from its\n\
                     mark, as the course takes; repeat for more",
            |plan, given| {
                plan.config.resubmitted.push(given.value);
                Ok(())
            },
        ),
        Opt::flag(
            "--no-jail",
            "where the jail cannot be built (no namespaces), grade all the same with\n\
                     the strongest isolation there is; the report says so at its top. Without\n\
                     it, grade refuses before grading anyone",
            |plan, _| {
                plan.config.weaker_isolation = true;
                Ok(())
            },
        ),
        Opt::value(
            "--lang",
            "en|zh",
            "the language of the table, the notes, the CSV's header and the HTML\n\
                     (default: Chinese in a zh_* locale, else English); what a program or\n\
                     the compiler printed is quoted as it is",
            |plan, given| {
                plan.config.lang =
                    Lang::parse(&given.value).ok_or_else(|| given.bad("en or zh"))?;
                Ok(())
            },
        ),
        Opt::flag("--quiet", "no progress line on stderr", |plan, _| {
            plan.config.progress = false;
            Ok(())
        }),
    ]
}

/// The whole usage text, in `lang`.
fn usage(lang: Lang) -> String {
    let head = match lang {
        Lang::English => USAGE_HEAD,
        Lang::Chinese => terminal::USAGE_HEAD,
    };
    format!("{head}\n{}", options(lang).usage())
}

/// The error line of `message`, in `lang`.
fn error_line(lang: Lang, message: &str) -> String {
    format!("{}{}", lang.error_tag(), lang.message(message))
}

/// Reads the command line (see [`usage`]).
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
    let mut plan = Plan {
        config,
        csv: None,
        xlsx: None,
        html: None,
        pairs: None,
        batches: Vec::new(),
        seed_given: false,
        budget: None,
    };
    options(Lang::English).parse(&mut plan, args, task.name(), |_, arg, _| {
        Err(unexpected(&arg))
    })?;
    let config = &mut plan.config;
    config.budget = plan
        .budget
        .unwrap_or_else(|| task.default_budget(config.games));
    if !plan.batches.is_empty() {
        config.batches = std::mem::take(&mut plan.batches);
    } else if plan.seed_given {
        config.batches = default_batches(config.seed);
    }
    let baselines = config.baselines.len();
    if task == Task::AcmClient && baselines > 0 && baselines + 1 != config.baseline_marks.len() {
        return Err(format!(
            "acm-client is marked through the course's {} baselines: give each with --baseline \
             NAME=FILE (rubbish, baseline1, baseline2), or none for ours",
            config.baseline_marks.len() - 1
        ));
    }
    Ok(plan)
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let lang = Lang::of_arguments(&arguments);
    let parsed = args::parse_tagged(
        Args::new(arguments),
        &usage(lang),
        lang.error_tag(),
        |args| parse(args).map_err(|message| lang.message(&message)),
    );
    let plan = match parsed {
        Ok(plan) => plan,
        Err(code) => return code,
    };
    kill_children_on_interrupt();
    let class = match minejudge::grade::grade(&plan.config) {
        Ok(class) => class,
        Err(message) => {
            eprintln!("{}", error_line(lang, &message));
            return ExitCode::from(2);
        }
    };
    type Render = fn(&ClassGrades) -> Result<Vec<u8>, String>;
    let outputs: [(&Option<PathBuf>, Render); 4] = [
        (&plan.csv, |class| Ok(csv::render(class).into_bytes())),
        (&plan.html, |class| Ok(html::render(class).into_bytes())),
        (&plan.pairs, |class| {
            Ok(csv::render_pairs(class).into_bytes())
        }),
        (&plan.xlsx, xlsx::render),
    ];
    for (path, render) in outputs {
        let Some(path) = path else { continue };
        let written =
            render(&class).and_then(|bytes| std::fs::write(path, bytes).map_err(|e| e.to_string()));
        if let Err(err) = written {
            let message = format!("cannot write {}: {err}", path.display());
            eprintln!("{}", error_line(lang, &message));
            return ExitCode::from(1);
        }
    }
    if let Err(line) = write_stdout(table::render(&class).as_bytes()) {
        let message = line.strip_prefix("error: ").unwrap_or(&line);
        eprintln!("{}", error_line(lang, message));
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
