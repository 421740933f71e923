//! Parsing of the attributes (`#[autodiff(...)]`, `#[derivative(...)]`) and
//! classification of the function signature.

use crate::diag::Diag;
use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Ident, Token};

mod checkpoint;
pub use checkpoint::{check_checkpoint, CheckpointAttr};

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
    /// Batched forward mode: one tangent argument `width` times as long.
    Dualv,
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
            "Dualv" => Activity::Dualv,
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
    /// `accumulate = atomic`: scattered adjoint writes of parallel loops go
    /// to one shared shadow by atomic adds instead of private copies.
    pub atomic: bool,
    /// How many `Const` activities the macro added for hidden parameters
    /// (the widths of `Vec` rows, see `flatten`).
    pub hidden: usize,
    /// Batched mode: how many tangents each `Dual` argument carries (1:
    /// not batched), and where the width was written.
    pub width: usize,
    pub width_span: Option<Span>,
}

/// What an attribute of the family asks for.
pub enum Request {
    /// `#[autodiff]`: companions only.
    Companions,
    Derivative(DiffSpec),
}

/// Parses the arguments of `#[autodiff(...)]`, `#[autodiff_reverse(...)]` or
/// `#[autodiff_forward(...)]`; `mode` is fixed for the latter two. `attr`
/// is where the attribute starts and ends.
pub fn parse_request(args: proc_macro2::TokenStream, mode: Option<Mode>, attr: (Span, Span)) -> syn::Result<Request> {
    if args.is_empty() {
        let example = match mode {
            None => return Ok(Request::Companions),
            Some(Mode::Reverse) => "#[autodiff_reverse(d_f, Duplicated, Active)]",
            Some(Mode::Forward) => "#[autodiff_forward(d_f, Dual, Dual)]",
        };
        return Err(crate::diag::range_error(
            attr.0,
            attr.1,
            format!("expected a derivative name and activities, as in `{example}`"),
        ));
    }
    let parser = |input: ParseStream| parse_spec(input, mode);
    syn::parse::Parser::parse2(parser, args).map(Request::Derivative)
}

fn parse_spec(input: ParseStream, mode: Option<Mode>) -> syn::Result<DiffSpec> {
    let mode = match mode {
        Some(m) => {
            // `#[autodiff_forward(forward, d_f, ...)]`: the mode is in the attribute's name.
            let fork = input.fork();
            if let Ok(id) = fork.parse::<Ident>() {
                if (id == "reverse" || id == "forward") && fork.parse::<Token![,]>().is_ok() {
                    if let Ok(name) = fork.parse::<Ident>() {
                        let attr = if m == Mode::Reverse { "autodiff_reverse" } else { "autodiff_forward" };
                        let mode = if m == Mode::Reverse { "reverse" } else { "forward" };
                        return Err(syn::Error::new(
                            id.span(),
                            format!(
                                "`#[{attr}]` takes no mode argument: write `#[{attr}({name}, ...)]` or \
                                 `#[autodiff({mode}, {name}, ...)]`"
                            ),
                        ));
                    }
                }
            }
            m
        }
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
                let example =
                    if m == Mode::Reverse { "reverse, d_f, Active, Active" } else { "forward, d_f, Dual, Dual" };
                return Err(syn::Error::new(
                    id.span(),
                    format!("expected a derivative name and activities after the mode, as in `#[autodiff({example})]`"),
                ));
            }
            input.parse::<Token![,]>()?;
            m
        }
    };
    let name: Ident = input.parse().map_err(|e| {
        syn::Error::new(e.span(), "expected the name of the derivative function to generate, as in `d_f`")
    })?;
    if Activity::from_ident(&name).is_some() {
        return Err(syn::Error::new(
            name.span(),
            format!(
                "expected the name of the derivative function to generate, found the activity `{name}`: \
                 the name comes first, as in `#[autodiff(reverse, d_f, Active, Active)]`"
            ),
        ));
    }
    let mut acts = Vec::new();
    let mut atomic = false;
    let (mut width, mut width_span) = (1, None);
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        if input.peek(syn::LitInt) && acts.is_empty() && width_span.is_none() {
            let lit: syn::LitInt = input.parse()?;
            width = match lit.base10_parse::<usize>() {
                Ok(w) if (1..=64).contains(&w) => w,
                _ => {
                    return Err(syn::Error::new(
                        lit.span(),
                        "the width of batched mode is a number of tangents from 1 to 64, as in \
                         `#[autodiff(forward, d_f, 4, Dual, Dual)]`",
                    ))
                }
            };
            width_span = Some(lit.span());
            continue;
        }
        let id: Ident = input.parse()?;
        if id == "accumulate" {
            input.parse::<Token![=]>()?;
            let how: Ident = input.parse()?;
            if how != "atomic" || mode == Mode::Forward {
                return Err(syn::Error::new(
                    how.span(),
                    "`accumulate = atomic` (reverse mode only) is the one accumulation option: without it, parallel \
                     adjoints use owned elements, stencil gathers or private copies, and are deterministic",
                ));
            }
            atomic = true;
            continue;
        }
        match Activity::from_ident(&id) {
            Some(a) => acts.push((a, id.span())),
            None => {
                return Err(syn::Error::new(
                    id.span(),
                    format!(
                        "unknown activity `{id}`: expected one of Const, Active, ActiveOnly, Duplicated, \
                         DuplicatedOnly (reverse mode), Dual, DualOnly, Dualv (forward mode)"
                    ),
                ))
            }
        }
    }
    Ok(DiffSpec { mode, name, acts, atomic, hidden: 0, width, width_span })
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
        let eq: Token![=] = input.parse().map_err(|_| {
            syn::Error::new(
                key.span(),
                "expected `reverse = PATH` and/or `forward = PATH`, as in `#[derivative(reverse = softplus_rev)]`",
            )
        })?;
        if input.is_empty() || input.peek(Token![,]) {
            return Err(crate::diag::range_error(
                key.span(),
                eq.span,
                format!("expected the path of the rule function after `{key} =`, as in `reverse = softplus_rev`"),
            ));
        }
        let value: syn::Path = input.parse().map_err(|e| {
            syn::Error::new(e.span(), "expected the path of the rule function, as in `reverse = softplus_rev`")
        })?;
        Ok(RuleArg { key, value })
    }
}

pub fn parse_rules(args: proc_macro2::TokenStream, attr: (Span, Span)) -> syn::Result<Rules> {
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
        return Err(crate::diag::range_error(
            attr.0,
            attr.1,
            "`#[derivative]` needs at least one rule, as in `#[derivative(reverse = f_rev, forward = f_fwd)]`",
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
    /// `&[T]`, `&Vec<T>`, `&[T; N]` and their `&mut` forms, `T` a user
    /// type (`&[V3]`, see `docs/values.md`): a buffer as `FloatBuf` is,
    /// whose elements are values, their fields places.
    ValueBuf { elem: syn::Type, mutable: bool },
    /// A reference to a slice/Vec/array of integers or bools: inactive.
    InactiveBuf { mutable: bool },
    /// `&T` / `&mut T` of a user type (a struct).
    Struct { mutable: bool, ty: syn::Type },
    /// A value of a user type taken by value (`a: V3`, `mode: Mode`; see
    /// `docs/values.md`): its fields are places, as a struct parameter's,
    /// its shadow or tangent a `T` by value. `differentiated` where some
    /// request marks it `Active` or `Dual`; else it is constant data.
    Value { ty: syn::Type, differentiated: bool },
    /// `&C` of an MPI communicator type (rsmpi's `SimpleCommunicator`, or
    /// any type whose name ends in `Communicator`): constant, no shadow.
    Comm,
    /// `()` (returns only).
    Unit,
    /// A tuple of floats and integers (returns only): what a function called
    /// from differentiated code, or a generated derivative, may return.
    Tuple(Vec<ParamKind>),
    /// `Vec<F>` (returns only): the function ends in the vector it returns.
    FloatVec(FloatTy),
}

impl ParamKind {
    /// Whether the parameter is a `&mut` reference.
    pub fn is_mut(&self) -> bool {
        matches!(
            self,
            ParamKind::FloatBuf { mutable: true, .. }
                | ParamKind::ValueBuf { mutable: true, .. }
                | ParamKind::InactiveBuf { mutable: true }
                | ParamKind::Struct { mutable: true, .. }
        )
    }

    pub fn is_ref(&self) -> bool {
        matches!(
            self,
            ParamKind::FloatBuf { .. }
                | ParamKind::ValueBuf { .. }
                | ParamKind::InactiveBuf { .. }
                | ParamKind::Struct { .. }
        )
    }

    /// The element type of a buffer with a shadow (`f64`, `V3`), and its zero.
    pub fn shadow_elem(&self) -> Option<(TokenStream, TokenStream)> {
        match self {
            ParamKind::FloatBuf { float, .. } => Some((float.ident().into_token_stream(), quote::quote!(0.0))),
            ParamKind::ValueBuf { elem, .. } => {
                Some((elem.into_token_stream(), quote::quote!(<#elem as ::core::default::Default>::default())))
            }
            _ => None,
        }
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

/// Whether `ty` names a user type taken by value (`V3`, `Mode`): not a
/// number, a `bool`, a buffer or a reference.
pub fn is_user_value(ty: &syn::Type) -> bool {
    let std = ["Option", "Result", "String", "Box", "Rc", "Arc", "Cell", "RefCell"];
    matches!(ty, syn::Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| !std.contains(&s.ident.to_string().as_str())))
        && float_of(ty).is_none()
        && !is_inactive_scalar(ty)
        && elem_of(ty).is_none()
}

fn is_inactive_scalar(ty: &syn::Type) -> bool {
    if let syn::Type::Path(p) = ty {
        if p.qself.is_none() && p.path.segments.len() == 1 {
            return matches!(
                p.path.segments[0].ident.to_string().as_str(),
                "usize"
                    | "isize"
                    | "u8"
                    | "u16"
                    | "u32"
                    | "u64"
                    | "u128"
                    | "i8"
                    | "i16"
                    | "i32"
                    | "i64"
                    | "i128"
                    | "bool"
                    | "char"
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

/// The element type of a buffer behind references (`V3` of `&mut Vec<V3>`).
pub fn elem_behind_refs(mut ty: &syn::Type) -> Option<&syn::Type> {
    while let syn::Type::Reference(r) = ty {
        ty = &r.elem;
    }
    elem_of(ty)
}

const SUPPORTED_TYPES: &str = "supported parameter types are f32, f64, integers, bool, &[F], &mut [F], \
     &Vec<F>, &mut Vec<F>, &[F; N], &mut [F; N], buffers of rows (&[[F; N]], &[Vec<F>], &Vec<Vec<F>> and their \
     &mut forms) and &T / &mut T of a struct";

/// rsmpi's communicator types: `SimpleCommunicator`, `UserCommunicator`, ...
fn is_communicator(path: &syn::Path) -> bool {
    path.segments.last().is_some_and(|s| s.ident.to_string().ends_with("Communicator"))
}

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
                if is_user_value(elem) {
                    return ParamKind::ValueBuf { elem: elem.clone(), mutable };
                }
                diag.error_spanned(
                    elem,
                    format!("{what}: buffers of this element type are not supported; {SUPPORTED_TYPES}"),
                );
                return ParamKind::Inactive;
            }
            if float_of(&r.elem).is_some() || is_inactive_scalar(&r.elem) {
                diag.error_spanned(
                    ty,
                    format!(
                        "{what}: references to a single number (`&f64`, `&mut f64`, `&mut usize`) are supported in \
                         functions and methods with a body of their own, not yet in functions with custom rules: \
                         pass a slice of one element (`&[f64]`, `&mut [f64]`), or take the value and return the new \
                         one"
                    ),
                );
                return ParamKind::Inactive;
            }
            match &*r.elem {
                syn::Type::Path(p) if p.qself.is_none() && is_communicator(&p.path) => ParamKind::Comm,
                syn::Type::Path(p) if p.qself.is_none() => ParamKind::Struct { mutable, ty: (*r.elem).clone() },
                syn::Type::TraitObject(_) => {
                    diag.error_spanned(
                        &r.elem,
                        format!(
                            "{what}: trait objects cannot be differentiated (the macro cannot see the code \
                             behind them); pass the data instead, or call a differentiable function"
                        ),
                    );
                    ParamKind::Inactive
                }
                _ => {
                    diag.error_spanned(ty, format!("{what}: unsupported type; {SUPPORTED_TYPES}"));
                    ParamKind::Inactive
                }
            }
        }
        // `Vec<f64>` or `[f64; 3]` by value: a shadow could not be handed back.
        syn::Type::Path(_) | syn::Type::Array(_) if elem_of(ty).is_some() => {
            diag.error_spanned(
                ty,
                format!(
                    "{what}: a buffer taken by value cannot have a shadow; take it by reference, as `&[F]`, \
                     `&mut [F]`, `&Vec<F>` or `&mut Vec<F>` (with Duplicated, a shadow of the same type follows it)"
                ),
            );
            ParamKind::Inactive
        }
        // A value of a user type (an enum such as `Mode`): constant data.
        syn::Type::Path(p) if p.qself.is_none() && elem_of(ty).is_none() => ParamKind::Inactive,
        syn::Type::Ptr(_) => {
            diag.error_spanned(ty, format!("{what}: raw pointers are not supported; use a slice or a reference"));
            ParamKind::Inactive
        }
        syn::Type::ImplTrait(_) => {
            diag.error_spanned(ty, format!("{what}: `impl Trait` is not supported; {SUPPORTED_TYPES}"));
            ParamKind::Inactive
        }
        _ => {
            diag.error_spanned(ty, format!("{what}: unsupported type; {SUPPORTED_TYPES}"));
            ParamKind::Inactive
        }
    }
}

/// Checks the parts of a function the macro cannot handle at all and
/// classifies its parameters.
/// Makes each parameter of a user type taken by value, and such a
/// result, a [`ParamKind::Value`], differentiated where one of `specs`
/// The error for a result holding floats inside another type.
fn nested_floats(sig: &syn::Signature, ty: &syn::Type, diag: &Diag) {
    diag.error_spanned(
        ty,
        match crate::syntax::option_result(sig).is_some() {
            true => {
                "a derivative of a function returning `Option` is not supported (its seed would apply to the \
                     `Some` value only): mark it `#[autodiff]` without a derivative to call it from differentiated \
                     code, or return the value with a flag, `(f64, bool)`"
            }
            false => {
                "returning floats inside another type (`Result<f64, E>`, a struct) is not supported yet: return \
                      f32, f64, an integer, a tuple of them, `Vec<F>` or (), for instance the value with a flag, \
                      `(f64, bool)`"
            }
        },
    );
}

/// marks it other than `Const`.
pub fn mark_values<'a>(sig: &mut Signature, specs: impl Iterator<Item = &'a DiffSpec> + Clone) {
    for (i, p) in sig.params.iter_mut().enumerate() {
        let differentiated = specs.clone().any(|s| s.acts.get(i).is_some_and(|(a, _)| *a != Activity::Const));
        if matches!(p.kind, ParamKind::Inactive) && is_user_value(&p.ty) {
            p.kind = ParamKind::Value { ty: p.ty.clone(), differentiated };
        }
    }
    let n = sig.params.len();
    if let (ParamKind::Inactive, Some(ty)) = (&sig.ret, &sig.ret_ty) {
        if is_user_value(ty) {
            let differentiated = specs.clone().any(|s| s.acts.get(n).is_some_and(|(a, _)| *a != Activity::Const));
            sig.ret = ParamKind::Value { ty: ty.clone(), differentiated };
        }
    }
}

pub fn signature(func: &syn::ItemFn, diag: &Diag) -> Signature {
    let sig = &func.sig;
    if let Some(a) = &sig.asyncness {
        diag.error(a.span(), "`async fn` cannot be differentiated; only plain functions are supported");
    }
    if let Some(u) = &sig.unsafety {
        diag.error(u.span(), "`unsafe fn` cannot be differentiated; only safe Rust is supported");
    }
    // Type parameters: the one error at `<...>` says it all; the parameters
    // whose types use them get no errors of their own.
    let mut generic_names = Vec::new();
    let mut const_only = true;
    for p in &sig.generics.params {
        match p {
            syn::GenericParam::Type(t) => {
                const_only = false;
                generic_names.push(t.ident.to_string());
            }
            syn::GenericParam::Const(c) => generic_names.push(c.ident.to_string()),
            syn::GenericParam::Lifetime(_) => {}
        }
    }
    if !generic_names.is_empty() {
        let msg = if const_only {
            "const generic parameters are not supported yet: take a slice (`&[f64]`) and use its `len()`"
        } else {
            "generic functions are supported over one type parameter for the float type (`fn f<T: Float>`, \
             with `parad::Float` or `num_traits::Float`, or other bounds that f32 and f64 meet), type \
             parameters bounded by a trait of yours marked `#[autodiff]` (`fn fit<M: Loss>(m: &M, ..)`), and \
             const parameters: write this one over one float type `T`, or for f32 or f64"
        };
        diag.error_spanned(&sig.generics, msg);
    }
    let uses_generics = |ty: &syn::Type| mentions_any(quote::quote!(#ty), &generic_names);
    if let Some(v) = &sig.variadic {
        diag.error(v.span(), "variadic functions are not supported");
    }
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            // `codegen::method` turns the receiver into a parameter first.
            syn::FnArg::Receiver(r) => diag.error_spanned(r, "a `self` receiver is not expected here"),
            syn::FnArg::Typed(pt) => {
                let name = match &*pt.pat {
                    syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => pi.ident.clone(),
                    other => {
                        diag.error_spanned(other, "parameters must be plain names (`x: &[f64]`), not patterns");
                        Ident::new("__parad_unnamed", other.span())
                    }
                };
                let what = format!("parameter `{name}`");
                let kind = if uses_generics(&pt.ty) {
                    classify(&pt.ty, &Diag::default(), &what)
                } else {
                    classify(&pt.ty, diag, &what)
                };
                params.push(Param { name, ty: (*pt.ty).clone(), kind });
            }
        }
    }
    let (ret, ret_ty) = match &sig.output {
        syn::ReturnType::Default => (ParamKind::Unit, None),
        syn::ReturnType::Type(_, ty) => {
            let k = if uses_generics(ty) {
                classify(ty, &Diag::default(), "the return type")
            } else if let Some(f) =
                matches!(&**ty, syn::Type::Path(_)).then(|| elem_of(ty).and_then(float_of)).flatten()
            {
                ParamKind::FloatVec(f)
            } else if matches!(&**ty, syn::Type::Path(_) | syn::Type::Array(_)) && elem_of(ty).is_some() {
                diag.error_spanned(
                    ty,
                    "returning an array (`[f64; 3]`) from a function with a derivative, or a `Vec` of anything \
                     but f32 or f64, is not supported yet: return f32, f64, an integer, a tuple of them, `Vec<F>`, \
                     a value struct (`V3`) or (), or write the result through a `&mut` parameter (a helper marked \
                     `#[autodiff]` may return an array; its callers bind it with its type, `let w: [f64; 3] = f(..);`)",
                );
                ParamKind::Inactive
            } else if let syn::Type::Tuple(t) = &**ty {
                if t.elems.is_empty() {
                    ParamKind::Unit
                } else {
                    let parts: Vec<ParamKind> =
                        t.elems.iter().map(|e| classify(e, diag, "an element of the returned tuple")).collect();
                    for (p, e) in parts.iter().zip(&t.elems) {
                        if !matches!(p, ParamKind::Float(_) | ParamKind::Inactive) {
                            diag.error_spanned(e, "a returned tuple may hold floats and integers only");
                        }
                    }
                    ParamKind::Tuple(parts)
                }
            } else if let syn::Type::Reference(_) = &**ty {
                diag.error_spanned(ty, "returning references is not supported: return f32, f64, an integer or ()");
                ParamKind::Inactive
            } else if float_of(ty).is_none()
                && elem_of(ty).is_none()
                && mentions_any(quote::quote!(#ty), &["f64".into(), "f32".into()])
            {
                nested_floats(&func.sig, ty, diag);
                ParamKind::Inactive
            } else {
                classify(ty, diag, "the return type")
            };
            (k, Some((**ty).clone()))
        }
    };
    Signature { params, ret, ret_ty }
}

/// Whether `tokens` contain one of the identifiers `names`.
pub fn mentions_any(tokens: proc_macro2::TokenStream, names: &[String]) -> bool {
    !names.is_empty()
        && tokens.into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Ident(id) => names.iter().any(|n| id == n),
            proc_macro2::TokenTree::Group(g) => mentions_any(g.stream(), names),
            _ => false,
        })
}
