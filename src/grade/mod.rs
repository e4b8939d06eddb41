//! `grade`: marks a whole class the way the courses do, on untrusted code.
//!
//! A folder holds one file or folder per student ([`class`]); each is built for the task
//! ([`build`]: a whole program, the course's function or header in our driver, or a program
//! already built), run contained ([`crate::sandbox`]: someone else's code, one process, a fresh
//! folder, no network, limits on CPU, wall time, memory, output and files), and marked as its
//! course marks ([`marks`]): by games ([`games`]: JLU part (2), ACM advanced with baselines) or
//! by tests ([`test_runs`]: JLU part (1), THU, ACM basic). Every student plays the same games
//! and tests, from one seed; an outcome is kept in a [`cache`] keyed by the file's content and
//! the options, so that a late submission regrades only itself. The marks come out as a table,
//! a CSV file and an HTML report ([`table`], [`csv`], [`html`]), with the pairs of
//! submissions whose code is suspiciously alike ([`similarity`]).

pub mod build;
pub mod cache;
pub mod class;
pub mod csv;
pub mod games;
pub mod html;
pub mod intervals;
pub mod isolation_words;
pub mod marks;
pub mod outcome;
pub mod rules;
pub mod similarity;
pub mod table;
pub mod task;
pub mod test_runs;
pub mod version;
pub mod visible;
pub mod why;
pub mod words;

use crate::courses::acm_client::BatchSpec;
use crate::courses::{FaultBudget, Harness};
use crate::exec::compile::{Compiler, Language};
use crate::exec::ending::Stack;
use crate::exec::pool::{for_each_index, AfterPanic};
use crate::exec::progress::Progress;
use crate::sandbox::{self, Policy};
use cache::Cache;
use class::{Form, Student};
use marks::{Mark, Marking};
use outcome::{Outcome, Status};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};
pub use task::{Task, TASKS};
use test_runs::TestCase;

/// Everything a class's grading depends on.
#[derive(Clone, Debug)]
pub struct Config {
    /// The task.
    pub task: Task,
    /// The class's folder.
    pub dir: PathBuf,
    /// JLU part (2)'s games per student.
    pub games: u64,
    /// The seed of every game, map and generated test: by default a fresh one from the
    /// system's randomness, so that nobody knows the games in advance.
    pub seed: u64,
    /// The arguments `grade` was given after its name, from which the report's command that
    /// replays the same games is made (empty: the task and the folder only).
    pub arguments: Vec<String>,
    /// Students graded at once.
    pub jobs: usize,
    /// CPU time per test, game or map.
    pub time_limit: Duration,
    /// Wall time per test, game or map, the backstop of a program that waits (`None`:
    /// [`Limits::wall_for`](crate::exec::child::Limits::wall_for) the CPU time).
    pub wall_limit: Option<Duration>,
    /// Address space of each process, in bytes.
    pub memory: u64,
    /// The stack of each process.
    pub stack: Stack,
    /// A folder of tests (`NAME.in`, `NAME.ans`), else `tests` made from the seed.
    pub tests_dir: Option<PathBuf>,
    /// Tests made from the seed when there is no folder.
    pub tests: u64,
    /// Points per test passed.
    pub points: f64,
    /// The ACM batches.
    pub batches: Vec<BatchSpec>,
    /// The ACM baselines: a name and its client; none: ours
    /// ([`SHIPPED_BASELINES`](crate::courses::acm_client::SHIPPED_BASELINES)).
    pub baselines: Vec<(String, PathBuf)>,
    /// The marks at the baselines and for beating the highest.
    pub baseline_marks: Vec<f64>,
    /// Processes and threads each run may have (1: course programs never fork).
    pub processes: u32,
    /// The wall time all of one student's games, maps or tests may take: past it, the rest is
    /// not played and scores 0. Wall time on purpose, unlike a run's limits: it bounds how long
    /// the grading of a class takes (a program that waits just under its wall time at every
    /// step uses no CPU), and its default is far above what an honest program needs.
    pub budget: Duration,
    /// `--cxx`.
    pub cxx: Option<String>,
    /// Where outcomes are kept between runs.
    pub cache: Option<PathBuf>,
    /// Whether to show progress on stderr.
    pub progress: bool,
    /// The language of the table, the notes, the CSV's header and the HTML.
    pub lang: words::Lang,
    /// Whether a file that breaks the course's rules scores 0, as the course gives (else the
    /// mark stands and the findings are shown).
    pub strict: bool,
    /// The students whose file is a resubmission: 10 points are taken from their mark.
    pub resubmitted: Vec<String>,
    /// Whether students may run with less than the jail where it cannot be built
    /// (`--no-jail`); otherwise nobody is graded there.
    pub weaker_isolation: bool,
}

impl Config {
    /// A class of `task` in `dir`, with the course's defaults.
    pub fn new(task: Task, dir: PathBuf) -> Config {
        let (tests, points) = task.default_tests();
        let seed = crate::rng::system_seed();
        Config {
            task,
            cache: cache::default_places().map(|(dir, _)| dir),
            dir,
            games: 1000,
            seed,
            arguments: Vec::new(),
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            time_limit: task.default_time_limit(),
            wall_limit: None,
            memory: 512 << 20,
            stack: Stack::AsMemory,
            tests_dir: None,
            tests,
            points,
            batches: default_batches(seed),
            baselines: Vec::new(),
            baseline_marks: marks::CLASS_A.to_vec(),
            processes: 1,
            budget: task.default_budget(1000),
            cxx: None,
            progress: false,
            weaker_isolation: false,
            strict: false,
            resubmitted: Vec::new(),
            lang: words::Lang::default(),
        }
    }

    /// The command that grades the same class with the same games, maps and tests: the
    /// arguments as given, with `--seed` set to this grading's seed, each quoted for a POSIX
    /// shell where it needs it.
    ///
    /// # Examples
    ///
    /// ```
    /// use minejudge::grade::{Config, Task};
    /// use std::path::PathBuf;
    ///
    /// let mut config = Config::new(Task::JluMachine, PathBuf::from("作业 2"));
    /// config.seed = 7;
    /// assert_eq!(config.replay_command(), "grade jlu-machine '作业 2' --seed 7");
    /// config.arguments = ["jlu-machine", "作业2", "--seed", "3", "--games", "50"]
    ///     .map(String::from)
    ///     .to_vec();
    /// assert_eq!(config.replay_command(), "grade jlu-machine 作业2 --games 50 --seed 7");
    /// ```
    pub fn replay_command(&self) -> String {
        let mut words = vec!["grade".to_string()];
        if self.arguments.is_empty() {
            words.push(self.task.name().to_string());
            words.push(self.dir.display().to_string());
        } else {
            let mut arguments = self.arguments.iter();
            while let Some(argument) = arguments.next() {
                if argument == "--seed" {
                    arguments.next();
                } else {
                    words.push(argument.clone());
                }
            }
        }
        words.push("--seed".to_string());
        words.push(self.seed.to_string());
        let quoted: Vec<String> = words.iter().map(|word| shell_word(word)).collect();
        quoted.join(" ")
    }

    /// What changes an outcome, as text for the cache's key.
    fn grading_options(&self) -> String {
        let batches: Vec<String> = self.batches.iter().map(BatchSpec::text).collect();
        format!(
            "task {}; games {}; seed {}; time limit {:?}; wall limit {:?}; memory {}; \
             stack {:?}; processes {}; budget {:?}; cxx {:?}; batches {}",
            self.task.name(),
            self.games,
            self.seed,
            self.time_limit,
            self.wall_limit,
            self.memory,
            self.stack,
            self.processes,
            self.budget,
            self.cxx,
            batches.join("|")
        )
    }
}

/// `word` as a POSIX shell reads it back: as it is when it holds only letters (any script),
/// digits and `_@%+=:,./-`, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || "_@%+=:,./-".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The ACM batches played when none is given: the course's example size and four more within
/// its range (1 < n, m <= 30), their seeds from `seed`.
pub fn default_batches(seed: u64) -> Vec<BatchSpec> {
    [
        (10, 10, 9),
        (10, 10, 15),
        (10, 10, 20),
        (20, 20, 60),
        (30, 30, 150),
    ]
    .iter()
    .enumerate()
    .map(|(i, &(rows, cols, mines))| BatchSpec {
        rows,
        cols,
        mines,
        seed: seed.wrapping_add(i as u64),
        min_dist: 2,
    })
    .collect()
}

/// One student's grade.
#[derive(Clone, Debug)]
pub struct Grade {
    /// Who, and what was graded.
    pub student: Student,
    /// What grading found.
    pub outcome: Outcome,
    /// The mark.
    pub mark: Mark,
    /// Whether the outcome came from the cache.
    pub cached: bool,
    /// The course's rules the file breaks, each with its line.
    pub findings: Vec<rules::Finding>,
}

/// A baseline of the ACM advanced task, graded as the students are.
#[derive(Clone, Debug)]
pub struct Baseline {
    /// Its name (`rubbish`, `baseline1`, ...).
    pub name: String,
    /// What grading found.
    pub outcome: Outcome,
    /// Its raw score.
    pub raw: f64,
    /// The teacher's file, or none for our stand-in.
    pub file: Option<PathBuf>,
}

/// The class graded.
#[derive(Clone, Debug)]
pub struct ClassGrades {
    /// The options.
    pub config: Config,
    /// Every student, best mark first (then by name).
    pub grades: Vec<Grade>,
    /// The baselines (ACM advanced), lowest first.
    pub baselines: Vec<Baseline>,
    /// The tests' names (tasks by tests).
    pub tests: Vec<String>,
    /// Pairs of submissions whose code is alike, most alike first; indices into `sources`.
    pub pairs: Vec<similarity::Pair>,
    /// The sources compared: each student's name and text.
    pub sources: Vec<similarity::Source>,
    /// The isolation in force.
    pub isolation: String,
    /// Whether it was the jail (else `--no-jail` chose weaker isolation, and the report says
    /// so at its top).
    pub jailed: bool,
    /// How long it took.
    pub elapsed: Duration,
}

/// Hangs (or floods of output) of one student after which the rest of its games or maps (of
/// a batch) are not played: each costs a whole timeout.
const SLOW_FAULTS: usize = 3;

/// Grades the class of `config`.
///
/// # Errors
/// When the class's folder or the tests cannot be read, a baseline does not run, or a
/// compiler is needed and none is found.
pub fn grade(config: &Config) -> Result<ClassGrades, String> {
    let started = Instant::now();
    let policy = Policy::Untrusted {
        processes: config.processes,
    };
    let jailed = jail_or_weaker(config, policy)?;
    let students = class::students(&config.dir, config.task.course_file())?;
    let tests = tests_of(config)?;
    let shipped = ShippedBaselines::written_for(config)?;
    let baseline_files = shipped.as_ref().map_or(&config.baselines, |s| &s.files);
    let needs_compiler = students
        .iter()
        .any(|s| s.file.is_some() && s.form != Form::Executable)
        || !baseline_files.is_empty();
    let compiler = if needs_compiler {
        // Checked for every flag before anyone is graded: too old a compiler would refuse
        // every file, each refusal cached as the student's.
        let compiler = Compiler::find(config.cxx.as_deref())?;
        if students.iter().any(|s| s.form == Form::CProgram) {
            compiler.check(Language::C)?;
        }
        Some(compiler.jailed())
    } else {
        None
    };
    let context = Context {
        config,
        tests: &tests,
        compiler: compiler.as_ref(),
        harness: harness(config, policy),
        // Outcomes outside the jail are the machine's as much as the students': not kept.
        cache: Cache::new(
            if jailed { config.cache.clone() } else { None },
            cache::default_places().map(|(_, key)| key).as_deref(),
        ),
        tests_digest: tests_digest(&tests),
    };
    // The baselines first (their raw scores place every mark), then the students.
    let baseline_count = baseline_files.len();
    let entries = baselines_then(baseline_files, students);
    if config.progress {
        eprintln!(
            "grade {}: {} students in {}, seed {}, {} at a time",
            config.task.name(),
            entries.len() - baseline_count,
            visible::visible(&config.dir.display().to_string()),
            config.seed,
            config.jobs
        );
    }
    let results = context.grade_all(&entries, started);
    let mut marking = Marking {
        task: config.task,
        points_per_test: config.points,
        baselines: Vec::new(),
        baseline_marks: config.baseline_marks.clone(),
    };
    let mut baselines = baselines_of(&entries[..baseline_count], &results, &marking)?;
    if shipped.is_some() {
        baselines.iter_mut().for_each(|b| b.file = None);
    }
    drop(shipped);
    marking.baselines = baselines.iter().map(|b| b.raw).collect();
    let students = &entries[baseline_count..];
    let outcomes = &results[baseline_count..];
    let mut findings = context.findings_all(students, outcomes).into_iter();
    let mut grades: Vec<Grade> = entries
        .into_iter()
        .zip(results)
        .skip(baseline_count)
        .map(|(student, (outcome, cached))| {
            let findings = findings.next().unwrap_or_default();
            let mut mark = marking.mark(&outcome, tests.len());
            apply_rules(config, &student, &findings, &mut mark);
            Grade {
                mark,
                student,
                outcome,
                cached,
                findings,
            }
        })
        .collect();
    grades.sort_by(|a, b| {
        b.mark.mark.total_cmp(&a.mark.mark).then_with(|| {
            class::natural_key(&a.student.name).cmp(&class::natural_key(&b.student.name))
        })
    });
    let (sources, pairs) = similar_pairs(config.task, &grades);
    Ok(ClassGrades {
        config: config.clone(),
        grades,
        baselines,
        tests: tests.iter().map(|t| t.name.clone()).collect(),
        pairs,
        sources,
        isolation: sandbox::describe(policy),
        jailed,
        elapsed: started.elapsed(),
    })
}

/// The tests of a task marked by tests: from `--tests`, or made by `gen` from the class's
/// seed; none for the tasks marked by games.
///
/// # Errors
/// When the tests' folder cannot be read or our judge refuses one of its inputs.
fn tests_of(config: &Config) -> Result<Vec<TestCase>, String> {
    Ok(match config.task.judge() {
        Some(judge) => match &config.tests_dir {
            Some(dir) => test_runs::load_tests(judge, dir)?,
            None => test_runs::generated_tests(judge, config.seed, config.tests),
        },
        None => Vec::new(),
    })
}

/// Our stand-ins for the baselines, written to a folder of their own for the time of grading
/// (removed when dropped).
struct ShippedBaselines {
    dir: PathBuf,
    files: Vec<(String, PathBuf)>,
}

impl ShippedBaselines {
    /// Ours, written, when the class is marked through baselines and the teacher gave none.
    ///
    /// # Errors
    /// When they cannot be written.
    fn written_for(config: &Config) -> Result<Option<ShippedBaselines>, String> {
        if config.task != Task::AcmClient || !config.baselines.is_empty() {
            return Ok(None);
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "minejudge-baselines-{}-{nanos}",
            std::process::id()
        ));
        let cannot =
            |err: std::io::Error| format!("cannot write our baselines in {}: {err}", dir.display());
        std::fs::create_dir(&dir).map_err(cannot)?;
        let mut shipped = ShippedBaselines {
            files: Vec::new(),
            dir: dir.clone(),
        };
        for (name, text) in crate::courses::acm_client::SHIPPED_BASELINES {
            let file = dir.join(format!("{name}.h"));
            std::fs::write(&file, text).map_err(cannot)?;
            shipped.files.push((name.to_string(), file));
        }
        Ok(Some(shipped))
    }
}

impl Drop for ShippedBaselines {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The baselines as entries to grade, then `students`.
fn baselines_then(baselines: &[(String, PathBuf)], students: Vec<Student>) -> Vec<Student> {
    let mut entries: Vec<Student> = baselines
        .iter()
        .map(|(name, path)| Student {
            name: name.clone(),
            file: Some(path.clone()),
            form: class::form_of(path),
            note: None,
        })
        .collect();
    entries.extend(students);
    entries
}

/// Whether the students' code runs in the jail; without it, an error unless `--no-jail`
/// chose weaker isolation.
///
/// # Errors
/// When the jail cannot be built here and `--no-jail` was not given.
fn jail_or_weaker(config: &Config, policy: Policy) -> Result<bool, String> {
    if let Some(why) = sandbox::jail_failure(policy) {
        if !config.weaker_isolation {
            return Err(format!(
                "the jail for the students' code cannot be built here ({why}); nobody was \
                 graded. Fix that, or give --no-jail to grade without it (the report then says \
                 so at its top)"
            ));
        }
        sandbox::allow_weaker_isolation();
    }
    Ok(matches!(
        sandbox::isolation(policy),
        sandbox::Isolation::Namespaces { .. }
    ))
}

/// How every student's file is run: the class's seed, limits and budget, in `policy`.
fn harness(config: &Config, policy: Policy) -> Harness {
    let mut harness = Harness::new(&[]);
    harness.seed = config.seed;
    harness.time_limit = config.time_limit;
    harness.wall_limit = config.wall_limit;
    harness.memory = Some(config.memory);
    harness.stack = config.stack;
    harness.policy = policy;
    // A crash costs little: the games go on, so that the mark as played counts them all. A
    // hang costs a whole time limit: after a few, the rest is not played.
    harness.faults = FaultBudget {
        any: usize::MAX,
        slow: SLOW_FAULTS,
    };
    harness.budget = Some(config.budget);
    harness
}

/// The baselines (the first of `results`), each with its raw score, lowest first.
///
/// # Errors
/// When a baseline could not be graded.
fn baselines_of(
    entries: &[Student],
    results: &[(Outcome, bool)],
    marking: &Marking,
) -> Result<Vec<Baseline>, String> {
    let mut baselines: Vec<Baseline> = Vec::new();
    for (entry, (outcome, _)) in entries.iter().zip(results) {
        if outcome.status != Status::Graded {
            return Err(format!(
                "the baseline {} ({}) could not be graded: {}{}",
                entry.name,
                entry
                    .file
                    .as_ref()
                    .map_or(String::new(), |f| f.display().to_string()),
                outcome.first_fault,
                outcome.compile_error
            ));
        }
        let raw = marking.mark(outcome, 0).raw.unwrap_or(0.0);
        baselines.push(Baseline {
            name: entry.name.clone(),
            outcome: outcome.clone(),
            raw,
            file: entry.file.clone(),
        });
    }
    baselines.sort_by(|a, b| a.raw.total_cmp(&b.raw));
    Ok(baselines)
}

/// The sources of the students' files (not of programs handed in built) and the pairs of
/// them too alike, the course's own code left out.
fn similar_pairs(task: Task, grades: &[Grade]) -> (Vec<similarity::Source>, Vec<similarity::Pair>) {
    let sources: Vec<similarity::Source> = grades
        .iter()
        .filter_map(|g| {
            let file = g.student.file.as_ref()?;
            (g.student.form != Form::Executable).then(|| similarity::Source {
                name: g.student.name.clone(),
                text: class::read_head(file).unwrap_or_default(),
            })
        })
        .collect();
    let options = similarity::Options {
        base: task.course_code().as_bytes().to_vec(),
        ..similarity::Options::default()
    };
    let pairs = similarity::suspicious_pairs(&sources, &options);
    (sources, pairs)
}

/// The course's rules `student`'s file breaks: read from its text when it is handed in in the
/// course's own form (and from its object file, when a compiler makes one: the second witness
/// costs a compile, about a third of a student's grading, so it is asked only where findings
/// decide marks), and the driver's word on whether `GamePanel` was written.
fn findings_of(
    task: Task,
    student: &Student,
    outcome: &Outcome,
    compiler: Option<&Compiler>,
) -> Vec<rules::Finding> {
    let Some(file) = &student.file else {
        return Vec::new();
    };
    let course_form = student.form == Form::CourseFile || build::keeps_a_test_main(task, file);
    let mut findings = if course_form {
        let object = compiler
            .filter(|_| task == Task::JluMachine)
            .and_then(|compiler| rules::witness::object_of(compiler, file));
        rules::check_with_object(
            task,
            &class::read_head(file).unwrap_or_default(),
            object.as_deref(),
        )
    } else {
        Vec::new()
    };
    if outcome.panel_changed {
        findings.push(rules::Finding {
            line: 0,
            what: "GamePanel changed by a call of machine() (seen by our driver)".into(),
        });
    }
    findings
}

/// With `--strict`, a file that breaks a rule scores 0, as the course gives; a resubmission
/// (`--resubmitted NAME`) loses 10 points, as the course takes.
fn apply_rules(config: &Config, student: &Student, findings: &[rules::Finding], mark: &mut Mark) {
    if config.strict && !findings.is_empty() {
        mark.mark = 0.0;
        mark.interval = None;
        // The findings themselves are in the note, once.
        mark.reason = "not as the course requires (--strict)".into();
    }
    if config.resubmitted.contains(&student.name) {
        mark.mark = (mark.mark - RESUBMISSION_PENALTY).max(0.0);
        let less = |x: f64| (x - RESUBMISSION_PENALTY).max(0.0);
        mark.interval = mark.interval.map(|(low, high)| (less(low), less(high)));
        if !mark.reason.is_empty() {
            mark.reason.push_str("; ");
        }
        mark.reason.push_str(&format!(
            "a resubmission: {RESUBMISSION_PENALTY} points taken"
        ));
    }
}

/// What the JLU course takes from a resubmitted file's mark.
pub const RESUBMISSION_PENALTY: f64 = 10.0;

/// A student's grading that panicked, in words: our failure, shown on that student's line.
fn failed(panicked: &crate::exec::pool::Panicked) -> String {
    format!("minejudge failed on this file ({})", panicked.message)
}

/// What every student's grading shares.
struct Context<'a> {
    config: &'a Config,
    tests: &'a [TestCase],
    compiler: Option<&'a Compiler>,
    harness: Harness,
    cache: Cache,
    tests_digest: String,
}

impl Context<'_> {
    /// The findings of each of `students`, whose outcomes are `outcomes`, `config.jobs` at a
    /// time; the object file is read only under `--strict`.
    fn findings_all(
        &self,
        students: &[Student],
        outcomes: &[(Outcome, bool)],
    ) -> Vec<Vec<rules::Finding>> {
        let config = self.config;
        let witness = self.compiler.filter(|_| config.strict);
        let found: Mutex<Vec<Vec<rules::Finding>>> = Mutex::new(vec![Vec::new(); students.len()]);
        let batch = for_each_index(
            config.jobs.max(1),
            students.len() as u64,
            AfterPanic::GoOn,
            |index| {
                let index = index as usize;
                let outcome = &outcomes[index].0;
                let findings = findings_of(config.task, &students[index], outcome, witness);
                found.lock().expect("no panics")[index] = findings;
                true
            },
            &mut Progress::new(false),
            |_| String::new(),
        );
        let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
        for panicked in batch.panicked {
            found[panicked.index as usize] = vec![rules::Finding {
                line: 0,
                what: format!("its rules could not be checked: {}", failed(&panicked)),
            }];
        }
        found
    }

    /// The outcomes of `entries`, `config.jobs` at a time, with a progress line (students done,
    /// time so far, time left from the mean time of those graded so far): each outcome, and
    /// whether it came from the cache.
    fn grade_all(&self, entries: &[Student], started: Instant) -> Vec<(Outcome, bool)> {
        let config = self.config;
        let results: Mutex<Vec<Option<(Outcome, bool)>>> = Mutex::new(vec![None; entries.len()]);
        let timing: Mutex<(u64, f64)> = Mutex::new((0, 0.0));
        let mut progress = Progress::new(config.progress);
        let total = entries.len() as u64;
        let jobs = config.jobs.max(1);
        let batch = for_each_index(
            jobs,
            total,
            AfterPanic::GoOn,
            |index| {
                let (outcome, cached) = self.grade(&entries[index as usize]);
                if !cached {
                    let mut timing = timing.lock().expect("no panics");
                    timing.0 += 1;
                    timing.1 += outcome.seconds;
                }
                results.lock().expect("no panics")[index as usize] = Some((outcome, cached));
                true
            },
            &mut progress,
            |done| {
                let (graded, seconds) = *timing.lock().expect("no panics");
                let left = (total - done) as f64;
                let eta = if graded > 0 {
                    let each = seconds / graded as f64;
                    format!(", about {} left", clock(each * left / jobs as f64))
                } else {
                    String::new()
                };
                format!(
                    "grade {}: {done} of {total} done ({}){eta}",
                    config.task.name(),
                    clock(started.elapsed().as_secs_f64())
                )
            },
        );
        let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        for panicked in batch.panicked {
            let why = format!("not graded: {}", failed(&panicked));
            results[panicked.index as usize] =
                Some((Outcome::not_graded(Status::NotGraded, why), false));
        }
        results.into_iter().map(|r| r.unwrap_or_default()).collect()
    }

    /// The outcome of one student, from the cache or graded now; and whether it was cached.
    fn grade(&self, student: &Student) -> (Outcome, bool) {
        let Some(file) = &student.file else {
            let why = student.note.clone().unwrap_or_default();
            return (Outcome::not_graded(Status::NotGraded, why), false);
        };
        let content = match class::read_regular(file, class::MAX_FILE) {
            Ok(content) => content,
            Err(err) => {
                let why = format!("cannot read {}: {err}", file.display());
                return (Outcome::not_graded(Status::NotGraded, why), false);
            }
        };
        let key = cache::key(&[
            b"grade outcome 2",
            version::outcome_version().as_bytes(),
            self.config.grading_options().as_bytes(),
            // An outcome depends on how memory is bounded (a cgroup or not).
            crate::sandbox::memory::describe().as_bytes(),
            self.compiler
                .map(Compiler::identity)
                .unwrap_or_default()
                .as_bytes(),
            self.tests_digest.as_bytes(),
            format!("{:?}", student.form).as_bytes(),
            &content,
        ]);
        if let Some(outcome) = self.cache.get(&key) {
            return (outcome, true);
        }
        let started = Instant::now();
        let mut outcome = self.grade_now(file, student.form).bounded();
        outcome.seconds = started.elapsed().as_secs_f64();
        if outcome.is_whole() {
            self.cache.put(&key, &outcome);
        }
        (outcome, false)
    }

    fn grade_now(&self, file: &std::path::Path, form: Form) -> Outcome {
        let config = self.config;
        let built = match build::build(self.compiler, config.task, file, form) {
            Ok(built) => built,
            Err(failure) => {
                let mut outcome = Outcome::not_graded(Status::CompileError, String::new());
                outcome.compile_error = failure.message;
                if !failure.refused {
                    outcome.doubt(outcome::Doubt::Machine);
                }
                return outcome;
            }
        };
        let result = match config.task {
            Task::JluMachine => games::jlu_machine(&built, config.games, &self.harness),
            Task::AcmClient => games::acm_client(&built, &config.batches, &self.harness),
            Task::JluPanel | Task::AcmServer | Task::MineOps => Ok(test_runs::run_tests(
                &built.command,
                self.tests,
                &self.harness,
            )),
        };
        result.unwrap_or_else(|why| Outcome::not_graded(Status::NotGraded, why))
    }
}

/// The tests' content, for the cache's key.
fn tests_digest(tests: &[TestCase]) -> String {
    let parts: Vec<&[u8]> = tests
        .iter()
        .flat_map(|t| [t.name.as_bytes(), &t.input, &t.expected])
        .collect();
    cache::key(&parts)
}

/// Seconds as `1m05s` or `42s`.
pub fn clock(seconds: f64) -> String {
    let whole = seconds.round() as u64;
    if whole >= 60 {
        format!("{}m{:02}s", whole / 60, whole % 60)
    } else {
        format!("{whole}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each option that changes an outcome, changed alone, changes the cache's key: the list is
    /// written out here, not read from the key's own code.
    #[test]
    fn every_option_that_changes_an_outcome_changes_the_cache_key() {
        let base = || {
            let mut config = Config::new(Task::AcmClient, PathBuf::from("class"));
            config.seed = 1;
            config.batches = default_batches(1);
            config
        };
        type Change = fn(&mut Config);
        let changes: [(&str, Change); 11] = [
            ("task", |c| c.task = Task::AcmServer),
            ("--games", |c| c.games += 1),
            ("--seed", |c| c.seed += 1),
            ("--time-limit", |c| c.time_limit += Duration::from_millis(1)),
            ("--wall-limit", |c| {
                c.wall_limit = Some(Duration::from_secs(9))
            }),
            ("--memory", |c| c.memory += 1),
            ("--stack", |c| c.stack = Stack::Unlimited),
            ("--processes", |c| c.processes += 1),
            ("--budget", |c| c.budget += Duration::from_secs(1)),
            ("--cxx", |c| c.cxx = Some("clang++".into())),
            ("--batch", |c| c.batches.truncate(1)),
        ];
        let unchanged = base().grading_options();
        assert_eq!(unchanged, base().grading_options());
        for (option, change) in changes {
            let mut config = base();
            change(&mut config);
            assert_ne!(config.grading_options(), unchanged, "{option}");
        }
    }
}
