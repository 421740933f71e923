//! One function: gathers its attributes, checks them and its signature,
//! desugars it (lifetimes, buffers of rows, references to one number,
//! methods) and emits it with its companions and derivatives.

use super::attrs::{attr_args, attr_kind, strip_inner_attrs, Attr};
use super::derive::{differentiate, joint_companions};
use super::method;
use crate::codegen::{batched, rules, wrappers};
use crate::diag::Diag;
use crate::parse::{self, Mode, Request, Rules};
use proc_macro2::{Span, TokenStream};
use quote::quote;

/// One function: gathers its attributes, desugars it, emits it as written and then its companions and derivatives.
pub fn expand_fn(first: Attr, args: TokenStream, mut func: syn::ItemFn) -> TokenStream {
    let in_cycle = super::attrs::take_cycle_mark(&mut func.attrs);
    // A kernel is expanded whole by `crate::kernel`, whichever of its
    // attributes runs first.
    match first {
        Attr::Kernel => return crate::kernel::expand(None, args, func),
        Attr::Autodiff(mode) if func.attrs.iter().any(crate::kernel::is_kernel_attr) => {
            return crate::kernel::expand(Some(mode), args, func)
        }
        _ => {}
    }
    let diag = Diag::default();
    let Gathered { mut requests, rules, consumed } = gather(first, args, &mut func, &diag);
    let companions_only = requests.iter().all(|r| matches!(r, Request::Companions));
    let plain_fn = rules.is_none() && func.sig.receiver().is_none();
    if companions_only && plain_fn && crate::syntax::option_result(&func.sig).is_some() {
        let twin = crate::options::twin(&func, &diag);
        return with_twin(func, twin, consumed, diag);
    }
    if plain_fn && rules.is_none() {
        if let Some(grown) = crate::grows::growing(&func) {
            let growth = super::grow::Growth::new(func, grown, &requests, consumed, &diag);
            let generated = growth.twin().map(|t| expand_fn(Attr::Autodiff(None), TokenStream::new(), t));
            return growth.finish(generated, diag);
        }
    }
    if companions_only && plain_fn && crate::arrays::array_result(&func.sig).is_some() {
        let twin = crate::arrays::twin(&func, &diag);
        return with_twin(func, twin, consumed, diag);
    }
    // Errors of the body (here, of `#[checkpoint]`) still let the derivatives
    // be declared; those of the attributes and the signature do not.
    let body_diag = Diag::default();
    let mut d = desugar(func, &mut requests, rules.as_ref(), &diag, &body_diag);
    let out = as_written(&mut d, &requests, consumed);
    if diag.has_errors() {
        diag.absorb(body_diag);
        return finish(out, diag);
    }
    diag.absorb(body_diag);
    generate(out, &d, &requests, rules.as_ref(), in_cycle, diag)
}

/// A helper returning `Option` or an array: as written, and its twin (see
/// `options`, `arrays`) with its companions.
fn with_twin(func: syn::ItemFn, twin: Option<syn::ItemFn>, consumed: TokenStream, diag: Diag) -> TokenStream {
    let mut out = quote!(#func);
    if !consumed.is_empty() {
        out.extend(quote!(const _: () = { #consumed };));
    }
    match twin {
        Some(twin) if !diag.has_errors() => {
            out.extend(expand_fn(Attr::Autodiff(None), TokenStream::new(), twin));
            out
        }
        _ => finish(out, diag),
    }
}

/// The attributes of the family on one function: the requests, the custom
/// rules, and `use` items naming each attribute handled.
struct Gathered {
    requests: Vec<Request>,
    rules: Option<Rules>,
    consumed: TokenStream,
}

/// Gathers the family's attributes on `func`, taking them off it: the first one to run handles them all.
fn gather(first: Attr, args: TokenStream, func: &mut syn::ItemFn, diag: &Diag) -> Gathered {
    let mut requests = Vec::new();
    let mut rules: Option<Rules> = None;
    let mut handle = |kind: Attr, args: TokenStream, span: (Span, Span), diag: &Diag| match kind {
        Attr::Autodiff(mode) => match parse::parse_request(args, mode, span) {
            Ok(r) => requests.push(r),
            Err(e) => diag.push(e),
        },
        Attr::Derivative => match parse::parse_rules(args, span) {
            Ok(r) => rules = Some(r),
            Err(e) => diag.push(e),
        },
        // Kernels returned above; `attr_kind` does not list `kernel`.
        Attr::Kernel => {}
    };
    // The invoking attribute is the call site.
    handle(first, args, (Span::call_site(), Span::call_site()), diag);
    let attrs = std::mem::take(&mut func.attrs);
    // The attributes handled here never expand on their own; naming their
    // paths keeps the user's imports of them from looking unused.
    let mut consumed = TokenStream::new();
    for a in attrs {
        match attr_kind(&a) {
            Some(kind) => {
                handle(kind, attr_args(&a), (a.pound_token.span, a.bracket_token.span.close()), diag);
                let path = a.path();
                consumed.extend(quote!(#[allow(unused_imports)] use #path as _;));
            }
            None => func.attrs.push(a),
        }
    }
    Gathered { requests, rules, consumed }
}

/// A function desugared: as differentiated (`func`, its signature `sig`),
/// as lowered (`source`, with its `#[checkpoint]`s), as emitted (`written`),
/// its receiver if it is a method, and its buffers of rows.
struct Desugared {
    func: syn::ItemFn,
    source: syn::ItemFn,
    written: syn::ItemFn,
    receiver: Option<method::Receiver>,
    rows: crate::flatten::Rows,
    sig: parse::Signature,
    float: Option<crate::generics::FloatParam>,
}

/// Desugars `func` (methods, lifetimes, rows, references to one number), checks it and reads its signature.
fn desugar(
    mut func: syn::ItemFn,
    requests: &mut [Request],
    rules: Option<&Rules>,
    diag: &Diag,
    body_diag: &Diag,
) -> Desugared {
    // The lowering reads `#[checkpoint]` from the loops; the function
    // emitted as written goes without.
    let mut source = func.clone();
    strip_inner_attrs(&mut func, body_diag);
    // A method is differentiated as the function it is, its receiver a
    // first parameter (see `method`); the user's method is emitted as written.
    let written = func.clone();
    let receiver = match method::as_function(&func) {
        Some((f, r)) => {
            func = f;
            source = method::as_function(&source).map_or(source, |(s, _)| s);
            if rules.is_some() {
                diag.error_spanned(
                    &written.sig.inputs[0],
                    "custom rules (`#[derivative]`) on methods are not supported yet: give the rule to a free \
                     function taking the value as a parameter, and call that from the method",
                );
            }
            Some(r)
        }
        None => None,
    };
    crate::lifetimes::erase(&mut func);
    crate::lifetimes::erase(&mut source);
    // A function generic over `T: Float` is differentiated at `T = f64`
    // and its derivatives made generic again (see `generics`).
    let float = match receiver {
        None => crate::generics::concretise(&mut func, &mut source),
        Some(_) => None,
    };
    check_names(requests, &func, diag);
    // Callers' idioms on helpers returning `Option` (see `options`).
    crate::options::desugar(&mut source.block, body_diag);
    // Calls of helpers returning arrays (see `arrays`).
    crate::arrays::desugar(&mut source.block);
    // Slices walked as arrays (`as_chunks_mut`, see `chunks`).
    crate::chunks::desugar(&mut source.block);
    // Slices chosen by an `if` (see `chosen`).
    crate::chosen::desugar(&mut source.block);
    // Buffers of arrays are differentiated flat (see `flatten`).
    let mut rows = crate::flatten::flatten(&mut source, body_diag);
    crate::flatten::flatten_signature(&mut func.sig);
    // References to one number are slices of one (see `scalars`), in
    // functions and methods with a body of their own.
    if rules.is_none() {
        crate::scalars::desugar(&mut source, &mut rows);
        crate::scalars::desugar_signature(&mut func.sig);
    }
    if rows.has_buffers() && (receiver.is_some() || rules.is_some()) {
        diag.error_spanned(
            &written.sig.ident,
            "buffers of rows (`&[[f64; N]]`, `&[Vec<f64>]`) are supported in free functions without custom rules; \
             pass a flat slice (`p.as_flattened()` of arrays) to a method or a function with `#[derivative]`",
        );
    }
    let mut sig = parse::signature(&func, diag);
    if let (Some(_), parse::ParamKind::FloatVec(_), syn::ReturnType::Type(_, ty)) = (rules, &sig.ret, &func.sig.output)
    {
        diag.error_spanned(
            ty,
            "custom rules (`#[derivative]`) for a function returning a `Vec` are not supported yet: write the \
             result into a `&mut [F]` parameter",
        );
    }
    let total = sig.params.len() + !matches!(sig.ret, parse::ParamKind::Unit) as usize;
    for r in requests.iter_mut() {
        if let Request::Derivative(spec) = r {
            rows.hide_in(spec, total);
        }
    }
    let specs = requests.iter().filter_map(|r| match r {
        Request::Derivative(spec) => Some(spec),
        Request::Companions => None,
    });
    parse::mark_values(&mut sig, specs);
    let differentiated = |p: &&parse::Param| matches!(p.kind, parse::ParamKind::Value { differentiated: true, .. });
    let value_result = matches!(sig.ret, parse::ParamKind::Value { differentiated: true, .. });
    let value_ty =
        sig.params.iter().find(differentiated).map(|p| &p.ty).or(sig.ret_ty.as_ref().filter(|_| value_result));
    if let (Some(_), Some(ty)) = (rules, value_ty) {
        diag.error_spanned(
            ty,
            "custom rules (`#[derivative]`) for a function taking a value struct are not supported yet: take it \
             by reference (`&T`, Duplicated)",
        );
    }
    Desugared { func, source, written, receiver, rows, sig, float }
}

/// Reports each derivative named as the function itself.
fn check_names(requests: &[Request], func: &syn::ItemFn, diag: &Diag) {
    for r in requests {
        if let Request::Derivative(spec) = r {
            if spec.name == func.sig.ident {
                diag.error(
                    spec.name.span(),
                    format!(
                        "the derivative needs a name of its own: `{0}` is the function's name, and both would be \
                         defined; use another, such as `d_{0}`",
                        spec.name
                    ),
                );
            }
        }
    }
}

/// The function as written, with the `use` items that keep the imports of its attributes used.
fn as_written(d: &mut Desugared, requests: &[Request], consumed: TokenStream) -> TokenStream {
    // A function whose derivative is used is used: the derivative computes
    // its value too, without calling it. (An unused derivative still warns.)
    if requests.iter().any(|r| matches!(r, Request::Derivative(_))) {
        d.written.attrs.push(syn::parse_quote!(#[allow(dead_code)]));
    }
    let written = &d.written;
    let mut out = quote!(#written);
    // An unnamed constant is not an associated item: in an `impl` block the
    // imports stay unnamed.
    if !consumed.is_empty() && d.receiver.is_none() {
        out.extend(quote!(const _: () = { #consumed };));
    }
    out
}

/// Appends to `out` the companions and valid derivatives, or their stubs when differentiating finds errors.
fn generate(
    mut out: TokenStream,
    d: &Desugared,
    requests: &[Request],
    rules: Option<&Rules>,
    in_cycle: bool,
    diag: Diag,
) -> TokenStream {
    let Desugared { func, source, receiver, rows, sig, float, .. } = d;
    // Each request's activities are checked once, here; only valid requests
    // are generated (or stubbed, when the body has errors).
    let specs: Vec<&parse::DiffSpec> = requests
        .iter()
        .filter_map(|r| match r {
            Request::Derivative(spec) => Some(spec),
            Request::Companions => None,
        })
        .filter(|spec| {
            wrappers::validate(func, sig, spec, &diag)
                && (!batched::is_batched(spec) || batched::validate(sig, spec, &diag))
        })
        .filter(|spec| batched_here(spec, d, rules.is_some(), &diag))
        .collect();
    // Batched derivatives call lane companions of plain functions only.
    let lanes = receiver.is_none() && float.is_none() && rows.is_empty();
    let companions = match rules {
        Some(r) => {
            let mut c = rules::companions(func, sig, r);
            c.extend(joint_companions(func, sig, None));
            if lanes && batched::lanes_signature(sig) {
                let why = "it has custom rules, which have no batched form yet";
                c.extend(batched::lanes_stub(func, sig, func.sig.ident.span(), why));
            }
            c
        }
        None => differentiate(source, sig, &specs, rows, lanes, in_cycle, &diag),
    };
    let names: Vec<&syn::Ident> = specs.iter().map(|s| &s.name).collect();
    let as_methods = |generated: TokenStream| match (receiver, float) {
        (Some(r), _) => method::as_methods(generated, &names, r),
        (None, Some(t)) => crate::generics::generalise(generated, t),
        (None, None) => generated,
    };
    if diag.has_errors() {
        // The derivatives keep their signatures, so code calling them
        // type-checks while the errors are shown (those on buffers of
        // arrays would need the user's types: none).
        if !rows.is_empty() {
            return finish(out, diag);
        }
        let stubs: TokenStream = specs
            .iter()
            .map(|spec| match batched::is_batched(spec) {
                true => batched::wrapper(func, sig, spec, false),
                false => wrappers::stub(func, sig, spec),
            })
            .collect();
        out.extend(as_methods(stubs));
        return finish(out, diag);
    }
    let mut generated = TokenStream::new();
    if rules.is_some() {
        // Functions with rules have no body to differentiate: their
        // derivatives call the rule companions.
        for spec in &specs {
            generated.extend(match spec.mode {
                Mode::Reverse => wrappers::reverse(func, sig, spec, &diag),
                Mode::Forward => wrappers::forward(func, sig, spec, &diag),
            });
        }
    }
    // The derivatives first, the hidden companions after them.
    generated.extend(companions);
    out.extend(as_methods(generated));
    finish(out, diag)
}

/// Whether batched mode, if `spec` asks for it, can be had for this
/// function: not yet for methods, functions generic over their float type,
/// functions of buffers of rows, nor functions with custom rules.
fn batched_here(spec: &parse::DiffSpec, d: &Desugared, rules: bool, diag: &Diag) -> bool {
    if !crate::codegen::batched::is_batched(spec) {
        return true;
    }
    let what = match () {
        _ if rules => "a function with custom rules",
        _ if d.receiver.is_some() => "a method",
        _ if d.float.is_some() => "a function generic over its float type",
        _ if !d.rows.is_empty() => "a function of buffers of rows",
        _ => return true,
    };
    diag.error(spec.width_span.unwrap_or(spec.name.span()), format!("batched mode is not supported for {what} yet"));
    false
}

/// `out` with the errors of `diag`, if any.
fn finish(out: TokenStream, diag: Diag) -> TokenStream {
    match diag.finish() {
        Ok(()) => out,
        Err(e) => crate::diag::with_errors(out, e),
    }
}
