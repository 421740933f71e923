//! The intermediate representation: structured statements holding
//! expression trees. Every node keeps the span of the code it came from.
//!
//! Control flow is normalised by lowering: `break`, `continue` and `return`
//! become flags and guarded blocks, so every block runs to its end and the
//! only loops are counted `For` loops and `While` loops. Parallel regions,
//! MPI operations, kernel launches and checkpointed loops are further
//! statement kinds of the same tree.

use proc_macro2::{Span, TokenStream};
use syn::Ident;

pub use crate::ids::{BlockId, Id, IdVec, StmtId, VarId};
pub use walk::{defined_in, fields_and_args_only, for_each_expr, same_expr, same_place, same_tree, walk_stmts};

mod walk;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VarOrigin {
    Param(usize),
    Local,
    /// The counter of a `For` loop.
    LoopIndex,
    /// A value the lowering introduced (an accumulator, a flag, a call result).
    Temp,
}

pub struct Var {
    /// The name the generated code uses; unique in the function.
    pub name: Ident,
    pub span: Span,
    pub origin: VarOrigin,
    /// The type written by the user (`let x: f64`, a parameter's type).
    pub annot: Option<syn::Type>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UnOp {
    Neg,
    Not,
}

/// A method of `f32`/`f64` (or of an integer, where the name is shared).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Exp,
    Exp2,
    ExpM1,
    Ln,
    Ln1p,
    Log2,
    Log10,
    Sqrt,
    Cbrt,
    Powi,
    Powf,
    Hypot,
    Abs,
    Min,
    Max,
    MulAdd,
    Recip,
    Floor,
    Ceil,
    Round,
    Trunc,
    Signum,
    /// Integer-only helpers that share the method syntax.
    Pow,
    DivCeil,
    SaturatingSub,
    WrappingAdd,
}

impl Method {
    pub fn from_name(name: &str) -> Option<Method> {
        use Method::*;
        Some(match name {
            "sin" => Sin,
            "cos" => Cos,
            "tan" => Tan,
            "asin" => Asin,
            "acos" => Acos,
            "atan" => Atan,
            "atan2" => Atan2,
            "sinh" => Sinh,
            "cosh" => Cosh,
            "tanh" => Tanh,
            "exp" => Exp,
            "exp2" => Exp2,
            "exp_m1" => ExpM1,
            "ln" => Ln,
            "ln_1p" => Ln1p,
            "log2" => Log2,
            "log10" => Log10,
            "sqrt" => Sqrt,
            "cbrt" => Cbrt,
            "powi" => Powi,
            "powf" => Powf,
            "hypot" => Hypot,
            "abs" => Abs,
            "min" => Min,
            "max" => Max,
            "mul_add" => MulAdd,
            "recip" => Recip,
            "floor" => Floor,
            "ceil" => Ceil,
            "round" => Round,
            "trunc" => Trunc,
            "signum" => Signum,
            "pow" => Pow,
            "div_ceil" => DivCeil,
            "saturating_sub" => SaturatingSub,
            "wrapping_add" => WrappingAdd,
            _ => return None,
        })
    }

    pub fn arity(self) -> usize {
        use Method::*;
        match self {
            Atan2 | Powi | Powf | Hypot | Min | Max | Pow | DivCeil | SaturatingSub | WrappingAdd => 1,
            MulAdd => 2,
            _ => 0,
        }
    }

    /// The function of C's math library that computes it (CUDA's, for
    /// `double`; `f` appended for `float`), where it is one.
    pub fn c_name(self) -> &'static str {
        use Method::*;
        match self {
            ExpM1 => "expm1",
            Ln => "log",
            Ln1p => "log1p",
            Abs => "fabs",
            Powf => "pow",
            Min => "fmin",
            Max => "fmax",
            MulAdd => "fma",
            m => m.name(),
        }
    }

    pub fn name(self) -> &'static str {
        use Method::*;
        match self {
            Sin => "sin",
            Cos => "cos",
            Tan => "tan",
            Asin => "asin",
            Acos => "acos",
            Atan => "atan",
            Atan2 => "atan2",
            Sinh => "sinh",
            Cosh => "cosh",
            Tanh => "tanh",
            Exp => "exp",
            Exp2 => "exp2",
            ExpM1 => "exp_m1",
            Ln => "ln",
            Ln1p => "ln_1p",
            Log2 => "log2",
            Log10 => "log10",
            Sqrt => "sqrt",
            Cbrt => "cbrt",
            Powi => "powi",
            Powf => "powf",
            Hypot => "hypot",
            Abs => "abs",
            Min => "min",
            Max => "max",
            MulAdd => "mul_add",
            Recip => "recip",
            Floor => "floor",
            Ceil => "ceil",
            Round => "round",
            Trunc => "trunc",
            Signum => "signum",
            Pow => "pow",
            DivCeil => "div_ceil",
            SaturatingSub => "saturating_sub",
            WrappingAdd => "wrapping_add",
        }
    }

    /// Float methods whose derivative is zero almost everywhere.
    pub fn is_piecewise_constant(self) -> bool {
        use Method::*;
        matches!(self, Floor | Ceil | Round | Trunc | Signum)
    }
}

#[derive(Clone)]
pub enum Proj {
    Field(syn::Member),
    Index(Box<Expr>),
}

/// A memory location: a variable, optionally followed by fields and indices.
#[derive(Clone)]
pub struct Place {
    pub base: VarId,
    pub proj: Vec<Proj>,
}

impl Place {
    pub fn var(base: VarId) -> Place {
        Place { base, proj: Vec::new() }
    }
    pub fn is_var(&self) -> bool {
        self.proj.is_empty()
    }
    pub fn index(&self, idx: Expr) -> Place {
        let mut p = self.clone();
        p.proj.push(Proj::Index(Box::new(idx)));
        p
    }
    pub fn field(&self, m: syn::Member) -> Place {
        let mut p = self.clone();
        p.proj.push(Proj::Field(m));
        p
    }
}

#[derive(Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone)]
pub enum ExprKind {
    Lit(syn::Lit),
    /// Zero or one of the accumulator's type (`0.0` or `0`), decided by type inference.
    Zero,
    One,
    /// A path that is not a variable: a constant, `f64::consts::PI`, an enum variant.
    Const(syn::Path),
    Read(Place),
    Len(Place),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Method(Method, Box<Expr>, Vec<Expr>),
    Cast(Box<Expr>, syn::Type),
    /// `parad::no_grad(e)`: a constant as far as derivatives go.
    NoGrad(Box<Expr>),
    /// `matches!(e, pat)` on an inactive value.
    Matches(Box<Expr>, TokenStream),
    /// The value a pattern binds to a name, in the branch where the pattern
    /// matched: `Some(x) => ..` binds `x` to `Bound(scrutinee, Some(x), x)`.
    Bound(Box<Expr>, TokenStream, Ident),
    /// A method of an integer that has no derivative (`trailing_zeros`,
    /// `count_ones`, `rem_euclid`, ...). Type inference checks that the
    /// receiver is an integer and the result is not used as a float.
    IntMethod(syn::Ident, Box<Expr>, Vec<Expr>),
    /// `comm.rank()` or `comm.size()` of an MPI communicator parameter (an `i32`).
    CommQuery(VarId, CommQuery),
    /// A literal of a value type, `V3 { x: e1, y: e2, z: e3 }`: every field
    /// named (see `docs/values.md`).
    StructLit(syn::Path, Vec<(syn::Member, Expr)>),
    /// `V3::default()`, the zero of a value type: a constant.
    ValueDefault(syn::Type),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CommQuery {
    Rank,
    Size,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
    pub fn read(place: Place, span: Span) -> Expr {
        Expr::new(ExprKind::Read(place), span)
    }
    pub fn var(v: VarId, span: Span) -> Expr {
        Expr::read(Place::var(v), span)
    }
    pub fn binary(op: BinOp, a: Expr, b: Expr, span: Span) -> Expr {
        Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), span)
    }
    pub fn int(v: usize, span: Span) -> Expr {
        Expr::new(ExprKind::Lit(syn::Lit::Int(syn::LitInt::new(&v.to_string(), span))), span)
    }
    pub fn bool(v: bool, span: Span) -> Expr {
        Expr::new(ExprKind::Lit(syn::Lit::Bool(syn::LitBool::new(v, span))), span)
    }
    pub fn not(e: Expr) -> Expr {
        let span = e.span;
        Expr::new(ExprKind::Unary(UnOp::Not, Box::new(e)), span)
    }
    pub fn is_lit_int(&self, v: u64) -> bool {
        self.int_lit() == Some(v)
    }

    /// The value of an integer literal.
    pub fn int_lit(&self) -> Option<u64> {
        match &self.kind {
            ExprKind::Lit(syn::Lit::Int(i)) => i.base10_parse().ok(),
            _ => None,
        }
    }

    /// Whether this expression reads a variable `of` picks (in a place or
    /// one of its indices, or a length).
    pub fn reads_where(&self, of: impl Fn(VarId) -> bool) -> bool {
        let mut hit = false;
        self.visit_reads(&mut |p| hit |= of(p.base));
        hit
    }

    /// Calls `f` on every place read by this expression (including index
    /// expressions inside places).
    pub fn visit_reads(&self, f: &mut dyn FnMut(&Place)) {
        match &self.kind {
            ExprKind::Read(p) | ExprKind::Len(p) => {
                f(p);
                p.visit_index_reads(f);
            }
            ExprKind::Unary(_, a)
            | ExprKind::Cast(a, _)
            | ExprKind::NoGrad(a)
            | ExprKind::Matches(a, _)
            | ExprKind::Bound(a, ..) => a.visit_reads(f),
            ExprKind::Binary(_, a, b) => {
                a.visit_reads(f);
                b.visit_reads(f);
            }
            ExprKind::Method(_, r, args) | ExprKind::IntMethod(_, r, args) => {
                r.visit_reads(f);
                args.iter().for_each(|a| a.visit_reads(f));
            }
            ExprKind::StructLit(_, fields) => fields.iter().for_each(|(_, e)| e.visit_reads(f)),
            ExprKind::Lit(_)
            | ExprKind::Zero
            | ExprKind::One
            | ExprKind::Const(_)
            | ExprKind::CommQuery(..)
            | ExprKind::ValueDefault(_) => {}
        }
    }
}

impl Expr {
    /// Calls `f` on this expression and every subexpression, index
    /// expressions of places included.
    pub fn visit_exprs(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        let place = |p: &Place, f: &mut dyn FnMut(&Expr)| {
            for pr in &p.proj {
                if let Proj::Index(i) = pr {
                    i.visit_exprs(f);
                }
            }
        };
        match &self.kind {
            ExprKind::Read(p) | ExprKind::Len(p) => place(p, f),
            ExprKind::Unary(_, a)
            | ExprKind::Cast(a, _)
            | ExprKind::NoGrad(a)
            | ExprKind::Matches(a, _)
            | ExprKind::Bound(a, ..) => a.visit_exprs(f),
            ExprKind::Binary(_, a, b) => {
                a.visit_exprs(f);
                b.visit_exprs(f);
            }
            ExprKind::Method(_, r, args) | ExprKind::IntMethod(_, r, args) => {
                r.visit_exprs(f);
                args.iter().for_each(|a| a.visit_exprs(f));
            }
            ExprKind::StructLit(_, fields) => fields.iter().for_each(|(_, e)| e.visit_exprs(f)),
            _ => {}
        }
    }
}

impl Place {
    pub fn visit_index_reads(&self, f: &mut dyn FnMut(&Place)) {
        for p in &self.proj {
            if let Proj::Index(e) = p {
                e.visit_reads(f);
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
    Mul,
    Div,
}

/// How a buffer argument is passed to a call.
#[derive(Clone)]
pub struct BufArg {
    pub place: Place,
    /// `Some((lo, hi))` for `&x[lo..hi]`.
    pub range: Option<(Expr, Expr)>,
    pub mutable: bool,
    /// Passed as `no_grad(x)`: no derivative flows through this argument.
    pub nograd: bool,
    /// A number lent by reference as a slice of one (see `scalars`): the
    /// plain function takes the number (`&mut n[0]`).
    pub one: bool,
}

#[derive(Clone)]
pub enum Arg {
    Value(Expr),
    Buf(BufArg),
    /// `&s` / `&mut s` of a struct; with `by_value`, a differentiated
    /// value `s` itself (see `docs/values.md`).
    Struct {
        place: Place,
        mutable: bool,
        by_value: bool,
    },
}

#[derive(Clone)]
pub struct Call {
    pub path: syn::Path,
    pub args: Vec<Arg>,
    /// Inside `no_grad(...)`: the plain function is called, nothing is recorded.
    pub nograd: bool,
}

impl Call {
    /// Whether the call passes a differentiated value, and so calls the
    /// callee's companions with value slots (see `docs/values.md`).
    pub fn passes_values(&self) -> bool {
        self.args.iter().any(|a| matches!(a, Arg::Struct { by_value: true, .. }))
    }
}

#[derive(Clone)]
pub enum Init {
    Expr(Expr),
    /// `let x;` assigned later (an `if` expression's result).
    Uninit,
    /// `vec![elem; len]`
    VecFill {
        elem: Expr,
        len: Expr,
    },
    /// `vec![a, b, c]`
    VecLit(Vec<Expr>),
    /// `[a, b, c]`
    ArrayLit(Vec<Expr>),
    /// `[elem; LEN]` with a constant length.
    ArrayFill {
        elem: Expr,
        len: syn::Expr,
    },
    /// `x.to_vec()`, `x.clone()`, `x[a..b].to_vec()`.
    Copy(BufArg),
    /// `Vec::with_capacity(n)` / `Vec::new()`.
    WithCapacity(Option<Expr>),
    /// The result of a call (`let r = f(...)`).
    Call(Call),
}

#[derive(Clone)]
pub struct Block {
    /// Unique in the function once `number_blocks` has run; the function body is `BlockId::BODY`.
    pub id: BlockId,
    pub stmts: Vec<Stmt>,
}

impl Block {
    pub fn new(stmts: Vec<Stmt>) -> Block {
        Block { id: BlockId::BODY, stmts }
    }
}

/// Gives every block a unique id, depth first, the body first.
pub fn number_blocks(b: &mut Block, next: &mut usize) {
    b.id = BlockId::from_index(*next);
    *next += 1;
    for s in &mut b.stmts {
        match &mut s.kind {
            StmtKind::If { then_blk, else_blk, .. } => {
                number_blocks(then_blk, next);
                number_blocks(else_blk, next);
            }
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => number_blocks(body, next),
            _ => {}
        }
    }
}

#[derive(Clone)]
pub struct Stmt {
    pub id: StmtId,
    pub kind: StmtKind,
    pub span: Span,
}

impl Stmt {
    /// The call the statement makes, and the variables its results go to.
    pub fn call(&self) -> Option<(&Call, &[VarId])> {
        match &self.kind {
            StmtKind::Call { call, dests } => Some((call, dests.as_slice())),
            StmtKind::Let { var, init: Init::Call(call) } => Some((call, std::slice::from_ref(var))),
            _ => None,
        }
    }
}

#[derive(Clone)]
pub enum StmtKind {
    Let {
        var: VarId,
        init: Init,
    },
    Assign {
        place: Place,
        op: AssignOp,
        value: Expr,
    },
    /// A call whose result is discarded or destructured into `dests`.
    Call {
        dests: Vec<VarId>,
        call: Call,
    },
    Push {
        vec: Place,
        value: Expr,
    },
    Swap(Place, Place),
    If {
        cond: Expr,
        then_blk: Block,
        else_blk: Block,
    },
    /// `for index in (lo..hi).step_by(step)`, reversed when `rev`; a rayon
    /// loop when `par` is set.
    For {
        index: VarId,
        lo: Expr,
        hi: Expr,
        step: Option<Expr>,
        rev: bool,
        body: Block,
        par: Option<ParLoop>,
    },
    While {
        cond: Expr,
        body: Block,
    },
    /// A statement with no effect on values (an assertion, a print), kept
    /// verbatim in the forward sweep and dropped from the reverse.
    Opaque(TokenStream),
    /// Rust's panic where `cond` holds (a bounds check of a sub-slice): in
    /// the forward sweep only, reading only integers.
    Check {
        cond: Expr,
        message: &'static str,
    },
    /// An MPI operation on float data (rsmpi), DESIGN section 6.
    Mpi(MpiOp),
}

/// One rsmpi operation. Ranks and tags are the user's integer expressions;
/// the runtime records them, so the adjoint reads nothing of the primal.
#[derive(Clone)]
pub struct MpiOp {
    pub kind: MpiKind,
    /// The communicator: a parameter of the function.
    pub comm: VarId,
    /// The destination of a send, the root of a collective; `None` for an
    /// any-source receive and for operations without one.
    pub peer: Option<Expr>,
    /// The source of a `send_receive`.
    pub source: Option<Expr>,
    pub tag: Option<Expr>,
    pub recv_tag: Option<Expr>,
    /// The buffer read (sent, reduced, gathered, scattered from).
    pub send: Option<MpiBuf>,
    /// The buffer written (received into; a broadcast's one buffer).
    pub recv: Option<MpiBuf>,
    /// The request of an immediate operation, and of its wait.
    pub request: Option<VarId>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MpiKind {
    Send,
    Receive,
    SendReceive,
    Broadcast,
    Reduce(ReduceOp),
    AllReduce(ReduceOp),
    Gather,
    AllGather,
    Scatter,
    Barrier,
    /// `p.immediate_send(scope, &x)`: `send` is `x`.
    ImmediateSend,
    /// `p.immediate_receive_into(scope, &mut y)`: `recv` is `y`, written at
    /// the wait.
    ImmediateReceive,
    /// `request.wait()` of an immediate send (`send`: its buffer).
    WaitSend,
    /// `request.wait()` of an immediate receive: writes `recv`.
    WaitReceive,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReduceOp {
    Sum,
    Max,
    Min,
}

/// A buffer of an MPI operation: a slice, or a scalar passed as `&x`.
#[derive(Clone)]
pub struct MpiBuf {
    pub arg: BufArg,
    pub scalar: bool,
}

impl MpiOp {
    pub fn bufs(&self) -> impl Iterator<Item = &MpiBuf> {
        self.send.iter().chain(&self.recv)
    }
    /// The buffer the operation writes, if it writes one (an immediate
    /// receive writes at its wait).
    pub fn written(&self) -> Option<&MpiBuf> {
        self.recv.as_ref().filter(|_| self.kind != MpiKind::ImmediateReceive)
    }
    /// The integer expressions the forward operation evaluates.
    pub fn ints(&self) -> impl Iterator<Item = &Expr> {
        [&self.peer, &self.source, &self.tag, &self.recv_tag].into_iter().flatten()
    }
}

/// A parallel loop (a rayon iterator chain): its iterations are independent,
/// and each owns a run of elements of the buffers the chain splits.
#[derive(Clone, Default)]
pub struct ParLoop {
    pub splits: Vec<Split>,
}

/// A buffer a parallel loop splits: iteration `index` owns the elements
/// `base ..` (`per` of them, `base` written in terms of the loop counter),
/// `par_iter_mut` one, `par_chunks_mut(k)` a row of `k`.
#[derive(Clone)]
pub struct Split {
    pub place: Place,
    pub base: Expr,
    /// `base` in the loop's first iteration.
    pub start: Expr,
    pub per: Expr,
    pub mutable: bool,
    /// A split between the two tasks of a `join`: task 0 owns the elements
    /// before `per`, task 1 the rest. Lowering proved that each task only
    /// passes on sub-slices inside its part; `base` and `start` are zero.
    pub cut: bool,
}

/// `#[checkpoint(...)]` on a loop (DESIGN section 8), kept beside the IR
/// by the loop's statement id: the loop stays an ordinary loop for the
/// analyses, and only the plan and the reverse sweep treat it as steps.
#[derive(Clone)]
pub struct Checkpoint {
    pub scheme: Scheme,
    /// The number of snapshots, or the period of `periodic`.
    pub count: Expr,
    /// `storage = disk("dir")`: the directory as written (a string
    /// literal, or a macro giving one); `None` for memory.
    pub disk: Option<syn::Expr>,
    /// The scheme in the attribute, for errors about the loop.
    pub span: Span,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scheme {
    Binomial,
    Periodic,
    Online,
}

pub struct Function {
    pub vars: IdVec<VarId, Var>,
    pub params: Vec<VarId>,
    pub body: Block,
    /// The variable holding the result, if the function returns a value.
    pub ret: Option<VarId>,
    /// The variables holding the elements of a returned tuple.
    pub ret_parts: Vec<VarId>,
    pub stmt_count: usize,
    pub block_count: usize,
    /// The checkpointed loops, by statement id.
    pub checkpoints: std::collections::HashMap<StmtId, Checkpoint>,
    /// The variables of value types (parameters `a: V3` and locals, see
    /// `docs/values.md`): struct places whose shadows and tangents are
    /// values, not references.
    pub values: Vec<VarId>,
    /// The value parameters a caller may pass a derivative in, through
    /// the companions taking values (the others are constant data).
    pub value_slots: Vec<VarId>,
}
