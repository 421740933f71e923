use parad::autodiff;

#[autodiff]
pub fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

#[autodiff(reverse, d_torque, Duplicated, Active)]
pub fn torque(x: &[f64; 6]) -> f64 {
    let r = [x[0], x[1], x[2]];
    let f = [x[3], x[4], x[5]];
    let t: [f64; 3] = cross(&r, &f);
    t[0] * t[0] + t[1] * t[1] + t[2] * t[2]
}
