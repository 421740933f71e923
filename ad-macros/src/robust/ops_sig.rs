//! Mutation operators on the signature and the attributes: parameter and
//! return types, activities shuffled or replaced by random words (invalid
//! ones too), the attribute's other arguments, attributes added, parameters
//! added, removed or bound by other patterns, receivers, generics,
//! qualifiers, the float width.

use super::family;
use super::mutate::{Ctx, Op};
use super::rng::Rng;
use crate::expand::Attr;
use proc_macro2::{Group, Ident, Literal, TokenStream, TokenTree};
use quote::quote;
use syn::{FnArg, ItemFn, ReturnType};

pub const OPS: &[Op] = &[
    Op { name: "parameter type", apply: parameter_type },
    Op { name: "return type", apply: return_type },
    Op { name: "activities shuffled", apply: activities_shuffled },
    Op { name: "activity words", apply: activity_words },
    Op { name: "attribute arguments", apply: attribute_arguments },
    Op { name: "attribute added or removed", apply: attribute_added },
    Op { name: "parameter added or removed", apply: parameter_added },
    Op { name: "parameter pattern", apply: parameter_pattern },
    Op { name: "receiver", apply: receiver },
    Op { name: "generics", apply: generics },
    Op { name: "qualifiers", apply: qualifiers },
    Op { name: "float width", apply: float_width },
    Op { name: "raw identifier", apply: raw_identifier },
];

pub const TYPES: &[&str] = &[
    "f64",
    "f32",
    "&[f64]",
    "&mut [f64]",
    "&Vec<f64>",
    "Vec<f64>",
    "usize",
    "&f64",
    "&mut f64",
    "&[f32]",
    "&mut [f32]",
    "&mut Vec<f64>",
    "i32",
    "bool",
    "(f64, f64)",
    "[f64; 3]",
    "&[[f64; 3]]",
    "&[Vec<f64>]",
    "&mut [[f64; 2]]",
    "&mut [Vec<f64>]",
    "Option<f64>",
    "&str",
    "impl Fn(f64) -> f64",
    "Box<f64>",
    "&&[f64]",
    "*const f64",
    "Self",
    "T",
    "&'a [f64]",
    "()",
    "&dyn Fn(f64) -> f64",
    "u32",
    "[f64]",
    "&[usize]",
    "&mut usize",
    "Vec<Vec<f64>>",
    "&(f64, f64)",
    "std::vec::Vec<f64>",
    "&mut &mut [f64]",
    "!",
    "_",
    "&[f64; 4]",
];

fn random_type(rng: &mut Rng) -> syn::Type {
    syn::parse_str(rng.word(TYPES)).unwrap()
}

fn typed_params(f: &ItemFn) -> Vec<usize> {
    f.sig.inputs.iter().enumerate().filter(|(_, a)| matches!(a, FnArg::Typed(_))).map(|(k, _)| k).collect()
}

fn parameter_type(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let ks = typed_params(f);
    if ks.is_empty() {
        return false;
    }
    let k = *rng.pick(&ks);
    let ty = random_type(rng);
    if let FnArg::Typed(pt) = &mut f.sig.inputs[k] {
        *pt.ty = ty;
    }
    true
}

fn return_type(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    f.sig.output = if rng.chance(25) {
        ReturnType::Default
    } else {
        ReturnType::Type(Default::default(), Box::new(random_type(rng)))
    };
    true
}

/// Splits an attribute's arguments at their top-level commas.
fn split_commas(ts: TokenStream) -> Vec<TokenStream> {
    let mut out = vec![TokenStream::new()];
    for t in ts {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => out.push(TokenStream::new()),
            _ => out.last_mut().unwrap().extend([t]),
        }
    }
    if out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

fn join_commas(parts: &[TokenStream]) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.extend(quote!(,));
        }
        out.extend(p.clone());
    }
    out
}

/// A random attribute of the `autodiff` kinds: its index, the head of its
/// arguments (mode and name, or the name) and its activities. A bare
/// `#[autodiff]` gets a head of its own.
fn autodiff_attr(f: &ItemFn, rng: &mut Rng) -> Option<(usize, Vec<TokenStream>, Vec<TokenStream>)> {
    let ks: Vec<usize> = f
        .attrs
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(family(a), Some(Attr::Autodiff(_))))
        .map(|(k, _)| k)
        .collect();
    if ks.is_empty() {
        return None;
    }
    let k = *rng.pick(&ks);
    let a = &f.attrs[k];
    let parts = match &a.meta {
        syn::Meta::List(l) => split_commas(l.tokens.clone()),
        _ => Vec::new(),
    };
    let name =
        syn::Ident::new(&format!("d_{}", syn::ext::IdentExt::unraw(&f.sig.ident)), proc_macro2::Span::call_site());
    let head_len = match family(a) {
        Some(Attr::Autodiff(None)) if parts.is_empty() => {
            let mode = if rng.chance(50) { quote!(reverse) } else { quote!(forward) };
            return Some((k, vec![mode, quote!(#name)], Vec::new()));
        }
        Some(Attr::Autodiff(None)) => 2,
        _ if parts.is_empty() => return Some((k, vec![quote!(#name)], Vec::new())),
        _ => 1,
    };
    let head_len = head_len.min(parts.len());
    Some((k, parts[..head_len].to_vec(), parts[head_len..].to_vec()))
}

fn set_args(f: &mut ItemFn, k: usize, args: TokenStream) {
    let path = f.attrs[k].path().clone();
    f.attrs[k].meta = syn::Meta::List(syn::MetaList {
        path,
        delimiter: syn::MacroDelimiter::Paren(Default::default()),
        tokens: args,
    });
}

fn activity_count(f: &ItemFn) -> usize {
    f.sig.inputs.len() + usize::from(!matches!(f.sig.output, ReturnType::Default))
}

fn activities_shuffled(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let Some((k, head, mut acts)) = autodiff_attr(f, rng) else { return false };
    if acts.len() < 2 {
        return false;
    }
    rng.shuffle(&mut acts);
    set_args(f, k, join_commas(&[head, acts].concat()));
    true
}

const VALID: &[&str] = &["Const", "Active", "ActiveOnly", "Duplicated", "DuplicatedOnly", "Dual", "DualOnly", "Dualv"];
const INVALID: &[&str] = &[
    "Foo",
    "const",
    "active",
    "Dualv",
    "1",
    "Active(2)",
    "_",
    "Const<f64>",
    "Self",
    "&Active",
    "reverse",
    "forward",
    "",
    "accumulate = atomic",
    "Active Const",
    "\"Active\"",
    "Duplicated::x",
    "crate::Active",
    "[Dual]",
    "Active = 1",
    "-",
    "r#Const",
];

fn activity_words(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let Some((k, head, _)) = autodiff_attr(f, rng) else { return false };
    let n = activity_count(f);
    let len = match rng.below(4) {
        0 => rng.below(n + 3),
        _ => n,
    };
    let acts: Vec<TokenStream> = (0..len)
        .map(|_| {
            let w = if rng.chance(85) { rng.word(VALID) } else { rng.word(INVALID) };
            w.parse().unwrap()
        })
        .collect();
    set_args(f, k, join_commas(&[head, acts].concat()));
    true
}

fn attribute_arguments(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let Some((k, mut head, mut acts)) = autodiff_attr(f, rng) else { return false };
    let own = &f.sig.ident;
    match rng.below(14) {
        0 => {
            head.pop();
        }
        1 => head[0] = quote!(backward),
        2 => *head.last_mut().unwrap() = quote!(#own),
        3 => acts.push(quote!(accumulate = atomic)),
        4 => acts.push(quote!(accumulate = locks)),
        5 => acts.push(quote!(accumulate)),
        6 => {
            acts.push(TokenStream::new());
        }
        7 => {
            head.clear();
            acts.clear();
        }
        8 => {
            let path: syn::Path =
                syn::parse_str(rng.word(&["autodiff", "autodiff_reverse", "autodiff_forward", "parad::autodiff"]))
                    .unwrap();
            let tokens = join_commas(&[head, acts].concat());
            f.attrs[k].meta = syn::Meta::List(syn::MetaList {
                path,
                delimiter: syn::MacroDelimiter::Paren(Default::default()),
                tokens,
            });
            return true;
        }
        9 => *head.last_mut().unwrap() = rng.word(&["1", "d_x::y", "\"d_f\"", "d_f<f64>", "Self"]).parse().unwrap(),
        10 if head.len() == 2 => {
            let other = if head[0].to_string() == "reverse" { quote!(forward) } else { quote!(reverse) };
            head[0] = other;
        }
        11 => {
            f.attrs[k].meta = syn::Meta::Path(f.attrs[k].path().clone());
            return true;
        }
        12 => {
            let path = f.attrs[k].path().clone();
            f.attrs[k].meta = syn::Meta::NameValue(syn::parse_quote!(#path = "d_f"));
            return true;
        }
        _ => {
            acts.insert(0, quote!(accumulate = atomic));
        }
    }
    set_args(f, k, join_commas(&[head, acts].concat()));
    true
}

const ATTRIBUTES: &[&str] = &[
    "#[derivative(reverse = r_rule)]",
    "#[derivative(forward = f_rule)]",
    "#[derivative]",
    "#[derivative(foo = x)]",
    "#[derivative(reverse = a, reverse = b)]",
    "#[kernel]",
    "#[kernel(x)]",
    "#[checkpoint(binomial(snapshots = 2))]",
    "#[inline]",
    "#[cfg(test)]",
    "#[allow(unused)]",
    "#[doc = \"x\"]",
    "#[must_use]",
    "#[autodiff]",
    "#[autodiff(reverse, d_second, Duplicated, Active)]",
    "#[autodiff(forward, t_second, Dual, Dual)]",
    "#[autodiff_reverse(r_second, Active)]",
    "#[autodiff_forward(f_second)]",
];

fn attribute_added(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    match rng.below(5) {
        0 if f.attrs.len() > 1 => {
            let k = 1 + rng.below(f.attrs.len() - 1);
            f.attrs.remove(k);
        }
        1 => {
            let k = rng.below(f.attrs.len());
            let a = f.attrs[k].clone();
            f.attrs.push(a);
        }
        2 => {
            // Another derivative, named after the function's first one.
            let Some((k, mut head, acts)) = autodiff_attr(f, rng) else { return false };
            let last = head.pop().unwrap_or_default();
            head.push(format!("{}_2", last.to_string().trim()).parse().unwrap_or_else(|_| quote!(d_2)));
            let mut a = f.attrs[k].clone();
            a.meta = syn::Meta::List(syn::MetaList {
                path: a.path().clone(),
                delimiter: syn::MacroDelimiter::Paren(Default::default()),
                tokens: join_commas(&[head, acts].concat()),
            });
            f.attrs.push(a);
        }
        _ => {
            let mut attrs = syn::parse::Parser::parse_str(syn::Attribute::parse_outer, rng.word(ATTRIBUTES)).unwrap();
            let at = rng.below(f.attrs.len() + 1);
            f.attrs.insert(at, attrs.remove(0));
        }
    }
    true
}

fn parameter_added(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let n = f.sig.inputs.len();
    match rng.below(3) {
        0 if n > 0 => {
            let k = rng.below(n);
            let mut v: Vec<FnArg> = std::mem::take(&mut f.sig.inputs).into_iter().collect();
            v.remove(k);
            f.sig.inputs.extend(v);
        }
        1 if n > 0 => {
            let k = rng.below(n);
            let a = f.sig.inputs[k].clone();
            f.sig.inputs.push(a);
        }
        _ => {
            let ty = random_type(rng);
            let name = if rng.chance(70) || ctx.names.is_empty() {
                syn::Ident::new("extra", proc_macro2::Span::call_site())
            } else {
                rng.pick(&ctx.names).clone()
            };
            let arg: FnArg = syn::parse_quote!(#name: #ty);
            let k = rng.below(n + 1);
            let mut v: Vec<FnArg> = std::mem::take(&mut f.sig.inputs).into_iter().collect();
            v.insert(k, arg);
            f.sig.inputs.extend(v);
        }
    }
    true
}

const PATTERNS: &[&str] = &[
    "mut x",
    "_",
    "(a, b)",
    "&x",
    "ref x",
    "x @ _",
    "[a, b]",
    "unknown",
    "Point { x, y }",
    "mut _x",
    "(a,)",
    "&mut x",
];

fn parameter_pattern(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let ks = typed_params(f);
    if ks.is_empty() {
        return false;
    }
    let k = *rng.pick(&ks);
    let text = if rng.chance(30) && !ctx.names.is_empty() {
        // Another parameter's or a local's name: bound twice, or shadowed.
        rng.pick(&ctx.names).to_string()
    } else if rng.chance(30) {
        match &f.sig.inputs[k] {
            FnArg::Typed(pt) => format!("mut {}", quote!(#pt).to_string().split(':').next().unwrap_or("x").trim()),
            _ => "x".into(),
        }
    } else {
        rng.word(PATTERNS).to_string()
    };
    let Ok(pat) = syn::parse::Parser::parse_str(syn::Pat::parse_single, &text) else { return false };
    if let FnArg::Typed(pt) = &mut f.sig.inputs[k] {
        *pt.pat = pat;
    }
    true
}

const RECEIVERS: &[&str] = &["&self", "&mut self", "self", "mut self", "self: &Self", "self: Box<Self>", "&'a self"];

fn receiver(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let has = matches!(f.sig.inputs.first(), Some(FnArg::Receiver(_)));
    let mut v: Vec<FnArg> = std::mem::take(&mut f.sig.inputs).into_iter().collect();
    if has && rng.chance(40) {
        v.remove(0);
    } else {
        let r: FnArg = syn::parse_str(rng.word(RECEIVERS)).unwrap();
        if has {
            v[0] = r;
        } else {
            v.insert(0, r);
        }
    }
    f.sig.inputs.extend(v);
    true
}

const GENERICS: &[&str] = &[
    "<T>",
    "<'a>",
    "<const N: usize>",
    "<T: Copy>",
    "<'a, T: Into<f64>>",
    "<F: Fn(f64) -> f64>",
    "<'a, 'b: 'a>",
    "<T: Float>",
    "<T: Float, U: Float>",
    "<T: parad::Float, const N: usize>",
];

/// `f64` and `f32` as `T` in the types of a function.
struct FloatAsT;

impl syn::visit_mut::VisitMut for FloatAsT {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if matches!(ty, syn::Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32")) {
            *ty = syn::parse_quote!(T);
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

fn generics(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    match rng.below(5) {
        4 => {
            // The function written over `T: Float`, its literals left as they are.
            f.sig.generics = syn::parse_str(rng.word(&["<T: Float>", "<T: num_traits::Float + Sync>"])).unwrap();
            syn::visit_mut::VisitMut::visit_item_fn_mut(&mut FloatAsT, f);
        }
        0 | 1 => f.sig.generics = syn::parse_str(rng.word(GENERICS)).unwrap(),
        2 => {
            f.sig.generics = syn::parse_str("<T>").unwrap();
            f.sig.generics.where_clause = Some(syn::parse_quote!(where T: Copy + Into<f64>));
        }
        _ => {
            // A parameter of a generic type.
            let ks = typed_params(f);
            if ks.is_empty() {
                return false;
            }
            let k = *rng.pick(&ks);
            let (g, ty): (&str, &str) = *rng.pick(&[
                ("<T>", "T"),
                ("<'a>", "&'a [f64]"),
                ("<const N: usize>", "[f64; N]"),
                ("<'a>", "&'a mut f64"),
            ]);
            f.sig.generics = syn::parse_str(g).unwrap();
            if let FnArg::Typed(pt) = &mut f.sig.inputs[k] {
                *pt.ty = syn::parse_str(ty).unwrap();
            }
        }
    }
    true
}

fn qualifiers(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    match rng.below(7) {
        0 => f.sig.constness = Some(Default::default()),
        1 => f.sig.asyncness = Some(Default::default()),
        2 => f.sig.unsafety = Some(Default::default()),
        3 => f.sig.abi = Some(syn::parse_quote!(extern "C")),
        4 => f.sig.variadic = Some(syn::Variadic { attrs: vec![], pat: None, dots: Default::default(), comma: None }),
        5 => f.vis = syn::parse_quote!(pub(crate)),
        _ => {
            f.sig.asyncness = Some(Default::default());
            f.sig.unsafety = Some(Default::default());
        }
    }
    true
}

/// `f64` turned into `f32` (or back) in the tokens of `ts`, suffixes of
/// literals too.
fn swap_width(ts: TokenStream, from: &str, to: &str) -> TokenStream {
    ts.into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) if i == from => TokenTree::Ident(Ident::new(to, i.span())),
            TokenTree::Literal(l) if l.to_string().ends_with(from) => {
                let text = l.to_string();
                let new = format!("{}{to}", &text[..text.len() - from.len()]);
                new.parse::<Literal>().map_or(TokenTree::Literal(l), TokenTree::Literal)
            }
            TokenTree::Group(g) => {
                let mut n = Group::new(g.delimiter(), swap_width(g.stream(), from, to));
                n.set_span(g.span());
                TokenTree::Group(n)
            }
            t => t,
        })
        .collect()
}

fn float_width(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let (from, to) = if rng.chance(75) { ("f64", "f32") } else { ("f32", "f64") };
    let new = match rng.below(3) {
        0 => {
            let (sig, block) = (&f.sig, &f.block);
            let sig = swap_width(quote!(#sig), from, to);
            let attrs = &f.attrs;
            let vis = &f.vis;
            syn::parse2::<ItemFn>(quote!(#(#attrs)* #vis #sig #block))
        }
        1 => {
            let block = &f.block;
            let block = swap_width(quote!(#block), from, to);
            let (attrs, vis, sig) = (&f.attrs, &f.vis, &f.sig);
            syn::parse2::<ItemFn>(quote!(#(#attrs)* #vis #sig #block))
        }
        _ => syn::parse2::<ItemFn>(swap_width(quote!(#f), from, to)),
    };
    match new {
        Ok(g) if quote!(#g).to_string() != quote!(#f).to_string() => {
            *f = g;
            true
        }
        _ => false,
    }
}

/// `from` renamed `to` in the tokens of `ts`.
fn rename(ts: TokenStream, from: &str, to: &Ident) -> TokenStream {
    ts.into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) if i == from => TokenTree::Ident(to.clone()),
            TokenTree::Group(g) => {
                let mut n = Group::new(g.delimiter(), rename(g.stream(), from, to));
                n.set_span(g.span());
                TokenTree::Group(n)
            }
            t => t,
        })
        .collect()
}

/// A raw identifier (`r#type`, `r#x`): the derivative's name, or the
/// function's, a parameter's or a local's name everywhere in the function.
fn raw_identifier(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let span = proc_macro2::Span::call_site();
    let choice = rng.below(4);
    if choice == 0 {
        let Some((k, mut head, acts)) = autodiff_attr(f, rng) else { return false };
        *head.last_mut().unwrap() = quote!(r#type);
        set_args(f, k, join_commas(&[head, acts].concat()));
        return true;
    }
    let from = match choice {
        1 => ctx.name.to_string(),
        _ if ctx.names.is_empty() => return false,
        _ => rng.pick(&ctx.names).to_string(),
    };
    if ["self", "Self", "super", "crate", "_"].contains(&from.as_str()) || from.starts_with("r#") {
        return false;
    }
    let to = match choice {
        3 => Ident::new_raw("type", span),
        _ => Ident::new_raw(&from, span),
    };
    match syn::parse2::<ItemFn>(rename(quote!(#f), &from, &to)) {
        Ok(g) => {
            *f = g;
            true
        }
        Err(_) => false,
    }
}
