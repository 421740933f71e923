//! The kernel IR: a typed, structured form of a `#[kernel]` body that both
//! emitters (CUDA C and the CPU path) print, and that the adjoint is built
//! in. It is small on purpose: the kernel subset has scalars, slices,
//! block-shared arrays, `if`, counted and `while` loops, and barriers.

pub use crate::ids::IdVec;
use crate::ir::{BinOp, Method, UnOp};
use proc_macro2::Span;
use syn::Ident;

crate::ids::id_type! {
    /// A local variable of a kernel: an index of `Kernel::locals`.
    VarId
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum IntTy {
    U8,
    U16,
    U32,
    U64,
    Usize,
    I8,
    I16,
    I32,
    I64,
    Isize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ty {
    F32,
    F64,
    Bool,
    Int(IntTy),
}

impl Ty {
    pub const USIZE: Ty = Ty::Int(IntTy::Usize);

    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }

    pub fn from_name(name: &str) -> Option<Ty> {
        use IntTy::*;
        Some(match name {
            "f32" => Ty::F32,
            "f64" => Ty::F64,
            "bool" => Ty::Bool,
            "u8" => Ty::Int(U8),
            "u16" => Ty::Int(U16),
            "u32" => Ty::Int(U32),
            "u64" => Ty::Int(U64),
            "usize" => Ty::Int(Usize),
            "i8" => Ty::Int(I8),
            "i16" => Ty::Int(I16),
            "i32" => Ty::Int(I32),
            "i64" => Ty::Int(I64),
            "isize" => Ty::Int(Isize),
            _ => return None,
        })
    }

    pub fn rust_name(self) -> &'static str {
        use IntTy::*;
        match self {
            Ty::F32 => "f32",
            Ty::F64 => "f64",
            Ty::Bool => "bool",
            Ty::Int(U8) => "u8",
            Ty::Int(U16) => "u16",
            Ty::Int(U32) => "u32",
            Ty::Int(U64) => "u64",
            Ty::Int(Usize) => "usize",
            Ty::Int(I8) => "i8",
            Ty::Int(I16) => "i16",
            Ty::Int(I32) => "i32",
            Ty::Int(I64) => "i64",
            Ty::Int(Isize) => "isize",
        }
    }

    /// The C type of the CUDA source (64-bit `size_t` for `usize`, as on
    /// the 64-bit hosts CUDA runs on).
    pub fn c_name(self) -> &'static str {
        use IntTy::*;
        match self {
            Ty::F32 => "float",
            Ty::F64 => "double",
            Ty::Bool => "bool",
            Ty::Int(U8) => "unsigned char",
            Ty::Int(U16) => "unsigned short",
            Ty::Int(U32) => "unsigned int",
            Ty::Int(U64) => "unsigned long long",
            Ty::Int(Usize) => "size_t",
            Ty::Int(I8) => "signed char",
            Ty::Int(I16) => "short",
            Ty::Int(I32) => "int",
            Ty::Int(I64) | Ty::Int(Isize) => "long long",
        }
    }

    pub fn rust(self) -> Ident {
        Ident::new(self.rust_name(), Span::call_site())
    }
}

pub struct Local {
    /// Unique in the kernel, and not a name the CUDA source reserves.
    pub name: Ident,
    pub ty: Ty,
    pub mutable: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParamKind {
    Scalar(Ty),
    Slice { elem: Ty, mutable: bool },
}

/// Where a parameter of a generated kernel comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// A parameter of the user's kernel, or the shadow of one.
    User,
    /// The one-element buffer the derivative of an `Active` scalar
    /// parameter is summed into; `launch_cpu` allocates and returns it.
    ActiveSlot,
}

#[derive(Clone)]
pub struct Param {
    pub name: Ident,
    pub kind: ParamKind,
    pub role: Role,
}

#[derive(Clone)]
pub struct Shared {
    pub name: Ident,
    pub elem: Ty,
    pub len: usize,
}

/// The spans of the first and the last token of `t`.
pub fn ends(t: &impl quote::ToTokens) -> (Span, Span) {
    let ts = t.to_token_stream();
    let first = ts.clone().into_iter().next().map_or(Span::call_site(), |t| t.span());
    let last = ts.into_iter().last().map_or(first, |t| t.span());
    (first, last)
}

/// A buffer: a slice parameter or a block-shared array.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Buf {
    Param(usize),
    Shared(usize),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Intrinsic {
    ThreadIdx,
    BlockIdx,
    BlockDim,
    GridDim,
    GlobalIndex,
}

impl Intrinsic {
    pub fn from_name(name: &str) -> Option<Intrinsic> {
        Some(match name {
            "thread_idx" => Intrinsic::ThreadIdx,
            "block_idx" => Intrinsic::BlockIdx,
            "block_dim" => Intrinsic::BlockDim,
            "grid_dim" => Intrinsic::GridDim,
            "global_index" => Intrinsic::GlobalIndex,
            _ => return None,
        })
    }

    /// Whether every thread of a block sees the same value.
    pub fn is_uniform(self) -> bool {
        !matches!(self, Intrinsic::ThreadIdx | Intrinsic::GlobalIndex)
    }
}

#[derive(Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Ty,
    pub span: Span,
    /// The span of the expression's last token (errors cover `span..end`).
    pub end: Span,
    /// The type variable while the body is being typed (`lower`); unused
    /// afterwards.
    pub tv: usize,
}

#[derive(Clone)]
pub enum ExprKind {
    /// A float literal's decimal digits (no suffix).
    Float(String),
    /// An integer literal's decimal digits.
    Int(String),
    Bool(bool),
    Var(VarId),
    /// A scalar parameter.
    Param(usize),
    Load(Buf, Box<Expr>),
    Len(Buf),
    Intrinsic(Intrinsic),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `e as ty`.
    Cast(Box<Expr>),
    Method(Method, Box<Expr>, Vec<Expr>),
    /// `if c { a } else { b }` as a value.
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
}

impl Expr {
    pub fn new(kind: ExprKind, ty: Ty, span: Span) -> Expr {
        Expr { kind, ty, span, end: span, tv: usize::MAX }
    }

    pub fn var(v: VarId, ty: Ty, span: Span) -> Expr {
        Expr::new(ExprKind::Var(v), ty, span)
    }

    pub fn zero(ty: Ty, span: Span) -> Expr {
        let kind = if ty.is_float() { ExprKind::Float("0.0".into()) } else { ExprKind::Int("0".into()) };
        Expr::new(kind, ty, span)
    }

    pub fn int(v: usize, span: Span) -> Expr {
        Expr::new(ExprKind::Int(v.to_string()), Ty::USIZE, span)
    }

    pub fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
        let ty = if op.is_comparison() || op.is_logical() { Ty::Bool } else { a.ty };
        let span = a.span;
        Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty, span)
    }

    /// Calls `f` on this expression and every subexpression.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Load(_, i) | ExprKind::Unary(_, i) | ExprKind::Cast(i) => i.visit(f),
            ExprKind::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            ExprKind::Method(_, r, args) => {
                r.visit(f);
                args.iter().for_each(|a| a.visit(f));
            }
            ExprKind::Select(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
            _ => {}
        }
    }

    /// The local variables the expression reads.
    pub fn vars(&self, out: &mut Vec<VarId>) {
        self.visit(&mut |e| {
            if let ExprKind::Var(v) = e.kind {
                out.push(v);
            }
        });
    }
}

#[derive(Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    /// The span of the statement's last token.
    pub end: Span,
}

#[derive(Clone)]
pub enum StmtKind {
    /// Declares `var` in the current block.
    Let {
        var: VarId,
        init: Expr,
    },
    Assign {
        var: VarId,
        value: Expr,
    },
    Store {
        buf: Buf,
        idx: Expr,
        value: Expr,
    },
    If {
        cond: Expr,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    /// `for var in lo..hi` (`rev`: from `hi - 1` down to `lo`).
    For {
        var: VarId,
        lo: Expr,
        hi: Expr,
        rev: bool,
        body: Vec<Stmt>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    /// `sync_threads()`.
    Sync,
    /// `buf[idx] += value` where several threads may add to one element
    /// (adjoint kernels only).
    AtomicAdd {
        buf: Buf,
        idx: Expr,
        value: Expr,
    },
    /// Sums `acc` over the threads of the block and adds the sum to
    /// `buf[idx]`, an index the whole block agrees on (adjoint kernels
    /// only; at the top level, where every thread reaches it).
    BlockReduceAdd {
        acc: VarId,
        buf: Buf,
        idx: Expr,
    },
}

impl Stmt {
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span, end: span }
    }

    /// Calls `f` on this statement and every statement nested in it.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Stmt)) {
        f(self);
        for b in self.blocks() {
            b.iter().for_each(|s| s.walk(f));
        }
    }

    /// The blocks nested directly in this statement.
    pub fn blocks(&self) -> Vec<&Vec<Stmt>> {
        match &self.kind {
            StmtKind::If { then, els, .. } => vec![then, els],
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => vec![body],
            _ => vec![],
        }
    }

    /// The expressions directly in this statement (not in nested blocks).
    pub fn exprs(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Let { init: e, .. } | StmtKind::Assign { value: e, .. } => vec![e],
            StmtKind::Store { idx, value, .. } | StmtKind::AtomicAdd { idx, value, .. } => vec![idx, value],
            StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => vec![cond],
            StmtKind::For { lo, hi, .. } => vec![lo, hi],
            StmtKind::BlockReduceAdd { idx, .. } => vec![idx],
            StmtKind::Sync => vec![],
        }
    }

    /// Whether a barrier is in this statement or nested in it.
    pub fn has_sync(&self) -> bool {
        let mut found = false;
        self.walk(&mut |s| found |= matches!(s.kind, StmtKind::Sync | StmtKind::BlockReduceAdd { .. }));
        found
    }
}

pub struct Kernel {
    /// The name of the CUDA function (and of the generated module).
    pub name: Ident,
    pub params: Vec<Param>,
    pub locals: IdVec<VarId, Local>,
    pub shared: Vec<Shared>,
    pub body: Vec<Stmt>,
}

impl Kernel {
    pub fn buf_elem(&self, b: Buf) -> Ty {
        match b {
            Buf::Param(p) => match self.params[p].kind {
                ParamKind::Slice { elem, .. } => elem,
                ParamKind::Scalar(t) => t,
            },
            Buf::Shared(s) => self.shared[s].elem,
        }
    }

    pub fn buf_name(&self, b: Buf) -> &Ident {
        match b {
            Buf::Param(p) => &self.params[p].name,
            Buf::Shared(s) => &self.shared[s].name,
        }
    }

    /// Adds a local; `name` is made unique.
    pub fn add_local(&mut self, name: &str, ty: Ty, span: Span) -> VarId {
        let name = super::names::unique(name, span, &self.taken());
        self.locals.push(Local { name, ty, mutable: true })
    }

    /// Every name in use: parameters, shared arrays, locals.
    pub fn taken(&self) -> Vec<String> {
        let mut t: Vec<String> = self.params.iter().map(|p| p.name.to_string()).collect();
        t.extend(self.shared.iter().map(|s| s.name.to_string()));
        t.extend(self.locals.iter().map(|l| l.name.to_string()));
        t
    }
}
