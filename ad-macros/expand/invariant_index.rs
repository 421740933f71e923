// Adjoints at a loop-invariant index accumulate in locals: `dx[i - 1]` is
// the same in every iteration of the loop over `j`, so its adjoint adds into
// `dx_i_minus_1`, added into `dx` after the loop, when the loop ran (for
// `i == 0` the index is never evaluated). `dy[j]` varies and is added into
// directly.
#[autodiff(reverse, d_triangle, Duplicated, Duplicated, Active)]
fn triangle(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..i {
            s += (x[i - 1] * y[j]).sin();
        }
    }
    s * s
}

// `x[j]` is read in the loop over `j` too: `dx[j]` is added into directly,
// beside the accumulation of `dx[i]` (they meet once, when `j == i`).
#[autodiff(reverse, d_all_pairs, Duplicated, Active)]
fn all_pairs(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            s += (x[i] - 0.5 * x[j]).powi(2) * x[i];
        }
    }
    s.sqrt()
}

// A `while` loop: its adjoint runs `iterations` times, and `dx[k]` is
// accumulated over them.
#[autodiff(reverse, d_damped, Duplicated, Const, Active)]
fn damped(x: &[f64], k: usize) -> f64 {
    let mut v = 1.0;
    let mut n = 0;
    while n < 5 {
        v = v * x[k] + 0.5 * v;
        n += 1;
    }
    v
}

// `x[i + 1]` is read only under an `if`: its accumulated adjoint is added
// when it is not zero (for the last `i` the index is out of bounds, and the
// accumulator stays zero). The loops' adjoints run inside them, and the
// branch's adjoint under the forward's own test.
#[autodiff(reverse, d_next_pairs, Duplicated, Active)]
fn next_pairs(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            if i + 1 < x.len() {
                s += (x[i + 1] * x[j]).sin();
            }
        }
    }
    s
}
