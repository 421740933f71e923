//! The state of generating one function body: what is in scope, how deep we
//! are, the lines written so far; and expressions over what is in scope.
//!
//! Every float expression carries a bound on its magnitude, derived from the
//! bounds of its operands (inputs are in [-1, 1], buffer elements are kept
//! within [`ELEM`]). Operations whose domain is restricted get operands that
//! cannot leave it (`(e.powi(2) + 0.5).ln()`, `(1.5 + e.tanh()).recip()`),
//! and an operand whose bound is too large for an operation is first brought
//! down by [`Gen::fit`] (a scaling or a `tanh`). So no generated program
//! overflows or leaves a domain at any input, and a non-finite derivative
//! is a finding, not noise.

use crate::model::{Function, Param, ParamKind};
use crate::rng::Rng;
use crate::Features;
use std::collections::BTreeSet;

/// Bound of buffer elements: every write into a buffer is fitted to it.
pub const ELEM: f64 = 2.0;
/// Bound assumed for scalar parameters (callers fit their arguments to it).
pub const SCALAR: f64 = 2.0;
/// The longest buffer the checker passes; bounds trip counts of loops.
pub const MAX_LEN: usize = 8;
/// The largest value a count parameter gets (from the checker or a caller).
pub const MAX_COUNT: usize = 4;

/// A float variable in scope.
#[derive(Clone, Debug)]
pub struct Var {
    pub name: String,
    pub bound: f64,
    pub mutable: bool,
    /// Closure nesting level where it was declared: assignable only there.
    pub level: u32,
    /// Block depth where it was declared: its bound may grow only there.
    pub depth: u32,
}

/// How long a buffer is known to be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Len {
    /// As long as parameter `k` (whose `min_len` may still be raised).
    Param(usize),
    /// At least this long (exactly, for a local vector).
    Fixed(usize),
}

/// A buffer in scope: a slice parameter, a local `Vec<f64>`, or a window
/// or chunk of one that a loop is visiting.
#[derive(Clone, Debug)]
pub struct Buf {
    pub name: String,
    pub len: Len,
    /// Buffers of one group have equal lengths: a loop over one indexes all.
    pub group: usize,
    pub mutable: bool,
    /// A local `Vec` (borrowed as `&v`), not a slice parameter.
    pub local: bool,
    pub level: u32,
    /// Borrowed by an enclosing loop or closure: not writable
    /// (`Some(true)`: iterated mutably, not even readable).
    pub borrowed: Option<bool>,
    /// Possibly inactive where it is declared: a `Const` parameter, a
    /// local of zeros, or a copy of one.
    pub from_const: bool,
}

/// A `usize` loop index in scope.
#[derive(Clone, Debug)]
pub struct Index {
    pub name: String,
    /// The group whose length bounds it (`0..b.len()`), if any.
    pub group: Option<usize>,
    /// The range starts at 1 or more, so `name - 1` is an index too.
    pub from_one: bool,
}

/// A generated float expression and a bound on its magnitude.
#[derive(Clone, Debug)]
pub struct E {
    pub text: String,
    pub bound: f64,
}

/// What scope snapshot [`Gen::mark`] returns.
pub struct Mark(usize, usize, usize);

pub struct Gen<'a> {
    pub rng: &'a mut Rng,
    pub feats: &'a Features,
    /// The functions generated before this one: what it may call.
    pub callables: &'a [Function],
    pub params: Vec<Param>,
    pub floats: Vec<Var>,
    pub bufs: Vec<Buf>,
    pub indices: Vec<Index>,
    /// Names of the count parameters.
    pub counts: Vec<String>,
    pub level: u32,
    pub depth: u32,
    pub in_par: bool,
    pub in_checkpoint: bool,
    pub used_checkpoint: bool,
    /// The function returns `f64` (else `()`).
    pub returns_float: bool,
    /// The largest bound of a value returned early (`return e;`).
    pub early_bound: f64,
    /// Iterations of the enclosing loops, multiplied: the cost of one statement here.
    pub mult: u64,
    /// Estimated cost of the body so far, in statement executions.
    pub work: u64,
    pub lines: Vec<String>,
    indent: usize,
    next_id: usize,
    next_group: usize,
    pub features: BTreeSet<&'static str>,
    pub callees: BTreeSet<String>,
}

/// `x` as a float literal with a decimal point.
pub fn lit(x: f64) -> String {
    let s = format!("{x:.3}");
    if x < 0.0 {
        format!("({s})")
    } else {
        s
    }
}

impl<'a> Gen<'a> {
    pub fn new(
        rng: &'a mut Rng,
        feats: &'a Features,
        callables: &'a [Function],
        params: Vec<Param>,
        returns_float: bool,
    ) -> Gen<'a> {
        let mut g = Gen {
            rng,
            feats,
            callables,
            params: Vec::new(),
            floats: Vec::new(),
            bufs: Vec::new(),
            indices: Vec::new(),
            counts: Vec::new(),
            level: 0,
            depth: 0,
            in_par: false,
            in_checkpoint: false,
            used_checkpoint: false,
            returns_float,
            early_bound: 0.0,
            mult: 1,
            work: 0,
            lines: Vec::new(),
            indent: 1,
            next_id: 0,
            next_group: 0,
            features: BTreeSet::new(),
            callees: BTreeSet::new(),
        };
        for (k, p) in params.iter().enumerate() {
            match p.kind {
                ParamKind::Scalar => {
                    g.floats.push(Var { name: p.name.clone(), bound: SCALAR, mutable: false, level: 0, depth: 0 })
                }
                ParamKind::Slice | ParamKind::SliceMut => {
                    let group = g.new_group();
                    g.bufs.push(Buf {
                        name: p.name.clone(),
                        len: Len::Param(k),
                        group,
                        mutable: p.kind == ParamKind::SliceMut,
                        local: false,
                        level: 0,
                        borrowed: None,
                        from_const: !p.active,
                    })
                }
                ParamKind::Count => g.counts.push(p.name.clone()),
            }
        }
        g.params = params;
        g
    }

    // ----------------------------------------------------------- output

    pub fn emit(&mut self, line: impl AsRef<str>) {
        self.lines.push(format!("{}{}", "    ".repeat(self.indent), line.as_ref()));
        self.work += self.mult;
    }

    /// Emits `header {` and enters the block.
    pub fn open(&mut self, header: impl AsRef<str>) {
        self.emit(format!("{} {{", header.as_ref()));
        self.indent += 1;
        self.depth += 1;
    }

    /// Leaves a block, emitting `}` followed by `tail` (`""`, `");"`, ...).
    pub fn close(&mut self, tail: &str) {
        self.indent -= 1;
        self.depth -= 1;
        self.emit(format!("}}{tail}"));
    }

    /// Ends the current block and opens the next at the same depth: `} else {`.
    pub fn reopen(&mut self, header: impl AsRef<str>) {
        self.indent -= 1;
        self.emit(format!("}} {} {{", header.as_ref()));
        self.indent += 1;
    }

    pub fn fresh(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}{}", self.next_id)
    }

    pub fn new_group(&mut self) -> usize {
        self.next_group += 1;
        self.next_group
    }

    pub fn mark(&self) -> Mark {
        Mark(self.floats.len(), self.bufs.len(), self.indices.len())
    }

    /// Forgets what was declared since `m` (the block that declared it ended).
    pub fn restore(&mut self, m: Mark) {
        self.floats.truncate(m.0);
        self.bufs.truncate(m.1);
        self.indices.truncate(m.2);
    }

    pub fn declare(&mut self, name: &str, bound: f64, mutable: bool) {
        let (level, depth) = (self.level, self.depth);
        self.floats.push(Var { name: name.to_string(), bound, mutable, level, depth });
    }

    // ----------------------------------------------------------- buffers

    pub fn min_len(&self, b: &Buf) -> usize {
        match b.len {
            Len::Param(k) => self.params[k].min_len,
            Len::Fixed(n) => n,
        }
    }

    /// Makes buffer `b` at least `n` long if it can be (a parameter whose
    /// `min_len` may grow up to 5); returns whether it now is.
    pub fn require_len(&mut self, b: usize, n: usize) -> bool {
        match self.bufs[b].len {
            Len::Param(k) if n <= 5 => {
                let p = &mut self.params[k];
                p.min_len = p.min_len.max(n);
                true
            }
            Len::Param(k) => self.params[k].min_len >= n,
            Len::Fixed(m) => m >= n,
        }
    }

    /// Buffers whose elements may be read here.
    pub fn readable(&self) -> Vec<usize> {
        (0..self.bufs.len()).filter(|&k| self.bufs[k].borrowed != Some(true)).collect()
    }

    /// Buffers that may be written here: mutable, declared at this closure
    /// level, not borrowed by an enclosing loop.
    pub fn writable(&self) -> Vec<usize> {
        (0..self.bufs.len())
            .filter(|&k| {
                let b = &self.bufs[k];
                b.mutable && b.level == self.level && b.borrowed.is_none()
            })
            .collect()
    }

    /// Float variables that may be assigned here.
    pub fn assignable(&self) -> Vec<usize> {
        (0..self.floats.len()).filter(|&k| self.floats[k].mutable && self.floats[k].level == self.level).collect()
    }

    /// The length of buffer `b` as an expression: `b.len()` to read it;
    /// to write it, one that does not borrow it (`v[i % v.len()] = ..` does
    /// not compile for a `Vec`): the parameter it was copied from, or a
    /// literal.
    pub fn len_of(&self, b: usize, write: bool) -> String {
        let own = format!("{}.len()", self.bufs[b].name);
        // Reading `v[(i + 1) % v.len()]` of a local that is later swapped
        // makes the reverse derivative return a stale value (bug 5).
        let stable = write || !self.feats.known_bug_swap_len_read;
        // A parameter iterated mutably by an enclosing closure cannot be read.
        let busy =
            |k: usize| self.bufs.iter().any(|c| !c.local && c.name == self.params[k].name && c.borrowed == Some(true));
        match self.bufs[b].len {
            _ if !self.bufs[b].local => own,
            Len::Param(k) if busy(k) => own,
            Len::Param(k) if stable => format!("{}.len()", self.params[k].name),
            Len::Fixed(n) if stable => n.to_string(),
            _ => own,
        }
    }

    /// The length of buffer `b` for a loop range or an initializer: never
    /// `v.len()` of a local `v` unless `known_bug_nested_len_loop` (bug 8:
    /// `for j in 0..v.len()` inside another loop, then `v` overwritten,
    /// makes the reverse derivative return a stale element).
    pub fn len_expr(&self, b: usize) -> String {
        self.len_of(b, !self.feats.known_bug_nested_len_loop)
    }

    /// An index expression into buffer `b` that is in bounds (for a write
    /// if `write`).
    pub fn index_into(&mut self, b: usize, write: bool) -> String {
        let group = self.bufs[b].group;
        let name = self.len_of(b, write);
        let same: Vec<&Index> = self.indices.iter().filter(|i| i.group == Some(group)).collect();
        if !same.is_empty() && self.rng.chance(0.8) {
            let i = self.rng.pick(&same);
            return if i.from_one && self.rng.chance(0.3) { format!("{} - 1", i.name) } else { i.name.clone() };
        }
        if !self.indices.is_empty() && self.rng.chance(0.7) {
            let i = self.rng.pick(&self.indices).name.clone();
            return if self.rng.chance(0.3) { format!("({i} + 1) % {name}") } else { format!("{i} % {name}") };
        }
        let want = self.rng.range(0, 4);
        let c = if self.require_len(b, want + 1) { want } else { self.rng.range(0, self.min_len(&self.bufs[b])) };
        c.to_string()
    }

    // ----------------------------------------------------------- expressions

    /// A variable or a buffer element: never a bare literal, so every
    /// expression has type `f64` and may receive a method call.
    pub fn leaf(&mut self) -> E {
        let bufs = self.readable();
        let use_buf = !bufs.is_empty() && (self.floats.is_empty() || self.rng.chance(0.45));
        if use_buf {
            let b = *self.rng.pick(&bufs);
            let idx = self.index_into(b, false);
            return E { text: format!("{}[{idx}]", self.bufs[b].name), bound: ELEM };
        }
        if !self.indices.is_empty() && self.feats.more_math && self.rng.chance(0.05) {
            // An inactive float from an integer: `(i as f64 * 0.1)`.
            let i = self.rng.pick(&self.indices).name.clone();
            self.features.insert("cast");
            return E { text: format!("({i} as f64 * 0.1)"), bound: 0.1 * MAX_LEN as f64 };
        }
        let v = self.rng.pick(&self.floats).clone();
        E { text: v.name, bound: v.bound }
    }

    /// `e` with a bound of at most `max`: itself, scaled, or through `tanh`.
    pub fn fit(&mut self, e: E, max: f64) -> E {
        if e.bound <= max {
            return e;
        }
        let ratio = max / e.bound;
        if ratio > 0.05 && self.rng.chance(0.5) {
            // Round the factor down so the bound still holds.
            let k = (ratio * 1000.0).floor() / 1000.0;
            if k > 0.0 {
                return E { text: format!("({} * {})", e.text, lit(k)), bound: e.bound * k };
            }
        }
        self.features.insert("tanh");
        if max >= 1.0 {
            E { text: format!("{}.tanh()", self.recv(e)), bound: 1.0 }
        } else {
            E { text: format!("({}.tanh() * {})", self.recv(e), lit(max)), bound: max }
        }
    }

    /// The text of `e` fit to receive a method call.
    pub(crate) fn recv(&self, e: E) -> String {
        let simple = e.text.chars().all(|c| c.is_alphanumeric() || c == '_')
            || (e.text.starts_with('(') && e.text.ends_with(')') && balanced_outer(&e.text));
        let call = e.text.ends_with(')') && !e.text.starts_with('(') && !e.text.contains(' ');
        let index = e.text.ends_with(']') && !e.text.contains(' ');
        if simple || call || index {
            e.text
        } else {
            format!("({})", e.text)
        }
    }

    pub(crate) fn constant(&mut self, lo: f64, hi: f64) -> f64 {
        let x = lo + (hi - lo) * self.rng.unit();
        (x * 1000.0).round() / 1000.0
    }

    /// A random expression of nesting depth at most `depth`.
    pub fn expr(&mut self, depth: u32) -> E {
        if depth == 0 || self.rng.chance(0.25) {
            return self.leaf();
        }
        let d = depth - 1;
        // sin cos tanh exp ln sqrt powi powf hypot atan2 mul_add abs min max recip add sub mul div neg scale
        // ... and the rest of std's float methods (`math.rs`), when enabled.
        let more = 6 * u32::from(self.feats.more_math);
        let weights = [4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 6, 5, 6, 3, 1, 4, more];
        let op = self.rng.weighted(&weights).unwrap_or(0);
        let a = self.expr(d);
        match op {
            21 => self.more_math(a),
            0..=2 => {
                let f = ["sin", "cos", "tanh"][op];
                self.features.insert(f);
                E { text: format!("{}.{f}()", self.recv(a)), bound: 1.0 }
            }
            3 => {
                self.features.insert("exp");
                let a = self.fit(a, 2.5);
                E { bound: a.bound.exp(), text: format!("{}.exp()", self.recv(a)) }
            }
            4 => {
                self.features.insert("ln");
                if self.rng.chance(0.5) {
                    let a = self.fit(a, 10.0);
                    let c = *self.rng.pick(&[0.5, 1.0, 2.0]);
                    let bound = (a.bound * a.bound + c).ln().abs().max(c.ln().abs());
                    E { text: format!("({}.powi(2) + {}).ln()", self.recv(a), lit(c)), bound }
                } else {
                    let c = self.constant(1.3, 2.0);
                    let bound = (c - 1.0).ln().abs().max((c + 1.0).ln());
                    E { text: format!("({} + {}.tanh()).ln()", lit(c), self.recv(a)), bound }
                }
            }
            5 => {
                self.features.insert("sqrt");
                let a = self.fit(a, 10.0);
                let c = *self.rng.pick(&[0.25, 0.5, 1.0]);
                E {
                    bound: (a.bound * a.bound + c).sqrt(),
                    text: format!("({}.powi(2) + {}).sqrt()", self.recv(a), lit(c)),
                }
            }
            6 => {
                self.features.insert("powi");
                if self.rng.chance(0.2) {
                    let c = self.constant(1.5, 2.0);
                    E {
                        text: format!("({} + {}.tanh()).powi(-2)", lit(c), self.recv(a)),
                        bound: 1.0 / ((c - 1.0) * (c - 1.0)),
                    }
                } else {
                    let a = self.fit(a, 2.0);
                    let k = self.rng.range(2, 4) as i32;
                    E { bound: a.bound.powi(k), text: format!("{}.powi({k})", self.recv(a)) }
                }
            }
            7 => {
                self.features.insert("powf");
                let c = self.constant(1.3, 2.0);
                let ex = self.expr(d);
                let ex = self.fit(ex, 2.0);
                let bound = (c + 1.0).powf(ex.bound).max((c - 1.0).powf(-ex.bound));
                E { text: format!("({} + {}.tanh()).powf({})", lit(c), self.recv(a), ex.text), bound }
            }
            8 => {
                self.features.insert("hypot");
                let a = self.fit(a, 10.0);
                if self.rng.chance(0.5) {
                    let c = self.constant(0.2, 1.5);
                    E { bound: a.bound + c, text: format!("{}.hypot({})", self.recv(a), lit(c)) }
                } else {
                    let b = self.expr(d);
                    let b = self.fit(b, 3.0);
                    E {
                        bound: a.bound + b.bound * b.bound + 0.25,
                        text: format!("{}.hypot({}.powi(2) + 0.25)", self.recv(a), self.recv(b)),
                    }
                }
            }
            9 => {
                self.features.insert("atan2");
                let b = self.expr(d);
                let b = self.fit(b, 10.0);
                if self.rng.chance(0.5) {
                    E { text: format!("{}.atan2({}.powi(2) + 0.5)", self.recv(a), self.recv(b)), bound: 1.6 }
                } else {
                    E { text: format!("({}.powi(2) + 0.5).atan2({})", self.recv(b), a.text), bound: 1.6 }
                }
            }
            10 => {
                self.features.insert("mul_add");
                let a = self.fit(a, 5.0);
                let b = self.expr(d);
                let b = self.fit(b, 5.0);
                let c = self.expr(d);
                E {
                    bound: a.bound * b.bound + c.bound,
                    text: format!("{}.mul_add({}, {})", self.recv(a), b.text, c.text),
                }
            }
            11 => {
                self.features.insert("abs");
                E { bound: a.bound, text: format!("{}.abs()", self.recv(a)) }
            }
            12 | 13 => {
                let f = if op == 12 { "min" } else { "max" };
                let b = self.expr(d);
                if !self.minmax_ok(&[&a, &b]) {
                    return a;
                }
                self.features.insert(f);
                E { bound: a.bound.max(b.bound), text: format!("{}.{f}({})", self.recv(a), b.text) }
            }
            14 => {
                self.features.insert("recip");
                if self.rng.chance(0.5) {
                    let a = self.fit(a, 10.0);
                    let c = *self.rng.pick(&[0.5, 1.0]);
                    E { text: format!("({}.powi(2) + {}).recip()", self.recv(a), lit(c)), bound: 1.0 / c }
                } else {
                    let c = self.constant(1.5, 2.0);
                    E { text: format!("({} + {}.tanh()).recip()", lit(c), self.recv(a)), bound: 1.0 / (c - 1.0) }
                }
            }
            15 | 16 => {
                let b = self.expr(d);
                let o = if op == 15 { "+" } else { "-" };
                E { bound: a.bound + b.bound, text: format!("({} {o} {})", a.text, b.text) }
            }
            17 => {
                let a = self.fit(a, 5.0);
                let b = self.expr(d);
                let b = self.fit(b, 5.0);
                E { bound: a.bound * b.bound, text: format!("({} * {})", a.text, b.text) }
            }
            18 => {
                self.features.insert("div");
                let b = self.expr(d);
                let b = self.fit(b, 10.0);
                let c = *self.rng.pick(&[0.5, 1.0]);
                E { bound: a.bound / c, text: format!("({} / ({}.powi(2) + {}))", a.text, self.recv(b), lit(c)) }
            }
            19 => E { bound: a.bound, text: format!("(-{})", self.recv(a)) },
            _ => {
                let c = self.constant(-1.5, 1.5);
                if self.rng.chance(0.5) {
                    E { bound: a.bound * c.abs(), text: format!("({} * {})", a.text, lit(c)) }
                } else {
                    E { bound: a.bound + c.abs(), text: format!("({} + {})", a.text, lit(c)) }
                }
            }
        }
    }

    /// Whether buffer `b` may be copied by `to_vec()` into a local that a
    /// later statement may make active: not an inactive one, unless
    /// `known_bug_inactive_copy` (see `difftest/found/BUGS.md`, bug 2).
    pub fn copyable(&self, b: usize) -> bool {
        self.feats.known_bug_inactive_copy || !self.bufs[b].from_const
    }

    /// Whether buffer `b` may be overwritten with a value that does not
    /// depend on its old one (`v[i] = e`, `fill`, `copy_from_slice`): not a
    /// local vector unless `known_bug_stale_overwrite` (bug 10: the reverse
    /// derivative may then return a value read before the overwrite).
    pub fn overwritable(&self, b: usize) -> bool {
        self.feats.known_bug_stale_overwrite || !self.bufs[b].local
    }

    /// Whether `min`/`max` may take these operands: not when one of them
    /// contains a `min`/`max` already, unless `known_bug_nested_minmax`
    /// (see `difftest/found/BUGS.md`, bug 1).
    pub fn minmax_ok(&self, parts: &[&E]) -> bool {
        self.feats.known_bug_nested_minmax || parts.iter().all(|e| !has_minmax(e))
    }

    /// An expression fitted to `max`.
    pub fn bounded(&mut self, depth: u32, max: f64) -> E {
        let e = self.expr(depth);
        self.fit(e, max)
    }

    /// A condition on active values for `if` and `while`.
    pub fn condition(&mut self) -> String {
        self.features.insert("branch_on_active");
        let a = self.expr(2);
        match self.rng.range(0, 3) {
            0 => {
                let b = self.expr(1);
                format!("{} > {}", a.text, b.text)
            }
            1 => {
                let c = self.constant(-0.5, 0.5);
                format!("{} < {}", a.text, lit(c))
            }
            _ => {
                let c = self.constant(0.1, 0.8);
                format!("{}.abs() > {}", self.recv(a), lit(c))
            }
        }
    }
}

/// Whether `e` calls `min`, `max` or `clamp` (whose tangents are `if`s).
pub fn has_minmax(e: &E) -> bool {
    e.text.contains(".min(") || e.text.contains(".max(") || e.text.contains(".clamp(")
}

/// Whether the parentheses opening `s` close at its end: `(a + b)` but not `(a) * (b)`.
fn balanced_outer(s: &str) -> bool {
    let mut depth = 0i32;
    for (k, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 && k + 1 != s.len() {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}
