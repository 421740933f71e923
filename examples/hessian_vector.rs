//! A Hessian-vector product by forward mode over reverse: parad
//! differentiates the code that calls the gradient it generated. Checked
//! against central differences of the gradient.
//!
//! Run: `cargo run --release --example hessian_vector`

use parad::autodiff;

/// The Rosenbrock function in `n` dimensions.
#[autodiff(reverse, d_rosenbrock, Duplicated, Active)]
fn rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}

/// The gradient of `rosenbrock`, written into `g`; its forward derivative
/// `hvp(x, v, g, hv)` leaves the gradient in `g` and `H v` in `hv`.
#[autodiff(forward, hvp, Dual, Dual)]
fn gradient(x: &[f64], g: &mut [f64]) {
    g.fill(0.0);
    d_rosenbrock(x, g, 1.0);
}

fn main() {
    let n = 6;
    let x: Vec<f64> = (0..n).map(|i| 0.3 + 0.1 * i as f64).collect();
    let v: Vec<f64> = (0..n).map(|i| if i % 2 == 0 { 1.0 } else { -0.5 }).collect();

    let (mut g, mut hv) = (vec![0.0; n], vec![0.0; n]);
    hvp(&x, &v, &mut g, &mut hv);
    println!("H v = {hv:.4?}");

    // H v is the directional derivative of the gradient along v.
    let h = 1e-6;
    let grad_at = |t: f64| {
        let y: Vec<f64> = x.iter().zip(&v).map(|(x, v)| x + t * v).collect();
        let mut g = vec![0.0; n];
        d_rosenbrock(&y, &mut g, 1.0);
        g
    };
    let (plus, minus) = (grad_at(h), grad_at(-h));
    for k in 0..n {
        let fd = (plus[k] - minus[k]) / (2.0 * h);
        assert!((hv[k] - fd).abs() <= 1e-5 * fd.abs().max(1.0), "H v [{k}]: {} against {fd}", hv[k]);
    }
    println!("H v agrees with central differences of the gradient");
}

#[test]
fn runs() {
    main();
}
