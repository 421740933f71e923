// The pairwise particle energy of the parallel benchmark: parallel over `i`
// (`into_par_iter().map(..).sum()`), every `j` read inside. The sum is the
// last loop, with a linear tail: its adjoint runs inside it, in each chunk,
// and so do those of the loop over `j` and of the `if` (each pair computed
// once); `dpos[3 * i + k]` accumulates over `j` in locals.
#[autodiff(reverse, d_particle_energy, Duplicated, Active, Active)]
pub fn particle_energy(pos: &[f64], eps: f64) -> f64 {
    let n = pos.len() / 3;
    let total: f64 = (0..n)
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..n {
                if j != i {
                    let dx = pos[3 * i] - pos[3 * j];
                    let dy = pos[3 * i + 1] - pos[3 * j + 1];
                    let dz = pos[3 * i + 2] - pos[3 * j + 2];
                    let r2 = dx * dx + dy * dy + dz * dz + eps;
                    let inv = 1.0 / (r2 * r2 * r2);
                    e += inv * inv - inv;
                }
            }
            e
        })
        .sum();
    0.5 * total
}
