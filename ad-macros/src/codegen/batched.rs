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

/// The width of a batched derivative's lanes as printed: a literal, or the
/// const parameter of a lane companion (`names::lanes_width`).
#[derive(Clone)]
pub struct Width(TokenStream);

impl Width {
    pub fn fixed(n: usize) -> Width {
        let w = proc_macro2::Literal::usize_unsuffixed(n);
        Width(quote!(#w))
    }

    pub fn generic() -> Width {
        let n = crate::names::lanes_width();
        Width(quote!(#n))
    }

    /// The type of a float's tangent or adjoint, `Lanes<N>`.
    pub fn ty(&self) -> TokenStream {
        let w = &self.0;
        quote!(::parad::__private::lanes::Lanes<#w>)
    }

    /// All lanes zero.
    pub fn zero(&self) -> TokenStream {
        let w = &self.0;
        quote!(::parad::__private::lanes::Lanes::<#w>::ZERO)
    }
}

impl quote::ToTokens for Width {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.0.to_tokens(tokens)
    }
}

/// The name of the lanes' derivative behind the batched `name`.
pub fn lanes_name(name: &syn::Ident) -> syn::Ident {
    format_ident!("__parad_lanes_{}", crate::names::bare(name))
}

/// Whether `spec` asks for batched mode: a width other than 1, or `Dualv`.
pub fn is_batched(spec: &DiffSpec) -> bool {
    spec.width > 1 || spec.acts.iter().any(|(a, _)| *a == Activity::Dualv)
}

/// Reports what batched mode does not support yet in `spec` on a function
/// of signature `sig`: parameters and results other than `f64`s and `f64`
/// buffers. True when it is supported.
pub fn validate(sig: &Signature, spec: &DiffSpec, diag: &Diag) -> bool {
    use Activity as A;
    let before = diag.error_count();
    let reverse = spec.mode == Mode::Reverse;
    let takes = match reverse {
        true => "`f64` numbers as `Active` and `f64` slices as `Duplicated`",
        false => "`f64` numbers and `f64` slices as `Dual`",
    };
    for (p, (act, span)) in sig.params.iter().zip(&spec.acts) {
        let ok = match (&p.kind, act) {
            (_, A::Const) => true,
            (ParamKind::Float(FloatTy::F64), A::Dual | A::DualOnly | A::Active | A::ActiveOnly) => true,
            (ParamKind::FloatBuf { float: FloatTy::F64, .. }, A::Dual | A::DualOnly | A::Dualv) => true,
            (ParamKind::FloatBuf { float: FloatTy::F64, .. }, A::Duplicated | A::DuplicatedOnly) => true,
            (ParamKind::Float(_), A::Dualv) => {
                diag.error(*span, format!("`Dualv` is for slices; `{}` is a number: use `Dual`", p.name));
                continue;
            }
            _ => false,
        };
        if !ok {
            diag.error(*span, format!("batched mode takes {takes} (yet); `{}` is neither", p.name));
        }
    }
    if let Some((act, span)) = spec.acts.get(sig.params.len()) {
        let ok = matches!(
            (&sig.ret, act),
            (ParamKind::Unit, _)
                | (_, A::Const)
                | (ParamKind::Float(FloatTy::F64), A::Dual | A::DualOnly | A::Active | A::ActiveOnly)
        );
        if !ok {
            let what = if reverse { "seeds come in as `N` numbers" } else { "tangents come back as `[f64; N]`" };
            diag.error(*span, format!("batched mode differentiates an `f64` result (yet): its {what}"));
        }
    }
    diag.error_count() == before
}

/// The derivative users call: packs the tangents (or shadows and seeds),
/// calls the lanes' derivative, unpacks the tangents (shadows) it wrote.
/// `body` false gives the same signature with a body that panics, for a
/// function with errors (as `wrappers::stub`).
pub fn wrapper(func: &syn::ItemFn, sig: &Signature, spec: &DiffSpec, body: bool) -> TokenStream {
    let w = proc_macro2::Literal::usize_unsuffixed(spec.width);
    let lanes = quote!(::parad::__private::lanes);
    let reverse = spec.mode == Mode::Reverse;
    let (mut params, mut args) = (Vec::new(), Vec::new());
    let (mut pack, mut unpack) = (TokenStream::new(), TokenStream::new());
    // The adjoints of `Active` numbers, returned.
    let mut grads = Vec::new();
    let each =
        |stem: &syn::Ident| -> Vec<syn::Ident> { (0..spec.width).map(|k| format_ident!("{}_{}", stem, k)).collect() };
    for (p, (act, _)) in sig.params.iter().zip(&spec.acts) {
        let (name, ty) = (&p.name, &p.ty);
        params.push(quote!(#name: #ty));
        args.push(quote!(#name));
        let what = name.to_string();
        let t = crate::names::derived_ident(if reverse { "d" } else { "t" }, name);
        let packed = format_ident!("{}_lanes", t, span = Span::mixed_site());
        // Shadows are added to: all of them are `&mut`.
        let mutable = p.kind.is_mut() || reverse;
        let slice = if mutable { quote!(&mut [f64]) } else { quote!(&[f64]) };
        let mt = if mutable { quote!(mut) } else { quote!() };
        match (act, &p.kind) {
            (Activity::Active | Activity::ActiveOnly, _) => grads.push(t),
            (Activity::Dual | Activity::DualOnly, ParamKind::Float(_)) => {
                let ts = each(&t);
                params.extend(ts.iter().map(|t| quote!(#t: f64)));
                args.push(quote!(#lanes::scalar([#(#ts),*])));
            }
            (Activity::Dual | Activity::DualOnly | Activity::Duplicated | Activity::DuplicatedOnly, _) => {
                let ts = each(&t);
                params.extend(ts.iter().map(|t| quote!(#t: #slice)));
                let kind = if reverse { "shadow" } else { "tangent" };
                pack.extend(quote!(let #mt #packed = #lanes::pack([#(&#ts[..]),*], #name.len(), #kind, #what);));
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
    let ret_act = spec.acts.get(sig.params.len()).map(|a| a.0);
    let (bind, result, result_ty) = if reverse {
        if let (ParamKind::Float(_), Some(Activity::Active | Activity::ActiveOnly)) = (&sig.ret, ret_act) {
            let seeds = each(&format_ident!("seed"));
            params.extend(seeds.iter().map(|s| quote!(#s: f64)));
            args.push(quote!(#lanes::scalar([#(#seeds),*])));
        }
        reverse_results(sig, ret_act, &grads, &w)
    } else {
        forward_results(sig, ret_act, &w)
    };
    let inner = lanes_name(&spec.name);
    let body = if body {
        let call = match bind.is_empty() {
            true => quote!(#inner(#(#args),*);),
            false => quote!(let #bind = #inner(#(#args),*);),
        };
        quote!(#pack #call #unpack #result)
    } else {
        let msg = format!("`{}` was not generated: see the errors of `#[autodiff]` on `{}`", spec.name, func.sig.ident);
        quote!(::core::panic!(#msg))
    };
    let (name, vis) = (&spec.name, &func.vis);
    let doc = match spec.mode {
        Mode::Forward => format!(
            "Batched forward-mode derivative of [`{}`] ({} tangents per `Dual` argument), generated by `#[autodiff]`.",
            func.sig.ident, spec.width
        ),
        Mode::Reverse => format!(
            "Batched reverse-mode derivative of [`{}`] ({} seeds and shadows per `Duplicated` argument), generated \
             by `#[autodiff]`.",
            func.sig.ident, spec.width
        ),
    };
    quote! {
        #[doc = #doc]
        #[allow(clippy::too_many_arguments, unused_variables)]
        #vis fn #name(#(#params),*) #result_ty {
            #body
        }
    }
}

/// How the batched forward derivative binds the lanes' derivative's
/// result, what it returns, and its type: the tangent as `[f64; N]`.
fn forward_results(
    sig: &Signature,
    ret_act: Option<Activity>,
    w: &proc_macro2::Literal,
) -> (TokenStream, TokenStream, TokenStream) {
    let (primal, tangent) =
        (format_ident!("primal", span = Span::mixed_site()), format_ident!("tangent", span = Span::mixed_site()));
    let ret_ty = sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
    match (&sig.ret, ret_act) {
        (ParamKind::Unit, _) => (quote!(), quote!(), quote!()),
        (_, Some(Activity::Dual)) => {
            (quote!((#primal, #tangent)), quote!((#primal, #tangent.0)), quote!(-> (#ret_ty, [f64; #w])))
        }
        (_, Some(Activity::DualOnly)) => (quote!(#tangent), quote!(#tangent.0), quote!(-> [f64; #w])),
        _ => (quote!(#primal), quote!(#primal), quote!(-> #ret_ty)),
    }
}

/// The same for reverse mode: the adjoints of `Active` numbers (`grads`)
/// as `[f64; N]`, after the primal where there is one.
fn reverse_results(
    sig: &Signature,
    ret_act: Option<Activity>,
    grads: &[syn::Ident],
    w: &proc_macro2::Literal,
) -> (TokenStream, TokenStream, TokenStream) {
    let primal = format_ident!("primal", span = Span::mixed_site());
    let f64s = || grads.iter().map(|_| quote!([f64; #w])).collect();
    let (bind, _) = crate::codegen::wrappers::reverse_result(
        sig,
        ret_act,
        &primal,
        grads.iter().map(|g| quote!(#g)).collect(),
        f64s(),
    );
    let lanes = grads.iter().map(|g| quote!(#g.0)).collect();
    let (result, result_ty) = crate::codegen::wrappers::reverse_result(sig, ret_act, &primal, lanes, f64s());
    (bind, result, result_ty)
}

/// The attributes of a flat derivative (`reverse` or forward): its doc, or
/// hidden and inlined for one users do not call (the lanes' derivative
/// behind a batched one, a joint function).
pub fn flat_attrs(hidden: bool, reverse: bool, f: &syn::Ident) -> TokenStream {
    if hidden {
        return quote!(#[doc(hidden)] #[inline]);
    }
    let doc = crate::syntax::derivative_doc(reverse, f);
    quote!(#[doc = #doc])
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
    let n = Width::generic();
    let lanes = n.ty();
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
