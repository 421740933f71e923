//! `lstm`: ADBench's LSTM (diagonal weight matrices) over a character
//! sequence, its loss, and the gradient of the loss with respect to the main
//! and extra parameters.
//!
//! Flat row-major layouts, as the eval sends them (`b` bits per character,
//! `l` layers, `c` characters):
//! - `main` (`2l x 4b`): row `2k` holds layer `k`'s weights, row `2k + 1` its
//!   biases, each as four blocks of `b`: forget, input gate, output gate,
//!   change;
//! - `extra` (`3 x b`): input weight, output weight, output bias;
//! - `state` (`2l x b`): row `2k` is layer `k`'s hidden state, `2k + 1` its cell;
//! - `seq` (`c x b`): one character per row, its bits as 0.0 / 1.0.
//!
//! The gradient is parad's reverse mode of `objective`.

// Index loops, as numerical code is written.
#![allow(clippy::needless_range_loop, clippy::manual_memcpy)]

use super::{job, unknown_function, Job};
use crate::json::matrix_of;
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

#[autodiff]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The loss: minus the mean log-probability the model gives to each next
/// character, starting from `state`, which is not modified.
#[autodiff(reverse, d_objective, Duplicated, Duplicated, Const, Const, Const, Const, Active)]
pub fn objective(main: &[f64], extra: &[f64], state: &[f64], seq: &[f64], l: usize, b: usize) -> f64 {
    let c = seq.len() / b;
    let mut st = state.to_vec();
    // The input of the current layer, then the prediction.
    let mut x = vec![0.0; b];
    let mut total = 0.0;
    for t in 0..c - 1 {
        for i in 0..b {
            x[i] = seq[t * b + i] * extra[i];
        }
        for k in 0..l {
            let w = 8 * b * k;
            let h = 2 * b * k;
            for i in 0..b {
                let forget = sigmoid(x[i] * main[w + i] + main[w + 4 * b + i]);
                let ingate = sigmoid(st[h + i] * main[w + b + i] + main[w + 5 * b + i]);
                let outgate = sigmoid(x[i] * main[w + 2 * b + i] + main[w + 6 * b + i]);
                let change = (st[h + i] * main[w + 3 * b + i] + main[w + 7 * b + i]).tanh();
                st[h + b + i] = st[h + b + i] * forget + ingate * change;
                st[h + i] = outgate * st[h + b + i].tanh();
            }
            // The hidden state is the next layer's input.
            for i in 0..b {
                x[i] = st[h + i];
            }
        }
        for i in 0..b {
            x[i] = x[i] * extra[b + i] + extra[2 * b + i];
        }
        // log(2 + sum exp(x)), as in the reference
        let mut sum = 0.0;
        for i in 0..b {
            sum += x[i].exp();
        }
        let lse = (sum + 2.0).ln();
        for i in 0..b {
            total += seq[(t + 1) * b + i] * (x[i] - lse);
        }
    }
    -total / ((c - 1) * b) as f64
}

struct Input {
    main: Vec<f64>,
    extra: Vec<f64>,
    state: Vec<f64>,
    seq: Vec<f64>,
    l: usize,
    b: usize,
}

fn parse(input: &Value) -> Result<Input, String> {
    let (main, main_rows, main_cols) = matrix_of(input, "main_params")?;
    let (extra, extra_rows, extra_cols) = matrix_of(input, "extra_params")?;
    let (state, state_rows, state_cols) = matrix_of(input, "state")?;
    let (seq, seq_rows, seq_cols) = matrix_of(input, "sequence")?;
    let l = main_rows / 2;
    let b = main_cols / 4;
    if l == 0 || main_rows != 2 * l || b == 0 || main_cols != 4 * b {
        return Err(format!("`main_params` is {main_rows} x {main_cols}, expected 2l x 4b with l, b > 0"));
    }
    let shapes = [("extra_params", extra_rows, extra_cols, 3), ("state", state_rows, state_cols, 2 * l)];
    for (name, rows, cols, want_rows) in shapes {
        if rows != want_rows || cols != b {
            return Err(format!("`{name}` is {rows} x {cols}, expected {want_rows} x {b}"));
        }
    }
    if seq_rows < 2 || seq_cols != b {
        return Err(format!("`sequence` is {seq_rows} x {seq_cols}, expected at least 2 rows of {b}"));
    }
    Ok(Input { main, extra, state, seq, l, b })
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let inp = parse(input)?;
    match function {
        "objective" => Ok(job(
            (inp, 0.0),
            |s| {
                let i = &s.0;
                s.1 = objective(&i.main, &i.extra, &i.state, &i.seq, i.l, i.b);
            },
            |s| Value::from(s.1),
        )),
        "jacobian" => {
            let (nm, ne) = (inp.main.len(), inp.extra.len());
            Ok(job(
                (inp, vec![0.0; nm], vec![0.0; ne]),
                |s| {
                    let (i, dmain, dextra) = s;
                    dmain.fill(0.0);
                    dextra.fill(0.0);
                    d_objective(&i.main, dmain, &i.extra, dextra, &i.state, &i.seq, i.l, i.b, 1.0);
                },
                |s| Value::from([s.1.as_slice(), s.2.as_slice()].concat()),
            ))
        }
        _ => Err(unknown_function("lstm", function)),
    }
}
