//! The attribute macros of parad: `#[autodiff]`, `#[autodiff_reverse]`,
//! `#[autodiff_forward]`, `#[derivative]` and `#[kernel]`. Use them through
//! the crate `parad`, which re-exports them beside the runtime the
//! generated code calls. (Inside: each attribute delegates to
//! `expand`, whose stages the repository's `docs/architecture.md` lists;
//! errors become `compile_error!`s next to the original item.)

// The IR's and the parser's enums are built once per function and matched
// everywhere; boxing their large variants would add noise to every match.
// A match arm whose body tests more keeps the test in the body: folded into
// a guard, a failing test would fall through to the arms below.
#![allow(clippy::large_enum_variant, clippy::collapsible_match)]
#![deny(missing_docs)]

mod analysis;
mod arrays;
mod chosen;
mod chunks;
mod codegen;
mod diag;
mod expand;
mod flatten;
mod generics;
mod grows;
mod ids;
mod ir;
mod kernel;
#[cfg(test)]
mod layers;
mod lifetimes;
mod lower;
mod names;
mod options;
mod parse;
#[cfg(test)]
mod robust;
mod scalars;
#[cfg(test)]
mod snapshots;
mod syntax;

use expand::Attr;
use parse::Mode;
use proc_macro::TokenStream;

/// Runs an expansion; a panic (always a bug of parad) becomes a spanned
/// error next to the untouched item instead of an opaque compiler failure.
fn guarded(attr: Attr, args: TokenStream, item: TokenStream) -> TokenStream {
    let (args, item): (proc_macro2::TokenStream, proc_macro2::TokenStream) = (args.into(), item.into());
    let fallback = item.clone();
    match std::panic::catch_unwind(move || expand::expand(attr, args, item)) {
        Ok(out) => out.into(),
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let err = syn::Error::new(
                proc_macro2::Span::call_site(),
                format!("internal error in parad ({msg}); this is a bug: please report it with this function"),
            );
            diag::with_errors(fallback, err).into()
        }
    }
}

/// Differentiates what it is put on.
///
/// On a function, `#[autodiff(MODE, NAME, ACTIVITY...)]` generates `NAME`,
/// the function's derivative in `MODE` (`reverse` or `forward`), beside
/// the function, which is emitted as written. One activity per parameter,
/// then one for the result (none for `()`):
///
/// - `Const`: no derivative with respect to it;
/// - `Active` (reverse): a float parameter, whose derivative `NAME`
///   returns after the value; on a float result, a `seed` parameter, last;
/// - `Duplicated` (reverse): a reference (`&[F]`, `&mut [F]`, `&Vec<F>`,
///   `&F`, `&mut F`, `&T`), followed in `NAME` by a `&mut` shadow of the
///   same type; an input's shadow is added to, an output's holds the seed
///   on entry and the adjoint of the initial value on return; on a `Vec<F>`
///   result, a `seed: &[F]` parameter, last;
/// - `Dual` (forward): a tangent after the parameter; on the result,
///   `NAME` returns `(value, tangent)`;
/// - `ActiveOnly`, `DuplicatedOnly`, `DualOnly`: on the result, without
///   the value.
///
/// ```text
/// #[autodiff(reverse, d_loss, Duplicated, Const, Active)]
/// #[autodiff(forward, loss_fwd, Dual, Const, Dual)]
/// fn loss(w: &[f64], x: &[f64]) -> f64 { .. }
/// // fn d_loss(w: &[f64], dw: &mut [f64], x: &[f64], seed: f64) -> f64
/// // fn loss_fwd(w: &[f64], tw: &[f64], x: &[f64]) -> (f64, f64)
/// ```
///
/// A bare `#[autodiff]` generates only the hidden companions through which
/// differentiated code calls the function. On a method (`&self`,
/// `&mut self`, `self` of a value type) the receiver takes the first
/// activity and the derivative is a method. The attribute also goes on an
/// `impl` block (every method, operators included), on a trait and its
/// `impl`s (generic code bounded by the trait is then differentiable), on
/// a `Copy + Default` struct or a fieldless enum (a value type, passed and
/// returned by value), and on an inline module, which marks every item in
/// it. Code it cannot differentiate is a compile error at that code,
/// saying what is supported. The crate `parad` has an example of each
/// capability.
#[proc_macro_attribute]
pub fn autodiff(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Autodiff(None), args, item)
}

/// `#[autodiff_reverse(NAME, ACTIVITY...)]`: `std::autodiff`'s spelling of
/// `#[autodiff(reverse, NAME, ACTIVITY...)]`, which see.
#[proc_macro_attribute]
pub fn autodiff_reverse(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Autodiff(Some(Mode::Reverse)), args, item)
}

/// `#[autodiff_forward(NAME, ACTIVITY...)]`: `std::autodiff`'s spelling of
/// `#[autodiff(forward, NAME, ACTIVITY...)]`, which see.
#[proc_macro_attribute]
pub fn autodiff_forward(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Autodiff(Some(Mode::Forward)), args, item)
}

/// Custom rules: `#[derivative(reverse = f_rev, forward = f_fwd)]` on a
/// function makes differentiated code call the rules instead of reading
/// its body (an opaque solver, a numerically delicate formula, a foreign
/// function).
///
/// For `fn f(a: f64, b: f64) -> f64`, the reverse rule is
/// `fn f_rev(a: f64, b: f64, seed: f64) -> (f64, f64)` (the seed times each
/// partial derivative; one parameter gives a bare `f64`) and the forward
/// rule `fn f_fwd(a: f64, ta: f64, b: f64, tb: f64) -> f64` (the result's
/// tangent). A function with only a reverse rule can be called from
/// reverse-mode code; forward mode through it panics naming the rule to
/// add. `#[autodiff(..)]` beside it asks for derivatives built from the
/// rules.
#[proc_macro_attribute]
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Derivative, args, item)
}

/// A GPU kernel written in a subset of Rust: `#[kernel]` replaces the
/// function by a module of its name holding `CUDA_SOURCE` (the body as
/// CUDA C), `launch_cpu(cfg, args..)`, which runs the kernel's threads on
/// the CPU with rayon, and, with the feature `cuda`, `launch(&gpu, cfg,
/// args..)` on cudarc's device buffers (compiled by NVRTC).
/// `#[autodiff(reverse, d_k, ..)]` beside it adds the module `d_k` of the
/// adjoint kernel (shadows after their primal, as for functions), and
/// `#[autodiff(forward, t_k, ..)]` the module `t_k` of the tangent kernel.
/// The body may use `f32`, `f64`, integers and `bool`, slices, `let`,
/// assignments, arithmetic, the float methods, `if`, `for` over ranges,
/// `while`, the intrinsics of `parad::gpu` (`global_index()`,
/// `thread_idx()`, `sync_threads()`, shared arrays); anything else is a
/// compile error at that code.
#[proc_macro_attribute]
pub fn kernel(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Kernel, args, item)
}
