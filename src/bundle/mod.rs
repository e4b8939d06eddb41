//! One self-contained Rust source file for an online judge, from any binary of a crate.
//!
//! [`bundle`] prints `src/bin/<binary>.rs` with `minejudge::` paths turned into `crate::`, then
//! the library modules it uses, as nested `mod name { ... }` blocks that mirror the library's
//! module tree, so that `crate::judges::jlu_panel::panel::Panel` means the same thing in the crate and in the
//! bundle. The tree is read from `src/lib.rs` by following `mod name;` declarations into
//! `name.rs` or `name/mod.rs` next to their parent, as rustc does.
//!
//! Only what is used is kept, module by module: a path `crate::a::b::item` needs the text of
//! module `a::b` (and `a` only as a container of `b`); a path that ends at a module (`use
//! crate::a::b;`, `crate::a::b::*`) needs `a::b` and everything under it. Each module kept is
//! scanned in turn for `crate::`, `super::`, `self::` and child-module paths. `include_str!`
//! becomes a raw string literal holding the file's text, test modules are dropped, and items
//! re-exported at the crate root (`pub use a::Item;` in `src/lib.rs`) are re-exported at the
//! bundle's root when used. A bundle of 64 KiB or more loses its comments (only its comments).

mod lexer;

use lexer::ModDeclaration;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Codeforces takes at most 64 KiB of source: the bundles an online judge takes stay below it.
pub const SIZE_LIMIT: usize = 64 * 1024;

/// One module of the library: its file, its text (test modules dropped, `include_str!`
/// resolved) and the children it declares with `mod name;`.
#[derive(Debug)]
struct Module {
    parent: Option<usize>,
    text: String,
    /// `mod name;` declarations in `text`, each with the index of its module.
    children: Vec<(ModDeclaration, usize)>,
}

/// The library's module tree, read from `src/lib.rs`.
#[derive(Debug)]
struct ModuleTree {
    modules: Vec<Module>,
    /// Names re-exported at the crate root (`pub use a::b::Item;`) and the path they stand for.
    root_exports: BTreeMap<String, Vec<String>>,
}

/// What a bundle needs of each module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Need {
    Nothing,
    /// Only as the path to a module below it, or because an import names it.
    Container,
    /// Its text.
    Text,
}

impl ModuleTree {
    fn read(src: &Path) -> Result<ModuleTree, String> {
        let mut tree = ModuleTree {
            modules: Vec::new(),
            root_exports: BTreeMap::new(),
        };
        tree.read_module(&src.join("lib.rs"), None)?;
        for path in lexer::paths(&tree.modules[0].text) {
            if let Some(name) = path.last().filter(|name| *name != "*" && *name != "self") {
                tree.root_exports.insert(name.clone(), path.clone());
            }
        }
        Ok(tree)
    }

    fn read_module(&mut self, file: &Path, parent: Option<usize>) -> Result<usize, String> {
        let raw = read(file)?;
        let text = resolve_include_strs(&lexer::strip_test_modules(&raw), file)?;
        let index = self.modules.len();
        self.modules.push(Module {
            parent,
            text,
            children: Vec::new(),
        });
        // `lib.rs` and `mod.rs` keep their children beside them; `a.rs` keeps them in `a/`.
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let dir = file.parent().unwrap_or(Path::new("."));
        let child_dir = if stem == "lib" || stem == "mod" {
            dir.to_path_buf()
        } else {
            dir.join(stem)
        };
        for declaration in lexer::mod_declarations(&self.modules[index].text) {
            let flat = child_dir.join(format!("{}.rs", declaration.name));
            let nested = child_dir.join(&declaration.name).join("mod.rs");
            let child_file = if flat.is_file() { flat } else { nested };
            let child = self.read_module(&child_file, Some(index))?;
            self.modules[index].children.push((declaration, child));
        }
        Ok(index)
    }

    fn child(&self, module: usize, name: &str) -> Option<usize> {
        self.modules[module]
            .children
            .iter()
            .find(|(declaration, _)| declaration.name == name)
            .map(|&(_, child)| child)
    }

    /// Where `path`, written in `module`'s text, leads: the deepest module it names and the
    /// segments after it; `None` for a path outside the crate. `aliases` are the modules the
    /// text imported by name (`use crate::judges::jlu_panel::solve;` makes `solve::PROGRAM` a path into it).
    fn resolve<'p>(
        &self,
        module: usize,
        path: &'p [String],
        aliases: &BTreeMap<String, usize>,
    ) -> Option<(usize, &'p [String])> {
        let (mut at, mut rest) = match path.first().map(String::as_str)? {
            "crate" => (0, &path[1..]),
            "self" => (module, &path[1..]),
            "super" => {
                let mut at = module;
                let mut rest = path;
                while rest.first().map(String::as_str) == Some("super") {
                    at = self.modules[at].parent?;
                    rest = &rest[1..];
                }
                (at, rest)
            }
            name => match self
                .child(module, name)
                .or_else(|| aliases.get(name).copied())
            {
                Some(child) => (child, &path[1..]),
                None => return None,
            },
        };
        while let Some(child) = rest.first().and_then(|name| self.child(at, name)) {
            at = child;
            rest = &rest[1..];
        }
        Some((at, rest))
    }

    /// Marks what the paths of `text`, the text of `module`, need.
    fn need_paths(&self, module: usize, text: &str, needs: &mut Needs) {
        let paths = lexer::paths(text);
        let mut aliases = BTreeMap::new();
        // Twice, so that an import through an imported module is found too.
        for _ in 0..2 {
            for path in &paths {
                let Some((at, rest)) = self.resolve(module, path, &aliases) else {
                    continue;
                };
                let name = match rest {
                    [] => path.last(),
                    [only] if only == "self" => path.iter().rev().nth(1),
                    _ => None,
                };
                if let Some(name) = name {
                    aliases.insert(name.clone(), at);
                }
            }
        }
        for path in &paths {
            let Some((at, rest)) = self.resolve(module, path, &aliases) else {
                continue;
            };
            match rest.first().map(String::as_str) {
                // An import of the module itself: what the text uses of it is found through
                // `aliases`.
                None | Some("self") => needs.exists(at),
                Some("*") => needs.subtree(self, at),
                Some(name) if at == 0 => {
                    if let Some(target) = self.root_exports.get(name) {
                        if needs
                            .root_exports
                            .insert(name.to_string(), target.clone())
                            .is_none()
                        {
                            let target = target.join("::");
                            self.need_paths(0, &target, needs);
                        }
                    }
                }
                Some(_) => needs.text(at),
            }
        }
    }
}

/// What a bundle needs: per module, and the root re-exports used.
struct Needs {
    of: Vec<Need>,
    /// Modules whose text was newly needed and is not scanned yet.
    to_scan: Vec<usize>,
    root_exports: BTreeMap<String, Vec<String>>,
}

impl Needs {
    fn new(modules: usize) -> Needs {
        Needs {
            of: vec![Need::Nothing; modules],
            to_scan: Vec::new(),
            root_exports: BTreeMap::new(),
        }
    }

    fn exists(&mut self, module: usize) {
        if self.of[module] == Need::Nothing {
            self.of[module] = Need::Container;
        }
    }

    fn text(&mut self, module: usize) {
        if module != 0 && self.of[module] != Need::Text {
            self.of[module] = Need::Text;
            self.to_scan.push(module);
        }
    }

    fn subtree(&mut self, tree: &ModuleTree, module: usize) {
        self.text(module);
        for &(_, child) in &tree.modules[module].children {
            self.subtree(tree, child);
        }
    }

    /// Scans every module whose text is needed for the paths it uses, until nothing new is
    /// needed; then marks the containers on the way to each needed module.
    fn close(&mut self, tree: &ModuleTree) {
        while let Some(module) = self.to_scan.pop() {
            // A private child (`mod name;`) is part of its parent's text: it may hold only
            // methods of the parent's types, which no path names.
            for (declaration, child) in &tree.modules[module].children {
                if declaration.visibility.is_empty() {
                    self.text(*child);
                }
            }
            tree.need_paths(module, &tree.modules[module].text, self);
        }
        for module in 1..self.of.len() {
            if self.of[module] == Need::Nothing {
                continue;
            }
            let mut at = tree.modules[module].parent;
            while let Some(parent) = at {
                if self.of[parent] == Need::Nothing {
                    self.of[parent] = Need::Container;
                }
                at = tree.modules[parent].parent;
            }
        }
    }
}

/// The text of module `index` as it goes into a bundle: its own text with each needed child
/// inlined in place of its `mod name;`, or, for a container, only its needed children.
fn module_text(tree: &ModuleTree, needs: &Needs, index: usize) -> String {
    let module = &tree.modules[index];
    let inline = |declaration: &ModDeclaration, child: usize| {
        format!(
            "{}mod {} {{\n{}\n}}\n",
            visibility_prefix(&declaration.visibility),
            declaration.name,
            module_text(tree, needs, child).trim_end()
        )
    };
    if needs.of[index] == Need::Container || index == 0 {
        let mut out = String::new();
        for (declaration, child) in &module.children {
            if needs.of[*child] != Need::Nothing {
                out.push('\n');
                out.push_str(&inline(declaration, *child));
            }
        }
        return out;
    }
    let mut out = String::with_capacity(module.text.len());
    let mut last = 0;
    for (declaration, child) in &module.children {
        out.push_str(&module.text[last..declaration.start]);
        if needs.of[*child] != Need::Nothing {
            out.push_str(&inline(declaration, *child));
        }
        last = declaration.end;
    }
    out.push_str(&module.text[last..]);
    out
}

fn visibility_prefix(visibility: &str) -> String {
    if visibility.is_empty() {
        String::new()
    } else {
        format!("{visibility} ")
    }
}

/// Replaces every `include_str!("file")` of `text` (the text of `file`) with the file's text as
/// a raw string literal.
fn resolve_include_strs(text: &str, file: &Path) -> Result<String, String> {
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (start, end, name) in lexer::include_strs(text) {
        out.push_str(&text[last..start]);
        out.push_str(&lexer::raw_string(&read(&dir.join(name))?));
        last = end;
    }
    out.push_str(&text[last..]);
    Ok(out)
}

/// Appends the modules `root_text` (code at the bundle's root) uses, and the root re-exports it
/// needs.
fn append_used_modules(tree: &ModuleTree, root_text: &str, out: &mut String) {
    let mut needs = Needs::new(tree.modules.len());
    tree.need_paths(0, root_text, &mut needs);
    needs.close(tree);
    for (name, target) in &needs.root_exports {
        let target = target.join("::");
        let target = target.strip_prefix("crate::").unwrap_or(&target);
        out.push_str(&format!("pub use crate::{target} as {name};\n"));
    }
    out.push_str(&module_text(tree, &needs, 0));
}

/// The binaries of the crate whose library sources are in `src`: the stems of `src/bin/*.rs`.
pub fn binaries(src: &Path) -> Result<Vec<String>, String> {
    let dir = src.join("bin");
    let entries = std::fs::read_dir(&dir).map_err(|err| format!("{}: {err}", dir.display()))?;
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            (path.extension()? == "rs").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    Ok(names)
}

/// The one-file form of `src/bin/<name>.rs`.
///
/// # Errors
/// An unknown binary (the message lists the valid names), or a source file that cannot be read.
///
/// # Examples
///
/// ```
/// let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
/// let text = minejudge::bundle::bundle(&src, "mine-ops").unwrap();
/// assert!(text.contains("mod judges {"));
/// assert!(!text.contains("mod solver {"), "only what mine-ops uses");
/// ```
pub fn bundle(src: &Path, name: &str) -> Result<String, String> {
    let known = binaries(src)?;
    if !known.iter().any(|known| known == name) {
        return Err(format!(
            "no binary named {name:?}; the binaries are: {}",
            known.join(", ")
        ));
    }
    let tree = ModuleTree::read(src)?;
    let main = read(&src.join("bin").join(format!("{name}.rs")))?;
    let main = lexer::replace_in_code(&main, "minejudge::", "crate::");
    let mut out = format!(
        "// `{name}` in one file, made by `cargo run --release --bin bundle -- {name}` from the\n\
         // minejudge crate. Rust 2021, std only, for Rust 1.70 and later.\n\
         #![allow(dead_code)]\n"
    );
    out += &main;
    append_used_modules(&tree, &main, &mut out);
    Ok(fit_size_limit(out))
}

/// LeetCode's form of `update_board`: the `impl Solution` of `src/judges/update_board/solution.rs` and what it
/// uses, without its `struct Solution` (LeetCode declares it) and with its `//!` lines turned
/// into `//` (they cannot follow LeetCode's own code).
pub fn leetcode_bundle(src: &Path) -> Result<String, String> {
    let tree = ModuleTree::read(src)?;
    let source = read(&src.join("judges").join("update_board").join("solution.rs"))?;
    let without_struct = lexer::remove_item(&source, "pub struct Solution;")
        .ok_or("src/judges/update_board/solution.rs has no `pub struct Solution;` to leave out")?;
    let root = lexer::inner_docs_to_plain(&lexer::strip_test_modules(&without_struct));
    let mut out = String::from(
        "// LeetCode 529 `update_board`, made by `cargo run --release --bin bundle -- --leetcode\n\
         // update-board` from the minejudge crate. Paste below LeetCode's `struct Solution`.\n",
    );
    out += &root;
    append_used_modules(&tree, &root, &mut out);
    Ok(fit_size_limit(out))
}

/// A bundle as it is when it fits in [`SIZE_LIMIT`]; otherwise without its comments, and if
/// that is not enough without its indentation too (code unchanged), with a first line that
/// says so.
fn fit_size_limit(bundle: String) -> String {
    if bundle.len() < SIZE_LIMIT {
        return bundle;
    }
    let first_line = bundle.lines().next().unwrap_or_default().to_string();
    let uncommented = lexer::strip_comments(&bundle);
    let note = "// Comments removed to fit the 64 KiB limit of online judges.";
    if uncommented.len() + note.len() + 1 < SIZE_LIMIT {
        return format!("{first_line}\n{note}\n{uncommented}");
    }
    format!(
        "{first_line}\n// Comments and indentation removed to fit the 64 KiB limit of online \
         judges.\n{}",
        lexer::strip_indentation(&uncommented)
    )
}

/// The `src` folder of this crate, where `bundle` reads the sources by default.
pub fn default_src() -> PathBuf {
    // `option_env!`, not `env!`: this file must compile alone too, like every bundle.
    match option_env!("CARGO_MANIFEST_DIR") {
        Some(dir) => Path::new(dir).join("src"),
        None => PathBuf::from("src"),
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|err| format!("{}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crate in a temporary folder: `files` as (path under `src/`, text).
    fn crate_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let src = std::env::temp_dir()
            .join(format!("minejudge-bundle-{}-{name}", std::process::id()))
            .join("src");
        let _ = std::fs::remove_dir_all(&src);
        for (path, text) in files {
            let file = src.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
        src
    }

    #[test]
    fn follows_nested_modules_and_keeps_only_what_is_used() {
        let src = crate_with(
            "nested",
            &[
                ("lib.rs", "pub mod games;\npub mod util;\npub mod unused;\npub use util::helper;\n"),
                ("games/mod.rs", "//! Games.\npub mod chess;\n/// Go.\npub mod go;\n\npub fn all() -> usize { go::ONE }\n"),
                ("games/chess.rs", "pub fn solve() -> usize { crate::util::helper() + super::go::ONE }\n#[cfg(test)]\nmod tests;\n"),
                ("games/chess/tests.rs", "broken on purpose {\n"),
                ("games/go.rs", "pub const ONE: usize = 1;\n"),
                ("util.rs", "pub fn helper() -> usize { 41 }\n"),
                ("unused.rs", "pub fn never() {}\n"),
                ("bin/app.rs", "fn main() {\n    println!(\"{}\", minejudge::games::chess::solve());\n}\n"),
            ],
        );
        let text = bundle(&src, "app").unwrap();
        assert!(
            text.contains("pub mod games {\n\npub mod chess {\npub fn solve()"),
            "{text}"
        );
        assert!(text.contains("pub mod go {\npub const ONE"), "{text}");
        assert!(
            !text.contains("pub fn all()"),
            "games is only a container: {text}"
        );
        assert!(text.contains("pub mod util {"), "{text}");
        assert!(
            !text.contains("unused") && !text.contains("broken"),
            "{text}"
        );
        assert!(text.contains("crate::games::chess::solve()"), "{text}");
    }

    #[test]
    fn a_private_child_goes_with_its_parent_though_no_path_names_it() {
        let src = crate_with(
            "private",
            &[
                ("lib.rs", "pub mod counter;\n"),
                ("counter/mod.rs", "mod step;\npub mod unused;\npub struct Counter(pub u32);\n"),
                ("counter/step.rs", "impl super::Counter { pub fn step(&mut self) { self.0 += 1; } }\n"),
                ("counter/unused.rs", "pub fn never() {}\n"),
                ("bin/app.rs", "fn main() {\n    let mut c = minejudge::counter::Counter(0);\n    c.step();\n}\n"),
            ],
        );
        let text = bundle(&src, "app").unwrap();
        assert!(text.contains("mod step {\nimpl super::Counter"), "{text}");
        assert!(
            !text.contains("fn never()"),
            "a public child no path names stays out: {text}"
        );
    }

    #[test]
    fn imported_modules_root_exports_and_globs() {
        let src = crate_with(
            "imports",
            &[
                ("lib.rs", "pub mod io;\npub mod board;\npub mod all;\npub use board::Grid;\n"),
                ("io.rs", "pub mod scanner;\nmod output;\n"),
                ("io/scanner.rs", "pub struct Scanner;\n"),
                ("io/output.rs", "pub struct Output;\n"),
                ("board.rs", "pub struct Grid;\n"),
                ("all.rs", "pub mod one;\npub mod two;\n"),
                ("all/one.rs", "pub struct One;\n"),
                ("all/two.rs", "pub struct Two;\n"),
                ("bin/app.rs", "use minejudge::io;\nuse minejudge::Grid;\nuse minejudge::all::*;\nfn main() { let _ = (io::scanner::Scanner, Grid, one::One); }\n"),
            ],
        );
        let text = bundle(&src, "app").unwrap();
        assert!(
            text.contains("pub use crate::board::Grid as Grid;"),
            "{text}"
        );
        assert!(text.contains("pub mod scanner {"), "{text}");
        assert!(!text.contains("mod output"), "used through `io::`: {text}");
        assert!(
            text.contains("pub mod one {") && text.contains("pub mod two {"),
            "{text}"
        );
    }

    #[test]
    fn include_str_becomes_a_raw_string_that_its_text_cannot_end() {
        let src = crate_with(
            "include",
            &[
                ("lib.rs", "pub mod page;\n"),
                (
                    "page/mod.rs",
                    "pub const PAGE: &str = include_str!(\"page.html\");\n",
                ),
                ("page/page.html", "<p class=\"a\">\"#\"##</p>\n"),
                (
                    "bin/app.rs",
                    "fn main() { print!(\"{}\", minejudge::page::PAGE); }\n",
                ),
            ],
        );
        let text = bundle(&src, "app").unwrap();
        assert!(
            text.contains("pub const PAGE: &str = r###\"<p class=\"a\">\"#\"##</p>\n\"###;"),
            "{text}"
        );
    }

    #[test]
    fn an_unknown_binary_lists_the_valid_names() {
        let src = crate_with(
            "names",
            &[
                ("lib.rs", ""),
                ("bin/one.rs", "fn main() {}\n"),
                ("bin/two.rs", "fn main() {}\n"),
            ],
        );
        let err = bundle(&src, "three").unwrap_err();
        assert_eq!(err, "no binary named \"three\"; the binaries are: one, two");
    }
}
