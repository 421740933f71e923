// The docking score of the parallel benchmark: parallel over poses
// (`par_chunks(3)`), all ligand-protein atom pairs inside.
#[autodiff(reverse, d_docking, Duplicated, Duplicated, Const, Const, Active)]
pub fn docking(poses: &[f64], ligand: &[f64], protein: &[f64], charges: &[f64]) -> f64 {
    let nl = ligand.len() / 3;
    let np = protein.len() / 3;
    let energies: Vec<f64> = poses
        .par_chunks(3)
        .map(|t| {
            let mut e = 0.0;
            for a in 0..nl {
                for b in 0..np {
                    let dx = ligand[3 * a] + t[0] - protein[3 * b];
                    let dy = ligand[3 * a + 1] + t[1] - protein[3 * b + 1];
                    let dz = ligand[3 * a + 2] + t[2] - protein[3 * b + 2];
                    let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                    let inv = 1.0 / r2;
                    e += charges[a] * charges[nl + b] * inv.sqrt() + inv * inv * inv;
                }
            }
            e
        })
        .collect();
    let mut s = 0.0;
    for e in energies.iter() {
        s += (-e).exp();
    }
    -s.ln()
}
