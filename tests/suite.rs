//! The benchmark suite's problems (`benches/suite`) on small random inputs:
//! each hand-written adjoint against parad's gradient (1e-10 relative), both
//! against central finite differences, the values against the primal
//! (bitwise where the adjoint keeps the primal's order), both adding into
//! their shadows; for the rayon problems, parad's gradient bitwise the same
//! in pools of 1, 2 and 3 threads, and the serial and rayon versions of
//! each stencil against each other. The bench times these gradients; this
//! test makes sure they compute the same thing.

#[path = "../benches/suite/mod.rs"]
mod suite;

use parad::check;
use suite::ba::Ba;
use suite::burgers::Burgers;
use suite::docking::Docking;
use suite::gmm::Gmm;
use suite::heat::Heat;
use suite::lstm::Lstm;
use suite::particles::Particles;
use suite::problem::{central_differences, Problem};

/// Agreement of the hand-written adjoint with parad, per entry, relative to
/// the larger of the two (plus 1e-14 of the largest entry, for entries that
/// cancel to nearly nothing).
const REL: f64 = 1e-10;

/// Tolerance of the finite-difference checks (`parad::check::gradient`).
const FD_TOL: f64 = 1e-6;

#[track_caller]
fn assert_close(what: &str, got: &[f64], want: &[f64], rel: f64) {
    assert_eq!(got.len(), want.len(), "{what}: lengths differ");
    let scale = want.iter().fold(0.0f64, |m, w| m.max(w.abs()));
    assert!(scale > 0.0, "{what}: the gradient is zero, nothing is tested");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= rel * g.abs().max(w.abs()) + 1e-14 * scale,
            "{what}[{i}]: {g:e}, expected {w:e} (difference {:e})",
            g - w
        );
    }
}

/// A gradient of `p` at `x` into a fresh shadow.
fn gradient(x: &[f64], f: impl Fn(&[f64], &mut [f64]) -> f64) -> (f64, Vec<f64>) {
    let mut dx = vec![0.0; x.len()];
    let v = f(x, &mut dx);
    (v, dx)
}

/// Every check of one problem at `x`. `bitwise`: the hand-written adjoint
/// computes the value in the primal's order, so the two are equal.
fn check_at(p: &dyn Problem, x: &[f64], bitwise: bool, fd: bool) {
    let name = p.name();
    let primal = p.primal(x);
    let (v_parad, g_parad) = gradient(x, |x, dx| p.parad(x, dx));
    let (v_hand, g_hand) = gradient(x, |x, dx| p.hand(x, dx));
    let near = |v: f64| (v - primal).abs() <= 1e-12 * primal.abs().max(1.0);
    assert!(near(v_parad), "{name}: parad's value {v_parad:e}, primal {primal:e}");
    if bitwise {
        assert_eq!(v_hand.to_bits(), primal.to_bits(), "{name}: hand-written value {v_hand:e}, primal {primal:e}");
    } else {
        assert!(near(v_hand), "{name}: hand-written value {v_hand:e}, primal {primal:e}");
    }
    assert_close(&format!("{name}: hand-written vs parad"), &g_hand, &g_parad, REL);

    // Both add into their shadows.
    let mut twice = g_hand.clone();
    p.hand(x, &mut twice);
    let doubled: Vec<f64> = g_hand.iter().map(|g| 2.0 * g).collect();
    assert_close(&format!("{name}: hand-written accumulates"), &twice, &doubled, 1e-14);
    let mut twice = g_parad.clone();
    p.parad(x, &mut twice);
    let doubled: Vec<f64> = g_parad.iter().map(|g| 2.0 * g).collect();
    assert_close(&format!("{name}: parad accumulates"), &twice, &doubled, 1e-14);

    if fd {
        check::gradient(|x, dx| p.parad(x, dx), x, FD_TOL);
        check::gradient(|x, dx| p.hand(x, dx), x, FD_TOL);
    }
    if p.parallel() {
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let (_, got) = pool.install(|| gradient(x, |x, dx| p.parad(x, dx)));
            for (k, (g, w)) in got.iter().zip(&g_parad).enumerate() {
                assert!(
                    g.to_bits() == w.to_bits(),
                    "{name}: d/dx[{k}] is {g:e} on {threads} threads, {w:e} outside the pool"
                );
            }
        }
    }
}

fn check_problem(p: &dyn Problem, bitwise: bool) {
    check_at(p, p.x(), bitwise, true);
}

#[test]
fn gmm() {
    check_problem(&Gmm::new(3, 4, 10), true);
    check_problem(&Gmm::new(1, 2, 5), true);
    // Larger, without finite differences.
    let p = Gmm::new(12, 5, 30);
    check_at(&p, p.x(), true, false);
    // The prior's parameters away from the suite's defaults.
    let (d, k, n, gamma, m) = (3, 2, 6, 0.7, 2);
    let lsz = d * (d - 1) / 2;
    let x = parad::check::random_vec(k * (1 + 2 * d + lsz) + n * d, -0.5, 0.5, 91);
    let (params, points) = x.split_at(k * (1 + 2 * d + lsz));
    let run = |grad: suite::gmm::Gradient| {
        let mut g = vec![0.0; params.len()];
        let (a, rest) = params.split_at(k);
        let (mu, rest) = rest.split_at(k * d);
        let (q, l) = rest.split_at(k * d);
        let (da, rest) = g.split_at_mut(k);
        let (dmu, rest) = rest.split_at_mut(k * d);
        let (dq, dl) = rest.split_at_mut(k * d);
        let v = grad(a, da, mu, dmu, q, dq, l, dl, points, d, gamma, m, 1.0);
        (v, g)
    };
    let ((vh, gh), (vp, gp)) = (run(suite::gmm::gmm_adjoint), run(parad_gradbench::evals::gmm::d_gmm_objective));
    assert_eq!(vh.to_bits(), vp.to_bits(), "value with gamma = {gamma}, m = {m}");
    assert_close("gmm with gamma and m", &gh, &gp, REL);
}

#[test]
fn lstm() {
    check_problem(&Lstm::new(2, 3, 5), true);
    check_problem(&Lstm::new(1, 2, 2), true);
    let p = Lstm::new(3, 14, 40);
    check_at(&p, p.x(), true, false);
}

#[test]
fn bundle_adjustment() {
    let p = Ba::new(2, 3, 7);
    check_problem(&p, true);
    // A camera without rotation: Rodrigues' formula to first order, in
    // parad's and the hand-written branch alike.
    let mut x = p.x().to_vec();
    x[..3].fill(0.0);
    check_at(&p, &x, true, false);
}

#[test]
fn heat2d() {
    for parallel in [false, true] {
        check_problem(&Heat::new(6, 4, parallel), !parallel);
        let p = Heat::new(3, 2, parallel); // one inner cell
        check_at(&p, p.x(), !parallel, false);
    }
    twins(&Heat::new(9, 7, false), &Heat::new(9, 7, true));
}

#[test]
fn burgers() {
    for parallel in [false, true] {
        check_problem(&Burgers::new(6, 3, parallel), true);
    }
    // Checkpointed (20 steps, 8 snapshots: steps are recomputed).
    check_problem(&Burgers::checkpointed(6, 20), true);
    let (serial, rayon) = (Burgers::new(8, 5, false), Burgers::new(8, 5, true));
    twins(&serial, &rayon);
    // The halo layout computes the same states: the values are bitwise equal.
    assert_eq!(serial.primal(serial.x()).to_bits(), rayon.primal(rayon.x()).to_bits());
}

#[test]
fn particles() {
    check_problem(&Particles::new(12), false);
}

#[test]
fn docking() {
    check_problem(&Docking::new(5, 4, 7), true);
}

/// The serial and the rayon version of a stencil: same gradients.
fn twins(serial: &dyn Problem, rayon: &dyn Problem) {
    assert_eq!(serial.x(), rayon.x());
    let (_, a) = gradient(serial.x(), |x, dx| serial.parad(x, dx));
    let (_, b) = gradient(rayon.x(), |x, dx| rayon.parad(x, dx));
    assert_close(&format!("{} vs {}", rayon.name(), serial.name()), &b, &a, REL);
}

/// The finite differences the bench times are the gradient.
#[test]
fn central_differences_are_the_gradient() {
    let p = Gmm::new(2, 3, 6);
    let (v, fd) = gradient(p.x(), |x, dx| central_differences(&p, x, dx));
    let (_, g) = gradient(p.x(), |x, dx| p.parad(x, dx));
    assert_eq!(v, p.primal(p.x()));
    assert_close("central differences vs parad", &fd, &g, 1e-6);
}

/// What the bench exports for the peers: every problem's point, its parts
/// adding up to it, the constants, and parad's gradient, readable back.
#[test]
fn peer_inputs_round_trip() {
    let dir = std::env::temp_dir().join(format!("parad-suite-export-{}", std::process::id()));
    let list = suite::sizes::problems(suite::sizes::Mode::Smoke);
    suite::export::write_inputs(&dir, "smoke", &list).unwrap();
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    let read = |file: &serde_json::Value| -> Vec<f64> {
        let bytes = std::fs::read(dir.join(file.as_str().unwrap())).unwrap();
        bytes.chunks_exact(8).map(|b| f64::from_le_bytes(b.try_into().unwrap())).collect()
    };
    let listed = manifest["problems"].as_array().unwrap();
    assert_eq!(listed.len(), list.len());
    for (p, m) in list.iter().zip(listed) {
        assert_eq!(m["name"], p.name());
        assert_eq!(read(&m["x"]), p.x());
        let parts: u64 = m["parts"].as_array().unwrap().iter().map(|part| part[1].as_u64().unwrap()).sum();
        assert_eq!(parts as usize, p.x().len(), "{}: parts", p.name());
        let (_, grad) = gradient(p.x(), |x, dx| p.parad(x, dx));
        assert_eq!(read(&m["grad"]), grad, "{}: gradient", p.name());
        for (key, values) in p.spec().data {
            assert_eq!(read(&m["data"][key]), values, "{}: {key}", p.name());
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
