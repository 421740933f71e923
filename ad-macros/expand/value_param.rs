#[autodiff(reverse, d_spring, Active, Active, Const, Active)]
#[autodiff(forward, spring_fwd, Dual, Dual, Const, Dual)]
pub fn spring(a: V3, b: V3, k: f64) -> f64 {
    let dx = a.x - b.x;
    let dy = a.y - b.y;
    let r = (dx * dx + dy * dy).sqrt();
    0.5 * k * (r - 1.0).powi(2)
}
