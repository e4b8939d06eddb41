//! `stress`: tests anyone's solution against our judges and shrinks what fails (see `--help`
//! and [`minejudge::stress`]).

use minejudge::courses::acm_client::header::read_game;
use minejudge::courses::acm_client::{read_batch, BatchSpec, EXAMPLE_BATCH};
use minejudge::courses::templates;
use minejudge::courses::Harness;
use minejudge::exec::ending::Stack;
use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Group, Table};
use minejudge::io::output::write_stdout;
use minejudge::judges::limits::Limits;
use minejudge::judges::options::{self as judge_options, GenOptions};
use minejudge::judges::{named, names, Judge};
use minejudge::sandbox::kill_children_on_interrupt;
use minejudge::stress::acm_client::{self, AcmBatch};
use minejudge::stress::acm_client_header::{self, ClientHeader, Maps};
use minejudge::stress::acm_server_header;
use minejudge::stress::driven::DrivenFile;
use minejudge::stress::jlu_function::{self, JluFunction};
use minejudge::stress::jlu_machine::{self, JluGames};
use minejudge::stress::jlu_panel_function;
use minejudge::stress::keep_going::search_all;
use minejudge::stress::report::{judge_report, tally_report, Report};
use minejudge::stress::search::{self, JudgeStress};
use std::path::PathBuf;
use std::process::ExitCode;

/// The usage text before the input options.
const USAGE_HEAD: &str = "\
usage: stress <judge> [options] -- <command...>
       stress jlu-machine [--games N] [options] -- <command...>
       stress acm-client [--batch FILE] [options] -- <command...>
       stress jlu-machine --function FILE [--games N] [--cxx PATH] [options]
       stress jlu-panel --function FILE [--cxx PATH] [options]
       stress acm-client --client FILE [--server FILE] [--map FILE | --batch FILE] [options]
       stress acm-server --server FILE [--cxx PATH] [options]
       stress <task> --template
  Runs <command> (your solution: ./a.out, python3 sol.py, ...) on seeded inputs of <judge>
  ({judges}), each also solved by
  our judge, until the first failure: another output (byte for byte, only newlines at the very
  end forgiven), a non-zero exit, a timeout or memory over the cap. It then shrinks the input
  while it fails the same way and prints it, our answer, yours and the first differing line.
  With --keep-going it runs every input and counts the failures by kind instead.
  Exit status: 0 every input passed, 1 a failure, 2 bad usage or a command that cannot start.";

/// The prose before `--games`: the JLU course's AI task.
const USAGE_JLU_MACHINE: &str = "\
jlu-machine: the course's games (20x20, 50 mines, the first click never a mine, 400 clicks at
  most), played by your stateless machine: for each click, <command> runs once with `20 20`
  and the panel on stdin (rows of -1 closed and 0-8 open, as jlu-panel prints them) and prints
  `x y`, 0-based. Prints the course's score of yours beside ours, on the same seeds.";

/// The prose before `--batch`: the ACM course's AI task.
const USAGE_ACM_CLIENT: &str = "\
acm-client: the course's batch of 50 maps, played by your client, one process per map: it
  reads `n m`, then the map after the first click (made for it, as the course does); it prints
  a move `r c type` (0-based; 0 visit, 1 mark, 2 auto-explore) and reads the map after it, n
  lines of `?`, `0`-`8`, `@`; stdin closes when the game ends. --time-limit is per map. Prints the
  course's score (the mean of the best 45 maps' (marked + visited) / cells) of yours beside
  ours.";

/// The usage text of the courses' own interfaces: a student's file in our C++ driver.
const USAGE_COURSE: &str = "\
the courses' own interfaces (your file as you hand it in, compiled with our driver at -O2 by
  --cxx PATH, else $CXX, else g++, c++ or clang++; a file that does not compile: exit 2):
  jlu-machine --function FILE  your `void machine(int GamePanel[30][30], int n, int m, int &x,
                  int &y)` (and its helpers, no main) called for every click of every game in
                  one process, as the teacher's program does: srand(seed) once, static
                  variables kept. --games N (default 1000 here), --time-limit is per game.
                  Prints the course mark and what went wrong (clicks on open cells, games
                  stopped at 400 clicks, the panel it crashed on).
  jlu-panel --function FILE    your `int RefreshGamePanel(int GamePanel[30][30], int x, int y,
                  int mine[30][30], int n, int m, int k)` in our console judge of part (1),
                  stressed like a jlu-panel solution on games within the course's limits (n, m
                  <= 20, k <= 50, l <= 200; --limits wide does not apply); the failing game is
                  shrunk within them and the first differing cell named.
  acm-client --client FILE     your client.h in the role of the course's advanced.cpp: the
                  batch's 50 maps in one process as TestBatch() plays them (InitGame again
                  for each map), against our server; --server FILE links your server.h
                  instead, a process per map as TestSingle() plays; --map FILE plays one game
                  file (adv*.in: n m, the map, the first click). --time-limit is per map; a game
                  stops at twice the cells + 2 moves. Prints the course's score beside ours.
  acm-server --server FILE     your server.h in the role of the course's basic.cpp (the end of
                  the input ends it), stressed like an acm-server solution on games within the
                  course's limits (1 < n, m <= 30, 1 <= mines < n * m, 1000 operations;
                  --limits wide does not apply): the first game whose output differs from
                  ours, shrunk within them.
  <task> --template            prints a starter file that compiles and runs as it is, its
                  contract in comments: jlu-machine (machine), jlu-panel (RefreshGamePanel),
                  acm-client (client.h), acm-server (server.h), mine-ops (a whole C++
                  program)";

/// The whole usage text.
fn usage() -> String {
    let head = USAGE_HEAD.replace("{judges}", &names());
    format!("{head}\n{}", options().usage())
}

/// What the command line says, as it is read.
struct Parsed {
    /// The first argument: a judge, jlu-machine or acm-client.
    mode: String,
    /// The judge `mode` names, if it names one.
    judge: Option<&'static Judge>,
    harness: Harness,
    request: GenOptions,
    count: u64,
    games: u64,
    games_given: bool,
    files: CourseFiles,
    batch: Option<BatchSpec>,
    seed_given: bool,
    /// `--keep-going`.
    keep_going: bool,
    /// `--template`.
    template: bool,
}

/// An option of stress.
type Opt = options::Opt<Parsed>;

/// Whether the mode is one of `modes`.
fn mode_in(parsed: &Parsed, modes: &[&str]) -> bool {
    modes.contains(&parsed.mode.as_str())
}

/// The options of every mode.
fn common_options() -> Vec<Opt> {
    vec![
        Opt::value(
            "--seed",
            "S",
            "input i is `gen <judge> --seed S+i` (default: from the clock; always printed)",
            |parsed, given| {
                parsed.harness.seed = given.number(0, u64::MAX)?;
                parsed.seed_given = true;
                Ok(())
            },
        ),
        Opt::value(
            "--count",
            "N",
            "inputs to try, 0 for no end but the first failure (default {default})",
            |parsed, given| {
                parsed.count = given.number(0, u64::MAX)?;
                Ok(())
            },
        )
        .default("1000")
        .applies(|parsed| parsed.judge.is_some()),
        Opt::value(
            "--jobs",
            "N",
            "runs at a time (default {default}); the same failure is found for any N",
            |parsed, given| {
                parsed.harness.jobs = given.number(1, 256)? as usize;
                Ok(())
            },
        )
        .default("1"),
        Opt::value(
            "--time-limit",
            "SEC",
            "CPU time of one run, in seconds, e.g. 0.5 (default {default}): past it,\n\
             the run is too slow, as on the online judges",
            |parsed, given| {
                parsed.harness.time_limit = given.seconds(0.001, 86_400.0)?;
                Ok(())
            },
        )
        .default("2"),
        Opt::value(
            "--wall-limit",
            "SEC",
            "wall time of one run, the backstop of a program that waits or sleeps\n\
             (default: 3 times --time-limit, and at least a second more)",
            |parsed, given| {
                parsed.harness.wall_limit = Some(given.seconds(0.001, 86_400.0)?);
                Ok(())
            },
        ),
        Opt::replaced("--timeout"),
        Opt::value(
            "--memory",
            "MIB",
            "address space of one run, Linux only (default {default}; 0 for no cap;\n\
             a JVM needs -Xmx under it)",
            |parsed, given| {
                let mib = given.number(0, 1 << 30)?;
                parsed.harness.memory = (mib > 0).then_some(mib << 20);
                Ok(())
            },
        )
        .default("1024"),
        Opt::value(
            "--stack",
            "MIB",
            "stack of one run, Linux only (default: --memory, as Kattis and DMOJ give\n\
             it; 0 for no cap; a program's threads each get a stack this size)",
            |parsed, given| {
                parsed.harness.stack = Stack::from_mib(given.number(0, 1 << 30)?);
                Ok(())
            },
        ),
        Opt::value(
            "--save",
            "DIR",
            "write the failing input and our answer to DIR/<judge>-<seed>.in and .ans",
            |parsed, given| {
                parsed.harness.save = Some(given.path());
                Ok(())
            },
        ),
        Opt::flag(
            "--keep-going",
            "run all --count inputs (not 0), then print the failures by kind, the most\n\
             frequent first, each with its count, first seed and smallest input shrunk",
            |parsed, _| {
                parsed.keep_going = true;
                Ok(())
            },
        )
        .applies(|parsed| parsed.judge.is_some()),
        Opt::flag("--quiet", "no progress on stderr", |parsed, _| {
            parsed.harness.progress = false;
            Ok(())
        }),
    ]
}

/// The options of the courses' own interfaces, which the usage's prose describes, and the
/// command after `--`.
fn course_options() -> Vec<Opt> {
    vec![
        Opt::value("--function", "FILE", "", |parsed, given| {
            parsed.files.function = Some(given.path());
            Ok(())
        })
        .applies(|parsed| mode_in(parsed, &["jlu-machine", "jlu-panel"])),
        Opt::value("--client", "FILE", "", |parsed, given| {
            parsed.files.client = Some(given.path());
            Ok(())
        })
        .applies(|parsed| mode_in(parsed, &["acm-client"])),
        Opt::value("--server", "FILE", "", |parsed, given| {
            parsed.files.server = Some(given.path());
            Ok(())
        })
        .applies(|parsed| mode_in(parsed, &["acm-client", "acm-server"])),
        Opt::value("--map", "FILE", "", |parsed, given| {
            parsed.files.map = Some(given.path());
            Ok(())
        })
        .applies(|parsed| mode_in(parsed, &["acm-client"])),
        Opt::value("--cxx", "PATH", "", |parsed, given| {
            parsed.files.cxx = Some(given.value);
            Ok(())
        })
        .applies(|parsed| {
            mode_in(
                parsed,
                &["jlu-machine", "jlu-panel", "acm-client", "acm-server"],
            )
        }),
        Opt::rest("--template", |parsed, given| {
            if !given.first || !given.rest.is_empty() {
                return Err("--template takes no other option".into());
            }
            {
                parsed.template = true;
                Ok(())
            }
        }),
        Opt::rest("--", |parsed, given| {
            parsed.harness.command = given.rest;
            Ok(())
        }),
    ]
}

/// Stress's options: its own, the judges' input options (read by [`GenOptions`], whose usage
/// they show), the AI tasks' and the courses' interfaces'.
fn options() -> Table<Parsed> {
    let inputs = format!(
        "input options of a judge, as gen takes them (default --size small):\n{}",
        judge_options::usage()
    );
    let games = Opt::value(
        "--games",
        "N",
        "games (default 100; the course plays 1000)",
        |parsed, given| {
            parsed.games = given.number(1, 1_000_000)?;
            parsed.games_given = true;
            Ok(())
        },
    );
    let batch = Opt::value(
        "--batch",
        "FILE",
        "a batch file of the course: `rows cols mines`, `seed`, `min_dist` (default\n\
         `10 10 9`, `19260817`, `2`, the course's example); --seed replaces its seed",
        |parsed, given| {
            let path = &given.value;
            let text = std::fs::read(path).map_err(|err| format!("--batch {path}: {err}"))?;
            let batch = read_batch(&text).map_err(|err| format!("--batch {path}: {err}"))?;
            parsed.batch = Some(batch);
            Ok(())
        },
    );
    Table {
        groups: vec![
            Group::new("options:", common_options()),
            Group::new(&inputs, Vec::new()),
            Group::new(
                USAGE_JLU_MACHINE,
                vec![games.applies(|parsed| parsed.mode == "jlu-machine")],
            ),
            Group::new(
                USAGE_ACM_CLIENT,
                vec![batch.applies(|parsed| parsed.mode == "acm-client")],
            ),
            Group::new(USAGE_COURSE, course_options()),
        ],
        column: 18,
        width: usize::MAX,
    }
}

/// The courses' own interfaces asked for: a student's file and how to compile it.
#[derive(Clone, Debug, Default)]
struct CourseFiles {
    /// `--function FILE`.
    function: Option<PathBuf>,
    /// `--client FILE`.
    client: Option<PathBuf>,
    /// `--server FILE`.
    server: Option<PathBuf>,
    /// `--map FILE`.
    map: Option<PathBuf>,
    /// `--cxx PATH`.
    cxx: Option<String>,
}

impl CourseFiles {
    fn any(&self) -> bool {
        self.function.is_some()
            || self.client.is_some()
            || self.server.is_some()
            || self.map.is_some()
    }
}

/// `stress acm-client --client FILE ...`: the maps from `--map` or the batch.
fn client_plan(
    files: CourseFiles,
    batch: Option<BatchSpec>,
    seed_given: bool,
    harness: Harness,
) -> Result<Plan, String> {
    let client = files
        .client
        .ok_or("--server and --map play your client.h: give it with --client FILE")?;
    if harness.jobs != 1 {
        return Err(
            "--jobs does not apply to a file: one process plays the batch, as the course's does"
                .into(),
        );
    }
    let maps = match (files.map, batch) {
        (Some(_), Some(_)) => return Err("give --map or --batch, not both".into()),
        (Some(path), None) => {
            let text =
                std::fs::read(&path).map_err(|err| format!("--map {}: {err}", path.display()))?;
            let map = read_game(&text).map_err(|err| format!("--map {}: {err}", path.display()))?;
            Maps::One(map, path.display().to_string())
        }
        (None, batch) => {
            let mut batch = batch.unwrap_or(EXAMPLE_BATCH);
            if seed_given {
                batch.seed = harness.seed;
            }
            Maps::Batch(batch)
        }
    };
    Ok(Plan::ClientHeader(ClientHeader {
        client,
        server: files.server,
        maps,
        cxx: files.cxx,
        harness,
    }))
}

/// What the command line asks for.
#[derive(Clone, Debug)]
enum Plan {
    /// Stress one judge.
    Judge(JudgeStress),
    /// Stress one judge on every input, the failures counted by kind.
    JudgeAll(JudgeStress),
    /// Play the JLU course's games.
    JluMachine(JluGames),
    /// Play the ACM course's batch.
    AcmClient(AcmBatch),
    /// Play the JLU course's games with a `machine` function.
    JluFunction(JluFunction),
    /// Stress a `RefreshGamePanel` function.
    PanelFunction(DrivenFile),
    /// Play the ACM course's batch with a `client.h`.
    ClientHeader(ClientHeader),
    /// Stress a `server.h`.
    ServerHeader(DrivenFile),
    /// Print a starter file.
    Template(&'static str),
}

/// Reads the command line (see [`usage`]).
fn parse(args: &mut Args) -> Result<Plan, String> {
    let mode = match args.next() {
        Some(name) if !name.starts_with('-') => name,
        _ => return Err("the first argument must name a judge, jlu-machine or acm-client".into()),
    };
    let judge = match mode.as_str() {
        "jlu-machine" | "acm-client" => None,
        name => Some(named(name).map_err(|err| format!("{err}, jlu-machine, acm-client"))?),
    };
    let mut harness = Harness::new(&[]);
    harness.seed = clock_seed();
    harness.progress = true;
    let mut parsed = Parsed {
        mode: mode.clone(),
        judge,
        harness,
        request: GenOptions::default(),
        count: 0,
        games: 100,
        games_given: false,
        files: CourseFiles::default(),
        batch: None,
        seed_given: false,
        keep_going: false,
        template: false,
    };
    options().parse(
        &mut parsed,
        args,
        &mode,
        |parsed, flag, args| match parsed.judge {
            Some(judge) if parsed.request.read_option(judge, &flag, args)? => Ok(()),
            _ => Err(unexpected(&flag)),
        },
    )?;
    if parsed.template {
        return template_plan(&mode);
    }
    if parsed.keep_going && parsed.count == 0 {
        return Err("--keep-going runs every input: give --count N, not 0".into());
    }
    if parsed.files.any() {
        if let Some(plan) = file_plan(&parsed)? {
            return Ok(plan);
        }
    }
    command_plan(parsed)
}

/// `stress <mode> --function FILE ...` and the like: a student's file in our driver; `None`
/// for a `--cxx` that names no file.
fn file_plan(parsed: &Parsed) -> Result<Option<Plan>, String> {
    let harness = parsed.harness.clone();
    let files = parsed.files.clone();
    if !harness.command.is_empty() {
        return Err("give either your file (--function) or a command after --, not both".into());
    }
    if parsed.mode == "acm-client" {
        return client_plan(files, parsed.batch, parsed.seed_given, harness).map(Some);
    }
    if let Some(judge) = parsed.judge {
        if parsed.request.knobs.limits != Limits::Course {
            return Err(
                "--function and --server play the course's games: --limits wide does not apply \
                 (the course's arrays hold 30x30)"
                    .into(),
            );
        }
        parsed.request.check(judge)?;
        let server = files.server.is_some();
        let config = DrivenFile {
            file: files.server.or(files.function).expect("a file was given"),
            cxx: files.cxx,
            stress: JudgeStress {
                judge,
                request: parsed.request.clone(),
                count: parsed.count,
                harness,
            },
            keep_going: parsed.keep_going,
        };
        return Ok(Some(if server {
            Plan::ServerHeader(config)
        } else {
            Plan::PanelFunction(config)
        }));
    }
    if harness.jobs != 1 {
        return Err(
            "--jobs does not apply to a file: one process plays, as the course's does".into(),
        );
    }
    Ok(files.function.map(|file| {
        Plan::JluFunction(JluFunction {
            file,
            cxx: files.cxx,
            games: if parsed.games_given {
                parsed.games
            } else {
                1000
            },
            harness,
        })
    }))
}

/// `stress <mode> ... -- <command...>`.
fn command_plan(parsed: Parsed) -> Result<Plan, String> {
    if parsed.files.cxx.is_some() {
        return Err("--cxx goes with a file to compile (--function, --client, --server)".into());
    }
    let harness = parsed.harness;
    if harness.command.is_empty() {
        return Err("no command to test: put it after --, e.g. `-- ./a.out`".into());
    }
    Ok(match parsed.judge {
        Some(judge) => {
            parsed.request.check(judge)?;
            let stress = JudgeStress {
                judge,
                request: parsed.request,
                count: parsed.count,
                harness,
            };
            if parsed.keep_going {
                Plan::JudgeAll(stress)
            } else {
                Plan::Judge(stress)
            }
        }
        None if parsed.mode == "jlu-machine" => Plan::JluMachine(JluGames {
            games: parsed.games,
            harness,
        }),
        None => {
            let mut batch = parsed.batch.unwrap_or(EXAMPLE_BATCH);
            if parsed.seed_given {
                batch.seed = harness.seed;
            }
            Plan::AcmClient(AcmBatch { batch, harness })
        }
    })
}

/// `stress <task> --template`, alone.
fn template_plan(mode: &str) -> Result<Plan, String> {
    let text = templates::template(mode).ok_or_else(|| {
        format!(
            "no starter file for {mode}: the course forms are {}",
            templates::TASKS
        )
    })?;
    Ok(Plan::Template(text))
}

/// A seed from the clock, so that each run tries new inputs (it is printed, so that any run can
/// be repeated).
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs() * 1000 + u64::from(now.subsec_millis())
}

fn main() -> ExitCode {
    let plan = match args::parse(&usage(), parse) {
        Ok(plan) => plan,
        Err(code) => return code,
    };
    kill_children_on_interrupt();
    let result = match &plan {
        Plan::Template(text) => Ok(Report {
            text: text.to_string(),
            failed: false,
        }),
        Plan::Judge(search) | Plan::JudgeAll(search) => {
            if search.harness.progress {
                eprintln!(
                    "stress {}: seed {}, {}",
                    search.judge.name(),
                    search.harness.seed,
                    search.harness.command_line()
                );
            }
            if matches!(plan, Plan::JudgeAll(_)) {
                search_all(search).map(|tally| tally_report(search, &tally))
            } else {
                search::search(search).map(|outcome| judge_report(search, &outcome))
            }
        }
        Plan::JluMachine(games) => jlu_machine::run(games),
        Plan::AcmClient(batch) => acm_client::run(batch),
        Plan::JluFunction(games) => jlu_function::run(games),
        Plan::ClientHeader(config) => acm_client_header::run(config),
        Plan::ServerHeader(config) | Plan::PanelFunction(config) => {
            if config.stress.harness.progress {
                let flag = if matches!(plan, Plan::ServerHeader(_)) {
                    "--server"
                } else {
                    "--function"
                };
                eprintln!(
                    "stress {} {flag} {}: seed {}",
                    config.stress.judge.name(),
                    config.file.display(),
                    config.stress.harness.seed
                );
            }
            match plan {
                Plan::ServerHeader(_) => acm_server_header::run(config),
                _ => jlu_panel_function::run(config),
            }
        }
    };
    match result {
        Ok(report) => {
            if let Err(line) = write_stdout(report.text.as_bytes()) {
                eprintln!("{line}");
                return ExitCode::from(1);
            }
            if report.failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
