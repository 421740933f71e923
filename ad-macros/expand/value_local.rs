#[autodiff(reverse, d_turn, Active, Active, Active)]
#[autodiff(forward, turn_fwd, Dual, Dual, Dual)]
pub fn turn(a: V3, t: f64) -> V3 {
    let (s, c) = t.sin_cos();
    let r = V3 { x: c * a.x - s * a.y, y: s * a.x + c * a.y, z: a.z };
    r
}
