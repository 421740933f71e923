//! Functions returning tuples, called from differentiated code: each
//! element carries its own derivative.

use parad::autodiff;
use parad::check::{dot_product, gradient, random_vec};

#[autodiff]
fn polar(x: f64, y: f64) -> (f64, f64) {
    let r = (x * x + y * y).sqrt();
    (r, y.atan2(x))
}

#[autodiff]
fn stats(v: &[f64]) -> (f64, usize, f64) {
    let mut s = 0.0;
    let mut q = 0.0;
    for x in v {
        s += x;
        q += x * x;
    }
    (s, v.len(), q)
}

#[autodiff(reverse, d_uses_tuples, Duplicated, Active)]
#[autodiff(forward, f_uses_tuples, Dual, Dual)]
fn uses_tuples(v: &[f64]) -> f64 {
    let (r, theta) = polar(v[0], v[1]);
    let (s, n, q): (f64, usize, f64) = stats(v);
    let mean = s / n as f64;
    r * theta.sin() + q / n as f64 - mean * mean
}

#[test]
fn tuple_results_through_calls() {
    let x = random_vec(5, 0.3, 1.2, 31);
    gradient(|x, dx| d_uses_tuples(x, dx, 1.0), &x, 1e-7);
    dot_product(
        |x, t| vec![f_uses_tuples(x, t).1],
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            d_uses_tuples(x, &mut dx, w[0]);
            dx
        },
        &x,
    );
}
