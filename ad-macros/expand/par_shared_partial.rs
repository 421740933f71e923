// Offsets share a partial where their adjoints are the same numbers: here
// the two neighbours' partial is `g * 0.2 * cos(u[i - 1] + u[i + 1])` for
// both, so one partial is written and gathered at both offsets; the
// difference beside it gives them opposite signs, so `dv` keeps one each.
#[autodiff(reverse, d_shared, Duplicated, Duplicated, Duplicated)]
pub fn shared(u: &[f64], v: &[f64], y: &mut [f64]) {
    let n = u.len();
    y[1..n - 1].par_iter_mut().enumerate().for_each(|(k, yk)| {
        let i = k + 1;
        *yk = 0.2 * (u[i - 1] + u[i + 1]).sin() + 0.5 * u[i] + (v[i - 1] - v[i + 1]);
    });
}
