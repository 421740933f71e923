//! The pipeline runs one way: each stage module uses only the stages
//! below it. This test reads the sources and fails on a `crate::` path
//! that points up (or sideways, between two stages of one rank), and on a
//! top-level module missing from `LAYERS`, so a new one is placed.

use std::path::Path;

/// The top-level modules, lowest first: facts every stage shares, then
/// the stages in the order the driver (`expand`) runs them.
const LAYERS: &[&[&str]] = &[
    &["ids"],
    &["diag", "syntax", "names", "ir"],
    &["parse"],
    &["lifetimes", "generics", "flatten", "options", "arrays", "chunks", "chosen", "grows"],
    &["scalars"],
    &["lower"],
    &["analysis"],
    &["codegen"],
    &["kernel"],
    &["expand"],
];

/// Test-only modules, which may use anything.
const TESTS: &[&str] = &["robust", "snapshots", "layers", "lib"];

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The modules a source names as `crate::m` or in `use crate::{m, ..}`,
/// outside comments and its `#[cfg(test)]` tail, each once.
fn uses(src: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for path in paths(src, &[]) {
        if path[0] == "crate" && !out.contains(&path[1]) {
            out.push(path[1].clone());
        }
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn stages_use_only_the_stages_below() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 50, "found only {} sources", files.len());
    let mut wrong = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&root).unwrap();
        let top = rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
        if TESTS.contains(&top.as_str()) {
            continue;
        }
        let Some(from) = rank(&top) else {
            wrong.push(format!("{}: module `{top}` is in no layer of LAYERS", rel.display()));
            continue;
        };
        for used in uses(&std::fs::read_to_string(&file).unwrap()) {
            if used == top {
                continue;
            }
            match rank(&used) {
                Some(to) if to < from => {}
                Some(_) => wrong.push(format!("{}: `{top}` uses `crate::{used}`, not below it", rel.display())),
                None => wrong.push(format!("{}: uses `crate::{used}`, in no layer", rel.display())),
            }
        }
    }
    assert!(wrong.is_empty(), "the pipeline's imports run back up:\n{}", wrong.join("\n"));
}

#[test]
fn the_scan_finds_paths_and_groups() {
    let src = "use crate::ir::{Expr, Stmt};\nuse crate::{diag, names::ident};\n// crate::expand\nfn f() { crate::syntax::strip_parens(e); }";
    assert_eq!(uses(src), ["ir", "diag", "names", "syntax"]);
}

/// A module's path from its file: `lower/stmt.rs` is `lower::stmt`,
/// `lower/mod.rs` is `lower`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().to_string()).collect();
    if let Some(last) = parts.last_mut() {
        *last = last.trim_end_matches(".rs").to_string();
    }
    if parts.last().is_some_and(|l| l == "mod" || l == "lib") {
        parts.pop();
    }
    parts
}

/// The paths a source names that may lead to another module of the crate:
/// `crate::..`, `super::..`, `self::..`, `use a::..` (with `{..}` groups
/// split), and `kid::..` for a child module `kid` named in code.
fn paths(src: &str, kids: &[String]) -> Vec<Vec<String>> {
    let code = src.split("#[cfg(test)]").next().unwrap_or("");
    let code: String = code.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let bytes = code.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !word(bytes[i]) || (i > 0 && (word(bytes[i - 1]) || bytes[i - 1] == b':')) {
            i += 1;
            continue;
        }
        // A path starting at a word boundary: `a::b::{c, d::e}`.
        let mut segs = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < bytes.len() && word(bytes[j]) {
                j += 1;
            }
            segs.push(code[start..j].to_string());
            if code[j..].starts_with("::") && bytes.get(j + 2).is_some_and(|&c| word(c)) {
                j += 2;
            } else {
                break;
            }
        }
        let mut groups = vec![segs.clone()];
        let grouped = code[j..].starts_with("::{");
        if grouped {
            let inner = code[j + 3..].split('}').next().unwrap_or("");
            groups = inner
                .split(',')
                .map(|p| p.trim().split("::").next().unwrap_or("").trim().to_string())
                .filter(|p| !p.is_empty())
                .map(|p| segs.iter().cloned().chain(std::iter::once(p)).collect())
                .collect();
        }
        let after_use = code[..i].trim_end().ends_with("use");
        let first = segs[0].as_str();
        // (A lone `super` is a visibility, `pub(super)`.)
        let anchored = matches!(first, "crate" | "super" | "self");
        if (segs.len() > 1 || grouped) && (anchored || after_use || kids.iter().any(|k| k == first)) {
            out.extend(groups);
        }
        i = j.max(i + 1);
    }
    out
}

/// The module `path` (written in module `from`) leads to: the longest
/// prefix of it that is a module, if any.
fn target(from: &[String], path: &[String], modules: &[Vec<String>]) -> Option<Vec<String>> {
    let (mut base, mut rest) = match path[0].as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (from.to_vec(), &path[1..]),
        "super" => (from[..from.len().saturating_sub(1)].to_vec(), &path[1..]),
        // A relative path leads to a child or out of the crate.
        _ => {
            let mut child = from.to_vec();
            child.push(path[0].clone());
            return modules.contains(&child).then_some(child);
        }
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    (1..=base.len()).rev().map(|k| base[..k].to_vec()).find(|m| modules.contains(m))
}

/// The circles of the graph `edges` (strongly connected components of
/// more than one module), by Tarjan's algorithm.
fn circles(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct T<'e> {
        edges: &'e [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on: Vec<bool>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    impl T<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on[v] = true;
            for &w in &self.edges[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    self.out.push(comp);
                }
            }
        }
    }
    let n = edges.len();
    let mut t = T {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.out
}

/// Inside a stage too the imports run one way: no two modules use each
/// other, directly or around a circle (a folder's `mod.rs` is its entry;
/// what its files share sits in a file of its own).
#[test]
fn no_import_circles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let rels: Vec<_> = files.iter().map(|f| f.strip_prefix(&root).unwrap().to_path_buf()).collect();
    let modules: Vec<Vec<String>> = rels.iter().map(|r| module_of(r)).collect();
    let mut edges = vec![Vec::new(); files.len()];
    for (i, file) in files.iter().enumerate() {
        let from = &modules[i];
        if from.first().is_some_and(|m| TESTS.contains(&m.as_str())) {
            continue;
        }
        let kids: Vec<String> = modules
            .iter()
            .filter(|m| m.len() == from.len() + 1 && m.starts_with(from))
            .map(|m| m[from.len()].clone())
            .collect();
        for path in paths(&std::fs::read_to_string(file).unwrap(), &kids) {
            if let Some(to) = target(from, &path, &modules) {
                let j = modules.iter().position(|m| *m == to).unwrap();
                if j != i && !to.is_empty() && !edges[i].contains(&j) {
                    edges[i].push(j);
                }
            }
        }
    }
    let found: Vec<String> = circles(&edges)
        .iter()
        .map(|c| {
            let mut lines: Vec<String> = c
                .iter()
                .map(|&m| {
                    let to = edges[m].iter().filter(|t| c.contains(t)).map(|&t| modules[t].join("::"));
                    format!("  {} -> {}", modules[m].join("::"), to.collect::<Vec<_>>().join(", "))
                })
                .collect();
            lines.sort();
            format!("a circle:\n{}", lines.join("\n"))
        })
        .collect();
    assert!(found.is_empty(), "modules that import each other:\n{}", found.join("\n"));
}

#[test]
fn the_graph_scan_resolves_relative_paths() {
    let kids = ["stmt".to_string()];
    let src = "use super::{Lowerer, iter::is_terminal};\nfn f() { stmt::label(x); crate::ir::walk(); a::b(); }";
    let found = paths(src, &kids);
    assert_eq!(
        found,
        [vec!["super", "Lowerer"], vec!["super", "iter"], vec!["stmt", "label"], vec!["crate", "ir", "walk"]]
    );
    let modules = [vec!["lower".to_string()], vec!["lower".into(), "iter".into()], vec!["ir".into()]];
    let from = ["lower".to_string(), "expr".to_string()];
    assert_eq!(target(&from, &found[1], &modules), Some(modules[1].clone()));
    assert_eq!(target(&from, &found[0], &modules), Some(modules[0].clone()));
    assert_eq!(target(&from, &found[3], &modules), Some(modules[2].clone()));
}

/// Three modules around a circle, and one beside it.
#[test]
fn circles_are_found() {
    let edges = vec![vec![1], vec![2], vec![0, 3], vec![]];
    let mut c = circles(&edges);
    c[0].sort();
    assert_eq!(c, [vec![0, 1, 2]]);
}

/// The functions of `src` (a formatted source) and their lengths in lines,
/// from `fn` to the closing brace at the same indentation.
fn function_lengths(src: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let after_vis = code.strip_prefix("pub ").or_else(|| code.split_once(") ").map(|(_, r)| r)).unwrap_or(code);
        let Some(rest) = after_vis.strip_prefix("fn ").or_else(|| code.strip_prefix("fn ")) else { continue };
        if line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let close = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
            out.push((name, end + 2));
        }
    }
    out
}

/// The longest file and function the crate allows, in lines: small enough
/// to read whole.
const MAX_FILE: usize = 800;
const MAX_FN: usize = 120;

#[test]
fn files_and_functions_stay_small() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&root).unwrap().display().to_string();
        let src = std::fs::read_to_string(&file).unwrap();
        let code = src.split("#[cfg(test)]").next().unwrap_or("");
        if code.lines().count() > MAX_FILE {
            wrong.push(format!("{rel}: {} lines", code.lines().count()));
        }
        for (name, len) in function_lengths(code) {
            if len > MAX_FN {
                wrong.push(format!("{rel}: fn {name} has {len} lines"));
            }
        }
    }
    assert!(wrong.is_empty(), "over the limits ({MAX_FILE} lines a file, {MAX_FN} a function):\n{}", wrong.join("\n"));
}

#[test]
fn function_lengths_are_measured() {
    let src =
        "fn a() {\n    x();\n}\n\nimpl T {\n    pub(crate) fn b(&self) -> u8 {\n        1\n    }\n    fn c();\n}\n";
    assert_eq!(function_lengths(src), [("a".to_string(), 3), ("b".to_string(), 3)]);
}
