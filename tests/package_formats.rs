//! The formats' configuration files, read as their judge systems read them: ACMOJ's
//! `config.json` against its published schema (`problem-config.schema.json` of TesutoHime),
//! LemonLime's `.cdf` the way `Contest`, `Task` and `TestCase::readFromJson` read it (each key
//! of the right JSON type, a missing key read as nothing), and Hydro's `testdata/config.yaml`
//! against the keys of its `ProblemConfigFile` and the checker types its judge knows. Every
//! file a configuration names must be in the package.

use minejudge::judges::{self, Comparison};
use minejudge::package::{self, acm_client, jlu_machine, File, Format, Request};
use std::collections::BTreeMap;
use std::path::Path;

/// A JSON value, as far as these files need.
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

/// A strict JSON reader (RFC 8259, without `\u` escapes, which these files do not use).
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn parse(text: &str) -> Result<Json, String> {
        let mut reader = Reader {
            text: text.as_bytes(),
            at: 0,
        };
        let value = reader.value()?;
        reader.blank();
        match reader.at == reader.text.len() {
            true => Ok(value),
            false => Err(format!("text after the value at byte {}", reader.at)),
        }
    }

    fn blank(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|b| b" \t\r\n".contains(b))
        {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        self.blank();
        let found = self.text.get(self.at) == Some(&byte);
        self.at += usize::from(found);
        found
    }

    fn value(&mut self) -> Result<Json, String> {
        self.blank();
        let rest = &self.text[self.at..];
        for (word, value) in [
            ("null", Json::Null),
            ("true", Json::Bool(true)),
            ("false", Json::Bool(false)),
        ] {
            if rest.starts_with(word.as_bytes()) {
                self.at += word.len();
                return Ok(value);
            }
        }
        match rest.first() {
            Some(b'"') => self.text().map(Json::Text),
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value()?);
                        if self.eat(b']') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(format!("expected , or ] at byte {}", self.at));
                        }
                    }
                }
                Ok(Json::Array(items))
            }
            Some(b'{') => {
                self.at += 1;
                let mut fields = BTreeMap::new();
                if !self.eat(b'}') {
                    loop {
                        self.blank();
                        let key = self.text()?;
                        if !self.eat(b':') {
                            return Err(format!("expected : at byte {}", self.at));
                        }
                        if fields.insert(key.clone(), self.value()?).is_some() {
                            return Err(format!("the key {key:?} twice"));
                        }
                        if self.eat(b'}') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(format!("expected , or }} at byte {}", self.at));
                        }
                    }
                }
                Ok(Json::Object(fields))
            }
            _ => {
                let end = rest
                    .iter()
                    .position(|b| !b"-+.eE0123456789".contains(b))
                    .unwrap_or(rest.len());
                let number = std::str::from_utf8(&rest[..end]).unwrap();
                self.at += end;
                number
                    .parse()
                    .map(Json::Number)
                    .map_err(|_| format!("not a value: {number:?}"))
            }
        }
    }

    fn text(&mut self) -> Result<String, String> {
        if self.text.get(self.at) != Some(&b'"') {
            return Err(format!("expected a string at byte {}", self.at));
        }
        self.at += 1;
        let mut out = Vec::new();
        loop {
            match self.text.get(self.at) {
                None => return Err("an unclosed string".into()),
                Some(b'"') => break,
                Some(b'\\') => {
                    self.at += 1;
                    out.push(match self.text.get(self.at) {
                        Some(b'n') => b'\n',
                        Some(&b @ (b'"' | b'\\' | b'/')) => b,
                        other => return Err(format!("an escape {other:?}")),
                    });
                }
                Some(&b) if b < 0x20 => return Err("a control character in a string".into()),
                Some(&b) => out.push(b),
            }
            self.at += 1;
        }
        self.at += 1;
        String::from_utf8(out).map_err(|err| err.to_string())
    }
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields.get(key),
            _ => None,
        }
    }

    fn is_integer(&self) -> bool {
        matches!(self, Json::Number(n) if n.fract() == 0.0)
    }
}

fn packages(format: Format) -> Vec<(&'static str, Comparison, Vec<File>)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    judges::ALL
        .iter()
        .map(|judge| {
            let request = Request {
                judge,
                format,
                tests: 6,
                seed: 2,
            };
            let files =
                package::package(&request, &package::Additions::default(), &src).expect("package");
            (judge.name(), judge.original.comparison, files)
        })
        .collect()
}

fn file<'a>(files: &'a [File], path: &str) -> &'a File {
    files
        .iter()
        .find(|file| file.path == path)
        .unwrap_or_else(|| panic!("no {path} in the package"))
}

/// Whether `value` is one of the schema's `enum` values or an object whose `Type` is.
fn step_type<'a>(value: &'a Json, allowed: &[&str]) -> Option<&'a str> {
    let name = match value {
        Json::Text(name) => name,
        object => match object.get("Type") {
            Some(Json::Text(name)) => name,
            _ => return None,
        },
    };
    allowed.contains(&name.as_str()).then_some(name.as_str())
}

/// The `config.json` of the ACMOJ package `files` of `name`, checked against the published
/// schema; its Check step's type.
fn acmoj_config(name: &str, files: &[File]) -> (Json, String) {
    let text = String::from_utf8(file(files, "config.json").bytes.clone()).unwrap();
    let config = Reader::parse(&text).unwrap_or_else(|err| panic!("{name}: {err}"));
    let Some(Json::Array(details)) = config.get("Details") else {
        panic!("{name}: Details")
    };
    let Some(Json::Array(groups)) = config.get("Groups") else {
        panic!("{name}: Groups")
    };
    for detail in details {
        assert!(detail.get("ID").is_some_and(Json::is_integer), "{name}: ID");
        for key in [
            "Dependency",
            "TimeLimit",
            "MemoryLimit",
            "DiskLimit",
            "FileNumberLimit",
        ] {
            let value = detail.get(key).unwrap_or(&Json::Null);
            assert!(value.is_integer() || *value == Json::Null, "{name}: {key}");
        }
        assert!(matches!(
            detail.get("ValgrindTestOn"),
            None | Some(Json::Bool(_))
        ));
        let Some(Json::Number(id)) = detail.get("ID") else {
            unreachable!()
        };
        for ext in ["in", "ans"] {
            file(files, &format!("{id}.{ext}"));
        }
    }
    let mut total = 0.0;
    for group in groups {
        assert!(
            group.get("GroupID").is_some_and(Json::is_integer),
            "{name}: GroupID"
        );
        let Some(Json::Number(score)) = group.get("GroupScore") else {
            panic!("{name}: GroupScore")
        };
        total += score;
        let Some(Json::Array(points)) = group.get("TestPoints") else {
            panic!("{name}: TestPoints")
        };
        for point in points {
            let Json::Number(at) = point else {
                panic!("{name}: a test point")
            };
            assert!(
                *at >= 1.0 && (*at as usize) <= details.len(),
                "{name}: test point {at}"
            );
        }
        assert!(matches!(
            group.get("GroupName"),
            None | Some(Json::Text(_) | Json::Null)
        ));
    }
    assert_eq!(total, 100.0, "{name}: the groups' scores");
    assert!(config.get("CompileTimeLimit").is_some_and(Json::is_integer));
    let spj = config.get("SPJ").expect("SPJ");
    let check = spj.get("Check").expect("SPJ.Check");
    let kind =
        step_type(check, &["skip", "compare", "custom"]).expect("a Check type of the schema");
    let kind = kind.to_string();
    for (step, allowed) in [
        ("Compile", &["skip", "classic", "hpp"][..]),
        ("Run", &["skip", "classic", "verilog", "interactive"]),
    ] {
        if let Some(value) = spj.get(step) {
            assert!(step_type(value, allowed).is_some(), "{name}: SPJ.{step}");
        }
    }
    let allowed = [
        "Details",
        "Groups",
        "SPJ",
        "CompileTimeLimit",
        "Scorer",
        "SupportedFiles",
        "Verilog",
        "Quiz",
        "RunnerGroup",
    ];
    if let Json::Object(fields) = &config {
        for key in fields.keys() {
            assert!(
                allowed.contains(&key.as_str()),
                "{name}: {key} is no key of the schema"
            );
        }
    }
    file(files, "description.md");
    (config, kind)
}

#[test]
fn acmoj_config_json_keeps_to_the_published_schema() {
    for (name, comparison, files) in packages(Format::Acmoj) {
        let (config, kind) = acmoj_config(name, &files);
        let check = config.get("SPJ").and_then(|spj| spj.get("Check")).unwrap();
        match comparison {
            Comparison::LineEnds => assert_eq!(
                kind, "compare",
                "{name}: ACMOJ's compare forgives line ends"
            ),
            _ => {
                assert_eq!(kind, "custom", "{name}");
                let checker = check.get("Checker").expect("Checker");
                assert_eq!(checker.get("Type"), Some(&Json::Text("binary".into())));
                let Some(Json::Text(path)) = checker.get("Path") else {
                    panic!("{name}: Path")
                };
                let script = file(&files, path);
                assert!(
                    script.executable && script.bytes.starts_with(b"#!"),
                    "{name}: a script, as the document asks"
                );
            }
        }
    }
}

#[test]
fn acmoj_config_json_of_the_ai_tasks_runs_their_interactors_and_takes_their_scores() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let machine = jlu_machine::files(
        Format::Acmoj,
        6,
        2,
        &minejudge::package::Additions::default(),
        &src,
    )
    .expect("package");
    let client = acm_client::files(
        Format::Acmoj,
        6,
        2,
        &minejudge::package::Additions::default(),
        &src,
    )
    .expect("package");
    for (name, files) in [("jlu-machine", machine), ("acm-client", client)] {
        acmoj_interactive(name, &files);
    }
}

/// The ACMOJ package `files` of the interactive, scoring `name`.
fn acmoj_interactive(name: &str, files: &[File]) {
    let (config, kind) = acmoj_config(name, files);
    // The interactor's first line is the score: no checker after it.
    assert_eq!(kind, "skip");
    let run = config
        .get("SPJ")
        .and_then(|spj| spj.get("Run"))
        .expect("SPJ.Run");
    assert_eq!(run.get("Type"), Some(&Json::Text("interactive".into())));
    let interactor = run.get("Interactor").expect("Interactor");
    assert_eq!(interactor.get("Type"), Some(&Json::Text("binary".into())));
    let script = file(files, "interactor");
    assert!(script.executable && script.bytes.starts_with(b"#!"));
    assert!(String::from_utf8_lossy(&script.bytes).contains("PROTOCOL = \"acmoj\""));
}

#[test]
fn lemon_cdf_reads_as_lemonlime_reads_it() {
    for (name, comparison, files) in packages(Format::Lemon) {
        let text = String::from_utf8(file(&files, &format!("{name}.cdf")).bytes.clone()).unwrap();
        // LemonLime reads JSON when the file starts with `{` or `[`, else its old binary form.
        assert!(text.starts_with('{'), "{name}");
        let contest = Reader::parse(&text).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(
            contest.get("version"),
            Some(&Json::Text("1.0".into())),
            "only 1.0 is read"
        );
        assert!(matches!(contest.get("contestTitle"), Some(Json::Text(_))));
        assert!(matches!(contest.get("contestants"), Some(Json::Array(items)) if items.is_empty()));
        let Some(Json::Array(tasks)) = contest.get("tasks") else {
            panic!("{name}: tasks")
        };
        assert_eq!(tasks.len(), 1);
        let task = &tasks[0];
        let texts = [
            "problemTitle",
            "sourceFileName",
            "inputFileName",
            "outputFileName",
            "diffArguments",
            "specialJudge",
            "answerFileExtension",
        ];
        for key in texts {
            assert!(
                matches!(task.get(key), Some(Json::Text(_))),
                "{name}: {key} is read as a string"
            );
        }
        for key in [
            "standardInputCheck",
            "standardOutputCheck",
            "subFolderCheck",
        ] {
            assert!(
                matches!(task.get(key), Some(Json::Bool(_))),
                "{name}: {key} is read as a bool"
            );
        }
        for key in ["taskType", "comparisonMode", "realPrecision"] {
            assert!(
                task.get(key).is_some_and(Json::is_integer),
                "{name}: {key} is read as an int"
            );
        }
        // Task::TaskType: Traditional is 0; ComparisonMode: 0 to 5.
        assert_eq!(task.get("taskType"), Some(&Json::Number(0.0)));
        let Some(Json::Number(mode)) = task.get("comparisonMode") else {
            unreachable!()
        };
        assert!((0.0..=5.0).contains(mode));
        let Some(Json::Object(compilers)) = task.get("compilerConfiguration") else {
            panic!("{name}")
        };
        assert!(compilers
            .values()
            .all(|value| matches!(value, Json::Text(_))));
        let Some(Json::Array(cases)) = task.get("testCases") else {
            panic!("{name}: testCases")
        };
        let mut total = 0.0;
        for case in cases {
            for key in ["fullScore", "timeLimit", "memoryLimit"] {
                assert!(case.get(key).is_some_and(Json::is_integer), "{name}: {key}");
            }
            let Some(Json::Number(score)) = case.get("fullScore") else {
                unreachable!()
            };
            total += score;
            for key in ["inputFiles", "outputFiles"] {
                let Some(Json::Array(paths)) = case.get(key) else {
                    panic!("{name}: {key}")
                };
                assert_eq!(paths.len(), 1);
                for path in paths {
                    let Json::Text(path) = path else {
                        panic!("{name}: {key} holds strings")
                    };
                    // Paths are relative to the contest's data folder.
                    file(&files, &format!("data/{path}"));
                }
            }
        }
        assert_eq!(total, 100.0, "{name}: the scores");
        let Some(Json::Text(judge)) = task.get("specialJudge") else {
            unreachable!()
        };
        match comparison {
            Comparison::Tokens => assert_eq!(*mode, 1.0, "{name}: ignore-spaces mode"),
            _ => {
                assert_eq!(*mode, 4.0, "{name}: Lemon's special judge");
                let script = file(&files, &format!("data/{judge}"));
                assert!(script.executable && script.bytes.starts_with(b"#!/usr/bin/env python3"));
            }
        }
    }
}

#[test]
fn hydro_config_yaml_uses_only_its_keys_and_checkers() {
    // Hydro's ProblemConfigFile and TestCaseConfig keys, and the checker types of its judge.
    let top = [
        "type",
        "subType",
        "target",
        "score",
        "time",
        "memory",
        "filename",
        "checker_type",
        "num_processes",
        "user_extra_files",
        "judge_extra_files",
        "detail",
        "answers",
        "redirect",
        "cases",
        "subtasks",
        "langs",
        "checker",
        "interactor",
        "manager",
        "validator",
        "time_limit_rate",
        "memory_limit_rate",
    ];
    let case_keys = ["input", "output", "time", "memory", "score"];
    let checkers = [
        "default", "strict", "hustoj", "lemon", "qduoj", "syzoj", "testlib", "kattis",
    ];
    for (name, comparison, files) in packages(Format::Hydro) {
        let text = String::from_utf8(file(&files, "testdata/config.yaml").bytes.clone()).unwrap();
        let (mut total, mut time_ms, mut cases) = (0, 0, 0);
        let mut checker_type = "";
        for line in text.lines() {
            let (key, value) = line
                .trim_start_matches(['-', ' '])
                .split_once(':')
                .expect("key: value");
            let value = value.trim();
            if !line.starts_with(' ') {
                assert!(
                    top.contains(&key),
                    "{name}: {key} is no key of Hydro's config"
                );
            } else {
                assert!(
                    case_keys.contains(&key),
                    "{name}: {key} is no key of a case"
                );
            }
            match key {
                "type" => assert_eq!(value, "default"),
                "time" => {
                    let ms = value.strip_suffix("ms").and_then(|ms| ms.parse().ok());
                    time_ms = ms.expect("a time in ms");
                }
                "memory" => assert!(value
                    .strip_suffix('m')
                    .is_some_and(|mb| mb.parse::<u32>().is_ok())),
                "checker_type" => {
                    checker_type = checkers
                        .iter()
                        .find(|c| **c == value)
                        .expect("a known checker")
                }
                "checker" | "input" | "output" => {
                    file(&files, &format!("testdata/{value}"));
                }
                "score" => {
                    total += value.parse::<u32>().expect("an integer score");
                    cases += 1;
                }
                _ => {}
            }
        }
        assert_eq!(total, 100, "{name}: the cases' scores");
        // Hydro refuses a problem whose tests' time limits add up to more than its
        // `total_time_limit`, 60 s by default.
        assert!(
            time_ms * cases <= 60_000,
            "{name}: {cases} tests of {time_ms} ms"
        );
        let expected = match comparison {
            Comparison::Exact => "strict",
            Comparison::LineEnds => "default",
            Comparison::Tokens => "kattis",
        };
        assert_eq!(checker_type, expected, "{name}");
        let yaml = String::from_utf8(file(&files, "problem.yaml").bytes.clone()).unwrap();
        assert!(
            yaml.starts_with("title: \""),
            "{name}: Hydro's importer needs a title"
        );
        file(&files, "problem_zh.md");
        assert!(
            String::from_utf8_lossy(&file(&files, "problem_en.md").bytes).contains("```input1\n")
        );
    }
}

#[test]
fn dmoj_init_yml_names_every_test_and_our_checker() {
    for (name, comparison, files) in packages(Format::Dmoj) {
        let text = String::from_utf8(file(&files, "init.yml").bytes.clone()).unwrap();
        let (mut total, mut cases, mut limits) = (0, 0, None);
        for line in text.lines() {
            if let Some(comment) = line.strip_prefix("# ") {
                limits = limits.or(comment.split_once("-tl ").map(|(_, tl)| tl.to_string()));
            } else if let Some(case) = line.strip_prefix("- {").and_then(|c| c.strip_suffix('}')) {
                let keys: Vec<(&str, &str)> = case
                    .split(", ")
                    .map(|pair| pair.split_once(": ").expect("key: value"))
                    .collect();
                let names: Vec<&str> = keys.iter().map(|(key, _)| *key).collect();
                assert_eq!(names, ["in", "out", "points"], "{name}: {line}");
                file(&files, keys[0].1);
                file(&files, keys[1].1);
                total += keys[2].1.parse::<u32>().expect("integer points");
                cases += 1;
            } else {
                assert!(
                    ["checker: checker.py", "test_cases:"].contains(&line),
                    "{name}: {line}"
                );
            }
        }
        assert_eq!(total, 100, "{name}: the cases' points");
        assert_eq!(
            cases * 2,
            files
                .iter()
                .filter(|f| !f.path.contains('/')
                    && (f.path.ends_with(".in") || f.path.ends_with(".out")))
                .count()
        );
        let judge = judges::named(name).unwrap();
        let original = judge.original;
        let tl = format!(
            "{} -ml {}",
            f64::from(original.time_limit_ms) / 1000.0,
            original.memory_mib * 1024
        );
        assert_eq!(limits.as_deref(), Some(tl.as_str()), "{name}: the limits");
        let checker = String::from_utf8_lossy(&file(&files, "checker.py").bytes).to_string();
        let mode = format!("MODE = \"{}\"", comparison.name());
        assert!(
            checker.contains(&mode) && checker.contains("PROTOCOL = \"dmoj\""),
            "{name}"
        );
        file(&files, "statement.en.md");
        file(&files, "statement.zh.md");
    }
}

#[test]
fn the_json_reader_refuses_what_is_not_json() {
    for bad in [
        "{\"a\": 1,}",
        "[1 2]",
        "{\"a\" 1}",
        "\"open",
        "{\"a\": 1, \"a\": 2}",
        "1 2",
    ] {
        assert!(Reader::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(
        Reader::parse(" [true, null, -1.5e2, \"a\\\"b\"] ").unwrap(),
        Json::Array(vec![
            Json::Bool(true),
            Json::Null,
            Json::Number(-150.0),
            Json::Text("a\"b".into())
        ])
    );
}

#[test]
fn hydro_time_limits_add_up_to_at_most_its_total() {
    // Hydro refuses a problem whose tests' time limits add up to more than its
    // `total_time_limit`, 60 s by default: each test gets less than the original judge's
    // limit where the default 20 tests and the samples would exceed it (jlu-panel's 4 s).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for judge in judges::ALL {
        let request = Request {
            judge,
            format: Format::Hydro,
            tests: 20,
            seed: 1,
        };
        let files =
            package::package(&request, &package::Additions::default(), &src).expect("package");
        let text = String::from_utf8(file(&files, "testdata/config.yaml").bytes.clone()).unwrap();
        let time_ms: u32 = text
            .lines()
            .find_map(|line| {
                line.strip_prefix("time: ")?
                    .strip_suffix("ms")?
                    .parse()
                    .ok()
            })
            .expect("time");
        let cases = text.matches("    score: ").count() as u32;
        assert!(
            time_ms * cases <= 60_000,
            "{}: {cases} tests of {time_ms} ms",
            judge.name()
        );
        assert!(time_ms <= judge.original.time_limit_ms);
    }
}
