//! `lstm`: the loss against an independent transcription of the reference
//! (per-layer vectors, the model written gate by gate), the parad gradient
//! against finite differences, and the JSON the eval sees.

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::{self, lstm};
use serde_json::{json, Value};

struct Problem {
    main: Vec<f64>,
    extra: Vec<f64>,
    state: Vec<f64>,
    seq: Vec<f64>,
    l: usize,
    b: usize,
    c: usize,
}

/// Parameters and state uniform in [0, 1) as the eval draws them, a sequence
/// of bits with at least one bit set per character (as in text).
fn problem(l: usize, b: usize, c: usize, seed: u64) -> Problem {
    let mut bits: Vec<f64> =
        random_vec(c * b, 0.0, 1.0, seed + 3).iter().map(|&u| if u < 0.5 { 0.0 } else { 1.0 }).collect();
    for t in 0..c {
        bits[t * b + t % b] = 1.0;
    }
    Problem {
        main: random_vec(2 * l * 4 * b, 0.0, 1.0, seed),
        extra: random_vec(3 * b, 0.0, 1.0, seed + 1),
        state: random_vec(2 * l * b, 0.0, 1.0, seed + 2),
        seq: bits,
        l,
        b,
        c,
    }
}

fn sig(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The reference objective, organised as in ADBench: per-layer weight and
/// bias blocks, a state per layer, predict, then log-softmax with the "+ 2".
fn reference(p: &Problem, main: &[f64], extra: &[f64]) -> f64 {
    let (l, b) = (p.l, p.b);
    let block = |k: usize, j: usize| &main[k * 8 * b + j * b..k * 8 * b + (j + 1) * b];
    let mut hidden: Vec<Vec<f64>> = (0..l).map(|k| p.state[2 * k * b..(2 * k + 1) * b].to_vec()).collect();
    let mut cell: Vec<Vec<f64>> = (0..l).map(|k| p.state[(2 * k + 1) * b..(2 * k + 2) * b].to_vec()).collect();
    let mut total = 0.0;
    for t in 0..p.c - 1 {
        let input = &p.seq[t * b..(t + 1) * b];
        let mut layer_in: Vec<f64> = (0..b).map(|i| input[i] * extra[i]).collect();
        for k in 0..l {
            let (wf, wi, wo, wc) = (block(k, 0), block(k, 1), block(k, 2), block(k, 3));
            let (bf, bi, bo, bc) = (block(k, 4), block(k, 5), block(k, 6), block(k, 7));
            for i in 0..b {
                let f = sig(layer_in[i] * wf[i] + bf[i]);
                let g = sig(hidden[k][i] * wi[i] + bi[i]);
                let o = sig(layer_in[i] * wo[i] + bo[i]);
                let ch = (hidden[k][i] * wc[i] + bc[i]).tanh();
                cell[k][i] = cell[k][i] * f + g * ch;
                hidden[k][i] = o * cell[k][i].tanh();
            }
            layer_in = hidden[k].clone();
        }
        let ypred: Vec<f64> = (0..b).map(|i| layer_in[i] * extra[b + i] + extra[2 * b + i]).collect();
        let lse = (ypred.iter().map(|y| y.exp()).sum::<f64>() + 2.0).ln();
        let gold = &p.seq[(t + 1) * b..(t + 2) * b];
        for i in 0..b {
            total += gold[i] * (ypred[i] - lse);
        }
    }
    -total / ((p.c - 1) * b) as f64
}

fn close(got: f64, want: f64, rel: f64) -> bool {
    (got - want).abs() <= rel * got.abs().max(want.abs()).max(1.0)
}

#[test]
fn objective_matches_the_reference() {
    for (l, b, c, seed) in [(1, 1, 2, 10), (2, 3, 5, 20), (4, 7, 30, 30), (6, 8, 12, 40)] {
        let p = problem(l, b, c, seed);
        let got = lstm::objective(&p.main, &p.extra, &p.state, &p.seq, l, b);
        let want = reference(&p, &p.main, &p.extra);
        assert!(close(got, want, 1e-13), "l = {l}, b = {b}, c = {c}: {got} vs {want}");
        assert!(got > 0.0, "a negative log-likelihood");
    }
}

#[test]
fn gradient_matches_finite_differences() {
    for (l, b, c, seed) in [(1, 1, 2, 50), (1, 2, 4, 60), (2, 3, 6, 70), (3, 4, 5, 80)] {
        let p = problem(l, b, c, seed);
        let nm = p.main.len();
        let params = [p.main.as_slice(), p.extra.as_slice()].concat();
        gradient(
            |x, dx| {
                let (dm, de) = dx.split_at_mut(nm);
                lstm::d_objective(&x[..nm], dm, &x[nm..], de, &p.state, &p.seq, l, b, 1.0)
            },
            &params,
            1e-8,
        );
        // The derivative returns the primal and leaves the inputs alone.
        let (mut dm, mut de) = (vec![0.0; nm], vec![0.0; p.extra.len()]);
        let v = lstm::d_objective(&p.main, &mut dm, &p.extra, &mut de, &p.state, &p.seq, l, b, 2.0);
        assert!(close(v, reference(&p, &p.main, &p.extra), 1e-13));
        assert!(dm.iter().chain(&de).any(|&g| g != 0.0));
        // and scales with the seed
        let (mut dm1, mut de1) = (vec![0.0; nm], vec![0.0; p.extra.len()]);
        lstm::d_objective(&p.main, &mut dm1, &p.extra, &mut de1, &p.state, &p.seq, l, b, 1.0);
        for (g2, g1) in dm.iter().chain(&de).zip(dm1.iter().chain(&de1)) {
            assert!(close(*g2, 2.0 * g1, 1e-14));
        }
    }
}

fn rows(data: &[f64], cols: usize) -> Value {
    Value::Array(data.chunks(cols).map(|r| json!(r)).collect())
}

#[test]
fn json_shapes() {
    let (l, b, c) = (2, 5, 9);
    let p = problem(l, b, c, 90);
    let input = json!({
        "main_params": rows(&p.main, 4 * b),
        "extra_params": rows(&p.extra, b),
        "state": rows(&p.state, b),
        "sequence": rows(&p.seq, b),
        "min_runs": 1,
        "min_seconds": 0,
    });
    let run = |function: &str| {
        let mut job = evals::prepare("lstm", function, &input).expect("prepared");
        job.run();
        job.run(); // a second run gives the same output
        job.output()
    };
    let o = run("objective").as_f64().expect("the objective is a number");
    assert!(close(o, reference(&p, &p.main, &p.extra), 1e-13));

    let g: Vec<f64> = run("jacobian").as_array().expect("an array").iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(g.len(), 8 * l * b + 3 * b);
    let (mut dm, mut de) = (vec![0.0; p.main.len()], vec![0.0; p.extra.len()]);
    lstm::d_objective(&p.main, &mut dm, &p.extra, &mut de, &p.state, &p.seq, l, b, 1.0);
    assert_eq!(g, [dm, de].concat(), "main then extra, row-major; reset between runs");

    assert!(evals::prepare("lstm", "gradient", &input).is_err());
    let mut bad = input.clone();
    bad["state"] = rows(&p.state[..b * (2 * l - 1)], b);
    assert!(evals::prepare("lstm", "objective", &bad).is_err());
    let mut bad = input.clone();
    bad["sequence"] = rows(&p.seq[..b], b);
    assert!(evals::prepare("lstm", "objective", &bad).is_err());
}
