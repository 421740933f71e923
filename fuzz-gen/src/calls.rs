//! Calls of the functions generated before the current one: arguments that
//! fit the callee's parameters (sub-slices long enough for what it indexes,
//! `&mut` buffers that alias nothing else of the call) and a cost limit, so
//! that a call inside nested loops does not make the batch slow.

use crate::gen::{Buf, Gen, MAX_COUNT, SCALAR};
use crate::model::ParamKind;

/// Largest estimated cost of one call's body times the enclosing loops' trips.
const MAX_CALL_WORK: u64 = 20_000;

impl Gen<'_> {
    /// A call of a function generated earlier, with sub-slices for buffers.
    pub(crate) fn call(&mut self) {
        let in_par = self.in_par || self.level > 0;
        let cands: Vec<usize> = (0..self.callables.len())
            .filter(|&k| {
                let f = &self.callables[k];
                let scalar_only = f.params.iter().all(|p| matches!(p.kind, ParamKind::Scalar | ParamKind::Count));
                f.work.saturating_mul(self.mult) <= MAX_CALL_WORK && (!in_par || (scalar_only && f.returns_float))
            })
            .collect();
        if cands.is_empty() {
            return self.let_float();
        }
        // Prefer recent functions: they tend to be the larger ones.
        let k = cands[cands.len() - 1 - self.rng.range(0, cands.len().min(12))];
        let callee = self.callables[k].clone();
        let mut args = Vec::new();
        let mut used: Vec<usize> = Vec::new();
        let mut after_mut = false;
        for p in &callee.params {
            let arg = match p.kind {
                ParamKind::Scalar => {
                    let e = self.bounded(2, SCALAR).text;
                    if after_mut {
                        // `f(&mut y[..], y[0])` does not borrow-check: bind it first.
                        let q = self.fresh("q");
                        self.emit(format!("let {q} = {e};"));
                        Some(q)
                    } else {
                        Some(e)
                    }
                }
                ParamKind::Count => Some(if !self.counts.is_empty() && self.rng.chance(0.5) {
                    self.rng.pick(&self.counts).clone()
                } else {
                    self.rng.range(0, MAX_COUNT).to_string()
                }),
                ParamKind::Slice => {
                    let arg = self.slice_arg(p.min_len, false, &mut used);
                    // A `&mut` parameter passed as `&y[..]`, then read by a
                    // later argument: the derivative does not compile (bug 7).
                    let b = used.last().copied();
                    if !self.feats.known_bug_mut_param_then_read
                        && b.is_some_and(|b| self.bufs[b].mutable && !self.bufs[b].local)
                    {
                        after_mut = true;
                    }
                    arg
                }
                ParamKind::SliceMut => {
                    after_mut = true;
                    self.slice_arg(p.min_len, true, &mut used)
                }
            };
            match arg {
                Some(a) => args.push(a),
                None => return self.let_float(),
            }
        }
        self.features.insert("call");
        self.callees.insert(callee.name.clone());
        let work = callee.work.saturating_mul(self.mult);
        self.work = self.work.saturating_add(work);
        let text = format!("{}({})", callee.name, args.join(", "));
        if callee.returns_float {
            let c = self.fresh("c");
            // Annotated: the macro cannot see the callee's type, and where
            // the result is only read inside a closure it does not infer it.
            self.emit(format!("let {c}: f64 = {text};"));
            self.declare(&c, callee.ret_bound, false);
        } else {
            self.emit(format!("{text};"));
        }
    }

    /// An argument for a buffer parameter at least `min_len` long: a whole
    /// buffer or a sub-slice `&b[a..c]`, `&b[a..]`, `&b[..c]`, not aliasing
    /// the buffers already passed (`used`). `None` if none fits.
    fn slice_arg(&mut self, min_len: usize, mutable: bool, used: &mut Vec<usize>) -> Option<String> {
        let pool = if mutable { self.writable() } else { self.readable() };
        let pool: Vec<usize> =
            pool.into_iter().filter(|b| !used.contains(b) && self.bufs[*b].borrowed.is_none()).collect();
        if pool.is_empty() {
            return None;
        }
        let b = *self.rng.pick(&pool);
        let Buf { name, local, .. } = self.bufs[b].clone();
        let amp = if mutable { "&mut " } else { "&" };
        let text = if self.feats.sub_slices && self.rng.chance(0.5) {
            self.features.insert("sub_slice");
            let a = self.rng.range(0, 3);
            match self.rng.range(0, 3) {
                0 if self.require_len(b, a + min_len) => format!("{amp}{name}[{a}..]"),
                1 if self.require_len(b, min_len + 1) => format!("{amp}{name}[..{}]", min_len + 1),
                _ if self.require_len(b, a + min_len + 1) => format!("{amp}{name}[{a}..{}]", a + min_len + 1),
                _ => return None,
            }
        } else {
            if !self.require_len(b, min_len) {
                return None;
            }
            match (local, mutable) {
                (true, _) => format!("{amp}{name}"),
                (false, false) if !self.bufs[b].mutable => name,
                // A `&mut` parameter passed on is reborrowed implicitly.
                (false, true) if self.rng.chance(0.3) => name,
                _ => format!("{amp}{name}[..]"),
            }
        };
        used.push(b);
        Some(text)
    }
}
