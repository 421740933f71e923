//! The user-facing derivative functions of section 2: thin wrappers that
//! call the companions with the shadows, tangents and seeds the activities
//! ask for, and shape the result.

use crate::diag::Diag;
use crate::names::{companion_fwd, companion_tan};
use crate::parse::{Activity, DiffSpec, FloatTy, Mode, ParamKind, Signature};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

fn hygienic(name: &str) -> syn::Ident {
    syn::Ident::new(name, Span::mixed_site())
}

pub fn shadow_type(ty: &syn::Type) -> TokenStream {
    match ty {
        syn::Type::Reference(r) => {
            let elem = &r.elem;
            quote!(&mut #elem)
        }
        other => quote!(#other),
    }
}

/// The element float type of a float buffer.
fn float_ident(f: FloatTy) -> syn::Ident {
    f.ident()
}

fn check_count(func: &syn::ItemFn, spec: &DiffSpec, sig: &Signature, diag: &Diag) -> bool {
    let with_ret = !matches!(sig.ret, ParamKind::Unit);
    let n = sig.params.len();
    let expected = n + with_ret as usize;
    // The hidden widths of `Vec` rows (see `flatten`) are not the user's.
    let hidden = sig.params.iter().filter(|p| crate::flatten::is_hidden(&p.name)).count();
    let (n, expected, found) = (n - hidden, expected - hidden, spec.acts.len() - spec.hidden);
    if found == expected && spec.hidden == hidden {
        return true;
    }
    let fname = &func.sig.ident;
    let params = if n == 1 { "1 parameter".to_string() } else { format!("{n} parameters") };
    let acts = if expected == 1 { "1 activity".to_string() } else { format!("{expected} activities") };
    let msg = match &sig.ret {
        ParamKind::Unit => format!(
            "`{fname}` has {params} and returns `()`, so it takes no return activity: {acts}, one per parameter; \
             found {found}"
        ),
        ret => {
            let returns = match ret {
                ParamKind::Float(f) => format!("returns `{}`", f.ident()),
                _ => "returns a value".to_string(),
            };
            format!(
                "`{fname}` has {params} and {returns}, so it takes {acts} (one per parameter, then one for the \
                 return value); found {found}"
            )
        }
    };
    // Too many: point at the extra ones; too few: at the whole list.
    let spans: Vec<proc_macro2::Span> = spec.acts.iter().map(|(_, s)| *s).collect();
    match (spans.get(expected.min(found.saturating_sub(1))), spans.last()) {
        (Some(first), Some(last)) if found > expected => diag.error_range(*first, *last, msg),
        (Some(_), Some(last)) => diag.error_range(spans[0], *last, msg),
        _ => diag.error(spec.name.span(), msg),
    }
    false
}

fn check_param(mode: Mode, p: &crate::parse::Param, act: Activity, span: proc_macro2::Span, diag: &Diag) {
    use Activity::*;
    let (kind, name) = (&p.kind, &p.name);
    let ok = matches!(
        (mode, kind, act),
        (_, _, Const)
            | (Mode::Reverse, ParamKind::Float(_) | ParamKind::Value { .. }, Active | ActiveOnly)
            | (
                Mode::Reverse,
                ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } | ParamKind::Struct { .. },
                Duplicated | DuplicatedOnly
            )
            | (
                Mode::Forward,
                ParamKind::Float(_)
                    | ParamKind::FloatBuf { .. }
                    | ParamKind::ValueBuf { .. }
                    | ParamKind::Struct { .. }
                    | ParamKind::Value { .. },
                Dual | DualOnly
            )
            // (Batched mode refines these, see `batched::validate`, which
            // the driver runs after these checks.)
            | (Mode::Forward, ParamKind::Float(_) | ParamKind::FloatBuf { .. }, Dualv)
    );
    if ok {
        return;
    }
    let msg = match (mode, kind, act) {
        (Mode::Reverse, _, Dual | DualOnly | Dualv) => {
            format!("`{act:?}` is a forward-mode activity; in reverse mode use Const, Active (floats) or Duplicated (slices and references)")
        }
        (Mode::Forward, _, Active | ActiveOnly | Duplicated | DuplicatedOnly) => {
            format!("`{act:?}` is a reverse-mode activity; in forward mode use Const or Dual")
        }
        (_, ParamKind::Comm, _) => format!("parameter `{name}` is an MPI communicator: use Const"),
        (_, ParamKind::Inactive | ParamKind::InactiveBuf { .. }, _) => {
            format!("parameter `{name}` holds integers or bools, which have no derivative: use Const")
        }
        (Mode::Reverse, ParamKind::Value { ty, .. }, _) => {
            let ty = quote::quote!(#ty).to_string();
            format!(
                "parameter `{name}` is a `{ty}` taken by value: use Active (its adjoint is returned as a `{ty}`) or \
                 Const; Duplicated is for references (`&{ty}`)"
            )
        }
        (Mode::Reverse, ParamKind::Float(_), _) => {
            format!("parameter `{name}` is a float passed by value: use Active (its derivative is returned) or Const")
        }
        (Mode::Reverse, _, _) => {
            format!("parameter `{name}` is a reference: use Duplicated (a shadow argument follows it) or Const; Active is for floats passed by value")
        }
        _ => format!("activity `{act:?}` is not valid for parameter `{name}`"),
    };
    diag.error(span, msg);
}

fn check_ret(mode: Mode, ret: &ParamKind, act: Activity, span: proc_macro2::Span, diag: &Diag) {
    use Activity::*;
    let ok = matches!(
        (mode, ret, act),
        (_, _, Const)
            | (Mode::Reverse, ParamKind::Float(_), Active | ActiveOnly)
            | (Mode::Reverse, ParamKind::FloatVec(_), Duplicated | DuplicatedOnly)
            | (Mode::Reverse, ParamKind::Value { .. }, Active | ActiveOnly)
            | (Mode::Forward, ParamKind::Value { .. }, Dual | DualOnly)
            | (Mode::Forward, ParamKind::Float(_) | ParamKind::FloatVec(_), Dual | DualOnly)
    );
    if !ok {
        let msg = match (mode, ret) {
            (Mode::Reverse, ParamKind::FloatVec(_)) => "the return activity of a `Vec` result in reverse mode is \
                 Duplicated (a seed `&[F]` of the result's length is appended), DuplicatedOnly or Const"
                .to_string(),
            (_, ParamKind::FloatVec(_)) => {
                "the return activity of a `Vec` result in forward mode is Dual, DualOnly or Const".to_string()
            }
            (_, ParamKind::Float(_)) if mode == Mode::Reverse => {
                "the return activity of a float result in reverse mode is Active, ActiveOnly or Const".to_string()
            }
            (_, ParamKind::Float(_)) => {
                "the return activity of a float result in forward mode is Dual, DualOnly or Const".to_string()
            }
            (Mode::Reverse, ParamKind::Value { .. }) => "the return activity of a value result in reverse mode is \
                 Active (its seed, a value of its type, is appended), ActiveOnly or Const"
                .to_string(),
            (_, ParamKind::Value { .. }) => {
                "the return activity of a value result in forward mode is Dual, DualOnly or Const".to_string()
            }
            _ => "only an f32, f64, `Vec<F>` or value-type result can be active, and this function's result is \
                  none of them: use Const for the return value"
                .to_string(),
        };
        diag.error(span, msg);
    }
}

/// Checks a request's activities against the signature; false (with the
/// errors reported) when they do not fit.
pub fn validate(func: &syn::ItemFn, sig: &Signature, spec: &DiffSpec, diag: &Diag) -> bool {
    if matches!(sig.ret, ParamKind::Tuple(_)) {
        diag.error(
            spec.name.span(),
            "a derivative of a function returning a tuple is not supported yet: call the function from a \
             differentiated function instead (mark it with a bare `#[autodiff]`)",
        );
        return false;
    }
    if !check_count(func, spec, sig, diag) {
        return false;
    }
    let before = diag.error_count();
    let n = sig.params.len();
    for (i, p) in sig.params.iter().enumerate() {
        check_param(spec.mode, p, spec.acts[i].0, spec.acts[i].1, diag);
    }
    if !matches!(sig.ret, ParamKind::Unit) {
        let (a, s) = spec.acts[n];
        check_ret(spec.mode, &sig.ret, a, s, diag);
    }
    diag.error_count() == before
}

/// The reverse sweep restores a `&mut` argument: the copy of the result
/// kept before it, and the statement that hands it back after (a struct's
/// copy located at the parameter, where rustc says why it needs `Clone`).
pub(crate) fn kept_result(p: &crate::parse::Param) -> (TokenStream, TokenStream) {
    let name = &p.name;
    let kept = format_ident!("{}_result", name, span = Span::mixed_site());
    match &p.kind {
        ParamKind::FloatBuf { mutable: true, .. } | ParamKind::ValueBuf { mutable: true, .. } => {
            (quote!(let #kept = #name.to_vec();), quote!(#name.copy_from_slice(&#kept);))
        }
        ParamKind::Struct { mutable: true, .. } => {
            let copy = quote::quote_spanned!(name.span()=> ::parad::__private::kept(#name));
            (quote!(let #kept = #copy;), quote!(*#name = #kept;))
        }
        _ => (quote!(), quote!()),
    }
}

/// The seed a wrapper passes the rule companion's reverse closure: a
/// parameter it adds to `params` where the result is active, else zero.
fn seed_arg(sig: &Signature, ret_act: Option<Activity>, params: &mut Vec<TokenStream>) -> TokenStream {
    match (&sig.ret, ret_act) {
        (ParamKind::Float(f), Some(Activity::Active | Activity::ActiveOnly)) => {
            let f = float_ident(*f);
            let seed = hygienic("seed");
            params.push(quote!(#seed: #f));
            quote!(#seed)
        }
        (ParamKind::Float(_), _) => quote!(0.0),
        // Only stubs get here (custom rules return no value types).
        (ParamKind::Value { ty, .. }, Some(Activity::Active | Activity::ActiveOnly)) => {
            let seed = hygienic("seed");
            params.push(quote!(#seed: #ty));
            quote!(#seed)
        }
        _ => quote!(()),
    }
}

/// The reverse derivative of a function with custom rules: a wrapper over the
/// rule companions.
pub fn reverse(func: &syn::ItemFn, sig: &Signature, spec: &DiffSpec, diag: &Diag) -> TokenStream {
    if !validate(func, sig, spec, diag) {
        return quote!();
    }
    let n = sig.params.len();
    let ret_act = (!matches!(sig.ret, ParamKind::Unit)).then(|| spec.acts[n]);
    let mut params = Vec::new();
    let mut fwd_args = Vec::new();
    let mut rev_args = Vec::new();
    let mut adj_pat = Vec::new();
    let mut outs = Vec::new();
    let mut out_tys = Vec::new();
    let mut keep = TokenStream::new();
    let mut put_back = TokenStream::new();
    let mut checks = TokenStream::new();
    for (i, p) in sig.params.iter().enumerate() {
        let (act, _) = spec.acts[i];
        let name = &p.name;
        let ty = &p.ty;
        params.push(quote!(#name: #ty));
        // Names the wrapper makes up are hygienic: they cannot clash with
        // the user's parameter names.
        let d = crate::names::derived_ident("d", name);
        let dup = matches!(act, Activity::Duplicated | Activity::DuplicatedOnly);
        if dup {
            let sty = shadow_type(ty);
            params.push(quote!(#d: #sty));
        }
        let mutable = p.kind.is_mut();
        match &p.kind {
            ParamKind::Float(f) => {
                fwd_args.push(quote!(#name));
                if matches!(act, Activity::Active | Activity::ActiveOnly) {
                    adj_pat.push(quote!(#d));
                    outs.push(quote!(#d));
                    let f = float_ident(*f);
                    out_tys.push(quote!(#f));
                } else {
                    adj_pat.push(quote!(_));
                }
            }
            ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                if dup {
                    let msg = format!("the shadow of `{name}` must have the length of `{name}`");
                    checks.extend(quote!(::core::assert_eq!(#d.len(), #name.len(), #msg);));
                }
                fwd_args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
                rev_args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
                let is_slice = matches!(ty, syn::Type::Reference(r) if matches!(&*r.elem, syn::Type::Slice(_)));
                rev_args.push(match (dup, is_slice) {
                    (true, true) => quote!(#d),
                    (true, false) => quote!(&mut #d[..]),
                    _ => quote!(&mut []),
                });
            }
            ParamKind::InactiveBuf { .. } => {
                fwd_args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
                rev_args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
            }
            ParamKind::Struct { .. } => {
                fwd_args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
                rev_args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
                rev_args.push(if dup {
                    quote!(::core::option::Option::Some(&mut *#d))
                } else {
                    quote!(::core::option::Option::None)
                });
            }
            // Only stubs get here (custom rules take no value structs): the
            // adjoint is returned at its place.
            ParamKind::Value { ty, .. } => {
                fwd_args.push(quote!(#name));
                if matches!(act, Activity::Active | Activity::ActiveOnly) {
                    outs.push(quote!(#d));
                    out_tys.push(quote!(#ty));
                }
            }
            ParamKind::Inactive | ParamKind::Comm | ParamKind::Unit | ParamKind::Tuple(_) | ParamKind::FloatVec(_) => {
                fwd_args.push(quote!(#name))
            }
        }
        let (kept, back) = kept_result(p);
        keep.extend(kept);
        put_back.extend(back);
    }
    rev_args.push(seed_arg(sig, ret_act.map(|a| a.0), &mut params));
    let (result, result_ty) = reverse_result(sig, ret_act.map(|a| a.0), &hygienic("primal"), outs, out_tys);
    let companion = companion_fwd(&func.sig.ident);
    let (primal, reverse) = (hygienic("primal"), hygienic("reverse"));
    let call = if adj_pat.is_empty() {
        quote!(#reverse(#(#rev_args),*);)
    } else {
        quote!(let (#(#adj_pat,)*) = #reverse(#(#rev_args),*);)
    };
    let name = &spec.name;
    let vis = &func.vis;
    let doc = crate::syntax::derivative_doc(true, &func.sig.ident);
    quote! {
        #[doc = #doc]
        #[allow(clippy::too_many_arguments, unused_variables)]
        #vis fn #name(#(#params),*) #result_ty {
            #checks
            let (#primal, #reverse) = #companion(#(#fwd_args),*);
            #keep
            #call
            #put_back
            #result
        }
    }
}

/// The forward derivative of a function with custom rules.
pub fn forward(func: &syn::ItemFn, sig: &Signature, spec: &DiffSpec, diag: &Diag) -> TokenStream {
    if !validate(func, sig, spec, diag) {
        return quote!();
    }
    let n = sig.params.len();
    let ret_act = (!matches!(sig.ret, ParamKind::Unit)).then(|| spec.acts[n]);
    let mut params = Vec::new();
    let mut args = Vec::new();
    let mut checks = TokenStream::new();
    for (i, p) in sig.params.iter().enumerate() {
        let (act, _) = spec.acts[i];
        let name = &p.name;
        let ty = &p.ty;
        params.push(quote!(#name: #ty));
        let t = crate::names::derived_ident("t", name);
        let dual = matches!(act, Activity::Dual | Activity::DualOnly);
        if dual {
            params.push(quote!(#t: #ty));
        }
        let mutable = p.kind.is_mut();
        match &p.kind {
            ParamKind::Float(_) => {
                args.push(quote!(#name));
                args.push(if dual { quote!(#t) } else { quote!(0.0) });
            }
            ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                if dual {
                    let msg = format!("the tangent of `{name}` must have the length of `{name}`");
                    checks.extend(quote!(::core::assert_eq!(#t.len(), #name.len(), #msg);));
                }
                args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
                args.push(match (dual, mutable) {
                    (true, true) => quote!(&mut #t[..]),
                    (true, false) => quote!(&#t[..]),
                    (false, true) => quote!(&mut []),
                    (false, false) => quote!(&[]),
                });
            }
            ParamKind::Struct { .. } => {
                args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) });
                args.push(match (dual, mutable) {
                    (true, true) => quote!(::core::option::Option::Some(&mut *#t)),
                    (true, false) => quote!(::core::option::Option::Some(#t)),
                    _ => quote!(::core::option::Option::None),
                });
            }
            ParamKind::InactiveBuf { .. } => args.push(if mutable { quote!(&mut *#name) } else { quote!(#name) }),
            ParamKind::Inactive
            | ParamKind::Value { .. }
            | ParamKind::Comm
            | ParamKind::Unit
            | ParamKind::Tuple(_)
            | ParamKind::FloatVec(_) => args.push(quote!(#name)),
        }
    }
    let ret_ty = sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
    let (primal, tangent) = (hygienic("primal"), hygienic("tangent"));
    let (result, result_ty) = match (&sig.ret, ret_act) {
        (ParamKind::Unit, _) => (quote!(()), quote!(())),
        (_, Some((Activity::Dual, _))) => (quote!((#primal, #tangent)), quote!((#ret_ty, #ret_ty))),
        (_, Some((Activity::DualOnly, _))) => (quote!(#tangent), quote!(#ret_ty)),
        _ => (quote!(#primal), quote!(#ret_ty)),
    };
    let companion = companion_tan(&func.sig.ident);
    let name = &spec.name;
    let vis = &func.vis;
    let doc = crate::syntax::derivative_doc(false, &func.sig.ident);
    quote! {
        #[doc = #doc]
        #[allow(clippy::too_many_arguments, unused_variables)]
        #vis fn #name(#(#params),*) -> #result_ty {
            #checks
            let (#primal, #tangent) = #companion(#(#args),*);
            #result
        }
    }
}

/// A derivative with its full signature and a body that never runs, emitted
/// when the function has errors: code calling the derivative still
/// type-checks, so the only errors shown are the macro's own. Reports the
/// errors of the activities too; emits nothing when they are wrong.
pub fn stub(func: &syn::ItemFn, sig: &Signature, spec: &DiffSpec) -> TokenStream {
    let quiet = Diag::default();
    let full = match spec.mode {
        Mode::Reverse => reverse(func, sig, spec, &quiet),
        Mode::Forward => forward(func, sig, spec, &quiet),
    };
    let Ok(mut f) = syn::parse2::<syn::ItemFn>(full) else { return quote!() };
    let msg = format!("`{}` was not generated: see the errors of `#[autodiff]` on `{}`", spec.name, func.sig.ident);
    f.block = syn::parse_quote!({ ::core::panic!(#msg) });
    quote!(#f)
}

/// The result of a reverse derivative: the primal value (unless the
/// function returns `()` or the return activity is `...Only`), then the
/// derivatives of the `Active` parameters; bare when one, a tuple when more.
pub fn reverse_result(
    sig: &Signature,
    ret_act: Option<Activity>,
    primal: &syn::Ident,
    outs: Vec<TokenStream>,
    out_tys: Vec<TokenStream>,
) -> (TokenStream, TokenStream) {
    let with_primal = match (&sig.ret, ret_act) {
        (ParamKind::Unit, _) => false,
        (_, Some(a)) => !a.is_only(),
        _ => true,
    };
    let mut results = Vec::new();
    let mut result_tys = Vec::new();
    if with_primal {
        results.push(quote!(#primal));
        let t = sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
        result_tys.push(t);
    }
    results.extend(outs);
    result_tys.extend(out_tys);
    match results.len() {
        0 => (quote!(), quote!()),
        1 => (results[0].clone(), quote!(-> #(#result_tys)*)),
        _ => (quote!((#(#results),*)), quote!(-> (#(#result_tys),*))),
    }
}
