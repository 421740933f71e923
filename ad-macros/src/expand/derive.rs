//! A function lowered and analysed once, and everything generated from
//! it: the companions other functions call, the derivatives asked for, and
//! the companions that let those be differentiated again.

use crate::analysis::{activity, plan, prepare, types};
use crate::codegen::{batched, reverse, tangent};
use crate::diag::Diag;
use crate::ir::{IdVec, VarId};
use crate::lower::lower_fn;
use crate::parse::{self, Mode};
use proc_macro2::TokenStream;
use quote::quote;

/// Which parameters a derivative treats as active.
fn activity_mask(sig: &parse::Signature, spec: &parse::DiffSpec) -> Vec<bool> {
    sig.params
        .iter()
        .enumerate()
        .map(|(i, _)| spec.acts.get(i).is_some_and(|(a, _)| *a != parse::Activity::Const))
        .collect()
}

/// A function lowered and analysed once, for all the code generated from it.
pub struct Analysed {
    f: crate::ir::Function,
    t: types::Types,
    prepared: prepare::Prepared,
    written: IdVec<VarId, bool>,
}

fn analyse(func: &syn::ItemFn, sig: &parse::Signature, in_cycle: bool, diag: &Diag) -> Option<Analysed> {
    let mut f = lower_fn(func, sig, diag);
    if diag.has_errors() {
        return None;
    }
    let mut prepared = prepare::prepare(&mut f, &func.sig.ident);
    prepared.jointable = reverse::joint::jointable(sig);
    prepared.in_cycle = in_cycle;
    let t = types::infer(&f, diag);
    crate::analysis::methods::check(&f, &t, diag);
    // After rejected methods or MPI data, "cannot infer" would be noise.
    if !diag.has_errors() {
        crate::analysis::known::check(&f, &t, diag);
    }
    crate::analysis::checkpoint::check_state(&f, &t, diag);
    if diag.has_errors() {
        return None;
    }
    let written = prepare::written_vars(&f);
    Some(Analysed { f, t, prepared, written })
}

/// The companions other functions call: every float parameter active but
/// value structs, which callers pass as constant data (`docs/values.md`).
fn companions(
    func: &syn::ItemFn,
    sig: &parse::Signature,
    a: &Analysed,
    diag: &Diag,
    nested: bool,
    lanes: bool,
) -> TokenStream {
    let all: Vec<bool> = sig.params.iter().map(|p| !matches!(p.kind, parse::ParamKind::Value { .. })).collect();
    let act = activity::analyse(&a.f, &a.t, &all);
    if !constant_values_inactive(sig, &a.f, &act, diag) {
        return quote!();
    }
    let p = plan::build(&a.f, &a.t, &act, a.prepared.clone(), a.written.clone(), plan::Purpose::Companion);
    // Activities only shrink from here, so these calls stay inactive in
    // every derivative: one report serves them all.
    for (span, v) in &p.unsaved_calls {
        let name = &a.f.vars[*v].name;
        diag.error(
            *span,
            format!(
                "this call overwrites `{name}` through `&mut` after code whose derivative reads `{name}` again; \
                 inside a rayon loop or a checkpointed loop, or through a field, a call without an active \
                 argument cannot be recorded, so the derivative would read the new values: not supported yet. \
                 Pass the call a copy (`let mut {name}2 = {name}.clone();`), or read `{name}` into a local \
                 before the call"
            ),
        );
    }
    let mut out = tangent::TanGen::new(&a.f, &a.t, &act, &p, sig).companion(func);
    if lanes && batched::lanes_signature(sig) {
        out.extend(lane_companion(func, sig, a, &act, &p));
    }
    out.extend(reverse::RevGen::new(&a.f, &a.t, &act, &p, sig).companion(func));
    if !p.joint_calls.is_empty() {
        out.extend(joint_function(func, sig, a));
    }
    // (A derivative taking values is not passed values by callers that
    // differentiate it again.)
    if !nested && sig.params.iter().any(|p| matches!(p.kind, parse::ParamKind::Value { .. })) {
        out.extend(value_companions(func, sig, a));
    }
    out
}

/// The lane companion batched derivatives call (see `docs/batched.md`), or
/// its stub where batched mode cannot differentiate the function or the
/// function calls another differentiated one.
fn lane_companion(
    func: &syn::ItemFn,
    sig: &parse::Signature,
    a: &Analysed,
    act: &activity::Activity,
    p: &plan::Plan,
) -> TokenStream {
    // Asked, not reported: a refusal is reported where a batched caller
    // instantiates the stub.
    let refusals = Diag::default();
    if !crate::analysis::batched::supported(&a.f, &a.t, act, false, &refusals) {
        let (at, why) = refusals.first().unwrap_or((func.sig.ident.span(), String::new()));
        return batched::lanes_stub(func, sig, at, &why);
    }
    match crate::analysis::batched::first_active_call(&a.f, &a.t, act) {
        Some(callee) => {
            let why = "it calls another differentiated function, and the functions a batched derivative calls \
                       may not (yet): inline the call";
            batched::lanes_stub(func, sig, syn::spanned::Spanned::span(&callee), why)
        }
        None => tangent::TanGen::new(&a.f, &a.t, act, p, sig).with_generic_lanes().companion(func),
    }
}

/// The joint function of a recursive function, which the adjoints of its
/// calls to itself call (see `plan::Plan::joint_calls`).
fn joint_function(func: &syn::ItemFn, sig: &parse::Signature, a: &Analysed) -> TokenStream {
    let spec = reverse::joint::joint_spec(func, sig);
    let act = activity::analyse(&a.f, &a.t, &activity_mask(sig, &spec));
    let p = plan::build(&a.f, &a.t, &act, a.prepared.clone(), a.written.clone(), plan::Purpose::Derivative);
    reverse::RevGen::new(&a.f, &a.t, &act, &p, sig).flat(func, &spec)
}

/// The companions that calls passing values call (see `docs/values.md`):
/// the value parameters a caller may pass a derivative in are active too.
fn value_companions(func: &syn::ItemFn, sig: &parse::Signature, a: &Analysed) -> TokenStream {
    let mask: Vec<bool> = sig
        .params
        .iter()
        .zip(&a.f.params)
        .map(|(p, v)| !matches!(p.kind, parse::ParamKind::Value { .. }) || a.f.value_slots.contains(v))
        .collect();
    let act = activity::analyse(&a.f, &a.t, &mask);
    let p = plan::build(&a.f, &a.t, &act, a.prepared.clone(), a.written.clone(), plan::Purpose::Companion);
    let mut out = tangent::TanGen::new(&a.f, &a.t, &act, &p, sig).with_value_slots().companion(func);
    out.extend(reverse::RevGen::new(&a.f, &a.t, &act, &p, sig).with_value_slots().companion(func));
    out
}

pub fn differentiate(
    func: &syn::ItemFn,
    sig: &parse::Signature,
    specs: &[&parse::DiffSpec],
    rows: &crate::flatten::Rows,
    lanes: bool,
    in_cycle: bool,
    diag: &Diag,
) -> TokenStream {
    let Some(a) = analyse(func, sig, in_cycle, diag) else { return quote!() };
    // The derivatives come first, as `cargo expand` shows them; the hidden
    // companions follow, those that callers call last (rustc names the one
    // of a missing callee that comes last: the caller's, not a nested one's).
    let mut out = TokenStream::new();
    let calls = companions(func, sig, &a, diag, false, lanes);
    // (Through a cycle of calls, nested derivatives are not supported yet:
    // the joint functions' companions would contain each other too.)
    let mut hidden = joint_companions(func, sig, Some(&a).filter(|_| !in_cycle));
    // Each requested derivative is generated whole, specialised to its
    // activities: the forward and adjoint sweeps in one function.
    for spec in specs {
        let mask = activity_mask(sig, spec);
        let act = activity::analyse(&a.f, &a.t, &mask);
        if !const_outputs_inactive(sig, spec, &a.f, &act, diag) {
            continue;
        }
        let p = plan::build(&a.f, &a.t, &act, a.prepared.clone(), a.written.clone(), plan::Purpose::Derivative);
        if batched::is_batched(spec) {
            let reverse = spec.mode == Mode::Reverse;
            if crate::analysis::batched::supported(&a.f, &a.t, &act, reverse, diag) {
                let lanes = parse::DiffSpec { name: batched::lanes_name(&spec.name), ..(*spec).clone() };
                out.extend(batched::wrapper(func, sig, spec, true));
                hidden.extend(match spec.mode {
                    Mode::Reverse => {
                        reverse::RevGen::new(&a.f, &a.t, &act, &p, sig).with_lanes(spec.width).flat(func, &lanes)
                    }
                    Mode::Forward => {
                        tangent::TanGen::new(&a.f, &a.t, &act, &p, sig).with_lanes(spec.width).flat(func, &lanes)
                    }
                });
            }
            continue;
        }
        let derivative = match spec.mode {
            Mode::Reverse => reverse::RevGen::new(&a.f, &a.t, &act, &p, sig).flat(func, spec),
            Mode::Forward => tangent::TanGen::new(&a.f, &a.t, &act, &p, sig).flat(func, spec),
        };
        // The companions of a reverse derivative come from its nestable
        // form: the same derivative in the subset the pipeline reads.
        if spec.mode == Mode::Reverse {
            hidden.extend(nestable_companions(func, sig, &a, &act, spec));
        } else {
            hidden.extend(nested_companions(&derivative));
        }
        out.extend(if rows.is_empty() { derivative } else { crate::flatten::wrap(derivative, rows) });
    }
    out.extend(hidden);
    out.extend(calls);
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
pub fn joint_companions(func: &syn::ItemFn, sig: &parse::Signature, a: Option<&Analysed>) -> TokenStream {
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
                 returning a `Vec`, functions calling each other)",
                func.sig.ident
            );
            let stub = reverse::joint::stub(func, sig, &why);
            nested_companions(&quote!(#stub))
        }
    }
}

/// A value parameter that no request differentiates is constant data, of a
/// type that may have no zero (`Default`): it must not be written with
/// values that carry derivatives. The activities of the companions, where
/// every float is active, are the most any request has.
fn constant_values_inactive(
    sig: &parse::Signature,
    f: &crate::ir::Function,
    act: &activity::Activity,
    diag: &Diag,
) -> bool {
    let mut ok = true;
    for (p, &v) in sig.params.iter().zip(&f.params) {
        // (A value a caller may pass a derivative in has a shadow here.)
        let data = matches!(p.kind, parse::ParamKind::Value { .. }) && !f.value_slots.contains(&v);
        if data && act.vars[v] {
            diag.error_spanned(
                &p.ty,
                format!(
                    "`{}` is constant here (no derivative is taken with respect to it), but the function writes \
                     values that carry derivatives into its fields; mark it Active (its type then needs \
                     `#[autodiff]` and `Default`), or write constant values (`parad::no_grad(..)`)",
                    p.name
                ),
            );
            ok = false;
        }
    }
    ok
}

/// A `&mut` parameter marked `Const` has no shadow, so it must not receive
/// values that carry derivatives (written from active values, or received
/// by MPI from another rank); the error points at its activity. A buffer
/// (`&mut [F]`, `&mut Vec<F>`) outside MPI code is scratch instead: the
/// derivative gives it a zero shadow of its own (see `reverse::entry`).
fn const_outputs_inactive(
    sig: &parse::Signature,
    spec: &parse::DiffSpec,
    f: &crate::ir::Function,
    act: &activity::Activity,
    diag: &Diag,
) -> bool {
    let mut ok = true;
    let mpi = crate::codegen::mpi::has_mpi(f);
    for (i, p) in sig.params.iter().enumerate() {
        let written_out = match p.kind {
            parse::ParamKind::Struct { mutable: true, .. } => true,
            parse::ParamKind::FloatBuf { mutable: true, .. } | parse::ParamKind::ValueBuf { mutable: true, .. } => mpi,
            _ => false,
        };
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
    let mut outside = OutsideSubset(false);
    syn::visit::Visit::visit_item_fn(&mut outside, &func);
    if outside.0 {
        return quote!();
    }
    let quiet = Diag::default();
    let mut sig = parse::signature(&func, &quiet);
    parse::mark_values(&mut sig, std::iter::empty());
    if quiet.has_errors() {
        return quote!();
    }
    match analyse(&func, &sig, false, &quiet) {
        Some(a) => companions(&func, &sig, &a, &quiet, true, false),
        None => quote!(),
    }
}

/// Finds what a derivative may use that the pipeline cannot differentiate
/// again: a companion (`__parad_..`; joint functions, `__parad_joint_g`,
/// are the exception: their companions always exist, see
/// `reverse::joint`), a runtime helper (`__private`), or a value struct's
/// shadow, which starts as its `Default` and adds adjoints through `Value`
/// (not in the subset yet, `docs/values.md`). Macro arguments included.
struct OutsideSubset(bool);

impl OutsideSubset {
    fn ident(&mut self, i: &proc_macro2::Ident) {
        let n = i.to_string();
        self.0 |= n == "__private" || n.starts_with("__parad_") && !n.starts_with("__parad_joint_");
    }
}

impl<'a> syn::visit::Visit<'a> for OutsideSubset {
    fn visit_ident(&mut self, i: &'a proc_macro2::Ident) {
        self.ident(i);
    }

    fn visit_path(&mut self, p: &'a syn::Path) {
        let names: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        let tail = |a: &str, b: &str| names.len() >= 2 && names[names.len() - 2] == a && names[names.len() - 1] == b;
        self.0 |= tail("Default", "default") || tail("Value", "add_adjoint");
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'a syn::Macro) {
        fn scan(ts: &TokenStream, out: &mut OutsideSubset) {
            // The ident before, `::` apart: `Default::default` in a `vec!`.
            let mut prev = String::new();
            for t in ts.clone() {
                match t {
                    proc_macro2::TokenTree::Ident(i) => {
                        out.ident(&i);
                        let n = i.to_string();
                        out.0 |= prev == "Default" && n == "default" || prev == "Value" && n == "add_adjoint";
                        prev = n;
                    }
                    proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => {}
                    proc_macro2::TokenTree::Group(g) => {
                        scan(&g.stream(), out);
                        prev.clear();
                    }
                    _ => prev.clear(),
                }
            }
        }
        scan(&m.tokens, self);
        syn::visit::visit_macro(self, m);
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
