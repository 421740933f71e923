//! rsmpi calls: point-to-point messages on a process
//! (`world.process_at_rank(r).send(&x)`, or a name bound to one), collectives
//! on the communicator or the root's process, `send_receive_into`, and
//! `world.rank()` / `world.size()`. The communicator must be a parameter.

use super::state::{Binding, Lowerer, Request};
use crate::ir::*;
use crate::syntax::strip_parens;
use syn::spanned::Spanned;

const SUPPORTED: &str = "supported are `send`, `send_with_tag`, `receive_into`, `receive_into_with_tag`, \
     `immediate_send`, `immediate_receive_into` (and their `_with_tag` forms, in a request scope), \
     `broadcast_into`, `reduce_into_root` / `reduce_into`, `gather_into_root` / `gather_into`, \
     `scatter_into_root` / `scatter_into` on a process (`world.process_at_rank(r)`), `all_reduce_into`, \
     `all_gather_into` and `barrier` on the communicator, and `mpi::point_to_point::send_receive_into`";

/// The process an operation names: its communicator and rank (`None`: any).
struct Process {
    comm: VarId,
    rank: Option<Expr>,
}

impl Lowerer<'_> {
    pub fn is_comm(&self, v: VarId) -> bool {
        self.comm_params.contains(&v)
    }

    /// A communicator parameter named by `e`.
    fn comm_of(&self, e: &syn::Expr) -> Option<VarId> {
        let e = match strip_parens(e) {
            syn::Expr::Reference(r) => strip_parens(&r.expr),
            e => e,
        };
        let syn::Expr::Path(p) = e else { return None };
        match self.lookup(&p.path.get_ident()?.to_string()) {
            Some(Binding::Var(v)) if self.is_comm(*v) => Some(*v),
            _ => None,
        }
    }

    /// `world.process_at_rank(r)`, `world.any_process()`, `world.this_process()`,
    /// or a name bound to one of them.
    fn process_of(&mut self, e: &syn::Expr) -> Option<Process> {
        let e = match strip_parens(e) {
            syn::Expr::Reference(r) => strip_parens(&r.expr),
            e => e,
        };
        match e {
            syn::Expr::Path(p) => match self.lookup(&p.path.get_ident()?.to_string()) {
                Some(Binding::Process { comm, rank }) => Some(Process { comm: *comm, rank: rank.clone() }),
                _ => None,
            },
            syn::Expr::MethodCall(m) => {
                let comm = self.comm_of(&m.receiver)?;
                let span = m.span();
                match (m.method.to_string().as_str(), m.args.len()) {
                    ("process_at_rank", 1) => Some(Process { comm, rank: Some(self.lower_expr(&m.args[0])) }),
                    ("any_process", 0) => Some(Process { comm, rank: None }),
                    ("this_process", 0) => {
                        let q = Expr::new(ExprKind::CommQuery(comm, CommQuery::Rank), span);
                        Some(Process { comm, rank: Some(Expr::var(self.temp("rank", Init::Expr(q), span), span)) })
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `let next = world.process_at_rank(r);` binds a process; its rank is
    /// computed once, here.
    pub fn try_process_binding(&mut self, ident: &syn::Ident, init: &syn::Expr) -> bool {
        if !matches!(strip_parens(init), syn::Expr::MethodCall(m) if self.comm_of(&m.receiver).is_some()) {
            return false;
        }
        let Some(p) = self.process_of(init) else { return false };
        let span = init.span();
        let rank = p.rank.map(|r| self.pin(r, &format!("{ident}_rank"), span));
        self.bind(ident, Binding::Process { comm: p.comm, rank });
        true
    }

    /// `world.rank()` and `world.size()`, as a named value: the adjoint,
    /// which has no user communicator, reads the name.
    pub fn try_comm_query(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let q = self.comm_query(m)?;
        let span = m.span();
        let base = if matches!(q.kind, ExprKind::CommQuery(_, CommQuery::Rank)) { "rank" } else { "size" };
        Some(Expr::var(self.temp(base, Init::Expr(q), span), span))
    }

    /// `world.rank()` or `world.size()` itself.
    pub fn comm_query(&self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let comm = self.comm_of(&m.receiver)?;
        let q = match (m.method.to_string().as_str(), m.args.is_empty()) {
            ("rank", true) => CommQuery::Rank,
            ("size", true) => CommQuery::Size,
            _ => return None,
        };
        Some(Expr::new(ExprKind::CommQuery(comm, q), m.span()))
    }

    /// A buffer of an operation: a slice (`&x`, `&mut y[a..b]`, a slice
    /// variable) or a float scalar (`&s`, `&mut total`).
    fn mpi_buf(&mut self, e: &syn::Expr, mutable: bool) -> Option<MpiBuf> {
        let e = super::syntax::one_lent(e).unwrap_or(e);
        if let Some(view) = self.try_sliced_view(e) {
            return Some(MpiBuf { arg: view.to_arg(mutable), scalar: false });
        }
        let inner = match strip_parens(e) {
            syn::Expr::Reference(r) => &*r.expr,
            other => {
                self.diag.error(
                    other.span(),
                    "pass a buffer of an MPI operation as `&x`, `&mut x` or a sub-slice `&x[a..b]`",
                );
                return None;
            }
        };
        let place = self.lower_place(inner)?;
        Some(MpiBuf { arg: BufArg { place, range: None, mutable, nograd: false, one: false }, scalar: true })
    }

    /// `SystemOperation::sum()` and friends.
    fn reduce_op(&mut self, e: &syn::Expr) -> Option<ReduceOp> {
        let e = match strip_parens(e) {
            syn::Expr::Reference(r) => strip_parens(&r.expr),
            e => e,
        };
        if let syn::Expr::Call(c) = e {
            if let syn::Expr::Path(p) = &*c.func {
                let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
                if c.args.is_empty() && segs.len() >= 2 && segs[segs.len() - 2] == "SystemOperation" {
                    match segs[segs.len() - 1].as_str() {
                        "sum" => return Some(ReduceOp::Sum),
                        "max" => return Some(ReduceOp::Max),
                        "min" => return Some(ReduceOp::Min),
                        _ => {}
                    }
                }
            }
        }
        self.diag.error(
            e.span(),
            "the reductions that can be differentiated are `SystemOperation::sum()`, `SystemOperation::max()` and \
             `SystemOperation::min()`",
        );
        None
    }

    /// An rsmpi call in statement position; `false` when `e` is not one.
    pub fn try_mpi_stmt(&mut self, e: &syn::Expr) -> bool {
        match strip_parens(e) {
            syn::Expr::MethodCall(m) => self.try_mpi_method(m),
            syn::Expr::Call(c) => self.try_send_receive(c),
            _ => false,
        }
    }

    fn try_mpi_method(&mut self, m: &syn::ExprMethodCall) -> bool {
        let name = m.method.to_string();
        let span = m.span();
        let args: Vec<&syn::Expr> = m.args.iter().collect();
        let empty = |comm| MpiOp {
            kind: MpiKind::Barrier,
            comm,
            peer: None,
            source: None,
            tag: None,
            recv_tag: None,
            send: None,
            recv: None,
            request: None,
        };
        if let Some(r) = self.request_of(&m.receiver) {
            if matches!(name.as_str(), "wait" | "wait_without_status") && args.is_empty() {
                self.lower_wait(r, span);
            } else {
                self.diag.error(m.method.span(), "a request of an immediate operation supports `.wait()` only");
            }
            return true;
        }
        if let Some(comm) = self.comm_of(&m.receiver) {
            if matches!(name.as_str(), "rank" | "size" | "process_at_rank" | "any_process" | "this_process") {
                return false;
            }
            let mut op = empty(comm);
            match (name.as_str(), args.as_slice()) {
                ("barrier", []) => {}
                ("all_reduce_into", [s, r, o]) => {
                    let Some(red) = self.reduce_op(o) else { return true };
                    op.kind = MpiKind::AllReduce(red);
                    op.send = self.mpi_buf(s, false);
                    op.recv = self.mpi_buf(r, true);
                }
                ("all_gather_into", [s, r]) => {
                    op.kind = MpiKind::AllGather;
                    op.send = self.mpi_buf(s, false);
                    op.recv = self.mpi_buf(r, true);
                }
                _ => {
                    self.unsupported(m);
                    return true;
                }
            }
            self.emit_mpi(op, span);
            return true;
        }
        let Some(p) = self.process_of(&m.receiver) else { return false };
        let mut op = empty(p.comm);
        op.peer = p.rank;
        match (name.as_str(), args.as_slice()) {
            ("send", [x]) => {
                op.kind = MpiKind::Send;
                op.send = self.mpi_buf(x, false);
            }
            ("send_with_tag", [x, t]) => {
                op.kind = MpiKind::Send;
                op.send = self.mpi_buf(x, false);
                op.tag = Some(self.lower_expr(t));
            }
            ("receive_into", [y]) => {
                op.kind = MpiKind::Receive;
                op.recv = self.mpi_buf(y, true);
            }
            ("receive_into_with_tag", [y, t]) => {
                op.kind = MpiKind::Receive;
                op.recv = self.mpi_buf(y, true);
                op.tag = Some(self.lower_expr(t));
            }
            ("broadcast_into", [y]) => {
                op.kind = MpiKind::Broadcast;
                op.recv = self.mpi_buf(y, true);
            }
            ("reduce_into_root", [s, r, o]) => {
                let Some(red) = self.reduce_op(o) else { return true };
                op.kind = MpiKind::Reduce(red);
                op.send = self.mpi_buf(s, false);
                op.recv = self.mpi_buf(r, true);
            }
            ("reduce_into", [s, o]) => {
                let Some(red) = self.reduce_op(o) else { return true };
                op.kind = MpiKind::Reduce(red);
                op.send = self.mpi_buf(s, false);
            }
            ("gather_into_root", [s, r]) => {
                op.kind = MpiKind::Gather;
                op.send = self.mpi_buf(s, false);
                op.recv = self.mpi_buf(r, true);
            }
            ("gather_into", [s]) => {
                op.kind = MpiKind::Gather;
                op.send = self.mpi_buf(s, false);
            }
            ("scatter_into_root", [s, r]) => {
                op.kind = MpiKind::Scatter;
                op.send = self.mpi_buf(s, false);
                op.recv = self.mpi_buf(r, true);
            }
            ("scatter_into", [r]) => {
                op.kind = MpiKind::Scatter;
                op.recv = self.mpi_buf(r, true);
            }
            _ => {
                self.unsupported(m);
                return true;
            }
        }
        if op.peer.is_none() && op.kind != MpiKind::Receive {
            self.diag.error(m.receiver.span(), "only a receive may name `any_process()`; name the rank");
            return true;
        }
        self.emit_mpi(op, span);
        true
    }

    /// `send_receive_into(&a, &dest, &mut b, &source)` and its `_with_tags` form.
    fn try_send_receive(&mut self, c: &syn::ExprCall) -> bool {
        let syn::Expr::Path(p) = &*c.func else { return false };
        let Some(last) = p.path.segments.last().map(|s| s.ident.to_string()) else { return false };
        let args: Vec<&syn::Expr> = c.args.iter().collect();
        let (a, dest, stag, b, source, rtag) = match (last.as_str(), args.as_slice()) {
            ("send_receive_into", [a, d, b, s]) => (a, d, None, b, s, None),
            ("send_receive_into_with_tags", [a, d, st, b, s, rt]) => (a, d, Some(st), b, s, Some(rt)),
            _ => return false,
        };
        let (Some(d), Some(s)) = (self.process_of(dest), self.process_of(source)) else {
            self.diag.error(
                c.span(),
                "`send_receive_into` needs processes of a communicator parameter (`&world.process_at_rank(r)`)",
            );
            return true;
        };
        if d.comm != s.comm || d.rank.is_none() || s.rank.is_none() {
            self.diag.error(c.span(), "`send_receive_into` needs two named ranks of the same communicator");
            return true;
        }
        let send = self.mpi_buf(a, false);
        let recv = self.mpi_buf(b, true);
        let tag = stag.map(|t| self.lower_expr(t));
        let recv_tag = rtag.map(|t| self.lower_expr(t));
        let op = MpiOp {
            kind: MpiKind::SendReceive,
            comm: d.comm,
            peer: d.rank,
            source: s.rank,
            tag,
            recv_tag,
            send,
            recv,
            request: None,
        };
        self.emit_mpi(op, c.span());
        true
    }

    fn emit_mpi(&mut self, op: MpiOp, span: proc_macro2::Span) {
        let complete = match op.kind {
            MpiKind::Barrier => true,
            MpiKind::Send | MpiKind::Gather | MpiKind::Reduce(_) => op.send.is_some(),
            MpiKind::SendReceive | MpiKind::AllReduce(_) | MpiKind::AllGather => op.send.is_some() && op.recv.is_some(),
            MpiKind::Receive | MpiKind::Broadcast | MpiKind::Scatter => op.recv.is_some(),
            MpiKind::ImmediateSend | MpiKind::WaitSend => op.send.is_some(),
            MpiKind::ImmediateReceive | MpiKind::WaitReceive => op.recv.is_some(),
        };
        // A buffer that failed to lower has its error already.
        if complete {
            self.emit(StmtKind::Mpi(op), span);
        }
    }

    fn unsupported(&mut self, m: &syn::ExprMethodCall) {
        let name = m.method.to_string();
        let what = if name.starts_with("immediate_") {
            format!(
                "`{name}` is differentiated as `let request = p.{name}(scope, ..);` inside \
                 `mpi::request::scope(|scope| ..)`, waited with `request.wait()` in the same scope"
            )
        } else {
            format!("the MPI operation `{name}` cannot be differentiated")
        };
        self.diag.error(m.method.span(), format!("{what}: {SUPPORTED}"));
    }
}

/// MPI operations run on the thread that calls the derivative: none may sit
/// inside a rayon loop, `join` or `scope`.
pub fn check_placement(b: &Block, in_par: bool, diag: &crate::diag::Diag) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Mpi(_) if in_par => diag.error(
                s.span,
                "MPI operations inside a rayon loop, `join` or `scope` cannot be differentiated; communicate \
                 before or after the parallel region",
            ),
            StmtKind::If { then_blk, else_blk, .. } => {
                check_placement(then_blk, in_par, diag);
                check_placement(else_blk, in_par, diag);
            }
            StmtKind::For { body, par, .. } => check_placement(body, in_par || par.is_some(), diag),
            StmtKind::While { body, .. } => check_placement(body, in_par, diag),
            _ => {}
        }
    }
}

impl Lowerer<'_> {
    /// `mpi::request::scope(|scope| { .. })` in statement position: its body
    /// is lowered in place; every request made in it must be waited in it.
    pub fn try_request_scope(&mut self, c: &syn::ExprCall) -> bool {
        let syn::Expr::Path(p) = &*c.func else { return false };
        let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
        if !(segs.len() >= 2 && segs[segs.len() - 2] == "request" && segs[segs.len() - 1] == "scope") {
            return false;
        }
        let closure = match c.args.first().map(strip_parens) {
            Some(syn::Expr::Closure(cl)) if c.args.len() == 1 && cl.inputs.len() == 1 => cl,
            _ => {
                self.diag.error(c.span(), "`mpi::request::scope` takes a closure `|scope| { .. }`");
                return true;
            }
        };
        let syn::Pat::Ident(param) = &closure.inputs[0] else {
            self.diag.error(closure.inputs[0].span(), "name the request scope: `|scope| { .. }`");
            return true;
        };
        let before: std::collections::HashSet<VarId> = self.requests.keys().copied().collect();
        let (blk, ()) = self.block(|l| {
            l.bind(&param.ident, Binding::RequestScope);
            match strip_parens(&closure.body) {
                syn::Expr::Block(b) => {
                    let tail = l.lower_stmts(&b.block.stmts);
                    if let Some(t) = tail {
                        l.diag.error(t.span, "a request scope's body has no value here");
                    }
                }
                e => l.lower_expr_stmt(e),
            }
        });
        self.out.last_mut().unwrap().extend(blk.stmts);
        let mut unwaited: Vec<proc_macro2::Span> =
            self.requests.iter().filter(|(v, r)| !before.contains(v) && !r.waited).map(|(_, r)| r.span).collect();
        unwaited.sort_by_key(|s| format!("{s:?}"));
        for span in unwaited {
            self.diag.error(span, "this request is never waited: call `.wait()` on it in the same scope");
        }
        true
    }

    fn request_of(&self, e: &syn::Expr) -> Option<VarId> {
        let syn::Expr::Path(p) = strip_parens(e) else { return None };
        match self.lookup(&p.path.get_ident()?.to_string()) {
            Some(Binding::Var(v)) if self.requests.contains_key(v) => Some(*v),
            _ => None,
        }
    }

    /// `let r = p.immediate_send(scope, &x);` and friends; `name` is `r`.
    pub fn try_immediate(&mut self, name: Option<&syn::Ident>, init: &syn::Expr) -> bool {
        let syn::Expr::MethodCall(m) = strip_parens(init) else { return false };
        let method = m.method.to_string();
        let (send, tagged) = match method.as_str() {
            "immediate_send" => (true, false),
            "immediate_send_with_tag" => (true, true),
            "immediate_receive_into" => (false, false),
            "immediate_receive_into_with_tag" => (false, true),
            _ => return false,
        };
        let Some(p) = self.process_of(&m.receiver) else { return false };
        let span = m.span();
        let Some(name) = name else {
            self.diag.error(
                span,
                format!("bind the request of `{method}` to a name, and wait for it: `let r = ..; r.wait();`"),
            );
            return true;
        };
        let args: Vec<&syn::Expr> = m.args.iter().collect();
        if args.len() != 2 + tagged as usize {
            self.diag.error(
                span,
                format!("`{method}` takes the scope, the buffer{}", if tagged { " and the tag" } else { "" }),
            );
            return true;
        }
        let scoped = matches!(strip_parens(args[0]), syn::Expr::Path(sp)
            if sp.path.get_ident().is_some_and(|i| matches!(self.lookup(&i.to_string()), Some(Binding::RequestScope))));
        if !scoped {
            self.diag.error(args[0].span(), "pass the scope of the enclosing `mpi::request::scope(|scope| ..)`");
            return true;
        }
        if p.rank.is_none() && send {
            self.diag.error(m.receiver.span(), "only a receive may name `any_process()`; name the rank");
            return true;
        }
        if p.rank.is_none() {
            self.diag.error(
                m.receiver.span(),
                "an immediate receive needs a named source (`any_process()` is not supported here)",
            );
            return true;
        }
        let Some(buf) = self.mpi_buf(args[1], !send) else { return true };
        let tag = tagged.then(|| self.lower_expr(args[2]));
        let v = self.bind_new(name, None);
        let depth = self.out.len();
        self.requests.insert(v, Request { send, comm: p.comm, buf: buf.clone(), depth, waited: false, span });
        let (kind, sbuf, rbuf) =
            if send { (MpiKind::ImmediateSend, Some(buf), None) } else { (MpiKind::ImmediateReceive, None, Some(buf)) };
        let op = MpiOp {
            kind,
            comm: p.comm,
            peer: p.rank,
            source: None,
            tag,
            recv_tag: None,
            send: sbuf,
            recv: rbuf,
            request: Some(v),
        };
        self.emit_mpi(op, span);
        true
    }

    fn lower_wait(&mut self, v: VarId, span: proc_macro2::Span) {
        let depth = self.out.len();
        let r = self.requests.get_mut(&v).unwrap();
        if r.waited {
            self.diag.error(span, "this request was already waited");
            return;
        }
        if r.depth != depth {
            self.diag.error(span, "wait for a request in the block that made it (not inside an `if` or a loop)");
            return;
        }
        r.waited = true;
        let (kind, send, recv) = if r.send {
            (MpiKind::WaitSend, Some(r.buf.clone()), None)
        } else {
            (MpiKind::WaitReceive, None, Some(r.buf.clone()))
        };
        let op = MpiOp {
            kind,
            comm: r.comm,
            peer: None,
            source: None,
            tag: None,
            recv_tag: None,
            send,
            recv,
            request: Some(v),
        };
        self.emit_mpi(op, span);
    }
}
