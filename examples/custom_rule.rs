//! A custom rule: `#[derivative]` gives a function its derivatives instead
//! of letting parad differentiate its body. Here the rule is the stable
//! form of softplus's derivative, the logistic function, which the
//! differentiated body would compute as `exp(x) / (1 + exp(x))`, infinity
//! over infinity for large `x`.
//!
//! Run: `cargo run --release --example custom_rule`

use parad::{autodiff, derivative};

/// `ln(1 + e^x)`, computed without overflow.
#[derivative(reverse = softplus_rev, forward = softplus_fwd)]
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// The reverse rule: the seed times the derivative, `1 / (1 + e^-x)`.
fn softplus_rev(x: f64, seed: f64) -> f64 {
    seed * logistic(x)
}

/// The forward rule: the tangent times the derivative.
fn softplus_fwd(x: f64, tx: f64) -> f64 {
    tx * logistic(x)
}

fn logistic(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// A smooth hinge loss, calling the rule for every margin.
#[autodiff(reverse, d_hinge, Duplicated, Const, Const, Active)]
#[autodiff(forward, hinge_fwd, Dual, Const, Const, Dual)]
fn hinge(w: &[f64], xs: &[f64], labels: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..labels.len() {
        let margin = labels[i] * (w[0] * xs[2 * i] + w[1] * xs[2 * i + 1]);
        s += softplus(-margin);
    }
    s
}

fn main() {
    let xs = [1.0, 2.0, -1.5, 0.5, 3.0, -2.0, 800.0, -900.0];
    let labels = [1.0, -1.0, 1.0, -1.0];

    // Margins of several hundred: the rule keeps the gradient finite.
    let w = [0.7, -0.2];
    let mut dw = [0.0; 2];
    let value = d_hinge(&w, &mut dw, &xs, &labels, 1.0);
    println!("loss {value:.4}, gradient {dw:.4?}");
    assert!(dw.iter().all(|g| g.is_finite()));

    // Reverse against central differences; forward against reverse.
    let small = &xs[..6];
    parad::check::gradient(|w, dw| d_hinge(w, dw, small, &labels[..3], 1.0), &w, 1e-6);
    parad::check::dot_product(
        |w, v| vec![hinge_fwd(w, v, small, &labels[..3]).1],
        |w, s| {
            let mut dw = vec![0.0; w.len()];
            d_hinge(w, &mut dw, small, &labels[..3], s[0]);
            dw
        },
        &w,
    );
    println!("the rule's gradient agrees with finite differences and with forward mode");
}

#[test]
fn runs() {
    main();
}
