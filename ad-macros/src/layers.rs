//! The pipeline runs one way: each stage module uses only the stages
//! below it. This test reads the sources and fails on a `crate::` path
//! that points up (or sideways, between two stages of one rank), and on a
//! top-level module missing from `LAYERS`, so a new one is placed.

use std::path::Path;

/// The top-level modules, lowest first: facts every stage shares, then
/// the stages in the order the driver (`expand`) runs them.
const LAYERS: &[&[&str]] = &[
    &["diag", "syntax", "names", "ir"],
    &["parse"],
    &["lifetimes", "flatten"],
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
/// outside comments and its `#[cfg(test)]` tail.
fn uses(src: &str) -> Vec<String> {
    let code = src.split("#[cfg(test)]").next().unwrap_or("");
    let code: String = code.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or("");
            out.extend(inner.split(',').map(|p| ident(p.trim())).filter(|m| !m.is_empty()));
        } else {
            out.push(ident(rest));
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
