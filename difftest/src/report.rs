//! Reading what a batch program printed, and writing reproducers.
//!
//! A reproducer is a Markdown file under `difftest/found/` with everything
//! needed to see the bug without rerunning the hunt: the function's source
//! with its callees, what was wrong, the input, and the command that
//! regenerates the batch (generation is deterministic in the seed, and a
//! batch of `n` functions is a prefix of any larger one from the same seed).

use parad_fuzz_gen::Batch;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One failure the batch program reported.
#[derive(Clone, Debug)]
pub struct Finding {
    /// `FAIL` (a wrong derivative) or `BAD` (the primal panicked: a
    /// generator bug).
    pub tag: String,
    pub name: String,
    /// What the checker said, and the input.
    pub details: String,
}

/// Totals the batch program printed on its `@@TOTALS` line.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub checked: usize,
    pub passed: usize,
    pub non_smooth: usize,
    pub non_finite: usize,
    pub failed: usize,
    pub bad_program: usize,
}

/// What a run printed: the findings, the totals (if it got to the end)
/// and the last function it started checking (the culprit of a crash).
#[derive(Debug, Default)]
pub struct RunOutput {
    pub findings: Vec<Finding>,
    pub totals: Option<Totals>,
    pub last_started: Option<String>,
}

/// Parses the harness's line protocol (see `run_and_print` in the harness).
pub fn parse(stdout: &str) -> RunOutput {
    let mut out = RunOutput::default();
    let mut open: Option<Finding> = None;
    for line in stdout.lines() {
        if let Some(f) = open.as_mut() {
            if line == "@@END" {
                out.findings.extend(open.take());
            } else {
                f.details.push_str(line);
                f.details.push('\n');
            }
        } else if let Some(name) = line.strip_prefix("@@CHECK ") {
            out.last_started = Some(name.to_string());
        } else if let Some(rest) =
            line.strip_prefix("@@FAIL ").map(|n| ("FAIL", n)).or(line.strip_prefix("@@BAD ").map(|n| ("BAD", n)))
        {
            open = Some(Finding { tag: rest.0.to_string(), name: rest.1.to_string(), details: String::new() });
        } else if let Some(rest) = line.strip_prefix("@@TOTALS ") {
            let mut t = Totals::default();
            for kv in rest.split_whitespace() {
                let (k, v) = kv.split_once('=').unwrap_or((kv, "0"));
                let v: usize = v.parse().unwrap_or(0);
                match k {
                    "checked" => t.checked = v,
                    "passed" => t.passed = v,
                    "non_smooth" => t.non_smooth = v,
                    "non_finite" => t.non_finite = v,
                    "failed" => t.failed = v,
                    "bad_program" => t.bad_program = v,
                    _ => {}
                }
            }
            out.totals = Some(t);
        }
    }
    out
}

/// The compile errors of a batch, split per message, each with the source
/// lines of `src/batch.rs` it points at.
pub fn compile_errors(stderr: &str) -> Vec<(String, Vec<usize>)> {
    let mut msgs: Vec<String> = Vec::new();
    for line in stderr.lines() {
        if line.starts_with("error") || msgs.is_empty() {
            msgs.push(String::new());
        }
        let m = msgs.last_mut().expect("pushed above");
        m.push_str(line);
        m.push('\n');
    }
    msgs.into_iter()
        .filter(|m| m.starts_with("error") && !m.starts_with("error: could not compile"))
        .map(|m| {
            let lines = m
                .lines()
                .filter_map(|l| l.split("src/batch.rs:").nth(1))
                .filter_map(|rest| rest.split(':').next()?.parse().ok())
                .collect();
            (m, lines)
        })
        .collect()
}

/// The command that regenerates and checks a batch.
pub fn rerun_command(seed: u64, count: usize) -> String {
    format!("cargo run --release -p parad-difftest --bin hunt -- --seed {seed} --batches 1 --per-batch {count}")
}

fn header(batch: &Batch, name: &str, count: usize) -> String {
    let mut s = String::new();
    let f = batch.functions.iter().find(|f| f.name == name);
    let _ = writeln!(
        s,
        "Seed {}, function `{name}`; regenerate with\n\n    {}\n",
        batch.seed,
        rerun_command(batch.seed, count)
    );
    if let Some(f) = f {
        let feats: Vec<&str> = f.features.iter().copied().collect();
        let _ = writeln!(s, "Shape: `{}`\n\nConstructs: {}\n", f.shape(), feats.join(", "));
    }
    s
}

/// Writes `found/<seed>-<name>.md` for a wrong derivative (or a bad
/// program); returns its path.
pub fn write_failure(dir: &Path, batch: &Batch, count: usize, f: &Finding) -> std::io::Result<PathBuf> {
    let kind = if f.tag == "FAIL" { "wrong derivative" } else { "bad generated program (generator bug)" };
    let mut s = format!("# {kind}: `{}`\n\n", f.name);
    s.push_str(&header(batch, &f.name, count));
    let _ = writeln!(s, "## What the checker found\n\n```text\n{}```\n", f.details);
    let _ = writeln!(s, "## Source (callees first)\n\n```rust\n{}```", batch.source_with_callees(&f.name));
    let path = dir.join(format!("seed{}-{}.md", batch.seed, f.name));
    std::fs::write(&path, s)?;
    Ok(path)
}

/// Writes `found/<seed>-<name>-compile.md` for a function that does not
/// compile, with the errors that point into it; returns its path.
pub fn write_compile_error(
    dir: &Path,
    batch: &Batch,
    count: usize,
    name: &str,
    errors: &[String],
    failing_callees: &[String],
) -> std::io::Result<PathBuf> {
    let mut s = format!("# compile error: `{name}`\n\n");
    s.push_str(&header(batch, name, count));
    if !failing_callees.is_empty() {
        let _ = writeln!(
            s,
            "It calls {}, which fails to compile too: probably a consequence.\n",
            failing_callees.join(", ")
        );
    }
    let _ = writeln!(s, "## rustc\n\n```text\n{}```\n", errors.join("\n"));
    let _ = writeln!(s, "## Source (callees first)\n\n```rust\n{}```", batch.source_with_callees(name));
    let path = dir.join(format!("seed{}-{name}-compile.md", batch.seed));
    std::fs::write(&path, s)?;
    Ok(path)
}

/// Writes `found/<seed>-batch.md` for a batch that failed as a whole (a
/// compile error outside any function, a crash without a culprit).
pub fn write_batch_error(dir: &Path, batch: &Batch, count: usize, what: &str) -> std::io::Result<PathBuf> {
    let s = format!(
        "# batch failure, seed {}\n\nRegenerate with\n\n    {}\n\n```text\n{what}\n```\n",
        batch.seed,
        rerun_command(batch.seed, count)
    );
    let path = dir.join(format!("seed{}-batch.md", batch.seed));
    std::fs::write(&path, s)?;
    Ok(path)
}

/// Writes `found/<seed>-<name>-reduced.md`: the reduced function, its
/// callees and the symptom it keeps; returns its path.
pub fn write_reduced(
    dir: &Path,
    batch: &Batch,
    count: usize,
    f: &parad_fuzz_gen::Function,
    symptom: &crate::reduce::Symptom,
    callees: &[parad_fuzz_gen::Function],
) -> std::io::Result<PathBuf> {
    let mut s = format!("# reduced: `{}`\n\n", f.name);
    s.push_str(&header(batch, &f.name, count));
    let _ = writeln!(s, "Symptom kept while reducing: {symptom:?}\n");
    let mut src: Vec<String> = callees.iter().map(|c| c.text()).collect();
    src.push(f.text());
    let _ = writeln!(s, "```rust\n{}```", src.join("\n"));
    let path = dir.join(format!("seed{}-{}-reduced.md", batch.seed, f.name));
    std::fs::write(&path, s)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_protocol() {
        let out = "@@CHECK f0\n@@CHECK f1\n@@FAIL f1\nreverse d/dx[0] = 1\ninput = [0.5]\n@@END\n@@CHECK f2\n\
                   @@TOTALS checked=3 passed=1 non_smooth=1 non_finite=0 failed=1 bad_program=0\n";
        let r = parse(out);
        assert_eq!(r.findings.len(), 1);
        assert_eq!(r.findings[0].name, "f1");
        assert!(r.findings[0].details.contains("d/dx[0]"));
        let t = r.totals.expect("totals");
        assert_eq!((t.checked, t.passed, t.non_smooth, t.failed), (3, 1, 1, 1));
        assert_eq!(r.last_started.as_deref(), Some("f2"));
    }

    #[test]
    fn finds_error_lines() {
        let err = "   Compiling x\nerror[E0308]: mismatched types\n --> src/batch.rs:12:1\n  |\nerror: aborting\n \
                   --> src/main.rs:3:1\nerror: could not compile `x`\n";
        let e = compile_errors(err);
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].1, vec![12]);
        assert!(e[1].1.is_empty());
    }
}
