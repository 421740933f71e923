//! Compile-fail cases of the macros: every error `#[autodiff]`,
//! `#[derivative]` and `#[kernel]` (files `kernel_*`) can raise, one bad
//! input per file in `ui-tests/`, each
//! with the expected message in its `.stderr` beside it. Each file's first
//! line says what the error should be and where. `ui-tests/pass/` holds
//! inputs that must compile and run (attributes that are accepted).
//!
//! After changing a message, regenerate the expectations with
//! `TRYBUILD=overwrite cargo test --test ui` and review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/*.rs");
    t.pass("ui-tests/pass/*.rs");
}
