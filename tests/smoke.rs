use parad::autodiff;

#[autodiff(reverse, d_rosen, Active, Active, Active)]
#[autodiff(forward, f_rosen, Dual, Dual, Dual)]
fn rosen(x: f64, y: f64) -> f64 {
    (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2)
}

#[autodiff(reverse, d_sumsq, Duplicated, Active)]
fn sumsq(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * x[i];
    }
    s
}

#[test]
fn rosen_grad() {
    let (v, dx, dy) = d_rosen(1.5, 2.0, 1.0);
    assert!((v - rosen(1.5, 2.0)).abs() < 1e-12);
    let ex = -2.0 * (1.0 - 1.5) + 200.0 * (2.0 - 2.25) * (-3.0);
    assert!((dx - ex).abs() < 1e-9, "{dx} {ex}");
    assert!((dy - 200.0 * (2.0 - 2.25)).abs() < 1e-9);
    let (_, t) = f_rosen(1.5, 1.0, 2.0, 0.0);
    assert!((t - ex).abs() < 1e-9);
}

#[test]
fn sumsq_grad() {
    let x = vec![1.0, 2.0, 3.0];
    let mut dx = vec![0.0; 3];
    let v = d_sumsq(&x, &mut dx, 1.0);
    assert_eq!(v, 14.0);
    assert_eq!(dx, vec![2.0, 4.0, 6.0]);
}
