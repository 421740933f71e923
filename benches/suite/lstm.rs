//! ADBench's LSTM (diagonal weights, `l` layers, `b` bits per character)
//! over a sequence of `c` characters: the loss, differentiated with respect
//! to the main and extra parameters. The primal and parad's gradient are the
//! GradBench tool's (`gradbench/src/evals/lstm.rs`, which documents the
//! layouts); the hand-written adjoint (backpropagation through time) is
//! here.

use super::problem::{Problem, Spec};
use parad::check::random_vec;
use parad_gradbench::evals::lstm::{d_objective, objective};

/// One instance: `x = [main (2l x 4b), extra (3 x b)]`; the initial state
/// and the sequence constant.
pub struct Lstm {
    l: usize,
    b: usize,
    c: usize,
    x: Vec<f64>,
    state: Vec<f64>,
    seq: Vec<f64>,
}

impl Lstm {
    /// Random weights and state in `[-1, 1)`, random bits for the characters.
    pub fn new(l: usize, b: usize, c: usize) -> Lstm {
        let mut x = random_vec(8 * l * b, -1.0, 1.0, 71);
        x.extend(random_vec(3 * b, -1.0, 1.0, 72));
        let bits = random_vec(c * b, 0.0, 1.0, 74).iter().map(|&u| if u < 0.5 { 0.0 } else { 1.0 }).collect();
        Lstm { l, b, c, x, state: random_vec(2 * l * b, -1.0, 1.0, 73), seq: bits }
    }
}

/// The signature of [`d_objective`], which [`lstm_adjoint`] shares.
type Gradient = fn(&[f64], &mut [f64], &[f64], &mut [f64], &[f64], &[f64], usize, usize, f64) -> f64;

impl Lstm {
    /// Runs `grad` (parad's or the hand-written one) at `x`, into `dx`.
    fn gradient(&self, grad: Gradient, x: &[f64], dx: &mut [f64]) -> f64 {
        let (main, extra) = x.split_at(8 * self.l * self.b);
        let (dmain, dextra) = dx.split_at_mut(8 * self.l * self.b);
        grad(main, dmain, extra, dextra, &self.state, &self.seq, self.l, self.b, 1.0)
    }
}

impl Problem for Lstm {
    fn name(&self) -> String {
        format!("lstm_l{}_b{}_c{}", self.l, self.b, self.c)
    }
    fn label(&self) -> &'static str {
        "LSTM"
    }
    fn size(&self) -> String {
        format!("{} layers, b = {}, {} characters", self.l, self.b, self.c)
    }
    fn wrt(&self) -> &'static str {
        "main and extra parameters"
    }
    fn parallel(&self) -> bool {
        false
    }
    fn x(&self) -> &[f64] {
        &self.x
    }
    fn primal(&self, x: &[f64]) -> f64 {
        let (main, extra) = x.split_at(8 * self.l * self.b);
        objective(main, extra, &self.state, &self.seq, self.l, self.b)
    }
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(d_objective, x, dx)
    }
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(lstm_adjoint, x, dx)
    }
    fn spec(&self) -> Spec {
        Spec {
            function: "lstm",
            params: vec![("l", self.l as f64), ("b", self.b as f64), ("c", self.c as f64)],
            parts: vec![("main", 8 * self.l * self.b), ("extra", 3 * self.b)],
            data: vec![("state", self.state.clone()), ("seq", self.seq.clone())],
        }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// What one cell update keeps for the reverse sweep, per layer and bit.
#[derive(Clone, Copy, Default)]
struct Cell {
    input: f64,
    hidden: f64,
    cell: f64,
    forget: f64,
    ingate: f64,
    outgate: f64,
    change: f64,
    tanh_cell: f64,
}

/// Hand-written adjoint of [`objective`], with the signature of parad's
/// [`d_objective`]: returns the loss and adds `seed` times its gradient
/// into `dmain` and `dextra`.
///
/// The forward sweep is the primal's arithmetic, keeping per time step,
/// layer and bit the cell's inputs and gate activations (eight numbers, so
/// no activation is recomputed), and per step the prediction's
/// exponentials. The reverse sweep runs the steps backwards with the
/// adjoints of each layer's hidden and cell state carried from one step to
/// the previous (the gates read the old hidden state).
pub fn lstm_adjoint(
    main: &[f64],
    dmain: &mut [f64],
    extra: &[f64],
    dextra: &mut [f64],
    state: &[f64],
    seq: &[f64],
    l: usize,
    b: usize,
    seed: f64,
) -> f64 {
    let c = seq.len() / b;
    let mut st = state.to_vec();
    let mut tape = vec![Cell::default(); (c - 1) * l * b];
    let mut out = vec![0.0; (c - 1) * b]; // each step's last hidden state
    let mut ex = vec![0.0; (c - 1) * b]; // and its prediction's exponentials
    let mut sums = vec![0.0; c - 1];
    let mut xin = vec![0.0; b];
    let mut total = 0.0;
    for t in 0..c - 1 {
        for i in 0..b {
            xin[i] = seq[t * b + i] * extra[i];
        }
        for k in 0..l {
            let (w, h) = (8 * b * k, 2 * b * k);
            for i in 0..b {
                let forget = sigmoid(xin[i] * main[w + i] + main[w + 4 * b + i]);
                let ingate = sigmoid(st[h + i] * main[w + b + i] + main[w + 5 * b + i]);
                let outgate = sigmoid(xin[i] * main[w + 2 * b + i] + main[w + 6 * b + i]);
                let change = (st[h + i] * main[w + 3 * b + i] + main[w + 7 * b + i]).tanh();
                let old = Cell { input: xin[i], hidden: st[h + i], cell: st[h + b + i], ..Cell::default() };
                st[h + b + i] = st[h + b + i] * forget + ingate * change;
                let tanh_cell = st[h + b + i].tanh();
                st[h + i] = outgate * tanh_cell;
                tape[(t * l + k) * b + i] = Cell { forget, ingate, outgate, change, tanh_cell, ..old };
            }
            xin.copy_from_slice(&st[h..h + b]);
        }
        out[t * b..(t + 1) * b].copy_from_slice(&xin);
        let mut sum = 0.0;
        for i in 0..b {
            xin[i] = xin[i] * extra[b + i] + extra[2 * b + i];
            ex[t * b + i] = xin[i].exp();
            sum += ex[t * b + i];
        }
        sums[t] = sum;
        let lse = (sum + 2.0).ln();
        for i in 0..b {
            total += seq[(t + 1) * b + i] * (xin[i] - lse);
        }
    }
    let loss = -total / ((c - 1) * b) as f64;

    let dtotal = -seed / ((c - 1) * b) as f64;
    // Adjoints of each layer's hidden and cell state, from the step after.
    let mut dst = vec![0.0; 2 * l * b];
    let mut dx_in = vec![0.0; b];
    for t in (0..c - 1).rev() {
        // total += sum_i g_i (y_i - lse(y)): dy_i = dtotal (g_i - G e_i / (S + 2)).
        let gold = &seq[(t + 1) * b..(t + 2) * b];
        let g_sum: f64 = gold.iter().sum();
        for i in 0..b {
            let dy = dtotal * (gold[i] - g_sum * ex[t * b + i] / (sums[t] + 2.0));
            dextra[b + i] += dy * out[t * b + i];
            dextra[2 * b + i] += dy;
            dx_in[i] = dy * extra[b + i];
        }
        for k in (0..l).rev() {
            let (w, h) = (8 * b * k, 2 * b * k);
            for i in 0..b {
                let s = tape[(t * l + k) * b + i];
                let dh = dx_in[i] + dst[h + i];
                let dcell = dst[h + b + i] + dh * s.outgate * (1.0 - s.tanh_cell * s.tanh_cell);
                let dfa = dcell * s.cell * s.forget * (1.0 - s.forget);
                let dia = dcell * s.change * s.ingate * (1.0 - s.ingate);
                let doa = dh * s.tanh_cell * s.outgate * (1.0 - s.outgate);
                let dca = dcell * s.ingate * (1.0 - s.change * s.change);
                dmain[w + i] += dfa * s.input;
                dmain[w + b + i] += dia * s.hidden;
                dmain[w + 2 * b + i] += doa * s.input;
                dmain[w + 3 * b + i] += dca * s.hidden;
                dmain[w + 4 * b + i] += dfa;
                dmain[w + 5 * b + i] += dia;
                dmain[w + 6 * b + i] += doa;
                dmain[w + 7 * b + i] += dca;
                dx_in[i] = dfa * main[w + i] + doa * main[w + 2 * b + i];
                dst[h + i] = dia * main[w + b + i] + dca * main[w + 3 * b + i];
                dst[h + b + i] = dcell * s.forget;
            }
        }
        for i in 0..b {
            dextra[i] += dx_in[i] * seq[t * b + i];
        }
    }
    loss
}
