//! Shrinking a failing function to a small reproducer: delta debugging on
//! the lines of its body.
//!
//! A generated function that fails is usually 20–60 lines of which two or
//! three matter. The reducer removes one line, or one whole block (a line
//! ending in `{` through its closing brace), at a time, keeps a removal if
//! the function still fails *the same way* (the same rustc error, or the
//! same kind of wrong derivative), and repeats until no removal keeps the
//! failure. Candidates are tried many at a time: each is a copy of the
//! function under another name in one batch, with the callees of the
//! original, so one build judges them all. Removing a `let` whose value is
//! used later gives a candidate that does not compile for another reason
//! ("cannot find value"); such candidates are simply not kept. (So a bug
//! whose symptom is one of those errors in the user's code, like bug 9 of
//! `found/BUGS.md`, has to be reduced by hand.)

use crate::project::Project;
use crate::report;
use parad_fuzz_gen::{closure_of, Batch, Function};
use std::collections::BTreeMap;
use std::time::Duration;

/// How a function fails: what must stay the same while it shrinks.
#[derive(Clone, Debug, PartialEq)]
pub enum Symptom {
    /// rustc's error header (`error[E0283]: type annotations needed`).
    Compile(String),
    /// The kind of wrong derivative: the checker's message up to its first
    /// number (`reverse derivative's primal: output`).
    Fail(String),
}

/// rustc errors that a careless removal causes in the user's code (not in
/// the derivatives, whose errors point at the attribute): a candidate with
/// one of them shows nothing about the bug.
const REMOVAL_ERRORS: [&str; 6] = ["E0425", "E0433", "E0384", "E0596", "E0308", "cannot find"];

/// The symptom of one compile error message: its header, and whether it
/// points into generated code (at the `#[autodiff..]` attribute); `None`
/// for an error a careless removal causes.
fn compile_symptom(msg: &str) -> Option<Symptom> {
    let header = msg.lines().next().unwrap_or("").to_string();
    let generated = msg.contains("#[autodiff");
    if !generated && REMOVAL_ERRORS.iter().any(|e| header.contains(e)) {
        return None;
    }
    Some(Symptom::Compile(format!("{header}{}", if generated { " (in generated code)" } else { "" })))
}

fn fail_kind(details: &str) -> String {
    let first = details.lines().next().unwrap_or("");
    let end = first.find(|c: char| c.is_ascii_digit() || c == '[').unwrap_or(first.len());
    first[..end].trim().to_string()
}

/// Lines that can be removed together: each line, and each block.
fn units(body: &[String]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, l) in body.iter().enumerate() {
        if l.trim_end().ends_with('{') {
            let mut depth = 0i32;
            for (j, m) in body.iter().enumerate().skip(i) {
                depth += m.matches('{').count() as i32 - m.matches('}').count() as i32;
                if depth <= 0 {
                    out.push((i, j + 1));
                    break;
                }
            }
        }
        out.push((i, i + 1));
    }
    // Larger removals first: they shrink faster.
    out.sort_by_key(|&(a, b)| std::cmp::Reverse(b - a));
    out.dedup();
    out
}

fn balanced(body: &[String]) -> bool {
    let mut depth = 0i32;
    for c in body.iter().flat_map(|l| l.chars()) {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return false,
            '}' => depth -= 1,
            _ => {}
        }
    }
    depth == 0
}

/// Builds and runs `candidates` (bodies for `f`) beside `callees`; returns
/// each candidate's symptom (`None`: it compiles and passes, or fails for
/// an uninteresting reason).
fn judge(
    project: &Project,
    seed: u64,
    callees: &[Function],
    f: &Function,
    candidates: &[Vec<String>],
    limit: Duration,
) -> Vec<Option<Symptom>> {
    let names: Vec<String> = (0..candidates.len()).map(|k| format!("{}_r{k}", f.name)).collect();
    let mut functions = callees.to_vec();
    functions.extend(candidates.iter().zip(&names).map(|(b, n)| f.variant(n, b.clone())));
    let mut batch = Batch::new(seed, functions);
    let mut result: BTreeMap<String, Option<Symptom>> = BTreeMap::new();
    for _round in 0..6 {
        project.write(&batch.source).expect("the work directory is writable");
        let Err(stderr) = project.build() else { break };
        if std::env::var_os("PARAD_REDUCE_DEBUG").is_some() {
            eprintln!("{stderr}");
        }
        let mut dropped = Vec::new();
        for (msg, lines) in report::compile_errors(&stderr) {
            let Some(g) = lines.iter().find_map(|&l| batch.function_at_line(l)) else { continue };
            let symptom = compile_symptom(&msg);
            let entry = result.entry(g.name.clone()).or_insert(symptom.clone());
            if symptom.is_none() {
                *entry = None;
            }
            dropped.push(g.name.clone());
        }
        if dropped.is_empty() {
            return vec![None; candidates.len()];
        }
        batch = batch.without(&dropped);
    }
    if let Ok(run) = project.run(limit, &[]) {
        let out = report::parse(&run.stdout);
        for finding in out.findings.iter().filter(|x| x.tag == "FAIL") {
            result.entry(finding.name.clone()).or_insert(Some(Symptom::Fail(fail_kind(&finding.details))));
        }
        if run.problem.is_some() {
            if let Some(last) = out.last_started {
                result.entry(last).or_insert(Some(Symptom::Fail("crash".to_string())));
            }
        }
    }
    names.iter().map(|n| result.get(n).cloned().flatten()).collect()
}

/// Reduces function `name` of `batch`; returns the reduced function, its
/// symptom, and the callees it still calls. `None` if it does not fail
/// when checked alone.
pub fn reduce(
    project: &Project,
    batch: &Batch,
    name: &str,
    limit: Duration,
) -> Option<(Function, Symptom, Vec<Function>)> {
    let f = batch.functions.iter().find(|g| g.name == name)?.clone();
    let callees: Vec<Function> = closure_of(&batch.functions, name)
        .iter()
        .filter(|n| *n != name)
        .filter_map(|n| batch.functions.iter().find(|g| &g.name == n).cloned())
        .collect();
    let symptom = judge(project, batch.seed, &callees, &f, std::slice::from_ref(&f.body), limit).pop().flatten()?;
    println!("  {name} fails alone: {symptom:?}; reducing its {} lines", f.body.len());
    let mut body = f.body.clone();
    'shrink: loop {
        let cands: Vec<Vec<String>> = units(&body)
            .into_iter()
            .map(|(a, b)| body[..a].iter().chain(&body[b..]).cloned().collect::<Vec<_>>())
            .filter(|c| balanced(c))
            .collect();
        for group in cands.chunks(16) {
            let verdicts = judge(project, batch.seed, &callees, &f, group, limit);
            let mut failing: Vec<&Vec<String>> =
                group.iter().zip(&verdicts).filter(|(_, v)| v.as_ref() == Some(&symptom)).map(|(c, _)| c).collect();
            failing.sort_by_key(|c| c.len());
            // Beside other candidates a build can hide a candidate's own
            // careless errors: confirm alone before keeping it.
            for c in failing.into_iter().take(3) {
                if judge(project, batch.seed, &callees, &f, std::slice::from_ref(c), limit).pop().flatten()
                    == Some(symptom.clone())
                {
                    body = c.clone();
                    println!("  ... {} lines", body.len());
                    continue 'shrink;
                }
            }
        }
        break;
    }
    let reduced = f.variant(name, body);
    // The callees the reduced body still reaches.
    let mut text = reduced.text();
    let mut used: Vec<Function> = Vec::new();
    while let Some(c) =
        callees.iter().find(|c| !used.iter().any(|u| u.name == c.name) && text.contains(&format!("{}(", c.name)))
    {
        text.push_str(&c.text());
        used.push(c.clone());
    }
    used.sort_by_key(|c| callees.iter().position(|d| d.name == c.name));
    Some((reduced, symptom, used))
}
