//! Batched mode against the same derivatives one at a time: for each
//! problem, the primal, four unbatched derivatives (`one_by_one`: forward
//! mode with four directions, or reverse mode with four seeds) and one of
//! width 4 (`width_4`), timed in the same run. After
//! criterion's own output, a table of medians and the ratios.
//!
//! ```sh
//! cargo bench --bench batched -- --warm-up-time 1 --measurement-time 3
//! ```

#[path = "problems/report.rs"]
mod report;

use criterion::{black_box, Criterion};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;
use report::{fmt_ratio, fmt_time, measuring, median_ns, Target};
use std::time::SystemTime;

/// A chain of neighbours through `sqrt`, `sin` and `exp`: the primal's
/// transcendental calls dominate, and batched mode makes them once.
#[autodiff(forward, chain_fwd4, 4, Dual, Dual)]
#[autodiff(forward, chain_fwd, Dual, Dual)]
fn chain(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 1..x.len() {
        let d = x[i] - x[i - 1];
        s += (d * d + 1.0).sqrt() * x[i].sin() + (0.1 * x[i]).exp();
    }
    s
}

/// A rayon map and sum of mostly arithmetic: here the tangents' own work
/// is most of the derivative's.
#[autodiff(forward, spread_fwd4, 4, Dual, Dual, Dual)]
#[autodiff(forward, spread_fwd, Dual, Dual, Dual)]
fn spread(x: &[f64], y: &mut [f64]) -> f64 {
    y.par_iter_mut().enumerate().for_each(|(i, yi)| {
        *yi = x[i] * x[i] * 0.5 - x[i] * 0.25;
    });
    y.par_iter().map(|v| v * v).sum()
}

/// A serial stencil through `tanh` and `sin` writing `y`: four weighted
/// sums of the rows of its Jacobian, by reverse mode (a seed on `y` each).
#[autodiff(reverse, stencil_rev4, 4, Duplicated, Duplicated)]
#[autodiff(reverse, stencil_rev, Duplicated, Duplicated)]
fn stencil(x: &[f64], y: &mut [f64]) {
    for i in 1..x.len() - 1 {
        y[i] = (x[i - 1] - 2.0 * x[i] + x[i + 1]).tanh() + x[i].sin() * x[i + 1];
    }
}

/// A problem's three ways to its value and four derivatives.
struct Problem {
    name: &'static str,
    primal: Box<dyn Fn() -> f64>,
    one_by_one: Box<dyn Fn() -> f64>,
    batched: Box<dyn Fn() -> f64>,
}

fn problems() -> Vec<Problem> {
    let n = 100_000;
    let x = random_vec(n, -1.0, 1.0, 71);
    let t: Vec<Vec<f64>> = (0..4).map(|k| random_vec(n, -1.0, 1.0, 72 + k)).collect();
    let (x1, t1, x2, t2) = (x.clone(), t.clone(), x.clone(), t.clone());
    let chain_problem = Problem {
        name: "chain",
        primal: Box::new(move || chain(&x)),
        one_by_one: Box::new(move || t1.iter().map(|t| chain_fwd(&x1, t).1).sum()),
        batched: Box::new(move || chain_fwd4(&x2, &t2[0], &t2[1], &t2[2], &t2[3]).1.iter().sum()),
    };
    let x = random_vec(n, -1.0, 1.0, 81);
    let t: Vec<Vec<f64>> = (0..4).map(|k| random_vec(n, -1.0, 1.0, 82 + k)).collect();
    let (x1, t1, x2, t2) = (x.clone(), t.clone(), x.clone(), t.clone());
    let spread_problem = Problem {
        name: "spread",
        primal: Box::new(move || spread(&x, &mut vec![0.0; n])),
        one_by_one: Box::new(move || {
            t1.iter().map(|t| spread_fwd(&x1, t, &mut vec![0.0; n], &mut vec![0.0; n]).1).sum()
        }),
        batched: Box::new(move || {
            let mut ty: Vec<Vec<f64>> = (0..4).map(|_| vec![0.0; n]).collect();
            let [a, b, c, d] = &mut ty[..] else { unreachable!() };
            let (_, ts) = spread_fwd4(&x2, &t2[0], &t2[1], &t2[2], &t2[3], &mut vec![0.0; n], a, b, c, d);
            ts.iter().sum()
        }),
    };
    let x = random_vec(n, -1.0, 1.0, 91);
    let w: Vec<Vec<f64>> = (0..4).map(|k| random_vec(n, -1.0, 1.0, 92 + k)).collect();
    let (x1, w1, x2, w2) = (x.clone(), w.clone(), x.clone(), w.clone());
    let stencil_problem = Problem {
        name: "stencil",
        primal: Box::new(move || {
            let mut y = vec![0.0; n];
            stencil(&x, &mut y);
            y[n / 2]
        }),
        one_by_one: Box::new(move || {
            let mut total = 0.0;
            for w in &w1 {
                let (mut dx, mut y, mut dy) = (vec![0.0; n], vec![0.0; n], w.clone());
                stencil_rev(&x1, &mut dx, &mut y, &mut dy);
                total += dx.iter().sum::<f64>();
            }
            total
        }),
        batched: Box::new(move || {
            let mut dx: Vec<Vec<f64>> = (0..4).map(|_| vec![0.0; n]).collect();
            let mut dy = w2.clone();
            let [a, b, c, d] = &mut dx[..] else { unreachable!() };
            let [e, f, g, h] = &mut dy[..] else { unreachable!() };
            stencil_rev4(&x2, a, b, c, d, &mut vec![0.0; n], e, f, g, h);
            dx.iter().flatten().sum()
        }),
    };
    vec![chain_problem, spread_problem, stencil_problem]
}

fn main() {
    let started = SystemTime::now();
    let mut c = Criterion::default().configure_from_args();
    let problems = problems();
    for p in &problems {
        // The two ways give the same tangents, up to rounding.
        let (a, b) = ((p.one_by_one)(), (p.batched)());
        assert!((a - b).abs() <= 1e-9 * a.abs().max(1.0), "{}: {a} one by one, {b} batched", p.name);
        let mut g = c.benchmark_group(format!("batched_{}", p.name));
        g.bench_function("primal", |b| b.iter(|| black_box((p.primal)())));
        g.bench_function("one_by_one", |b| b.iter(|| black_box((p.one_by_one)())));
        g.bench_function("width_4", |b| b.iter(|| black_box((p.batched)())));
        g.finish();
    }
    c.final_summary();
    if measuring() {
        println!();
        println!("Medians of this run (criterion estimates)");
        println!(
            "{:<8} {:>12} {:>12} {:>12} {:>14} {:>14} {:>16}",
            "problem", "primal", "4 x width 1", "width 4", "4x1 / primal", "w4 / primal", "w4 / (4 x w1)"
        );
        for p in &problems {
            let group = format!("batched_{}", p.name);
            let primal = median_ns(&group, "primal", started);
            let four = median_ns(&group, "one_by_one", started);
            let batched = median_ns(&group, "width_4", started);
            println!(
                "{:<8} {:>12} {:>12} {:>12} {:>14} {:>14} {:>16}",
                p.name,
                fmt_time(primal),
                fmt_time(four),
                fmt_time(batched),
                fmt_ratio(four, primal, Target::None),
                fmt_ratio(batched, primal, Target::None),
                fmt_ratio(batched, four, Target::AtMost(1.0)),
            );
        }
        println!("(! = misses its target)");
    }
}
