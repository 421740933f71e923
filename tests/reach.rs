//! The example programs on value types and generics (`examples/reach/`):
//! a Lennard-Jones cluster over `&[Particle]` in rayon, a small MLP over
//! `Vec<Layer>` trained by gradient descent, and a logistic regression
//! over `T: Float` at `f64` and `f32`. Their gradients are checked against
//! central differences and the other mode on random inputs.

#[path = "../examples/reach/generic.rs"]
mod generic;
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

/// The logistic loss at `f64` as a function of `w` and `lambda` packed.
fn logistic(x: &[f64], xs: &[f64], ys: &[f64]) -> f64 {
    let m = x.len() - 1;
    generic::loss(&x[..m], xs, ys, x[m])
}

#[test]
fn generic_loss_in_f64_matches_differences_and_forward_mode() {
    for (n, d, seed) in [(1, 1, 1), (7, 3, 2), (60, 5, 3)] {
        let (xs, ys) = generic::samples::<f64>(n, d, seed);
        let mut x = random_vec(d + 1, -1.0, 1.0, seed + 10);
        x.push(0.3);
        let m = d + 1;
        gradient(
            |x, dx| {
                let mut dw = vec![0.0; m];
                let (l, dl) = generic::d_loss(&x[..m], &mut dw, &xs, &ys, x[m], 1.0);
                dx.iter_mut().zip(dw.into_iter().chain([dl])).for_each(|(d, g)| *d += g);
                // The rayon sum may associate otherwise than the primal's.
                let primal = logistic(x, &xs, &ys);
                assert!((l - primal).abs() <= 1e-12 * primal.abs(), "value {l}, primal {primal}");
                l
            },
            &x,
            1e-7,
        );
        dot_product(
            |x, v| vec![generic::loss_fwd(&x[..m], &v[..m], &xs, &ys, x[m], v[m]).1],
            |x, w| {
                let mut dw = vec![0.0; m];
                let (_, dl) = generic::d_loss(&x[..m], &mut dw, &xs, &ys, x[m], w[0]);
                dw.into_iter().chain([dl]).collect()
            },
            &x,
        );
    }
}

#[test]
fn generic_loss_in_f32_follows_its_f64_instance() {
    // The same generic function at f32: its gradient is the f64 one
    // rounded (single precision through a sum of 80 terms), and forward
    // agrees with reverse in f32.
    let (n, d) = (80, 4);
    let (xs, ys) = generic::samples::<f64>(n, d, 5);
    let (xs32, ys32) = generic::samples::<f32>(n, d, 5);
    for seed in 0..3 {
        let w = random_vec(d + 1, -1.0, 1.0, 40 + seed);
        let w32: Vec<f32> = w.iter().map(|&v| v as f32).collect();
        let (mut dw, mut dw32) = (vec![0.0; d + 1], vec![0.0f32; d + 1]);
        let (l, dl) = generic::d_loss(&w, &mut dw, &xs, &ys, 0.2, 1.0);
        let (l32, dl32) = generic::d_loss(&w32, &mut dw32, &xs32, &ys32, 0.2f32, 1.0);
        assert!((l32 as f64 - l).abs() < 1e-5 * l.abs().max(1.0), "loss {l32} in f32, {l} in f64");
        assert!((dl32 as f64 - dl).abs() < 1e-5, "d/dlambda {dl32} in f32, {dl} in f64");
        for (k, (a, b)) in dw32.iter().zip(&dw).enumerate() {
            assert!((*a as f64 - b).abs() < 1e-5, "d/dw[{k}] {a} in f32, {b} in f64");
        }
        let v: Vec<f32> = random_vec(d + 1, -1.0, 1.0, 50 + seed).iter().map(|&v| v as f32).collect();
        let (_, t32) = generic::loss_fwd(&w32, &v, &xs32, &ys32, 0.2f32, 0.0);
        let directional: f32 = dw32.iter().zip(&v).map(|(g, v)| g * v).sum();
        assert!((t32 - directional).abs() < 1e-5, "forward {t32}, reverse {directional}");
    }
}

#[test]
fn generic_training_lowers_the_loss_in_both_precisions() {
    let (d, n) = (4, 200);
    let (xs, ys) = generic::samples::<f64>(n, d, 7);
    let (w, losses) = generic::train(&xs, &ys, d, 40, 0.5);
    assert!(losses[39] < 0.5 * losses[0], "f64 losses {losses:?}");
    let (xs32, ys32) = generic::samples::<f32>(n, d, 7);
    let (w32, losses32) = generic::train(&xs32, &ys32, d, 40, 0.5f32);
    assert!(losses32[39] < 0.5 * losses32[0], "f32 losses {losses32:?}");
    for (a, b) in w32.iter().zip(&w) {
        assert!((*a as f64 - b).abs() < 1e-3, "weights {w32:?} in f32, {w:?} in f64");
    }
}
