// A buffer of arrays, `&[[f64; 3]]`: the pipeline runs on the flat slice
// (`pos[i][k]` is `pos[i * 3 + k]`, `let q = pos[j]` a view of row `j`),
// and `d_pair_energy` is a wrapper with the user's types that passes
// `pos.as_flattened()` and `dpos.as_flattened_mut()` to the flat derivative.
#[autodiff(reverse, d_pair_energy, Duplicated, Active)]
pub fn pair_energy(pos: &[[f64; 3]]) -> f64 {
    let mut e = 0.0;
    for i in 0..pos.len() {
        for j in 0..i {
            let q = pos[j];
            let r2 = (pos[i][0] - q[0]).powi(2) + (pos[i][1] - q[1]).powi(2) + (pos[i][2] - q[2]).powi(2);
            e += 1.0 / (r2 + 0.5);
        }
    }
    e
}
