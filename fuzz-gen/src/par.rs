//! Rayon loops and checkpointed time loops.
//!
//! A rayon closure is a new closure level: it reads what is outside but
//! writes only its own element and its own locals, as Rust requires. A
//! checkpointed loop is generated at the top of a body only (parad does not
//! nest them) and works on a local state vector and an accumulator, which
//! the statements after it read.

use crate::gen::{Buf, Gen, Index, Len, ELEM, MAX_COUNT, MAX_LEN};

impl Gen<'_> {
    /// `b.par_iter().map(|&e| ..).sum()`, or over `(0..b.len()).into_par_iter()`.
    pub(crate) fn par_sum(&mut self) {
        let bufs = self.readable();
        let b = *self.rng.pick(&bufs);
        let (bn, group) = (self.bufs[b].name.clone(), self.bufs[b].group);
        let p = self.fresh("p");
        let m = self.mark();
        let (level, in_par, mult) = (self.level, self.in_par, self.mult);
        self.level += 1;
        self.in_par = true;
        self.mult *= MAX_LEN as u64;
        self.features.insert("rayon_sum");
        let others: Vec<usize> = bufs.iter().copied().filter(|&c| c != b).collect();
        let text = match self.rng.range(0, 5) {
            0 | 1 => {
                let e = self.fresh("e");
                self.declare(&e, ELEM, false);
                let body = self.bounded(3, 2.0);
                format!("let {p}: f64 = {bn}.par_iter().map(|&{e}| {}).sum();", body.text)
            }
            2 if !others.is_empty() => {
                let c = *self.rng.pick(&others);
                let cn = self.bufs[c].name.clone();
                let (e1, e2) = (self.fresh("e"), self.fresh("e"));
                self.declare(&e1, ELEM, false);
                self.declare(&e2, ELEM, false);
                let body = self.bounded(3, 2.0);
                self.features.insert("rayon_zip");
                format!(
                    "let {p}: f64 = {bn}.par_iter().zip({cn}.par_iter()).map(|(&{e1}, &{e2})| {}).sum();",
                    body.text
                )
            }
            3 => {
                let e = self.fresh("e");
                self.declare(&e, ELEM, false);
                let body = self.bounded(3, 2.0);
                self.features.insert("rayon_reduce");
                format!("let {p} = {bn}.par_iter().map(|&{e}| {}).reduce(|| 0.0, |l, r| l + r);", body.text)
            }
            _ => {
                let i = self.fresh("i");
                self.indices.push(Index { name: i.clone(), group: Some(group), from_one: false });
                let body = self.bounded(3, 2.0);
                format!("let {p} = (0..{}).into_par_iter().map(|{i}| {}).sum::<f64>();", self.len_expr(b), body.text)
            }
        };
        (self.level, self.in_par, self.mult) = (level, in_par, mult);
        self.restore(m);
        self.emit(text);
        self.declare(&p, 2.0 * MAX_LEN as f64, false);
    }

    /// `b.par_iter_mut().enumerate().for_each(|(i, bi)| { ..; *bi = ..; })`.
    pub(crate) fn par_for_each(&mut self) {
        let w = self.writable();
        let b = *self.rng.pick(&w);
        let (bn, group) = (self.bufs[b].name.clone(), self.bufs[b].group);
        let (i, bi, old) = (self.fresh("i"), self.fresh("b"), self.fresh("o"));
        let m = self.mark();
        let (level, in_par, mult) = (self.level, self.in_par, self.mult);
        self.features.insert("rayon_for_each");
        self.open(format!("{bn}.par_iter_mut().enumerate().for_each(|({i}, {bi})|"));
        self.level += 1;
        self.in_par = true;
        self.mult *= MAX_LEN as u64;
        self.bufs[b].borrowed = Some(true);
        self.indices.push(Index { name: i, group: Some(group), from_one: false });
        self.emit(format!("let {old} = *{bi};"));
        self.declare(&old, ELEM, false);
        let n = self.rng.range(0, 3);
        self.block(n);
        let g = self.bounded(2, 1.0);
        let e = self.bounded(2, ELEM);
        self.emit(format!("*{bi} = ({old} * {} + {}) * 0.5;", g.text, e.text));
        (self.level, self.in_par, self.mult) = (level, in_par, mult);
        self.close(");");
        self.restore(m);
        self.bufs[b].borrowed = None;
    }

    /// `b.par_chunks_mut(2).enumerate().for_each(|(k, ch)| for j in 0..ch.len() { ch[j] = .. })`.
    pub(crate) fn par_chunks(&mut self) {
        let w = self.writable();
        let b = *self.rng.pick(&w);
        let bn = self.bufs[b].name.clone();
        let (k, ch, j) = (self.fresh("k"), self.fresh("ch"), self.fresh("j"));
        let m = self.mark();
        let (level, in_par, mult) = (self.level, self.in_par, self.mult);
        self.features.insert("rayon_chunks");
        self.open(format!("{bn}.par_chunks_mut(2).enumerate().for_each(|({k}, {ch})|"));
        self.level += 1;
        self.in_par = true;
        self.mult *= MAX_LEN as u64;
        self.bufs[b].borrowed = Some(true);
        // The chunk: a buffer of its own (1 or 2 long), written by index.
        let group = self.new_group();
        self.bufs.push(Buf {
            name: ch.clone(),
            len: Len::Fixed(1),
            group,
            mutable: true,
            local: false,
            level: self.level,
            borrowed: None,
            from_const: false,
        });
        self.indices.push(Index { name: k, group: None, from_one: false });
        self.open(format!("for {j} in 0..{ch}.len()"));
        self.indices.push(Index { name: j.clone(), group: Some(group), from_one: false });
        let g = self.bounded(2, 1.0);
        let e = self.bounded(2, ELEM);
        self.emit(format!("{ch}[{j}] = ({ch}[{j}] * {} + {}) * 0.5;", g.text, e.text));
        self.close("");
        (self.level, self.in_par, self.mult) = (level, in_par, mult);
        self.close(");");
        self.restore(m);
        self.bufs[b].borrowed = None;
    }

    /// `let (p, q) = rayon::join(|| e1, || e2);`.
    pub(crate) fn join(&mut self) {
        let (p, q) = (self.fresh("p"), self.fresh("p"));
        let (level, in_par) = (self.level, self.in_par);
        self.level += 1;
        self.in_par = true;
        let a = self.bounded(3, 5.0);
        let b = self.bounded(3, 5.0);
        (self.level, self.in_par) = (level, in_par);
        self.features.insert("rayon_join");
        self.emit(format!("let ({p}, {q}) = rayon::join(|| {}, || {});", a.text, b.text));
        self.declare(&p, a.bound, false);
        self.declare(&q, b.bound, false);
    }

    /// A checkpointed time loop over a local state vector (and a scalar).
    pub(crate) fn checkpoint(&mut self) {
        let bufs = self.readable();
        if bufs.is_empty() {
            return self.let_float();
        }
        self.used_checkpoint = true;
        let b = *self.rng.pick(&bufs);
        let (bn, group, len) = (self.bufs[b].name.clone(), self.bufs[b].group, self.bufs[b].len);
        let (u, s) = (self.fresh("u"), self.fresh("s"));
        if self.copyable(b) {
            self.emit(format!("let mut {u}: Vec<f64> = {bn}.to_vec();"));
        } else {
            self.emit(format!("let mut {u}: Vec<f64> = vec![0.5; {}];", self.len_expr(b)));
        }
        let from_const = false;
        self.bufs.push(Buf {
            name: u.clone(),
            len,
            group,
            mutable: true,
            local: true,
            level: 0,
            borrowed: None,
            from_const,
        });
        let state = self.bufs.len() - 1;
        // The `&mut` parameters: written inside, they are left holding a
        // stale value by the reverse derivative (bug 3) unless allowed.
        let params_writable = self.feats.known_bug_checkpoint_param_state;
        let saved: Vec<Option<bool>> = self.bufs.iter().map(|b| b.borrowed).collect();
        if !params_writable {
            for b in self.bufs.iter_mut().filter(|b| !b.local && b.borrowed.is_none()) {
                b.borrowed = Some(false);
            }
        }
        self.emit(format!("let mut {s}: f64 = 0.0;"));
        self.declare(&s, 1.0, true);
        let swap = self.rng.chance(0.4);
        let next = self.fresh("w");
        if swap {
            self.emit(format!("let mut {next}: Vec<f64> = vec![0.0; {}];", self.len_expr(state)));
        }
        let steps = if self.counts.is_empty() || self.rng.chance(0.3) {
            self.rng.range(2, 6).to_string()
        } else {
            self.rng.pick(&self.counts).clone()
        };
        let scheme = if self.rng.chance(0.7) {
            format!("binomial(snapshots = {})", self.rng.range(1, 4))
        } else {
            format!("periodic(every = {})", self.rng.range(1, 3))
        };
        self.features.insert("checkpoint");
        self.emit(format!("#[checkpoint({scheme})]"));
        let m = self.mark();
        let t = self.fresh("k");
        self.open(format!("for {t} in 0..{steps}"));
        let (mult, in_ck) = (self.mult, self.in_checkpoint);
        self.mult *= 3 * MAX_COUNT as u64;
        self.in_checkpoint = true;
        let i = self.fresh("i");
        self.open(format!("for {i} in 0..{}", self.len_expr(state)));
        self.indices.push(Index { name: i.clone(), group: Some(group), from_one: false });
        let g = self.bounded(2, 1.0);
        let e = self.bounded(2, ELEM);
        let time = format!("0.1 * {t} as f64");
        if swap {
            let n = self.len_of(state, self.feats.known_bug_swap_len_read);
            self.emit(format!("{next}[{i}] = ({u}[({i} + 1) % {n}] * {} + {} + {time}).tanh();", g.text, e.text));
        } else {
            self.emit(format!("{u}[{i}] = ({u}[{i}] * {} + {}) * 0.5;", g.text, e.text));
        }
        self.indices.pop();
        self.close("");
        if swap {
            self.emit(format!("std::mem::swap(&mut {u}, &mut {next});"));
        }
        let n = self.rng.range(0, 3);
        self.block(n);
        let e = self.bounded(2, 1.0);
        self.emit(format!("{s} = ({s} + {u}[0] * {}) * 0.5;", e.text));
        self.mult = mult;
        self.in_checkpoint = in_ck;
        self.close("");
        self.restore(m);
        for (b, s) in self.bufs.iter_mut().zip(saved) {
            b.borrowed = s;
        }
    }
}
