//! Slices chosen by an `if` (`let (xp, h, c) = if i == 0 { .. } else { ..
//! };`, the rest of the block then differentiated in each branch) and
//! tuples of tuples bound from tuples of `split_at_mut` halves, as an LSTM
//! walks its state buffer layer by layer. Checked against central
//! differences and the other mode on random inputs.

use crate::support;
use parad::autodiff;
use parad::check::random_vec;

#[autodiff]
fn cell(w: &[f64], hidden: &mut [f64], state: &mut [f64], input: &[f64]) {
    let n = hidden.len();
    let mut gates = vec![0.0; 2 * n];
    let ((keep, add), (_, _)) = (gates.split_at_mut(n), state.split_at_mut(0));
    for i in 0..n {
        keep[i] = 1.0 / (1.0 + (-(input[i] * w[i])).exp());
        add[i] = (hidden[i] * w[n + i]).tanh();
    }
    for i in 0..n {
        state[i] = state[i] * keep[i] + add[i] * 0.5;
        hidden[i] = state[i].tanh() * w[i];
    }
}

/// Layers over one state buffer: the first reads the input, the others the
/// hidden values of the layer below.
#[allow(clippy::useless_asref)]
#[autodiff(reverse, d_layers, Duplicated, Duplicated, Duplicated, Active)]
#[autodiff(forward, layers_fwd, Dual, Dual, Dual, Dual)]
pub fn layers(w: &[f64], s: &mut [f64], x: &mut [f64]) -> f64 {
    let b = x.len();
    let mut i = 0;
    while i + 2 * b <= s.len() {
        let (input, h, c) = if i == 0 {
            let (h, c) = s.split_at_mut(b);
            (x.as_mut(), h, &mut c[..b])
        } else {
            let tmp = &mut s[i - 2 * b..];
            let (below, rest) = tmp.split_at_mut(2 * b);
            let (h, c) = rest.split_at_mut(b);
            (&mut below[..b], h, c)
        };
        cell(&w[i..i + 2 * b], h, c, input);
        i += 2 * b;
    }
    let mut total = 0.0;
    for v in s.iter() {
        total += v * v;
    }
    total
}

#[test]
fn slices_chosen_by_an_if() {
    for (seed, b, layers_n) in [(0, 1, 1), (1, 2, 3), (2, 3, 2)] {
        let n = 2 * b * layers_n;
        let x = random_vec(b + n + (n + b), -0.8, 0.8, 1600 + seed);
        let split = |x: &[f64]| (x[..n + b].to_vec(), x[n + b..2 * n + b].to_vec(), x[2 * n + b..].to_vec());
        support::scalar(
            &x,
            support::TOL,
            |x| {
                let (w, mut s, mut input) = split(x);
                layers(&w, &mut s, &mut input)
            },
            |x, dx, seed| {
                let (w, mut s, mut input) = split(x);
                let (mut dw, mut ds, mut dinput) = (vec![0.0; w.len()], vec![0.0; s.len()], vec![0.0; b]);
                let y = d_layers(&w, &mut dw, &mut s, &mut ds, &mut input, &mut dinput, seed);
                for (k, d) in dw.iter().chain(&ds).chain(&dinput).enumerate() {
                    dx[k] += d;
                }
                y
            },
            |x, t| {
                let (w, mut s, mut input) = split(x);
                let (tw, mut ts, mut tinput) = split(t);
                layers_fwd(&w, &tw, &mut s, &mut ts, &mut input, &mut tinput)
            },
        );
    }
}
