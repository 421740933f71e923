//! Parallel Rust under `#[autodiff]`: rayon iterators in differentiated
//! functions, and their parallel adjoints.
//!
//! Every parallel function here has a serial twin (the same computation in
//! plain loops, differentiated by parad too). Each test checks, on random
//! inputs (see `common`):
//! 1. the derivatives return the original function's value;
//! 2. the reverse derivative against central finite differences;
//! 3. the forward derivative against the reverse one (dot-product test);
//! 4. the parallel gradient against the serial twin's gradient;
//! 5. the parallel gradient is bitwise the same in rayon pools of 1, 2, 3
//!    and 8 threads.
//!
//! - `iters`: every rayon source, adapter and ending the macro supports
//!   (`par_iter`, `par_iter_mut`, `into_par_iter` on ranges and vectors,
//!   `par_chunks`, `par_chunks_mut`, `enumerate`, `zip`, `map`, `sum`,
//!   `reduce`, `for_each`, `collect`), each adjoint strategy (owned pieces,
//!   private shadows merged in order), in-place updates, branches, `while`
//!   loops and calls inside parallel bodies, nested parallel loops.
//! - `programs`: the required programs: a 2D five-point heat stencil over
//!   rows with `par_chunks_mut` and swapped buffers, a pairwise particle
//!   energy, ADBench's Gaussian-mixture log-likelihood parallel over points,
//!   a matrix-vector product parallel over rows, a docking-style energy
//!   parallel over poses.
//! - `more`: f32 parallel loops (checked against f64 twins), `par_chunks_exact`
//!   and `par_chunks_exact_mut`, `with_min_len`/`with_max_len`, `copied` and
//!   `cloned`, `into_par_iter` on a local vector, `count()` as a divisor, a
//!   parallel in-place update inside a serial time loop, a softmax with
//!   log-sum-exp, two Active scalars in every iteration, a collected vector
//!   read at neighbouring indices, an `#[autodiff]` helper on row slices,
//!   helpers taking their row mutably (`par_chunks_mut`, also zipped and
//!   enumerated), `par_iter_mut` with an element-wise helper, a rayon loop
//!   in a `&self` method, a closure variable called in a rayon loop.
//! - `stencils`: stencil adjoints inside serial time loops (partials made
//!   once and reused by every step, shared between offsets that receive the
//!   same numbers): buffers that shrink every step, an f32 stencil with
//!   swapped buffers, neighbours with unequal weights; per-chunk tapes in
//!   nested time loops and in a branch.
//! - `tasks`: `rayon::join` (a recursive parallel sum over `split_at`
//!   halves, sub-slices, tasks reading everything, `split_at_mut` halves
//!   updated in place, a join inside a rayon loop) and `rayon::scope` (one
//!   `spawn` per chunk, two direct spawns).
//! - `invariant`: adjoints accumulated in locals inside parallel bodies
//!   (an owned piece and a private shadow read at a loop-invariant index),
//!   and a body where the buffer is also read at a varying index.

// Test drivers take closures of several slices (`type_complexity`); the
// differentiated functions are index loops, as numerical code is.
#![allow(dead_code, clippy::needless_range_loop, clippy::too_many_arguments, clippy::type_complexity)]

#[path = "../corpus/support.rs"]
mod support;

/// The parallel benchmarks' problems (`heat2d`, `particle_energy`,
/// `docking`), tested in `programs`.
#[path = "../../benches/problems/parallel.rs"]
mod bench_problems;
mod common;
mod invariant;
mod iters;
mod more;
mod programs;
mod stencils;
mod tasks;
