//! The example programs on value types (`examples/reach/`): a
//! Lennard-Jones cluster over `&[Particle]` in rayon, and a small MLP over
//! `Vec<Layer>` trained by gradient descent. Their gradients are checked
//! against central differences and the other mode on random inputs.

#[path = "../examples/reach/mlp.rs"]
mod mlp;
#[path = "../examples/reach/nbody.rs"]
mod nbody;

use parad::check::{dot_product, gradient, random_vec};

/// Particles to and from `pos.x, pos.y, pos.z, eps` per particle (the
/// groups kept from `like`).
fn pack(ps: &[nbody::Particle]) -> Vec<f64> {
    ps.iter().flat_map(|p| [p.pos.x, p.pos.y, p.pos.z, p.eps]).collect()
}

fn unpack(x: &[f64], like: &[nbody::Particle]) -> Vec<nbody::Particle> {
    (x.chunks(4).zip(like))
        .map(|(c, p)| nbody::Particle { pos: nbody::V3 { x: c[0], y: c[1], z: c[2] }, eps: c[3], group: p.group })
        .collect()
}

#[test]
fn lennard_jones_gradient_matches_differences_and_forward_mode() {
    for (n, seed) in [(2, 1), (9, 2), (40, 3)] {
        let ps = nbody::lattice(n, 1.2, seed);
        let sigma = 0.9;
        let x: Vec<f64> = pack(&ps).into_iter().chain([sigma]).collect();
        let m = 4 * n;
        gradient(
            |x, dx| {
                let mut dps = vec![nbody::Particle::default(); n];
                let (e, ds) = nbody::d_energy(&unpack(&x[..m], &ps), &mut dps, x[m], 1.0);
                dx.iter_mut().zip(pack(&dps).into_iter().chain([ds])).for_each(|(d, g)| *d += g);
                e
            },
            &x,
            1e-6,
        );
        dot_product(
            |x, v| vec![nbody::energy_fwd(&unpack(&x[..m], &ps), &unpack(&v[..m], &ps), x[m], v[m]).1],
            |x, w| {
                let mut dps = vec![nbody::Particle::default(); n];
                let (_, ds) = nbody::d_energy(&unpack(&x[..m], &ps), &mut dps, x[m], w[0]);
                pack(&dps).into_iter().chain([ds]).collect()
            },
            &x,
        );
    }
}

#[test]
fn lennard_jones_forces_sum_to_zero() {
    // Pair forces are equal and opposite: Newton's third law, which a
    // wrong adjoint of either particle of a pair would break.
    let ps = nbody::lattice(27, 1.1, 7);
    let f = nbody::forces(&ps, 1.0);
    let total = f.iter().fold(nbody::V3::default(), |a, &b| a + b);
    let scale: f64 = f.iter().map(|v| v.norm2().sqrt()).sum();
    assert!(scale > 1e-3, "the lattice should not be at rest");
    assert!(total.norm2().sqrt() < 1e-10 * scale, "net force {total:?} on a closed cluster");
}

/// The network's parameters to and from a flat vector.
fn flatten(layers: &[mlp::Layer]) -> Vec<f64> {
    layers.iter().flat_map(|l| l.w.iter().chain(&l.b).copied()).collect()
}

fn rebuild(x: &[f64], like: &[mlp::Layer]) -> Vec<mlp::Layer> {
    let mut at = 0;
    like.iter()
        .map(|l| {
            let (nw, nb) = (l.w.len(), l.b.len());
            let layer = mlp::Layer { w: x[at..at + nw].to_vec(), b: x[at + nw..at + nw + nb].to_vec(), ..l.clone() };
            at += nw + nb;
            layer
        })
        .collect()
}

fn network(seed: u64) -> Vec<mlp::Layer> {
    vec![mlp::Layer::random(3, 8, seed), mlp::Layer::random(8, 5, seed + 10), mlp::Layer::random(5, 2, seed + 20)]
}

#[test]
fn mlp_gradient_matches_differences_and_forward_mode() {
    for seed in 0..3 {
        let layers = network(100 + seed);
        let (xs, ys) = (random_vec(3 * 6, -1.0, 1.0, 200 + seed), random_vec(2 * 6, -0.8, 0.8, 300 + seed));
        gradient(
            |x, dx| {
                let ls = rebuild(x, &layers);
                let mut grads: Vec<mlp::Layer> = ls.iter().map(mlp::Layer::zeros_like).collect();
                let e = mlp::d_loss(&ls, &mut grads, &xs, &ys, 1.0);
                dx.iter_mut().zip(flatten(&grads)).for_each(|(d, g)| *d += g);
                e
            },
            &flatten(&layers),
            1e-6,
        );
        dot_product(
            |x, v| vec![mlp::loss_fwd(&rebuild(x, &layers), &rebuild(v, &layers), &xs, &ys).1],
            |x, w| {
                let ls = rebuild(x, &layers);
                let mut grads: Vec<mlp::Layer> = ls.iter().map(mlp::Layer::zeros_like).collect();
                mlp::d_loss(&ls, &mut grads, &xs, &ys, w[0]);
                flatten(&grads)
            },
            &flatten(&layers),
        );
    }
}

#[test]
fn mlp_training_lowers_the_loss() {
    let mut layers = network(7);
    // Targets the network can fit: a smooth function of the inputs.
    let xs = random_vec(3 * 16, -1.0, 1.0, 8);
    let ys: Vec<f64> = xs.chunks(3).flat_map(|x| [0.5 * (x[0] - x[1]).tanh(), 0.3 * x[2]]).collect();
    let losses = mlp::train(&mut layers, &xs, &ys, 0.01, 40);
    for w in losses.windows(2) {
        assert!(w[1] < w[0], "a small step of gradient descent raised the loss: {losses:?}");
    }
    assert!(losses[39] < 0.5 * losses[0], "40 steps should halve the loss: {losses:?}");
}
