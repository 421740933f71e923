//! Type categories: which values are floats (candidates for activity),
//! integers, booleans, buffers or structs. Parameters, annotations, literals,
//! casts and the method table give most of them; the rest is propagated
//! through assignments and operators until nothing changes. A variable that
//! is read but stays unknown is an error asking for an annotation.

use crate::diag::Diag;
use crate::ir::*;
use crate::parse::{classify, ParamKind};
use std::collections::HashMap;

mod fields;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scalar {
    Unknown,
    Float,
    Int,
    Bool,
    /// A value of a user type: only as the element of a buffer
    /// (`Cat::Buf(Scalar::Value)`, `xs: &[V3]`), whose element is a
    /// `Cat::Struct`.
    Value,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cat {
    Scalar(Scalar),
    Buf(Scalar),
    Struct,
}

impl Cat {
    pub const UNKNOWN: Cat = Cat::Scalar(Scalar::Unknown);
    pub const FLOAT: Cat = Cat::Scalar(Scalar::Float);
    pub const INT: Cat = Cat::Scalar(Scalar::Int);
    pub const BOOL: Cat = Cat::Scalar(Scalar::Bool);

    pub fn is_float(self) -> bool {
        self == Cat::FLOAT
    }

    /// A float or a buffer of floats or values: a local a derivative flows through.
    pub fn holds_floats(self) -> bool {
        matches!(self, Cat::Scalar(Scalar::Float) | Cat::Buf(Scalar::Float | Scalar::Value))
    }

    /// A value or a buffer of values: its places have fields.
    pub fn has_fields(self) -> bool {
        matches!(self, Cat::Struct | Cat::Buf(Scalar::Value))
    }
}

/// Field slots are keyed by the variable and the names of the fields on the way.
pub type FieldKey = (VarId, Vec<String>);

pub struct Types {
    pub vars: IdVec<VarId, Cat>,
    pub fields: HashMap<FieldKey, Cat>,
    /// Fields taken for integer data because the function only casts them
    /// (see `fields::guess_cast_fields`): generated code reads them through
    /// `parad::__private::data`, which rustc checks.
    pub data_fields: std::collections::HashSet<FieldKey>,
}

pub fn field_key(place: &Place) -> Option<FieldKey> {
    let path = field_path(place);
    (!path.is_empty()).then_some((place.base, path))
}

/// The fields a place goes through, its indices left out.
pub(super) fn field_path(place: &Place) -> Vec<String> {
    place
        .proj
        .iter()
        .filter_map(|p| match p {
            Proj::Field(m) => Some(member_name(m)),
            Proj::Index(_) => None,
        })
        .collect()
}

pub fn member_name(m: &syn::Member) -> String {
    match m {
        syn::Member::Named(i) => i.to_string(),
        syn::Member::Unnamed(i) => i.index.to_string(),
    }
}

/// The variables that may hold a signed integer, loop counters included:
/// those typed `i32` (and the other signed types), or computed from one
/// (`let n = x.len() as i64;`, `for i in -n..n`). The tape indexes its
/// slots by `usize`, so such a counter is cast there.
pub fn signed_ints(f: &Function) -> std::collections::HashSet<VarId> {
    fn signed_type(ty: &syn::Type) -> bool {
        matches!(ty, syn::Type::Path(p) if p.path.get_ident().is_some_and(|i| {
            matches!(i.to_string().as_str(), "i8" | "i16" | "i32" | "i64" | "i128" | "isize")
        }))
    }
    fn signed_expr(e: &Expr, signed: &std::collections::HashSet<VarId>) -> bool {
        let mut found = false;
        e.visit_exprs(&mut |e| {
            found |= match &e.kind {
                ExprKind::Unary(UnOp::Neg, _) => true,
                ExprKind::Cast(_, ty) => signed_type(ty),
                ExprKind::Lit(syn::Lit::Int(i)) => i.suffix().starts_with('i'),
                ExprKind::Read(p) => p.is_var() && signed.contains(&p.base),
                _ => false,
            }
        });
        found
    }
    let mut signed: std::collections::HashSet<VarId> =
        f.vars.ids().filter(|&v| f.vars[v].annot.as_ref().is_some_and(signed_type)).collect();
    walk_stmts(&f.body, &mut |s| match &s.kind {
        StmtKind::Let { var, init: Init::Expr(e) } if signed_expr(e, &signed) => {
            signed.insert(*var);
        }
        StmtKind::For { index, lo, hi, .. } if signed_expr(lo, &signed) || signed_expr(hi, &signed) => {
            signed.insert(*index);
        }
        _ => {}
    });
    signed
}

pub fn cat_of_type(ty: &syn::Type) -> Cat {
    let diag = Diag::default();
    let cat = match classify(ty, &diag, "") {
        ParamKind::Float(_) => Cat::FLOAT,
        ParamKind::Inactive => {
            if let syn::Type::Path(p) = ty {
                if p.path.is_ident("bool") {
                    return Cat::BOOL;
                }
            }
            Cat::INT
        }
        ParamKind::FloatBuf { .. } | ParamKind::FloatVec(_) => Cat::Buf(Scalar::Float),
        ParamKind::InactiveBuf { .. } => Cat::Buf(Scalar::Int),
        ParamKind::Struct { .. } | ParamKind::Value { .. } => Cat::Struct,
        ParamKind::ValueBuf { .. } => Cat::Buf(Scalar::Value),
        ParamKind::Unit | ParamKind::Tuple(_) | ParamKind::Comm => Cat::UNKNOWN,
    };
    if diag.has_errors() {
        // Owned buffers (`Vec<f64>`, `[f64; 3]`) are fine for locals.
        if let Some(elem) = crate::parse::elem_of(ty) {
            return Cat::Buf(match cat_of_type(elem) {
                Cat::Scalar(s) => s,
                _ => Scalar::Unknown,
            });
        }
        return Cat::UNKNOWN;
    }
    cat
}

struct Infer {
    t: Types,
    changed: bool,
    /// The struct variables by the name of their type (`a: V3`, `p: &V3`,
    /// `let d = V3 { .. }`): a field of one type has one category.
    same_type: Vec<Vec<VarId>>,
}

impl Infer {
    /// Propagates categories until nothing changes.
    fn run(&mut self, body: &Block) {
        let mut rounds = 0;
        while self.changed && rounds < 64 {
            self.changed = false;
            self.block(body);
            self.share_fields();
            rounds += 1;
        }
    }

    fn learn_var(&mut self, v: VarId, c: Cat) {
        let cur = self.t.vars[v];
        if let Some(n) = join(cur, c) {
            if n != cur {
                self.t.vars[v] = n;
                self.changed = true;
            }
        }
    }

    fn learn_place(&mut self, p: &Place, c: Cat) {
        if c == Cat::UNKNOWN {
            return;
        }
        match p.proj.last() {
            None => self.learn_var(p.base, c),
            Some(Proj::Field(_)) => {
                let key = field_key(p).unwrap();
                let cur = self.t.fields.get(&key).copied().unwrap_or(Cat::UNKNOWN);
                if let Some(n) = join(cur, c) {
                    if n != cur {
                        self.t.fields.insert(key, n);
                        self.changed = true;
                    }
                }
            }
            Some(Proj::Index(_)) => {
                let Cat::Scalar(s) = c else { return };
                let mut container = p.clone();
                container.proj.pop();
                self.learn_place(&container, Cat::Buf(s));
            }
        }
    }

    fn place_cat(&self, p: &Place) -> Cat {
        place_cat(&self.t, p)
    }

    fn expr_cat(&self, e: &Expr) -> Cat {
        expr_cat(&self.t, e)
    }

    /// Pushes a known category down into unknown reads of an arithmetic expression.
    fn constrain(&mut self, e: &Expr, c: Cat) {
        if c == Cat::UNKNOWN {
            return;
        }
        match &e.kind {
            ExprKind::Read(p) => self.learn_place(p, c),
            ExprKind::Unary(UnOp::Neg, a) | ExprKind::NoGrad(a) => self.constrain(a, c),
            ExprKind::Binary(op, a, b)
                if !op.is_comparison() && !op.is_logical() && !matches!(op, BinOp::Shl | BinOp::Shr) =>
            {
                self.constrain(a, c);
                self.constrain(b, c);
            }
            ExprKind::Method(m, r, args) => match m {
                Method::Min | Method::Max | Method::Abs | Method::Signum => {
                    self.constrain(r, c);
                    args.iter().for_each(|a| self.constrain(a, c));
                }
                Method::Pow | Method::DivCeil | Method::SaturatingSub | Method::WrappingAdd => {
                    self.constrain(r, c);
                }
                _ => {}
            },
            _ => {}
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Read(p) | ExprKind::Len(p) => self.place(p),
            ExprKind::Unary(_, a) => self.expr(a),
            ExprKind::Binary(op, a, b) => {
                self.expr(a);
                self.expr(b);
                if op.is_logical() {
                    self.constrain(a, Cat::BOOL);
                    self.constrain(b, Cat::BOOL);
                } else if matches!(op, BinOp::Shl | BinOp::Shr) {
                    self.constrain(a, Cat::INT);
                    self.constrain(b, Cat::INT);
                } else {
                    let ca = self.expr_cat(a);
                    let cb = self.expr_cat(b);
                    self.constrain(a, cb);
                    self.constrain(b, ca);
                }
            }
            ExprKind::Method(m, r, args) => {
                self.expr(r);
                args.iter().for_each(|a| self.expr(a));
                match m {
                    Method::Powi => {
                        self.constrain(r, Cat::FLOAT);
                        args.iter().for_each(|a| self.constrain(a, Cat::INT));
                    }
                    Method::Pow | Method::DivCeil | Method::SaturatingSub | Method::WrappingAdd => {
                        self.constrain(r, Cat::INT);
                        args.iter().for_each(|a| self.constrain(a, Cat::INT));
                    }
                    Method::Min | Method::Max | Method::Abs | Method::Signum => {
                        let c = std::iter::once(&**r)
                            .chain(args.iter())
                            .map(|x| self.expr_cat(x))
                            .find(|c| *c != Cat::UNKNOWN);
                        if let Some(c) = c {
                            self.constrain(r, c);
                            args.iter().for_each(|a| self.constrain(a, c));
                        }
                    }
                    _ => {
                        self.constrain(r, Cat::FLOAT);
                        args.iter().for_each(|a| self.constrain(a, Cat::FLOAT));
                    }
                }
            }
            ExprKind::Cast(a, _) | ExprKind::NoGrad(a) | ExprKind::Matches(a, _) | ExprKind::Bound(a, ..) => {
                self.expr(a)
            }
            ExprKind::IntMethod(name, r, args) => {
                self.expr(r);
                args.iter().for_each(|a| self.expr(a));
                if is_float_test(name) {
                    self.constrain(r, Cat::FLOAT);
                }
            }
            ExprKind::StructLit(_, fields) => fields.iter().for_each(|(_, e)| self.expr(e)),
            ExprKind::ValueDefault(_) => {}
            ExprKind::Lit(_) | ExprKind::Zero | ExprKind::One | ExprKind::Const(_) | ExprKind::CommQuery(..) => {}
        }
    }

    fn place(&mut self, p: &Place) {
        for (k, proj) in p.proj.iter().enumerate() {
            if let Proj::Index(i) = proj {
                self.expr(i);
                self.constrain(i, Cat::INT);
                let container = Place { base: p.base, proj: p.proj[..k].to_vec() };
                if self.place_cat(&container) == Cat::UNKNOWN {
                    self.learn_place(&container, Cat::Buf(Scalar::Unknown));
                }
            }
        }
    }

    fn assign_like(&mut self, p: &Place, e: &Expr) {
        self.place(p);
        self.expr(e);
        let ce = self.expr_cat(e);
        self.learn_place(p, ce);
        let cp = self.place_cat(p);
        self.constrain(e, cp);
        // A literal's fields and the place's fields have the same categories,
        // and so have those of two values one copied into the other.
        match &e.kind {
            ExprKind::StructLit(_, fields) => {
                for (m, fe) in fields {
                    self.assign_like(&p.field(m.clone()), fe);
                }
            }
            ExprKind::Read(q) if cp == Cat::Struct => {
                self.link_fields(p, q);
                self.link_fields(q, p);
            }
            _ => {}
        }
    }

    fn buf_arg(&mut self, b: &BufArg) {
        self.place(&b.place);
        if self.place_cat(&b.place) == Cat::UNKNOWN {
            self.learn_place(&b.place, Cat::Buf(Scalar::Unknown));
        }
        if let Some((lo, hi)) = &b.range {
            self.expr(lo);
            self.expr(hi);
            self.constrain(lo, Cat::INT);
            self.constrain(hi, Cat::INT);
        }
    }

    fn call(&mut self, c: &Call) {
        for a in &c.args {
            match a {
                Arg::Value(e) => self.expr(e),
                Arg::Buf(b) => self.buf_arg(b),
                Arg::Struct { place, .. } => self.place(place),
            }
        }
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Let { var, init } => self.let_init(*var, init),
                StmtKind::Assign { place, value, .. } => self.assign_like(place, value),
                StmtKind::Call { call, .. } => self.call(call),
                StmtKind::Push { vec, value } => {
                    self.place(vec);
                    self.expr(value);
                    if let Cat::Scalar(s) = self.expr_cat(value) {
                        self.learn_place(vec, Cat::Buf(s));
                    }
                    if let Cat::Buf(s) = self.place_cat(vec) {
                        self.constrain(value, Cat::Scalar(s));
                    }
                }
                StmtKind::Swap(a, b) => {
                    self.place(a);
                    self.place(b);
                    let (ca, cb) = (self.place_cat(a), self.place_cat(b));
                    self.learn_place(a, cb);
                    self.learn_place(b, ca);
                }
                StmtKind::If { cond, then_blk, else_blk } => {
                    self.expr(cond);
                    self.constrain(cond, Cat::BOOL);
                    self.block(then_blk);
                    self.block(else_blk);
                }
                StmtKind::For { index, lo, hi, step, body, par, .. } => {
                    self.for_loop(*index, lo, hi, step.as_ref(), body, par.as_ref())
                }
                StmtKind::While { cond, body } => {
                    self.expr(cond);
                    self.constrain(cond, Cat::BOOL);
                    self.block(body);
                }
                StmtKind::Opaque(_) => {}
                StmtKind::Check { cond, .. } => {
                    self.expr(cond);
                    self.constrain(cond, Cat::BOOL);
                }
                StmtKind::Mpi(op) => {
                    for e in op.ints() {
                        self.expr(e);
                        self.constrain(e, Cat::INT);
                    }
                    for b in op.bufs() {
                        if b.scalar {
                            self.place(&b.arg.place);
                        } else {
                            self.buf_arg(&b.arg);
                        }
                    }
                }
            }
        }
    }

    /// A new buffer `var` of the elements `es`: of their category, a
    /// buffer of values where they are values (`vec![V3::default(); n]`).
    fn elements(&mut self, var: VarId, es: &[Expr]) {
        for e in es {
            self.expr(e);
            match self.expr_cat(e) {
                Cat::Scalar(s) => self.learn_var(var, Cat::Buf(s)),
                Cat::Struct => self.learn_var(var, Cat::Buf(Scalar::Value)),
                Cat::Buf(_) => {}
            }
        }
        if let Cat::Buf(s) = self.t.vars[var] {
            if s != Scalar::Value {
                es.iter().for_each(|e| self.constrain(e, Cat::Scalar(s)));
            }
        }
    }

    /// A `let`: the variable learns its category from its initialiser, and
    /// the initialiser's elements and lengths are constrained by it.
    fn let_init(&mut self, var: VarId, init: &Init) {
        match init {
            Init::Expr(e) => self.assign_like(&Place::var(var), e),
            Init::Uninit => {}
            Init::VecFill { elem, len } => {
                self.expr(len);
                self.constrain(len, Cat::INT);
                self.elements(var, std::slice::from_ref(elem));
            }
            Init::VecLit(es) | Init::ArrayLit(es) => self.elements(var, es),
            Init::ArrayFill { elem, .. } => self.elements(var, std::slice::from_ref(elem)),
            Init::Copy(b) => {
                self.buf_arg(b);
                let c = self.place_cat(&b.place);
                self.learn_var(var, c);
                let cv = self.t.vars[var];
                self.learn_place(&b.place, cv);
            }
            Init::WithCapacity(n) => {
                if let Some(n) = n {
                    self.expr(n);
                    self.constrain(n, Cat::INT);
                }
                self.learn_var(var, Cat::Buf(Scalar::Unknown));
            }
            Init::Call(c) => {
                self.call(c);
                // A differentiable function returns `Vec`s of floats only.
                if !c.nograd && self.t.vars[var] == Cat::Buf(Scalar::Unknown) {
                    self.learn_var(var, Cat::Buf(Scalar::Float));
                }
            }
        }
    }

    /// A `for` loop: its bounds, step and parallel splits are integers, its
    /// index takes the category of a bound; then its body.
    fn for_loop(
        &mut self,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        step: Option<&Expr>,
        body: &Block,
        par: Option<&ParLoop>,
    ) {
        for sp in par.iter().flat_map(|p| &p.splits) {
            self.expr(&sp.start);
            self.expr(&sp.per);
            self.constrain(&sp.start, Cat::INT);
            self.constrain(&sp.per, Cat::INT);
        }
        self.expr(lo);
        self.expr(hi);
        let c = [self.expr_cat(lo), self.expr_cat(hi)].into_iter().find(|c| *c != Cat::UNKNOWN).unwrap_or(Cat::INT);
        self.learn_var(index, c);
        self.constrain(lo, Cat::INT);
        self.constrain(hi, Cat::INT);
        if let Some(s) = step {
            self.expr(s);
            self.constrain(s, Cat::INT);
        }
        self.block(body);
    }
}

/// Joins two categories; `None` when they conflict.
fn join(a: Cat, b: Cat) -> Option<Cat> {
    use Cat::*;
    match (a, b) {
        (x, y) if x == y => Some(x),
        (Scalar(self::Scalar::Unknown), y) => Some(y),
        (x, Scalar(self::Scalar::Unknown)) => Some(x),
        (Buf(self::Scalar::Unknown), Buf(s)) => Some(Buf(s)),
        (Buf(s), Buf(self::Scalar::Unknown)) => Some(Buf(s)),
        _ => None,
    }
}

pub fn place_cat(t: &Types, p: &Place) -> Cat {
    let mut cur = t.vars[p.base];
    let mut path: Vec<String> = Vec::new();
    for proj in &p.proj {
        match proj {
            Proj::Field(m) => {
                path.push(member_name(m));
                cur = t.fields.get(&(p.base, path.clone())).copied().unwrap_or(Cat::UNKNOWN);
            }
            Proj::Index(_) => {
                cur = match cur {
                    // An element of a buffer of values (`xs[i]` of `xs: &[V3]`).
                    Cat::Buf(Scalar::Value) => Cat::Struct,
                    Cat::Buf(s) => Cat::Scalar(s),
                    _ => Cat::UNKNOWN,
                }
            }
        }
    }
    cur
}

pub fn expr_cat(t: &Types, e: &Expr) -> Cat {
    match &e.kind {
        ExprKind::Lit(l) => match l {
            syn::Lit::Float(_) => Cat::FLOAT,
            syn::Lit::Int(i) => match i.suffix() {
                "f64" | "f32" => Cat::FLOAT,
                _ => Cat::INT,
            },
            syn::Lit::Bool(_) => Cat::BOOL,
            _ => Cat::UNKNOWN,
        },
        ExprKind::Const(p) => {
            // `f64::INFINITY`, `std::f64::consts::PI`, `usize::MAX`.
            let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
            if segs.iter().any(|s| s == "f64" || s == "f32") {
                Cat::FLOAT
            } else if segs.len() >= 2
                && segs.iter().any(|s| {
                    matches!(
                        s.as_str(),
                        "usize" | "isize" | "u32" | "u64" | "i32" | "i64" | "u8" | "i8" | "u16" | "i16"
                    )
                })
            {
                Cat::INT
            } else {
                Cat::UNKNOWN
            }
        }
        ExprKind::Zero | ExprKind::One => Cat::UNKNOWN,
        ExprKind::Read(p) => place_cat(t, p),
        ExprKind::StructLit(..) | ExprKind::ValueDefault(_) => Cat::Struct,
        ExprKind::Len(_) => Cat::INT,
        ExprKind::Unary(UnOp::Neg, a) | ExprKind::NoGrad(a) => expr_cat(t, a),
        ExprKind::Unary(UnOp::Not, a) => expr_cat(t, a),
        ExprKind::Binary(op, a, b) => {
            if op.is_comparison() || op.is_logical() {
                Cat::BOOL
            } else if matches!(op, BinOp::Shl | BinOp::Shr) {
                expr_cat(t, a)
            } else {
                let ca = expr_cat(t, a);
                if ca != Cat::UNKNOWN {
                    ca
                } else {
                    expr_cat(t, b)
                }
            }
        }
        ExprKind::Method(m, r, args) => match m {
            Method::Min | Method::Max | Method::Abs | Method::Signum => std::iter::once(&**r)
                .chain(args.iter())
                .map(|x| expr_cat(t, x))
                .find(|c| *c != Cat::UNKNOWN)
                .unwrap_or(Cat::UNKNOWN),
            Method::Pow | Method::DivCeil | Method::SaturatingSub | Method::WrappingAdd => Cat::INT,
            _ => Cat::FLOAT,
        },
        ExprKind::Cast(_, ty) => cat_of_type(ty),
        ExprKind::Matches(..) => Cat::BOOL,
        ExprKind::Bound(..) => Cat::UNKNOWN,
        ExprKind::IntMethod(name, ..) if is_float_test(name) => Cat::BOOL,
        ExprKind::IntMethod(..) => Cat::UNKNOWN,
        ExprKind::CommQuery(..) => Cat::INT,
    }
}

pub fn infer(f: &Function, diag: &Diag) -> Types {
    let mut vars = IdVec::filled(Cat::UNKNOWN, f.vars.len());
    for (v, var) in f.vars.iter_enumerated() {
        if let Some(ty) = &var.annot {
            vars[v] = cat_of_type(ty);
        }
        if var.origin == VarOrigin::LoopIndex {
            vars[v] = Cat::INT;
        }
    }
    for &v in &f.values {
        vars[v] = Cat::Struct;
    }
    let same_type = Infer::struct_types(f, &vars);
    let mut inf =
        Infer { t: Types { vars, fields: HashMap::new(), data_fields: Default::default() }, changed: true, same_type };
    inf.run(&f.body);
    // Data a pattern takes out of a constant enum and only casts or
    // compares (`Some(k) => 1.0 / k as f64`) is constant either way: an
    // integer, and what it flows into follows.
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Let { var, init: Init::Expr(Expr { kind: ExprKind::Bound(..), .. }) } = &s.kind {
            if inf.t.vars[*var] == Cat::UNKNOWN {
                inf.t.vars[*var] = Cat::INT;
                inf.changed = true;
            }
        }
        // So is a value matched against patterns other than float
        // literals (`match p.kind { Kind::A => .. }`).
        for_each_expr(s, &mut |e| {
            if let ExprKind::Matches(m, pat) = &e.kind {
                let float_pat = pat.to_string().contains('.');
                if let (ExprKind::Read(p), false) = (&m.kind, float_pat) {
                    if p.is_var() && inf.t.vars[p.base] == Cat::UNKNOWN {
                        inf.t.vars[p.base] = Cat::INT;
                        inf.changed = true;
                    }
                }
            }
        });
    });
    inf.run(&f.body);
    inf.default_value_arithmetic(f);
    inf.guess_cast_fields(f);
    inf.run(&f.body);
    let t = inf.t;
    // MPI operations are differentiated on float data only.
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Mpi(op) = &s.kind {
            for b in op.bufs() {
                let c = place_cat(&t, &b.arg.place);
                let float = if b.scalar { c == Cat::FLOAT } else { c == Cat::Buf(Scalar::Float) };
                if !float && c != Cat::UNKNOWN {
                    diag.error(
                        s.span,
                        "MPI operations in differentiated code must move f64 or f32 data (a slice or a scalar); \
                         exchange integers (sizes, counts) before calling the derivative",
                    );
                }
            }
        }
    });
    t
}

/// Calls `f` on every place a statement reads (not counting nested blocks).
pub fn for_each_read(s: &Stmt, f: &mut dyn FnMut(&Place)) {
    let expr = |e: &Expr, f: &mut dyn FnMut(&Place)| e.visit_reads(f);
    match &s.kind {
        StmtKind::Let { init, .. } => match init {
            Init::Expr(e) => expr(e, f),
            Init::VecFill { elem, len } => {
                expr(elem, f);
                expr(len, f);
            }
            Init::VecLit(es) | Init::ArrayLit(es) => es.iter().for_each(|e| expr(e, f)),
            Init::ArrayFill { elem, .. } => expr(elem, f),
            Init::Copy(b) => buf_reads(b, f),
            Init::WithCapacity(n) => {
                if let Some(n) = n {
                    expr(n, f)
                }
            }
            Init::Call(c) => call_reads(c, f),
            Init::Uninit => {}
        },
        StmtKind::Assign { place, value, op } => {
            if *op != AssignOp::Set {
                f(place);
            }
            place.visit_index_reads(f);
            expr(value, f);
        }
        StmtKind::Call { call, .. } => call_reads(call, f),
        StmtKind::Push { vec, value } => {
            vec.visit_index_reads(f);
            expr(value, f);
        }
        StmtKind::Swap(a, b) => {
            a.visit_index_reads(f);
            b.visit_index_reads(f);
        }
        StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => expr(cond, f),
        // A bounds check reads lengths, not the buffers' elements.
        StmtKind::Check { cond, .. } => cond.visit_exprs(&mut |e| {
            if let ExprKind::Read(p) = &e.kind {
                f(p)
            }
        }),
        StmtKind::For { lo, hi, step, par, .. } => {
            expr(lo, f);
            expr(hi, f);
            if let Some(s) = step {
                expr(s, f);
            }
            for sp in par.iter().flat_map(|p| &p.splits) {
                expr(&sp.start, f);
                expr(&sp.per, f);
                sp.place.visit_index_reads(f);
            }
        }
        StmtKind::Opaque(_) => {}
        StmtKind::Mpi(op) => {
            op.ints().for_each(|e| expr(e, f));
            if let Some(b) = &op.send {
                f(&b.arg.place);
            }
            op.bufs().for_each(|b| buf_reads(&b.arg, f));
        }
    }
}

pub fn buf_reads(b: &BufArg, f: &mut dyn FnMut(&Place)) {
    b.place.visit_index_reads(f);
    if let Some((lo, hi)) = &b.range {
        lo.visit_reads(f);
        hi.visit_reads(f);
    }
}

fn call_reads(c: &Call, f: &mut dyn FnMut(&Place)) {
    for a in &c.args {
        match a {
            Arg::Value(e) => e.visit_reads(f),
            Arg::Buf(b) => buf_reads(b, f),
            Arg::Struct { place, .. } => place.visit_index_reads(f),
        }
    }
}

/// `x.is_nan()` and the other float tests: a `bool` of a float.
pub fn is_float_test(name: &syn::Ident) -> bool {
    crate::syntax::FLOAT_TESTS.contains(&name.to_string().as_str())
}
