//! Rewrites the IR so that everything the reverse sweep reads has a name:
//! `if` conditions and loop bounds that depend on variables written later
//! are bound to temporaries first, every `while` loop counts its
//! iterations so that the adjoint loop can run them backwards (but a
//! checkpointed one, whose driver counts them), and calls of libm's
//! functions inside a larger expression get a `let` of their own (see
//! `Rewriter::name_calls`).

use crate::ir::*;
use proc_macro2::Span;
use std::collections::HashSet;

#[derive(Clone)]
pub struct Prepared {
    /// The iteration counters of `while` loops, by the loop's statement id.
    pub while_counters: std::collections::HashMap<StmtId, VarId>,
    pub counters: HashSet<VarId>,
    /// The calls of a recursive function to itself.
    pub self_calls: HashSet<StmtId>,
    /// Whether the function has a joint function (see
    /// `codegen::reverse::joint`), set by the caller of `prepare`.
    pub jointable: bool,
    /// Whether the function is in a cycle of functions calling each other
    /// (found by `#[autodiff] mod`), set by the caller of `prepare`.
    pub in_cycle: bool,
}

/// Variables written after their definition.
pub fn written_vars(f: &Function) -> IdVec<VarId, bool> {
    let mut w = IdVec::filled(false, f.vars.len());
    walk_stmts(&f.body, &mut |s| for_each_write(s, &mut |v| w[v] = true));
    w
}

/// Calls `f` on every variable statement `s` writes after its definition
/// (not on a `let`'s own variable): assigned, pushed to, swapped, passed
/// `&mut` to a call, received into by MPI.
pub fn for_each_write(s: &Stmt, f: &mut dyn FnMut(VarId)) {
    match &s.kind {
        StmtKind::Assign { place, .. } => f(place.base),
        StmtKind::Push { vec, .. } => f(vec.base),
        StmtKind::Swap(a, b) => {
            f(a.base);
            f(b.base);
        }
        StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } => {
            for a in &call.args {
                match a {
                    Arg::Buf(b) if b.mutable => f(b.place.base),
                    Arg::Struct { place, mutable: true, .. } => f(place.base),
                    _ => {}
                }
            }
        }
        StmtKind::Mpi(op) => {
            if let Some(r) = op.written() {
                f(r.arg.place.base);
            }
        }
        _ => {}
    }
}

fn reads_any(e: &Expr, set: &IdVec<VarId, bool>) -> bool {
    e.reads_where(|v| set[v])
}

struct Rewriter<'a> {
    vars: &'a mut IdVec<VarId, Var>,
    written: &'a IdVec<VarId, bool>,
    /// Checkpointed loops: their driver counts the steps.
    checkpointed: HashSet<StmtId>,
    /// The number of statements so far: the next one's id.
    next_id: usize,
    prepared: Prepared,
}

impl Rewriter<'_> {
    fn new_var(&mut self, base: &str, span: Span) -> VarId {
        let taken: HashSet<String> = self.vars.iter().map(|v| v.name.to_string()).collect();
        let mut name = base.to_string();
        let mut k = 2;
        while taken.contains(&name) {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.vars.push(Var { name: crate::names::ident(&name, span), span, origin: VarOrigin::Temp, annot: None })
    }

    fn stmt(&mut self, kind: StmtKind, span: Span) -> Stmt {
        let id = StmtId::from_index(self.next_id);
        self.next_id += 1;
        Stmt { id, kind, span }
    }

    fn bind(&mut self, out: &mut Vec<Stmt>, e: &mut Expr, base: &str) {
        if matches!(e.kind, ExprKind::Lit(_)) || !reads_any(e, self.written) {
            return;
        }
        if let ExprKind::Read(p) = &e.kind {
            if p.is_var() && !self.written[p.base] {
                return;
            }
        }
        let span = e.span;
        let v = self.new_var(base, span);
        let value = std::mem::replace(e, Expr::var(v, span));
        out.push(self.stmt(StmtKind::Let { var: v, init: Init::Expr(value) }, span));
    }

    /// Gives each call of a libm function (`exp`, `tanh`, `sin`, ...)
    /// inside the float arithmetic of `e` a `let` of its own, innermost
    /// first, so that the adjoint reads the value (taped or recomputed once)
    /// instead of calling the function again for each use: the derivatives
    /// of `exp` and `tanh` are written with their value, and a
    /// product needs each factor's. `e` itself is named only when `whole`.
    /// Comparisons, logic, casts and indices are left alone: no value there
    /// has an adjoint.
    fn name_calls(&mut self, out: &mut Vec<Stmt>, e: &mut Expr, whole: bool) {
        match &mut e.kind {
            ExprKind::Binary(op, a, b) if !op.is_comparison() && !op.is_logical() => {
                self.name_calls(out, a, true);
                self.name_calls(out, b, true);
            }
            ExprKind::Unary(UnOp::Neg, a) => self.name_calls(out, a, true),
            ExprKind::Method(m, recv, args) => {
                let m = *m;
                self.name_calls(out, recv, true);
                for a in args {
                    self.name_calls(out, a, true);
                }
                if whole && libm(m) {
                    let span = e.span;
                    let v = self.new_var(m.name(), span);
                    let value = std::mem::replace(e, Expr::var(v, span));
                    out.push(self.stmt(StmtKind::Let { var: v, init: Init::Expr(value) }, span));
                }
            }
            _ => {}
        }
    }

    fn block(&mut self, b: &mut Block) {
        let stmts = std::mem::take(&mut b.stmts);
        let mut out = Vec::with_capacity(stmts.len());
        for mut s in stmts {
            match &mut s.kind {
                // A `let` or a plain assignment holds its value already;
                // `s += x.exp()` does not.
                StmtKind::Let { init: Init::Expr(e), .. } => self.name_calls(&mut out, e, false),
                StmtKind::Assign { op, value, .. } => {
                    let whole = *op != AssignOp::Set;
                    self.name_calls(&mut out, value, whole);
                }
                StmtKind::Push { value, .. } => self.name_calls(&mut out, value, false),
                StmtKind::If { cond, then_blk, else_blk } => {
                    self.bind(&mut out, cond, "cond");
                    self.block(then_blk);
                    self.block(else_blk);
                }
                StmtKind::For { lo, hi, step, body, .. } => {
                    self.bind(&mut out, lo, "lo");
                    self.bind(&mut out, hi, "hi");
                    if let Some(st) = step {
                        self.bind(&mut out, st, "step");
                    }
                    self.block(body);
                }
                StmtKind::While { body, .. } if self.checkpointed.contains(&s.id) => self.block(body),
                StmtKind::While { body, .. } => {
                    self.block(body);
                    let span = s.span;
                    let n = self.new_var("iterations", span);
                    let zero = Expr::int(0, span);
                    out.push(self.stmt(StmtKind::Let { var: n, init: Init::Expr(zero) }, span));
                    let inc = self.stmt(
                        StmtKind::Assign { place: Place::var(n), op: AssignOp::Add, value: Expr::int(1, span) },
                        span,
                    );
                    body.stmts.push(inc);
                    self.prepared.while_counters.insert(s.id, n);
                    self.prepared.counters.insert(n);
                }
                _ => {}
            }
            out.push(s);
        }
        b.stmts = out;
    }
}

pub fn prepare(f: &mut Function, name: &syn::Ident) -> Prepared {
    let written = written_vars(f);
    let mut r = Rewriter {
        vars: &mut f.vars,
        written: &written,
        checkpointed: f.checkpoints.keys().copied().collect(),
        next_id: f.stmt_count,
        prepared: Prepared {
            while_counters: Default::default(),
            counters: HashSet::new(),
            self_calls: HashSet::new(),
            jointable: false,
            in_cycle: false,
        },
    };
    let mut body = std::mem::replace(&mut f.body, Block::new(vec![]));
    r.block(&mut body);
    let next = r.next_id;
    let mut prepared = r.prepared;
    f.body = body;
    // A function calls itself as `f(..)`, a method as `Self::f(self, ..)`.
    let itself = |p: &syn::Path| match p.segments.iter().map(|s| &s.ident).collect::<Vec<_>>()[..] {
        [f] => f == name,
        [s, f] => s == "Self" && f == name,
        _ => false,
    };
    walk_stmts(&f.body, &mut |s| {
        if s.call().is_some_and(|(c, _)| itself(&c.path)) {
            prepared.self_calls.insert(s.id);
        }
    });
    f.stmt_count = next;
    let mut n = 0;
    number_blocks(&mut f.body, &mut n);
    f.block_count = n;
    prepared
}

/// Float methods that call libm: worth a name. (`sqrt` is one instruction,
/// about a division: recomputing it costs what reading it back would.)
fn libm(m: Method) -> bool {
    use Method::*;
    matches!(
        m,
        Sin | Cos
            | Tan
            | Asin
            | Acos
            | Atan
            | Atan2
            | Sinh
            | Cosh
            | Tanh
            | Exp
            | Exp2
            | ExpM1
            | Ln
            | Ln1p
            | Log2
            | Log10
            | Cbrt
            | Powf
            | Hypot
    )
}
