//! Parsing of the attributes (`#[autodiff(...)]`, `#[derivative(...)]`) and
//! classification of the function signature.

use crate::diag::Diag;
use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Ident, Token};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Reverse,
    Forward,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Activity {
    Const,
    Active,
    ActiveOnly,
    Duplicated,
    DuplicatedOnly,
    Dual,
    DualOnly,
}

impl Activity {
    fn from_ident(id: &Ident) -> Option<Activity> {
        Some(match id.to_string().as_str() {
            "Const" => Activity::Const,
            "Active" => Activity::Active,
            "ActiveOnly" => Activity::ActiveOnly,
            "Duplicated" => Activity::Duplicated,
            "DuplicatedOnly" => Activity::DuplicatedOnly,
            "Dual" => Activity::Dual,
            "DualOnly" => Activity::DualOnly,
            _ => return None,
        })
    }

    /// Whether this activity omits the primal value from the result.
    pub fn is_only(self) -> bool {
        matches!(self, Activity::ActiveOnly | Activity::DuplicatedOnly | Activity::DualOnly)
    }
}

/// One `#[autodiff(MODE, NAME, ACT...)]`.
#[derive(Clone)]
pub struct DiffSpec {
    pub mode: Mode,
    pub name: Ident,
    pub acts: Vec<(Activity, Span)>,
    pub span: Span,
}

/// What an attribute of the family asks for.
pub enum Request {
    /// `#[autodiff]`: companions only.
    Companions,
    Derivative(DiffSpec),
}

/// Parses the arguments of `#[autodiff(...)]`, `#[autodiff_reverse(...)]` or
/// `#[autodiff_forward(...)]`; `mode` is fixed for the latter two.
pub fn parse_request(args: proc_macro2::TokenStream, mode: Option<Mode>, span: Span) -> syn::Result<Request> {
    if args.is_empty() {
        return match mode {
            None => Ok(Request::Companions),
            Some(_) => Err(syn::Error::new(
                span,
                "expected a derivative name and activities, as in `#[autodiff_reverse(d_f, Duplicated, Active)]`",
            )),
        };
    }
    let parser = |input: ParseStream| parse_spec(input, mode, span);
    syn::parse::Parser::parse2(parser, args).map(Request::Derivative)
}

fn parse_spec(input: ParseStream, mode: Option<Mode>, span: Span) -> syn::Result<DiffSpec> {
    let mode = match mode {
        Some(m) => m,
        None => {
            let id: Ident = input.parse()?;
            let m = match id.to_string().as_str() {
                "reverse" => Mode::Reverse,
                "forward" => Mode::Forward,
                _ => {
                    return Err(syn::Error::new(
                        id.span(),
                        format!("unknown mode `{id}`: the first argument is `reverse` or `forward`"),
                    ))
                }
            };
            if input.is_empty() {
                return Err(syn::Error::new(
                    id.span(),
                    "expected a derivative name after the mode, as in `#[autodiff(reverse, d_f, Active, Active)]`",
                ));
            }
            input.parse::<Token![,]>()?;
            m
        }
    };
    let name: Ident = input.parse().map_err(|e| {
        syn::Error::new(e.span(), "expected the name of the derivative function to generate, as in `d_f`")
    })?;
    let mut acts = Vec::new();
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        let id: Ident = input.parse()?;
        match Activity::from_ident(&id) {
            Some(a) => acts.push((a, id.span())),
            None => {
                return Err(syn::Error::new(
                    id.span(),
                    format!(
                        "unknown activity `{id}`: expected one of Const, Active, ActiveOnly, Duplicated, \
                         DuplicatedOnly (reverse mode), Dual, DualOnly (forward mode)"
                    ),
                ))
            }
        }
    }
    Ok(DiffSpec { mode, name, acts, span })
}

/// `#[derivative(reverse = f_rev, forward = f_fwd)]`.
#[derive(Default, Clone)]
pub struct Rules {
    pub reverse: Option<syn::Path>,
    pub forward: Option<syn::Path>,
}

struct RuleArg {
    key: Ident,
    value: syn::Path,
}

impl Parse for RuleArg {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        let value: syn::Path = input.parse().map_err(|e| {
            syn::Error::new(e.span(), "expected the path of the rule function, as in `reverse = softplus_rev`")
        })?;
        Ok(RuleArg { key, value })
    }
}

pub fn parse_rules(args: proc_macro2::TokenStream, span: Span) -> syn::Result<Rules> {
    let parser = Punctuated::<RuleArg, Token![,]>::parse_terminated;
    let list = syn::parse::Parser::parse2(parser, args)?;
    let mut rules = Rules::default();
    for arg in list {
        match arg.key.to_string().as_str() {
            "reverse" => rules.reverse = Some(arg.value),
            "forward" => rules.forward = Some(arg.value),
            other => {
                return Err(syn::Error::new(
                    arg.key.span(),
                    format!("unknown rule kind `{other}`: expected `reverse = PATH` and/or `forward = PATH`"),
                ))
            }
        }
    }
    if rules.reverse.is_none() && rules.forward.is_none() {
        return Err(syn::Error::new(
            span,
            "`#[derivative]` needs at least one rule: `#[derivative(reverse = f_rev, forward = f_fwd)]`",
        ));
    }
    Ok(rules)
}

/// The float type of a scalar or of a buffer's elements.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FloatTy {
    F32,
    F64,
}

impl FloatTy {
    pub fn ident(self) -> Ident {
        Ident::new(if self == FloatTy::F32 { "f32" } else { "f64" }, Span::call_site())
    }
}

/// What the macro understands of a parameter's or the return's type.
#[derive(Clone, Debug)]
pub enum ParamKind {
    /// `f32` / `f64` by value.
    Float(FloatTy),
    /// Integers, `bool`, `char` by value: never active.
    Inactive,
    /// `&[F]`, `&Vec<F>`, `&[F; N]` and their `&mut` forms, `F` a float.
    FloatBuf { float: FloatTy, mutable: bool },
    /// A reference to a slice/Vec/array of integers or bools: inactive.
    InactiveBuf { mutable: bool },
    /// `&T` / `&mut T` of a user type (a struct).
    Struct { mutable: bool, ty: syn::Type },
    /// `()` (returns only).
    Unit,
}

impl ParamKind {
    pub fn is_ref(&self) -> bool {
        matches!(self, ParamKind::FloatBuf { .. } | ParamKind::InactiveBuf { .. } | ParamKind::Struct { .. })
    }
}

pub struct Param {
    pub name: Ident,
    pub ty: syn::Type,
    pub kind: ParamKind,
}

pub struct Signature {
    pub params: Vec<Param>,
    pub ret: ParamKind,
    pub ret_ty: Option<syn::Type>,
}

fn float_of(ty: &syn::Type) -> Option<FloatTy> {
    if let syn::Type::Path(p) = ty {
        if p.qself.is_none() && p.path.segments.len() == 1 {
            return match p.path.segments[0].ident.to_string().as_str() {
                "f64" => Some(FloatTy::F64),
                "f32" => Some(FloatTy::F32),
                _ => None,
            };
        }
    }
    None
}

fn is_inactive_scalar(ty: &syn::Type) -> bool {
    if let syn::Type::Path(p) = ty {
        if p.qself.is_none() && p.path.segments.len() == 1 {
            return matches!(
                p.path.segments[0].ident.to_string().as_str(),
                "usize" | "isize" | "u8" | "u16" | "u32" | "u64" | "u128" | "i8" | "i16" | "i32" | "i64"
                    | "i128" | "bool" | "char"
            );
        }
    }
    false
}

/// The element type of `[T]`, `Vec<T>` or `[T; N]`.
pub fn elem_of(ty: &syn::Type) -> Option<&syn::Type> {
    match ty {
        syn::Type::Slice(s) => Some(&s.elem),
        syn::Type::Array(a) => Some(&a.elem),
        syn::Type::Path(p) => {
            let seg = p.path.segments.last()?;
            if seg.ident != "Vec" {
                return None;
            }
            match &seg.arguments {
                syn::PathArguments::AngleBracketed(a) if a.args.len() == 1 => match &a.args[0] {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                },
                _ => None,
            }
        }
        syn::Type::Paren(p) => elem_of(&p.elem),
        _ => None,
    }
}

const SUPPORTED_TYPES: &str = "supported parameter types are f32, f64, integers, bool, &[F], &mut [F], \
     &Vec<F>, &mut Vec<F>, &[F; N], &mut [F; N] and &T / &mut T of a struct";

pub fn classify(ty: &syn::Type, diag: &Diag, what: &str) -> ParamKind {
    if let Some(f) = float_of(ty) {
        return ParamKind::Float(f);
    }
    if is_inactive_scalar(ty) {
        return ParamKind::Inactive;
    }
    match ty {
        syn::Type::Tuple(t) if t.elems.is_empty() => ParamKind::Unit,
        syn::Type::Paren(p) => classify(&p.elem, diag, what),
        syn::Type::Reference(r) => {
            let mutable = r.mutability.is_some();
            if let Some(elem) = elem_of(&r.elem) {
                if let Some(f) = float_of(elem) {
                    return ParamKind::FloatBuf { float: f, mutable };
                }
                if is_inactive_scalar(elem) {
                    return ParamKind::InactiveBuf { mutable };
                }
                diag.error(
                    elem.span(),
                    format!("{what}: buffers of this element type are not supported; {SUPPORTED_TYPES}"),
                );
                return ParamKind::Inactive;
            }
            match &*r.elem {
                syn::Type::Path(p) if p.qself.is_none() => ParamKind::Struct { mutable, ty: (*r.elem).clone() },
                syn::Type::TraitObject(_) => {
                    diag.error(
                        r.elem.span(),
                        format!(
                            "{what}: trait objects cannot be differentiated (the macro cannot see the code \
                             behind them); pass the data instead, or call a differentiable function"
                        ),
                    );
                    ParamKind::Inactive
                }
                _ => {
                    diag.error(ty.span(), format!("{what}: unsupported type; {SUPPORTED_TYPES}"));
                    ParamKind::Inactive
                }
            }
        }
        // A value of a user type (an enum such as `Mode`): constant data.
        syn::Type::Path(p) if p.qself.is_none() && elem_of(ty).is_none() => ParamKind::Inactive,
        syn::Type::Ptr(_) => {
            diag.error(ty.span(), format!("{what}: raw pointers are not supported; use a slice or a reference"));
            ParamKind::Inactive
        }
        syn::Type::ImplTrait(_) => {
            diag.error(ty.span(), format!("{what}: `impl Trait` is not supported; {SUPPORTED_TYPES}"));
            ParamKind::Inactive
        }
        _ => {
            diag.error(ty.span(), format!("{what}: unsupported type; {SUPPORTED_TYPES}"));
            ParamKind::Inactive
        }
    }
}

/// Checks the parts of a function the macro cannot handle at all and
/// classifies its parameters.
pub fn signature(func: &syn::ItemFn, diag: &Diag) -> Signature {
    let sig = &func.sig;
    if let Some(a) = &sig.asyncness {
        diag.error(a.span(), "`async fn` cannot be differentiated; only plain functions are supported");
    }
    if let Some(u) = &sig.unsafety {
        diag.error(u.span(), "`unsafe fn` cannot be differentiated; only safe Rust is supported");
    }
    if !sig.generics.params.is_empty() {
        let generic_ty = sig.generics.params.iter().any(|p| !matches!(p, syn::GenericParam::Lifetime(_)));
        if generic_ty {
            diag.error(
                sig.generics.span(),
                "generic functions are not supported yet: write the function for f32 or f64 (the macro needs \
                 to know which values are floats)",
            );
        }
    }
    if let Some(v) = &sig.variadic {
        diag.error(v.span(), "variadic functions are not supported");
    }
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            syn::FnArg::Receiver(r) => diag.error(
                r.span(),
                "methods with `self` are not supported yet: write a free function taking `&T` or `&mut T`",
            ),
            syn::FnArg::Typed(pt) => {
                let name = match &*pt.pat {
                    syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => pi.ident.clone(),
                    other => {
                        diag.error(other.span(), "parameters must be plain names (`x: &[f64]`), not patterns");
                        Ident::new("__parad_unnamed", other.span())
                    }
                };
                let what = format!("parameter `{name}`");
                let kind = classify(&pt.ty, diag, &what);
                params.push(Param { name, ty: (*pt.ty).clone(), kind });
            }
        }
    }
    let (ret, ret_ty) = match &sig.output {
        syn::ReturnType::Default => (ParamKind::Unit, None),
        syn::ReturnType::Type(_, ty) => {
            let k = classify(ty, diag, "the return type");
            if k.is_ref() {
                diag.error(ty.span(), "returning references is not supported: return f32, f64, an integer or ()");
            }
            (k, Some((**ty).clone()))
        }
    };
    Signature { params, ret, ret_ty }
}
