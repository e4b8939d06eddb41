//! The copy check on the labelled class of tests/class/disguised/: machines written apart in
//! one hand and in others, copies of each renamed, reordered, merged or split, with loops
//! rewritten and dead code added, every file beginning with the course's starter file; and the
//! same class beside sim.

use super::{sim_c, SIGNATURE};
use crate::util;
use minejudge::grade::similarity::{compare, Options, Pair, Source};
use std::path::{Path, PathBuf};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/class/disguised")
}

/// The class, and for each file the line of `copies.txt` it is on (files on one line are
/// copies of one another).
fn labelled_class() -> (Vec<Source>, Vec<usize>) {
    let manifest = std::fs::read_to_string(folder().join("copies.txt")).unwrap();
    let mut class = Vec::new();
    let mut group = Vec::new();
    let lines = manifest.lines().filter(|line| !line.starts_with('#'));
    for (index, line) in lines.enumerate() {
        for name in line.split_whitespace() {
            let text = std::fs::read(folder().join(name)).unwrap();
            class.push(Source {
                name: name.to_string(),
                text,
            });
            group.push(index);
        }
    }
    (class, group)
}

/// `grade`'s options for the class: the course's starter file and signature are the base.
fn options() -> Options {
    let mut base = std::fs::read(folder().join("starter.txt")).unwrap();
    base.extend_from_slice(SIGNATURE.as_bytes());
    Options {
        base,
        ..Options::default()
    }
}

/// Precision and recall of `flagged` against the copies of `group`, and every pair.
fn precision_recall(flagged: &[(usize, usize)], group: &[usize]) -> (f64, f64) {
    let copies = (0..group.len())
        .flat_map(|a| (a + 1..group.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| group[a] == group[b])
        .count();
    let right = flagged
        .iter()
        .filter(|&&(a, b)| group[a] == group[b])
        .count();
    (
        right as f64 / flagged.len().max(1) as f64,
        right as f64 / copies as f64,
    )
}

#[test]
fn every_disguised_copy_is_flagged_and_no_pair_written_apart() {
    let (class, group) = labelled_class();
    assert!(class.len() >= 60, "{} files", class.len());
    let options = options();
    let started = std::time::Instant::now();
    let pairs = compare(&class, &options);
    println!(
        "compare: {} files in {:.1} ms",
        class.len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let describe = |pair: &Pair| {
        format!(
            "{} / {}: {:.3} (shares {:.2} and {:.2}), {} tokens",
            class[pair.a].name,
            class[pair.b].name,
            pair.score,
            pair.a_share,
            pair.b_share,
            pair.shared_tokens
        )
    };
    let score = |a: usize, b: usize| pairs.iter().find(|p| (p.a, p.b) == (a, b));
    let mut wrong = Vec::new();
    let mut lowest_copy = (f64::INFINITY, String::new());
    for a in 0..class.len() {
        for b in a + 1..class.len() {
            let pair = score(a, b);
            let flagged = pair.is_some_and(|p| p.is_suspicious(&options));
            let seen = pair.map_or(
                format!("{} / {}: nothing", class[a].name, class[b].name),
                describe,
            );
            if group[a] == group[b] && pair.map_or(0.0, |p| p.score) < lowest_copy.0 {
                lowest_copy = (pair.map_or(0.0, |p| p.score), seen.clone());
            }
            if flagged != (group[a] == group[b]) {
                wrong.push(seen);
            }
        }
    }
    let highest_apart = pairs.iter().find(|p| group[p.a] != group[p.b]);
    let flagged: Vec<(usize, usize)> = pairs
        .iter()
        .filter(|p| p.is_suspicious(&options))
        .map(|p| (p.a, p.b))
        .collect();
    let (precision, recall) = precision_recall(&flagged, &group);
    println!("ours: precision {precision:.2}, recall {recall:.2}");
    println!("lowest copy: {}", lowest_copy.1);
    println!(
        "highest written apart: {}",
        highest_apart.map_or("none".into(), describe)
    );
    println!("wrongly judged:\n{}", wrong.join("\n"));
    // The pairs written apart that are flagged share one passage, the corner search of
    // hand_frontier that is most of the short corner machine (see docs/similarity.md).
    let corner_search = |name: &str| name.starts_with("hand_frontier") || name == "corner.txt";
    let other_apart = pairs.iter().find(|p| {
        let corner = corner_search(&class[p.a].name) && corner_search(&class[p.b].name);
        group[p.a] != group[p.b] && !corner
    });
    println!(
        "highest written apart, the corner search aside: {}",
        other_apart.map_or("none".into(), describe)
    );
    // Before braces, steps and statements that do nothing were read away and stretches joined
    // across shared code between two changed tokens, recall was 0.89 and the lowest copy 0.00.
    assert!(
        recall == 1.0 && lowest_copy.0 >= 0.45 && precision >= 0.95,
        "precision {precision}, recall {recall}, lowest copy {}",
        lowest_copy.1
    );
    for pair in pairs.iter().filter(|p| p.is_suspicious(&options)) {
        let (a, b) = (&class[pair.a].name, &class[pair.b].name);
        assert!(
            group[pair.a] == group[pair.b] || (corner_search(a) && corner_search(b)),
            "{}",
            describe(pair)
        );
    }
}

fn without_starter(text: &str) -> String {
    let starter = std::fs::read_to_string(folder().join("starter.txt")).unwrap();
    text.strip_prefix(&starter).unwrap_or(text).to_string()
}

/// sim_c on the class, flagged from 30 % either way (the level its manual calls usually
/// significant), as a measurement: it prints precision and recall beside ours.
#[test]
fn disguised_class_beside_sim() {
    let (class, group) = labelled_class();
    // sim has no base: it reads each file without the starter, as our check does not count it.
    let dir = std::env::temp_dir().join(format!("minejudge-sim-disguised-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<PathBuf> = class
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let file = dir.join(format!("{i:02}.c"));
            std::fs::write(&file, without_starter(&String::from_utf8_lossy(&s.text))).unwrap();
            file
        })
        .collect();
    let found = sim_c(&files, &["-p", "-a", "-e", "-T", "-t", "20"]);
    std::fs::remove_dir_all(&dir).unwrap();
    let found =
        found.ok_or_else(|| "sim_c is absent (apt-get install similarity-tester)".to_string());
    if !util::have_tool(
        "disguised class beside sim",
        found.as_ref().map(|_| ()).map_err(Clone::clone),
    ) {
        return;
    }
    let found = found.unwrap();
    let flagged: Vec<(usize, usize)> = found
        .iter()
        .filter(|(_, percent)| *percent >= 30)
        .map(|(pair, _)| *pair)
        .collect();
    let (precision, recall) = precision_recall(&flagged, &group);
    println!(
        "sim_c from 30 %: {} flagged, precision {precision:.2}, recall {recall:.2}",
        flagged.len()
    );
    let mut missed: Vec<&((usize, usize), u32)> = Vec::new();
    for a in 0..class.len() {
        for b in a + 1..class.len() {
            if group[a] == group[b] && !flagged.contains(&(a, b)) {
                missed.extend(found.iter().find(|(p, _)| *p == (a, b)));
            }
        }
    }
    let name = |&((a, b), percent): &((usize, usize), u32)| {
        format!("{} / {}: {percent} %", class[a].name, class[b].name)
    };
    let apart = found.iter().filter(|((a, b), _)| group[*a] != group[*b]);
    println!(
        "highest written apart: {:?}",
        apart.max_by_key(|(_, p)| *p).map(name)
    );
    println!(
        "worst missed copy: {:?}",
        missed.iter().min_by_key(|(_, p)| *p).map(|m| name(m))
    );
}
