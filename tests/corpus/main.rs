//! The parad test corpus: plain numerical Rust under `#[autodiff]`.
//!
//! Every differentiated function here carries a reverse and a forward
//! attribute, and every test checks it on random inputs in three ways (see
//! `support`): the derivatives return the primal value of the original
//! function; `parad::check::gradient` compares the reverse derivative with
//! central finite differences; `parad::check::dot_product` compares forward
//! with reverse (`<J v, w> == <v, J^T w>`). Inputs are drawn from ranges where
//! the function is smooth (away from the kinks of abs/min/max, from the
//! boundaries of branches, from logarithms of negatives).
//!
//! What each module covers (the bullets of the foundation issue):
//! - `basic`: f64 scalars `Active`, slices `&[F]` / `&mut [F]` `Duplicated`;
//!   integers, usize and bool as inactive values; casts `as f64`; locals
//!   (scalars, tuples; `let`, `let mut`, shadowing, tuple destructuring);
//!   `=`, `+=`, `-=`, `*=`, `/=` on locals and slice elements. Required:
//!   Rosenbrock, sum of squares, dot product.
//! - `batched`: batched forward mode (a width, `Dualv`, `parad::jacobian`)
//!   lane by lane against the unbatched derivative and central differences.
//! - `numerics`: float methods `sin cos tan asin acos atan atan2 sinh cosh tanh
//!   exp exp2 exp_m1 ln ln_1p log2 log10 sqrt cbrt powi powf hypot abs min max
//!   mul_add recip` and the zero-derivative `floor ceil round trunc signum`;
//!   `no_grad`. Required: softmax with cross-entropy (max-subtracted
//!   log-sum-exp).
//! - `loops`: `for` over ranges (with `.rev()` and `.step_by(k)`), over
//!   `iter()`, `iter_mut()`, `enumerate()`, `zip()`, `chunks()`,
//!   `chunks_mut()`, `windows()`; `std::mem::swap` of two Vecs. Required:
//!   matrix-vector and matrix-matrix products in nested loops, Horner's
//!   polynomial, in-place prefix sum, insertion sort with data-dependent swaps
//!   followed by a weighted sum, 1D explicit heat equation over 100 steps with
//!   two Vecs swapped each step.
//! - `iterators`: chains with `map` ending in `sum()`, `product()`, `fold()`,
//!   `for_each()`, `collect::<Vec<_>>()`; closures in those chains (capturing
//!   active values, nested); `enumerate`, `zip`, `chunks`, `chunks_mut`,
//!   `windows`, `iter_mut` in chains.
//! - `control`: `if` / `else if` / `else`, also as expressions; `match` on
//!   integers and on a Const enum; `while`; `loop` with `break` and `continue`;
//!   early `return`. Required: Newton's square root in a `while` loop with a
//!   tolerance, an early return inside a loop.
//! - `calls`: calls to differentiable functions (bare `#[autodiff]` helpers,
//!   also with `&mut` outputs, and functions with their own attributes), to
//!   custom rules (`#[derivative]`, one and two arguments, an opaque solver),
//!   recursion, sub-slices as arguments. Required: a call chain three
//!   functions deep, a recursive function.
//! - `closures`: closures stored in variables and called by name (typed and
//!   untyped, a block body, one calling another, `FnMut` writing a captured
//!   buffer, an index closure), keeping what they captured when a name is
//!   shadowed later.
//! - `structs`: `&T` / `&mut T` of user structs with f64, usize and Vec<f64>
//!   fields (field reads and writes). Required: a struct of parameters passed
//!   by `&`.
//! - `containers`: parameters `&Vec<F>`, `&mut Vec<F>`, `&[F; N]`; locals
//!   `Vec<F>` (`vec![x; n]`, `to_vec()`, `clone()`, `Vec::with_capacity` +
//!   `push`) and arrays `[F; N]`; a `std::mem::swap` double buffer.
//! - `f32`: f32 and f64, the same functions in both (required), with f32
//!   float methods.
//! - `variants`: `Active` / `ActiveOnly`, `Dual` / `DualOnly`, `Duplicated` /
//!   `DuplicatedOnly`, and an `Active` scalar against a `Duplicated` slice,
//!   compared with each other.
//! - `invariant`: adjoints accumulated in locals when a loop reads an
//!   element at the same index in every iteration (over one loop and two,
//!   fused or not, through a companion, in f32, in a `while` loop, an
//!   index valid only when the loop runs), and the cases where they must
//!   not be (the shadow also touched at a varying index, the buffer
//!   written in the loop, the read under an `if`).
//! - `divisors`: the adjoint of a division by a loop invariant multiplies
//!   by its reciprocal, computed once before the loop (a `Const` parameter,
//!   a local computed once, an active divisor, a local of an outer loop, a
//!   `while` loop, f32), and divisors that must stay divisions.
//! - `merged`: the additions of consecutive statements' adjoints into one
//!   shadow element made once, and the code they must not be moved past (a
//!   write of the buffer, a change of the index, a call reading the shadow).
//! - `scratch`: buffers that each iteration of a loop rewrites whole before
//!   reading them, rewritten again by the adjoint instead of taped, and the
//!   cases where they must be taped (only partly rewritten, a value carried
//!   into the iteration, read after the loop, the rewrite reading a value
//!   changed later in the iteration).
//! - `windows`: serial loops indexing a buffer at an offset of their
//!   counter go through a sub-slice taken before the loop (a triangular
//!   product, shifted neighbours, a reversed loop, an offset), and the
//!   loops where that must not change what happens: empty with an offset
//!   past the end, running past the end (the same panic), reads under a
//!   condition or after a `break`.
//! - `whole`: vectors a loop writes whole (a prefix of them) without
//!   reading them, saved once before the loop and restored once after its
//!   adjoint, moved or copied (at the counter, rows through a `let` index in
//!   both branches of an `if`, a prefix, an index vector, an array), and the
//!   loops that must keep element saves (reading the vector, stopping early).
//! - `methods`: `&self` and `&mut self` methods (the receiver `Const`,
//!   `Duplicated`, `Dual`), calling each other as `self.f(..)` and
//!   `Self::f(self, ..)`, and called from a free function.
//! - `arrays`: helpers returning `[F; N]`, bound with their type or in a
//!   module.
//! - `chosen`: slices chosen by an `if`, tuples of `split_at_mut` halves.
//! - `chunks`: slices walked as arrays (`as_chunks_mut`, `as_chunks`): an
//!   FFT's butterflies, arrays taken apart by value.
//! - `options`: helpers returning `Option` (`if let`, `match`, `let ..
//!   else`, `unwrap_or`, `?` between helpers, indices, closures, rayon, a
//!   module).
//! - `patterns`: `match` arms and `if let` binding the data of a `Const`
//!   enum or `Option` passed by value, guards reading the bindings, `k @
//!   1..=3`, and a whole active value bound by the arms.
//! - `library`: `clamp` (floats and integer indices), `sin_cos`, the float
//!   tests (`is_nan`, ...), `copy_from_slice`, `fill`, `swap` of slice
//!   elements, array patterns `let [a, b, c] = *p`.
//! - `rows`: buffers of arrays (`&[[f64; 3]]`, `&mut [[f64; 3]]`,
//!   `&Vec<[f64; D]>`, `&[[f32; 3]]`, `vec![[0.0; 3]; n]`) indexed,
//!   iterated, in rayon loops, each against its flat twin.
//! - `vec_rows`: buffers of `Vec` rows (`&[Vec<f64>]`, `&Vec<Vec<f64>>`,
//!   `&mut Vec<Vec<f64>>`, `&[Vec<f32>]`, `vec![vec![0.0; m]; n]`) the
//!   same way, and the panics of ragged rows and misshapen shadows.
//! - `workspace`: a `Const` `&mut` buffer the function writes values
//!   carrying derivatives into and reads back, given a zero shadow of the
//!   derivative's own (serial, rayon, through a helper).
//! - `values`: value types (`#[autodiff]` on a `Copy` struct or a fieldless
//!   enum) and the field-by-field sum of their shadows.
//! - `support`: the drivers shared by all tests.

// The differentiated functions are written the way numerical code usually
// is: index loops, `% 2 == 0`, `a = a * t + c`, a swap through a temporary.
#![allow(
    dead_code,
    clippy::assign_op_pattern,
    clippy::manual_is_multiple_of,
    clippy::manual_memcpy,
    clippy::manual_swap,
    clippy::needless_range_loop,
    clippy::ptr_arg,
    clippy::too_many_arguments
)]

mod support;

mod arrays;
mod basic;
mod batched;
mod bounds;
mod calls;
mod chosen;
mod chunks;
mod closures;
mod containers;
mod control;
mod divisors;
mod f32;
mod generics;
mod growing;
mod hardening;
mod invariant;
mod iterators;
mod library;
mod loops;
mod merged;
mod methods;
mod module;
mod numerics;
mod options;
mod patterns;
mod rows;
mod scratch;
mod sorting;
mod structs;
mod traits;
mod value_calls;
mod value_ops;
mod value_slices;
mod values;
mod variants;
mod vec_return;
mod vec_rows;
mod whole;
mod windows;
mod workspace;
