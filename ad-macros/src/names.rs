//! Fresh, readable names for generated variables, never clashing with the
//! function's own.

use proc_macro2::Span;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use syn::Ident;

pub struct Names {
    used: RefCell<HashSet<String>>,
    /// The names handed out by `temp`, by base and occurrence.
    temps: RefCell<HashMap<(String, usize), Ident>>,
}

impl Names {
    pub fn new(taken: impl IntoIterator<Item = String>) -> Names {
        Names { used: RefCell::new(taken.into_iter().collect()), temps: RefCell::default() }
    }

    /// A name for a temporary read only by the statement right after its
    /// `let`, so that every such temporary may share it (each `let`
    /// shadowing the last): `fresh(base)` the first time, the same name
    /// after. `nth` tells apart temporaries needed at the same time.
    pub fn temp(&self, base: &str, nth: usize) -> Ident {
        let key = (base.to_string(), nth);
        if let Some(n) = self.temps.borrow().get(&key) {
            return n.clone();
        }
        let n = self.fresh(base);
        self.temps.borrow_mut().insert(key, n.clone());
        n
    }

    /// `base`, or `base_2`, `base_3`, ... whichever is free first.
    pub fn fresh(&self, base: &str) -> Ident {
        let name = free_name(base, &mut self.used.borrow_mut());
        // Mixed-site hygiene: a generated local never captures or shadows
        // a variable of the user's, even when the two are spelt alike.
        ident(&name, Span::mixed_site())
    }
}

/// `base`, or `base_2`, `base_3`, ... whichever is not in `taken` first,
/// which then takes it.
pub fn free_name(base: &str, taken: &mut HashSet<String>) -> String {
    let mut name = base.to_string();
    let mut k = 2;
    while taken.contains(&name) {
        name = format!("{base}_{k}");
        k += 1;
    }
    taken.insert(name.clone());
    name
}

/// Rust's keywords, strict and reserved: no generated name may be one.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate", "do", "dyn", "else",
    "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod",
    "move", "mut", "override", "priv", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait",
    "true", "try", "type", "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Whether `text` is a keyword of Rust, strict or reserved.
pub fn is_keyword(text: &str) -> bool {
    KEYWORDS.contains(&text)
}

/// An identifier from its text: the user's raw `r#in`, or a keyword, is
/// made raw; any other name is plain (`r#x` and `x` are one name). A name
/// built from a raw one (`inv_r#type`) drops the `r#`.
pub fn ident(text: &str, span: Span) -> Ident {
    let text = bare(&text);
    if is_keyword(&text) && !["self", "Self", "super", "crate"].contains(&text.as_str()) {
        Ident::new_raw(&text, span)
    } else {
        Ident::new(&text, span)
    }
}

/// The text of a name without its `r#`, to build other names from.
pub fn bare(name: &impl std::fmt::Display) -> String {
    name.to_string().replace("r#", "")
}

/// The name of a shadow (`d`) or tangent (`t`) of `name`: `dx`, `tx`; with
/// an underscore where the plain form is a keyword (`o` gives `d_o`, not `do`).
pub fn derived(prefix: &str, name: &impl std::fmt::Display) -> String {
    let name = bare(name);
    let plain = format!("{prefix}{name}");
    if KEYWORDS.contains(&plain.as_str()) {
        format!("{prefix}_{name}")
    } else {
        plain
    }
}

/// [`derived`] as a hygienic identifier.
pub fn derived_ident(prefix: &str, name: &impl std::fmt::Display) -> Ident {
    hygienic(&derived(prefix, name))
}

/// A fixed name of the generated code (`seed`, `reverse`), hygienic.
pub fn hygienic(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// The marker `scalars` puts around a number lent by reference as a slice
/// of one (`__parad_one(&mut s)`): the lowerer reads it as the buffer
/// argument inside, flagged `one`; it never reaches generated code.
pub const ONE_LENT: &str = "__parad_one";

/// The twin of a helper returning an array (see `arrays`).
pub fn array_twin(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_array_{}", bare(name)), name.span())
}

/// The twin of a function growing a `&mut Vec` parameter (see `grows`).
pub fn grow_twin(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_grow_{}", bare(name)), name.span())
}

/// The twin of a helper returning `Option` (see `options`).
pub fn option_twin(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_some_{}", bare(name)), name.span())
}

/// Whether a generated function is one users do not call (a companion, a
/// joint function).
pub fn is_hidden(name: &Ident) -> bool {
    name.to_string().starts_with("__parad_")
}

pub fn companion_fwd(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_fwd_{}", bare(name)), name.span())
}

pub fn companion_tan(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_tan_{}", bare(name)), name.span())
}

/// The lane companion, which batched derivatives call (see `docs/batched.md`).
pub fn companion_tanl(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_tanl_{}", bare(name)), name.span())
}

/// The width parameter of a lane companion (`const __PARAD_N: usize`): a
/// name no user constant has, which the body could otherwise mean.
pub fn lanes_width() -> Ident {
    Ident::new("__PARAD_N", Span::call_site())
}

/// The companions that take values (see `docs/values.md`).
pub fn companion_fwdv(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_fwdv_{}", bare(name)), name.span())
}

pub fn companion_tanv(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_tanv_{}", bare(name)), name.span())
}

/// The companion of a called path: `a::b::f` -> `a::b::__parad_fwd_f`
/// (`__parad_fwdv_f` for a call passing values).
pub fn companion_path(path: &syn::Path, tangent: bool, values: bool) -> syn::Path {
    let mut p = path.clone();
    if let Some(last) = p.segments.last_mut() {
        last.ident = match (tangent, values) {
            (false, false) => companion_fwd(&last.ident),
            (true, false) => companion_tan(&last.ident),
            (false, true) => companion_fwdv(&last.ident),
            (true, true) => companion_tanv(&last.ident),
        };
    }
    p
}

/// The lane companion of a called path, at `width`: `a::f` ->
/// `a::__parad_tanl_f::<4>`.
pub fn lanes_companion_path(path: &syn::Path, width: &proc_macro2::TokenStream) -> syn::Path {
    let mut p = path.clone();
    if let Some(last) = p.segments.last_mut() {
        last.ident = companion_tanl(&last.ident);
        last.arguments = syn::PathArguments::AngleBracketed(syn::parse_quote!(::<#width>));
    }
    p
}
