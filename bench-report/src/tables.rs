//! The report's tables, in Markdown, with every missed target marked.

use crate::data::{Peers, Row, Run, TOOLS};
use std::fmt::Write;

/// Issue 7's targets.
pub const GRAD_OVER_PRIMAL: f64 = 3.0;
pub const OVER_HAND: f64 = 1.3;
pub const SPEEDUP_RATIO: f64 = 0.9;

/// A time from nanoseconds; `–` when it was not measured.
pub fn time(ns: Option<f64>) -> String {
    match ns {
        Some(ns) if ns >= 1e9 => format!("{:.2} s", ns / 1e9),
        Some(ns) if ns >= 1e6 => format!("{:.2} ms", ns / 1e6),
        Some(ns) => format!("{:.1} µs", ns / 1e3),
        None => "–".into(),
    }
}

/// Bytes in MiB or KiB.
pub fn bytes(b: Option<f64>) -> String {
    match b {
        Some(b) if b >= 1024.0 * 1024.0 => format!("{:.1} MiB", b / (1024.0 * 1024.0)),
        Some(b) => format!("{:.0} KiB", b / 1024.0),
        None => "–".into(),
    }
}

pub fn ratio(num: Option<f64>, den: Option<f64>) -> Option<f64> {
    Some(num? / den?).filter(|r| r.is_finite())
}

/// Which side of a target is a miss.
#[derive(Clone, Copy)]
pub enum Target {
    None,
    AtMost(f64),
    AtLeast(f64),
}

impl Target {
    pub fn missed(self, r: f64) -> bool {
        match self {
            Target::None => false,
            Target::AtMost(t) => r > t,
            Target::AtLeast(t) => r < t,
        }
    }
}

/// A ratio to two decimals, bold with `(miss)` when it misses `target`.
pub fn mark(r: Option<f64>, target: Target) -> String {
    match r {
        Some(r) if target.missed(r) => format!("**{r:.2} (miss)**"),
        Some(r) => format!("{r:.2}"),
        None => "–".into(),
    }
}

pub fn geomean(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.into_iter().fold((0.0, 0), |(s, n), v| (s + v.ln(), n + 1));
    (n > 0).then(|| (sum / n as f64).exp())
}

/// `peer grad / parad grad` on one thread: above 1 when parad is faster.
pub fn against(peers: Option<&Peers>, row: &Row, tool: &str) -> Option<f64> {
    ratio(peers?.grad(&row.name, tool), row.one().parad)
}

/// The targets, each with its figure and what misses it.
pub fn targets(run: &Run, peers: Option<&Peers>) -> String {
    let mut out = String::from("| target | result | misses |\n|---|---|---|\n");
    let gm = geomean(run.rows.iter().filter_map(|r| ratio(r.one().parad, r.one().primal)));
    let _ = writeln!(out, "| parad gradient ≤ {GRAD_OVER_PRIMAL}x its primal, geometric mean over the {} problems (one thread) | {} | {} |",
        run.rows.len(), mark(gm, Target::AtMost(GRAD_OVER_PRIMAL)), if gm.is_some_and(|g| g > GRAD_OVER_PRIMAL) { "the mean" } else { "none" });
    let list = |f: &dyn Fn(&Row) -> Option<String>| {
        let misses: Vec<String> = run.rows.iter().filter_map(f).collect();
        (misses.len(), if misses.is_empty() { "none".to_string() } else { misses.join(", ") })
    };
    let (n, which) = list(&|r| {
        ratio(r.one().parad, r.one().hand)
            .filter(|&x| x > OVER_HAND)
            .map(|x| format!("{} {} ({x:.2})", r.label, r.size))
    });
    let _ = writeln!(
        out,
        "| parad ≤ {OVER_HAND}x the hand-written adjoint, every problem | {} of {} met | {which} |",
        run.rows.len() - n,
        run.rows.len()
    );
    for tool in TOOLS {
        let Some(peers) = peers else { break };
        let ran: Vec<&Row> = run.rows.iter().filter(|r| peers.grad(&r.name, tool).is_some()).collect();
        let (n, which) = list(&|r| {
            against(Some(peers), r, tool).filter(|&x| x <= 1.0).map(|x| format!("{} {} ({x:.2})", r.label, r.size))
        });
        let _ = writeln!(
            out,
            "| parad's gradient faster than {tool}'s, every problem it ran | {} of {} faster | {which} |",
            ran.len() - n,
            ran.len()
        );
    }
    let measured = |r: &Row| scaling(r).into_iter().filter(|&(t, _, _, s)| t > 1 && s.is_some()).collect::<Vec<_>>();
    let pairs: usize = run.rows.iter().map(|r| measured(r).len()).sum();
    let (_, which) = list(&|r| {
        let misses: Vec<String> = measured(r)
            .into_iter()
            .filter_map(|(t, _, _, s)| {
                s.filter(|&s| s < SPEEDUP_RATIO).map(|s| format!("{} on {t} threads ({s:.2})", r.label))
            })
            .collect();
        (!misses.is_empty()).then(|| misses.join(", "))
    });
    let _ = writeln!(out, "| parad's parallel speedup ≥ {SPEEDUP_RATIO}x the primal's, every rayon problem and pool size | {pairs} pairs measured | {which} |");
    out
}

/// One pool size of a rayon problem: `(threads, primal speedup, parad
/// speedup, parad speedup / primal speedup)`, speedups over one thread.
pub type Scaling = (usize, Option<f64>, Option<f64>, Option<f64>);

/// Per pool size of a rayon problem, its [`Scaling`].
pub fn scaling(r: &Row) -> Vec<Scaling> {
    let one = r.one();
    let rows = r.times.iter().filter(|_| r.parallel);
    rows.map(|(&t, x)| {
        let (p, g) = (ratio(one.primal, x.primal), ratio(one.parad, x.parad));
        (t, p, g, ratio(g, p))
    })
    .collect()
}

/// The main table: one thread, every problem.
pub fn times(run: &Run, peers: Option<&Peers>) -> String {
    let mut out = String::from(
        "| problem | size | primal | parad | hand-written | parad/primal | hand/primal | parad/hand (≤ 1.3) | JAX | PyTorch | JAX/parad | PyTorch/parad |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for r in &run.rows {
        let t = r.one();
        let peer = |tool| peers.and_then(|p| p.grad(&r.name, tool));
        let faster = |tool| mark(against(peers, r, tool), Target::AtLeast(1.0));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.label,
            r.size,
            time(t.primal),
            time(t.parad),
            time(t.hand),
            mark(ratio(t.parad, t.primal), Target::AtMost(GRAD_OVER_PRIMAL)),
            mark(ratio(t.hand, t.primal), Target::None),
            mark(ratio(t.parad, t.hand), Target::AtMost(OVER_HAND)),
            time(peer("jax")),
            time(peer("torch")),
            faster("jax"),
            faster("torch")
        );
    }
    out
}

/// Gradient/primal of every tool, each over its own primal.
pub fn per_tool(run: &Run, peers: Option<&Peers>) -> String {
    let mut out = String::from(
        "| problem | size | parad | hand-written | JAX | PyTorch | torch.compile |\n|---|---|---|---|---|---|---|\n",
    );
    for r in &run.rows {
        let t = r.one();
        let peer = |tool| peers.and_then(|p| p.get(&r.name, tool)).and_then(|p| ratio(p.grad, p.primal));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            r.label,
            r.size,
            mark(ratio(t.parad, t.primal), Target::AtMost(GRAD_OVER_PRIMAL)),
            mark(ratio(t.hand, t.primal), Target::None),
            mark(peer("jax"), Target::None),
            mark(peer("torch"), Target::None),
            mark(peer("torch.compile"), Target::None)
        );
    }
    out
}

/// The peers' own figures: times, compile times, status.
pub fn peers(run: &Run, peers: &Peers) -> String {
    let mut out = String::from("| problem | tool | primal | gradient | gradient/primal | compile | parad faster by | status |\n|---|---|---|---|---|---|---|---|\n");
    for r in &run.rows {
        for tool in TOOLS {
            let Some(p) = peers.get(&r.name, tool) else {
                continue;
            };
            let compile = match (p.compile_s, p.first_call_s) {
                (Some(s), _) => format!("{s:.2} s"),
                (None, Some(s)) => format!("{s:.2} s (first call)"),
                _ => "–".into(),
            };
            let _ = writeln!(
                out,
                "| {} {} | {tool} | {} | {} | {} | {compile} | {} | {} |",
                r.label,
                r.size,
                time(p.primal),
                time(p.grad),
                mark(ratio(p.grad, p.primal), Target::None),
                mark(against(Some(peers), r, tool), Target::AtLeast(1.0)),
                p.status
            );
        }
    }
    out
}

pub fn finite_differences(run: &Run) -> String {
    let mut out = String::from("| problem | size | inputs | primal | parad | central differences | FD/parad |\n|---|---|---|---|---|---|---|\n");
    for s in &run.small {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            s.label,
            s.size,
            s.inputs,
            time(s.primal),
            time(s.parad),
            time(s.fd),
            mark(ratio(s.fd, s.parad), Target::None)
        );
    }
    out
}

pub fn threads(run: &Run) -> String {
    let mut out = String::from(
        "| problem | threads | primal | parad | hand-written | primal speedup | parad speedup | hand speedup | parad/primal speedup (≥ 0.9) |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for r in run.rows.iter().filter(|r| r.parallel) {
        for (t, p, g, s) in scaling(r) {
            let x = r.times[&t];
            let target = if t > 1 { Target::AtLeast(SPEEDUP_RATIO) } else { Target::None };
            let _ = writeln!(
                out,
                "| {} {} | {t} | {} | {} | {} | {} | {} | {} | {} |",
                r.label,
                r.size,
                time(x.primal),
                time(x.parad),
                time(x.hand),
                mark(p, Target::None),
                mark(g, Target::None),
                mark(ratio(r.one().hand, x.hand), Target::None),
                mark(s, target)
            );
        }
    }
    out
}

pub fn memory(run: &Run) -> String {
    let mut out =
        String::from("| problem | size | primal | parad | hand-written | parad/hand |\n|---|---|---|---|---|---|\n");
    for r in &run.rows {
        let [p, g, h] = r.memory;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            r.label,
            r.size,
            bytes(p),
            bytes(g),
            bytes(h),
            mark(ratio(g, h), Target::None)
        );
    }
    out
}

/// What each problem is.
pub fn problems(run: &Run) -> String {
    let mut out = String::from("| problem | size | gradient with respect to |\n|---|---|---|\n");
    for r in &run.rows {
        let _ = writeln!(out, "| {} | {} | {} |", r.label, r.size, r.wrt);
    }
    out
}
