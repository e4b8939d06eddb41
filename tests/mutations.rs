//! `scripts/mutate`'s mutations still apply: the lines each one replaces occur exactly once in
//! the files under `src/` (or in its `file:`). A change that rewrites a promised line must
//! rewrite its mutation too, or the promise would be left with no test that holds it.

use std::path::{Path, PathBuf};

/// One mutation: where it is written, its title, where to look and the lines it replaces.
struct Mutation {
    at: String,
    title: String,
    file: Option<String>,
    replace: String,
}

/// The mutations of one file, read as `scripts/mutate` reads them.
fn mutations_of(path: &Path) -> Vec<Mutation> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut mutations: Vec<Mutation> = Vec::new();
    let mut in_replace = false;
    for (number, line) in text.split('\n').enumerate() {
        if let Some(title) = line.strip_prefix("## ") {
            mutations.push(Mutation {
                at: format!("{}:{}", path.display(), number + 1),
                title: title.trim().to_string(),
                file: None,
                replace: String::new(),
            });
            in_replace = false;
            continue;
        }
        let Some(last) = mutations.last_mut() else {
            continue;
        };
        match line {
            "replace:" => in_replace = true,
            "with:" => in_replace = false,
            _ if line.starts_with("survives:") => in_replace = false,
            _ if !in_replace && line.starts_with("file:") => {
                last.file = Some(line["file:".len()..].trim().to_string());
            }
            _ if in_replace => {
                last.replace.push_str(line);
                last.replace.push('\n');
            }
            _ => {}
        }
    }
    for m in &mut mutations {
        // Blank lines at the end of a block only part it from the next one.
        while m.replace.ends_with("\n\n") {
            m.replace.pop();
        }
        if m.replace.trim().is_empty() {
            m.replace.clear();
        }
    }
    mutations
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn every_mutation_replaces_lines_found_once() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    files_under(&root.join("src"), &mut sources);
    let texts: Vec<(PathBuf, String)> = sources
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect();
    let mut lists: Vec<PathBuf> = std::fs::read_dir(root.join("scripts/mutations"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    lists.sort();
    let mut stale = Vec::new();
    let mut count = 0;
    for list in &lists {
        for m in mutations_of(list) {
            count += 1;
            if m.replace.is_empty() {
                stale.push(format!("{}: `{}` replaces nothing", m.at, m.title));
                continue;
            }
            let hits: usize = texts
                .iter()
                .filter(|(p, _)| m.file.as_ref().map_or(true, |f| p.ends_with(f)))
                .map(|(_, t)| t.matches(&m.replace).count())
                .sum();
            if hits != 1 {
                stale.push(format!(
                    "{}: `{}`: its lines occur {hits} times",
                    m.at, m.title
                ));
            }
        }
    }
    assert!(count >= 100, "only {count} mutations in {lists:?}");
    assert!(
        stale.is_empty(),
        "mutations that no longer apply (rewrite them to the promised lines as they are now):\n{}",
        stale.join("\n")
    );
}
