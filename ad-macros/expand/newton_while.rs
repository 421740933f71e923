#[autodiff(reverse, d_newton, Active, Active)]
fn newton_sqrt(a: f64) -> f64 {
    let mut x = a;
    let mut step = 1.0;
    while step.abs() > 1e-12 * x {
        let next = 0.5 * (x + a / x);
        step = next - x;
        x = next;
    }
    x
}
