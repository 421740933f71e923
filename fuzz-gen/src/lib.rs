//! Random differentiable programs for differential testing of parad (the
//! Csmith idea, for automatic differentiation).
//!
//! [`generate`] writes one Rust file holding many random functions inside
//! parad's supported subset — scalar `f64` and buffer (`&[f64]`,
//! `&mut [f64]`) parameters, `usize` counts; `let` chains over float
//! methods, loops that overwrite their state, branches and `while` loops on
//! active values, calls between the generated functions with sub-slices as
//! arguments, rayon loops, checkpointed time loops, and the rest of the
//! support list (`docs/support.md`) (iterator chains and loops, tuples, closures, `match`,
//! `break`/`continue`/`return`, slice methods, most of std's float
//! methods) — each with a reverse
//! (`d_NAME`) and a forward (`t_NAME`) derivative, and a checker comparing
//! the two modes with each other and with finite differences (the
//! `harness` module of the file, `harness/harness.rs` here).
//!
//! Why random programs: the hand-written tests check the constructs one at a
//! time; bugs hide in their combinations (a branch inside a rayon loop
//! inside a checkpointed loop calling a function that writes a sub-slice).
//! Everything is deterministic in the seed, and the crate has no
//! dependencies, so that a seed stays a reproducer.
//!
//! Values stay bounded by construction (`gen.rs`), domains of `ln`, `sqrt`,
//! `powf`, `recip`, `hypot`, `atan2` are guarded, so a wrong, panicking or
//! non-finite derivative is a finding.
//!
//! Layout: `model.rs` (functions and batches), `checker.rs` (the drivers
//! and the file), `func.rs` (one function: signature, activities, outputs),
//! `gen.rs` (scope, bounds, expressions), `math.rs` (more float methods),
//! `stmt.rs`, `extra.rs`, `iters.rs`, `calls.rs`, `par.rs` (statements),
//! `recursion.rs` (functions calling themselves),
//! `rng.rs` (SplitMix64).

mod calls;
mod checker;
mod extra;
mod func;
mod gen;
mod iters;
mod math;
mod model;
mod par;
mod recursion;
mod rng;
mod stmt;

pub use model::{closure_of, Batch, Function, Param, ParamKind};
pub use rng::Rng;

/// Which constructs the generator may use. Everything is on by default.
/// The `known_bug_*` flags name constructs that hit a parad bug recorded in
/// `difftest/found/BUGS.md`: off, the generator steers around it until the
/// bug is fixed; the ten recorded so far are fixed, and on.
#[derive(Clone, Debug)]
pub struct Features {
    /// `if`/`else if`/`else` and `if` expressions on active values.
    pub branches: bool,
    /// `while` loops with a data-dependent exit.
    pub while_loops: bool,
    /// Calls of functions generated earlier in the batch.
    pub calls: bool,
    /// Sub-slices `&x[a..b]` as call arguments.
    pub sub_slices: bool,
    /// `par_iter().map().sum()` (also `zip`, `reduce`, `into_par_iter`),
    /// `par_iter_mut().enumerate().for_each()`, `par_chunks_mut`, `join`.
    pub rayon: bool,
    /// `#[checkpoint(..)]` time loops over a local state.
    pub checkpoint: bool,
    /// Serial iterator chains (`iter().map().sum()`, `zip`, `fold`) and
    /// loops (`iter_mut`, `zip`, `windows`, `chunks`, `push`).
    pub iterators: bool,
    /// Bare `#[autodiff]` helpers (no derivatives of their own).
    pub helpers: bool,
    /// Functions that call themselves down to one generated before them.
    pub recursion: bool,
    /// `#[autodiff_reverse]` / `#[autodiff_forward]` spellings.
    pub alt_attribute_names: bool,
    /// `Const` scalar and slice parameters.
    pub const_params: bool,
    /// `sinh cosh tan atan asin acos exp_m1 exp2 ln_1p log2 log10 cbrt
    /// clamp`, `powi(n as i32)`, `i as f64`.
    pub more_math: bool,
    /// `let (p, q) = (a, b)` and `sin_cos()`.
    pub tuples: bool,
    /// Closures stored in variables and called.
    pub closures: bool,
    /// `match` on an integer.
    pub integer_control: bool,
    /// `break`, `continue`, `loop`, early `return`.
    pub early_exits: bool,
    /// `fill`, `copy_from_slice`, `swap`, `v[i] *= g`.
    pub slice_ops: bool,
    /// `min`/`max` with an operand that contains `min`/`max` (`b.max(a.min(b) * 2.0)`),
    /// and `if` expressions with such branches: the tangent code parad
    /// generates does not parse (`difftest/found/BUGS.md`, bug 1).
    pub known_bug_nested_minmax: bool,
    /// `let mut u = v.to_vec()` of an inactive buffer `v` (a local of
    /// zeros, a `Const` slice), `u` later made active: the forward
    /// derivative does not compile (`difftest/found/BUGS.md`, bug 2).
    pub known_bug_inactive_copy: bool,
    /// `&mut` parameters written inside a checkpointed loop: the reverse
    /// derivative leaves them holding the value after the first step, not
    /// the final one (`difftest/found/BUGS.md`, bug 3).
    pub known_bug_checkpoint_param_state: bool,
    /// `match` as a statement whose arms are blocks (`0 => { r = ..; }`):
    /// parad rejects it, "this block has no value" (`difftest/found/BUGS.md`,
    /// bug 4). Off: `match` only as a value.
    pub known_bug_match_statement: bool,
    /// Reads `v[(i + 1) % v.len()]` of a local vector `v` (off: the length
    /// of what it was copied from, or a literal): with a `std::mem::swap`
    /// of `v` afterwards, the reverse derivative returns a stale value
    /// (`difftest/found/BUGS.md`, bug 5).
    pub known_bug_swap_len_read: bool,
    /// `windows`/`chunks` of a window (`for w in x.windows(2) { for v in
    /// w.windows(2) { .. } }`): the derivatives do not compile
    /// (`difftest/found/BUGS.md`, bug 6).
    pub known_bug_nested_windows: bool,
    /// A `&mut` parameter passed on read-only (`g(&y[..], y[1])`) and read
    /// by a later argument of the same call: the reverse derivative does
    /// not borrow-check (`difftest/found/BUGS.md`, bug 7). Off: such
    /// arguments are bound to a `let` before the call.
    pub known_bug_mut_param_then_read: bool,
    /// `for j in 0..v.len()` of a local vector `v` (off: the length of what
    /// it was copied from, or a literal): inside another loop, with `v`
    /// overwritten afterwards, the reverse derivative returns a stale
    /// element (`difftest/found/BUGS.md`, bug 8).
    pub known_bug_nested_len_loop: bool,
    /// `let mut v = x.to_vec();` inside a loop: written but not read
    /// again, the reverse derivative does not compile
    /// (`difftest/found/BUGS.md`, bug 9). Off: copies only outside loops.
    pub known_bug_dead_loop_copy: bool,
    /// Local vectors overwritten with values that do not depend on their
    /// old ones (`v[i] = e`, `v.fill(e)`, `v.copy_from_slice(x)`): the
    /// reverse derivative can return a value read before the overwrite
    /// (`difftest/found/BUGS.md`, bug 10, which probably also causes 5 and
    /// 8). Off: local vectors are only updated as `v[i] = (v[i] * g + e) * 0.5`.
    pub known_bug_stale_overwrite: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            branches: true,
            while_loops: true,
            calls: true,
            sub_slices: true,
            rayon: true,
            checkpoint: true,
            iterators: true,
            helpers: true,
            recursion: true,
            alt_attribute_names: true,
            const_params: true,
            more_math: true,
            tuples: true,
            closures: true,
            integer_control: true,
            early_exits: true,
            slice_ops: true,
            known_bug_nested_minmax: true,
            known_bug_inactive_copy: true,
            known_bug_checkpoint_param_state: true,
            known_bug_match_statement: true,
            known_bug_swap_len_read: true,
            known_bug_nested_windows: true,
            known_bug_mut_param_then_read: true,
            known_bug_nested_len_loop: true,
            known_bug_dead_loop_copy: true,
            known_bug_stale_overwrite: true,
        }
    }
}

impl Features {
    /// Everything, including the constructs that hit known bugs: to check
    /// whether they are fixed.
    pub fn with_known_bugs() -> Features {
        Features {
            known_bug_nested_minmax: true,
            known_bug_inactive_copy: true,
            known_bug_checkpoint_param_state: true,
            known_bug_match_statement: true,
            known_bug_swap_len_read: true,
            known_bug_nested_windows: true,
            known_bug_mut_param_then_read: true,
            known_bug_nested_len_loop: true,
            known_bug_dead_loop_copy: true,
            known_bug_stale_overwrite: true,
            ..Features::default()
        }
    }
}

/// A batch of `count` checked functions (and a few helpers) from `seed`,
/// with every construct of [`Features::default`].
pub fn generate(seed: u64, count: usize) -> Batch {
    generate_with(seed, count, &Features::default())
}

/// [`generate`] with a choice of constructs.
pub fn generate_with(seed: u64, count: usize, feats: &Features) -> Batch {
    let mut rng = Rng::new(seed);
    let mut functions: Vec<Function> = Vec::new();
    let mut checked = 0;
    while checked < count {
        let k = functions.len();
        let mut frng = rng.fork(k as u64);
        let helper = feats.helpers && frng.chance(0.12);
        let recursive = if feats.recursion && !helper && frng.chance(0.06) {
            recursion::recursive(&mut frng, feats, &functions, format!("r{k}"))
        } else {
            None
        };
        let f = match recursive {
            Some(f) => f,
            None => {
                let name = format!("{}{k}", if helper { "h" } else { "f" });
                func::function(&mut frng, feats, &functions, name, helper)
            }
        };
        checked += usize::from(f.checked);
        functions.push(f);
    }
    Batch::new(seed, functions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic() {
        assert_eq!(generate(3, 20).source, generate(3, 20).source);
        assert_ne!(generate(3, 20).source, generate(4, 20).source);
    }

    #[test]
    fn counts_and_lines() {
        let b = generate(11, 40);
        assert_eq!(b.checked().count(), 40);
        assert_eq!(b.lines.len(), b.functions.len());
        let total = b.source.lines().count();
        for (f, r) in b.functions.iter().zip(&b.lines) {
            assert!(r.end <= total + 1);
            let first = b.source.lines().nth(r.start - 1).unwrap();
            assert!(f.attrs[0] == first, "{} starts at line {}: {first}", f.name, r.start);
        }
    }

    #[test]
    fn without_drops_callers() {
        let b = generate(5, 60);
        let callee = b.functions.iter().find(|f| b.functions.iter().any(|g| g.callees.contains(&f.name)));
        if let Some(c) = callee {
            let smaller = b.without(std::slice::from_ref(&c.name));
            assert!(smaller.functions.iter().all(|f| !f.callees.contains(&c.name) && f.name != c.name));
        }
    }
}

#[cfg(test)]
mod many {
    use super::*;

    #[test]
    fn many_seeds_generate() {
        for seed in 0..200 {
            let b = generate(seed, 50);
            assert_eq!(b.checked().count(), 50);
        }
    }

    /// With every known bug let through (to check a fix), and with only
    /// the core constructs, the generator still works.
    #[test]
    fn other_feature_sets_generate() {
        let all = Features::with_known_bugs();
        let core = Features {
            more_math: false,
            tuples: false,
            closures: false,
            integer_control: false,
            early_exits: false,
            slice_ops: false,
            ..Features::default()
        };
        for seed in 0..50 {
            assert_eq!(generate_with(seed, 30, &all).checked().count(), 30);
            assert_eq!(generate_with(seed, 30, &core).checked().count(), 30);
        }
    }
}

#[cfg(test)]
mod stats {
    /// `cargo test -p parad-fuzz-gen stats -- --ignored --nocapture`: how
    /// often each construct appears, and how long bodies are.
    #[test]
    #[ignore]
    fn feature_stats() {
        let b = super::generate(1, 400);
        let mut counts = std::collections::BTreeMap::new();
        let mut lens: Vec<usize> = b.functions.iter().map(|f| f.body.len()).collect();
        for f in &b.functions {
            for k in &f.features {
                *counts.entry(*k).or_insert(0) += 1;
            }
        }
        lens.sort();
        println!(
            "{} functions; body lines: median {}, 90% {}, max {}",
            lens.len(),
            lens[lens.len() / 2],
            lens[lens.len() * 9 / 10],
            lens[lens.len() - 1]
        );
        for (k, n) in counts {
            println!("{k:>16}: {n}");
        }
    }
}
