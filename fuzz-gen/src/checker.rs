//! The drivers each checked function gets, and the batch file around them.
//!
//! For a function `f` the batch has three plain functions over the packed
//! input `x` (see the harness's module docs): `__primal_f(x)`,
//! `__rev_f(x, w, grad)` calling `d_f` with the output seeds `w`, and
//! `__fwd_f(x, v, tan)` calling `t_f` with the tangents `v`; and an entry in
//! `ENTRIES` that names them. The signatures of `d_f` and `t_f` are those of
//! parad's README: an `Active` scalar's derivative is returned after the
//! value (one value bare, several as a tuple), a `Duplicated` buffer gets a
//! shadow after it (seeded with `w` for `&mut` buffers, holding the adjoint
//! of the initial value on return), `Dual` adds a tangent after each active
//! parameter and makes a float return `(value, tangent)`.

use crate::model::{Function, ParamKind};
use std::fmt::Write;
use std::ops::Range;

/// The harness module, verbatim (see `harness/harness.rs`).
const HARNESS: &str = include_str!("../harness/harness.rs");

/// Where each parameter's values sit in the packed input.
struct Layout {
    /// Per parameter: its range in the packed input (empty for counts).
    ranges: Vec<Range<usize>>,
    n_in: usize,
    /// Per parameter: its range in the packed output (`&mut` buffers only).
    outs: Vec<Range<usize>>,
    n_out: usize,
}

fn layout(f: &Function) -> Layout {
    let (mut n_in, mut n_out) = (0, usize::from(f.returns_float));
    let (mut ranges, mut outs) = (Vec::new(), Vec::new());
    for p in &f.params {
        let len = match p.kind {
            ParamKind::Scalar => 1,
            ParamKind::Slice | ParamKind::SliceMut => p.check_len,
            ParamKind::Count => 0,
        };
        ranges.push(n_in..n_in + len);
        n_in += len;
        if p.kind == ParamKind::SliceMut {
            outs.push(n_out..n_out + len);
            n_out += len;
        } else {
            outs.push(0..0);
        }
    }
    Layout { ranges, n_in, outs, n_out }
}

/// `let (a, b) = ` for the names given: bare for one, `()` for none.
fn pattern(names: &[String]) -> String {
    match names.len() {
        0 => "let () = ".to_string(),
        1 => format!("let {} = ", names[0]),
        _ => format!("let ({}) = ", names.join(", ")),
    }
}

/// The three drivers and the `Entry` of `f`; `source` is the text printed
/// when it fails (the function with its callees).
fn drivers(f: &Function, source: &str) -> (String, String) {
    let l = layout(f);
    let name = &f.name;
    let mut primal_args = Vec::new();
    let mut rev_args = Vec::new();
    let mut fwd_args = Vec::new();
    // Lines binding the parameters, shared by the three drivers (`x` is the input).
    let mut bind = String::new();
    let (mut rev_bind, mut fwd_bind) = (String::new(), String::new());
    let (mut rev_outs, mut fwd_outs) = (vec!["r".to_string()], vec!["r".to_string(), "tr".to_string()]);
    if !f.returns_float {
        rev_outs.clear();
        fwd_outs.clear();
    }
    let (mut grads, mut tans) = (String::new(), String::new());
    let mut outputs = String::new();
    for (k, p) in f.params.iter().enumerate() {
        let r = &l.ranges[k];
        let (pn, dn, tn) = (format!("p{k}"), format!("d{k}"), format!("t{k}"));
        match p.kind {
            ParamKind::Scalar => {
                let _ = writeln!(bind, "    let {pn} = x[{}];", r.start);
                primal_args.push(pn.clone());
                rev_args.push(pn.clone());
                fwd_args.push(pn.clone());
                if p.active {
                    rev_outs.push(dn.clone());
                    let _ = writeln!(grads, "    g[{}] = {dn};", r.start);
                    fwd_args.push(format!("v[{}]", r.start));
                }
            }
            ParamKind::Slice => {
                let _ = writeln!(bind, "    let {pn} = &x[{}..{}];", r.start, r.end);
                primal_args.push(pn.clone());
                rev_args.push(pn.clone());
                fwd_args.push(pn.clone());
                if p.active {
                    let _ = writeln!(rev_bind, "    let mut {dn} = vec![0.0; {}];", p.check_len);
                    rev_args.push(format!("&mut {dn}"));
                    let _ = writeln!(grads, "    g[{}..{}].copy_from_slice(&{dn});", r.start, r.end);
                    fwd_args.push(format!("&v[{}..{}]", r.start, r.end));
                }
            }
            ParamKind::SliceMut => {
                let o = &l.outs[k];
                let _ = writeln!(bind, "    let mut {pn} = x[{}..{}].to_vec();", r.start, r.end);
                primal_args.push(format!("&mut {pn}"));
                rev_args.push(format!("&mut {pn}"));
                fwd_args.push(format!("&mut {pn}"));
                let _ = writeln!(rev_bind, "    let mut {dn} = w[{}..{}].to_vec();", o.start, o.end);
                rev_args.push(format!("&mut {dn}"));
                let _ = writeln!(grads, "    g[{}..{}].copy_from_slice(&{dn});", r.start, r.end);
                let _ = writeln!(fwd_bind, "    let mut {tn} = v[{}..{}].to_vec();", r.start, r.end);
                fwd_args.push(format!("&mut {tn}"));
                let _ = writeln!(tans, "    t[{}..{}].copy_from_slice(&{tn});", o.start, o.end);
                let _ = writeln!(outputs, "    out.extend_from_slice(&{pn});");
            }
            ParamKind::Count => {
                primal_args.push(p.check_len.to_string());
                rev_args.push(p.check_len.to_string());
                fwd_args.push(p.check_len.to_string());
            }
        }
    }
    if f.returns_float {
        rev_args.push("w[0]".to_string());
        let _ = writeln!(tans, "    t[0] = tr;");
    }
    let ret = if f.returns_float { "    out.push(r);\n" } else { "" };
    let collect = format!("    let mut out: Vec<f64> = Vec::new();\n{ret}{outputs}    out\n");
    let primal_call = if f.returns_float { "let r = " } else { "" };
    let mut s = String::new();
    let _ = write!(
        s,
        "fn __primal_{name}(x: &[f64]) -> Vec<f64> {{\n{bind}    {primal_call}{name}({});\n{collect}}}\n",
        primal_args.join(", ")
    );
    let _ = write!(
        s,
        "fn __rev_{name}(x: &[f64], w: &[f64], g: &mut [f64]) -> Vec<f64> {{\n{bind}{rev_bind}    {}d_{name}({});\n{grads}{collect}}}\n",
        pattern(&rev_outs),
        rev_args.join(", ")
    );
    let _ = write!(
        s,
        "fn __fwd_{name}(x: &[f64], v: &[f64], t: &mut [f64]) -> Vec<f64> {{\n{bind}{fwd_bind}    {}t_{name}({});\n{tans}{collect}}}\n",
        pattern(&fwd_outs),
        fwd_args.join(", ")
    );
    let mut active = vec![false; l.n_in];
    for (k, p) in f.params.iter().enumerate() {
        for a in &mut active[l.ranges[k].clone()] {
            *a = p.active;
        }
    }
    let entry = format!(
        "    harness::Entry {{ name: \"{name}\", source: r##\"{source}\"##, n_in: {}, active: &{active:?}, n_out: {}, \
         primal: __primal_{name}, rev: __rev_{name}, fwd: __fwd_{name} }},\n",
        l.n_in, l.n_out
    );
    (s, entry)
}

/// The batch file for `functions`, and the lines each function spans.
pub fn render(seed: u64, functions: &[Function]) -> (String, Vec<Range<usize>>) {
    let checked = functions.iter().filter(|f| f.checked).count();
    let mut s = format!(
        "// Generated by parad-fuzz-gen from seed {seed}: {checked} checked functions, {} helpers.\n\
         // Include it in a module: `mod batch {{ include!(\"..\"); }}`; see `harness` below.\n\n\
         use parad::{{autodiff, autodiff_forward, autodiff_reverse}};\n\
         use rayon::prelude::*;\n\n\
         /// The seed this batch was generated from.\n\
         pub const SEED: u64 = {seed};\n\n\
         pub mod harness {{\n{HARNESS}}}\n\n",
        functions.len() - checked
    );
    let mut entries = String::new();
    let mut lines = Vec::new();
    // 1-based number of the line that the next character pushed starts.
    let mut line = s.matches('\n').count() + 1;
    for f in functions {
        let start = line;
        let text = f.text();
        s.push_str(&text);
        if f.checked {
            let source = crate::model::closure_of(functions, &f.name)
                .iter()
                .filter_map(|n| functions.iter().find(|g| &g.name == n))
                .map(Function::text)
                .collect::<Vec<_>>()
                .join("\n");
            let (d, e) = drivers(f, &source);
            s.push_str(&d);
            line += d.matches('\n').count();
            entries.push_str(&e);
        }
        s.push('\n');
        line += text.matches('\n').count() + 1;
        lines.push(start..line);
    }
    let _ = write!(
        s,
        "/// Every checked function, with its drivers.\npub static ENTRIES: &[harness::Entry] = &[\n{entries}];\n"
    );
    (s, lines)
}
