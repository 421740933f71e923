//! Loops over iterators rather than indices: `iter_mut`, `zip`,
//! `windows`, `chunks`, and a `Vec` built by `push`. parad lowers each to
//! an index loop; these check that the lowering keeps the same elements
//! and the same order.

use crate::gen::{Buf, Gen, Index, Len, ELEM, MAX_LEN};

impl Gen<'_> {
    /// One of the iterator loops, on buffers that allow it.
    pub(crate) fn iter_loop(&mut self) {
        let w = self.writable();
        let mut r = self.readable();
        if !self.feats.known_bug_nested_windows {
            // Not the windows of a window (bug 6): those are the only
            // non-local buffers of a fixed length here.
            r.retain(|&b| self.bufs[b].local || !matches!(self.bufs[b].len, Len::Fixed(_)));
        }
        let kind = self.rng.range(0, 5);
        let pick_w = if w.is_empty() { None } else { Some(*self.rng.pick(&w)) };
        let pick_r = if r.is_empty() { None } else { Some(*self.rng.pick(&r)) };
        match (kind, pick_w, pick_r) {
            (0, Some(b), _) => self.iter_mut_loop(b, None),
            (1, Some(b), Some(_)) => {
                let others: Vec<usize> = r.into_iter().filter(|&c| c != b).collect();
                if others.is_empty() {
                    return self.iter_mut_loop(b, None);
                }
                let c = *self.rng.pick(&others);
                self.iter_mut_loop(b, Some(c))
            }
            (2 | 3, _, Some(b)) => self.window_loop(b),
            (_, _, Some(b)) => self.push_vec(b),
            _ => self.let_float(),
        }
    }

    /// `for v in b.iter_mut() { *v = .. }`, or zipped with `c.iter()`.
    fn iter_mut_loop(&mut self, b: usize, zip: Option<usize>) {
        let bn = self.bufs[b].name.clone();
        let (v, o, e) = (self.fresh("v"), self.fresh("o"), self.fresh("e"));
        let m = self.mark();
        let header = match zip {
            Some(c) => format!("for ({v}, &{e}) in {bn}.iter_mut().zip({}.iter())", self.bufs[c].name),
            None => format!("for {v} in {bn}.iter_mut()"),
        };
        self.features.insert("iter_mut");
        self.open(header);
        let mult = self.mult;
        self.mult *= MAX_LEN as u64;
        self.bufs[b].borrowed = Some(true);
        // An enclosing loop may already borrow `c`: it keeps its mark.
        let zipped = zip.map(|c| (c, self.bufs[c].borrowed));
        if let Some(c) = zip {
            self.bufs[c].borrowed = Some(false);
            self.declare(&e, ELEM, false);
        }
        self.emit(format!("let {o} = *{v};"));
        self.declare(&o, ELEM, false);
        let g = self.bounded(2, 1.0);
        let x = self.bounded(2, ELEM);
        self.emit(format!("*{v} = ({o} * {} + {}) * 0.5;", g.text, x.text));
        self.mult = mult;
        self.close("");
        self.restore(m);
        self.bufs[b].borrowed = None;
        if let Some((c, before)) = zipped {
            self.bufs[c].borrowed = before;
        }
    }

    /// `for w in b.windows(2) { s = .. w[1] - w[0] .. }` or over `chunks(2)`
    /// (whose last chunk may be one long, so only `ch[0]` is read).
    fn window_loop(&mut self, b: usize) {
        let bn = self.bufs[b].name.clone();
        let windows = self.rng.chance(0.5);
        let acc = self.accumulator();
        let w = self.fresh("w");
        let m = self.mark();
        let (method, len) = if windows { ("windows", 2) } else { ("chunks", 1) };
        self.features.insert(if windows { "windows" } else { "chunks" });
        let saved = self.bufs[b].borrowed;
        if saved.is_none() {
            self.bufs[b].borrowed = Some(false);
        }
        self.open(format!("for {w} in {bn}.{method}(2)"));
        let mult = self.mult;
        self.mult *= MAX_LEN as u64;
        let group = self.new_group();
        let level = self.level;
        self.bufs.push(Buf {
            name: w,
            len: Len::Fixed(len),
            group,
            mutable: false,
            local: false,
            level,
            borrowed: None,
            from_const: false,
        });
        self.loop_body(acc);
        self.mult = mult;
        self.close("");
        self.restore(m);
        self.bufs[b].borrowed = saved;
    }

    /// `let mut v = Vec::with_capacity(b.len()); for i in 0..b.len() { v.push(e); }`.
    fn push_vec(&mut self, b: usize) {
        let (group, len) = (self.bufs[b].group, self.bufs[b].len);
        let (v, i) = (self.fresh("v"), self.fresh("i"));
        self.features.insert("push");
        let n = self.len_expr(b);
        self.emit(format!("let mut {v}: Vec<f64> = Vec::with_capacity({n});"));
        let m = self.mark();
        self.open(format!("for {i} in 0..{n}"));
        self.indices.push(Index { name: i, group: Some(group), from_one: false });
        let mult = self.mult;
        self.mult *= MAX_LEN as u64;
        let e = self.bounded(2, ELEM);
        self.emit(format!("{v}.push({});", e.text));
        self.mult = mult;
        self.close("");
        self.restore(m);
        let level = self.level;
        self.bufs.push(Buf {
            name: v,
            len,
            group,
            mutable: true,
            local: true,
            level,
            borrowed: None,
            from_const: false,
        });
    }
}
