//! One whole function: its signature and activities, its body, what it
//! returns or writes, and the concrete lengths its checker uses.

use crate::gen::{lit, Gen, E, MAX_COUNT};
use crate::model::{Function, Param, ParamKind};
use crate::rng::Rng;
use crate::Features;

/// The parameters of a new function, in random order, and whether it
/// returns a float. At least one float input is active; a function that
/// returns nothing has an `&mut` output.
fn signature(rng: &mut Rng, feats: &Features, helper: bool) -> (Vec<Param>, bool) {
    let n_scalars = rng.range(0, 3);
    let mut n_slices = rng.range(0, 3);
    let mut n_muts = if rng.chance(0.4) { 1 } else { 0 };
    let n_counts = if rng.chance(0.4) { 1 } else { 0 };
    if n_scalars + n_slices + n_muts == 0 {
        n_slices = 1;
    }
    let returns_float = n_muts == 0 || rng.chance(0.7);
    if !returns_float {
        n_muts = 1;
    }
    let mut params = Vec::new();
    let mut add = |names: &[&str], n: usize, kind: ParamKind| {
        for name in &names[..n] {
            params.push(Param { name: name.to_string(), kind, active: true, min_len: 1, check_len: 0 });
        }
    };
    add(&["a", "b"], n_scalars, ParamKind::Scalar);
    add(&["x", "z"], n_slices, ParamKind::Slice);
    add(&["y"], n_muts, ParamKind::SliceMut);
    add(&["n"], n_counts, ParamKind::Count);
    // Fisher-Yates.
    for k in (1..params.len()).rev() {
        let j = rng.range(0, k + 1);
        params.swap(k, j);
    }
    if feats.const_params && !helper {
        for p in params.iter_mut() {
            if matches!(p.kind, ParamKind::Scalar | ParamKind::Slice) && rng.chance(0.15) {
                p.active = false;
            }
        }
    }
    for p in params.iter_mut() {
        if p.kind == ParamKind::Count {
            p.active = false;
        }
    }
    let any_active = params.iter().any(|p| p.active);
    if !any_active {
        if let Some(p) = params.iter_mut().find(|p| p.kind != ParamKind::Count) {
            p.active = true;
        }
    }
    (params, returns_float)
}

/// The `#[autodiff]` attributes: reverse and forward derivatives named
/// `d_NAME` and `t_NAME`, or bare for a helper.
pub(crate) fn attributes(rng: &mut Rng, feats: &Features, f: &Function) -> Vec<String> {
    if !f.checked {
        return vec!["#[autodiff]".to_string()];
    }
    let mut rev: Vec<&str> = Vec::new();
    let mut fwd: Vec<&str> = Vec::new();
    for p in &f.params {
        let (r, t) = match (p.kind, p.active) {
            (ParamKind::Scalar, true) => ("Active", "Dual"),
            (ParamKind::Slice | ParamKind::SliceMut, true) => ("Duplicated", "Dual"),
            _ => ("Const", "Const"),
        };
        rev.push(r);
        fwd.push(t);
    }
    if f.returns_float {
        rev.push("Active");
        fwd.push("Dual");
    }
    let alt = feats.alt_attribute_names && rng.chance(0.2);
    let (rev, fwd) = (rev.join(", "), fwd.join(", "));
    let name = &f.name;
    let mut attrs = if alt {
        vec![format!("#[autodiff_reverse(d_{name}, {rev})]"), format!("#[autodiff_forward(t_{name}, {fwd})]")]
    } else {
        vec![format!("#[autodiff(reverse, d_{name}, {rev})]"), format!("#[autodiff(forward, t_{name}, {fwd})]")]
    };
    if rng.chance(0.3) {
        attrs.reverse();
    }
    attrs
}

/// Generates the function `name`, which may call any of `callables`.
pub fn function(rng: &mut Rng, feats: &Features, callables: &[Function], name: String, helper: bool) -> Function {
    let (params, returns_float) = signature(rng, feats, helper);
    let n = rng.range(2, 7);
    let mut g = Gen::new(rng, feats, callables, params, returns_float);
    g.block(n);
    // Outputs: every `&mut` parameter of a function returning nothing is
    // written last (from what the body computed), half of them otherwise.
    for b in g.writable() {
        if !g.bufs[b].local && (!returns_float || g.rng.chance(0.5)) {
            g.finish_output(b);
        }
    }
    let ret = if returns_float {
        let e = g.final_value();
        g.emit(e.text.clone());
        e.bound
    } else {
        0.0
    };
    let mut params = std::mem::take(&mut g.params);
    for p in params.iter_mut() {
        p.check_len = match p.kind {
            ParamKind::Scalar => 0,
            ParamKind::Count => g.rng.range(1, MAX_COUNT + 1),
            _ => (p.min_len + g.rng.range(0, 4)).min(7),
        };
    }
    let mut f = Function {
        name,
        params,
        returns_float,
        ret_bound: ret.max(g.early_bound),
        work: g.work.max(1),
        attrs: Vec::new(),
        body: std::mem::take(&mut g.lines),
        callees: std::mem::take(&mut g.callees),
        features: std::mem::take(&mut g.features),
        checked: !helper,
    };
    f.attrs = attributes(rng, feats, &f);
    f
}

impl Gen<'_> {
    /// Writes output buffer `b` from the values computed so far:
    /// `for i in 0..y.len() { y[i] = (y[i] * g + e) * 0.5; }`.
    fn finish_output(&mut self, b: usize) {
        let (name, group) = (self.bufs[b].name.clone(), self.bufs[b].group);
        let i = self.fresh("i");
        let m = self.mark();
        self.open(format!("for {i} in 0..{name}.len()"));
        self.indices.push(crate::gen::Index { name: i.clone(), group: Some(group), from_one: false });
        let mix = self.mix();
        let e = self.fit(mix, 2.0);
        let g = self.bounded(1, 1.0);
        self.emit(format!("{name}[{i}] = ({name}[{i}] * {} + {}) * 0.5;", g.text, e.text));
        self.close("");
        self.restore(m);
    }

    /// A weighted sum of the locals computed at the top level (the last
    /// few), so that the output depends on most of the body.
    fn mix(&mut self) -> E {
        let locals: Vec<usize> =
            (0..self.floats.len()).filter(|&k| !self.params.iter().any(|p| p.name == self.floats[k].name)).collect();
        let mut terms = Vec::new();
        let mut bound = 0.0;
        for &k in locals.iter().rev().take(6) {
            let c = (self.rng.unit() * 2.0 - 1.0).max(-0.99);
            let c = if c.abs() < 0.05 { 0.5 } else { (c * 100.0).round() / 100.0 };
            let v = self.floats[k].clone();
            let e = E { text: v.name, bound: v.bound };
            let e = self.fit(e, 20.0);
            bound += e.bound * c.abs();
            terms.push(format!("{} * {}", e.text, lit(c)));
        }
        let extra = self.expr(3);
        bound += extra.bound;
        terms.push(extra.text);
        E { text: format!("({})", terms.join(" + ")), bound }
    }

    /// The returned value: [`Gen::mix`] fitted to a moderate bound.
    fn final_value(&mut self) -> E {
        let mix = self.mix();
        self.fit(mix, 50.0)
    }
}
