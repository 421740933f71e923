//! `hunt`: generates batches of random programs from consecutive seeds,
//! compiles each as a standalone project against this checkout of parad,
//! runs its checks, and writes every function that does not compile or has
//! a wrong derivative to a reproducer under `difftest/found/`.
//!
//! ```sh
//! cargo run --release -p parad-difftest --bin hunt -- --batches 10 --per-batch 200 --seed 1000
//! ```
//!
//! Options: `--batches N` (1), `--per-batch M` (200), `--seed S` (first
//! seed; batch `k` uses `S + k`; default 1000), `--target-dir DIR` (the
//! shared target directory; default `$TMPDIR/parad-hunt-target`),
//! `--work-dir DIR` (the project; default `$TMPDIR/parad-hunt-<pid>`),
//! `--found DIR` (default `difftest/found`), `--timeout SECS` (per run, 300),
//! `--parad DIR` (the parad checkout to test; default this one: point it
//! at a clean copy, e.g. `git archive HEAD | tar -x -C DIR`, to hunt a
//! fixed version while the working tree changes).
//!
//! `--with-known-bugs` lets the generator use the constructs that hit the
//! bugs in `found/BUGS.md` even where `Features::default` steers around
//! them (to check a fix).
//!
//! `--reduce NAME` (with `--seed` and `--per-batch` of the batch it is
//! in) shrinks one failing function to a few lines instead of hunting,
//! and writes `found/seed<S>-<NAME>-reduced.md`.
//!
//! A function that does not compile is written out and dropped with its
//! callers, and the rest of the batch is compiled again; a function that
//! crashes or hangs the batch program is written out and skipped in a
//! rerun. So one bug does not hide the rest of a batch.

use parad_difftest::project::Project;
use parad_difftest::report::{self, Finding};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

struct Args {
    batches: usize,
    per_batch: usize,
    seed: u64,
    target_dir: PathBuf,
    work_dir: PathBuf,
    found: PathBuf,
    timeout: Duration,
    parad: PathBuf,
    reduce: Option<String>,
    features: parad_fuzz_gen::Features,
}

fn parse_args() -> Result<Args, String> {
    let tmp = std::env::temp_dir();
    let mut a = Args {
        batches: 1,
        per_batch: 200,
        seed: 1000,
        target_dir: tmp.join("parad-hunt-target"),
        work_dir: tmp.join(format!("parad-hunt-{}", std::process::id())),
        found: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("found"),
        timeout: Duration::from_secs(300),
        parad: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."),
        reduce: None,
        features: parad_fuzz_gen::Features::default(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let num = |v: String| v.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--batches" => a.batches = num(value()?)? as usize,
            "--per-batch" => a.per_batch = num(value()?)? as usize,
            "--seed" => a.seed = num(value()?)?,
            "--target-dir" => a.target_dir = PathBuf::from(value()?),
            "--work-dir" => a.work_dir = PathBuf::from(value()?),
            "--found" => a.found = PathBuf::from(value()?),
            "--timeout" => a.timeout = Duration::from_secs(num(value()?)?),
            "--parad" => a.parad = PathBuf::from(value()?),
            "--reduce" => a.reduce = Some(value()?),
            "--with-known-bugs" => a.features = parad_fuzz_gen::Features::with_known_bugs(),
            "-h" | "--help" => {
                println!(
                    "{}",
                    include_str!("hunt.rs")
                        .lines()
                        .take_while(|l| l.starts_with("//!"))
                        .map(|l| l.trim_start_matches("//!").trim_start())
                        .collect::<Vec<_>>()
                        .join("\n")
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other} (see --help)")),
        }
    }
    Ok(a)
}

/// Totals over the hunt.
#[derive(Default)]
struct Tally {
    generated: usize,
    compiled: usize,
    checked: usize,
    passed: usize,
    non_smooth: usize,
    non_finite: usize,
    failed: usize,
    bad_program: usize,
    compile_errors: usize,
    /// Of `compile_errors`, those in functions calling a failing function.
    cascades: usize,
    crashes: usize,
    lost_batches: usize,
}

/// Builds the batch, dropping the functions that do not compile (with
/// their callers) and writing each to a reproducer. `None` if the batch
/// cannot be made to compile.
fn compile(
    project: &Project,
    mut batch: parad_fuzz_gen::Batch,
    args: &Args,
    tally: &mut Tally,
) -> Option<parad_fuzz_gen::Batch> {
    for _round in 0..6 {
        project.write(&batch.source).expect("the work directory is writable");
        let stderr = match project.build() {
            Ok(()) => return Some(batch),
            Err(e) => e,
        };
        let mut per_fn: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (msg, lines) in report::compile_errors(&stderr) {
            if let Some(f) = lines.iter().find_map(|&l| batch.function_at_line(l)) {
                per_fn.entry(f.name.clone()).or_default().push(msg);
            }
        }
        if per_fn.is_empty() {
            let p = report::write_batch_error(&args.found, &batch, args.per_batch, &stderr);
            println!("  batch does not compile, not in any function: {}", shown(p));
            return None;
        }
        for (name, msgs) in &per_fn {
            tally.compile_errors += 1;
            // A function that calls a failing one often fails because of it.
            let failing_callees: Vec<String> = parad_fuzz_gen::closure_of(&batch.functions, name)
                .into_iter()
                .filter(|c| c != name && per_fn.contains_key(c))
                .collect();
            let p = report::write_compile_error(&args.found, &batch, args.per_batch, name, msgs, &failing_callees);
            let first = msgs[0].lines().next().unwrap_or("");
            if failing_callees.is_empty() {
                println!("  compile error in {name}: {first} -> {}", shown(p));
            } else {
                tally.cascades += 1;
                println!("  compile error in {name} (calls {}, which fails too): {first}", failing_callees.join(", "));
            }
        }
        batch = batch.without(&per_fn.into_keys().collect::<Vec<_>>());
    }
    println!("  still does not compile after 6 rounds of dropping functions");
    None
}

fn shown(p: std::io::Result<PathBuf>) -> String {
    match p {
        Ok(p) => p.display().to_string(),
        Err(e) => format!("(not written: {e})"),
    }
}

/// Runs the checks, skipping (and reporting) any function that crashes or
/// hangs the program; returns the findings and the totals of the last run.
fn check(
    project: &Project,
    batch: &parad_fuzz_gen::Batch,
    args: &Args,
    tally: &mut Tally,
) -> Option<(Vec<Finding>, report::Totals)> {
    let mut skip: Vec<String> = Vec::new();
    for _round in 0..4 {
        let run = match project.run(args.timeout, &skip) {
            Ok(r) => r,
            Err(e) => {
                println!("  {e}");
                return None;
            }
        };
        let out = report::parse(&run.stdout);
        match (run.problem, out.totals) {
            (None, Some(t)) => return Some((out.findings, t)),
            (problem, _) => {
                let problem = problem.unwrap_or_else(|| "the batch program stopped without totals".to_string());
                let Some(culprit) = out.last_started else {
                    let p = report::write_batch_error(
                        &args.found,
                        batch,
                        args.per_batch,
                        &format!("{problem}\n{}", run.stderr),
                    );
                    println!("  {problem}: {}", shown(p));
                    return None;
                };
                tally.crashes += 1;
                let f = Finding {
                    tag: "FAIL".to_string(),
                    name: culprit.clone(),
                    details: format!("{problem} while checking it\n--- stderr\n{}\n", run.stderr),
                };
                let p = report::write_failure(&args.found, batch, args.per_batch, &f);
                println!("  {culprit} crashed the batch program ({problem}): {}", shown(p));
                skip.push(culprit);
            }
        }
    }
    None
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("hunt: {e}");
            std::process::exit(2);
        }
    };
    std::fs::create_dir_all(&args.found).expect("cannot create the found directory");
    let project =
        Project::create(&args.work_dir, &args.target_dir, &args.parad).expect("cannot write the batch project");
    println!(
        "hunt: {} batches of {} functions from seed {}; parad {}, project {}, target {}",
        args.batches,
        args.per_batch,
        args.seed,
        args.parad.display(),
        args.work_dir.display(),
        args.target_dir.display()
    );
    if let Some(name) = &args.reduce {
        let batch = parad_fuzz_gen::generate_with(args.seed, args.per_batch, &args.features);
        match parad_difftest::reduce::reduce(&project, &batch, name, args.timeout) {
            Some((f, symptom, callees)) => {
                let p = report::write_reduced(&args.found, &batch, args.per_batch, &f, &symptom, &callees);
                println!("{name} reduced to {} lines ({symptom:?}): {}", f.body.len(), shown(p));
            }
            None => println!("{name} does not fail when checked alone (or is not in the batch)"),
        }
        let _ = std::fs::remove_dir_all(&args.work_dir);
        return;
    }
    let start = Instant::now();
    let mut tally = Tally::default();
    for k in 0..args.batches {
        let seed = args.seed + k as u64;
        let t0 = Instant::now();
        let batch = parad_fuzz_gen::generate_with(seed, args.per_batch, &args.features);
        tally.generated += args.per_batch;
        println!("batch {}/{} (seed {seed}):", k + 1, args.batches);
        let Some(batch) = compile(&project, batch, &args, &mut tally) else {
            tally.lost_batches += 1;
            continue;
        };
        let compiled = batch.checked().count();
        tally.compiled += compiled;
        let built = t0.elapsed();
        let Some((findings, t)) = check(&project, &batch, &args, &mut tally) else {
            tally.lost_batches += 1;
            continue;
        };
        for f in &findings {
            let p = report::write_failure(&args.found, &batch, args.per_batch, f);
            let first = f.details.lines().next().unwrap_or("");
            println!("  {} {}: {first} -> {}", f.tag, f.name, shown(p));
        }
        tally.checked += t.checked;
        tally.passed += t.passed;
        tally.non_smooth += t.non_smooth;
        tally.non_finite += t.non_finite;
        tally.failed += t.failed;
        tally.bad_program += t.bad_program;
        println!(
            "  {compiled} compiled, {} checked: {} passed, {} non-smooth, {} non-finite, {} failed, {} bad programs \
             (build {:.0} s, check {:.1} s)",
            t.checked,
            t.passed,
            t.non_smooth,
            t.non_finite,
            t.failed,
            t.bad_program,
            built.as_secs_f64(),
            (t0.elapsed() - built).as_secs_f64()
        );
    }
    let t = &tally;
    println!(
        "\nhunt totals after {:.0} s: {} functions generated, {} compiled, {} checked, {} passed, \
         {} skipped as non-smooth, {} skipped as non-finite, {} failed ({} crashed a run), {} bad programs; \
         {} functions did not compile ({} of them calling one that did not); {} batches lost",
        start.elapsed().as_secs_f64(),
        t.generated,
        t.compiled,
        t.checked,
        t.passed,
        t.non_smooth,
        t.non_finite,
        t.failed + t.crashes,
        t.crashes,
        t.bad_program,
        t.compile_errors,
        t.cascades,
        t.lost_batches
    );
    let _ = std::fs::remove_dir_all(&args.work_dir);
    if t.failed + t.crashes + t.bad_program + t.compile_errors + t.lost_batches > 0 {
        std::process::exit(1);
    }
}
