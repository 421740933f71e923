//! Windows for serial loops: a buffer indexed `buf[off + s]` (or `[s]`,
//! `[s + off]`, `[s - off]`) at every iteration of `for s in lo..hi` is
//! sliced once before the loop, `let buf_w = window(&buf[..], off, lo..hi)`,
//! and indexed `buf_w[s - lo]` inside, so that the compiler sees each index
//! below the slice's length and drops the bounds check.
//!
//! A pass over the emitted loop body, which holds the forward's, the
//! adjoint's and the tape's indexing alike. It is conservative: only names
//! the caller vouches for as plain slices, vectors, arrays or tapes (`plain`);
//! only offsets of variables the body does not assign; only accesses that run
//! at every iteration (outside any block and after no `else`, `&&` or `||`),
//! so a window is out of bounds exactly when the loop would index out of
//! bounds; a written buffer only when every mention of it in the body is
//! through the window; no loop with `break`, `continue`, `return`, `?` or a
//! closure.

use crate::names::Names;
use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};
use quote::quote;
use std::collections::HashSet;

/// How an index is placed relative to the loop counter `s`.
#[derive(Clone, PartialEq)]
enum Offset {
    /// `s`, `off + s` or `s + off` (`off` as emitted).
    Plus(String),
    /// `s - off`.
    Minus(String),
}

/// One mention of a candidate buffer in the body.
enum Mention {
    /// `buf[index]`: the index's offset if affine in the counter, whether
    /// it is written (assigned, or borrowed `&mut`), and whether it runs
    /// at every iteration.
    Indexed { offset: Option<(Offset, TokenStream)>, write: bool, every: bool },
    /// Anything else (a method call, a borrow of the whole, a rebinding).
    Other,
}

struct Window {
    /// The buffer's name as first mentioned (with its hygiene).
    buf: Ident,
    offset: Offset,
    off_ts: TokenStream,
    view: Ident,
    write: bool,
}

/// A buffer written at several constant offsets of the counter (`du[s -
/// 1]`, `du[s]`, `du[s + 1]`), every mention of it in the body being one of
/// them: its elements `s + first ..= s + last` live in registers across the
/// iterations (`regs[j]` holds element `s + first + j`), each loaded once,
/// when it enters the span, and stored once, when it leaves. The adjoint of
/// a stencil adds into such a span, and through memory each add would wait
/// for the store of the one before; the order of the additions into each
/// element is unchanged, so the numbers are too.
struct Carried {
    buf: Ident,
    /// The span `window_span_mut(&mut buf[..], first, last, lo..hi)`.
    view: Ident,
    first: i64,
    regs: Vec<Ident>,
}

/// At most this many registers per carried buffer.
const MAX_CARRIED: i64 = 8;

/// A serial loop's bounds as printed, with what the IR tells of them.
pub struct Bounds {
    pub lo: TokenStream,
    pub hi: TokenStream,
    /// `lo` and `hi` where they are integer literals.
    pub lo_lit: Option<u64>,
    pub hi_lit: Option<u64>,
}

impl Bounds {
    fn starts_at_zero(&self) -> bool {
        self.lo_lit == Some(0)
    }

    /// `hi - lo`, the view's length, as a base and a constant to add.
    fn end(&self) -> (TokenStream, i64) {
        let (lo, hi) = (&self.lo, &self.hi);
        match self.lo_lit {
            Some(k) => (quote!(#hi), -(k as i64)),
            None => (quote!(#hi - #lo), 0),
        }
    }
}

/// The loop `for #index in #range { #body }`, `range` being `lo..hi` or,
/// when `rev`, its `.rev()`, with its windows: the views' `let`s, then the
/// loop. `lo` and `hi` bind tighter than `..`; `plain` tells the names of
/// slices, vectors, arrays and tapes.
#[allow(clippy::too_many_arguments)]
pub fn serial_for(
    names: &Names,
    plain: &dyn Fn(&str) -> bool,
    index: &Ident,
    bounds: &Bounds,
    range: TokenStream,
    rev: bool,
    body: TokenStream,
) -> TokenStream {
    let (lo, hi) = (&bounds.lo, &bounds.hi);
    let (windows, carried) = find(names, plain, index, bounds, &body);
    if windows.is_empty() && carried.is_empty() {
        return quote!(for #index in #range { #body });
    }
    let at = if bounds.starts_at_zero() { quote!(#index) } else { quote!(#index - #lo) };
    let body = rewrite(body, &windows, &carried, &index.to_string(), &at);
    let lets = windows.iter().map(|w| {
        let (buf, view, off) = (&w.buf, &w.view, &w.off_ts);
        let f = match (&w.offset, w.write) {
            (Offset::Plus(_), false) => quote!(window),
            (Offset::Plus(_), true) => quote!(window_mut),
            (Offset::Minus(_), false) => quote!(window_below),
            (Offset::Minus(_), true) => quote!(window_below_mut),
        };
        let whole = if w.write { quote!(&mut #buf[..]) } else { quote!(&#buf[..]) };
        quote!(let #view = ::parad::__private::#f(#whole, #off, #lo..#hi);)
    });
    let lets = quote!(#(#lets)*);
    if carried.is_empty() {
        return quote!(#lets for #index in #range { #body });
    }
    let mut run = carry(&carried, rev, &at, bounds, quote!(for #index in #range), body);
    for c in &carried {
        let (buf, view, first) = (&c.buf, &c.view, c.first);
        let last = first + c.regs.len() as i64 - 1;
        let (first, last) = (lit(first), lit(last));
        run = quote! {
            let #view = ::parad::__private::window_span_mut(&mut #buf[..], #first, #last, #lo..#hi);
            if !#view.is_empty() { #run }
        };
    }
    quote!(#lets #run)
}

/// An `isize` literal, negative ones as `-k`.
fn lit(k: i64) -> TokenStream {
    let a = proc_macro2::Literal::i64_unsuffixed(k.abs());
    if k < 0 {
        quote!(-#a)
    } else {
        quote!(#a)
    }
}

/// The loop `head { body }` with the carried buffers' registers: the ones
/// that are already inside the span loaded before it, the entering one
/// loaded at the top of each iteration, the leaving one stored at its end
/// and the rest shifted down (up, backwards); after it, the registers
/// still held stored back.
fn carry(
    carried: &[Carried],
    rev: bool,
    at: &TokenStream,
    bounds: &Bounds,
    head: TokenStream,
    body: TokenStream,
) -> TokenStream {
    let (mut before, mut top, mut bottom, mut after) =
        (TokenStream::new(), TokenStream::new(), TokenStream::new(), TokenStream::new());
    let end = bounds.end();
    let at = (at.clone(), 0);
    for c in carried {
        let (view, regs) = (&c.view, &c.regs);
        let w = regs.len();
        // Position `j` after `base` (`None`: the view's start), a base
        // given with a constant to add.
        let pos = |base: Option<&(TokenStream, i64)>, j: usize| match base {
            None => {
                let j = proc_macro2::Literal::usize_unsuffixed(j);
                quote!(#j)
            }
            Some((base, k)) => match k + j as i64 {
                0 => base.clone(),
                d if d > 0 => {
                    let d = proc_macro2::Literal::i64_unsuffixed(d);
                    quote!(#base + #d)
                }
                d => {
                    let d = proc_macro2::Literal::i64_unsuffixed(-d);
                    quote!(#base - #d)
                }
            },
        };
        // Forwards the registers 0..w-1 are held across iterations (the
        // last enters), backwards 1..w (the first enters).
        let (held, entering, leaving) = if rev { (1..w, 0, w - 1) } else { (0..w - 1, w - 1, 0) };
        let held_regs: Vec<&Ident> = held.map(|j| &regs[j]).collect();
        let first_held = if rev { Some(&end) } else { None };
        let loads: Vec<TokenStream> = (0..w - 1)
            .map(|k| {
                let p = pos(first_held, k);
                quote!(#view[#p])
            })
            .collect();
        before.extend(match (held_regs.as_slice(), loads.as_slice()) {
            ([r], [l]) => quote!(let mut #r = #l;),
            _ => quote!(let (#(mut #held_regs,)*) = (#(#loads,)*);),
        });
        let (r_in, r_out) = (&regs[entering], &regs[leaving]);
        let p_in = pos(Some(&at), entering);
        top.extend(quote!(let mut #r_in = #view[#p_in];));
        let p_out = pos(Some(&at), leaving);
        bottom.extend(quote!(#view[#p_out] = #r_out;));
        // Each held register takes its neighbour's value, the one towards
        // the entering end.
        let from: Vec<&Ident> = if rev { regs[..w - 1].iter().collect() } else { regs[1..].iter().collect() };
        bottom.extend(match (held_regs.as_slice(), from.as_slice()) {
            ([t], [f]) => quote!(#t = #f;),
            (to, _) => quote!((#(#to,)*) = (#(#from,)*);),
        });
        let last_held = if rev { None } else { Some(&end) };
        for (k, r) in held_regs.iter().enumerate() {
            let p = pos(last_held, k);
            after.extend(quote!(#view[#p] = #r;));
        }
    }
    quote!(#before #head { #top #body #bottom } #after)
}

/// Loops with fewer iterations than this, counted in literals, take no
/// windows: a window costs about what three bounds checks do.
const SHORT: u64 = 8;

fn find(
    names: &Names,
    plain: &dyn Fn(&str) -> bool,
    index: &Ident,
    bounds: &Bounds,
    body: &TokenStream,
) -> (Vec<Window>, Vec<Carried>) {
    let (lo, hi) = (&bounds.lo, &bounds.hi);
    let short = matches!((bounds.lo_lit, bounds.hi_lit), (Some(a), Some(b)) if b.saturating_sub(a) < SHORT);
    if short || has_exit(body) {
        return (Vec::new(), Vec::new());
    }
    let mut assigned = HashSet::new();
    collect_assigned(body, &mut assigned);
    let counter = index.to_string();
    let mut mentions: Vec<(Ident, Mention)> = Vec::new();
    collect_mentions(body, true, &Ctx { plain, counter: &counter, assigned: &assigned }, &mut mentions);
    let range_names: HashSet<String> = idents(lo).into_iter().chain(idents(hi)).collect();

    let mut bufs: Vec<&Ident> = Vec::new();
    for (b, _) in &mentions {
        if !bufs.contains(&b) {
            bufs.push(b);
        }
    }
    let mut out = Vec::new();
    let mut carried = Vec::new();
    for ident in bufs {
        let b = ident.to_string();
        let of_b: Vec<&Mention> = mentions.iter().filter(|(n, _)| *n == b).map(|(_, m)| m).collect();
        if of_b.iter().any(|m| matches!(m, Mention::Other)) {
            continue;
        }
        let written = of_b.iter().any(|m| matches!(m, Mention::Indexed { write: true, .. }));
        // Offsets read at every iteration, in order of first mention.
        let mut every: Vec<(Offset, TokenStream)> = Vec::new();
        for m in &of_b {
            if let Mention::Indexed { offset: Some((o, ts)), every: true, .. } = m {
                if !every.iter().any(|(e, _)| e == o) {
                    every.push((o.clone(), ts.clone()));
                }
            }
        }
        if written {
            if range_names.contains(&b) {
                continue;
            }
            // One mutable view, through which every mention goes.
            let all_same = of_b.iter().all(|m| matches!(m, Mention::Indexed { offset: Some((o, _)), .. } if every.first().is_some_and(|(e, _)| e == o)));
            if every.len() != 1 || !all_same {
                if let Some((first, last)) = span(&of_b) {
                    let view = names.fresh(&format!("{b}_w"));
                    let regs = (0..=last - first).map(|j| names.fresh(&format!("{b}_{j}"))).collect();
                    carried.push(Carried { buf: ident.clone(), view, first, regs });
                }
                continue;
            }
        }
        for (offset, off_ts) in every {
            let view = names.fresh(&format!("{b}_w"));
            out.push(Window { buf: ident.clone(), offset, off_ts, view, write: written });
        }
    }
    (out, carried)
}

/// A constant offset: `s` is 0, `s + 1` is 1, `s - 1` is -1.
fn constant(o: &Offset) -> Option<i64> {
    let parse = |t: &str| t.trim_end_matches("usize").trim().parse::<i64>().ok();
    match o {
        Offset::Plus(t) => parse(t),
        Offset::Minus(t) => parse(t).map(|k| -k),
    }
}

/// The offsets `first ..= last` of a buffer to carry: every mention at a
/// constant offset, the lowest and the highest reached in every iteration
/// (so that the span is out of bounds exactly when the loop would be), and
/// at most `MAX_CARRIED` registers.
fn span(mentions: &[&Mention]) -> Option<(i64, i64)> {
    let mut all = Vec::new();
    let mut every = Vec::new();
    for m in mentions {
        let Mention::Indexed { offset: Some((o, _)), every: e, .. } = m else { return None };
        let c = constant(o)?;
        all.push(c);
        if *e {
            every.push(c);
        }
    }
    let (first, last) = (*all.iter().min()?, *all.iter().max()?);
    (first < last && last - first < MAX_CARRIED && every.contains(&first) && every.contains(&last))
        .then_some((first, last))
}

struct Ctx<'a> {
    plain: &'a dyn Fn(&str) -> bool,
    counter: &'a str,
    assigned: &'a HashSet<String>,
}

/// Whether the body may leave an iteration early, or holds a closure (whose
/// body runs at another time, or in another thread).
fn has_exit(ts: &TokenStream) -> bool {
    ts.clone().into_iter().any(|t| match t {
        TokenTree::Ident(i) => matches!(i.to_string().as_str(), "break" | "continue" | "return" | "loop"),
        TokenTree::Punct(p) => matches!(p.as_char(), '?' | '|'),
        TokenTree::Group(g) => has_exit(&g.stream()),
        TokenTree::Literal(_) => false,
    })
}

/// The length of the assignment operator starting at `k` (`=`, `+=`, `<<=`,
/// ...), or 0; `==`, `!=`, `<=`, `>=` and `=>` are not.
fn assign_op(toks: &[TokenTree], k: usize) -> usize {
    let mut j = k;
    let mut ops = String::new();
    while let Some(TokenTree::Punct(p)) = toks.get(j) {
        ops.push(p.as_char());
        if p.spacing() == Spacing::Alone {
            break;
        }
        j += 1;
    }
    let comparison = matches!(ops.as_str(), "==" | "!=" | "<=" | ">=");
    if ops.ends_with('=') && !comparison && !ops.contains('.') && !ops.ends_with("==") {
        ops.len()
    } else {
        0
    }
}

fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_ident(t: Option<&TokenTree>, s: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i == s)
}

/// The names the body may change: assigned, bound by `let`, borrowed
/// `&mut` or receiving a method call.
fn collect_assigned(ts: &TokenStream, out: &mut HashSet<String>) {
    let toks: Vec<TokenTree> = ts.clone().into_iter().collect();
    for (k, t) in toks.iter().enumerate() {
        let prev = k.checked_sub(1).and_then(|j| toks.get(j));
        let bound = is_ident(prev, "let") || is_ident(prev, "mut");
        match t {
            TokenTree::Group(g) => {
                if bound {
                    out.extend(idents(&g.stream()));
                }
                collect_assigned(&g.stream(), out);
            }
            TokenTree::Ident(i) => {
                if bound || assign_op(&toks, k + 1) > 0 || is_punct(toks.get(k + 1), '.') {
                    out.insert(i.to_string());
                }
            }
            _ => {}
        }
    }
}

fn idents(ts: &TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    for t in ts.clone() {
        match t {
            TokenTree::Ident(i) => out.push(i.to_string()),
            TokenTree::Group(g) => out.extend(idents(&g.stream())),
            _ => {}
        }
    }
    out
}

/// The mentions of candidate buffers in `ts`; `top` when `ts` runs once per
/// iteration (the body itself, or a parenthesised or bracketed part of it).
fn collect_mentions(ts: &TokenStream, top: bool, cx: &Ctx, out: &mut Vec<(Ident, Mention)>) {
    let toks: Vec<TokenTree> = ts.clone().into_iter().collect();
    // Whether what follows in the statement may not run.
    let mut guarded = false;
    let mut owned = None;
    for (k, t) in toks.iter().enumerate() {
        let prev = k.checked_sub(1).and_then(|j| toks.get(j));
        match t {
            TokenTree::Punct(p) if p.as_char() == ';' => guarded = false,
            TokenTree::Punct(p)
                if matches!(p.as_char(), '&' | '|')
                    && p.spacing() == Spacing::Joint
                    && is_punct(toks.get(k + 1), p.as_char()) =>
            {
                guarded = true
            }
            TokenTree::Ident(i) if i == "else" || i == "match" || i == "while" || i == "for" => guarded = true,
            TokenTree::Group(g) => {
                let inner_top = top && !guarded && g.delimiter() != Delimiter::Brace;
                // The index of an indexed mention was walked with it.
                if owned != Some(k) {
                    collect_mentions(&g.stream(), inner_top, cx, out);
                }
                // A block ends its statement unless `else` follows.
                if g.delimiter() == Delimiter::Brace && !is_ident(toks.get(k + 1), "else") {
                    guarded = false;
                }
            }
            TokenTree::Ident(i) => {
                let name = i.to_string();
                if !(cx.plain)(&name) || after_path(&toks, k) {
                    continue;
                }
                let m = match toks.get(k + 1) {
                    Some(TokenTree::Group(g))
                        if g.delimiter() == Delimiter::Bracket
                            && !matches!(toks.get(k + 2), Some(TokenTree::Group(h)) if h.delimiter() == Delimiter::Bracket) =>
                    {
                        // The index itself may mention buffers (`a[b[s]]`).
                        collect_mentions(&g.stream(), top && !guarded, cx, out);
                        owned = Some(k + 1);
                        let borrowed =
                            is_ident(prev, "mut") && is_punct(k.checked_sub(2).and_then(|j| toks.get(j)), '&');
                        // A field of the element (`a[s].x = ..`, a buffer of
                        // values) is written as the element is.
                        let mut j = k + 2;
                        while is_punct(toks.get(j), '.')
                            && matches!(toks.get(j + 1), Some(TokenTree::Ident(_) | TokenTree::Literal(_)))
                        {
                            j += 2;
                        }
                        Mention::Indexed {
                            offset: offset(&g.stream(), cx),
                            write: borrowed || assign_op(&toks, j) > 0,
                            every: top && !guarded,
                        }
                    }
                    _ => Mention::Other,
                };
                out.push((i.clone(), m));
            }
            _ => {}
        }
    }
}

/// Whether the identifier at `k` is a field, method or path segment.
/// (A single `:` is a struct literal's field: `V3 { y: a[s].y, .. }`.)
fn after_path(toks: &[TokenTree], k: usize) -> bool {
    let path = k > 1 && is_punct(toks.get(k - 1), ':') && is_punct(toks.get(k - 2), ':');
    k > 0 && (is_punct(toks.get(k - 1), '.') || path)
}

/// An index affine in the counter with slope one, split into the offset
/// (as an [`Offset`] and as tokens) and whether the offset may be a sum
/// (`off + s`; not `s + off` or `s - off`, which would regroup it).
fn split(index: &TokenStream, counter: &str) -> Option<(Offset, TokenStream, bool)> {
    let toks: Vec<TokenTree> = index.clone().into_iter().collect();
    let is_counter = |t: Option<&TokenTree>| is_ident(t, counter);
    let n = toks.len();
    if n == 1 && is_counter(toks.first()) {
        return Some((Offset::Plus("0".into()), quote!(0), false));
    }
    if n >= 3 && is_counter(toks.last()) && is_punct(toks.get(n - 2), '+') {
        let off: TokenStream = toks[..n - 2].iter().cloned().collect();
        return Some((Offset::Plus(off.to_string()), off, true));
    }
    if n >= 3 && is_counter(toks.first()) && (is_punct(toks.get(1), '+') || is_punct(toks.get(1), '-')) {
        let off: TokenStream = toks[2..].iter().cloned().collect();
        let o = if is_punct(toks.get(1), '+') { Offset::Plus(off.to_string()) } else { Offset::Minus(off.to_string()) };
        return Some((o, off, false));
    }
    None
}

/// The offset of an index affine in the counter, if it is invariant.
fn offset(index: &TokenStream, cx: &Ctx) -> Option<(Offset, TokenStream)> {
    let (o, off, sums) = split(index, cx.counter)?;
    invariant(&off, cx, sums).then_some((o, off))
}

/// Whether `ts` is integer arithmetic (`+ - * / %`, parentheses, `as`) of
/// literals and names the body does not change, without the counter; with
/// no top-level `+` or `-` unless `sums`.
fn invariant(ts: &TokenStream, cx: &Ctx, sums: bool) -> bool {
    let toks: Vec<TokenTree> = ts.clone().into_iter().collect();
    !toks.is_empty()
        && toks.iter().all(|t| match t {
            TokenTree::Ident(i) => {
                let s = i.to_string();
                s != cx.counter && !cx.assigned.contains(&s) && !(cx.plain)(&s)
            }
            TokenTree::Literal(_) => true,
            TokenTree::Punct(p) => matches!(p.as_char(), '*' | '/' | '%') || (sums && matches!(p.as_char(), '+' | '-')),
            TokenTree::Group(g) => g.delimiter() == Delimiter::Parenthesis && invariant(&g.stream(), cx, true),
        })
}

/// The body with each windowed mention indexing its view at `at`, and each
/// mention of a carried buffer its register.
fn rewrite(ts: TokenStream, windows: &[Window], carried: &[Carried], counter: &str, at: &TokenStream) -> TokenStream {
    let toks: Vec<TokenTree> = ts.into_iter().collect();
    let mut out = Vec::with_capacity(toks.len());
    let mut k = 0;
    while k < toks.len() {
        if let (TokenTree::Ident(i), Some(TokenTree::Group(g))) = (&toks[k], toks.get(k + 1)) {
            if g.delimiter() == Delimiter::Bracket && !after_path(&toks, k) {
                let key = split(&g.stream(), counter).map(|(o, _, _)| o);
                if let Some(c) = carried.iter().find(|c| c.buf == *i) {
                    let j =
                        key.as_ref().and_then(constant).expect("a carried buffer is only indexed at constant offsets")
                            - c.first;
                    out.push(TokenTree::Ident(c.regs[j as usize].clone()));
                    k += 2;
                    continue;
                }
                if let Some(w) = windows.iter().find(|w| w.buf == *i && Some(&w.offset) == key.as_ref()) {
                    out.push(TokenTree::Ident(w.view.clone()));
                    let mut idx = Group::new(Delimiter::Bracket, at.clone());
                    idx.set_span(g.span());
                    out.push(TokenTree::Group(idx));
                    k += 2;
                    continue;
                }
            }
        }
        match &toks[k] {
            TokenTree::Group(g) => {
                let mut ng = Group::new(g.delimiter(), rewrite(g.stream(), windows, carried, counter, at));
                ng.set_span(g.span());
                out.push(TokenTree::Group(ng));
            }
            t => out.push(t.clone()),
        }
        k += 1;
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;

    /// Buffers `a`, `b` and `c`, counter `i`.
    fn plain(n: &str) -> bool {
        matches!(n, "a" | "b" | "c")
    }

    fn counter() -> Ident {
        Ident::new("i", Span::call_site())
    }

    /// The bounds `lo..hi`, literals read as the IR would tell them.
    fn bounds(lo: TokenStream, hi: TokenStream) -> Bounds {
        let lit = |ts: &TokenStream| ts.to_string().parse::<u64>().ok();
        Bounds { lo_lit: lit(&lo), hi_lit: lit(&hi), lo, hi }
    }

    /// The windows of `for i in lo..hi { body }`: `(buffer, offset, writable)`.
    fn windows_over(lo: TokenStream, hi: TokenStream, body: TokenStream) -> Vec<(String, String, bool)> {
        find(&Names::new([]), &plain, &counter(), &bounds(lo, hi), &body)
            .0
            .into_iter()
            .map(|w| {
                let off = match w.offset {
                    Offset::Plus(o) => o,
                    Offset::Minus(o) => format!("-{o}"),
                };
                (w.buf.to_string(), off, w.write)
            })
            .collect()
    }

    /// The windows of `for i in 0..n { body }`.
    fn windows(body: TokenStream) -> Vec<(String, String, bool)> {
        windows_over(quote!(0), quote!(n), body)
    }

    fn w(buf: &str, off: &str, write: bool) -> (String, String, bool) {
        (buf.into(), off.into(), write)
    }

    #[test]
    fn offsets_before_after_and_below_the_counter() {
        let got = windows(quote!(c[k * d + i] = a[i] + a[i + 1] - a[i - 1] * b[r];));
        assert_eq!(got, vec![w("c", "k * d", true), w("a", "0", false), w("a", "1", false), w("a", "-1", false)]);
    }

    #[test]
    fn a_buffer_written_at_two_offsets_or_read_elsewhere_has_none() {
        assert_eq!(windows(quote!(a[i] = 1.0; a[i + 1] = 2.0;)), vec![]);
        assert_eq!(windows(quote!(a[i] += 1.0; s += a[j];)), vec![]);
        assert_eq!(windows(quote!(a[i] = b[i]; f(&mut a[..]);)), vec![w("b", "0", false)]);
        assert_eq!(windows(quote!(s += b[i] * b.len() as f64;)), vec![]);
    }

    #[test]
    fn reads_under_a_condition_are_not_enough() {
        assert_eq!(
            windows(quote!(if i < m {
                s += a[i];
            })),
            vec![]
        );
        assert_eq!(
            windows(quote!(if i < m && a[i] > 0.0 {
                s += 1.0;
            })),
            vec![]
        );
        assert_eq!(
            windows(quote!(if a[i] > 0.0 {
                s += 1.0;
            } else if b[i] > 0.0 {
                s += 2.0;
            })),
            vec![w("a", "0", false)]
        );
        // A read in every iteration carries the reads under conditions.
        assert_eq!(windows(quote!(s += a[i]; if s > 0.0 { s += a[i]; })), vec![w("a", "0", false)]);
        // After a block, the next statement runs again.
        assert_eq!(windows(quote!(if c0 { s += 1.0; } s += a[i];)), vec![w("a", "0", false)]);
    }

    #[test]
    fn offsets_the_body_changes_are_not_invariant() {
        assert_eq!(windows(quote!(let row = i * i; s += a[row + i];)), vec![]);
        assert_eq!(windows(quote!(s += a[k + i]; k += 2;)), vec![]);
        assert_eq!(windows(quote!(s += a[b[i] + i];)), vec![w("b", "0", false)]);
        assert_eq!(windows(quote!(s += a[i + k + 1];)), vec![]);
        assert_eq!(windows(quote!(s += a[(k + 1) * d + i];)), vec![w("a", "(k + 1) * d", false)]);
    }

    #[test]
    fn loops_that_may_leave_early_or_hold_closures_have_none() {
        assert_eq!(windows(quote!(s += a[i]; if s > 1.0 { break; })), vec![]);
        assert_eq!(windows(quote!(s += a[i]; g(|x| x + 1.0);)), vec![]);
        assert_eq!(windows(quote!(s += f(a[i])?;)), vec![]);
    }

    #[test]
    fn short_literal_loops_have_none() {
        let body = quote!(s += a[k + i];);
        assert_eq!(windows_over(quote!(0), quote!(2), body.clone()), vec![]);
        assert_eq!(windows_over(quote!(1), quote!(8), body.clone()), vec![]);
        assert_eq!(windows_over(quote!(0), quote!(8), body), vec![w("a", "k", false)]);
    }

    /// The carried buffers of `for i in 0..n { body }`: `(buffer, first offset, registers)`.
    fn carried(body: TokenStream) -> Vec<(String, i64, usize)> {
        find(&Names::new([]), &plain, &counter(), &bounds(quote!(0), quote!(n)), &body)
            .1
            .into_iter()
            .map(|c| (c.buf.to_string(), c.first, c.regs.len()))
            .collect()
    }

    #[test]
    fn a_buffer_added_into_at_constant_offsets_is_carried() {
        assert_eq!(carried(quote!(a[i] += g; a[i - 1] += h; a[i + 1] += h;)), vec![("a".into(), -1, 3)]);
        // Reads and writes alike, offsets in between under a condition.
        assert_eq!(carried(quote!(a[i + 2] = a[i] * 0.5; if g > 0.0 { a[i + 1] += g; })), vec![("a".into(), 0, 3)]);
        // One offset is a window, not a span.
        assert_eq!(carried(quote!(a[i] += g;)), vec![]);
    }

    #[test]
    fn spans_need_constant_offsets_and_their_ends_in_every_iteration() {
        assert_eq!(carried(quote!(a[i] += g; a[i + k] += h;)), vec![]);
        assert_eq!(carried(quote!(a[i] += g; if g > 0.0 { a[i + 1] += h; })), vec![]);
        assert_eq!(carried(quote!(a[i] += g; a[i + 1] += h; s += a[j];)), vec![]);
        assert_eq!(carried(quote!(a[i] += g; a[i + 9] += h;)), vec![]);
        assert_eq!(carried(quote!(a[i] += g; a[i + 1] += h; if g > 0.0 { break; })), vec![]);
    }

    #[test]
    fn carried_registers_load_once_and_store_once() {
        let i = counter();
        let out = serial_for(
            &Names::new([]),
            &plain,
            &i,
            &bounds(quote!(1), quote!(n)),
            quote!(1..n),
            false,
            quote!(a[i - 1] += g; a[i] += h;),
        );
        let want = quote! {
            let a_w = ::parad::__private::window_span_mut(&mut a[..], -1, 0, 1..n);
            if !a_w.is_empty() {
                let mut a_0 = a_w[0];
                for i in 1..n {
                    let mut a_1 = a_w[i - 1 + 1];
                    a_0 += g;
                    a_1 += h;
                    a_w[i - 1] = a_0;
                    a_0 = a_1;
                }
                a_w[n - 1] = a_0;
            }
        };
        assert_eq!(out.to_string(), want.to_string());
    }

    #[test]
    fn the_rewrite_indexes_the_views() {
        let i = counter();
        let range = quote!((1..n).rev());
        let out = serial_for(
            &Names::new([]),
            &plain,
            &i,
            &bounds(quote!(1), quote!(n)),
            range,
            true,
            quote!(a[k + i] += a[k + i] * 2.0;),
        );
        let want = quote! {
            let a_w = ::parad::__private::window_mut(&mut a[..], k, 1..n);
            for i in (1..n).rev() { a_w[i - 1] += a_w[i - 1] * 2.0; }
        };
        assert_eq!(out.to_string(), want.to_string());
    }
}
