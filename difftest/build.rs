//! Writes the fixed-seed batches that `tests/random.rs` includes.
//!
//! The seeds and sizes are fixed so the test is deterministic: the same
//! programs every run, sized so that compiling and checking them takes a
//! couple of minutes on a small machine. `hunt` explores other seeds.

use std::path::PathBuf;

/// `(seed, functions)` of each batch, in the order of `tests/random.rs`.
const BATCHES: [(u64, usize); 3] = [(1, 40), (2, 40), (3, 40)];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (k, (seed, count)) in BATCHES.iter().enumerate() {
        let batch = parad_fuzz_gen::generate(*seed, *count);
        std::fs::write(out.join(format!("batch{k}.rs")), batch.source).expect("OUT_DIR is writable");
    }
}
