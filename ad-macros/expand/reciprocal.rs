// A value whose derivative is written in the value: `inv = 1.0 / r2` has
// d inv / d r2 = -inv^2, so the adjoint multiplies by the recomputed `inv`
// instead of dividing twice.
#[autodiff(reverse, d_coulomb, Duplicated, Active)]
pub fn coulomb(r: &[f64]) -> f64 {
    let mut e = 0.0;
    for i in 0..r.len() {
        let r2 = r[i] * r[i] + 0.1;
        let inv = 1.0 / r2;
        e += inv;
    }
    e
}
