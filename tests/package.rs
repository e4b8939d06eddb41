//! `package`: the samples are the golden cases they name, every judge packs in every format
//! quickly and alike on every run, and the command line writes a package and refuses a folder
//! that holds files.

use crate::util;
use minejudge::judges::{self, Knobs, Limits, Size};
use minejudge::package::{self, Format, Problem, Request};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_samples_are_valid_golden_cases_and_their_answers_ours() {
    for judge in judges::ALL {
        assert!(!judge.samples.is_empty(), "{judge:?} names no sample");
        for name in judge.samples {
            let dir = util::testdata().join(judge.name());
            let input = std::fs::read(dir.join(format!("{name}.in"))).expect("sample input");
            let answer = std::fs::read(dir.join(format!("{name}.ans"))).expect("sample answer");
            assert_eq!(judge.validate(&input), Ok(()), "{judge:?} sample {name}");
            let (ours, result) = minejudge::io::runner::solve_in_memory(judge.solve(), &input);
            assert!(result.is_ok(), "{judge:?} sample {name}");
            assert_eq!(ours, answer, "{judge:?} sample {name}");
        }
    }
}

#[test]
fn every_generated_course_input_is_valid() {
    for judge in judges::ALL {
        for seed in 0..40 {
            let size = [Size::Small, Size::Medium][seed as usize % 2];
            let knobs = Knobs {
                limits: Limits::Course,
                ..Knobs::default()
            };
            let input = judge.generate(seed, size, &knobs);
            assert_eq!(
                judge.validate(&input),
                Ok(()),
                "{judge:?} seed {seed} {size:?}"
            );
        }
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_judge_packs_in_every_format_and_alike_twice() {
    let start = Instant::now();
    let mut sizes = Vec::new();
    for judge in judges::ALL {
        for format in Format::ALL {
            let request = Request {
                judge,
                format,
                tests: 20,
                seed: 1,
            };
            let files = package::package(&request, &package::Additions::default(), &src())
                .expect("package");
            let bytes: usize = files.iter().map(|file| file.bytes.len()).sum();
            sizes.push(format!(
                "{} {}: {} files, {bytes} bytes",
                judge.name(),
                format.name(),
                files.len()
            ));
            let has = |path: &str| files.iter().any(|file| file.path == path);
            let name = judge.name();
            match format {
                Format::Kattis => assert!(has("problem.yaml") && has("statement/problem.zh.md")),
                Format::Kattis2025 => {
                    assert!(has("problem.yaml") && has("statement/problem.zh.tex"))
                }
                Format::Hydro => assert!(has("problem.yaml") && has("testdata/config.yaml")),
                Format::Lemon => {
                    assert!(has(&format!("{name}.cdf")) && has(&format!("data/{name}/1.in")))
                }
                Format::Acmoj => assert!(has("config.json") && has("1.in") && has("1.ans")),
                Format::Dmoj => assert!(has("init.yml") && has("checker.py") && has("1.out")),
            }
        }
    }
    let elapsed = start.elapsed();
    println!(
        "{}\nall 5 judges in all 5 formats: {:.2} s",
        sizes.join("\n"),
        elapsed.as_secs_f64()
    );
    let again = |seed| {
        let request = Request {
            judge: judges::named("acm-server").unwrap(),
            format: Format::Kattis,
            tests: 8,
            seed,
        };
        package::package(&request, &package::Additions::default(), &src()).expect("package")
    };
    assert_eq!(again(5), again(5), "the same seed gives the same package");
    assert_ne!(again(5), again(6), "another seed gives other tests");
}

#[test]
fn a_package_holds_statements_tests_validator_and_submissions() {
    let judge = judges::named("mine-ops").unwrap();
    let problem = Problem::build(judge, 12, 3, &src()).expect("build");
    assert_eq!(problem.samples.len(), judge.samples.len());
    assert_eq!(problem.secret.len(), 12);
    assert!(problem.secret[0].name.ends_with("largest"));
    let largest = &problem.secret[0].input;
    assert!(
        largest.starts_with(b"1000 1000\n"),
        "the course's largest board"
    );
    assert!(problem.statement_zh.contains("时间限制 1 秒"));
    assert!(problem
        .statement_en
        .contains("The time limit is 1 s and the memory limit 512 MiB."));
    let verdicts: Vec<_> = problem
        .submissions
        .iter()
        .map(|s| s.verdict.folder())
        .collect();
    assert_eq!(
        verdicts,
        [
            "accepted",
            "accepted",
            "wrong_answer",
            "wrong_answer",
            "wrong_answer",
            "time_limit_exceeded"
        ]
    );
    assert!(problem.validator.contains("fn main()"));
}

#[test]
fn the_command_line_writes_a_package_and_refuses_a_folder_with_files() {
    let dir = std::env::temp_dir().join(format!("minejudge-package-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str]| {
        Command::new(util::binary("package"))
            .args(args)
            .output()
            .expect("run")
    };
    let out = dir.to_str().unwrap();
    let made = run(&[
        "jlu-panel",
        "--format",
        "lemon",
        "--tests",
        "3",
        "--out",
        out,
    ]);
    assert_eq!(
        made.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let cdf = std::fs::read_to_string(dir.join("jlu-panel.cdf")).expect("the .cdf");
    assert!(
        cdf.contains("\"comparisonMode\": 4"),
        "JLU's judge forgives spaces: a checker"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("data/jlu-panel/check.py"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o111, 0o111, "the special judge is executable");
    }
    let again = run(&["jlu-panel", "--format", "lemon", "--out", out]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&again.stderr).starts_with("error: ") && again.stdout.is_empty()
    );
    let bad = run(&["jlu-panel", "--format", "polygon", "--out", out]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr)
        .contains("expected kattis, kattis-2025-09, hydro, lemon, acmoj or dmoj"));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_brute_force_agrees_with_mine_ops_on_small_games() {
    let dir = std::env::temp_dir().join(format!("minejudge-brute-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let exe = dir.join("brute");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/planted/brute_force.rs");
    let status = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(&source)
        .status()
        .expect("rustc");
    assert!(status.success(), "the brute force compiles alone");
    let judge = judges::named("mine-ops").unwrap();
    let seed = 1 + std::process::id() as u64 % 1000;
    println!("seeds {seed} to {}", seed + 59);
    for seed in seed..seed + 60 {
        let size = [Size::Small, Size::Medium][seed as usize % 2];
        let knobs = Knobs {
            limits: Limits::Course,
            ..Knobs::default()
        };
        let input = judge.generate(seed, size, &knobs);
        let brute = util::run_exe(&exe, &input, &format!("brute force, seed {seed}"));
        let (ours, _) = minejudge::io::runner::solve_in_memory(judge.solve(), &input);
        assert_eq!(
            brute.stdout,
            ours,
            "seed {seed} {size:?}: {}",
            brute.describe()
        );
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}
