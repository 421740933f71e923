//! Statements: the control-flow shapes a generated body is made of.
//!
//! Each shape is one of the constructs parad's README lists as supported
//! (`let` chains, loops that overwrite their state, `if` on active values,
//! `while` with a data-dependent exit, calls, sub-slices, rayon loops,
//! checkpointed loops, serial iterator chains; more in `extra.rs`), written the way numerical
//! code writes them. A statement that assigns a variable declared outside
//! its block keeps the variable within the bound it was declared with, so
//! loops cannot make values grow (see `gen.rs`).

use crate::gen::{lit, Buf, Gen, Index, Len, E, ELEM, MAX_COUNT, MAX_LEN};

/// Kinds of statement, in the order of [`Gen::statement`]'s weights.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Let,
    Assign,
    ForRange,
    ForIter,
    WriteBuf,
    If,
    IfExpr,
    While,
    Call,
    LocalVec,
    IterChain,
    ParSum,
    ParForEach,
    Checkpoint,
    Tuple,
    Closure,
    Match,
    BreakLoop,
    EarlyReturn,
    SliceOp,
    IterLoop,
    ParChunks,
    Join,
}

const KINDS: [Kind; 23] = [
    Kind::Let,
    Kind::Assign,
    Kind::ForRange,
    Kind::ForIter,
    Kind::WriteBuf,
    Kind::If,
    Kind::IfExpr,
    Kind::While,
    Kind::Call,
    Kind::LocalVec,
    Kind::IterChain,
    Kind::ParSum,
    Kind::ParForEach,
    Kind::Checkpoint,
    Kind::Tuple,
    Kind::Closure,
    Kind::Match,
    Kind::BreakLoop,
    Kind::EarlyReturn,
    Kind::SliceOp,
    Kind::IterLoop,
    Kind::ParChunks,
    Kind::Join,
];

/// Deepest nesting of blocks.
const MAX_DEPTH: u32 = 3;

impl Gen<'_> {
    /// `n` statements in the current block.
    pub fn block(&mut self, n: usize) {
        for _ in 0..n {
            self.statement();
        }
    }

    fn weight(&self, k: Kind) -> u32 {
        let f = self.feats;
        let nested = self.depth < MAX_DEPTH;
        let top = self.depth == 0 && self.level == 0;
        match k {
            Kind::Let => 6,
            Kind::Assign => 4 * !self.assignable().is_empty() as u32,
            Kind::ForRange | Kind::ForIter => 3 * nested as u32,
            Kind::WriteBuf => 3 * !self.writable().is_empty() as u32,
            Kind::If => 3 * (f.branches && nested) as u32,
            Kind::IfExpr => 2 * f.branches as u32,
            Kind::While => 2 * (f.while_loops && nested) as u32,
            Kind::Call => 4 * (f.calls && !self.callables.is_empty()) as u32,
            Kind::LocalVec => 2 * (!self.in_par && self.level == 0 && !self.readable().is_empty()) as u32,
            Kind::IterChain => 2 * (f.iterators && !self.readable().is_empty()) as u32,
            Kind::ParSum => 2 * (f.rayon && !self.in_par && !self.readable().is_empty()) as u32,
            Kind::ParForEach => 2 * (f.rayon && !self.in_par && !self.writable().is_empty()) as u32,
            Kind::Checkpoint => 3 * (f.checkpoint && top && !self.used_checkpoint) as u32,
            Kind::Tuple => f.tuples as u32,
            Kind::Closure => f.closures as u32,
            Kind::Match => 2 * (f.integer_control && nested) as u32,
            Kind::BreakLoop => 2 * (f.early_exits && nested) as u32,
            Kind::EarlyReturn => (f.early_exits && self.level == 0 && !self.in_checkpoint) as u32,
            Kind::SliceOp => 2 * (f.slice_ops && !self.writable().is_empty()) as u32,
            Kind::IterLoop => 2 * (f.iterators && nested && self.level == 0) as u32,
            Kind::ParChunks => (f.rayon && !self.in_par && !self.writable().is_empty()) as u32,
            Kind::Join => (f.rayon && !self.in_par) as u32,
        }
    }

    /// One statement of a kind allowed here.
    pub fn statement(&mut self) {
        let weights: Vec<u32> = KINDS.iter().map(|&k| self.weight(k)).collect();
        let kind = KINDS[self.rng.weighted(&weights).unwrap_or(0)];
        match kind {
            Kind::Let => self.let_float(),
            Kind::Assign => self.assign(None),
            Kind::ForRange => self.for_range(),
            Kind::ForIter => self.for_iter(),
            Kind::WriteBuf => self.write_buf(None),
            Kind::If => self.if_stmt(),
            Kind::IfExpr => self.if_expr(),
            Kind::While => self.while_loop(),
            Kind::Call => self.call(),
            Kind::LocalVec => self.local_vec(),
            Kind::IterChain => self.iter_chain(),
            Kind::ParSum => self.par_sum(),
            Kind::ParForEach => self.par_for_each(),
            Kind::Checkpoint => self.checkpoint(),
            Kind::Tuple => self.tuple(),
            Kind::Closure => self.closure(),
            Kind::Match => self.match_int(),
            Kind::BreakLoop => self.break_loop(),
            Kind::EarlyReturn => self.early_return(),
            Kind::SliceOp => self.slice_op(),
            Kind::IterLoop => self.iter_loop(),
            Kind::ParChunks => self.par_chunks(),
            Kind::Join => self.join(),
        }
    }

    /// `let t = e;` or `let mut t: f64 = e;` (a later `Assign` may overwrite it).
    pub(crate) fn let_float(&mut self) {
        let e = self.bounded(3, 20.0);
        let name = self.fresh("t");
        if self.rng.chance(0.3) {
            let bound = e.bound.max(1.0);
            self.emit(format!("let mut {name}: f64 = {};", e.text));
            self.declare(&name, bound, true);
        } else {
            self.emit(format!("let {name} = {};", e.text));
            self.declare(&name, e.bound, false);
        }
    }

    /// Overwrites a mutable variable (`target`, or one picked here), keeping
    /// it within its bound: `s = (s * g + e) * 0.5`, `s = e`, `s *= g`,
    /// `s = s.max(e)`, or (where it cannot repeat) `s += e`.
    pub(crate) fn assign(&mut self, target: Option<usize>) {
        let k = match target {
            Some(k) => k,
            None => {
                let cands = self.assignable();
                if cands.is_empty() {
                    return self.let_float();
                }
                *self.rng.pick(&cands)
            }
        };
        let (name, bound, depth) = (self.floats[k].name.clone(), self.floats[k].bound, self.floats[k].depth);
        match self.rng.range(0, 5) {
            0 => {
                let g = self.bounded(2, 1.0);
                let e = self.bounded(2, bound);
                self.features.insert("overwrite");
                self.emit(format!("{name} = ({name} * {} + {}) * 0.5;", g.text, e.text));
            }
            1 => {
                let e = self.bounded(3, bound);
                self.emit(format!("{name} = {};", e.text));
            }
            2 => {
                let g = self.bounded(2, 1.0);
                self.emit(format!("{name} *= {};", g.text));
            }
            3 => {
                let mut e = self.bounded(2, bound);
                if !self.minmax_ok(&[&e]) {
                    e = E { text: name.clone(), bound };
                }
                let f = if self.rng.chance(0.5) { "max" } else { "min" };
                self.features.insert(f);
                self.emit(format!("{name} = {name}.{f}({});", e.text));
            }
            _ if depth == self.depth && self.mult == 1 => {
                let e = self.bounded(2, bound);
                let op = if self.rng.chance(0.5) { "+=" } else { "-=" };
                self.emit(format!("{name} {op} {};", e.text));
                self.floats[k].bound = 2.0 * bound;
            }
            _ => {
                let e = self.bounded(2, bound / 2.0);
                self.emit(format!("{name} = 0.5 * {name} + {};", e.text));
            }
        }
    }

    /// A loop body: a few statements, then the loop's accumulator updated.
    pub(crate) fn loop_body(&mut self, acc: usize) {
        let n = self.rng.range(0, 3);
        self.block(n);
        self.assign(Some(acc));
        if self.rng.chance(0.3) {
            let w = self.writable();
            if !w.is_empty() {
                let b = *self.rng.pick(&w);
                self.write_buf(Some(b));
            }
        }
    }

    /// Declares `let mut s: f64 = ..;` for a loop to update; returns its index.
    pub(crate) fn accumulator(&mut self) -> usize {
        let name = self.fresh("s");
        let init = if self.rng.chance(0.5) {
            E { text: lit(self.rng.range(0, 3) as f64 * 0.5), bound: 1.0 }
        } else {
            self.bounded(2, 1.0)
        };
        self.emit(format!("let mut {name}: f64 = {};", init.text));
        self.declare(&name, 1.0, true);
        self.floats.len() - 1
    }

    /// `for i in 0..b.len()`, `1..b.len()`, `.rev()`, `.step_by(2)`, `0..n`.
    fn for_range(&mut self) {
        let acc = self.accumulator();
        let i = self.fresh("i");
        let bufs = self.readable();
        let (header, index, trips) = if bufs.is_empty() || (!self.counts.is_empty() && self.rng.chance(0.25)) {
            let n = if self.counts.is_empty() { "3".to_string() } else { self.rng.pick(&self.counts).clone() };
            (format!("for {i} in 0..{n}"), Index { name: i.clone(), group: None, from_one: false }, MAX_COUNT)
        } else {
            let b = *self.rng.pick(&bufs);
            let (bn, group) = (self.len_expr(b), self.bufs[b].group);
            let (range, from_one) = match self.rng.range(0, 5) {
                0 => (format!("1..{bn}"), true),
                1 => (format!("(0..{bn}).rev()"), false),
                2 => (format!("(0..{bn}).step_by(2)"), false),
                _ => (format!("0..{bn}"), false),
            };
            (format!("for {i} in {range}"), Index { name: i.clone(), group: Some(group), from_one }, MAX_LEN)
        };
        self.features.insert("for_loop");
        let m = self.mark();
        self.open(header);
        self.indices.push(index);
        let mult = self.mult;
        self.mult *= trips as u64;
        self.loop_body(acc);
        self.mult = mult;
        self.close("");
        self.restore(m);
    }

    /// `for &v in b.iter()` or `for (i, &v) in b.iter().enumerate()`.
    fn for_iter(&mut self) {
        let bufs = self.readable();
        if bufs.is_empty() {
            return self.for_range();
        }
        let acc = self.accumulator();
        let b = *self.rng.pick(&bufs);
        let (bn, group) = (self.bufs[b].name.clone(), self.bufs[b].group);
        let v = self.fresh("e");
        let m = self.mark();
        let saved = self.bufs[b].borrowed;
        if saved.is_none() {
            self.bufs[b].borrowed = Some(false);
        }
        self.features.insert("for_iter");
        if self.rng.chance(0.5) {
            let i = self.fresh("i");
            self.open(format!("for ({i}, &{v}) in {bn}.iter().enumerate()"));
            self.indices.push(Index { name: i, group: Some(group), from_one: false });
        } else {
            self.open(format!("for &{v} in {bn}.iter()"));
        }
        self.declare(&v, ELEM, false);
        let mult = self.mult;
        self.mult *= MAX_LEN as u64;
        self.loop_body(acc);
        self.mult = mult;
        self.close("");
        self.restore(m);
        self.bufs[b].borrowed = saved;
    }

    /// Writes an element of a writable buffer (`target` or one picked
    /// here), fitted to the element bound; outside a loop over it, a loop
    /// of its own.
    fn write_buf(&mut self, target: Option<usize>) {
        let b = match target {
            Some(b) => b,
            None => {
                let w = self.writable();
                if w.is_empty() {
                    return self.let_float();
                }
                *self.rng.pick(&w)
            }
        };
        let (n, group) = (self.len_expr(b), self.bufs[b].group);
        let looped = self.indices.iter().any(|i| i.group == Some(group));
        if !looped && self.depth < MAX_DEPTH && self.rng.chance(0.6) {
            let i = self.fresh("i");
            let m = self.mark();
            self.open(format!("for {i} in 0..{n}"));
            self.indices.push(Index { name: i, group: Some(group), from_one: false });
            let mult = self.mult;
            self.mult *= MAX_LEN as u64;
            self.write_element(b);
            self.mult = mult;
            self.close("");
            self.restore(m);
        } else {
            self.write_element(b);
        }
    }

    fn write_element(&mut self, b: usize) {
        let bn = self.bufs[b].name.clone();
        let idx = self.index_into(b, true);
        self.features.insert("buffer_write");
        if self.rng.chance(0.5) || !self.overwritable(b) {
            let g = self.bounded(2, 1.0);
            let e = self.bounded(2, ELEM);
            self.emit(format!("{bn}[{idx}] = ({bn}[{idx}] * {} + {}) * 0.5;", g.text, e.text));
        } else {
            let e = self.bounded(3, ELEM);
            self.emit(format!("{bn}[{idx}] = {};", e.text));
        }
    }

    /// `if cond { .. } [else if cond { .. }] else { .. }`, each branch
    /// assigning a variable declared before it.
    fn if_stmt(&mut self) {
        let e = self.bounded(2, 2.0);
        let r = self.fresh("r");
        self.emit(format!("let mut {r}: f64 = {};", e.text));
        self.declare(&r, 2.0, true);
        let target = self.floats.len() - 1;
        let cond = self.condition();
        let branches = if self.rng.chance(0.25) { 3 } else { 2 };
        self.open(format!("if {cond}"));
        for k in 0..branches {
            if k > 0 {
                let header =
                    if k + 1 < branches { format!("else if {}", self.condition()) } else { "else".to_string() };
                self.reopen(header);
            }
            let m = self.mark();
            let n = self.rng.range(0, 3);
            self.block(n);
            self.assign(Some(target));
            self.restore(m);
        }
        self.close("");
    }

    /// `let t = if cond { e1 } else { e2 };`
    fn if_expr(&mut self) {
        let cond = self.condition();
        let mut a = self.bounded(2, 5.0);
        let mut b = self.bounded(2, 5.0);
        // Branches are block tails in the derivatives: bug 1 again.
        if !self.minmax_ok(&[&a, &b]) {
            (a, b) = (self.leaf(), self.leaf());
        }
        let t = self.fresh("t");
        self.emit(format!("let {t} = if {cond} {{ {} }} else {{ {} }};", a.text, b.text));
        self.declare(&t, a.bound.max(b.bound), false);
    }

    /// A `while` loop whose exit depends on an active value, bounded by a
    /// counter: `while r.abs() > c && it < 6 { ..; r = r * g + e; it += 1; }`.
    fn while_loop(&mut self) {
        let e = self.bounded(2, 2.0);
        let (r, it) = (self.fresh("r"), self.fresh("it"));
        self.emit(format!("let mut {r}: f64 = {};", e.text));
        self.declare(&r, 2.0, true);
        self.emit(format!("let mut {it} = 0usize;"));
        let limit = self.rng.range(2, 7);
        let c = 0.05 + 0.3 * self.rng.unit();
        self.features.insert("while");
        let m = self.mark();
        self.open(format!("while {r}.abs() > {} && {it} < {limit}", lit((c * 100.0).round() / 100.0)));
        let mult = self.mult;
        self.mult *= limit as u64;
        let n = self.rng.range(0, 2);
        self.block(n);
        let g = self.bounded(2, 0.8);
        let d = self.bounded(2, 0.4);
        self.emit(format!("{r} = {r} * {} + {};", g.text, d.text));
        self.emit(format!("{it} += 1;"));
        self.mult = mult;
        self.close("");
        self.restore(m);
    }

    /// A local `Vec<f64>`: a copy of a buffer, zeros, or a few values.
    fn local_vec(&mut self) {
        let bufs = self.readable();
        if bufs.is_empty() {
            return self.let_float();
        }
        let b = *self.rng.pick(&bufs);
        let (bn, group, len) = (self.bufs[b].name.clone(), self.bufs[b].group, self.bufs[b].len);
        let v = self.fresh("v");
        // A copy made inside a loop and not read again: the reverse
        // derivative does not compile (bug 9).
        let copy = self.copyable(b) && (self.mult == 1 || self.feats.known_bug_dead_loop_copy);
        let (init, group, len) = match self.rng.range(0, 3) {
            0 if copy => (format!("{bn}.to_vec()"), group, len),
            1 => (format!("vec![0.0; {}]", self.len_expr(b)), group, len),
            _ => {
                let es: Vec<String> = (0..3).map(|_| self.bounded(2, ELEM).text).collect();
                let g = self.new_group();
                (format!("vec![{}]", es.join(", ")), g, Len::Fixed(3))
            }
        };
        self.features.insert("local_vec");
        self.emit(format!("let mut {v}: Vec<f64> = {init};"));
        let level = self.level;
        let from_const = init.starts_with("vec![0.0") || (init.ends_with("to_vec()") && self.bufs[b].from_const);
        self.bufs.push(Buf { name: v, len, group, mutable: true, local: true, level, borrowed: None, from_const });
    }

    /// `b.iter().map(|&e| ..).sum::<f64>()`, a `zip` of two, or a `fold`.
    fn iter_chain(&mut self) {
        let bufs: Vec<usize> = self.readable();
        let b = *self.rng.pick(&bufs);
        let bn = self.bufs[b].name.clone();
        let t = self.fresh("t");
        let (e1, e2) = (self.fresh("e"), self.fresh("e"));
        self.features.insert("iterator");
        let m = self.mark();
        self.level += 1;
        let text = match self.rng.range(0, 3) {
            0 => {
                self.declare(&e1, ELEM, false);
                let body = self.bounded(2, 2.0);
                format!("let {t}: f64 = {bn}.iter().map(|&{e1}| {}).sum();", body.text)
            }
            1 => {
                let c = *self.rng.pick(&bufs);
                let cn = self.bufs[c].name.clone();
                self.declare(&e1, ELEM, false);
                self.declare(&e2, ELEM, false);
                let body = self.bounded(2, 2.0);
                format!("let {t} = {bn}.iter().zip({cn}.iter()).map(|(&{e1}, &{e2})| {}).sum::<f64>();", body.text)
            }
            _ => {
                self.declare(&e1, 2.0, false);
                self.declare(&e2, ELEM, false);
                let body = self.bounded(2, 1.0);
                format!("let {t} = {bn}.iter().fold(0.0, |{e1}: f64, &{e2}| 0.5 * {e1} + {});", body.text)
            }
        };
        self.level -= 1;
        self.restore(m);
        self.emit(text);
        self.declare(&t, 2.0 * MAX_LEN as f64, false);
    }
}
