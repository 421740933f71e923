//! Float-generic functions (`fn f<T: Float>(x: &[T]) -> T`). The stages
//! differentiate them as the `f64` function they are at `T = f64`
//! ([`concretise`]), and the generated functions are made generic again
//! ([`generalise`]): `f64` becomes `T`, literals `T::lit(..)` (`T::zero()`,
//! `T::one()`), casts `T::cast(..)`, and each function takes the user's
//! generics with the bound `T: ::parad::Float`, which gives the generated
//! code what it uses of a float. The type parameter need not be bounded
//! by `Float`: whatever its bounds, the derivatives exist at the float
//! types. Type parameters bounded by a trait of the user's (`M: Loss`) are
//! models, not floats: the stages see `M` as a struct type, and the
//! generated functions take it back. A function with two float type
//! parameters, or one bounded by `Fn`, keeps its generics, which
//! `parse::signature` refuses. Const parameters (`const N: usize`) go the
//! same way, without a float to rename: the stages take `N` for a
//! constant, and the generated functions take `N`.

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};

/// The generics of a function the stages see without them: its float
/// type parameter, if any, and its generics as written.
pub struct FloatParam {
    name: Option<syn::Ident>,
    generics: syn::Generics,
}

/// The float type parameter of `generics` (`Some(None)` when there is
/// none), when there is at most one besides const parameters and type
/// parameters bounded by a trait of the user's (`M: Loss`, see
/// [`is_model`]), and no `Fn` bound makes it a callable; `None` otherwise.
/// It need not be bounded by `Float` (`fn dot<T: Copy + Mul<Output = T> +
/// Sum>`): the derivatives are made for the float types alone, by their
/// bound `T: parad::Float`.
fn float_param(generics: &syn::Generics) -> Option<Option<syn::Ident>> {
    let mut floats = generics.type_params().filter(|t| !is_model(generics, t));
    let Some(t) = floats.next() else { return Some(None) };
    if floats.next().is_some() {
        return None;
    }
    let callable = bounds_of(generics, t).any(|b| ["Fn", "FnMut", "FnOnce"].contains(&b.as_str()));
    (!callable).then(|| Some(t.ident.clone()))
}

/// The last segments of the trait bounds of `t`, inline and in the `where`
/// clause.
fn bounds_of<'g>(generics: &'g syn::Generics, t: &'g syn::TypeParam) -> impl Iterator<Item = String> + 'g {
    let in_where = generics.where_clause.iter().flat_map(|w| &w.predicates).filter_map(move |p| match p {
        syn::WherePredicate::Type(pt) if is_ident(&pt.bounded_ty, &t.ident) => Some(&pt.bounds),
        _ => None,
    });
    std::iter::once(&t.bounds).chain(in_where).flatten().filter_map(|b| match b {
        syn::TypeParamBound::Trait(tb) => tb.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    })
}

/// The traits a float type meets, and the markers any type may carry.
const NUMERIC: &[&str] = &[
    "Float",
    "Real",
    "FloatCore",
    "Num",
    "NumCast",
    "NumAssign",
    "NumAssignOps",
    "NumOps",
    "Signed",
    "Zero",
    "One",
    "Bounded",
    "FromPrimitive",
    "ToPrimitive",
    "Copy",
    "Clone",
    "Send",
    "Sync",
    "Sized",
    "Default",
    "Debug",
    "Display",
    "PartialEq",
    "PartialOrd",
    "Add",
    "Sub",
    "Mul",
    "Div",
    "Rem",
    "Neg",
    "AddAssign",
    "SubAssign",
    "MulAssign",
    "DivAssign",
    "RemAssign",
    "Sum",
    "Product",
    "From",
    "Into",
    "Fn",
    "FnMut",
    "FnOnce",
];

/// Whether `t` is a type parameter for the user's types, bounded by a
/// trait of theirs (`fn fit<M: Loss>(m: &M, ..)`): the stages see it as a
/// struct type of that name, and calls of its methods go to the
/// companions the trait declares (see `expand::traits`).
fn is_model(generics: &syn::Generics, t: &syn::TypeParam) -> bool {
    bounds_of(generics, t).any(|b| !NUMERIC.contains(&b.as_str()))
}

fn is_ident(ty: &syn::Type, name: &syn::Ident) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

/// Rewrites `func` and `source`, generic over one `T: Float` and const
/// parameters (`const N: usize`), as their instances at `T = f64` for any
/// `N` (the stages take `N` for a constant); `None`, and nothing changed,
/// for a function without generics or with other type parameters.
pub fn concretise(func: &mut syn::ItemFn, source: &mut syn::ItemFn) -> Option<FloatParam> {
    if func.sig.generics.params.is_empty() {
        return None;
    }
    let name = float_param(&func.sig.generics)?;
    let generics = std::mem::take(&mut func.sig.generics);
    source.sig.generics = syn::Generics::default();
    if let Some(name) = &name {
        let mut c = Concrete(name);
        c.visit_signature_mut(&mut func.sig);
        c.visit_block_mut(&mut func.block);
        c.visit_signature_mut(&mut source.sig);
        c.visit_block_mut(&mut source.block);
    }
    Some(FloatParam { name, generics })
}

/// `T` as `f64`, and `T`'s constructors as what the stages know of `f64`.
struct Concrete<'n>(&'n syn::Ident);

impl Concrete<'_> {
    /// `T::name` (a path of two segments whose first is `T`): `name`.
    fn assoc<'e>(&self, e: &'e syn::Expr) -> Option<&'e syn::Ident> {
        let syn::Expr::Path(p) = e else { return None };
        let segs = &p.path.segments;
        (p.qself.is_none() && segs.len() == 2 && segs[0].ident == *self.0).then(|| &segs[1].ident)
    }

    /// The `f64` form of `T::from(e).unwrap()` (or `.expect(..)`, or any
    /// `from_*`), `T::zero()`, `T::one()` and `T::epsilon()`-like constants.
    fn constructor(&mut self, e: &syn::Expr) -> Option<syn::Expr> {
        let span = self.0.span();
        if let syn::Expr::MethodCall(m) = e {
            let syn::Expr::Call(c) = &*m.receiver else { return None };
            let name = self.assoc(&c.func)?.to_string();
            let unwrapped = (m.method == "unwrap" && m.args.is_empty()) || (m.method == "expect" && m.args.len() == 1);
            if !(unwrapped && name.starts_with("from") && c.args.len() == 1) {
                return None;
            }
            let mut arg = c.args[0].clone();
            self.visit_expr_mut(&mut arg);
            return Some(match arg {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) => float_lit(f.base10_digits(), f.span()),
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => float_lit(i.base10_digits(), i.span()),
                other => syn::parse_quote_spanned!(span=> ((#other) as f64)),
            });
        }
        let syn::Expr::Call(c) = e else { return None };
        let name = self.assoc(&c.func)?.to_string();
        if !c.args.is_empty() {
            return None;
        }
        let constant = match name.as_str() {
            "zero" => return Some(float_lit("0", span)),
            "one" => return Some(float_lit("1", span)),
            f => CONSTANTS.iter().find(|(_, of_t)| *of_t == f)?.0,
        };
        let constant = syn::Ident::new(constant, span);
        Some(syn::parse_quote_spanned!(span=> f64::#constant))
    }
}

/// The constants of `f64` and the functions of `num_traits::Float` that
/// give them.
const CONSTANTS: &[(&str, &str)] = &[
    ("EPSILON", "epsilon"),
    ("INFINITY", "infinity"),
    ("NEG_INFINITY", "neg_infinity"),
    ("NAN", "nan"),
    ("MAX", "max_value"),
    ("MIN", "min_value"),
    ("MIN_POSITIVE", "min_positive_value"),
];

/// An unsuffixed float literal of the value `digits`.
fn float_lit(digits: &str, span: Span) -> syn::Expr {
    let text = if digits.contains(['.', 'e', 'E']) { digits.to_string() } else { format!("{digits}.0") };
    let lit = syn::LitFloat::new(&text, span);
    syn::parse_quote!(#lit)
}

impl VisitMut for Concrete<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if is_ident(ty, self.0) {
            let span = self.0.span();
            *ty = syn::parse_quote_spanned!(span=> f64);
            return;
        }
        visit_mut::visit_type_mut(self, ty);
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let Some(c) = self.constructor(e) {
            *e = c;
            return;
        }
        visit_mut::visit_expr_mut(self, e);
    }

    fn visit_path_mut(&mut self, p: &mut syn::Path) {
        // `T::sqrt(x)`, `T::max`: the functions of `f64`.
        if p.segments.len() > 1 && p.segments[0].ident == *self.0 {
            p.segments[0].ident = syn::Ident::new("f64", self.0.span());
        }
        visit_mut::visit_path_mut(self, p);
    }
}

/// The generated items `ts` made generic over `param` again (stubs and
/// companions alike); tokens that are not items are returned as they are.
pub fn generalise(ts: TokenStream, param: &FloatParam) -> TokenStream {
    let Ok(mut file) = syn::parse2::<syn::File>(ts.clone()) else { return ts };
    let types = param.generics.type_params().map(|t| t.ident.clone());
    let mut captures = Captures(types.chain(param.generics.const_params().map(|c| c.ident.clone())).collect());
    // A derivative that calls another keeping a tape (the user's form of a
    // flat derivative, see `flatten::wrap`) needs its bounds too: the
    // bound goes on every function generated together.
    let taped = mentions_tape(ts);
    for item in &mut file.items {
        if let syn::Item::Fn(f) = item {
            if let Some(t) = &param.name {
                General(t).visit_item_fn_mut(f);
            }
            captures.visit_item_fn_mut(f);
            f.sig.generics = generics_of(&f.sig.generics, param, taped);
        }
    }
    file.items.iter().map(ToTokens::to_token_stream).collect()
}

/// Whether generated code keeps values on one of the runtime's tapes,
/// whose element types are `'static` (the tapes are pooled by `TypeId`).
fn mentions_tape(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(id) => ["Tape", "ChunkTapes", "WholeTape"].contains(&id.to_string().as_str()),
        proc_macro2::TokenTree::Group(g) => mentions_tape(g.stream()),
        _ => false,
    })
}

/// `own` (lifetimes the generated function names) with the user's generics
/// and the bound `T: ::parad::Float`; a model type parameter `M: 'static`
/// where the functions generated together keep values on a tape (`taped`).
fn generics_of(own: &syn::Generics, param: &FloatParam, taped: bool) -> syn::Generics {
    let mut g = param.generics.clone();
    g.params.extend(own.params.iter().cloned());
    if let Some(t) = &param.name {
        g.make_where_clause().predicates.push(syn::parse_quote!(#t: ::parad::Float));
    }
    // A model's companions return closures that capture its type, which
    // the tapes of loops keep.
    let models = param.generics.type_params().map(|t| t.ident.clone()).filter(|m| Some(m) != param.name.as_ref());
    for m in models.filter(|_| taped) {
        g.make_where_clause().predicates.push(syn::parse_quote!(#m: 'static));
    }
    g
}

/// `f64` as `T` in generated code.
struct General<'n>(&'n syn::Ident);

impl General<'_> {
    fn is_f64(ty: &syn::Type) -> bool {
        matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("f64"))
    }

    /// `T::name()` of an `f64` constant.
    fn constant(&self, name: &str) -> Option<syn::Expr> {
        let t = self.0;
        let f = CONSTANTS.iter().find(|(of_f64, _)| *of_f64 == name)?.1;
        let f = syn::Ident::new(f, Span::call_site());
        Some(syn::parse_quote!(#t::#f()))
    }

    /// The generic form of a literal, cast or path of `f64`.
    fn rewrite(&mut self, e: &syn::Expr) -> Option<syn::Expr> {
        let t = self.0;
        match e {
            // `0.5`, `2.5f64`, and `3f64`, which is an integer literal to syn.
            syn::Expr::Lit(syn::ExprLit { lit, .. }) => {
                let digits = match lit {
                    syn::Lit::Float(f) => f.base10_digits(),
                    syn::Lit::Int(i) if matches!(i.suffix(), "f64" | "f32") => i.base10_digits(),
                    _ => return None,
                };
                let lit = float_lit(digits, lit.span());
                Some(match digits.parse::<f64>().ok()? {
                    0.0 => syn::parse_quote!(#t::zero()),
                    1.0 => syn::parse_quote!(#t::one()),
                    _ => syn::parse_quote!(#t::lit(#lit)),
                })
            }
            syn::Expr::Cast(c) if Self::is_f64(&c.ty) => {
                let mut inner = (*c.expr).clone();
                self.visit_expr_mut(&mut inner);
                Some(syn::parse_quote!(#t::cast(#inner)))
            }
            syn::Expr::Path(p) if p.qself.is_none() => {
                let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
                match segs.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                    ["f64", name] => self.constant(name),
                    [.., "f64", "consts", _] => Some(syn::parse_quote!(#t::lit(#p))),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The arguments of `vec!`, `assert!` and the like, rewritten; other
    /// macros are left alone.
    fn macro_args(&mut self, mac: &mut syn::Macro) {
        let Some(name) = mac.path.segments.last().map(|s| s.ident.to_string()) else { return };
        if name == "vec" {
            if let Ok(mut rep) = mac.parse_body_with(parse_repeat) {
                self.visit_expr_mut(&mut rep.0);
                self.visit_expr_mut(&mut rep.1);
                let (x, n) = rep;
                mac.tokens = quote!(#x; #n);
                return;
            }
        }
        if ["vec", "assert", "assert_eq", "debug_assert", "debug_assert_eq", "assert_ne", "format", "panic"]
            .contains(&name.as_str())
        {
            if let Ok(mut args) = mac.parse_body_with(Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated) {
                args.iter_mut().for_each(|a| self.visit_expr_mut(a));
                mac.tokens = args.to_token_stream();
            }
        }
    }
}

/// `x; n` of `vec![x; n]`.
fn parse_repeat(input: syn::parse::ParseStream) -> syn::Result<(syn::Expr, syn::Expr)> {
    let x: syn::Expr = input.parse()?;
    input.parse::<syn::Token![;]>()?;
    Ok((x, input.parse()?))
}

impl VisitMut for General<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if Self::is_f64(ty) {
            let t = self.0;
            *ty = syn::parse_quote!(#t);
            return;
        }
        visit_mut::visit_type_mut(self, ty);
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let Some(r) = self.rewrite(e) {
            *e = r;
            return;
        }
        visit_mut::visit_expr_mut(self, e);
    }

    fn visit_path_mut(&mut self, p: &mut syn::Path) {
        // `f64::max` as a function: `T::max`.
        if p.segments.len() == 2 && p.segments[0].ident == "f64" {
            p.segments[0].ident = self.0.clone();
        }
        visit_mut::visit_path_mut(self, p);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        self.macro_args(mac);
    }
}

/// Adds the type and const parameters to the `use<..>` of `impl Trait`
/// types: a companion's reverse closure captures them with the inputs.
struct Captures(Vec<syn::Ident>);

impl VisitMut for Captures {
    fn visit_type_impl_trait_mut(&mut self, t: &mut syn::TypeImplTrait) {
        for b in &mut t.bounds {
            if let syn::TypeParamBound::PreciseCapture(c) = b {
                c.params.extend(self.0.iter().cloned().map(syn::CapturedParam::Ident));
            }
        }
        visit_mut::visit_type_impl_trait_mut(self, t);
    }
}
