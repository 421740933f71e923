//! `#[checkpoint(...)]` on a loop: its scheme, count and storage, checked.

use crate::diag::Diag;
use proc_macro2::Span;
use syn::parse::ParseStream;
use syn::{Ident, Token};

const CHECKPOINT_SCHEMES: &str = "`binomial(snapshots = S)`, `periodic(every = K)` or `online(snapshots = S)`";

/// A valid `#[checkpoint(...)]`, as written.
pub struct CheckpointAttr {
    pub scheme: crate::ir::Scheme,
    pub scheme_span: Span,
    pub count: syn::Expr,
    /// The directory: a string literal, or a macro that gives one
    /// (`concat!(env!("CARGO_TARGET_TMPDIR"), "/run")`).
    pub disk: Option<syn::Expr>,
}

/// Checks a `#[checkpoint(...)]` attribute of a loop: a scheme,
/// `binomial(snapshots = S)`, `periodic(every = K)` or `online(snapshots = S)`,
/// then optionally `storage = memory` or `storage = disk("dir")`. The count
/// is a positive integer literal or an expression of the function. Returns
/// the attribute when it is valid.
pub fn check_checkpoint(attr: &syn::Attribute, diag: &Diag) -> Option<CheckpointAttr> {
    let list = match &attr.meta {
        syn::Meta::List(l) => l,
        _ => {
            diag.error_spanned(attr, format!("`#[checkpoint]` needs a scheme: {CHECKPOINT_SCHEMES}"));
            return None;
        }
    };
    let local = Diag::default();
    let diag_outer = diag;
    let diag = &local;
    let mut found: Option<CheckpointAttr> = None;
    let mut parser = |input: ParseStream| -> syn::Result<()> {
        if input.is_empty() {
            diag.error_spanned(attr, format!("`#[checkpoint]` needs a scheme: {CHECKPOINT_SCHEMES}"));
            return Ok(());
        }
        found = checkpoint_scheme(input, diag)?;
        if input.is_empty() {
            return Ok(());
        }
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            return Ok(());
        }
        checkpoint_storage(input, found.as_mut(), diag)
    };
    if let Err(e) = syn::parse::Parser::parse2(&mut parser, list.tokens.clone()) {
        diag.push(e);
    }
    let valid = !local.has_errors();
    diag_outer.absorb(local);
    found.filter(|_| valid)
}

/// The first argument of `#[checkpoint(...)]`: the scheme and its count,
/// `binomial(snapshots = S)` and the like. `None` when the count is
/// missing or after an error that skips the rest of `input`.
fn checkpoint_scheme(input: ParseStream, diag: &Diag) -> syn::Result<Option<CheckpointAttr>> {
    let scheme: Ident = input.parse()?;
    let kind = match scheme.to_string().as_str() {
        "binomial" => crate::ir::Scheme::Binomial,
        "online" => crate::ir::Scheme::Online,
        _ => crate::ir::Scheme::Periodic,
    };
    let key = match scheme.to_string().as_str() {
        "binomial" | "online" => "snapshots",
        "periodic" => "every",
        _ => {
            diag.error(
                scheme.span(),
                format!("unknown checkpointing scheme `{scheme}`: expected {CHECKPOINT_SCHEMES}"),
            );
            skip_rest(input)?;
            return Ok(None);
        }
    };
    let example = format!("`#[checkpoint({scheme}({key} = {}))]`", if key == "every" { 10 } else { 16 });
    let what = if key == "every" { "the period" } else { "the number of snapshots" };
    if !input.peek(syn::token::Paren) {
        diag.error(scheme.span(), format!("`{scheme}` needs {what}, as in {example}"));
        return Ok(None);
    }
    let content;
    syn::parenthesized!(content in input);
    if content.is_empty() {
        diag.error(scheme.span(), format!("`{scheme}` needs {what}, as in {example}"));
        return Ok(None);
    }
    let option: Ident = content.parse()?;
    if option != key {
        diag.error(
            option.span(),
            format!("unknown option `{option}` of `{scheme}`: it takes `{key} = N`, as in {example}"),
        );
        skip_rest(&content)?;
        skip_rest(input)?;
        return Ok(None);
    }
    let eq: Token![=] = content.parse()?;
    if content.is_empty() {
        diag.error_range(option.span(), eq.span, format!("missing `{key}`, as in {example}"));
        skip_rest(input)?;
        return Ok(None);
    }
    let count: syn::Expr = content.parse()?;
    check_count(&count, key, &example, diag);
    if !content.is_empty() {
        let rest: proc_macro2::TokenStream = content.parse()?;
        diag.error_spanned(rest, format!("`{scheme}` takes one option, `{key} = N`"));
    }
    Ok(Some(CheckpointAttr { scheme: kind, scheme_span: scheme.span(), count, disk: None }))
}

/// Reports a literal checkpoint count (`key`) that is not a positive
/// integer; an expression is checked at run time.
fn check_count(count: &syn::Expr, key: &str, example: &str, diag: &Diag) {
    match count {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(n), .. }) => {
            if n.base10_parse::<u64>().map_or(true, |n| n == 0) {
                diag.error(n.span(), format!("`{key}` must be a positive integer, as in {example}"));
            }
        }
        syn::Expr::Lit(l) => diag.error_spanned(l, format!("`{key}` must be a positive integer, as in {example}")),
        _ => {}
    }
}

/// The second argument of `#[checkpoint(...)]`, `storage = memory` or
/// `storage = disk("dir")`, with nothing after it but a comma; the
/// directory goes to `found`.
fn checkpoint_storage(input: ParseStream, found: Option<&mut CheckpointAttr>, diag: &Diag) -> syn::Result<()> {
    let storage_help = "the second argument is `storage = memory` (the default) or `storage = disk(\"dir\")`, the \
                        directory a string literal or a macro giving one (`concat!`, `env!`)";
    let option: Ident = input.parse()?;
    if option != "storage" || !input.peek(Token![=]) {
        diag.error(option.span(), format!("unknown checkpoint option `{option}`: {storage_help}"));
        return skip_rest(input);
    }
    let eq: Token![=] = input.parse()?;
    if input.is_empty() || input.peek(Token![,]) {
        diag.error_range(option.span(), eq.span, format!("missing storage: {storage_help}"));
        return skip_rest(input);
    }
    let value: syn::Expr = input.parse()?;
    let valid = match &value {
        syn::Expr::Path(p) => p.path.is_ident("memory"),
        syn::Expr::Call(c) => {
            matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident("disk"))
                && c.args.len() == 1
                && matches!(
                    &c.args[0],
                    syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(_), .. }) | syn::Expr::Macro(_)
                )
        }
        _ => false,
    };
    if !valid {
        diag.error_spanned(&value, format!("unknown storage: {storage_help}"));
    }
    if let (Some(f), syn::Expr::Call(c)) = (found, &value) {
        f.disk = c.args.first().cloned();
    }
    input.parse::<Option<Token![,]>>()?;
    if !input.is_empty() {
        let rest: proc_macro2::TokenStream = input.parse()?;
        diag.error_spanned(rest, format!("`#[checkpoint]` takes a scheme and a storage: {storage_help}"));
    }
    Ok(())
}

/// Consumes what is left of `input` after an error has been reported about
/// it, so that the parser adds no "unexpected token" of its own.
fn skip_rest(input: ParseStream) -> syn::Result<()> {
    input.parse::<proc_macro2::TokenStream>().map(drop)
}
