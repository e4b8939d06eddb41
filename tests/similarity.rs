//! The copy check of `grade` (`minejudge::grade::similarity`) on a class of JLU `machine`
//! submissions: solutions written independently (tests/submissions/ and tests/similarity/)
//! and seeded disguised copies of them (tests/similarity/disguise.rs); then on the course's
//! code, on partial copies and on hostile files.

mod disguise;
mod disguised;

use crate::util;
use disguise::{disguise, function, names, Disguise};
use minejudge::grade::similarity::tokens::{tokenize, Kind};
use minejudge::grade::similarity::{compare, suspicious_pairs, Options, Pair, Source};
use minejudge::rng::Rng;
use std::ops::RangeInclusive;
use std::path::Path;
use std::process::Command;

/// The JLU `machine` submissions written independently of one another: name and text.
fn independent_machines() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut found = Vec::new();
    for dir in ["submissions", "similarity"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if let Some(name) = name.strip_suffix("_machine.txt") {
                let text = std::fs::read_to_string(&path).unwrap();
                found.push((name.trim_start_matches("jlu_").to_string(), text));
            }
        }
    }
    found.sort();
    found
}

/// The machines of a few statements (random or stride clickers): a copy of one cannot be told
/// from a classmate's own, so the check is not asked to flag it.
const TINY: [&str; 4] = ["crash", "hang", "rand", "static"];

fn source(name: &str, text: &str) -> Source {
    Source {
        name: name.to_string(),
        text: text.as_bytes().to_vec(),
    }
}

fn read(dir: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir)
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// A full disguise: renamed, laid out anew, comments changed, functions reordered.
const DISGUISED: Disguise = Disguise {
    statements: 0,
    dead_function: false,
    reorder: true,
};

/// The same, with small edits: three padding statements and a dead function.
const EDITED: Disguise = Disguise {
    statements: 3,
    dead_function: true,
    reorder: true,
};

/// The course's required signature, which `grade` gives as the base.
const SIGNATURE: &str = "void machine(int GamePanel[30][30], int n, int m, int &x, int &y)";

fn options() -> Options {
    Options {
        base: SIGNATURE.as_bytes().to_vec(),
        ..Options::default()
    }
}

/// The class: the independent machines, then a disguised and an edited copy of each; and for
/// each member, the index of the machine it comes from.
fn class(seed: u64) -> (Vec<Source>, Vec<usize>) {
    let mut rng = Rng::new(seed);
    let originals = independent_machines();
    let mut sources: Vec<Source> = originals.iter().map(|(n, t)| source(n, t)).collect();
    let mut origin: Vec<usize> = (0..originals.len()).collect();
    for (how, suffix) in [(DISGUISED, "copy"), (EDITED, "edit")] {
        for (index, (name, text)) in originals.iter().enumerate() {
            let copy = disguise(text, how, &mut rng);
            sources.push(source(&format!("{name}.{suffix}"), &copy));
            origin.push(index);
        }
    }
    (sources, origin)
}

/// Every pair's score in hundredths, as a table.
fn print_matrix(sources: &[Source], pairs: &[Pair]) {
    let mut score = vec![vec![0.0; sources.len()]; sources.len()];
    for pair in pairs {
        score[pair.a][pair.b] = pair.score;
        score[pair.b][pair.a] = pair.score;
    }
    print!("{:>16}", "");
    for i in 0..sources.len() {
        print!("{i:>3}");
    }
    println!();
    for (i, row) in score.iter().enumerate() {
        print!("{:>12} {i:>3}", sources[i].name);
        for (j, value) in row.iter().enumerate() {
            match i == j {
                true => print!("  -"),
                false => print!("{:>3}", (value * 100.0).round() as i64),
            }
        }
        println!();
    }
}

#[test]
fn copies_are_flagged_and_independent_solutions_are_not() {
    let seed = 32;
    println!("class seed {seed}");
    let (sources, origin) = class(seed);
    let options = options();
    let pairs = compare(&sources, &options);
    print_matrix(&sources, &pairs);
    let tiny = |index: usize| TINY.contains(&independent_machines()[origin[index]].0.as_str());
    let describe = |pair: &Pair| {
        format!(
            "{} / {}: score {:.3}, {} tokens shared",
            sources[pair.a].name, sources[pair.b].name, pair.score, pair.shared_tokens
        )
    };
    let mut lowest_copy: Option<&Pair> = None;
    let mut highest_independent: Option<&Pair> = None;
    let mut wrong = Vec::new();
    for pair in &pairs {
        let flagged = pair.is_suspicious(&options);
        if origin[pair.a] != origin[pair.b] {
            if highest_independent.map_or(true, |high| pair.score > high.score) {
                highest_independent = Some(pair);
            }
            if flagged {
                wrong.push(format!("independent, flagged: {}", describe(pair)));
            }
        } else if !tiny(pair.a) {
            if lowest_copy.map_or(true, |low| pair.score < low.score) {
                lowest_copy = Some(pair);
            }
            if !flagged {
                wrong.push(format!("a copy, not flagged: {}", describe(pair)));
            }
        }
    }
    let copies = (0..sources.len())
        .flat_map(|a| (a + 1..sources.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| origin[a] == origin[b] && !tiny(a))
        .count();
    let found = pairs
        .iter()
        .filter(|pair| origin[pair.a] == origin[pair.b] && !tiny(pair.a))
        .count();
    assert_eq!(found, copies, "every copy shares something");
    println!("lowest copy score: {}", describe(lowest_copy.unwrap()));
    println!(
        "highest independent score: {}",
        describe(highest_independent.unwrap())
    );
    println!(
        "flagged from {}, {} tokens",
        options.flag_score, options.min_tokens
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let flagged = suspicious_pairs(&sources, &options);
    let expected: Vec<&Pair> = pairs.iter().filter(|p| p.is_suspicious(&options)).collect();
    assert_eq!(flagged.iter().collect::<Vec<_>>(), expected);
}

#[test]
fn in_small_classes_too() {
    // Too few sources for the idioms to be common: the score and the tokens shared must do.
    let seed = 3205;
    println!("small classes seed {seed}");
    let mut rng = Rng::new(seed);
    let originals = independent_machines();
    let options = options();
    let mut lowest_copy = (1.0, String::new());
    let mut highest_independent = (0.0, String::new());
    for round in 0..300 {
        let mut order: Vec<usize> = (0..originals.len()).collect();
        rng.shuffle(&mut order);
        let mut origin = order[..2 + rng.below(originals.len() - 1)].to_vec();
        let mut class: Vec<Source> = origin
            .iter()
            .map(|&i| source(&originals[i].0, &originals[i].1))
            .collect();
        let copied = origin[rng.below(origin.len())];
        let how = [DISGUISED, EDITED][rng.below(2)];
        class.push(source(
            "copy",
            &disguise(&originals[copied].1, how, &mut rng),
        ));
        origin.push(copied);
        for pair in compare(&class, &options) {
            let names = format!(
                "{} / {}, round {round}: {:.3}, {} tokens shared",
                class[pair.a].name, class[pair.b].name, pair.score, pair.shared_tokens
            );
            if origin[pair.a] != origin[pair.b] {
                assert!(
                    !pair.is_suspicious(&options),
                    "independent, flagged: {names}"
                );
                if pair.score > highest_independent.0 {
                    highest_independent = (pair.score, names);
                }
            } else if !TINY.contains(&originals[copied].0.as_str()) {
                assert!(pair.is_suspicious(&options), "a copy, not flagged: {names}");
                if pair.score < lowest_copy.0 {
                    lowest_copy = (pair.score, names);
                }
            }
        }
    }
    println!("lowest copy score: {}", lowest_copy.1);
    println!("highest independent score: {}", highest_independent.1);
}

#[test]
fn small_edits_still_flag_the_copy() {
    let seed = 3200;
    println!("edits seed {seed}");
    let mut rng = Rng::new(seed);
    let options = options();
    let mut lowest = (1.0, String::new());
    for round in 0..20 {
        for (name, text) in independent_machines() {
            if TINY.contains(&name.as_str()) {
                continue;
            }
            let copy = disguise(text.as_str(), EDITED, &mut rng);
            let pairs = suspicious_pairs(&[source(&name, &text), source("copy", &copy)], &options);
            let score = pairs.first().map_or(0.0, |pair| pair.score);
            if score < lowest.0 {
                lowest = (score, format!("{name}, round {round}"));
            }
            assert_eq!(
                pairs.len(),
                1,
                "{name}, round {round}: not flagged:\n{copy}"
            );
        }
    }
    println!(
        "lowest score of an edited copy: {:.3} ({})",
        lowest.0, lowest.1
    );
}

#[test]
fn a_disguise_leaves_the_tokens_as_they_were() {
    let seed = 3201;
    println!("disguise seed {seed}");
    let mut rng = Rng::new(seed);
    let kinds =
        |text: &str| -> Vec<Kind> { tokenize(text.as_bytes()).iter().map(|t| t.kind).collect() };
    for (name, text) in independent_machines() {
        let kept = Disguise {
            reorder: false,
            ..DISGUISED
        };
        let copy = disguise(&text, kept, &mut rng);
        assert_eq!(kinds(&copy), kinds(&text), "{name}:\n{copy}");
        assert_ne!(copy.lines().count(), 0);
        let own: Vec<String> = names(&text);
        let renamed: Vec<String> = names(&copy);
        assert!(
            own.iter().all(|name| !renamed.contains(name)),
            "{name}: a name kept: {own:?} {renamed:?}"
        );
        let mut moved = kinds(&disguise(&text, DISGUISED, &mut rng));
        let mut sorted = kinds(&text);
        moved.sort_by_key(|kind| kind.code());
        sorted.sort_by_key(|kind| kind.code());
        assert_eq!(moved, sorted, "{name}: reordering keeps every token");
    }
}

/// The report line `stress` prints for `file`'s games: wins and scores.
fn games(file: &Path) -> String {
    let output = Command::new(util::binary("stress"))
        .args(["jlu-machine", "--function", file.to_str().unwrap()])
        .args(["--games", "100", "--seed", "5", "--quiet"])
        .output()
        .expect("run stress");
    let report = String::from_utf8_lossy(&output.stdout).to_string();
    let errors = String::from_utf8_lossy(&output.stderr);
    let text = std::fs::read_to_string(file).unwrap();
    assert_eq!(output.status.code(), Some(0), "{report}{errors}\n{text}");
    report
        .lines()
        .find(|line| line.starts_with("won "))
        .unwrap()
        .to_string()
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn an_edited_copy_plays_as_its_original() {
    if !util::have_compiler("edited copy") {
        return;
    }
    let seed = 3202;
    println!("disguise seed {seed}");
    let mut rng = Rng::new(seed);
    let dir = std::env::temp_dir().join(format!("minejudge-similarity-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["flag", "subset"] {
        let text = read("similarity", &format!("jlu_{name}_machine.txt"));
        let same_order = Disguise {
            reorder: false,
            ..EDITED
        };
        let copy = dir.join(format!("{name}.txt"));
        std::fs::write(&copy, disguise(&text, same_order, &mut rng)).unwrap();
        let original = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/similarity")
            .join(format!("jlu_{name}_machine.txt"));
        assert_eq!(games(&copy), games(&original), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_copied_helper_scores_moderately_and_is_the_match() {
    let seed = 3203;
    println!("helper seed {seed}");
    let mut rng = Rng::new(seed);
    let subset = read("similarity", "jlu_subset_machine.txt");
    let helper = function(&subset, "coveredList").unwrap();
    let first = subset
        .lines()
        .position(|line| line.contains("int coveredList("))
        .unwrap()
        + 1;
    let helper_lines = first..=first + helper.lines().count() - 1;
    let pasted = disguise(&helper, DISGUISED, &mut rng);
    let pasted_lines = 1..=pasted.lines().count();
    let sweep = read("similarity", "jlu_sweep_machine.txt");
    let class = [
        source("subset", &subset),
        source("sweep with subset's helper", &(pasted + &sweep)),
        source("sweep", &sweep),
    ];
    let options = options();
    let pairs = compare(&class, &options);
    let pair = pairs
        .iter()
        .find(|pair| (pair.a, pair.b) == (0, 1))
        .unwrap();
    println!(
        "a helper of {} lines copied: score {:.3}, shares {:.2} and {:.2}, matches {:?}",
        helper_lines.clone().count(),
        pair.score,
        pair.a_share,
        pair.b_share,
        pair.matches
    );
    assert!(
        (0.1..options.flag_score).contains(&pair.score),
        "{:.3}",
        pair.score
    );
    let matched = &pair.matches[0];
    let inside = |part: &RangeInclusive<usize>, whole: &RangeInclusive<usize>| {
        whole.contains(part.start()) && whole.contains(part.end())
    };
    assert!(
        inside(&matched.a_lines, &helper_lines),
        "{matched:?} in {helper_lines:?}"
    );
    assert!(
        inside(&matched.b_lines, &pasted_lines),
        "{matched:?} in {pasted_lines:?}"
    );
    assert!(matched.a_lines.clone().count() + 2 >= helper_lines.clone().count());
}

#[test]
fn the_course_code_does_not_count() {
    // Two independent machines under the same code of the course's (its part (1) functions,
    // handed out, say): alike by that code alone.
    let course = read("submissions", "jlu_refresh_panel.txt");
    let scan = course.clone() + &read("similarity", "jlu_scan_machine.txt");
    let sweep = course.clone() + &read("similarity", "jlu_sweep_machine.txt");
    let pair = [source("scan", &scan), source("sweep", &sweep)];
    let alone = options();
    assert_eq!(
        suspicious_pairs(&pair, &alone).len(),
        1,
        "alike without the base"
    );
    let with_base = Options {
        base: [SIGNATURE, &course].concat().into_bytes(),
        ..options()
    };
    let pairs = compare(&pair, &with_base);
    assert!(
        pairs.iter().all(|pair| !pair.is_suspicious(&with_base)),
        "{pairs:?}"
    );
    // Without a base, a class most of which has the code finds it common.
    let mut class: Vec<Source> = independent_machines()
        .iter()
        .map(|(name, text)| source(name, &(course.clone() + text)))
        .collect();
    let flagged = suspicious_pairs(&class, &alone);
    assert!(flagged.is_empty(), "{flagged:?}");
    // ...but not when only a group of students has it.
    class.truncate(alone.copy_group);
    assert!(!suspicious_pairs(&class, &alone).is_empty());
}

#[test]
fn the_buggy_variants_are_flagged_as_copies() {
    for (original, variant) in [
        ("acm_server.h", "acm_server_bug.h"),
        ("jlu_refresh_panel.txt", "jlu_refresh_panel_bug.txt"),
    ] {
        let pair = [
            source(original, &read("submissions", original)),
            source(variant, &read("submissions", variant)),
        ];
        let flagged = suspicious_pairs(&pair, &Options::default());
        println!("{original} / {variant}: {flagged:?}");
        assert_eq!(flagged.len(), 1, "{original} / {variant}");
        assert!(flagged[0].score > 0.8);
    }
}

/// Checks what holds of any answer: indices, scores and shares in range, order, lines inside
/// the files.
fn check_answer(sources: &[Source], pairs: &[Pair], options: &Options) {
    let lines = |index: usize| {
        let head = &sources[index].text[..sources[index].text.len().min(options.max_bytes)];
        1 + head.iter().filter(|&&b| b == b'\n').count()
    };
    for pair in pairs {
        assert!(pair.a < pair.b && pair.b < sources.len());
        for value in [pair.score, pair.a_share, pair.b_share] {
            assert!((0.0..=1.0).contains(&value), "{pair:?}");
        }
        assert!(!pair.matches.is_empty() && pair.shared > 0, "{pair:?}");
        for found in &pair.matches {
            assert!(1 <= *found.a_lines.start() && found.a_lines.start() <= found.a_lines.end());
            assert!(*found.a_lines.end() <= lines(pair.a), "{pair:?}");
            assert!(1 <= *found.b_lines.start() && found.b_lines.start() <= found.b_lines.end());
            assert!(*found.b_lines.end() <= lines(pair.b), "{pair:?}");
        }
    }
    assert!(pairs.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn hostile_files_do_not_break_it() {
    let rule = read("submissions", "jlu_rule_machine.txt");
    let mut gbk = b"// \xc9\xa8\xc0\xd7 (GBK)\n".to_vec();
    gbk.extend_from_slice(rule.as_bytes());
    let huge = rule.repeat(3 * (1 << 20) / rule.len());
    let class = [
        Source {
            name: "empty".into(),
            text: Vec::new(),
        },
        Source {
            name: "blank".into(),
            text: b" \n\r\n\t".to_vec(),
        },
        Source {
            name: "one token".into(),
            text: b"x".to_vec(),
        },
        Source {
            name: "bytes".into(),
            text: (0..=255).collect(),
        },
        Source {
            name: "open comment".into(),
            text: b"int a; /* never closed".to_vec(),
        },
        Source {
            name: "gbk".into(),
            text: gbk,
        },
        source("rule", &rule),
        source("huge", &huge),
    ];
    let options = options();
    let pairs = compare(&class, &options);
    check_answer(&class, &pairs, &options);
    let flagged: Vec<(usize, usize)> = suspicious_pairs(&class, &options)
        .iter()
        .map(|pair| (pair.a, pair.b))
        .collect();
    assert_eq!(flagged, [(5, 6), (5, 7), (6, 7)], "{pairs:?}");

    let seed = 3204;
    println!("random files seed {seed}");
    let mut rng = Rng::new(seed);
    let alphabet: &[u8] = b"int x=(a+b)*c;{}[]/\n#\"'\\ \xe4if for while return 0 1\r\t*";
    for round in 0..300 {
        let class: Vec<Source> = (0..2 + rng.below(5))
            .map(|i| {
                let len = rng.below(3000);
                let text = match (round + i) % 3 {
                    0 => (0..len).map(|_| rng.below(256) as u8).collect(),
                    1 => (0..len)
                        .map(|_| alphabet[rng.below(alphabet.len())])
                        .collect(),
                    // Shared runs, so that there are pairs and passages to check.
                    _ => rule.as_bytes()[rng.below(rule.len())..].to_vec(),
                };
                Source {
                    name: format!("{round}.{i}"),
                    text,
                }
            })
            .collect();
        let options = Options {
            k: 1 + rng.below(30),
            window: 1 + rng.below(10),
            ..Options::default()
        };
        check_answer(&class, &compare(&class, &options), &options);
    }
}

#[test]
fn only_the_first_max_bytes_are_read() {
    let rule = read("submissions", "jlu_rule_machine.txt");
    let options = Options {
        max_bytes: rule.len(),
        ..options()
    };
    let padded = rule.clone() + &read("similarity", "jlu_subset_machine.txt");
    let sweep = read("similarity", "jlu_sweep_machine.txt");
    let padded_class = [
        source("rule", &padded),
        source("sweep", &sweep),
        source("copy", &padded),
    ];
    let plain_class = [
        source("rule", &rule),
        source("sweep", &sweep),
        source("copy", &rule),
    ];
    assert_eq!(
        compare(&padded_class, &options),
        compare(&plain_class, &options)
    );
}

/// The short machines of tests/similarity/short/, written apart: a few statements of their
/// own and the idioms every student writes (the loop over the board, the `rand()` fallback).
fn short_machines() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/similarity/short");
    let mut found: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy();
            let name = name
                .trim_start_matches("jlu_")
                .trim_end_matches("_machine.txt");
            (name.to_string(), std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    found.sort();
    found
}

#[test]
fn idioms_alone_do_not_make_short_machines_alike() {
    let mut class: Vec<Source> = short_machines()
        .iter()
        .map(|(name, text)| source(name, text))
        .collect();
    class.push(source("rand", &read("submissions", "jlu_rand_machine.txt")));
    let index = |name: &str| class.iter().position(|s| s.name == name).unwrap();
    let (parity, centre) = (index("parity"), index("centre"));
    // Counting every shared k-gram, as the check once did, the board loop and the fallback
    // alone make two of them a copy.
    let every_kgram = Options {
        min_stretch: 0,
        ..options()
    };
    let flagged = suspicious_pairs(&class, &every_kgram);
    println!("every shared k-gram counted: {flagged:?}");
    assert!(
        flagged
            .iter()
            .any(|pair| (pair.a, pair.b) == (parity.min(centre), parity.max(centre))),
        "{flagged:?}"
    );
    let options = options();
    for pair in compare(&class, &options) {
        println!(
            "{} / {}: score {:.3}, {} tokens shared",
            class[pair.a].name, class[pair.b].name, pair.score, pair.shared_tokens
        );
        assert!(!pair.is_suspicious(&options), "{pair:?}");
        assert!(pair.score < 0.1, "{pair:?}");
    }
}

/// What `sim_c` (Dick Grune's similarity tester, Debian's `similarity-tester`) reports of
/// `files` with `options`: for each pair of indices it names, the higher of its two
/// percentages, "a consists for x % of b material" and the other way; None if it cannot run.
fn sim_c(files: &[std::path::PathBuf], options: &[&str]) -> Option<Vec<((usize, usize), u32)>> {
    let output = Command::new("sim_c")
        .args(options)
        .args(files)
        .output()
        .ok()?;
    assert!(output.status.success(), "{output:?}");
    let index = |name: &str| files.iter().position(|f| f.to_str() == Some(name));
    let mut found: Vec<((usize, usize), u32)> = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Some((a, rest)) = line.split_once(" consists for ") else {
            continue;
        };
        let (percent, rest) = rest.split_once(" % of ").unwrap();
        let b = rest.strip_suffix(" material").unwrap();
        let (a, b) = (index(a).unwrap(), index(b).unwrap());
        let percent: u32 = percent.trim().parse().unwrap();
        let pair = (a.min(b), a.max(b));
        match found.iter_mut().find(|(p, _)| *p == pair) {
            Some(entry) => entry.1 = entry.1.max(percent),
            None => found.push((pair, percent)),
        }
    }
    Some(found)
}

/// Precision and recall of `flagged` pairs against `truth` (the pairs that are copies), and
/// the recall on the copies `judged` (those of machines long enough to tell).
fn precision_recall(
    flagged: &[(usize, usize)],
    truth: &[(usize, usize)],
    judged: &[(usize, usize)],
) -> String {
    let right = flagged.iter().filter(|p| truth.contains(p)).count();
    let found = judged.iter().filter(|p| flagged.contains(p)).count();
    format!(
        "{} flagged, {right} copies: precision {:.2}, recall {:.2} ({right}/{}), \
         recall on machines long enough to tell {:.2} ({found}/{})",
        flagged.len(),
        right as f64 / flagged.len().max(1) as f64,
        right as f64 / truth.len() as f64,
        truth.len(),
        found as f64 / judged.len() as f64,
        judged.len()
    )
}

/// `text` with the parameters of its `machine` taken out, so that sim, which has no base, does
/// not count the course's signature as shared code (as our check, given it as the base, does
/// not).
fn without_signature(text: &str) -> String {
    let Some(name) = text.find("machine(").or_else(|| text.find("machine (")) else {
        return text.to_string();
    };
    let open = name + text[name..].find('(').unwrap();
    let close = open + text[open..].find(')').unwrap_or(0);
    format!("{}({}", &text[..open], &text[close..])
}

/// sim_c's pairs of `class`, each file first changed by `change`; None if sim_c is absent.
fn sim_on(
    class: &[Source],
    change: fn(&str) -> String,
    options: &[&str],
) -> Option<Vec<((usize, usize), u32)>> {
    let dir = std::env::temp_dir().join(format!("minejudge-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<std::path::PathBuf> = class
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let file = dir.join(format!("{i:02}.c"));
            std::fs::write(&file, change(&String::from_utf8_lossy(&s.text))).unwrap();
            file
        })
        .collect();
    let found = sim_c(&files, options);
    std::fs::remove_dir_all(&dir).unwrap();
    found
}

/// The class sim and our check are compared on: every machine written apart (the short ones
/// too), a disguised and an edited copy of each; with each member's original.
fn class_for_sim(seed: u64) -> (Vec<Source>, Vec<usize>, Vec<bool>) {
    let mut rng = Rng::new(seed);
    let mut originals = independent_machines();
    let short = short_machines();
    originals.extend(short.iter().cloned());
    let mut class: Vec<Source> = Vec::new();
    let mut origin: Vec<usize> = Vec::new();
    for (how, suffix) in [
        (None, ""),
        (Some(DISGUISED), ".copy"),
        (Some(EDITED), ".edit"),
    ] {
        for (index, (name, text)) in originals.iter().enumerate() {
            let text = how.map_or(text.clone(), |how| disguise(text, how, &mut rng));
            class.push(source(&format!("{name}{suffix}"), &text));
            origin.push(index);
        }
    }
    // Too short for a copy to be told from a classmate's own.
    let tiny: Vec<bool> = originals
        .iter()
        .map(|(name, _)| TINY.contains(&name.as_str()) || short.iter().any(|(s, _)| s == name))
        .collect();
    (class, origin, tiny)
}

#[test]
fn beside_sim() {
    // The man page's "usually a similarity of 30% or more is significant".
    const SIM_THRESHOLD: u32 = 30;
    let sim_options = ["-p", "-a", "-e", "-T", "-t", "20"];
    let seed = 40;
    println!("class seed {seed}");
    let (class, origin, tiny) = class_for_sim(seed);
    let all: Vec<(usize, usize)> = (0..class.len())
        .flat_map(|a| (a + 1..class.len()).map(move |b| (a, b)))
        .collect();
    let truth: Vec<(usize, usize)> = all
        .iter()
        .copied()
        .filter(|&(a, b)| origin[a] == origin[b])
        .collect();
    let judged: Vec<(usize, usize)> = truth
        .iter()
        .copied()
        .filter(|&(a, _)| !tiny[origin[a]])
        .collect();
    let options = options();
    let ours = compare(&class, &options);
    let ours_flagged: Vec<(usize, usize)> = ours
        .iter()
        .filter(|p| p.is_suspicious(&options))
        .map(|p| (p.a, p.b))
        .collect();
    println!(
        "{} sources ({} written apart), {} pairs, {} of them copies ({} of machines long \
         enough to tell)",
        class.len(),
        tiny.len(),
        all.len(),
        truth.len(),
        judged.len()
    );
    println!(
        "ours (score {} and {} tokens, in stretches of {}): {}",
        options.flag_score,
        options.min_tokens,
        options.min_stretch,
        precision_recall(&ours_flagged, &truth, &judged)
    );
    assert!(ours_flagged.iter().all(|p| truth.contains(p)));
    assert!(judged.iter().all(|p| ours_flagged.contains(p)));
    let flagged_by = |found: &[((usize, usize), u32)]| -> Vec<(usize, usize)> {
        found
            .iter()
            .filter(|(_, percent)| *percent >= SIM_THRESHOLD)
            .map(|(pair, _)| *pair)
            .collect()
    };
    let as_handed_in = |text: &str| text.to_string();
    let found = sim_on(&class, as_handed_in, &sim_options)
        .ok_or_else(|| "sim_c is absent (apt-get install similarity-tester)".to_string());
    if !util::have_tool(
        "beside sim",
        found.as_ref().map(|_| ()).map_err(Clone::clone),
    ) {
        return;
    }
    let raw = found.unwrap();
    let sim = sim_on(&class, without_signature, &sim_options).unwrap();
    for (how, found) in [("as handed in", &raw), ("signature's parameters out", &sim)] {
        println!(
            "sim_c {}, {how}, flagged from {SIM_THRESHOLD} % either way: {}",
            sim_options.join(" "),
            precision_recall(&flagged_by(found), &truth, &judged)
        );
    }
    print_beside(&class, &origin, &ours, &options, &sim, SIM_THRESHOLD);
    // Renamed and laid out anew only, a copy is what sim is built to see: if it misses one,
    // its output was misread.
    for &(a, b) in &judged {
        if class[b].name.ends_with(".copy") && !class[a].name.contains('.') {
            assert!(flagged_by(&sim).contains(&(a, b)), "{}", class[b].name);
        }
    }
}

/// The copies and every pair either tool flags: our score and sim's percentage, flags starred.
fn print_beside(
    class: &[Source],
    origin: &[usize],
    ours: &[Pair],
    options: &Options,
    sim: &[((usize, usize), u32)],
    sim_threshold: u32,
) {
    println!("{:>26} {:>5} {:>7} {:>7}", "pair", "copy", "ours", "sim %");
    for a in 0..class.len() {
        for b in a + 1..class.len() {
            let our = ours.iter().find(|p| (p.a, p.b) == (a, b));
            let their = sim.iter().find(|(p, _)| *p == (a, b)).map(|(_, x)| *x);
            let flagged = our.is_some_and(|p| p.is_suspicious(options));
            let sim_flag = their.is_some_and(|x| x >= sim_threshold);
            if origin[a] != origin[b] && !flagged && !sim_flag {
                continue;
            }
            println!(
                "{:>26} {:>5} {:>5.2}{} {:>5}{}",
                format!("{} / {}", class[a].name, class[b].name),
                if origin[a] == origin[b] { "yes" } else { "no" },
                our.map_or(0.0, |p| p.score),
                if flagged { " *" } else { "  " },
                their.map_or("-".to_string(), |x| x.to_string()),
                if sim_flag { " *" } else { "  " },
            );
        }
    }
}
