#[autodiff(reverse, d_lj, Duplicated, Active)]
pub fn lj(ps: &[Particle]) -> f64 {
    (0..ps.len())
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..ps.len() {
                if j != i {
                    let r: V3 = ps[i].pos - ps[j].pos;
                    let s6 = 1.0 / r.norm2().powi(3);
                    e += ps[i].mass * ps[j].mass * (s6 * s6 - s6);
                }
            }
            e
        })
        .sum()
}
