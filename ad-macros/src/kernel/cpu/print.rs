//! Kernel IR printed as the Rust of the CPU path: statements of one
//! thread inside a segment's thread loop, and expressions either there or
//! at the block level (the condition of a loop that holds a barrier, read
//! with thread 0's values).

use super::super::ir::*;
use super::names::Names;
use crate::codegen::emit::{binary, method, neg, CAST, E, UNARY};
use crate::ir::UnOp;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};

pub struct Printer<'a> {
    pub k: &'a Kernel,
    pub names: &'a Names,
    pub per_thread: &'a IdVec<VarId, bool>,
    /// Buffers whose additions go to the block's log.
    pub logged: &'a [Buf],
}

impl Printer<'_> {
    pub fn var(&self, v: VarId, block_level: bool) -> TokenStream {
        let name = &self.k.locals[v].name;
        if self.per_thread[v] {
            let pt = Names::per_thread(name);
            let t = if block_level { quote!(0) } else { self.names.t.to_token_stream() };
            quote!(#pt[#t])
        } else {
            quote!(#name)
        }
    }

    fn is_racy(&self, b: Buf) -> bool {
        matches!(b, Buf::Param(p) if matches!(self.k.params[p].kind, ParamKind::Slice { mutable: true, .. }))
    }

    pub fn expr(&self, e: &Expr, block_level: bool) -> E {
        let k = self.k;
        let span = e.span;
        let x = |e: &Expr| self.expr(e, block_level);
        match &e.kind {
            ExprKind::Float(d) => {
                let d = if d.contains(['.', 'e', 'E']) { d.clone() } else { format!("{d}.0") };
                let l = syn::LitFloat::new(&format!("{d}_{}", e.ty.rust_name()), span);
                E::atom(quote!(#l))
            }
            ExprKind::Int(d) => {
                let l = syn::LitInt::new(&format!("{d}_{}", e.ty.rust_name()), span);
                E::atom(quote!(#l))
            }
            ExprKind::Bool(b) => E::atom(quote_spanned!(span=> #b)),
            ExprKind::Var(v) => E::atom(self.var(*v, block_level)),
            ExprKind::Param(p) => {
                let n = &k.params[*p].name;
                E::atom(quote!(#n))
            }
            ExprKind::Load(b, i) => {
                let n = k.buf_name(*b);
                let i = x(i).ts;
                if self.is_racy(*b) {
                    E::atom(quote!(#n.get(#i)))
                } else {
                    E::atom(quote!(#n[#i]))
                }
            }
            ExprKind::Len(b) => {
                let n = k.buf_name(*b);
                E::atom(quote!(#n.len()))
            }
            ExprKind::Intrinsic(i) => {
                let Names { b, bd, gd, t, .. } = self.names;
                let t = if block_level { quote!(0usize) } else { quote!(#t) };
                match i {
                    Intrinsic::ThreadIdx => E::atom(t),
                    Intrinsic::BlockIdx => E::atom(quote!(#b)),
                    Intrinsic::BlockDim => E::atom(quote!(#bd)),
                    Intrinsic::GridDim => E::atom(quote!(#gd)),
                    Intrinsic::GlobalIndex => E { ts: quote!(#b * #bd + #t), prec: 70 },
                }
            }
            ExprKind::Unary(UnOp::Neg, a) => neg(&x(a)),
            ExprKind::Unary(UnOp::Not, a) => {
                let a = x(a).at(UNARY);
                E { ts: quote!(!#a), prec: UNARY }
            }
            ExprKind::Binary(op, a, b) => binary(*op, &x(a), &x(b)),
            ExprKind::Cast(a) => {
                let a = x(a).at(CAST);
                let t = e.ty.rust();
                E { ts: quote!(#a as #t), prec: CAST }
            }
            ExprKind::Method(m, r, args) => {
                let args: Vec<E> = args.iter().map(x).collect();
                method(&x(r), m.name(), &args)
            }
            ExprKind::Select(c, a, b) => {
                let (c, a, b) = (x(c).ts, x(a).ts, x(b).ts);
                E::atom(quote!((if #c { #a } else { #b })))
            }
        }
    }

    /// A statement of one thread (no barrier in it).
    pub fn stmt(&self, s: &Stmt) -> TokenStream {
        let k = self.k;
        let e = |e: &Expr| self.expr(e, false).ts;
        let block = |b: &[Stmt]| -> TokenStream { b.iter().map(|s| self.stmt(s)).collect() };
        match &s.kind {
            StmtKind::Let { var, init } => {
                let init = e(init);
                if self.per_thread[*var] {
                    let v = self.var(*var, false);
                    quote!(#v = #init;)
                } else {
                    let (n, t) = (&k.locals[*var].name, k.locals[*var].ty.rust());
                    let m = if k.locals[*var].mutable { quote!(mut) } else { quote!() };
                    quote!(let #m #n: #t = #init;)
                }
            }
            StmtKind::Assign { var, value } => {
                let (v, value) = (self.var(*var, false), e(value));
                quote!(#v = #value;)
            }
            StmtKind::Store { buf, idx, value } => {
                let (n, i, value) = (k.buf_name(*buf), e(idx), e(value));
                if self.is_racy(*buf) {
                    quote!(#n.set(#i, #value);)
                } else {
                    quote!(#n[#i] = #value;)
                }
            }
            StmtKind::AtomicAdd { buf, idx, value } => {
                let (i, value) = (e(idx), e(value));
                self.add(*buf, i, value)
            }
            StmtKind::If { cond, then, els } => {
                let (c, t) = (e(cond), block(then));
                if els.is_empty() {
                    quote!(if #c { #t })
                } else {
                    let f = block(els);
                    quote!(if #c { #t } else { #f })
                }
            }
            StmtKind::For { var, lo, hi, rev, body } => {
                let (n, lo, hi, body) = (&k.locals[*var].name, e(lo), e(hi), block(body));
                if *rev {
                    quote!(for #n in (#lo..#hi).rev() { #body })
                } else {
                    quote!(for #n in #lo..#hi { #body })
                }
            }
            StmtKind::While { cond, body } => {
                let (c, body) = (e(cond), block(body));
                quote!(while #c { #body })
            }
            // Split off by fission; never inside a thread's statements.
            StmtKind::Sync | StmtKind::BlockReduceAdd { .. } => quote!(),
        }
    }

    /// `buf[i] += value` where other threads or blocks may add to the
    /// same element: the block's log, an atomic add, or (shared arrays,
    /// whose block runs on one worker) a plain add.
    pub fn add(&self, buf: Buf, i: TokenStream, value: TokenStream) -> TokenStream {
        let n = self.k.buf_name(buf);
        if self.logged.contains(&buf) {
            let log = Names::log(n);
            quote!(#log.add(#i, #value);)
        } else if self.is_racy(buf) {
            quote!(#n.add(#i, #value);)
        } else {
            quote!(#n[#i] += #value;)
        }
    }
}

/// The literal zero of `t`, typed.
pub fn zero(t: Ty) -> TokenStream {
    let l = if t.is_float() {
        syn::LitFloat::new(&format!("0.0_{}", t.rust_name()), Span::call_site()).to_token_stream()
    } else {
        syn::LitInt::new(&format!("0_{}", t.rust_name()), Span::call_site()).to_token_stream()
    };
    l
}
