//! Compile-fail cases of the macros: every error `#[autodiff]`,
//! `#[derivative]` and `#[kernel]` (files `kernel_*`) can raise, one bad
//! input per file in `ui-tests/`, each
//! with the expected message in its `.stderr` beside it. Each file's first
//! line says what the error should be and where. `ui-tests/pass/` holds
//! inputs that must compile and run (attributes that are accepted).
//!
//! After changing a message, regenerate the expectations with
//! `TRYBUILD=overwrite cargo test --test ui` and review the diff.

use std::collections::HashSet;
use std::path::Path;

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/*.rs");
    t.pass("ui-tests/pass/*.rs");
}

/// The cases whose expected errors still come from rustc inside the
/// generated code, each with the reason it cannot be the macro's own yet.
/// The sweep below fails when one of them no longer breaks the rule, so
/// that the list only shrinks.
const KNOWN: &[(&str, &str)] = &[
    (
        "call_to_plain_fn",
        "the macro cannot see whether a called function is differentiable: the call goes to its companion, \
         which only an attribute on the callee defines",
    ),
    ("mut_ref_active_to_plain_fn", "as call_to_plain_fn"),
    (
        "method_in_trait_impl",
        "an attribute on a method cannot see that its `impl` block is a trait's; `#[autodiff]` on the block works",
    ),
    (
        "impl_of_unmarked_trait",
        "an attribute on an `impl` block cannot see whether the trait it implements is marked `#[autodiff]` \
         (and so declares the companions the `impl` defines)",
    ),
    (
        "batched_callee_unsupported",
        "the error is the macro's, at the callee's code, but rustc raises it when the batched caller instantiates \
         the callee's lane companion (a constant evaluated per width), and its note names that function",
    ),
    (
        "method_in_generic_impl",
        "the reverse closure of a method of a generic `impl` names `Self`, and the tape that keeps it needs 'static",
    ),
];

/// Every expected error of the ui-tests is the macro's own and blames the
/// user's code: no `.stderr` names a generated identifier (`__parad_..`, a
/// shadow `dx` or tangent `tx` of a name the user wrote but did not write
/// as such), and none has its primary span on a whole `#[autodiff(..)]`
/// attribute or is a rustc error (`error[E..]`) spanned on one, which is
/// where rustc puts errors inside the generated code.
#[test]
fn errors_are_the_macros_own_at_the_users_code() {
    let mut broken = Vec::new();
    let mut stderrs: Vec<_> = std::fs::read_dir("ui-tests")
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "stderr"))
        .collect();
    stderrs.sort();
    assert!(stderrs.len() > 100, "found only {} expected outputs", stderrs.len());
    for path in stderrs {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let err = std::fs::read_to_string(&path).unwrap();
        let src = std::fs::read_to_string(path.with_extension("rs")).unwrap();
        let why = violations(&err, &src);
        let known = KNOWN.iter().any(|(k, _)| *k == name);
        match (why.is_empty(), known) {
            (false, false) => broken.push(format!("{name}: {}", why.join("; "))),
            (true, true) => broken.push(format!("{name}: now follows the rule; take it out of KNOWN")),
            _ => {}
        }
    }
    assert!(broken.is_empty(), "ui-tests whose errors break the rule:\n{}", broken.join("\n"));
}

fn idents(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| w.starts_with(|c: char| c.is_alphabetic() || c == '_'))
}

/// What in one expected output breaks the rule.
fn violations(err: &str, src: &str) -> Vec<String> {
    let mut why = Vec::new();
    if err.contains("__parad") {
        why.push("names a generated identifier `__parad..`".to_string());
    }
    let written: HashSet<&str> = idents(src).collect();
    // Names in backticks in the messages, not in the quoted source lines.
    for line in err.lines().filter(|l| !l.trim_start().starts_with(|c: char| c.is_ascii_digit() || c == '|')) {
        for quoted in line.split('`').skip(1).step_by(2) {
            for w in idents(quoted) {
                let stem = w.strip_prefix("d_").or_else(|| w.strip_prefix('d')).or_else(|| w.strip_prefix('t'));
                if !written.contains(w) && stem.is_some_and(|s| !s.is_empty() && written.contains(s)) {
                    why.push(format!("names `{w}`, a shadow or tangent the user did not write"));
                }
            }
        }
    }
    let lines: Vec<&str> = src.lines().collect();
    let mut coded = false;
    for line in err.lines() {
        if line.starts_with("error") {
            coded = line.starts_with("error[E");
        }
        let Some(loc) = line.trim_start().strip_prefix("--> ") else { continue };
        let mut parts = loc.rsplitn(3, ':');
        let (Some(col), Some(row), Some(file)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let (Ok(col), Ok(row)) = (col.parse::<usize>(), row.parse::<usize>()) else { continue };
        if !Path::new(file).starts_with("ui-tests") || row == 0 || row > lines.len() {
            continue;
        }
        let text = lines[row - 1];
        let Some(at) = text.find("#[") else { continue };
        let attr = &text[at..];
        let family = ["#[autodiff", "#[kernel", "#[derivative"].iter().any(|a| attr.starts_with(a));
        if family && coded {
            why.push(format!("a rustc error spanned on the attribute at line {row}"));
        } else if family && attr.contains('(') && col == at + 1 {
            why.push(format!("its primary span is the whole attribute at line {row}"));
        }
        coded = false;
    }
    why
}
