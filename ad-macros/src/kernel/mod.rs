//! `#[kernel]`: a Rust function in the kernel subset becomes a module of
//! the same name holding its CUDA source, `launch_cpu` and `launch`; with
//! `#[autodiff(reverse, d_f, ...)]` beside it, a module `d_f` holds the
//! adjoint kernel's three, and with `#[autodiff(forward, t_f, ...)]` a
//! module `t_f` the tangent kernel's.
//!
//! Stages, one module each: `lower` (parse and validate the subset, infer
//! types) -> `adjoint` (the adjoint kernel, in the same IR) and `tangent`
//! (the tangent kernel) -> `cuda`
//! (CUDA C) and `cpu` (the CPU path) and `gpu` (the cudarc launch). The
//! original function is not emitted: its body only means something as a
//! kernel.

mod adjoint;
mod common;
mod companion;
mod cpu;
mod cuda;
mod gpu;
mod ir;
mod lower;
mod names;
mod tangent;
mod types;
mod uniform;

use crate::diag::Diag;
use crate::parse::{self, Mode, Request};
use proc_macro2::{Span, TokenStream};
use quote::quote;

/// Whether an attribute is `#[kernel]` (or a path ending in `kernel`).
pub fn is_kernel_attr(a: &syn::Attribute) -> bool {
    a.path().segments.last().is_some_and(|s| s.ident == "kernel")
}

/// The expansion of a kernel function. `first` is the attribute that
/// invoked the macro (`None` for `#[kernel]` itself, else the mode of the
/// `#[autodiff...]` that found `#[kernel]` among the item's attributes),
/// with its arguments.
pub fn expand(first: Option<Option<Mode>>, args: TokenStream, mut func: syn::ItemFn) -> TokenStream {
    let diag = Diag::default();
    let mut requests = Vec::new();
    let mut consumed = TokenStream::new();
    let mut handle = |mode: Option<Mode>, args: TokenStream, span: (Span, Span), diag: &Diag| match parse::parse_request(
        args, mode, span,
    ) {
        Ok(Request::Derivative(spec)) => requests.push(spec),
        Ok(Request::Companions) => {}
        Err(e) => diag.push(e),
    };
    match first {
        None if !args.is_empty() => diag.error_spanned(&args, "`#[kernel]` takes no arguments"),
        None => {}
        Some(mode) => handle(mode, args, (Span::call_site(), Span::call_site()), &diag),
    }
    let mut docs = Vec::new();
    for a in std::mem::take(&mut func.attrs) {
        let last = a.path().segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        let mode = match last.as_str() {
            "kernel" => {
                if !matches!(a.meta, syn::Meta::Path(_)) {
                    diag.error_spanned(&a, "`#[kernel]` takes no arguments");
                }
                None
            }
            "autodiff" => Some(None),
            "autodiff_reverse" => Some(Some(Mode::Reverse)),
            "autodiff_forward" => Some(Some(Mode::Forward)),
            "doc" => {
                docs.push(a);
                continue;
            }
            _ => {
                diag.error_spanned(&a, "a kernel takes `#[kernel]`, `#[autodiff(reverse, ...)]`, `#[autodiff(forward, ...)]` and doc comments only");
                continue;
            }
        };
        let path = a.path();
        consumed.extend(quote!(#[allow(unused_imports)] use #path as _;));
        if let Some(mode) = mode {
            let args = match &a.meta {
                syn::Meta::List(l) => l.tokens.clone(),
                _ => TokenStream::new(),
            };
            handle(mode, args, (a.pound_token.span, a.bracket_token.span.close()), &diag);
        }
    }
    let mut out = quote!(const _: () = { #consumed };);
    let lowered = lower::lower(&func, &diag);
    let mut uses = TokenStream::new();
    let mut seen = Vec::new();
    for p in &lowered.intrinsic_paths {
        let text = quote!(#p).to_string();
        if !seen.contains(&text) {
            uses.extend(quote!(let _ = #p;));
            seen.push(text);
        }
    }
    // The body's intrinsics, named as the user named them: their imports
    // are used, and a path that does not resolve is rustc's usual error.
    out.extend(quote!(#[allow(clippy::let_underscore_untyped)] const _: () = { #uses };));
    let Some(kernel) = lowered.kernel.or(lowered.stub) else { return finish(out, diag) };
    let vis = &func.vis;
    out.extend(module(vis, &docs, &kernel, true, &diag));
    for spec in requests.iter().filter(|s| s.mode == Mode::Forward) {
        if let Some(tk) = tangent::requested(&kernel, spec, &diag) {
            let doc = format!(" The tangent kernel of `{}` (forward mode).", func.sig.ident);
            let docs = vec![syn::parse_quote!(#[doc = #doc])];
            out.extend(module(vis, &docs, &tk, false, &diag));
        }
    }
    for spec in requests.iter().filter(|s| s.mode == Mode::Reverse) {
        // A derivative whose body cannot be built keeps its signature (that
        // of an empty kernel's adjoint) while its errors are shown.
        let stub = || {
            let empty = ir::Kernel {
                locals: ir::IdVec::new(),
                shared: vec![],
                body: vec![],
                params: kernel.params.clone(),
                name: kernel.name.clone(),
            };
            adjoint::build(&empty, spec, &Diag::default())
        };
        if let Some(adj) = adjoint::build(&kernel, spec, &diag).or_else(stub) {
            let doc = format!(" The adjoint kernel of `{}` (reverse mode).", func.sig.ident);
            let docs = vec![syn::parse_quote!(#[doc = #doc])];
            out.extend(module(vis, &docs, &adj, false, &diag));
        }
    }
    finish(out, diag)
}

/// The module of a kernel; a user's kernel (`primal`) also gets the
/// companion that lets differentiated host code call its `launch_cpu`.
fn module(vis: &syn::Visibility, docs: &[syn::Attribute], k: &ir::Kernel, primal: bool, diag: &Diag) -> TokenStream {
    let name = &k.name;
    let source = cuda::source(k);
    let cpu = cpu::launch_cpu(k, diag);
    let gpu = gpu::launch(k);
    let companion = if primal { companion::companion(k) } else { quote!() };
    quote! {
        #(#docs)*
        #[allow(non_snake_case)]
        #vis mod #name {
            /// The kernel as CUDA C, compiled at run time by NVRTC.
            pub const CUDA_SOURCE: &str = #source;
            #cpu
            #gpu
            #companion
        }
    }
}

fn finish(out: TokenStream, diag: Diag) -> TokenStream {
    match diag.finish() {
        Ok(()) => out,
        Err(e) => {
            let errors = e.to_compile_error();
            quote!(#out #errors)
        }
    }
}
