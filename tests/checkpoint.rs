//! Checkpointed loops: scratch.
use parad::autodiff;

#[autodiff(reverse, d_heat_ck, Duplicated, Const, Const, Active)]
fn heat_ck(u0: &[f64], alpha: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    #[checkpoint(binomial(snapshots = 3))]
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.01 * u[i].sin();
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
}

#[autodiff(reverse, d_heat, Duplicated, Const, Const, Active)]
fn heat(u0: &[f64], alpha: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.01 * u[i].sin();
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
}

#[test]
fn heat_matches() {
    let u0: Vec<f64> = (0..20).map(|i| (i as f64 * 0.3).sin()).collect();
    let mut a = vec![0.0; 20];
    let mut b = vec![0.0; 20];
    let ya = d_heat_ck(&u0, &mut a, 0.2, 30, 1.0);
    let yb = d_heat(&u0, &mut b, 0.2, 30, 1.0);
    assert_eq!(ya, yb);
    for (x, y) in a.iter().zip(&b) {
        assert!((x - y).abs() <= 1e-12 * y.abs().max(1e-300), "{x} {y}");
    }
}
