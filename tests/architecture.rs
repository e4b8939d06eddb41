//! The library's shape: no circle of imports between its modules, none between its top-level
//! modules or between the parts of one folder, and no module that depends on a higher layer
//! than its own (the `// Layer N` comments over `src/lib.rs`'s `pub mod` lines).
//!
//! Every `src/**/*.rs` but `src/bin/` is read as text: comments, string and char literals and
//! `#[cfg(test)]` items are blanked (tests may import anything), then every `use` tree and every
//! path `a::b::c` that starts at `crate`, `self`, `super`, a child module or a name a `use`
//! brought in is resolved to the deepest module it names. Declaring a child (`mod x;`) is not
//! depending on it; using its items is. A failure lists every finding at once, each arrow with
//! the line that makes it: move the item that line uses, or the code that uses it, to break it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// A module's path below the crate root: `[]` is `src/lib.rs`, `["play", "game"]` is
/// `src/play/game.rs`.
type Module = Vec<String>;

/// Where an arrow comes from: `src/file.rs:line: the line`.
type Evidence = String;

/// The arrows between modules, each with the first line that makes it.
type Graph = BTreeMap<(Module, Module), Evidence>;

/// One source file: its path from the crate's folder and its text.
struct File {
    path: String,
    text: String,
}

/// Every library source file (not `src/bin/`), sorted by path.
fn library_files() -> Vec<File> {
    fn walk(dir: &Path, root: &Path, files: &mut Vec<File>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && path != root.join("src/bin") {
                walk(&path, root, files);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let path = path.strip_prefix(root).unwrap().to_string_lossy();
                files.push(File {
                    path: path.replace('\\', "/"),
                    text,
                });
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("src"), root, &mut files);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// The module of a file: `src/lib.rs` the root, `src/a.rs` and `src/a/mod.rs` `a`, `src/a/b.rs`
/// `a::b`.
fn module_of(path: &str) -> Module {
    let path = path.strip_prefix("src/").unwrap_or(path);
    let path = path.strip_suffix(".rs").unwrap_or(path);
    let mut parts: Module = path.split('/').map(String::from).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// `crate` for the root, else `a::b`.
fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

// ---- Reading code ----

/// `source` with comments and string, byte-string, raw-string and char literals turned to
/// spaces; newlines are kept, so line numbers still hold.
fn blank_comments_and_literals(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    // `r"`, `r#"`, `br"`...: where the `r` is, and how many `#`.
    let raw_string_at = |i: usize| {
        let r = if at(i) == 'b' { i + 1 } else { i };
        let hashes = (r + 1..).take_while(|&j| at(j) == '#').count();
        let starts_word = i == 0 || !is_ident(at(i - 1));
        (starts_word && at(r) == 'r' && at(r + 1 + hashes) == '"').then_some((r, hashes))
    };
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !is_ident(at(i - 1));
        // Where the comment or literal starting at i ends (one past it), if one starts there.
        let end = if at(i) == '/' && at(i + 1) == '/' {
            (i..chars.len())
                .find(|&j| at(j) == '\n')
                .unwrap_or(chars.len())
        } else if at(i) == '/' && at(i + 1) == '*' {
            let (mut j, mut depth) = (i + 2, 1);
            while j < chars.len() && depth > 0 {
                if at(j) == '/' && at(j + 1) == '*' {
                    depth += 1;
                    j += 1;
                } else if at(j) == '*' && at(j + 1) == '/' {
                    depth -= 1;
                    j += 1;
                }
                j += 1;
            }
            j
        } else if let Some((r, hashes)) = raw_string_at(i) {
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let body = r + 2 + hashes;
            let rest: String = chars[body..].iter().collect();
            rest.find(&close).map_or(chars.len(), |k| {
                body + rest[..k].chars().count() + close.len()
            })
        } else if at(i) == '"' || (starts_word && at(i) == 'b' && at(i + 1) == '"') {
            let mut j = if at(i) == 'b' { i + 2 } else { i + 1 };
            while j < chars.len() && at(j) != '"' {
                j += if at(j) == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if at(i) == '\'' && at(i + 1) == '\\' {
            (i + 3..chars.len())
                .find(|&j| at(j) == '\'')
                .map_or(chars.len(), |j| j + 1)
        } else if at(i) == '\'' && at(i + 2) == '\'' {
            i + 3 // 'x'; a lifetime such as 'a has no closing quote
        } else {
            out.push(at(i));
            i += 1;
            continue;
        };
        let end = end.min(chars.len());
        out.extend(
            chars[i..end]
                .iter()
                .map(|&c| if c == '\n' { '\n' } else { ' ' }),
        );
        i = end;
    }
    out
}

/// A token of code and its line (1-based).
#[derive(Clone, Debug)]
struct Token {
    text: String,
    line: usize,
}

/// The tokens of blanked code: words (identifiers, keywords, numbers), `::`, and single
/// punctuation characters.
fn tokens(code: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    for (index, line) in code.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let len = if c.is_alphanumeric() || c == '_' {
                chars[i..]
                    .iter()
                    .take_while(|c| c.is_alphanumeric() || **c == '_')
                    .count()
            } else if c == ':' && chars.get(i + 1) == Some(&':') {
                2
            } else {
                1
            };
            if !c.is_whitespace() {
                let text = chars[i..i + len].iter().collect();
                tokens.push(Token {
                    text,
                    line: index + 1,
                });
            }
            i += len;
        }
    }
    tokens
}

/// `tokens` without the items marked `#[cfg(test)]` (a test module, a test-only `use` or fn),
/// and with nothing at all when the file starts with `#![cfg(test)]`; with the names of the
/// test-only child modules declared (`#[cfg(test)] mod tests;`), whose files are left out too.
fn without_test_items(tokens: Vec<Token>) -> (Vec<Token>, Vec<String>) {
    let is = |i: usize, texts: &[&str]| {
        texts
            .iter()
            .enumerate()
            .all(|(k, text)| tokens.get(i + k).is_some_and(|t| t.text == *text))
    };
    if is(0, &["#", "!", "[", "cfg", "(", "test", ")", "]"]) {
        return (Vec::new(), Vec::new());
    }
    let mut kept = Vec::new();
    let mut test_children = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if !is(i, &["#", "[", "cfg", "(", "test", ")", "]"]) {
            kept.push(tokens[i].clone());
            i += 1;
            continue;
        }
        // The item ends at its first `;` outside brackets, or at the `}` closing its body.
        let mut depth = 0;
        i += 7;
        while i < tokens.len() {
            let text = tokens[i].text.as_str();
            i += 1;
            match text {
                "(" | "[" => depth += 1,
                ")" | "]" => depth -= 1,
                ";" if depth == 0 => break,
                "{" => depth += 1,
                "}" => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        // `#[cfg(test)] pub(crate) mod tests;` ends with `mod tests ;`.
        if i >= 3 && is(i - 3, &["mod"]) && is(i - 1, &[";"]) {
            test_children.push(tokens[i - 2].text.clone());
        }
    }
    (kept, test_children)
}

/// A path as written (`crate::a::B`, or a `use` tree's leaf made whole), its line, the inline
/// `mod name { }` blocks it is in, and the name a `use` gives it (its last segment or `as` name).
#[derive(Debug)]
struct Reference {
    segments: Vec<String>,
    line: usize,
    /// The line of the `use` keyword, for a `use` tree.
    use_line: Option<usize>,
    inline: Vec<String>,
    use_name: Option<String>,
}

impl Reference {
    /// The leaf of a `use` tree: the whole path, imported as `use_name` (`None` for a glob).
    fn leaf(segments: Vec<String>, line: usize, use_name: Option<String>) -> Reference {
        Reference {
            segments,
            line,
            use_line: None,
            inline: Vec::new(),
            use_name,
        }
    }
}

fn is_word(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The leaves of the `use` tree starting at `tokens[*i]`, each made whole with `prefix`.
fn use_tree(tokens: &[Token], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Reference>) {
    let text = |i: usize| tokens.get(i).map_or("", |t| t.text.as_str());
    let mut path = prefix;
    if text(*i) == "::" {
        *i += 1;
    }
    while *i < tokens.len() {
        let line = tokens[*i].line;
        match text(*i) {
            "{" => {
                *i += 1;
                while *i < tokens.len() && text(*i) != "}" {
                    let before = *i;
                    use_tree(tokens, i, path.clone(), out);
                    if text(*i) == "," || *i == before {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            "*" => {
                *i += 1;
                out.push(Reference::leaf(path, line, None));
                return;
            }
            word if is_word(word) => {
                // `self` in braces is the path so far: `use a::{self, b}` uses `a`.
                if word != "self" || path.is_empty() {
                    path.push(word.to_string());
                }
                *i += 1;
                if text(*i) == "::" {
                    *i += 1;
                    continue;
                }
                let mut use_name = path.last().cloned();
                if text(*i) == "as" {
                    use_name = Some(text(*i + 1).to_string());
                    *i += 2;
                }
                out.push(Reference::leaf(path, line, use_name));
                return;
            }
            _ => return,
        }
    }
}

/// Every path of `tokens` that may name a module, with the inline modules it is in.
fn references(tokens: &[Token]) -> Vec<Reference> {
    let text = |i: usize| tokens.get(i).map_or("", |t| t.text.as_str());
    let mut out = Vec::new();
    // The inline `mod name {` blocks open here, with the brace depth inside each.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let inline_names = || {
            inline
                .iter()
                .map(|(name, _)| name.clone())
                .collect::<Vec<_>>()
        };
        match text(i) {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            // `mod x;` declares a child: not a dependency.
            "mod" if text(i + 2) == ";" => i += 2,
            // `pub(in crate::a)` names who may see an item, not what it uses.
            "in" if text(i.wrapping_sub(1)) == "(" && text(i.wrapping_sub(2)) == "pub" => {
                while i < tokens.len() && text(i) != ")" {
                    i += 1;
                }
            }
            "mod" if text(i + 2) == "{" => {
                inline.push((text(i + 1).to_string(), depth + 1));
                i += 1;
            }
            "use" => {
                let start_token = i;
                i += 1;
                let start = out.len();
                use_tree(tokens, &mut i, Vec::new(), &mut out);
                let names = inline_names();
                for reference in &mut out[start..] {
                    reference.inline = names.clone();
                    reference.use_line = Some(tokens[start_token].line);
                }
                continue;
            }
            word if is_word(word) && text(i + 1) == "::" && text(i.wrapping_sub(1)) != "::" => {
                let line = tokens[i].line;
                let mut segments = vec![word.to_string()];
                i += 1;
                while text(i) == "::" && is_word(text(i + 1)) {
                    segments.push(text(i + 1).to_string());
                    i += 2;
                }
                let inline = inline_names();
                out.push(Reference {
                    segments,
                    line,
                    use_line: None,
                    inline,
                    use_name: None,
                });
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

// ---- The graph ----

/// The modules each module depends on, each arrow with the first line that makes it.
fn dependency_graph(files: &[File]) -> (BTreeSet<Module>, Graph) {
    let mut code = BTreeMap::new();
    let mut test_only = Vec::new();
    for file in files {
        let own = module_of(&file.path);
        let (tokens, test_children) =
            without_test_items(tokens(&blank_comments_and_literals(&file.text)));
        for child in test_children {
            test_only.push([own.clone(), vec![child]].concat());
        }
        code.insert(file.path.clone(), tokens);
    }
    let is_test = |module: &Module| test_only.iter().any(|t| module.starts_with(t));
    let modules: BTreeSet<Module> = files
        .iter()
        .map(|f| module_of(&f.path))
        .filter(|m| !is_test(m))
        .collect();
    let mut graph = Graph::new();
    for file in files {
        let own = module_of(&file.path);
        if is_test(&own) {
            continue;
        }
        let refs = references(&code[&file.path]);
        // Where a path starts: `crate`, `self`, `super`, a child module, or a module a `use`
        // brought in by name. None for std, other crates, types and enums.
        let start = |first: &str, within: &Module, aliases: &BTreeMap<String, Module>| match first {
            "crate" => Some(Vec::new()),
            "self" => Some(within.clone()),
            "super" => Some(within[..within.len().saturating_sub(1)].to_vec()),
            _ => {
                let mut child = within.clone();
                child.push(first.to_string());
                if modules.contains(&child) {
                    Some(child)
                } else {
                    aliases.get(first).cloned()
                }
            }
        };
        // The deepest existing module the path names, and whether it names nothing but modules.
        let resolve = |reference: &Reference, aliases: &BTreeMap<String, Module>| {
            let mut within = own.clone();
            within.extend(reference.inline.iter().cloned());
            let mut at = start(&reference.segments[0], &within, aliases)?;
            for segment in &reference.segments[1..] {
                let next = match segment.as_str() {
                    "super" => at[..at.len().saturating_sub(1)].to_vec(),
                    "self" => at.clone(),
                    _ => [at.clone(), vec![segment.clone()]].concat(),
                };
                if !modules.contains(&next) && !next.starts_with(&own) {
                    // Not a module (an item), unless it is inside one of this file's inline
                    // modules, which lie in this file.
                    return Some((deepest_file(&at, &modules), false));
                }
                at = next;
            }
            let whole = modules.contains(&at);
            Some((deepest_file(&at, &modules), whole))
        };
        // `use` first, so that later paths may start at a module it named.
        let mut aliases = BTreeMap::new();
        for reference in refs.iter().filter(|r| r.use_name.is_some()) {
            if let Some((module, true)) = resolve(reference, &aliases) {
                aliases.insert(reference.use_name.clone().unwrap(), module);
            }
        }
        for reference in &refs {
            let Some((target, _)) = resolve(reference, &aliases) else {
                continue;
            };
            if target == own {
                continue;
            }
            let line = |n: usize| file.text.lines().nth(n - 1).unwrap_or("").trim();
            let mut evidence =
                format!("{}:{}: {}", file.path, reference.line, line(reference.line));
            if let Some(n) = reference.use_line.filter(|&n| n != reference.line) {
                evidence += &format!("   (in the `use` of line {n}: {})", line(n));
            }
            graph.entry((own.clone(), target)).or_insert(evidence);
        }
    }
    (modules, graph)
}

/// The longest prefix of `module` that is a file's module.
fn deepest_file(module: &Module, modules: &BTreeSet<Module>) -> Module {
    let mut module = module.clone();
    while !modules.contains(&module) && !module.is_empty() {
        module.pop();
    }
    module
}

/// `graph` with every module renamed by `rename` (None: left out); arrows within one name drop.
fn collapse(graph: &Graph, rename: impl Fn(&Module) -> Option<Module>) -> Graph {
    let mut collapsed = Graph::new();
    for ((from, to), evidence) in graph {
        if let (Some(from), Some(to)) = (rename(from), rename(to)) {
            if from != to {
                collapsed
                    .entry((from, to))
                    .or_insert_with(|| evidence.clone());
            }
        }
    }
    collapsed
}

/// The strongly connected components of `graph` with more than one module (Tarjan).
fn circles(graph: &Graph) -> Vec<Vec<Module>> {
    struct Tarjan<'a> {
        next: BTreeMap<&'a Module, Vec<&'a Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.next.get(v).cloned().unwrap_or_default() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        next: BTreeMap::new(),
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for (from, to) in graph.keys() {
        tarjan.next.entry(from).or_default().push(to);
    }
    let nodes: Vec<&Module> = tarjan.next.keys().copied().collect();
    for v in nodes {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v);
        }
    }
    tarjan.found.sort();
    tarjan.found
}

/// Cycles within `component` that together use each of its arrows: for each arrow `a -> b` not
/// yet in one, `a -> b`, then the shortest way back from `b` to `a`. Each starts at its least
/// module.
fn cycles_in(component: &[Module], graph: &Graph) -> Vec<Vec<Module>> {
    let inside: BTreeSet<&Module> = component.iter().collect();
    let arrows: Vec<(&Module, &Module)> = graph
        .keys()
        .filter(|(a, b)| inside.contains(a) && inside.contains(b))
        .map(|(a, b)| (a, b))
        .collect();
    let mut covered = BTreeSet::new();
    let mut cycles = Vec::new();
    for &(a, b) in &arrows {
        if covered.contains(&(a, b)) {
            continue;
        }
        // Breadth-first from b back to a.
        let mut came_from: BTreeMap<&Module, &Module> = BTreeMap::new();
        let mut queue = VecDeque::from([b]);
        while let Some(v) = queue.pop_front() {
            if v == a {
                break;
            }
            for &(x, y) in &arrows {
                if x == v && y != b && !came_from.contains_key(y) {
                    came_from.insert(y, v);
                    queue.push_back(y);
                }
            }
        }
        let mut cycle = vec![a];
        let mut v = a;
        while v != b {
            v = came_from[v];
            cycle.push(v);
        }
        cycle.reverse(); // b ... a, then a -> b closes it
        cycle.rotate_right(1);
        for k in 0..cycle.len() {
            covered.insert((cycle[k], cycle[(k + 1) % cycle.len()]));
        }
        let least = (0..cycle.len()).min_by_key(|&k| cycle[k]).unwrap();
        cycle.rotate_left(least);
        let cycle: Vec<Module> = cycle.into_iter().cloned().collect();
        if !cycles.contains(&cycle) {
            cycles.push(cycle);
        }
    }
    cycles.sort();
    cycles
}

/// Every circle of `graph`, each cycle as `a -> b -> a` with the line that makes each arrow;
/// empty when there is none.
fn describe_circles(graph: &Graph, show: impl Fn(&Module) -> String) -> String {
    let mut report = String::new();
    for component in circles(graph) {
        let names: Vec<String> = component.iter().map(&show).collect();
        report += &format!("circle of {}: {}\n", names.len(), names.join(", "));
        for cycle in cycles_in(&component, graph) {
            let mut names: Vec<String> = cycle.iter().map(&show).collect();
            names.push(show(&cycle[0]));
            report += &format!("  {}\n", names.join(" -> "));
            for k in 0..cycle.len() {
                let (from, to) = (&cycle[k], &cycle[(k + 1) % cycle.len()]);
                let evidence = &graph[&(from.clone(), to.clone())];
                report += &format!("    {} -> {}: {evidence}\n", show(from), show(to));
            }
        }
    }
    report
}

/// The circles between modules (files) of `files`.
fn module_circles(files: &[File]) -> String {
    let (_, graph) = dependency_graph(files);
    describe_circles(&graph, name)
}

/// The circles between top-level modules, then inside each folder between its parts (each file
/// or subfolder directly in it; the folder's own `mod.rs` left out).
fn top_level_and_folder_circles(files: &[File]) -> String {
    let (modules, graph) = dependency_graph(files);
    let mut report = String::new();
    let top = collapse(&graph, |m| Some(m.iter().take(1).cloned().collect()));
    let found = describe_circles(&top, name);
    if !found.is_empty() {
        report += &format!("between top-level modules:\n{found}");
    }
    let folders: BTreeSet<Module> = modules
        .iter()
        .filter(|m| m.len() > 1)
        .map(|m| m[..m.len() - 1].to_vec())
        .collect();
    for folder in &folders {
        let depth = folder.len();
        let parts = collapse(&graph, |m| {
            (m.len() > depth && m.starts_with(folder)).then(|| m[..=depth].to_vec())
        });
        let found = describe_circles(&parts, |m| m.join("/"));
        if !found.is_empty() {
            report += &format!("inside src/{}/:\n{found}", folder.join("/"));
        }
    }
    report
}

/// The layer of each top-level module, from the `// Layer N` line comments before its `mod`
/// line in `lib_rs`, with the modules declared before any; None when there is no such comment.
fn layers(lib_rs: &str) -> Option<(BTreeMap<String, u32>, Vec<String>)> {
    let mut layer = None;
    let mut seen_marker = false;
    let mut of = BTreeMap::new();
    let mut outside = Vec::new();
    for line in lib_rs.lines().map(str::trim) {
        if let Some(comment) = line.strip_prefix("//") {
            if comment.starts_with('/') || comment.starts_with('!') {
                continue; // documentation, not a marker
            }
            let after = comment.split("Layer ").nth(1).unwrap_or("");
            let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse() {
                layer = Some(n);
                seen_marker = true;
            }
        } else if let Some(rest) = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
        {
            let module = rest.trim_end_matches(';').trim().to_string();
            match layer {
                Some(n) => {
                    of.insert(module, n);
                }
                None => outside.push(module),
            }
        }
    }
    seen_marker.then_some((of, outside))
}

/// Every arrow from a module to a module of a higher layer, and every top-level module outside
/// the layers; None when `src/lib.rs` has no layer markers.
fn layer_violations(files: &[File]) -> Option<String> {
    let lib_rs = files.iter().find(|f| f.path == "src/lib.rs")?;
    let (of, outside) = layers(&lib_rs.text)?;
    let (_, graph) = dependency_graph(files);
    let mut report = String::new();
    for module in outside {
        report += &format!("{module} is declared in src/lib.rs before any `// Layer N` comment\n");
    }
    for ((from, to), evidence) in &graph {
        let layer = |m: &Module| m.first().and_then(|top| of.get(top)).copied();
        if let (Some(a), Some(b)) = (layer(from), layer(to)) {
            if a < b {
                report += &format!(
                    "{} (layer {a}) -> {} (layer {b}): {evidence}\n",
                    name(from),
                    name(to)
                );
            }
        }
    }
    Some(report)
}

// ---- The checks ----

#[test]
fn no_circle_between_modules() {
    let report = module_circles(&library_files());
    assert!(
        report.is_empty(),
        "modules that import each other, directly or around a circle (each arrow: the first \
         line that makes it; move that item, or the code that uses it, to break the circle):\n\
         {report}"
    );
}

#[test]
fn no_circle_between_top_level_modules_or_inside_folders() {
    let report = top_level_and_folder_circles(&library_files());
    assert!(
        report.is_empty(),
        "circles once modules are taken together by top-level module, and by part of each \
         folder (each arrow: the first line that makes it):\n{report}"
    );
}

#[test]
fn no_module_depends_on_a_higher_layer() {
    match layer_violations(&library_files()) {
        None => println!(
            "note: src/lib.rs has no `// Layer N` comments over its modules yet: layers not checked"
        ),
        Some(report) => assert!(
            report.is_empty(),
            "modules that depend on a higher layer than their own (layers from the \
             `// Layer N` comments of src/lib.rs):\n{report}"
        ),
    }
}

/// Every arrow between two top-level modules of the highest layer (the tools): each tool
/// stands on the layers below it and on none of its siblings.
fn imports_between_tools(files: &[File]) -> Option<String> {
    let lib_rs = files.iter().find(|f| f.path == "src/lib.rs")?;
    let (of, _) = layers(&lib_rs.text)?;
    let top = *of.values().max()?;
    let (_, graph) = dependency_graph(files);
    let mut report = String::new();
    for ((from, to), evidence) in &graph {
        let tool = |m: &Module| m.first().filter(|t| of.get(*t) == Some(&top)).cloned();
        if let (Some(a), Some(b)) = (tool(from), tool(to)) {
            if a != b {
                report += &format!("{a} -> {b}: {evidence}\n");
            }
        }
    }
    Some(report)
}

#[test]
fn no_tool_imports_another() {
    let report = imports_between_tools(&library_files()).unwrap_or_default();
    assert!(
        report.is_empty(),
        "tools (the top-level modules of the highest layer in src/lib.rs) that import another \
         tool; move what they share to a lower layer:\n{report}"
    );
}

// ---- The checks' own parts, on tiny sources ----

fn files(sources: &[(&str, &str)]) -> Vec<File> {
    sources
        .iter()
        .map(|(path, text)| File {
            path: path.to_string(),
            text: text.to_string(),
        })
        .collect()
}

fn arrows(sources: &[(&str, &str)]) -> Vec<String> {
    let (_, graph) = dependency_graph(&files(sources));
    graph
        .keys()
        .map(|(a, b)| format!("{} -> {}", name(a), name(b)))
        .collect()
}

const LIB: (&str, &str) = ("src/lib.rs", "pub mod a;\npub mod b;\npub mod c;\n");

#[test]
fn comments_and_literals_are_blanked_lines_kept() {
    let code = "let s = \"crate::a\"; // crate::b\n/* crate::c /* x */ */ 'x' '\\'' r#\"a\"#; b'a'\nf::<'a>";
    let blanked = blank_comments_and_literals(code);
    assert_eq!(blanked.lines().count(), code.lines().count());
    assert!(!blanked.contains("crate"), "{blanked}");
    assert!(
        !blanked.contains('"') && blanked.contains("f::<'a>"),
        "{blanked}"
    );
}

#[test]
fn a_use_tree_with_braces_names_each_module() {
    let found = arrows(&[
        LIB,
        (
            "src/a.rs",
            "use crate::{b::{self, X}, c::Y as Z};\nuse crate::b::*;",
        ),
        ("src/b.rs", ""),
        ("src/c.rs", ""),
    ]);
    assert_eq!(found, ["a -> b", "a -> c"]);
}

#[test]
fn super_and_self_resolve_from_the_file() {
    let found = arrows(&[
        ("src/lib.rs", "pub mod p;\nfn f() { p::q::g(); }"),
        (
            "src/p/mod.rs",
            "pub mod q;\npub mod r;\nfn g() { self::r::h(); }",
        ),
        (
            "src/p/q.rs",
            "use super::super::X;\nfn g() { super::r::h() }",
        ),
        ("src/p/r.rs", "mod inner { use super::super::q::G; }"),
    ]);
    assert_eq!(
        found,
        [
            "crate -> p::q",
            "p -> p::r",
            "p::q -> crate",
            "p::q -> p::r",
            "p::r -> p::q"
        ]
    );
}

#[test]
fn test_items_and_mod_declarations_make_no_arrow() {
    let found = arrows(&[
        ("src/lib.rs", "pub mod a;\npub mod b;"),
        (
            "src/a/mod.rs",
            "pub mod x;\n#[cfg(test)]\nmod tests { use crate::b::B; }\n#[cfg(test)]\nuse crate::b;\npub(in crate::b) fn f() {}",
        ),
        ("src/a/x.rs", "use super::A;"),
        ("src/b.rs", "fn f() { let _ = crate::a::x::X; }"),
    ]);
    assert_eq!(found, ["a::x -> a", "b -> a::x"]);
    let found = arrows(&[
        ("src/lib.rs", "pub mod a;"),
        ("src/a/mod.rs", "#[cfg(test)]\npub(crate) mod tests;"),
        ("src/a/tests.rs", "use super::*;"),
    ]);
    assert!(found.is_empty(), "{found:?}");
    assert!(module_circles(&files(&[
        ("src/a/mod.rs", "mod x;"),
        ("src/a/x.rs", "use super::Y;")
    ]))
    .is_empty());
}

#[test]
fn circles_of_two_and_three_files_are_found_with_their_lines() {
    let two = module_circles(&files(&[
        LIB,
        ("src/a.rs", "use crate::b::B;"),
        ("src/b.rs", "\nfn f() { crate::a::g() }"),
    ]));
    assert!(two.contains("  a -> b -> a\n"), "{two}");
    assert!(
        two.contains("b -> a: src/b.rs:2: fn f() { crate::a::g() }"),
        "{two}"
    );
    let three = module_circles(&files(&[
        LIB,
        ("src/a.rs", "use crate::b::B;"),
        ("src/b.rs", "use crate::c::C;"),
        ("src/c.rs", "use crate::a::A;"),
    ]));
    assert!(
        three.contains("circle of 3: a, b, c\n  a -> b -> c -> a\n"),
        "{three}"
    );
}

#[test]
fn folders_and_top_level_modules_are_collapsed() {
    let found = top_level_and_folder_circles(&files(&[
        ("src/lib.rs", "pub mod g;\npub mod i;"),
        ("src/g/mod.rs", "pub mod a;\npub mod b;"),
        ("src/g/a.rs", "use crate::i::x::X;\nuse super::b::B;"),
        ("src/g/b/mod.rs", "pub mod deep;"),
        ("src/g/b/deep.rs", "use crate::g::a::A;"),
        ("src/i/mod.rs", "pub mod x;"),
        ("src/i/x.rs", "use crate::g::Judge;"),
    ]));
    assert!(
        found.contains("between top-level modules:\ncircle of 2: g, i\n"),
        "{found}"
    );
    assert!(
        found.contains("inside src/g/:\ncircle of 2: g/a, g/b\n"),
        "{found}"
    );
}

#[test]
fn layers_come_from_line_comments_in_lib_rs() {
    let lib = "//! Layer 9 in the docs is no marker\n// Layer 1: the judge core\npub mod a;\n\
               // Layer 2: the AI\npub mod b;\n";
    let (of, outside) = layers(lib).unwrap();
    assert_eq!(of, BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
    assert!(outside.is_empty());
    assert!(layers("pub mod a;\n").is_none());
    let report = layer_violations(&files(&[
        ("src/lib.rs", lib),
        ("src/a.rs", "use crate::b::B;"),
        ("src/b.rs", "use crate::a::A;"),
    ]))
    .unwrap();
    assert_eq!(
        report,
        "a (layer 1) -> b (layer 2): src/a.rs:1: use crate::b::B;\n"
    );
}
