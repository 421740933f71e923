//! Batched forward mode, `#[autodiff(forward, d_f, N, ..)]`: the derivative
//! users call takes `N` tangents of every `Dual` argument (one argument
//! each, in order) or one `N` times as long (`Dualv`), packs them into the
//! runtime's lanes, calls the lanes' derivative (the tangent generator's
//! flat derivative with `Lanes<N>` tangents, hidden), and unpacks what it
//! wrote; a tangent result comes back as `[f64; N]`.
//!
//! What the lanes' derivative does not handle yet is refused here, at the
//! activity or the width, before anything is generated; what its body does
//! not handle is refused by `analysis::batched`.

use crate::diag::Diag;
use crate::parse::{Activity, DiffSpec, FloatTy, Mode, ParamKind, Signature};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

/// The name of the lanes' derivative behind the batched `name`.
pub fn lanes_name(name: &syn::Ident) -> syn::Ident {
    format_ident!("__parad_lanes_{}", crate::names::bare(name))
}

/// Whether `spec` asks for batched mode: a width other than 1, or `Dualv`.
pub fn is_batched(spec: &DiffSpec) -> bool {
    spec.width > 1 || spec.acts.iter().any(|(a, _)| *a == Activity::Dualv)
}

/// Reports what batched mode does not support yet in `spec` on a function
/// of signature `sig`: reverse mode, and parameters and results other than
/// `f64`s and `f64` buffers. True when it is supported.
pub fn validate(sig: &Signature, spec: &DiffSpec, diag: &Diag) -> bool {
    let at = spec.width_span.unwrap_or_else(|| spec.name.span());
    if spec.mode == Mode::Reverse {
        diag.error(
            at,
            "batched reverse mode (several seeds in one sweep) is not supported yet: call the reverse \
             derivative once per seed, or use forward mode with a width, `#[autodiff(forward, d_f, 4, ..)]`",
        );
        return false;
    }
    let before = diag.error_count();
    let f64_only = "batched mode takes `f64` numbers and `f64` slices as `Dual`";
    for (p, (act, span)) in sig.params.iter().zip(&spec.acts) {
        let ok = match (&p.kind, act) {
            (_, Activity::Const) => true,
            (ParamKind::Float(FloatTy::F64), Activity::Dual | Activity::DualOnly) => true,
            (
                ParamKind::FloatBuf { float: FloatTy::F64, .. },
                Activity::Dual | Activity::DualOnly | Activity::Dualv,
            ) => true,
            (ParamKind::Float(_), Activity::Dualv) => {
                diag.error(*span, format!("`Dualv` is for slices; `{}` is a number: use `Dual`", p.name));
                continue;
            }
            _ => false,
        };
        if !ok {
            diag.error(*span, format!("{f64_only} (yet); `{}` is neither", p.name));
        }
    }
    if let Some((act, span)) = spec.acts.get(sig.params.len()) {
        let ok = matches!(
            (&sig.ret, act),
            (ParamKind::Unit, _)
                | (_, Activity::Const)
                | (ParamKind::Float(FloatTy::F64), Activity::Dual | Activity::DualOnly)
        );
        if !ok {
            diag.error(
                *span,
                "batched mode differentiates an `f64` result (yet): its tangents come back as `[f64; N]`",
            );
        }
    }
    diag.error_count() == before
}

/// The derivative users call: packs the tangents, calls the lanes'
/// derivative, unpacks the tangents it wrote. `body` false gives the same
/// signature with a body that panics (see `wrappers::stub`).
pub fn wrapper(func: &syn::ItemFn, sig: &Signature, spec: &DiffSpec, body: bool) -> TokenStream {
    let w = proc_macro2::Literal::usize_unsuffixed(spec.width);
    let lanes = quote!(::parad::__private::lanes);
    let (mut params, mut args) = (Vec::new(), Vec::new());
    let (mut pack, mut unpack) = (TokenStream::new(), TokenStream::new());
    for (p, (act, _)) in sig.params.iter().zip(&spec.acts) {
        let (name, ty) = (&p.name, &p.ty);
        params.push(quote!(#name: #ty));
        args.push(quote!(#name));
        let t = crate::names::derived_ident("t", name);
        let what = name.to_string();
        let packed = format_ident!("{}_lanes", t, span = Span::mixed_site());
        let mutable = p.kind.is_mut();
        let slice = if mutable { quote!(&mut [f64]) } else { quote!(&[f64]) };
        let mt = if mutable { quote!(mut) } else { quote!() };
        match (act, &p.kind) {
            (Activity::Dual | Activity::DualOnly, ParamKind::Float(_)) => {
                let ts: Vec<syn::Ident> = (0..spec.width).map(|k| format_ident!("{}_{}", t, k)).collect();
                params.extend(ts.iter().map(|t| quote!(#t: f64)));
                args.push(quote!(#lanes::scalar([#(#ts),*])));
            }
            (Activity::Dual | Activity::DualOnly, _) => {
                let ts: Vec<syn::Ident> = (0..spec.width).map(|k| format_ident!("{}_{}", t, k)).collect();
                params.extend(ts.iter().map(|t| quote!(#t: #slice)));
                pack.extend(quote!(let #mt #packed = #lanes::pack([#(&#ts[..]),*], #name.len(), #what);));
                if mutable {
                    args.push(quote!(&mut #packed[..]));
                    unpack.extend(quote!(#lanes::unpack(&#packed, [#(&mut #ts[..]),*]);));
                } else {
                    args.push(quote!(&#packed[..]));
                }
            }
            (Activity::Dualv, _) => {
                params.push(quote!(#t: #slice));
                pack.extend(quote!(let #mt #packed = #lanes::pack_strided::<#w>(&#t[..], #name.len(), #what);));
                if mutable {
                    args.push(quote!(&mut #packed[..]));
                    unpack.extend(quote!(#lanes::unpack_strided(&#packed, &mut #t[..]);));
                } else {
                    args.push(quote!(&#packed[..]));
                }
            }
            _ => {}
        }
    }
    let ret_ty = sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
    let ret_act = spec.acts.get(sig.params.len()).map(|a| a.0);
    let (primal, tangent) =
        (format_ident!("primal", span = Span::mixed_site()), format_ident!("tangent", span = Span::mixed_site()));
    let (bind, result, result_ty) = match (&sig.ret, ret_act) {
        (ParamKind::Unit, _) => (quote!(), quote!(), quote!()),
        (_, Some(Activity::Dual)) => {
            (quote!((#primal, #tangent)), quote!((#primal, #tangent.0)), quote!(-> (#ret_ty, [f64; #w])))
        }
        (_, Some(Activity::DualOnly)) => (quote!(#tangent), quote!(#tangent.0), quote!(-> [f64; #w])),
        _ => (quote!(#primal), quote!(#primal), quote!(-> #ret_ty)),
    };
    let inner = lanes_name(&spec.name);
    let body = if body {
        let call = match &sig.ret {
            ParamKind::Unit => quote!(#inner(#(#args),*);),
            _ => quote!(let #bind = #inner(#(#args),*);),
        };
        quote!(#pack #call #unpack #result)
    } else {
        let msg = format!("`{}` was not generated: see the errors of `#[autodiff]` on `{}`", spec.name, func.sig.ident);
        quote!(::core::panic!(#msg))
    };
    let (name, vis) = (&spec.name, &func.vis);
    let doc = format!(
        "Batched forward-mode derivative of [`{}`] ({} tangents per `Dual` argument), generated by `#[autodiff]`.",
        func.sig.ident, spec.width
    );
    quote! {
        #[doc = #doc]
        #[allow(clippy::too_many_arguments, unused_variables)]
        #vis fn #name(#(#params),*) #result_ty {
            #body
        }
    }
}

/// Whether a function has the signature of a lane companion, which
/// batched derivatives call: `f64` numbers, `f64` buffers and integers in;
/// one `f64`, an integer or nothing out.
pub fn lanes_signature(sig: &Signature) -> bool {
    let params = sig.params.iter().all(|p| {
        matches!(
            p.kind,
            ParamKind::Float(FloatTy::F64)
                | ParamKind::FloatBuf { float: FloatTy::F64, .. }
                | ParamKind::Inactive
                | ParamKind::InactiveBuf { .. }
        )
    });
    params && matches!(sig.ret, ParamKind::Unit | ParamKind::Inactive | ParamKind::Float(FloatTy::F64))
}

/// The lane companion of a function batched mode cannot differentiate:
/// its signature, and a body that stops the build where a batched
/// derivative instantiates it (a constant evaluated per width), with the
/// reason at `at`.
pub fn lanes_stub(func: &syn::ItemFn, sig: &Signature, at: Span, why: &str) -> TokenStream {
    let n = crate::names::lanes_width();
    let lanes = quote!(::parad::__private::lanes::Lanes<#n>);
    let mut params = Vec::new();
    for p in &sig.params {
        let (name, ty) = (&p.name, &p.ty);
        params.push(quote!(#name: #ty));
        let t = crate::names::derived_ident("t", name);
        match p.kind {
            ParamKind::Float(_) => params.push(quote!(#t: #lanes)),
            ParamKind::FloatBuf { mutable: true, .. } => params.push(quote!(#t: &mut [#lanes])),
            ParamKind::FloatBuf { mutable: false, .. } => params.push(quote!(#t: &[#lanes])),
            _ => {}
        }
    }
    let ret_ty = sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
    let tan_ty = match sig.ret {
        ParamKind::Float(_) => lanes,
        _ => quote!(()),
    };
    let msg = format!("`{}` cannot be called by a batched derivative: {why}", func.sig.ident);
    let halt = crate::syntax::respan(quote!(const { if #n > 0 { ::core::panic!(#msg) } };), at);
    let (name, vis) = (crate::names::companion_tanl(&func.sig.ident), &func.vis);
    let allow_generated = crate::syntax::allow_generated();
    quote! {
        #[doc(hidden)]
        #allow_generated
        #vis fn #name<const #n: usize>(#(#params),*) -> (#ret_ty, #tan_ty) {
            #halt
            ::core::unreachable!()
        }
    }
}
