// A `&mut Vec` output whose length the function changes: a hidden twin
// returns the final vector, and the derivative wraps the twin's.

#[autodiff(reverse, d_emit, Duplicated, Duplicated)]
fn emit(x: &[f64], out: &mut Vec<f64>) {
    out.clear();
    for i in 0..x.len() {
        if x[i] > 0.0 {
            out.push(x[i].sin());
        }
    }
    out.extend_from_slice(&x[..2]);
}
