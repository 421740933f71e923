//! The driver of the pipeline: gathers the attributes on an item, validates
//! them, desugars the function (`lifetimes`, `flatten`, `scalars`, methods),
//! lowers it, analyses it and has `codegen` (or `kernel`) print the result.
//! Every stage it calls sits below it; none calls back.

mod impls;
mod method;

use crate::analysis::{activity, plan, prepare, types};
use crate::codegen::{reverse, rules, tangent, wrappers};
use crate::diag::Diag;
use crate::lower::lower_fn;
use crate::parse::{self, Mode, Request, Rules};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;

/// Which attribute of the family invoked the macro.
#[derive(Clone, Copy)]
pub enum Attr {
    Autodiff(Option<Mode>),
    Derivative,
    Kernel,
}

fn attr_kind(a: &syn::Attribute) -> Option<Attr> {
    let last = a.path().segments.last()?.ident.to_string();
    match last.as_str() {
        "autodiff" => Some(Attr::Autodiff(None)),
        "autodiff_reverse" => Some(Attr::Autodiff(Some(Mode::Reverse))),
        "autodiff_forward" => Some(Attr::Autodiff(Some(Mode::Forward))),
        "derivative" => Some(Attr::Derivative),
        _ => None,
    }
}

fn attr_args(a: &syn::Attribute) -> TokenStream {
    match &a.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => TokenStream::new(),
    }
}

/// Checks and removes `#[checkpoint(...)]` from statements of the body: the
/// attribute is consumed by the macro, so the emitted code compiles on
/// stable, and rustc never sees it, so every error about it is ours.
fn strip_inner_attrs(func: &mut syn::ItemFn, diag: &Diag) {
    struct S<'d>(&'d Diag);
    impl S<'_> {
        /// `what` is `None` for a loop that may carry the attribute; its
        /// count is returned.
        fn check(&self, attrs: &mut Vec<syn::Attribute>, what: Option<&str>) -> Option<syn::Expr> {
            let mut seen = false;
            let mut count = None;
            attrs.retain(|a| {
                if !a.path().is_ident("checkpoint") {
                    return true;
                }
                match what {
                    None if seen => self.0.error_spanned(a, "a loop takes one `#[checkpoint]`"),
                    None => count = parse::check_checkpoint(a, self.0).map(|ck| ck.count),
                    Some(what) => self
                        .0
                        .error_spanned(a, format!("`#[checkpoint]` applies to a `for` or `while` loop, not to {what}")),
                }
                seen = true;
                false
            });
            count
        }
    }
    impl syn::visit_mut::VisitMut for S<'_> {
        fn visit_local_mut(&mut self, l: &mut syn::Local) {
            let _ = self.check(&mut l.attrs, Some("a `let` statement"));
            syn::visit_mut::visit_local_mut(self, l);
        }
        fn visit_stmt_macro_mut(&mut self, m: &mut syn::StmtMacro) {
            let _ = self.check(&mut m.attrs, Some("a macro call"));
        }
        fn visit_stmt_mut(&mut self, s: &mut syn::Stmt) {
            // syn puts the attributes of `#[a] x = f(x);` on its leftmost
            // operand, `x`; name the statement in the message.
            if let syn::Stmt::Expr(e, _) = s {
                let what = describe(e);
                let mut target = &mut *e;
                loop {
                    target = match target {
                        syn::Expr::Assign(x) => &mut *x.left,
                        syn::Expr::Binary(x) => &mut *x.left,
                        syn::Expr::Index(x) => &mut *x.expr,
                        syn::Expr::Field(x) => &mut *x.base,
                        syn::Expr::MethodCall(x) => &mut *x.receiver,
                        syn::Expr::Call(x) => &mut *x.func,
                        syn::Expr::Cast(x) => &mut *x.expr,
                        _ => break,
                    };
                    if let Some(attrs) = expr_attrs_mut(target) {
                        let _ = self.check(attrs, what);
                    }
                }
            }
            syn::visit_mut::visit_stmt_mut(self, s);
        }
        fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
            let what = describe(e);
            let count = expr_attrs_mut(e).and_then(|attrs| self.check(attrs, what));
            syn::visit_mut::visit_expr_mut(self, e);
            // The count may name a variable used nowhere else: the plain
            // function still reads it.
            if let Some(count) = count.filter(|c| !matches!(c, syn::Expr::Lit(_))) {
                *e = syn::parse_quote!({
                    let _ = &(#count);
                    #e
                });
            }
        }
        // Items nested in the body are not part of the function (and are
        // reported as unsupported by the lowering).
        fn visit_item_mut(&mut self, _: &mut syn::Item) {}
    }
    syn::visit_mut::VisitMut::visit_block_mut(&mut S(diag), &mut func.block);
}

/// What `#[checkpoint]` on `e` is on, for the message; `None` for a loop that takes it.
fn describe(e: &syn::Expr) -> Option<&'static str> {
    Some(match e {
        syn::Expr::ForLoop(_) | syn::Expr::While(_) => return None,
        syn::Expr::Loop(_) => "a `loop` (write it as a `while` loop)",
        syn::Expr::If(_) => "an `if`",
        syn::Expr::Match(_) => "a `match`",
        syn::Expr::Block(_) => "a block",
        syn::Expr::Assign(_) => "an assignment",
        syn::Expr::Binary(b)
            if matches!(
                b.op,
                syn::BinOp::AddAssign(_)
                    | syn::BinOp::SubAssign(_)
                    | syn::BinOp::MulAssign(_)
                    | syn::BinOp::DivAssign(_)
            ) =>
        {
            "an assignment"
        }
        syn::Expr::Call(_) | syn::Expr::MethodCall(_) => "a call",
        _ => "this expression",
    })
}

/// The attributes of an expression.
fn expr_attrs_mut(e: &mut syn::Expr) -> Option<&mut Vec<syn::Attribute>> {
    use syn::Expr::*;
    Some(match e {
        Array(x) => &mut x.attrs,
        Assign(x) => &mut x.attrs,
        Async(x) => &mut x.attrs,
        Await(x) => &mut x.attrs,
        Binary(x) => &mut x.attrs,
        Block(x) => &mut x.attrs,
        Break(x) => &mut x.attrs,
        Call(x) => &mut x.attrs,
        Cast(x) => &mut x.attrs,
        Closure(x) => &mut x.attrs,
        Const(x) => &mut x.attrs,
        Continue(x) => &mut x.attrs,
        Field(x) => &mut x.attrs,
        ForLoop(x) => &mut x.attrs,
        Group(x) => &mut x.attrs,
        If(x) => &mut x.attrs,
        Index(x) => &mut x.attrs,
        Infer(x) => &mut x.attrs,
        Let(x) => &mut x.attrs,
        Lit(x) => &mut x.attrs,
        Loop(x) => &mut x.attrs,
        Macro(x) => &mut x.attrs,
        Match(x) => &mut x.attrs,
        MethodCall(x) => &mut x.attrs,
        Paren(x) => &mut x.attrs,
        Path(x) => &mut x.attrs,
        Range(x) => &mut x.attrs,
        Reference(x) => &mut x.attrs,
        Repeat(x) => &mut x.attrs,
        Return(x) => &mut x.attrs,
        Struct(x) => &mut x.attrs,
        Try(x) => &mut x.attrs,
        TryBlock(x) => &mut x.attrs,
        Tuple(x) => &mut x.attrs,
        Unary(x) => &mut x.attrs,
        Unsafe(x) => &mut x.attrs,
        While(x) => &mut x.attrs,
        Yield(x) => &mut x.attrs,
        _ => return None,
    })
}

pub fn expand(first: Attr, args: TokenStream, item: TokenStream) -> TokenStream {
    let mut func: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => {
            if let (Attr::Autodiff(None), Ok(block)) = (first, syn::parse2::<syn::ItemImpl>(item.clone())) {
                return impls::expand_impl(args, block);
            }
            return not_a_function(item, first);
        }
    };
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
    // Gather every attribute of the family on this function: the first one
    // to run handles them all.
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
    handle(first, args, (Span::call_site(), Span::call_site()), &diag);
    let attrs = std::mem::take(&mut func.attrs);
    // The attributes handled here never expand on their own; naming their
    // paths keeps the user's imports of them from looking unused.
    let mut consumed = TokenStream::new();
    for a in attrs {
        match attr_kind(&a) {
            Some(kind) => {
                handle(kind, attr_args(&a), (a.pound_token.span, a.bracket_token.span.close()), &diag);
                let path = a.path();
                consumed.extend(quote!(#[allow(unused_imports)] use #path as _;));
            }
            None => func.attrs.push(a),
        }
    }
    // Errors of the body (here, of `#[checkpoint]`) still let the derivatives
    // be declared; those of the attributes and the signature do not.
    let body_diag = Diag::default();
    // The lowering reads `#[checkpoint]` from the loops; the function
    // emitted as written goes without.
    let mut source = func.clone();
    strip_inner_attrs(&mut func, &body_diag);
    // A method is differentiated as the function it is, its receiver a
    // first parameter (see `method`); the user's method is emitted as written.
    let mut written = func.clone();
    let receiver = match method::as_function(&func) {
        Some((f, r)) => {
            func = f;
            source = method::as_function(&source).map_or(source, |(s, _)| s);
            if r.by_value() {
                diag.error_spanned(
                    &written.sig.inputs[0],
                    "a receiver taken by value cannot be differentiated: take `&self` (or `&mut self`), whose \
                     shadow is a `&mut Self`",
                );
            } else if rules.is_some() {
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
    for r in &requests {
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
    // Buffers of arrays are differentiated flat (see `flatten`).
    let mut rows = crate::flatten::flatten(&mut source, &body_diag);
    crate::flatten::flatten_signature(&mut func.sig);
    // References to one number are slices of one (see `scalars`), in
    // functions with a body of their own.
    if receiver.is_none() && rules.is_none() {
        crate::scalars::desugar(&mut source, &mut rows);
        crate::scalars::desugar_signature(&mut func.sig);
    }
    if !rows.is_empty() && (receiver.is_some() || rules.is_some()) {
        diag.error_spanned(
            &written.sig.ident,
            "buffers of rows (`&[[f64; N]]`, `&[Vec<f64>]`) are supported in free functions without custom rules; \
             pass a flat slice (`p.as_flattened()` of arrays) to a method or a function with `#[derivative]`",
        );
    }
    let sig = parse::signature(&func, &diag);
    if let (Some(_), parse::ParamKind::FloatVec(_), syn::ReturnType::Type(_, ty)) = (&rules, &sig.ret, &func.sig.output)
    {
        diag.error_spanned(
            ty,
            "custom rules (`#[derivative]`) for a function returning a `Vec` are not supported yet: write the \
             result into a `&mut [F]` parameter",
        );
    }
    let total = sig.params.len() + !matches!(sig.ret, parse::ParamKind::Unit) as usize;
    for r in &mut requests {
        if let Request::Derivative(spec) = r {
            rows.hide_in(spec, total);
        }
    }
    // A function whose derivative is used is used: the derivative computes
    // its value too, without calling it. (An unused derivative still warns.)
    if requests.iter().any(|r| matches!(r, Request::Derivative(_))) {
        written.attrs.push(syn::parse_quote!(#[allow(dead_code)]));
    }
    let mut out = quote!(#written);
    // An unnamed constant is not an associated item: in an `impl` block the
    // imports stay unnamed.
    if !consumed.is_empty() && receiver.is_none() {
        out.extend(quote!(const _: () = { #consumed };));
    }
    if diag.has_errors() {
        diag.absorb(body_diag);
        return finish(out, diag);
    }
    diag.absorb(body_diag);
    // Each request's activities are checked once, here; only valid requests
    // are generated (or stubbed, when the body has errors).
    let specs: Vec<&parse::DiffSpec> = requests
        .iter()
        .filter_map(|r| match r {
            Request::Derivative(spec) => Some(spec),
            Request::Companions => None,
        })
        .filter(|spec| wrappers::validate(&func, &sig, spec, &diag))
        .collect();
    let companions = match &rules {
        Some(r) => {
            let mut c = rules::companions(&func, &sig, r);
            c.extend(joint_companions(&func, &sig, None));
            c
        }
        None => differentiate(&source, &sig, &specs, &rows, &diag),
    };
    let names: Vec<&syn::Ident> = specs.iter().map(|s| &s.name).collect();
    let as_methods = |generated: TokenStream| match &receiver {
        Some(r) => method::as_methods(generated, &names, r),
        None => generated,
    };
    if diag.has_errors() {
        // The derivatives keep their signatures, so code calling them
        // type-checks while the errors are shown (those on buffers of
        // arrays would need the user's types: none).
        if !rows.is_empty() {
            return finish(out, diag);
        }
        let stubs: TokenStream = specs.iter().map(|spec| wrappers::stub(&func, &sig, spec)).collect();
        out.extend(as_methods(stubs));
        return finish(out, diag);
    }
    let mut generated = companions;
    if rules.is_some() {
        // Functions with rules have no body to differentiate: their
        // derivatives call the rule companions.
        for spec in &specs {
            generated.extend(match spec.mode {
                Mode::Reverse => wrappers::reverse(&func, &sig, spec, &diag),
                Mode::Forward => wrappers::forward(&func, &sig, spec, &diag),
            });
        }
    }
    out.extend(as_methods(generated));
    finish(out, diag)
}

/// Which parameters a derivative treats as active.
fn activity_mask(sig: &parse::Signature, spec: &parse::DiffSpec) -> Vec<bool> {
    sig.params
        .iter()
        .enumerate()
        .map(|(i, _)| spec.acts.get(i).is_some_and(|(a, _)| *a != parse::Activity::Const))
        .collect()
}

/// A function lowered and analysed once, for all the code generated from it.
struct Analysed {
    f: crate::ir::Function,
    t: types::Types,
    prepared: prepare::Prepared,
    written: Vec<bool>,
}

fn analyse(func: &syn::ItemFn, sig: &parse::Signature, diag: &Diag) -> Option<Analysed> {
    let mut f = lower_fn(func, sig, diag);
    if diag.has_errors() {
        return None;
    }
    let prepared = prepare::prepare(&mut f);
    let t = types::infer(&f, diag);
    crate::analysis::checkpoint::check_state(&f, &t, diag);
    if diag.has_errors() {
        return None;
    }
    let written = prepare::written_vars(&f);
    Some(Analysed { f, t, prepared, written })
}

/// The companions other functions call: every float parameter active.
fn companions(func: &syn::ItemFn, sig: &parse::Signature, a: &Analysed, diag: &Diag) -> TokenStream {
    let all = vec![true; sig.params.len()];
    let act = activity::analyse(&a.f, &a.t, &all);
    let p = plan::build(&a.f, &a.t, &act, a.prepared.clone(), a.written.clone(), plan::Purpose::Companion);
    // Activities only shrink from here, so these calls stay inactive in
    // every derivative: one report serves them all.
    for (span, v) in &p.unsaved_calls {
        let name = &a.f.vars[*v].name;
        diag.error(
            *span,
            format!(
                "this call overwrites `{name}` through `&mut` after code whose derivative reads `{name}` again; \
                 a call without an active argument records nothing, so the derivative would read the new values: \
                 not supported yet. Pass the call a copy (`let mut {name}2 = {name}.clone();`), or read `{name}` \
                 into a local before the call"
            ),
        );
    }
    let recursive = calls_itself(&a.f, &func.sig.ident);
    let mut out = reverse::RevGen::new(&a.f, &a.t, &act, &p, sig).companion(func, recursive);
    out.extend(tangent::TanGen::new(&a.f, &a.t, &act, &p, sig).companion(func));
    out
}

fn differentiate(
    func: &syn::ItemFn,
    sig: &parse::Signature,
    specs: &[&parse::DiffSpec],
    rows: &crate::flatten::Rows,
    diag: &Diag,
) -> TokenStream {
    let Some(a) = analyse(func, sig, diag) else { return quote!() };
    let mut out = companions(func, sig, &a, diag);
    out.extend(joint_companions(func, sig, Some(&a)));
    // Each requested derivative is generated whole, specialised to its
    // activities: the forward and adjoint sweeps in one function.
    for spec in specs {
        let mask = activity_mask(sig, spec);
        let act = activity::analyse(&a.f, &a.t, &mask);
        if !const_outputs_inactive(sig, spec, &a.f, &act, diag) {
            continue;
        }
        let p = plan::build(&a.f, &a.t, &act, a.prepared.clone(), a.written.clone(), plan::Purpose::Derivative);
        let derivative = match spec.mode {
            Mode::Reverse => reverse::RevGen::new(&a.f, &a.t, &act, &p, sig).flat(func, spec),
            Mode::Forward => tangent::TanGen::new(&a.f, &a.t, &act, &p, sig).flat(func, spec),
        };
        // The companions of a reverse derivative come from its nestable
        // form: the same derivative in the subset the pipeline reads.
        if spec.mode == Mode::Reverse {
            out.extend(nestable_companions(func, sig, &a, &act, spec));
        } else {
            out.extend(nested_companions(&derivative));
        }
        out.extend(if rows.is_empty() { derivative } else { crate::flatten::wrap(derivative, rows) });
    }
    out
}

/// The companions of the reverse derivative `spec` asks for (`act` its
/// activities), from its nestable form.
fn nestable_companions(
    func: &syn::ItemFn,
    sig: &parse::Signature,
    a: &Analysed,
    act: &activity::Activity,
    spec: &parse::DiffSpec,
) -> TokenStream {
    let p = plan::build(&a.f, &a.t, act, a.prepared.clone(), a.written.clone(), plan::Purpose::Nestable);
    let mut nestable = reverse::RevGen::new(&a.f, &a.t, act, &p, sig);
    nestable.nestable = true;
    nested_companions(&nestable.flat(func, spec))
}

/// The companions of the function's joint function (see
/// `reverse::joint`), which the nested derivatives of its callers call:
/// from the joint's nestable form, or from a stub that panics where that
/// form is outside the subset (`a` is `None` for custom rules).
fn joint_companions(func: &syn::ItemFn, sig: &parse::Signature, a: Option<&Analysed>) -> TokenStream {
    if !reverse::joint::jointable(sig) {
        return quote!();
    }
    let spec = reverse::joint::joint_spec(func, sig);
    let real =
        a.map(|a| nestable_companions(func, sig, a, &activity::analyse(&a.f, &a.t, &activity_mask(sig, &spec)), &spec));
    match real {
        Some(c) if !c.is_empty() => c,
        _ => {
            let why = format!(
                "parad: a derivative of a derivative through `{}` is not supported: its adjoint uses code parad \
                 cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls \
                 returning a `Vec`)",
                func.sig.ident
            );
            let stub = reverse::joint::stub(func, sig, &why);
            nested_companions(&quote!(#stub))
        }
    }
}

/// A `&mut` parameter marked `Const` has no shadow, so it must not receive
/// values that carry derivatives (written from active values, or received
/// by MPI from another rank); the error points at its activity.
fn const_outputs_inactive(
    sig: &parse::Signature,
    spec: &parse::DiffSpec,
    f: &crate::ir::Function,
    act: &activity::Activity,
    diag: &Diag,
) -> bool {
    let mut ok = true;
    for (i, p) in sig.params.iter().enumerate() {
        let written_out = matches!(
            p.kind,
            parse::ParamKind::FloatBuf { mutable: true, .. } | parse::ParamKind::Struct { mutable: true, .. }
        );
        let constant = spec.acts.get(i).is_some_and(|(a, _)| *a == parse::Activity::Const);
        if written_out && constant && act.vars[f.params[i]] {
            let span = spec.acts[i].1;
            diag.error(
                span,
                format!(
                    "`{}` is `Const`, but the function writes values into it that carry derivatives (or receives \
                     them by MPI); mark it Duplicated (its shadow then carries them), or write constant values \
                     (`parad::no_grad(..)`)",
                    p.name
                ),
            );
            ok = false;
        }
    }
    ok
}

/// Companions of a generated derivative, so that code calling it can be
/// differentiated again (forward or reverse over forward or reverse): the
/// derivative is plain Rust in the subset the macro handles, so it goes
/// through the same pipeline. Where it uses something the pipeline does not
/// handle yet, no companions are emitted and a differentiated caller gets
/// rustc's "cannot find `__parad_fwd_d_f`" at its call.
fn nested_companions(derivative: &TokenStream) -> TokenStream {
    // Calls of companions or of the runtime's helpers would need companions
    // of their own, which do not exist yet: such derivatives are not
    // differentiable again (yet), and emitting companions that name missing
    // functions would break the build of code that never uses them.
    let Ok(mut func) = syn::parse2::<syn::ItemFn>(derivative.clone()) else { return quote!() };
    syn::visit_mut::VisitMut::visit_item_fn_mut(&mut PlainTapes, &mut func);
    // Joint functions (`__parad_joint_g`) are the exception: their
    // companions always exist (see `reverse::joint`).
    let text = quote!(#func).to_string().replace("__parad_joint_", "");
    if text.contains("__parad_") || text.contains("__private") {
        return quote!();
    }
    let quiet = Diag::default();
    let sig = parse::signature(&func, &quiet);
    if quiet.has_errors() {
        return quote!();
    }
    match analyse(&func, &sig, &quiet) {
        Some(a) => companions(&func, &sig, &a, &quiet),
        None => quote!(),
    }
}

/// Turns the derivative's pooled tapes (`::parad::__private::Tape::new()`)
/// back into the `Vec`s they dereference to, and their `push_reserved` into
/// `push`, which the pipeline reads like any vector: where its tapes come
/// from does not matter to a derivative of the derivative, whose own tapes
/// are pooled again.
struct PlainTapes;

impl syn::visit_mut::VisitMut for PlainTapes {
    fn visit_expr_path_mut(&mut self, e: &mut syn::ExprPath) {
        let pooled: syn::Path = syn::parse_quote!(::parad::__private::Tape::new);
        if e.qself.is_none() && e.path == pooled {
            e.path = syn::parse_quote!(::std::vec::Vec::new);
        }
    }

    fn visit_expr_method_call_mut(&mut self, m: &mut syn::ExprMethodCall) {
        if m.method == "push_reserved" {
            m.method = syn::Ident::new("push", m.method.span());
        }
        syn::visit_mut::visit_expr_method_call_mut(self, m);
    }
}

fn calls_itself(f: &crate::ir::Function, name: &syn::Ident) -> bool {
    let mut found = false;
    crate::ir::walk_stmts(&f.body, &mut |s| match &s.kind {
        crate::ir::StmtKind::Call { call, .. } | crate::ir::StmtKind::Let { init: crate::ir::Init::Call(call), .. } => {
            found |= call.path.is_ident(name);
        }
        _ => {}
    });
    found
}

fn finish(out: TokenStream, diag: Diag) -> TokenStream {
    match diag.finish() {
        Ok(()) => out,
        Err(e) => crate::diag::with_errors(out, e),
    }
}

fn not_a_function(item: TokenStream, attr: Attr) -> TokenStream {
    let name = match attr {
        Attr::Autodiff(None) => "autodiff",
        Attr::Autodiff(Some(Mode::Reverse)) => "autodiff_reverse",
        Attr::Autodiff(Some(Mode::Forward)) => "autodiff_forward",
        Attr::Derivative => "derivative",
        Attr::Kernel => "kernel",
    };
    // A function signature without a body (a trait method declaration).
    if let Ok(t) = syn::parse2::<syn::TraitItemFn>(item.clone()) {
        if t.default.is_none() {
            let e = crate::diag::range_error(
                t.sig.fn_token.span(),
                t.semi_token.map_or(t.sig.span(), |s| s.span()),
                format!(
                    "`#[{name}]` needs a function with a body, and a trait method declaration has none; put it \
                     on a free function and call that from the trait's implementations"
                ),
            );
            return crate::diag::with_errors(item, e);
        }
    }
    let (first, last, what, hint) = match syn::parse2::<syn::Item>(item.clone()) {
        Ok(i) => match &i {
            syn::Item::Struct(s) => (
                s.struct_token.span(),
                s.ident.span(),
                "a struct",
                format!(
                    "; to differentiate with respect to its fields, pass `&{0}` or `&mut {0}` to a function \
                     and mark it Duplicated",
                    s.ident
                ),
            ),
            syn::Item::Enum(e) => (e.enum_token.span(), e.ident.span(), "an enum", String::new()),
            syn::Item::Const(c) => (c.const_token.span(), c.ident.span(), "a constant", String::new()),
            syn::Item::Static(s) => (s.static_token.span(), s.ident.span(), "a static", String::new()),
            syn::Item::Trait(t) => (t.trait_token.span(), t.ident.span(), "a trait", String::new()),
            syn::Item::Impl(i) => {
                (i.impl_token.span(), i.self_ty.span(), "an `impl` block", "; put it on a function".to_string())
            }
            other => (other.span(), other.span(), "this item", String::new()),
        },
        Err(_) => (Span::call_site(), Span::call_site(), "this item", String::new()),
    };
    let e =
        crate::diag::range_error(first, last, format!("`#[{name}]` applies to functions (`fn`), not to {what}{hint}"));
    crate::diag::with_errors(item, e)
}
