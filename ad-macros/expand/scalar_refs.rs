#[autodiff]
fn acc(x: f64, s: &mut f64) {
    *s += x * x;
}

#[autodiff(reverse, d_norm2, Duplicated, Duplicated)]
fn norm2(x: &[f64], out: &mut f64) {
    let mut s = 0.0;
    for v in x {
        acc(*v, &mut s);
    }
    *out = s.sqrt();
}
