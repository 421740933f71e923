#[autodiff(reverse, d_lj, Active, Active, Active)]
pub fn lj(a: V3, b: V3) -> f64 {
    let d = a - b;
    let s6 = 1.0 / d.norm2().powi(3);
    let f: V3 = reflect(d * s6, b);
    4.0 * (s6 * s6 - s6) + f.dot(a)
}
