//! `#[checkpoint(...)]` on a loop: the attribute becomes an entry of the
//! function's side table of checkpointed loops.

use super::state::Lowerer;
use crate::diag::Diag;
use crate::ir::*;
use crate::parse::{check_checkpoint, CheckpointAttr};

impl Lowerer<'_> {
    /// The checkpoint a loop carries, its count lowered in front of the
    /// loop. The attribute was checked when it was stripped from the
    /// function; those are the errors the user sees, so this reads it
    /// quietly and only adds what depends on the loop.
    pub(super) fn checkpoint_of(&mut self, attrs: &[syn::Attribute], is_while: bool, par: bool) -> Option<Checkpoint> {
        let attr = attrs.iter().find(|a| a.path().is_ident("checkpoint"))?;
        let CheckpointAttr { scheme, scheme_span, count, disk } = check_checkpoint(attr, &Diag::default())?;
        let misuse = match (scheme, is_while) {
            (Scheme::Online, false) => Some(
                "`online` is for `while` loops, whose length is not known in advance; a `for` loop knows its \
                 length: use `binomial(snapshots = S)` or `periodic(every = K)`",
            ),
            (Scheme::Binomial | Scheme::Periodic, true) => {
                Some("a `while` loop's length is not known in advance: checkpoint it with `online(snapshots = S)`")
            }
            _ if par => Some(
                "a rayon loop cannot be checkpointed (its iterations are not steps); checkpoint the time loop \
                 around it",
            ),
            _ => None,
        };
        if let Some(msg) = misuse {
            self.diag.error(scheme_span, msg);
            return None;
        }
        let count = self.lower_value(&count, None);
        Some(Checkpoint { scheme, count, disk, span: scheme_span })
    }

    /// Records `ck` for the loop statement just emitted.
    pub(super) fn mark_checkpoint(&mut self, ck: Option<Checkpoint>) {
        let Some(ck) = ck else { return };
        if let Some(s) = self.out.last().and_then(|b| b.last()) {
            self.checkpoints.insert(s.id, ck);
        }
    }
}

/// Checkpointed loops inside a rayon loop or inside another checkpointed
/// loop are errors: a step is a sequential piece of one thread's work, and
/// the steps of one loop are reversed by one driver.
pub fn check_placement(
    b: &Block,
    checkpoints: &std::collections::HashMap<StmtId, Checkpoint>,
    outer: Option<&'static str>,
    diag: &Diag,
) {
    for s in &b.stmts {
        let ck = checkpoints.get(&s.id);
        if let (Some(ck), Some(what)) = (ck, outer) {
            let hint = if what.starts_with("a rayon") {
                "run the time loop outside the parallel one"
            } else {
                "checkpoint one of them"
            };
            diag.error(ck.span, format!("a checkpointed loop cannot be inside {what}; {hint}"));
        }
        match &s.kind {
            StmtKind::If { then_blk, else_blk, .. } => {
                check_placement(then_blk, checkpoints, outer, diag);
                check_placement(else_blk, checkpoints, outer, diag);
            }
            StmtKind::For { body, par, .. } => {
                let inner = if par.is_some() {
                    Some("a rayon loop")
                } else if ck.is_some() {
                    Some("another checkpointed loop")
                } else {
                    outer
                };
                check_placement(body, checkpoints, inner, diag);
            }
            StmtKind::While { body, .. } => {
                let inner = if ck.is_some() { Some("another checkpointed loop") } else { outer };
                check_placement(body, checkpoints, inner, diag);
            }
            _ => {}
        }
    }
}
