//! Random programs from fixed seeds (written by `build.rs` with
//! `parad-fuzz-gen`), each checked by the batch's harness: the primal values
//! the two derivatives compute, forward against reverse (dot-product test),
//! reverse against central differences. A failure names the function and
//! prints its source with that of the functions it calls.

/// One test per batch file; each batch has its own `harness` module.
macro_rules! batch_test {
    ($test:ident, $module:ident, $file:literal) => {
        #[allow(unused, clippy::all)]
        mod $module {
            include!(concat!(env!("OUT_DIR"), "/", $file));
        }

        #[test]
        fn $test() {
            use $module::harness::{run, Outcome};
            let mut failures = Vec::new();
            let t = run($module::ENTRIES, $module::SEED, |e, outcome, x| {
                let what = match outcome {
                    Outcome::Fail(m) => format!("wrong derivative: {m}"),
                    Outcome::BadProgram(m) => format!("bad generated program: {m}"),
                    _ => unreachable!("only failures are reported"),
                };
                failures.push(format!("{} (seed {}): {what}\ninput = {x:?}\n{}", e.name, $module::SEED, e.source));
            });
            println!(
                "seed {}: {} checked, {} passed, {} non-smooth, {} non-finite, {} failed, {} bad programs",
                $module::SEED,
                t.checked,
                t.passed,
                t.non_smooth,
                t.non_finite,
                t.failed,
                t.bad_program
            );
            assert!(
                failures.is_empty(),
                "{} of {} functions failed:\n\n{}",
                failures.len(),
                t.checked,
                failures.join("\n\n")
            );
            // The checks must judge most functions, or they test nothing.
            assert!(t.passed * 10 >= t.checked * 8, "only {} of {} functions passed outright", t.passed, t.checked);
        }
    };
}

batch_test!(seed_1, batch0, "batch0.rs");
batch_test!(seed_2, batch1, "batch1.rs");
batch_test!(seed_3, batch2, "batch2.rs");
