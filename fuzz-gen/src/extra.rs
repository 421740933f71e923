//! Statements beyond the core shapes of `stmt.rs`, for the rest of what
//! parad's README lists as supported: tuples and `sin_cos`, closures stored
//! in variables, `match` on integers, `break`/`continue` and `loop`, early
//! `return`, and the slice methods that are lowered to loops (`fill`,
//! `copy_from_slice`, `swap`) with compound assignment on elements.

use crate::gen::{lit, Gen, Index, ELEM, MAX_LEN};

impl Gen<'_> {
    /// `let (p, q) = (e1, e2);` or `let (s, c) = e.sin_cos();`.
    pub(crate) fn tuple(&mut self) {
        let (p, q) = (self.fresh("t"), self.fresh("t"));
        self.features.insert("tuple");
        if self.rng.chance(0.5) {
            let a = self.bounded(2, 10.0);
            let b = self.bounded(2, 10.0);
            self.emit(format!("let ({p}, {q}) = ({}, {});", a.text, b.text));
            self.declare(&p, a.bound, false);
            self.declare(&q, b.bound, false);
        } else {
            let a = self.expr(2);
            self.emit(format!("let ({p}, {q}) = {}.sin_cos();", self.recv(a)));
            self.declare(&p, 1.0, false);
            self.declare(&q, 1.0, false);
        }
    }

    /// `let w = |v: f64| body;` then `let t = w(e1) * c + w(e2);`.
    pub(crate) fn closure(&mut self) {
        let (w, v, t) = (self.fresh("w"), self.fresh("e"), self.fresh("t"));
        let m = self.mark();
        self.level += 1;
        self.declare(&v, 5.0, false);
        let body = self.bounded(2, 5.0);
        self.level -= 1;
        self.restore(m);
        let a = self.bounded(2, 5.0);
        let b = self.bounded(2, 5.0);
        let c = self.constant(-1.0, 1.0);
        self.features.insert("closure");
        self.emit(format!("let {w} = |{v}: f64| {};", body.text));
        self.emit(format!("let {t} = {w}({}) * {} + {w}({});", a.text, lit(c), b.text));
        self.declare(&t, body.bound * 2.0, false);
    }

    /// `let t = match i % 3 { 0 => e1, 1 | 4 => e2, _ => e3 };` on a loop
    /// index or a count; with `known_bug_match_statement`, the statement
    /// form, each arm a block assigning a variable declared before it.
    pub(crate) fn match_int(&mut self) {
        let mut ints: Vec<String> = self.indices.iter().map(|i| i.name.clone()).collect();
        ints.extend(self.counts.iter().cloned());
        if ints.is_empty() {
            return self.let_float();
        }
        let i = self.rng.pick(&ints).clone();
        if !self.feats.known_bug_match_statement {
            // The value form, which parad supports: `let t = match .. { 0 => e1, .. };`.
            let mut arms = Vec::new();
            let mut bound: f64 = 0.0;
            for pat in ["0", "1 | 4", "_"] {
                let mut e = self.bounded(2, 5.0);
                if !self.minmax_ok(&[&e]) {
                    e = self.leaf();
                }
                bound = bound.max(e.bound);
                arms.push(format!("{pat} => {},", e.text));
            }
            let t = self.fresh("t");
            self.features.insert("match");
            self.emit(format!("let {t} = match {i} % 3 {{ {} }};", arms.join(" ")));
            self.declare(&t, bound, false);
            return;
        }
        let e = self.bounded(2, 2.0);
        let r = self.fresh("r");
        self.emit(format!("let mut {r}: f64 = {};", e.text));
        self.declare(&r, 2.0, true);
        let target = self.floats.len() - 1;
        self.features.insert("match");
        self.open(format!("match {i} % 3"));
        for arm in ["0", "1 | 4", "_"] {
            let m = self.mark();
            self.open(format!("{arm} =>"));
            let n = self.rng.range(0, 2);
            self.block(n);
            self.assign(Some(target));
            self.close("");
            self.restore(m);
        }
        self.close("");
    }

    /// A loop left early: `for` with `break`/`continue` on an active
    /// condition, or `loop { ..; if cond || it >= k { break; } }`.
    pub(crate) fn break_loop(&mut self) {
        let bufs = self.readable();
        let e = self.bounded(2, 2.0);
        let r = self.fresh("r");
        self.emit(format!("let mut {r}: f64 = {};", e.text));
        self.declare(&r, 2.0, true);
        let target = self.floats.len() - 1;
        let m = self.mark();
        let mult = self.mult;
        self.mult *= MAX_LEN as u64;
        if !bufs.is_empty() && self.rng.chance(0.6) {
            let b = *self.rng.pick(&bufs);
            let group = self.bufs[b].group;
            let i = self.fresh("i");
            self.features.insert("break_continue");
            self.open(format!("for {i} in 0..{}", self.len_expr(b)));
            self.indices.push(Index { name: i, group: Some(group), from_one: false });
            let cond = self.condition();
            let jump = if self.rng.chance(0.5) { "break" } else { "continue" };
            self.emit(format!("if {cond} {{ {jump}; }}"));
            self.assign(Some(target));
        } else {
            let it = self.fresh("it");
            self.features.insert("loop_break");
            self.emit(format!("let mut {it} = 0usize;"));
            self.open("loop");
            let n = self.rng.range(0, 2);
            self.block(n);
            self.assign(Some(target));
            self.emit(format!("{it} += 1;"));
            let cond = self.condition();
            let limit = self.rng.range(1, 6);
            self.emit(format!("if {cond} || {it} >= {limit} {{ break; }}"));
        }
        self.mult = mult;
        self.close("");
        self.restore(m);
    }

    /// `if cond { return e; }` (or `return;`), outside closures and
    /// checkpointed loops.
    pub(crate) fn early_return(&mut self) {
        let cond = self.condition();
        self.features.insert("early_return");
        if self.returns_float {
            let e = self.bounded(2, 50.0);
            self.early_bound = self.early_bound.max(e.bound);
            self.emit(format!("if {cond} {{ return {}; }}", e.text));
        } else {
            self.emit(format!("if {cond} {{ return; }}"));
        }
    }

    /// `v.fill(e)`, `v.copy_from_slice(x)` (same length), `v.swap(i, j)`,
    /// or `v[i] *= g` on a writable buffer.
    pub(crate) fn slice_op(&mut self) {
        let w = self.writable();
        if w.is_empty() {
            return self.let_float();
        }
        let b = *self.rng.pick(&w);
        let (bn, group) = (self.bufs[b].name.clone(), self.bufs[b].group);
        let sources: Vec<usize> =
            self.readable().into_iter().filter(|&k| k != b && self.bufs[k].group == group).collect();
        let whole = self.overwritable(b);
        match self.rng.range(0, 4) {
            0 if whole => {
                // Bound first: `v.fill(v[0])` does not borrow-check.
                let e = self.bounded(2, ELEM);
                let q = self.fresh("q");
                self.features.insert("fill");
                self.emit(format!("let {q} = {};", e.text));
                self.emit(format!("{bn}.fill({q});"));
            }
            1 if whole && !sources.is_empty() => {
                let s = *self.rng.pick(&sources);
                let sn = self.bufs[s].name.clone();
                let amp = if self.bufs[s].local { "&" } else { "" };
                self.features.insert("copy_from_slice");
                self.emit(format!("{bn}.copy_from_slice({amp}{sn});"));
            }
            2 => {
                let (i, j) = (self.rng.range(0, 3), self.rng.range(0, 3));
                if !self.require_len(b, i.max(j) + 1) {
                    return self.let_float();
                }
                self.features.insert("swap");
                self.emit(format!("{bn}.swap({i}, {j});"));
            }
            _ => {
                let idx = self.index_into(b, true);
                let g = self.bounded(2, 1.0);
                self.features.insert("compound_element");
                self.emit(format!("{bn}[{idx}] *= {};", g.text));
            }
        }
    }
}
