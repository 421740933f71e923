//! Names in the generated code. The locals of a kernel keep the user's
//! names where they can; a second binding of a name (shadowing) and a name
//! that the CUDA source cannot use (a C++ keyword, a CUDA built-in, a math
//! function the source calls) get a suffix. Names the macro adds start with
//! `parad_`, which user names are kept clear of.

use proc_macro2::Span;
use syn::Ident;

/// Identifiers the CUDA source reserves, besides C++ keywords.
const RESERVED: &[&str] = &[
    "alignas",
    "alignof",
    "asm",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "constexpr",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "nullptr",
    "operator",
    "private",
    "protected",
    "public",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "template",
    "this",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "while",
    "size_t",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "gridDim",
    "warpSize",
    "atomicAdd",
    "min",
    "max",
    "abs",
    "sqrt",
    "exp",
    "log",
    "sin",
    "cos",
    "tan",
    "pow",
    "fabs",
    "fmin",
    "fmax",
    "floor",
    "ceil",
    "round",
    "trunc",
    "tanh",
    "sinh",
    "cosh",
    "asin",
    "acos",
    "atan",
    "atan2",
    "exp2",
    "expm1",
    "log1p",
    "log2",
    "log10",
    "cbrt",
    "hypot",
    "fma",
    "powi",
    "signbit",
    "copysign",
    "main",
];

/// `want` if free, else `want_1`, `want_2`, ...; never a reserved name nor
/// one starting with `parad_` unless the macro asks for it (`internal`).
pub fn unique(want: &str, span: Span, taken: &[String]) -> Ident {
    let internal = want.starts_with("parad_");
    // Rust's keywords too: the CPU path prints the same names as Rust.
    let clash = |n: &str| taken.iter().any(|t| t == n) || RESERVED.contains(&n) || crate::names::is_keyword(n);
    // A user's `parad_x` becomes `uparad_x`, clear of the macro's names.
    let want = crate::names::bare(&want);
    let want = want.as_str();
    let want = if internal {
        want.to_string()
    } else if want.starts_with("parad_") {
        format!("u{want}")
    } else {
        want.to_string()
    };
    let want = want.as_str();
    let mut name = want.to_string();
    let mut k = 1;
    while clash(&name) {
        name = format!("{want}_{k}");
        k += 1;
    }
    Ident::new(&name, span)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_usable_in_cuda() {
        let taken = vec!["x".to_string(), "x_1".to_string()];
        assert_eq!(unique("x", Span::call_site(), &taken), "x_2");
        assert_eq!(unique("y", Span::call_site(), &taken), "y");
        assert_eq!(unique("max", Span::call_site(), &taken), "max_1");
        assert_eq!(unique("parad_t", Span::call_site(), &taken), "parad_t");
        assert_eq!(unique("parad_t", Span::call_site(), &["parad_t".to_string()]), "parad_t_1");
    }
}
