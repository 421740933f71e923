//! Buffers of values (`&[V3]`, `&mut [V3]`, `&Vec<Particle>`): the shadow
//! is a buffer of the same type, each element's fields places; elements
//! are copied, passed, lent and written whole, in serial and rayon loops.

use crate::value_calls;
use crate::values::{Particle, Species, V3};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

fn v3s(x: &[f64]) -> Vec<V3> {
    x.chunks(3).map(|c| V3 { x: c[0], y: c[1], z: c[2] }).collect()
}

fn flats(v: &[V3]) -> Vec<f64> {
    v.iter().flat_map(|p| [p.x, p.y, p.z]).collect()
}

/// Particles packed as `pos.x, pos.y, pos.z, mass`, their ids alternating.
fn particles(x: &[f64]) -> Vec<Particle> {
    let kind = |i: usize| if i % 2 == 0 { Species::Light } else { Species::Heavy };
    (x.chunks(4).enumerate())
        .map(|(i, c)| Particle {
            pos: V3 { x: c[0], y: c[1], z: c[2] },
            spin: [0.0; 2],
            mass: c[3],
            id: i % 3,
            alive: true,
            kind: kind(i),
        })
        .collect()
}

fn particle_flats(ps: &[Particle]) -> Vec<f64> {
    ps.iter().flat_map(|p| [p.pos.x, p.pos.y, p.pos.z, p.mass]).collect()
}

#[autodiff]
pub fn len2(a: &V3) -> f64 {
    a.x * a.x + a.y * a.y + a.z * a.z
}

/// Every way of reading an element: fields, copies, operators and methods
/// on elements, elements passed by value and lent, `for p in xs`.
#[autodiff(reverse, d_reads, Duplicated, Active)]
#[autodiff(forward, reads_fwd, Dual, Dual)]
pub fn reads(xs: &[V3]) -> f64 {
    let mut s = 0.0;
    for i in 0..xs.len() {
        let p = xs[i];
        s += p.x * xs[i].y + xs[i].z.sin();
        for j in 0..i {
            s += 1.0 / (0.5 + (xs[i] - xs[j]).norm2()) + value_calls::dot_v(xs[i], xs[j]) * 0.1;
        }
    }
    for p in xs {
        s += p.norm2() * 0.2 + len2(p) * p.x + value_calls::dot_v(*p, xs[0]);
        let (a, b) = (*p, xs[xs.len() - 1]);
        s += (a - b).dot(a) + len2(&xs[0]);
    }
    s
}

#[test]
fn elements_read_copied_passed_and_lent() {
    for (seed, n) in [(0, 1), (1, 3), (2, 6)] {
        let x = random_vec(3 * n, -1.0, 1.0, 500 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| reads(&v3s(x)),
            |x, dx, w| {
                let mut dxs = vec![V3::default(); x.len() / 3];
                let y = d_reads(&v3s(x), &mut dxs, w);
                dx.iter_mut().zip(flats(&dxs)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| reads_fwd(&v3s(x), &v3s(v)),
        );
    }
}

/// A Lennard-Jones energy over particles in a rayon loop: every iteration
/// reads every particle (their adjoints merged per chunk), a nested value
/// field bound whole, an integer field compared.
#[autodiff(reverse, d_lennard_jones, Duplicated, Active)]
#[autodiff(reverse, d_lennard_jones_atomic, Duplicated, Active, accumulate = atomic)]
#[autodiff(forward, lennard_jones_fwd, Dual, Dual)]
pub fn lennard_jones(ps: &Vec<Particle>) -> f64 {
    (0..ps.len())
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..ps.len() {
                if j != i && ps[j].id != ps[i].id {
                    let (a, b): (V3, V3) = (ps[i].pos, ps[j].pos);
                    let s2 = 1.0 / (a - b).norm2();
                    let s6 = s2 * s2 * s2;
                    e += ps[i].mass * ps[j].mass * (s6 * s6 - s6);
                }
            }
            e
        })
        .sum()
}

#[test]
fn lennard_jones_over_particles_in_rayon() {
    for (seed, n) in [(0, 2), (1, 5), (2, 24)] {
        // Particles on a jittered line, so no two come close.
        let mut x = random_vec(4 * n, -0.2, 0.2, 520 + seed);
        for (i, c) in x.chunks_mut(4).enumerate() {
            c[0] += 1.6 * i as f64;
            c[3] += 1.0;
        }
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| lennard_jones(&particles(x)),
            |x, dx, w| {
                let ps = particles(x);
                let mut dps = vec![Particle::default(); ps.len()];
                let y = d_lennard_jones(&ps, &mut dps, w);
                dx.iter_mut().zip(particle_flats(&dps)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| lennard_jones_fwd(&particles(x), &particles(v)),
        );
        // Atomic accumulation adds floats: values take private copies.
        let ps = particles(&x);
        let (mut a, mut b) = (vec![Particle::default(); n], vec![Particle::default(); n]);
        d_lennard_jones(&ps, &mut a, 1.0);
        d_lennard_jones_atomic(&ps, &mut b, 1.0);
        assert_eq!(particle_flats(&a), particle_flats(&b));
    }
}

/// Writes into a buffer of values: fields, whole elements from a literal,
/// a copy and a local, in a serial loop and in `par_iter_mut`.
#[autodiff(reverse, d_moved, Duplicated, Active, Duplicated)]
#[autodiff(forward, moved_fwd, Dual, Dual, Dual)]
pub fn moved(xs: &[V3], k: f64, ys: &mut [V3]) {
    for i in 0..xs.len() {
        ys[i] = xs[i];
        ys[i].y *= xs[i].x * k;
        let mut q = ys[i];
        q.z = q.x.sin() + k;
        if i % 2 == 0 {
            ys[i] = V3 { x: q.z * xs[i].y, y: ys[i].y, z: q.x - k };
        } else {
            ys[i] = q;
        }
    }
    ys.par_iter_mut().enumerate().for_each(|(i, y)| {
        y.x = y.x * xs[i].z + k;
        y.z *= y.y;
    });
}

#[test]
fn elements_written_whole_and_by_field() {
    for (seed, n) in [(0, 1), (1, 4), (2, 9)] {
        let x: Vec<f64> = random_vec(3 * n + 1, -1.0, 1.0, 540 + seed);
        let split = |x: &[f64]| (v3s(&x[..3 * n]), x[3 * n]);
        crate::support::map(
            &x,
            3 * n,
            crate::support::TOL,
            550 + seed,
            |x| {
                let (xs, k) = split(x);
                let mut ys = vec![V3::default(); n];
                moved(&xs, k, &mut ys);
                flats(&ys)
            },
            |x, dx, w| {
                let (xs, k) = split(x);
                let (mut ys, mut dxs) = (vec![V3::default(); n], vec![V3::default(); n]);
                let mut dys = v3s(w);
                let dk = d_moved(&xs, &mut dxs, k, &mut ys, &mut dys);
                let g: Vec<f64> = flats(&dxs).into_iter().chain([dk]).collect();
                dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
                flats(&ys)
            },
            |x, v| {
                let ((xs, k), (txs, tk)) = (split(x), split(v));
                let (mut ys, mut tys) = (vec![V3::default(); n], vec![V3::default(); n]);
                moved_fwd(&xs, &txs, k, tk, &mut ys, &mut tys);
                (flats(&ys), flats(&tys))
            },
        );
    }
}

/// Buffers of values passed whole to helpers, and iterator chains over them.
#[autodiff]
pub fn scaled_into(xs: &[V3], k: f64, out: &mut [V3]) {
    for (o, p) in out.iter_mut().zip(xs) {
        o.x = p.x * k;
        o.y = p.y - k;
        o.z = p.z * p.x;
    }
}

#[autodiff(reverse, d_chained, Duplicated, Active)]
#[autodiff(forward, chained_fwd, Dual, Dual)]
pub fn chained(xs: &Vec<V3>) -> f64 {
    let mut tmp = vec![V3::default(); xs.len()];
    scaled_into(xs, 1.5, &mut tmp);
    let mut s = reads(&tmp);
    s += xs.iter().map(|p| p.x * p.z).sum::<f64>();
    for (i, p) in xs.iter().enumerate() {
        s += (i as f64 + 1.0) * p.y * tmp[i].z;
    }
    s
}

#[test]
fn buffers_of_values_passed_to_helpers() {
    for (seed, n) in [(0, 1), (1, 4)] {
        let x = random_vec(3 * n, -1.0, 1.0, 560 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| chained(&v3s(x)),
            |x, dx, w| {
                let mut dxs = vec![V3::default(); x.len() / 3];
                let y = d_chained(&v3s(x), &mut dxs, w);
                dx.iter_mut().zip(flats(&dxs)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| chained_fwd(&v3s(x), &v3s(v)),
        );
    }
}

#[autodiff]
pub fn push_along(p: &mut V3, d: V3, k: f64) {
    p.x += d.x * k;
    p.y = p.y * d.y;
    p.z -= k;
}

/// Elements lent `&mut` to a helper, written through `iter_mut` and `*y`,
/// assigned an operator's result; a method on elements in a rayon chain.
#[autodiff(reverse, d_updated, Duplicated, Active, Duplicated, Active)]
#[autodiff(forward, updated_fwd, Dual, Dual, Dual, Dual)]
pub fn updated(xs: &[V3], k: f64, ys: &mut [V3]) -> f64 {
    for i in 0..ys.len() {
        push_along(&mut ys[i], xs[i], k);
        ys[i] = ys[i] - xs[(i + 1) % xs.len()];
    }
    for (y, p) in ys.iter_mut().zip(xs) {
        y.z = y.z * p.x + k;
    }
    for y in ys.iter_mut() {
        *y = V3 { x: y.y, y: y.z * k, z: y.x };
    }
    ys.par_iter().map(|y| y.norm2()).sum::<f64>() + xs.par_iter().map(|p| p.x * p.y).sum::<f64>()
}

#[test]
fn elements_lent_mut_and_written_through_iterators() {
    for (seed, n) in [(0, 1), (1, 3), (2, 7)] {
        let x: Vec<f64> = random_vec(6 * n + 1, -1.0, 1.0, 580 + seed);
        // xs, k, then the starting ys.
        let split = |x: &[f64]| (v3s(&x[..3 * n]), x[3 * n], v3s(&x[3 * n + 1..]));
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| {
                let (xs, k, mut ys) = split(x);
                updated(&xs, k, &mut ys)
            },
            |x, dx, w| {
                let (xs, k, mut ys) = split(x);
                let (mut dxs, mut dys) = (vec![V3::default(); n], vec![V3::default(); n]);
                let (y, dk) = d_updated(&xs, &mut dxs, k, &mut ys, &mut dys, w);
                let g: Vec<f64> = flats(&dxs).into_iter().chain([dk]).chain(flats(&dys)).collect();
                dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| {
                let ((xs, k, mut ys), (txs, tk, mut tys)) = (split(x), split(v));
                updated_fwd(&xs, &txs, k, tk, &mut ys, &mut tys)
            },
        );
    }
}

/// A time loop over a buffer of values, checkpointed.
#[autodiff(reverse, d_orbits, Duplicated, Active, Active)]
#[autodiff(forward, orbits_fwd, Dual, Dual, Dual)]
pub fn orbits(xs: &mut [V3], dt: f64) -> f64 {
    #[checkpoint(binomial(snapshots = 3))]
    for _ in 0..12 {
        for i in 0..xs.len() {
            xs[i].x = xs[i].x + dt * xs[i].y.sin();
            xs[i].y = xs[i].y - dt * xs[i].x * xs[i].z;
        }
    }
    let mut s = 0.0;
    for p in xs.iter() {
        s += p.x * p.y;
    }
    s
}

#[test]
fn a_checkpointed_loop_over_a_buffer_of_values() {
    for (seed, n) in [(0, 1), (1, 4)] {
        let x: Vec<f64> = random_vec(3 * n + 1, -1.0, 1.0, 600 + seed);
        let split = |x: &[f64]| (v3s(&x[..3 * n]), x[3 * n]);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| {
                let (mut xs, dt) = split(x);
                orbits(&mut xs, dt)
            },
            |x, dx, w| {
                let (mut xs, dt) = split(x);
                let mut dxs = vec![V3::default(); n];
                let (y, ddt) = d_orbits(&mut xs, &mut dxs, dt, w);
                let g: Vec<f64> = flats(&dxs).into_iter().chain([ddt]).collect();
                dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| {
                let ((mut xs, dt), (mut txs, tdt)) = (split(x), split(v));
                orbits_fwd(&mut xs, &mut txs, dt, tdt)
            },
        );
    }
}

/// A buffer of structs holding vectors, read through its elements'
/// fields; passed constant to a helper, whose companion then has no
/// shadow elements to index.
#[derive(Clone, Debug, Default)]
pub struct Poly {
    pub c: Vec<f64>,
    pub shift: f64,
}

#[autodiff]
pub fn poly_sum(ps: &[Poly], x: f64) -> f64 {
    let mut s = 0.0;
    for p in ps {
        let mut v = 0.0;
        for k in (0..p.c.len()).rev() {
            v = v * (x - p.shift) + p.c[k];
        }
        s += v;
    }
    s
}

#[autodiff(reverse, d_polys, Duplicated, Active, Active)]
#[autodiff(forward, polys_fwd, Dual, Dual, Dual)]
pub fn polys(ps: &[Poly], x: f64) -> f64 {
    poly_sum(ps, x) * x + poly_sum(ps, 0.5 * x)
}

#[autodiff(reverse, d_polys_at, Const, Active, Active)]
#[autodiff(forward, polys_at_fwd, Const, Dual, Dual)]
pub fn polys_at(ps: &[Poly], x: f64) -> f64 {
    poly_sum(ps, x).sin() + ps[0].c[0] * x
}

fn polys_of(x: &[f64], degree: usize) -> Vec<Poly> {
    x.chunks(degree + 1).map(|c| Poly { c: c[..degree].to_vec(), shift: c[degree] }).collect()
}

fn poly_flats(ps: &[Poly]) -> Vec<f64> {
    ps.iter().flat_map(|p| p.c.iter().copied().chain([p.shift])).collect()
}

#[test]
fn buffers_of_structs_holding_vectors() {
    for seed in 0..3 {
        let (n, degree) = (3, 4);
        let x: Vec<f64> = random_vec(n * (degree + 1) + 1, -1.0, 1.0, 620 + seed);
        let m = n * (degree + 1);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| polys(&polys_of(&x[..m], degree), x[m]),
            |x, dx, w| {
                let ps = polys_of(&x[..m], degree);
                let mut dps: Vec<Poly> = ps.iter().map(|p| Poly { c: vec![0.0; p.c.len()], shift: 0.0 }).collect();
                let (y, dxx) = d_polys(&ps, &mut dps, x[m], w);
                let g: Vec<f64> = poly_flats(&dps).into_iter().chain([dxx]).collect();
                dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| polys_fwd(&polys_of(&x[..m], degree), &polys_of(&v[..m], degree), x[m], v[m]),
        );
        // Constant polynomials: the helper's companion gets no shadow.
        let ps = polys_of(&x[..m], degree);
        crate::support::scalar(
            &x[m..],
            crate::support::TOL,
            |x| polys_at(&ps, x[0]),
            |x, dx, w| {
                let (y, d) = d_polys_at(&ps, x[0], w);
                dx[0] += d;
                y
            },
            |x, v| polys_at_fwd(&ps, x[0], v[0]),
        );
    }
}

/// Two local buffers of values swapped each step of a time loop.
#[autodiff(reverse, d_relaxed, Duplicated, Active)]
#[autodiff(forward, relaxed_fwd, Dual, Dual)]
pub fn relaxed(xs: &[V3]) -> f64 {
    let n = xs.len();
    let mut u = xs.to_vec();
    let mut next = vec![V3::default(); n];
    for _ in 0..5 {
        for i in 0..n {
            let left = u[(i + n - 1) % n];
            next[i] = V3 {
                x: 0.5 * u[i].x + 0.25 * (left.x + u[(i + 1) % n].y),
                y: 0.9 * u[i].y + 0.1 * u[i].z.sin(),
                z: u[i].z - 0.1 * left.x,
            };
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for p in &u {
        s += p.x * p.y + p.z;
    }
    s
}

#[test]
fn local_buffers_of_values_swapped_in_a_time_loop() {
    for (seed, n) in [(0, 1), (1, 3), (2, 8)] {
        let x = random_vec(3 * n, -1.0, 1.0, 640 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| relaxed(&v3s(x)),
            |x, dx, w| {
                let mut dxs = vec![V3::default(); n];
                let y = d_relaxed(&v3s(x), &mut dxs, w);
                dx.iter_mut().zip(flats(&dxs)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| relaxed_fwd(&v3s(x), &v3s(v)),
        );
    }
}

/// A field of an element on one side of `+` or `-` and a value on the
/// other (`ps[i].pos + f * dt`, `f * dt - ps[i].pos`): the field takes the
/// value's type, no binding needed.
#[autodiff(reverse, d_nudged, Duplicated, Active, Active)]
#[autodiff(forward, nudged_fwd, Dual, Dual, Dual)]
pub fn nudged(ps: &[Particle], dt: f64) -> f64 {
    let mut e = 0.0;
    for i in 0..ps.len() {
        let m: f64 = ps[i].mass;
        let f: V3 = ps[i].pos * (-m);
        let ahead = ps[i].pos + f * dt;
        let behind = f * dt - ps[i].pos;
        let d: V3 = ps[i].pos - ps[0].pos;
        e += ahead.norm2() + behind.dot(ahead) * 0.5 + (d * dt).norm2();
    }
    e
}

#[test]
fn fields_beside_values_in_operators() {
    for (seed, n) in [(0, 1), (1, 4)] {
        let x: Vec<f64> = random_vec(4 * n + 1, -1.0, 1.0, 540 + seed);
        let m = 4 * n;
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| nudged(&particles(&x[..m]), x[m]),
            |x, dx, w| {
                let ps = particles(&x[..m]);
                let mut dps = vec![Particle::default(); n];
                let (y, ddt) = d_nudged(&ps, &mut dps, x[m], w);
                dx.iter_mut().zip(particle_flats(&dps).into_iter().chain([ddt])).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| nudged_fwd(&particles(&x[..m]), &particles(&v[..m]), x[m], v[m]),
        );
    }
}
