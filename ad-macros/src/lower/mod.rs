//! Lowering: `syn` function body -> IR.
//!
//! Names are resolved here (shadowed bindings get unique names), iterator
//! chains become counted loops, calls are hoisted into statements, and
//! `break` / `continue` / `return` become flags guarding the rest of their
//! block, so that every IR block runs to its end.

mod arith;
mod bind;
mod bounds;
mod branch;
mod checkpoint;
mod closure;
mod control;
mod expr;
mod iter;
mod loops;
mod methods;
mod mpi;
mod operators;
mod par;
mod place;
mod reduce;
mod results;
mod sort;
mod stages;
mod state;
mod stmt;
mod syntax;
mod tasks;
mod values;

use crate::diag::Diag;
use crate::ir::*;
use crate::parse::{ParamKind, Signature};
use proc_macro2::Span;
use state::{Binding, Lowerer};

/// Lowers a whole function. Errors go to `diag`; the result is meaningful only
/// when none were reported.
pub fn lower_fn(func: &syn::ItemFn, sig: &Signature, diag: &Diag) -> Function {
    let mut l = Lowerer::new(diag);
    // Names the generated code derives from parameters (shadows, tangents)
    // must not be taken by locals.
    for p in &sig.params {
        for prefix in ["", "d", "t", "d_", "t_"] {
            l.used_names.insert(format!("{prefix}{}", p.name));
        }
    }
    let mut params = Vec::new();
    for (i, p) in sig.params.iter().enumerate() {
        let v = l.vars.push(Var {
            name: p.name.clone(),
            span: p.name.span(),
            origin: VarOrigin::Param(i),
            annot: Some(p.ty.clone()),
        });
        match p.kind {
            // A buffer of values (`&[V3]`): a buffer whose elements have fields.
            ParamKind::ValueBuf { .. } => {
                l.buf_vars.insert(v);
                l.mark_value_buffer(v);
            }
            ParamKind::Struct { .. } => {
                l.struct_params.insert(v);
            }
            // Every value parameter is differentiated, as far as its uses
            // allow where no request asks for it: a caller may pass a
            // derivative in (see `docs/values.md`).
            ParamKind::Value { differentiated, .. } => {
                l.mark_value(v, true);
                if !differentiated {
                    l.soft_values.insert(v, v);
                }
            }
            ParamKind::FloatBuf { .. } | ParamKind::InactiveBuf { .. } => {
                l.buf_vars.insert(v);
            }
            ParamKind::Comm => {
                l.comm_params.insert(v);
            }
            _ => {}
        }
        l.bind(&p.name, Binding::Var(v));
        params.push(v);
    }
    match &sig.ret {
        ParamKind::Tuple(parts) => return lower_tuple_fn(l, func, parts, params, diag),
        ParamKind::FloatVec(_) => return lower_vec_fn(l, func, sig, params, diag),
        _ => {}
    }
    let returns_value = !matches!(sig.ret, ParamKind::Unit);
    let value_result = match &sig.ret {
        // (Differentiated whatever the requests: a caller may seed it.)
        ParamKind::Value { ty, .. } => Some((ty.clone(), true)),
        _ => None,
    };
    l.value_result = value_result.is_some();
    let has_return = control::contains_return_not_tail(&func.block);
    if returns_value && has_return {
        let r = l.new_var("ret", Span::call_site(), VarOrigin::Temp, sig.ret_ty.clone());
        let zero = match &value_result {
            Some((ty, differentiated)) => {
                l.mark_value(r, *differentiated);
                ExprKind::ValueDefault(ty.clone())
            }
            None => ExprKind::Zero,
        };
        l.emit(StmtKind::Let { var: r, init: Init::Expr(Expr::new(zero, Span::call_site())) }, Span::call_site());
        l.ret = Some(r);
    }
    if has_return {
        let f = l.new_var("returned", Span::call_site(), VarOrigin::Temp, None);
        l.emit(StmtKind::Let { var: f, init: Init::Expr(Expr::bool(false, Span::call_site())) }, Span::call_site());
        l.returned = Some(f);
    }
    let tail = l.lower_stmts(&func.block.stmts);
    let mut ret = l.ret;
    if let Some(tail) = tail {
        if returns_value {
            match l.ret {
                Some(r) => {
                    let span = tail.span;
                    l.emit(StmtKind::Assign { place: Place::var(r), op: AssignOp::Set, value: tail }, span);
                }
                None => {
                    let span = tail.span;
                    let r = l.temp("ret", Init::Expr(tail), span);
                    l.vars[r].annot = sig.ret_ty.clone();
                    if let Some((_, differentiated)) = value_result {
                        l.mark_value(r, differentiated);
                    }
                    ret = Some(r);
                }
            }
        }
    } else if returns_value && l.ret.is_none() && !diag.has_errors() {
        diag.error(func.sig.output_span(), "the function must end in the value it returns");
    }
    finish(l, params, ret, Vec::new(), diag)
}

/// The lowered body as a function, its placement rules checked.
fn finish(mut l: Lowerer, params: Vec<VarId>, ret: Option<VarId>, ret_parts: Vec<VarId>, diag: &Diag) -> Function {
    let mut body = Block::new(l.out.pop().unwrap());
    mpi::check_placement(&body, false, diag);
    checkpoint::check_placement(&body, &l.checkpoints, None, diag);
    let mut block_count = 0;
    number_blocks(&mut body, &mut block_count);
    let value_slots = params.iter().copied().filter(|p| l.diff_values.contains(p)).collect();
    Function {
        vars: l.vars,
        params,
        body,
        ret,
        ret_parts,
        stmt_count: l.next_id,
        block_count,
        checkpoints: l.checkpoints,
        value_slots,
        values: l.value_params,
    }
}

/// A function returning `Vec<F>`: it ends in a local vector, which becomes
/// the result, or in an expression making one (`vec![..]`, `collect()`),
/// bound first to a local `ret`.
fn lower_vec_fn(mut l: Lowerer, func: &syn::ItemFn, sig: &Signature, params: Vec<VarId>, diag: &Diag) -> Function {
    use syn::spanned::Spanned;
    if control::contains_return_not_tail(&func.block) {
        diag.error(
            func.sig.output_span(),
            "an early `return` in a function returning a `Vec` is not supported: end the function in the vector",
        );
        return finish(l, params, None, Vec::new(), diag);
    }
    let stmts = &func.block.stmts;
    let (init, last) = split_tail(stmts);
    let mut body = init.to_vec();
    let tail: syn::Expr = match last.map(crate::syntax::strip_parens) {
        Some(e @ syn::Expr::Path(p)) if p.path.get_ident().is_some() => e.clone(),
        Some(e) => {
            let ty = &sig.ret_ty;
            body.push(syn::parse_quote_spanned!(e.span()=> let ret: #ty = #e;));
            syn::parse_quote!(ret)
        }
        None => syn::parse_quote!(()),
    };
    body.push(syn::Stmt::Expr(tail, None));
    let ret = match l.lower_stmts(&body).map(|e| e.kind) {
        Some(ExprKind::Read(p))
            if p.is_var() && matches!(l.vars[p.base].origin, VarOrigin::Local | VarOrigin::Temp) =>
        {
            // A call's result returned as it is (`let h = f(x); h`) is known
            // to be a vector only here.
            if let Some(ty) = &sig.ret_ty {
                l.annotate(p.base, ty.clone());
            }
            Some(p.base)
        }
        _ => {
            if !diag.has_errors() {
                diag.error(
                    func.sig.output_span(),
                    "a function returning a `Vec` must end in a local vector (`h`) or in an expression making \
                     one (`vec![..]`, `x.to_vec()`, `collect()`)",
                );
            }
            None
        }
    };
    finish(l, params, ret, Vec::new(), diag)
}

/// The statements before the value a body ends in (a tail expression or
/// a final `return`), and that value.
fn split_tail(stmts: &[syn::Stmt]) -> (&[syn::Stmt], Option<&syn::Expr>) {
    match stmts.split_last() {
        Some((syn::Stmt::Expr(e, None), init)) => (init, Some(e)),
        Some((syn::Stmt::Expr(syn::Expr::Return(r), _), init)) => (init, r.expr.as_deref()),
        _ => (stmts, None),
    }
}

/// A function returning a tuple: its body ends in a tuple expression (or a
/// tuple variable), whose elements become the variables `ret_0`, `ret_1`, ...
fn lower_tuple_fn(
    mut l: Lowerer,
    func: &syn::ItemFn,
    parts: &[ParamKind],
    params: Vec<VarId>,
    diag: &Diag,
) -> Function {
    use syn::spanned::Spanned;
    let stmts = &func.block.stmts;
    if control::contains_return_not_tail(&func.block) {
        diag.error(func.sig.output_span(), "an early `return` in a function returning a tuple is not supported");
    }
    let (init, last) = split_tail(stmts);
    let tail = l.lower_stmts(init);
    let elems: Vec<Expr> = match last.map(crate::syntax::strip_parens) {
        Some(syn::Expr::Tuple(t)) if t.elems.len() == parts.len() => {
            t.elems.iter().map(|e| l.lower_value(e, None)).collect()
        }
        Some(e @ syn::Expr::Path(_)) => match l.lower_tuple_binding(e) {
            Some(bs) if bs.len() == parts.len() => bs.iter().map(|b| l.binding_value(b, e.span())).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    if elems.len() != parts.len() || tail.is_some() {
        diag.error(
            func.sig.output_span(),
            "a function returning a tuple must end in a tuple `(a, b, ...)` of that length",
        );
    }
    let ret_tys: Vec<Option<syn::Type>> = match &func.sig.output {
        syn::ReturnType::Type(_, ty) => match &**ty {
            syn::Type::Tuple(t) => t.elems.iter().map(|e| Some(e.clone())).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let mut ret_parts = Vec::new();
    for (k, e) in elems.into_iter().enumerate() {
        let span = e.span;
        let r = l.temp(&format!("ret_{k}"), Init::Expr(e), span);
        l.vars[r].annot = ret_tys.get(k).cloned().flatten();
        ret_parts.push(r);
    }
    finish(l, params, None, ret_parts, diag)
}

trait OutputSpan {
    fn output_span(&self) -> Span;
}

impl OutputSpan for syn::Signature {
    fn output_span(&self) -> Span {
        use syn::spanned::Spanned;
        match &self.output {
            syn::ReturnType::Default => self.ident.span(),
            syn::ReturnType::Type(_, t) => t.span(),
        }
    }
}
