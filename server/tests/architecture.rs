//! The structural invariants of ARCHITECTURE.md, checked by reading the source tree (the
//! workspace root is `CARGO_MANIFEST_DIR/..`). Each test fails with the files that break its
//! rule, so that the message says where to look.
//!
//! This file is long because it reads Rust itself (comments, literals, `use` trees, paths
//! and modules; the dependencies hold no Rust parser) to draw the graph on which circles and
//! layers are checked, and because the checks of that reading on small trees sit beside it.
//!
//! The sources are the `.rs` files under `engine/src`, `events/src` and `server/src` and the
//! `.js` files under `web-static`; the test folders are not sources here.
//!
//! - Size: no source file over 1,000 lines, except the reference oracles (files named
//!   `reference.rs`, slow and plain on purpose). A file over 800 lines says why at its top: its
//!   opening comment (the `//!` lines before its first line of code; for a page script, the
//!   `//` or `/* */` lines before its first statement) contains `long because` or
//!   `lines because` (as in "This file is long because ...").
//! - Circles: no two source files import each other, directly or around a loop. An arrow goes
//!   from a file to the file of every module its code names: `use` declarations (groups, `self`
//!   and renames included) and qualified paths in code (`crate::a::b::f()`,
//!   `super::fast::Search`, `child::f()` after `mod child;`, `wire::Round` after
//!   `use super::wire;`). A path resolves to its longest prefix that is a module file
//!   (`crate::a::b::Item` is `src/a/b.rs` or `src/a/b/mod.rs`, failing that `src/a.rs` or
//!   `src/a/mod.rs`); when the name after that prefix is one the file imports (a re-export
//!   such as `pub use answers::Round` in a `mod.rs`, or a private `use` that a child reaches
//!   through `super::`), the arrow follows the import to where the item lives, and goes nowhere
//!   when the item comes from another crate. A `pub use` is a passage, not a use: an arrow only
//!   when the file's own code names what it passes on. Not arrows: a `mod x;` declaration (a
//!   parent declaring its child is the tree, not an import); comments, strings and doc links;
//!   `pub(in path)`; items under `#[cfg(test)]` and the files only such an item declares
//!   (`tests.rs`), which the production build never compiles, so a test module reading its
//!   parent with `use super::*` makes no circle. Binary roots (`main.rs`, `src/bin/*.rs`) are
//!   single files that reach the library by its crate name and are left out. Page scripts: an
//!   arrow for every `import ... from "./x.js"`.
//! - Layers: in the engine, `model` imports none of `formats`, `matching`, `pairing` and
//!   `standings`; `formats` and `matching` import neither each other nor `pairing` and
//!   `standings`; `pairing` does not import `standings` (arrows as above).
//! - Pages: one line in all of `web-static`'s scripts names `innerHTML` (what `grep -c
//!   innerHTML` counts, comments included): the escaping template's.
//! - The server's production code (`#[cfg(test)]` items aside) names no `events::` path other
//!   than `events::app`, in `use` declarations (groups expanded) and in code.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file under `dir` whose name ends in `ext`, sorted, as paths relative to the root.
fn files_under(dir: &str, ext: &str) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, ext: &str, out: &mut Vec<String>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(base, &path, ext, out);
            } else if path.to_string_lossy().ends_with(ext) {
                let rel = path.strip_prefix(base).expect("under the root");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let base = root();
    let mut out = Vec::new();
    walk(&base, &base.join(dir), ext, &mut out);
    out.sort();
    out
}

/// The files under `dir` ending in `ext`, each with its text.
fn texts_under(dir: &str, ext: &str) -> Vec<(String, String)> {
    let read = |f: &String| std::fs::read_to_string(root().join(f)).expect("a readable source");
    files_under(dir, ext)
        .into_iter()
        .map(|f| (read(&f), f))
        .map(|(t, f)| (f, t))
        .collect()
}

/// The sources the size rules cover, each with its text.
fn sources() -> Vec<(String, String)> {
    let mut all = Vec::new();
    for dir in ["engine/src", "events/src", "server/src"] {
        all.extend(texts_under(dir, ".rs"));
    }
    all.extend(texts_under("web-static", ".js"));
    all
}

#[test]
fn no_source_file_is_over_a_thousand_lines() {
    let over: Vec<String> = sources()
        .into_iter()
        .filter(|(f, _)| !f.ends_with("/reference.rs"))
        .filter_map(|(f, text)| {
            let lines = text.lines().count();
            (lines > 1000).then(|| format!("{f} ({lines} lines)"))
        })
        .collect();
    assert!(
        over.is_empty(),
        "source files over 1,000 lines (split them by what they do):\n  {}",
        over.join("\n  ")
    );
}

/// A file's opening comment, as one lowercase line.
fn opening_comment(rel: &str, text: &str) -> String {
    let mut words = Vec::new();
    for line in text.lines().map(str::trim) {
        let comment = if rel.ends_with(".rs") {
            line.strip_prefix("//!")
        } else if line.is_empty() || line == "\"use strict\";" {
            Some("")
        } else {
            ["//", "/*", "*/", "*"]
                .iter()
                .find_map(|p| line.strip_prefix(p))
        };
        match comment {
            Some(c) => words.extend(c.split_whitespace().map(str::to_lowercase)),
            None => break,
        }
    }
    words.join(" ")
}

#[test]
fn every_file_over_eight_hundred_lines_says_why() {
    let silent: Vec<String> = sources()
        .into_iter()
        .filter_map(|(f, text)| {
            let lines = text.lines().count();
            let head = opening_comment(&f, &text);
            let says = head.contains("long because") || head.contains("lines because");
            (lines > 800 && !says).then(|| format!("{f} ({lines} lines)"))
        })
        .collect();
    assert!(
        silent.is_empty(),
        "files over 800 lines whose opening comment does not say why they are long (\"This \
         file is long because ...\"):\n  {}",
        silent.join("\n  ")
    );
}

#[test]
fn pages_reach_inner_html_at_one_site() {
    let mut sites = Vec::new();
    for (f, text) in texts_under("web-static", ".js") {
        for (n, line) in text.lines().enumerate() {
            if line.contains("innerHTML") {
                sites.push(format!("{f}:{}", n + 1));
            }
        }
    }
    assert!(
        sites.len() == 1,
        "{} lines of web-static's scripts name innerHTML; one is wanted (the escaping \
         template's):\n  {}",
        sites.len(),
        sites.join("\n  ")
    );
}

// ---------------------------------------------------------------------------------------
// Reading Rust: comments and literals blanked, `#[cfg(test)]` items dropped, then tokens.

/// Where the comment or literal starting at `c[i]` ends (exclusive), if one starts there.
fn literal_end(c: &[char], i: usize) -> Option<usize> {
    let at = |j: usize| c.get(j).copied().unwrap_or('\0');
    let first_from = |from: usize, ch: char| (from..c.len()).find(|&j| c[j] == ch);
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    match (at(i), at(i + 1)) {
        ('/', '/') => Some(first_from(i, '\n').unwrap_or(c.len())),
        ('/', '*') => {
            let (mut j, mut depth) = (i, 0);
            while j < c.len() {
                match (c[j], at(j + 1)) {
                    ('/', '*') => (depth, j) = (depth + 1, j + 2),
                    ('*', '/') if depth == 1 => return Some(j + 2),
                    ('*', '/') => (depth, j) = (depth - 1, j + 2),
                    _ => j += 1,
                }
            }
            Some(c.len())
        }
        ('"', _) => {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            Some(j + 1)
        }
        // A character literal ('x', '\n', '\''); a lifetime ('a) has no closing quote.
        ('\'', '\\') => first_from(i + 3, '\'').map(|j| j + 1),
        ('\'', _) if at(i + 2) == '\'' => Some(i + 3),
        // A raw string: r"...", r#"..."#, br"...".
        ('r' | 'b', _) if i == 0 || !ident(c[i - 1]) => {
            let r = if c[i] == 'b' { i + 1 } else { i };
            let hashes = (r + 1..c.len()).take_while(|&j| c[j] == '#').count();
            if at(r) != 'r' || at(r + 1 + hashes) != '"' {
                return None;
            }
            let closes = |j: usize| c[j] == '"' && (1..=hashes).all(|h| at(j + h) == '#');
            let end = (r + 2 + hashes..c.len()).find(|&j| closes(j));
            Some(end.map_or(c.len(), |j| j + 1 + hashes))
        }
        _ => None,
    }
}

/// Spaces for `c[from..to]`, its newlines kept so that line numbers stay right.
fn blank(c: &mut [char], from: usize, to: usize) {
    let to = to.min(c.len());
    for ch in c[from..to].iter_mut().filter(|ch| **ch != '\n') {
        *ch = ' ';
    }
}

/// The code the production build compiles: comments and literals blanked, and every item
/// under `#[cfg(test)]` (up to its `;` or its closing brace, whichever ends it).
fn production_code(src: &str) -> String {
    let mut c: Vec<char> = src.chars().collect();
    let mut i = 0;
    while i < c.len() {
        match literal_end(&c, i) {
            Some(end) => {
                blank(&mut c, i, end);
                i = end;
            }
            None => i += 1,
        }
    }
    let mut i = 0;
    while let Some(start) = (i..c.len()).find(|&j| c[j] == '#') {
        let close = (start..c.len())
            .find(|&j| c[j] == ']')
            .unwrap_or(c.len() - 1);
        let attribute: String = c[start..=close]
            .iter()
            .filter(|c| !c.is_whitespace())
            .collect();
        i = start + 1;
        if attribute != "#[cfg(test)]" {
            continue;
        }
        let (mut j, mut braces, mut nest) = (close + 1, 0, 0);
        while j < c.len() {
            match c[j] {
                '(' | '[' => nest += 1,
                ')' | ']' => nest -= 1,
                ';' if braces == 0 && nest == 0 => break,
                '{' => braces += 1,
                '}' if braces == 1 => break,
                '}' => braces -= 1,
                _ => {}
            }
            j += 1;
        }
        blank(&mut c, start, j + 1);
        i = j + 1;
    }
    c.into_iter().collect()
}

/// A token: an identifier (`$crate` read as `crate`), `::`, or one punctuation character,
/// with its line.
type Token = (String, usize);

fn tokens(code: &str) -> Vec<Token> {
    let c: Vec<char> = code.chars().collect();
    let word = |ch: char| ch.is_alphanumeric() || ch == '_';
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    while i < c.len() {
        let start = i + usize::from(c[i] == '$');
        if c[i] == '\n' {
            line += 1;
            i += 1;
        } else if c[i].is_whitespace() {
            i += 1;
        } else if c.get(start).is_some_and(|&ch| word(ch)) {
            i = (start..c.len()).find(|&j| !word(c[j])).unwrap_or(c.len());
            out.push((c[start..i].iter().collect(), line));
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push(("::".into(), line));
            i += 2;
        } else {
            out.push((c[i].to_string(), line));
            i += 1;
        }
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.starts_with(|c: char| c.is_alphabetic() || c == '_')
}

/// One name a `use` declaration brings in: its path, the name it is known by (`None` for a
/// glob, or `as _`), its line, and whether it is a `pub use`.
#[derive(Debug, Clone)]
struct UseItem {
    path: Vec<String>,
    name: Option<String>,
    line: usize,
    public: bool,
}

/// Parses one use tree from `t[*i]`, pushing every leaf onto `out`.
fn use_tree(t: &[Token], i: &mut usize, mut path: Vec<String>, out: &mut Vec<UseItem>) {
    let text = |i: usize| t.get(i).map_or("", |t| t.0.as_str());
    let line = t.get(*i).map_or(0, |t| t.1);
    let leaf = |path, name| UseItem {
        path,
        name,
        line,
        public: false,
    };
    *i += usize::from(text(*i) == "::");
    loop {
        match text(*i) {
            "{" => {
                *i += 1;
                while !matches!(text(*i), "}" | "") {
                    use_tree(t, i, path.clone(), out);
                    *i += usize::from(text(*i) == ",");
                }
                *i += 1;
                return;
            }
            "*" => {
                *i += 1;
                return out.push(leaf(path, None));
            }
            word if is_ident(word) => {
                path.push(word.to_string());
                *i += 1;
                if text(*i) == "::" {
                    *i += 1;
                    continue;
                }
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                }
                let mut name = path.last().cloned();
                if text(*i) == "as" {
                    name = Some(text(*i + 1).to_string()).filter(|n| n != "_");
                    *i += 2;
                }
                return out.push(leaf(path, name));
            }
            _ => return,
        }
    }
}

/// What one file's production code says: the modules it declares, its `use` items and the
/// qualified paths in its code (each with the inline modules, `mod m { ... }`, it sits in),
/// and every name its code uses outside `use` declarations.
#[derive(Debug, Default)]
struct Parsed {
    children: Vec<String>,
    uses: Vec<(Vec<String>, UseItem)>,
    paths: Vec<(Vec<String>, Vec<String>, usize)>,
    words: HashSet<String>,
}

/// The words after which a name is being declared, or is a field or method, not used.
const DECLARING: [&str; 10] = [
    ".", "mod", "fn", "struct", "enum", "trait", "type", "const", "static", "union",
];

fn parse(src: &str) -> Parsed {
    let t = tokens(&production_code(src));
    let text = |i: usize| t.get(i).map_or("", |t| t.0.as_str());
    let mut parsed = Parsed::default();
    let (mut inline, mut depth, mut public_from) = (Vec::<(String, usize)>::new(), 0, None);
    let mut i = 0;
    while i < t.len() {
        let (next, after) = (text(i + 1), text(i + 2));
        let previous = i.checked_sub(1).map_or("", text);
        let within: Vec<String> = inline.iter().map(|(m, _)| m.clone()).collect();
        match text(i) {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            "mod" if is_ident(next) && after == ";" && inline.is_empty() => {
                parsed.children.push(next.to_string());
            }
            "mod" if is_ident(next) && after == "{" => inline.push((next.to_string(), depth + 1)),
            "pub" => {
                // `pub(crate)`, `pub(in crate::a)`: a visibility, not an import.
                if next == "(" {
                    i = (i..t.len()).find(|&j| text(j) == ")").unwrap_or(t.len());
                }
                public_from = Some(i + 1);
            }
            "use" => {
                let public = public_from == Some(i);
                let mut items = Vec::new();
                i += 1;
                use_tree(&t, &mut i, Vec::new(), &mut items);
                i = (i..t.len()).find(|&j| text(j) == ";").unwrap_or(t.len());
                for mut item in items {
                    item.public = public;
                    parsed.uses.push((within.clone(), item));
                }
            }
            word if is_ident(word) && !DECLARING.contains(&previous) && previous != "::" => {
                parsed.words.insert(word.to_string());
                if next == "::" {
                    let (mut path, line) = (vec![word.to_string()], t[i].1);
                    while text(i + 1) == "::" && is_ident(text(i + 2)) {
                        path.push(text(i + 2).to_string());
                        i += 2;
                    }
                    parsed.paths.push((within, path, line));
                }
            }
            _ => {}
        }
        i += 1;
    }
    parsed
}

// ---------------------------------------------------------------------------------------
// The graph of one crate's module files.

/// Where an imported name leads: a path inside the crate, or out of it.
#[derive(Debug, Clone)]
enum Target {
    Inside(Vec<String>),
    Outside,
}

#[derive(Default)]
struct File {
    rel: String,
    module: Vec<String>,
    parsed: Parsed,
    aliases: HashMap<String, Target>,
}

impl File {
    /// A path as the crate-absolute module path it names, said inside the inline modules
    /// `within`: from `crate`, `self`, `super`, a child module or (with `aliases`) a name
    /// the file imports; `None` for a path into another crate (or one this reading cannot
    /// place, such as `Self::`).
    fn absolute(&self, within: &[String], path: &[String], aliases: bool) -> Option<Vec<String>> {
        let here: Vec<String> = self.module.iter().chain(within).cloned().collect();
        let (base, rest): (Vec<String>, &[String]) = match path.first()?.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (here, &path[1..]),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                (here[..here.len().checked_sub(ups)?].to_vec(), &path[ups..])
            }
            child if within.is_empty() && self.parsed.children.iter().any(|c| c == child) => {
                (here, path)
            }
            name if aliases && within.is_empty() => match self.aliases.get(name)? {
                Target::Inside(p) => (p.clone(), &path[1..]),
                Target::Outside => return None,
            },
            _ => return None,
        };
        Some(base.into_iter().chain(rest.iter().cloned()).collect())
    }
}

/// One crate's files and the arrows between them, each arrow with the line that draws it.
struct Graph {
    files: Vec<File>,
    arrows: BTreeMap<(usize, usize), String>,
}

impl Graph {
    /// The library crate whose sources are `sources` (paths relative to its `src`, which is
    /// `src` relative to the root, and their text): the files its `mod` declarations reach
    /// from `lib.rs`, and the arrows between them.
    fn of(src: &str, sources: &HashMap<String, String>) -> Graph {
        let mut files: Vec<File> = Vec::new();
        let mut queue = vec![("lib.rs".to_string(), Vec::<String>::new())];
        while let Some((rel, module)) = queue.pop() {
            let Some(text) = sources.get(&rel) else {
                continue;
            };
            let parsed = parse(text);
            let dir = match rel.strip_suffix("mod.rs").or(rel.strip_suffix("lib.rs")) {
                Some(dir) => dir.to_string(),
                None => format!("{}/", rel.trim_end_matches(".rs")),
            };
            for child in &parsed.children {
                let flat = format!("{dir}{child}.rs");
                let found = match sources.contains_key(&flat) {
                    true => flat,
                    false => format!("{dir}{child}/mod.rs"),
                };
                queue.push((found, module.iter().chain([child]).cloned().collect()));
            }
            let rel = format!("{src}/{rel}");
            files.push(File {
                rel,
                module,
                parsed,
                ..File::default()
            });
        }
        files.sort_by(|a, b| a.rel.cmp(&b.rel));
        for f in &mut files {
            for (within, u) in &f.parsed.uses {
                if let Some(name) = &u.name {
                    let target = f.absolute(within, &u.path, false);
                    let target = target.map_or(Target::Outside, Target::Inside);
                    f.aliases.insert(name.clone(), target);
                }
            }
        }
        let modules: HashMap<Vec<String>, usize> = files
            .iter()
            .enumerate()
            .map(|(n, f)| (f.module.clone(), n))
            .collect();
        let mut graph = Graph {
            files,
            arrows: BTreeMap::new(),
        };
        let mut arrows = BTreeMap::new();
        for (from, f) in graph.files.iter().enumerate() {
            let mut named = Vec::new();
            for (within, u) in &f.parsed.uses {
                let used_here = u.name.as_ref().is_some_and(|n| f.parsed.words.contains(n));
                if u.public && !used_here {
                    continue;
                }
                let why = format!("line {}: use {}", u.line, u.path.join("::"));
                named.extend(f.absolute(within, &u.path, true).map(|abs| (abs, why)));
            }
            for (within, path, line) in &f.parsed.paths {
                let why = format!("line {line}: {}", path.join("::"));
                named.extend(f.absolute(within, path, true).map(|abs| (abs, why)));
            }
            for (abs, why) in named {
                match graph.resolve(&modules, &abs, 0) {
                    Some(to) if to != from => {
                        arrows.entry((from, to)).or_insert(why);
                    }
                    _ => {}
                }
            }
        }
        graph.arrows = arrows;
        graph
    }

    /// The file an absolute path names: its longest prefix that is a module file, or, when
    /// the next name is one that file imports, where that import leads.
    fn resolve(
        &self,
        modules: &HashMap<Vec<String>, usize>,
        abs: &[String],
        depth: usize,
    ) -> Option<usize> {
        let (k, &file) = (0..=abs.len())
            .rev()
            .find_map(|k| Some((k, modules.get(&abs[..k])?)))?;
        if k == abs.len() || depth > 8 {
            return Some(file);
        }
        match self.files[file].aliases.get(&abs[k]) {
            Some(Target::Outside) => None,
            Some(Target::Inside(p)) => {
                let further: Vec<String> = p.iter().chain(&abs[k + 1..]).cloned().collect();
                self.resolve(modules, &further, depth + 1).or(Some(file))
            }
            None => Some(file),
        }
    }

    /// The groups of files that reach each other (the strongly connected components of more
    /// than one file, by reachability from each file: a few hundred files), each sorted,
    /// with the arrows inside them.
    fn circles(&self) -> Vec<(Vec<String>, Vec<String>)> {
        let n = self.files.len();
        let reach = |from: usize| {
            let (mut seen, mut stack) = (vec![false; n], vec![from]);
            while let Some(v) = stack.pop() {
                for &(_, w) in self.arrows.range((v, 0)..(v + 1, 0)).map(|(k, _)| k) {
                    if !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            seen
        };
        let reached: Vec<Vec<bool>> = (0..n).map(reach).collect();
        let mut placed = vec![false; n];
        let mut out = Vec::new();
        for v in (0..n).filter(|&v| reached[v][v]) {
            if placed[v] {
                continue;
            }
            let group: BTreeSet<usize> =
                (0..n).filter(|&w| reached[v][w] && reached[w][v]).collect();
            group.iter().for_each(|&w| placed[w] = true);
            let files = group.iter().map(|&f| self.files[f].rel.clone()).collect();
            let inside = self
                .arrows
                .iter()
                .filter(|((a, b), _)| group.contains(a) && group.contains(b));
            let arrows = inside
                .map(|((a, b), why)| {
                    format!("{} -> {} ({why})", self.files[*a].rel, self.files[*b].rel)
                })
                .collect();
            out.push((files, arrows));
        }
        out
    }
}

/// The library of a crate folder (`engine`, `events`, `server`), read from disk.
fn crate_graph(krate: &str) -> Graph {
    let src = format!("{krate}/src");
    let sources = texts_under(&src, ".rs").into_iter();
    let sources = sources
        .map(|(f, text)| (f[src.len() + 1..].to_string(), text))
        .collect();
    Graph::of(&src, &sources)
}

/// The page scripts' imports (paths relative to the root, and their text): `import ... from
/// "./x.js"` (or `export ... from`, or `import("./x.js")`), each resolved against the
/// importing file's folder (a path from `/static/` against `web-static`).
fn script_graph(scripts: &[(String, String)]) -> Graph {
    let index: HashMap<&str, usize> = scripts
        .iter()
        .enumerate()
        .map(|(n, (f, _))| (f.as_str(), n))
        .collect();
    let files = scripts.iter().map(|(f, _)| File {
        rel: f.clone(),
        ..File::default()
    });
    let mut graph = Graph {
        files: files.collect(),
        arrows: BTreeMap::new(),
    };
    for (from, (f, text)) in scripts.iter().enumerate() {
        let dir = f.rsplit_once('/').map_or("", |(d, _)| d);
        for (n, line) in text.lines().enumerate() {
            for pattern in [
                "from \"",
                "from '",
                "import(\"",
                "import('",
                "import \"",
                "import '",
            ] {
                for (at, _) in line.match_indices(pattern) {
                    let spec = &line[at + pattern.len()..];
                    let quote = pattern.chars().last().unwrap_or('"');
                    let spec = &spec[..spec.find(quote).unwrap_or(spec.len())];
                    let mut parts: Vec<&str> = match spec.starts_with('.') {
                        true => dir.split('/').collect(),
                        false => vec!["web-static"],
                    };
                    for part in spec.split('/') {
                        match part {
                            "" | "." => {}
                            ".." => drop(parts.pop()),
                            "static" if parts == ["web-static"] => {}
                            p => parts.push(p),
                        }
                    }
                    match index.get(parts.join("/").as_str()) {
                        Some(&to) if to != from => {
                            let why = format!("line {}: {}", n + 1, line.trim());
                            graph.arrows.entry((from, to)).or_insert(why);
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    graph
}

#[test]
fn no_two_source_files_import_each_other() {
    let mut circles = Vec::new();
    for krate in ["engine", "events", "server"] {
        circles.extend(crate_graph(krate).circles());
    }
    circles.extend(script_graph(&texts_under("web-static", ".js")).circles());
    let described: Vec<String> = circles
        .iter()
        .map(|(files, arrows)| format!("{}\n    {}", files.join(" <-> "), arrows.join("\n    ")))
        .collect();
    assert!(
        circles.is_empty(),
        "{} groups of files import each other (the files, then the arrows between them):\n  {}",
        circles.len(),
        described.join("\n  ")
    );
}

/// The arrows of the engine's graph (its sources under `src`) that go from a lower layer to
/// a higher one, each with the line that draws it.
fn layer_offences(graph: &Graph, src: &str) -> Vec<String> {
    let layer = |rel: &str| -> Option<&'static str> {
        ["model", "formats", "matching", "pairing", "standings"]
            .into_iter()
            .find(|l| rel.starts_with(&format!("{src}/{l}/")))
    };
    let forbidden: &[(&str, &[&str])] = &[
        ("model", &["formats", "matching", "pairing", "standings"]),
        ("formats", &["matching", "pairing", "standings"]),
        ("matching", &["formats", "pairing", "standings"]),
        ("pairing", &["standings"]),
    ];
    let mut wrong = Vec::new();
    for ((a, b), why) in &graph.arrows {
        let (from, to) = (&graph.files[*a].rel, &graph.files[*b].rel);
        if let (Some(la), Some(lb)) = (layer(from), layer(to)) {
            if forbidden
                .iter()
                .any(|(l, higher)| *l == la && higher.contains(&lb))
            {
                wrong.push(format!("{from} ({la}) -> {to} ({lb}): {why}"));
            }
        }
    }
    wrong
}

#[test]
fn lower_layers_of_the_engine_import_no_higher_one() {
    let wrong = layer_offences(&crate_graph("engine"), "engine/src");
    assert!(
        wrong.is_empty(),
        "engine files that import a higher layer (model < formats, matching < pairing < \
         standings):\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn the_server_names_only_events_app() {
    let mut wrong = Vec::new();
    for (f, text) in texts_under("server/src", ".rs") {
        let parsed = parse(&text);
        let uses = parsed.uses.into_iter().map(|(_, u)| (u.path, u.line));
        let paths = parsed.paths.into_iter().map(|(_, path, line)| (path, line));
        for (path, line) in uses.chain(paths) {
            if path[0] == "events" && path.get(1).is_none_or(|s| s != "app") {
                wrong.push(format!("{f}:{line}: {}", path.join("::")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} places where the server names an events:: path other than events::app:\n  {}",
        wrong.len(),
        wrong.join("\n  ")
    );
}

/// Each crate knows only what is its own (ARCHITECTURE.md's invariants): the engine no I/O,
/// thread, clock, async runtime, storage or wire; within `events`, only `backend/sled.rs` knows
/// sled and only `backend/postgres.rs` (and the test kit) PostgreSQL; HTTP and WebSocket only
/// in the server. Read as the first segments of every path the production code names, so a
/// test module (`#[cfg(test)]`, `tests.rs`) may time itself.
#[test]
fn each_crate_names_only_what_it_may_know() {
    let engine = [
        "std::fs",
        "std::net",
        "std::thread",
        "std::time",
        "std::process",
    ];
    let storage = [
        "tokio",
        "sled",
        "tokio_postgres",
        "deadpool_postgres",
        "serde_json",
    ];
    let wire = [
        "actix_web",
        "actix_ws",
        "actix_http",
        "tokio_tungstenite",
        "utoipa",
    ];
    let allowed = |f: &str, name: &str| match name {
        "sled" => f == "events/src/backend/sled.rs",
        "tokio_postgres" | "deadpool_postgres" => {
            f == "events/src/backend/postgres.rs" || f == "events/src/testkit.rs"
        }
        _ => false,
    };
    let mut wrong = Vec::new();
    for dir in ["engine/src", "events/src"] {
        for (f, text) in texts_under(dir, ".rs") {
            if f.ends_with("/tests.rs") || f.contains("/bin/") {
                continue;
            }
            let parsed = parse(&text);
            let uses = parsed.uses.into_iter().map(|(_, u)| (u.path, u.line));
            let paths = parsed.paths.into_iter().map(|(_, path, line)| (path, line));
            for (path, line) in uses.chain(paths) {
                let two = path.iter().take(2).cloned().collect::<Vec<_>>().join("::");
                let barred = wire.contains(&path[0].as_str())
                    || (dir == "engine/src"
                        && (engine.contains(&two.as_str()) || storage.contains(&path[0].as_str())))
                    || (["sled", "tokio_postgres", "deadpool_postgres"]
                        .contains(&path[0].as_str())
                        && !allowed(&f, &path[0]));
                if barred {
                    wrong.push(format!("{f}:{line}: {}", path.join("::")));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} places where a crate names what it must never know:\n  {}",
        wrong.len(),
        wrong.join("\n  ")
    );
}

// ---------------------------------------------------------------------------------------
// The checks on small trees whose answer is known.

fn tree(sources: &[(&str, &str)]) -> Graph {
    let sources = sources.iter().map(|(f, t)| (f.to_string(), t.to_string()));
    Graph::of("src", &sources.collect())
}

fn circles_of(sources: &[(&str, &str)]) -> Vec<Vec<String>> {
    tree(sources)
        .circles()
        .into_iter()
        .map(|(files, _)| files)
        .collect()
}

#[test]
fn the_circle_finder_finds_circles_by_use_and_by_qualified_path() {
    let found = circles_of(&[
        ("lib.rs", "pub mod model;\npub mod pairing;"),
        ("model/mod.rs", "pub mod settings;\npub mod acceleration;"),
        (
            "model/settings.rs",
            "pub fn f() { crate::model::acceleration::g() }",
        ),
        (
            "model/acceleration.rs",
            "use crate::model::settings::f;\npub fn g() {}",
        ),
        ("pairing/mod.rs", "mod fast;\nmod procedure;\nmod colours;"),
        (
            "pairing/fast.rs",
            "use super::colours::c;\nfn a() { super::procedure::p(); }",
        ),
        (
            "pairing/procedure.rs",
            "use super::{fast::{self as quick}, colours};",
        ),
        ("pairing/colours.rs", "pub fn c() {}"),
    ]);
    let expected = [
        ["src/model/acceleration.rs", "src/model/settings.rs"],
        ["src/pairing/fast.rs", "src/pairing/procedure.rs"],
    ];
    assert_eq!(found, expected);
    // Around a loop of three, through a re-export and a module imported by name.
    let found = circles_of(&[
        ("lib.rs", "mod a;\nmod b;\nmod c;\npub use c::Item;"),
        ("a.rs", "use crate::b;\nfn f() { b::g() }"),
        ("b.rs", "fn g() -> crate::Item { todo!() }"),
        ("c.rs", "pub struct Item;\nfn g() { let _ = crate::a::A; }"),
    ]);
    assert_eq!(found, [["src/a.rs", "src/b.rs", "src/c.rs"]]);
}

#[test]
fn the_circle_finder_sees_no_circle_in_a_tree_or_a_test() {
    let found = circles_of(&[
        // A parent declares its children, which read its items: the tree, not a circle.
        (
            "lib.rs",
            "pub mod wire;\n#[cfg(test)]\nmod tests;\npub use wire::Round;",
        ),
        (
            "wire/mod.rs",
            "mod answers;\nmod views;\npub use answers::Round;\nuse engine::Color;\n\
             pub struct Shared;",
        ),
        (
            "wire/answers.rs",
            "use super::Shared;\nuse super::Color;\npub struct Round;\n\
             // use super::views::V; (a comment)\n\
             const S: &str = \"super::views::V\";\nconst R: &str = r#\"super::views::V\"#;\n\
             #[cfg(test)]\nmod tests {\n    use super::super::views::V;\n}",
        ),
        (
            "wire/views.rs",
            "use super::Round;\npub(in crate::wire) struct V(crate::wire::Shared);",
        ),
        // Declared only under #[cfg(test)]: not compiled in production.
        ("tests.rs", "use crate::wire::views::V;\nuse super::*;"),
    ]);
    assert_eq!(found, Vec::<Vec<String>>::new());
}

#[test]
fn the_layer_check_finds_an_import_upwards() {
    let graph = tree(&[
        (
            "lib.rs",
            "pub mod model;\npub mod pairing;\npub mod standings;",
        ),
        ("model/mod.rs", "pub mod settings;"),
        (
            "model/settings.rs",
            "fn f() { crate::pairing::dutch::pair(); }",
        ),
        (
            "pairing/mod.rs",
            "pub mod dutch;\nuse crate::model::settings;",
        ),
        (
            "pairing/dutch.rs",
            "pub fn pair() {}\nuse crate::standings::Row;",
        ),
        (
            "standings/mod.rs",
            "pub struct Row;\nuse crate::pairing::dutch::pair;",
        ),
    ]);
    assert_eq!(
        layer_offences(&graph, "src"),
        [
            "src/model/settings.rs (model) -> src/pairing/dutch.rs (pairing): line 1: \
             crate::pairing::dutch::pair",
            "src/pairing/dutch.rs (pairing) -> src/standings/mod.rs (standings): line 2: use \
             crate::standings::Row",
        ]
    );
}

#[test]
fn the_circle_finder_reads_the_scripts_imports() {
    let scripts = [
        ("web-static/common.js", "export const esc = (s) => s;"),
        (
            "web-static/views/a.js",
            "import { b } from \"./b.js\";\nimport \"../common.js\";",
        ),
        (
            "web-static/views/b.js",
            "import { a } from '/static/views/a.js';",
        ),
        (
            "web-static/c.js",
            "const m = await import(\"./common.js\");",
        ),
    ];
    let scripts: Vec<(String, String)> = scripts
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
    let graph = script_graph(&scripts);
    assert_eq!(graph.arrows.len(), 4, "{:?}", graph.arrows);
    let circles: Vec<Vec<String>> = graph.circles().into_iter().map(|(f, _)| f).collect();
    assert_eq!(
        circles,
        [["web-static/views/a.js", "web-static/views/b.js"]]
    );
}
