// Batched forward mode: four tangents of `x` and `a` in one sweep. The
// derivative users call packs them into lanes and unpacks the result's;
// the lanes' derivative computes the primal once and every tangent
// operation on all four lanes.
#[autodiff(forward, d_norm4, 4, Dual, Dual, Dual)]
fn norm(x: &[f64], a: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (a * x[i]).sin() * x[i];
    }
    s.sqrt()
}

// A helper: its lane companion, generic over the width, is what batched
// derivatives calling it call.
#[autodiff]
fn scale(x: &[f64], c: f64, y: &mut [f64]) {
    for i in 0..x.len() {
        y[i] += c * x[i] * y[i];
    }
}

// Batched reverse mode: two seeds of the result, two shadows of `x`, the
// adjoint of `a` for each; one forward sweep, one adjoint sweep of lanes.
#[autodiff(reverse, d_norm2, 2, Duplicated, Active, Active)]
fn norm_again(x: &[f64], a: f64) -> f64 {
    let mut s = 0.0;
    for i in 1..x.len() {
        s += (a * x[i]).sin() * x[i - 1];
    }
    s.sqrt()
}
