//! Recursive functions: one that calls itself `depth` times, down to a
//! function generated before it, with its arguments changed on the way
//! (scalars scaled, a local copy of a slice overwritten after the call to
//! itself and passed on), so that the adjoint of each call to itself, which
//! runs the function again (parad's joint mode, `docs/calls.md`), must see
//! the arguments as they were at the call.

use crate::gen::MAX_COUNT;
use crate::model::{Function, Param, ParamKind};
use crate::rng::Rng;
use crate::Features;

/// Largest estimated cost of the callee, times its calls over the deepest
/// recursion.
const MAX_WORK: u64 = 40_000;

/// A recursive function `name` over one of `callables` that returns a
/// float, or `None` if none is cheap enough.
pub fn recursive(rng: &mut Rng, feats: &Features, callables: &[Function], name: String) -> Option<Function> {
    let calls = 2 * MAX_COUNT as u64 + 1;
    let cands: Vec<&Function> =
        callables.iter().filter(|f| f.returns_float && f.work.saturating_mul(calls) <= MAX_WORK).collect();
    if cands.is_empty() {
        return None;
    }
    let g = (*rng.pick(&cands)).clone();
    // The callee may be recursive itself, with a depth of its own.
    let depth = ["depth", "level", "height", "rank"]
        .into_iter()
        .find(|d| g.params.iter().all(|p| p.name != *d))
        .unwrap_or("depth_")
        .to_string();
    let copy = g.params.iter().position(|p| p.kind == ParamKind::Slice).filter(|_| rng.chance(0.7));
    // The arguments of a call: to itself (`down`), or to the callee, in the
    // base case on the parameters, after the call to itself on the copy.
    let args = |down: bool, copied: bool| -> String {
        let mut out: Vec<String> = g
            .params
            .iter()
            .enumerate()
            .map(|(k, p)| match p.kind {
                ParamKind::Scalar if down => format!("{} * 0.9 + 0.05", p.name),
                ParamKind::Slice if copied && copy == Some(k) => "&v".to_string(),
                ParamKind::SliceMut => format!("&mut {}[..]", p.name),
                _ => p.name.clone(),
            })
            .collect();
        if down {
            out.push(format!("{depth} - 1"));
        }
        out.join(", ")
    };
    let mut body = vec![
        format!("    if {depth} == 0 {{"),
        format!("        return {}({});", g.name, args(false, false)),
        "    }".to_string(),
    ];
    if let Some(k) = copy {
        let x = &g.params[k].name;
        body.push(format!("    let mut v = {x}.to_vec();"));
        body.push("    v[0] = (v[0] * 0.5).sin();".to_string());
    }
    body.push(format!("    let r = {name}({});", args(true, true)));
    if copy.is_some() {
        body.push("    v[0] = (r * 0.5).cos() * 0.5;".to_string());
    }
    body.push(format!("    let s = {}({});", g.name, args(false, true)));
    body.push("    (r * 0.5).sin() + (s * 0.1).tanh()".to_string());
    let mut params = g.params.clone();
    params.push(Param {
        name: depth.clone(),
        kind: ParamKind::Count,
        active: false,
        min_len: 1,
        check_len: rng.range(0, MAX_COUNT + 1),
    });
    let mut f = Function {
        name,
        params,
        returns_float: true,
        ret_bound: 2.0,
        work: g.work.saturating_mul(calls) + 10,
        attrs: Vec::new(),
        body,
        callees: [g.name.clone()].into_iter().collect(),
        features: ["recursion"].into_iter().collect(),
        checked: true,
    };
    f.attrs = crate::func::attributes(rng, feats, &f);
    Some(f)
}
