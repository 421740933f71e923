//! Divisions by loop invariants in the adjoint. The adjoint of `a / b`
//! divides by `b` again (`g / b`, and `-(g * (a / b)) / b` for `b`); when
//! `b` is the same in every iteration of the loops around the statement
//! (`(h * h)`, `2.0 * h`, `(n * n) as f64`), its reciprocal is computed
//! once before the outermost of them, `let inv_h2 = 1.0 / (h * h);`, and
//! the adjoint multiplies by it: a hand-written adjoint's precomputed
//! coefficient, and no division per iteration. The gradient changes by
//! rounding only; the primal values the reverse sweep recomputes keep
//! their divisions, since they must be bitwise the forward sweep's.
//!
//! A divisor qualifies when it is built from literals, constants, and
//! scalar variables (or lengths of buffers) that are never reassigned and
//! that the loop does not define (its counter, its `let`s): such a variable
//! is defined before the loop, so its value is there before the loop's
//! adjoint too. Buffer elements and calls do not qualify. A reciprocal used in a
//! parallel loop's closure is declared in that closure, in front of a loop
//! of the iteration's, not captured from outside.

use super::state::RevGen;
use super::tables::Frame;
use crate::analysis::types::Cat;
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::HashSet;

impl RevGen<'_> {
    /// Starts the adjoint of a loop that assigns `varying`.
    pub(super) fn enter_loop(&self, varying: HashSet<VarId>) {
        self.loops.borrow_mut().push(Frame { varying, par_depth: self.par_depth, recips: Vec::new() });
    }

    /// Ends the adjoint of the innermost loop: the reciprocals it uses, to
    /// declare in front of it.
    pub(super) fn leave_loop(&self) -> TokenStream {
        let frame = self.loops.borrow_mut().pop().expect("loops are entered and left in pairs");
        let lets = frame.recips.into_iter().map(|(_, name, b)| {
            let q = emit::div(&emit::lit(1.0), &b).ts;
            quote!(let #name = #q;)
        });
        quote!(#(#lets)*)
    }

    /// `1 / b` for the adjoint of a division by `b`, when `b` is invariant
    /// in the loop around the statement: a name declared in front of the
    /// outermost loop it is invariant in (within the same parallel
    /// closure), or the quotient itself for a divisor of literals.
    pub(super) fn reciprocal(&self, b: &Expr) -> Option<E> {
        let mut reads = HashSet::new();
        if !self.invariant_form(b, &mut reads) {
            return None;
        }
        let mut loops = self.loops.borrow_mut();
        let here = loops.iter().rposition(|l| l.par_depth != self.par_depth).map_or(0, |k| k + 1);
        let frame = loops[here..].iter_mut().find(|l| l.varying.is_disjoint(&reads))?;
        let eb = self.em.expr(b);
        if reads.is_empty() {
            return Some(emit::div(&emit::lit(1.0), &eb));
        }
        let name = match frame.recips.iter().find(|(k, _, _)| same_tree(k, b)) {
            Some((_, name, _)) => name.clone(),
            None => {
                let name = self.names.fresh(&recip_name(b, self.f));
                frame.recips.push((b.clone(), name.clone(), eb));
                name
            }
        };
        Some(E::atom(quote!(#name)))
    }

    /// Whether `e` is built from literals, constants, scalar variables and
    /// lengths of buffers never reassigned (collected into `reads`), with
    /// pure operations.
    fn invariant_form(&self, e: &Expr, reads: &mut HashSet<VarId>) -> bool {
        match &e.kind {
            ExprKind::Lit(_) | ExprKind::Const(_) | ExprKind::Zero | ExprKind::One => true,
            ExprKind::Read(p) => {
                let scalar = matches!(self.t.vars[p.base], Cat::Scalar(_));
                reads.insert(p.base);
                p.is_var() && scalar && !self.plan.written[p.base]
            }
            ExprKind::Len(p) => {
                reads.insert(p.base);
                p.is_var() && !self.plan.written[p.base]
            }
            ExprKind::Unary(UnOp::Neg, a) | ExprKind::Cast(a, _) | ExprKind::NoGrad(a) => self.invariant_form(a, reads),
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div, a, b) => {
                self.invariant_form(a, reads) && self.invariant_form(b, reads)
            }
            ExprKind::Method(_, r, args) => {
                self.invariant_form(r, reads) && args.iter().all(|a| self.invariant_form(a, reads))
            }
            _ => false,
        }
    }
}

/// `inv_h2` for `h * h`, `inv_2h` for `2.0 * h`, `inv_n2` for
/// `(n * n) as f64`: the factors of a product, a variable's repeats as its
/// power; `inv_x_y` for other divisors, after the variables they read.
fn recip_name(b: &Expr, f: &Function) -> String {
    let mut factors = Vec::new();
    let name = if product_factors(b, f, &mut factors) {
        let mut parts: Vec<(String, usize)> = Vec::new();
        for factor in factors {
            match parts.iter_mut().find(|(n, _)| *n == factor) {
                Some((_, k)) => *k += 1,
                None => parts.push((factor, 1)),
            }
        }
        let mut name = String::new();
        for (n, k) in parts {
            let glued = name.is_empty()
                || name.ends_with(|c: char| c.is_ascii_digit()) && !n.starts_with(|c: char| c.is_ascii_digit());
            if !glued {
                name.push('_');
            }
            name.push_str(&n);
            if k > 1 {
                if n.ends_with(|c: char| c.is_ascii_digit()) {
                    name.push_str("_pow");
                }
                name.push_str(&k.to_string());
            }
        }
        name
    } else {
        let mut vars: Vec<String> = Vec::new();
        b.visit_reads(&mut |p| {
            let n = f.vars[p.base].name.to_string();
            if !vars.contains(&n) {
                vars.push(n);
            }
        });
        vars.join("_")
    };
    if name.is_empty() {
        "inv".to_string()
    } else {
        format!("inv_{name}")
    }
}

/// The factors of a product of literals and variables, by name (`2`, `h`).
fn product_factors(e: &Expr, f: &Function, out: &mut Vec<String>) -> bool {
    match &e.kind {
        ExprKind::Binary(BinOp::Mul, a, b) => product_factors(a, f, out) && product_factors(b, f, out),
        ExprKind::Cast(a, _) | ExprKind::NoGrad(a) => product_factors(a, f, out),
        ExprKind::Lit(syn::Lit::Float(l)) => match l.base10_parse::<f64>() {
            Ok(v) if v.fract() == 0.0 && v > 0.0 && v < 1e6 => {
                out.push(format!("{v}"));
                true
            }
            _ => false,
        },
        ExprKind::Lit(syn::Lit::Int(i)) => {
            out.push(i.base10_digits().to_string());
            true
        }
        ExprKind::Read(p) if p.is_var() => {
            out.push(f.vars[p.base].name.to_string());
            true
        }
        ExprKind::Len(p) if p.is_var() => {
            out.push(format!("{}_len", f.vars[p.base].name));
            true
        }
        _ => false,
    }
}
