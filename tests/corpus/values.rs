//! Value types: `#[autodiff]` on a `Copy` struct implements `parad::Value`,
//! the field-by-field sum that the adjoint of a whole copy of a value is.
//! Floats and float arrays add, nested values add through their own
//! implementation, integers, `bool`s and fieldless enums stay as they are.

use parad::autodiff;
use parad::check::random_vec;
use parad::Value;
use rayon::prelude::*;

#[autodiff]
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct V3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

#[autodiff]
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub enum Species {
    #[default]
    Light,
    Heavy,
}

#[autodiff]
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct Particle {
    pub pos: V3,
    pub spin: [f32; 2],
    pub mass: f64,
    pub id: usize,
    pub alive: bool,
    pub kind: Species,
}

/// A tuple struct too, generic over its array length.
#[autodiff]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coeffs<const N: usize>(pub [f64; N], pub u32);

impl<const N: usize> Default for Coeffs<N> {
    fn default() -> Self {
        Coeffs([0.0; N], 0)
    }
}

fn particle(r: &[f64], id: usize, kind: Species) -> Particle {
    Particle {
        pos: V3 { x: r[0], y: r[1], z: r[2] },
        spin: [r[3] as f32, r[4] as f32],
        mass: r[5],
        id,
        alive: id % 2 == 0,
        kind,
    }
}

#[test]
fn add_adjoint_adds_the_floats_of_every_field_and_keeps_the_data() {
    let (a, b) = (random_vec(6, -1.0, 1.0, 1), random_vec(6, -1.0, 1.0, 2));
    let mut sum = particle(&a, 4, Species::Heavy);
    sum.add_adjoint(&particle(&b, 7, Species::Light));
    let float = |k: usize| a[k] + b[k];
    assert_eq!(sum.pos, V3 { x: float(0), y: float(1), z: float(2) });
    assert_eq!(sum.spin, [a[3] as f32 + b[3] as f32, a[4] as f32 + b[4] as f32]);
    assert_eq!(sum.mass, float(5));
    // Data carries no derivative: the left operand's stays.
    assert_eq!((sum.id, sum.alive, sum.kind), (4, true, Species::Heavy));
}

#[test]
fn the_zero_of_a_value_type_adds_nothing() {
    let a = random_vec(6, -1.0, 1.0, 3);
    let p = particle(&a, 1, Species::Light);
    let mut z = Particle::default();
    z.add_adjoint(&p);
    assert_eq!((z.pos, z.spin, z.mass), (p.pos, p.spin, p.mass));
    assert_eq!((z.id, z.alive, z.kind), (0, false, Species::Light));
}

#[test]
fn tuple_structs_and_generic_arrays_add_element_by_element() {
    let (a, b) = (random_vec(5, -1.0, 1.0, 4), random_vec(5, -1.0, 1.0, 5));
    let mut s = Coeffs::<5>(a.clone().try_into().unwrap(), 9);
    s.add_adjoint(&Coeffs(b.clone().try_into().unwrap(), 3));
    for k in 0..5 {
        assert_eq!(s.0[k], a[k] + b[k]);
    }
    assert_eq!(s.1, 9);
}

// --- Value parameters: read field by field, the adjoint returned. ---

/// A spring between two points taken by value.
#[autodiff(reverse, d_spring, Active, Active, Const, Active)]
#[autodiff(forward, spring_fwd, Dual, Dual, Const, Dual)]
pub fn spring(a: V3, b: V3, k: f64) -> f64 {
    let dx = a.x - b.x;
    let dy = a.y - b.y;
    let dz = a.z - b.z;
    let r = (dx * dx + dy * dy + dz * dz).sqrt();
    0.5 * k * (r - 1.0).powi(2)
}

pub fn v3(r: &[f64]) -> V3 {
    V3 { x: r[0], y: r[1], z: r[2] }
}

pub fn flat(v: V3) -> [f64; 3] {
    [v.x, v.y, v.z]
}

#[test]
fn value_parameters_return_their_adjoints() {
    for seed in 0..4 {
        let x = random_vec(6, -2.0, 2.0, 40 + seed);
        let k = 1.7;
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| spring(v3(&x[..3]), v3(&x[3..]), k),
            |x, dx, s| {
                let (y, da, db) = d_spring(v3(&x[..3]), v3(&x[3..]), k, s);
                for (d, g) in dx.iter_mut().zip(flat(da).into_iter().chain(flat(db))) {
                    *d += g;
                }
                y
            },
            |x, v| spring_fwd(v3(&x[..3]), v3(&v[..3]), v3(&x[3..]), v3(&v[3..]), k),
        );
    }
}

/// A particle by value: nested value fields, a float array field, data
/// fields (an integer, a `bool`, an enum) read and matched, a field written.
#[autodiff(reverse, d_particle_energy, Active, Const, Active)]
#[autodiff(forward, particle_energy_fwd, Dual, Const, Dual)]
pub fn particle_energy(mut p: Particle, g: f64) -> f64 {
    let weight = match p.kind {
        Species::Light => 1.0,
        Species::Heavy => 2.5,
    };
    if p.alive {
        p.mass *= weight;
    }
    // The macro cannot see the fields' types: those only cast say theirs.
    let (s0, s1, id): (f32, f32, usize) = (p.spin[0], p.spin[1], p.id);
    let spin = s0 as f64 * s1 as f64;
    let kinetic = 0.5 * p.mass * (p.pos.x * p.pos.x + p.pos.y * p.pos.y);
    kinetic + p.mass * g * p.pos.z + spin * id as f64
}

#[test]
fn value_parameters_with_nested_values_arrays_and_data() {
    let pack = |p: &Particle| vec![p.pos.x, p.pos.y, p.pos.z, p.spin[0] as f64, p.spin[1] as f64, p.mass];
    for (seed, id, kind) in [(50, 2, Species::Heavy), (51, 3, Species::Light), (52, 4, Species::Light)] {
        let x = random_vec(6, 0.5, 2.0, seed);
        let part = |x: &[f64]| particle(x, id, kind);
        let rev = |x: &[f64], w: f64| {
            let (y, dp) = d_particle_energy(part(x), 9.8, w);
            assert_eq!((dp.id, dp.alive, dp.kind), (0, false, Species::Light), "data has no adjoint");
            (y, pack(&dp))
        };
        let fwd = |x: &[f64], v: &[f64]| particle_energy_fwd(part(x), particle(v, 0, Species::Light), 9.8);
        let y = particle_energy(part(&x), 9.8);
        assert_eq!((rev(&x, 1.0).0, fwd(&x, &x).0), (y, y));
        // The spins are `f32`: finite differences and the tangents see them rounded.
        parad::check::gradient(
            |x, dx| {
                let (y, g) = rev(x, 1.0);
                dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
                y
            },
            &x,
            1e-4,
        );
        parad::check::dot_product_tol(|x, v| vec![fwd(x, v).1], |x, w| rev(x, w[0]).1, &x, 1e-6);
    }
}

/// A value captured by a rayon closure: each chunk adds into a private
/// shadow of it, merged through `Value::add_adjoint`. A loop in the same
/// function writes a field (saved on the tape) and reads it back.
#[autodiff(reverse, d_field_energy, Active, Duplicated, Active)]
#[autodiff(reverse, d_field_energy_data, Const, Duplicated, Active)]
#[autodiff(forward, field_energy_fwd, Dual, Dual, Dual)]
pub fn field_energy(mut c: V3, xs: &[f64]) -> f64 {
    for k in 0..xs.len() {
        c.z = c.z * 0.5 + xs[k] * c.x;
    }
    let e: f64 = xs.par_iter().map(|x| (x - c.x).powi(2) * c.y + c.z * x).sum();
    e + c.z.sin()
}

#[test]
fn a_value_captured_by_rayon_and_written_in_a_loop() {
    let n = 300;
    let x = random_vec(3 + n, -1.0, 1.0, 60);
    let rev = |x: &[f64], w: f64| {
        let mut dxs = vec![0.0; n];
        let (y, dc) = d_field_energy(v3(&x[..3]), &x[3..], &mut dxs, w);
        (y, flat(dc).into_iter().chain(dxs).collect::<Vec<f64>>())
    };
    crate::support::scalar(
        &x,
        crate::support::TOL,
        |x| field_energy(v3(&x[..3]), &x[3..]),
        |x, dx, w| {
            let (y, g) = rev(x, w);
            dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
            y
        },
        |x, v| field_energy_fwd(v3(&x[..3]), v3(&v[..3]), &x[3..], &v[3..]),
    );
    // With the value `Const`, the data's adjoint is the same.
    let mut dxs = vec![0.0; n];
    d_field_energy_data(v3(&x[..3]), &x[3..], &mut dxs, 1.0);
    crate::support::assert_all_close("Const value", &dxs, &rev(&x, 1.0).1[3..], 1e-12);
}

pub struct Spring {
    pub k: f64,
    pub rest: f64,
}

impl Spring {
    /// A method taking a value: the receiver `Duplicated`, the value `Active`.
    #[autodiff(reverse, d_energy, Duplicated, Active, Active)]
    pub fn energy(&self, a: V3) -> f64 {
        let r = (a.x * a.x + a.y * a.y + a.z * a.z).sqrt();
        0.5 * self.k * (r - self.rest).powi(2)
    }
}

#[test]
fn a_method_taking_a_value() {
    let x = random_vec(5, 0.5, 1.5, 70);
    parad::check::gradient(
        |x, dx| {
            let s = Spring { k: x[3], rest: x[4] };
            let mut ds = Spring { k: 0.0, rest: 0.0 };
            let (y, da) = s.d_energy(&mut ds, v3(&x[..3]), 1.0);
            let g = flat(da).into_iter().chain([ds.k, ds.rest]);
            dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
            y
        },
        &x,
        crate::support::TOL,
    );
}

// --- Value locals: literals, copies, field writes, whole assignments. ---

/// A literal, a copy of it, a field written, the whole value assigned a
/// literal again, and a zero from `Default::default()` with a field set
/// after (`orbit` takes `V3::default()`).
#[allow(clippy::field_reassign_with_default)]
#[autodiff(reverse, d_bond, Active, Active, Active)]
#[autodiff(forward, bond_fwd, Dual, Dual, Dual)]
pub fn bond(a: V3, b: V3) -> f64 {
    let d = V3 { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
    let e = d;
    let mut m = V3 { x: 1.0, y: 0.0, z: e.z };
    m.x = e.x * m.x;
    m = V3 { x: m.x + e.y, y: m.y, z: m.z * 2.0 };
    let mut zero: V3 = Default::default();
    zero.y = m.z;
    (m.x * m.x + e.y * e.y + zero.y * m.z).sqrt()
}

/// A value carried through a loop, assigned whole each step (saved on the
/// tape whole), and an accumulator from `Default`.
#[autodiff(reverse, d_orbit, Active, Duplicated, Active)]
#[autodiff(forward, orbit_fwd, Dual, Dual, Dual)]
pub fn orbit(a: V3, s: &[f64]) -> f64 {
    let mut p = a;
    let mut acc = V3::default();
    for i in 0..s.len() {
        let q = V3 { x: p.y * s[i], y: p.x + p.z, z: p.z.sin() };
        p = q;
        acc = V3 { x: acc.x + p.x * p.y, y: acc.y + p.z, z: acc.z };
    }
    p.x + p.y * p.z + acc.x * acc.y
}

/// Value locals inside a rayon closure.
#[autodiff(reverse, d_par_bonds, Active, Duplicated, Active)]
#[autodiff(forward, par_bonds_fwd, Dual, Dual, Dual)]
pub fn par_bonds(a: V3, s: &[f64]) -> f64 {
    s.par_iter()
        .map(|v| {
            let d = V3 { x: v - a.x, y: v * a.y, z: a.z };
            d.x * d.y + d.z * d.z
        })
        .sum()
}

#[test]
fn value_locals_literals_copies_and_whole_assignments() {
    for seed in 0..3 {
        let x = random_vec(6, -1.0, 1.0, 80 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| bond(v3(&x[..3]), v3(&x[3..])),
            |x, dx, w| {
                let (y, da, db) = d_bond(v3(&x[..3]), v3(&x[3..]), w);
                dx.iter_mut().zip(flat(da).into_iter().chain(flat(db))).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| bond_fwd(v3(&x[..3]), v3(&v[..3]), v3(&x[3..]), v3(&v[3..])),
        );
    }
}

#[test]
fn value_locals_through_loops_and_rayon() {
    let n = 40;
    let x = random_vec(3 + n, -0.8, 0.8, 90);
    type Primal = fn(V3, &[f64]) -> f64;
    type Rev = fn(V3, &[f64], &mut [f64], f64) -> (f64, V3);
    type Fwd = fn(V3, V3, &[f64], &[f64]) -> (f64, f64);
    let cases: [(Primal, Rev, Fwd); 2] = [(orbit, d_orbit, orbit_fwd), (par_bonds, d_par_bonds, par_bonds_fwd)];
    for (f, d_f, f_fwd) in cases {
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| f(v3(&x[..3]), &x[3..]),
            |x, dx, w| {
                let mut ds = vec![0.0; n];
                let (y, da) = d_f(v3(&x[..3]), &x[3..], &mut ds, w);
                dx.iter_mut().zip(flat(da).into_iter().chain(ds)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| f_fwd(v3(&x[..3]), v3(&v[..3]), &x[3..], &v[3..]),
        );
    }
}

// --- Value results: a seed of the result's type. ---

/// A rotation about z returning a value; a field copied as it is (`a.z`
/// only ever read into the literal: its category comes through `Value`).
#[autodiff(reverse, d_turn, Active, Active, Active)]
#[autodiff(forward, turn_fwd, Dual, Dual, Dual)]
pub fn turn(a: V3, t: f64) -> V3 {
    let (s, c) = t.sin_cos();
    V3 { x: c * a.x - s * a.y, y: s * a.x + c * a.y, z: a.z }
}

/// An early return of a literal, else the parameter itself.
#[autodiff(reverse, d_clip, Active, Active, Active)]
#[autodiff(forward, clip_fwd, Dual, Dual, Dual)]
pub fn clip(a: V3, t: f64) -> V3 {
    if a.x > t {
        return V3 { x: t, y: a.y * t, z: a.z };
    }
    a
}

#[test]
fn value_results_take_a_seed_of_their_type() {
    type Primal = fn(V3, f64) -> V3;
    type Rev = fn(V3, f64, V3) -> (V3, V3, f64);
    type Fwd = fn(V3, V3, f64, f64) -> (V3, V3);
    let cases: [(Primal, Rev, Fwd); 2] = [(turn, d_turn, turn_fwd), (clip, d_clip, clip_fwd)];
    for (k, (f, d_f, f_fwd)) in cases.into_iter().enumerate() {
        for seed in 0..4 {
            let x = random_vec(4, -1.0, 1.0, 100 + 10 * k as u64 + seed);
            let w = v3(&random_vec(3, -1.0, 1.0, 200 + seed));
            let dot = |a: V3, b: V3| a.x * b.x + a.y * b.y + a.z * b.z;
            crate::support::scalar(
                &x,
                crate::support::TOL,
                |x| dot(f(v3(&x[..3]), x[3]), w),
                |x, dx, s| {
                    let seed = V3 { x: s * w.x, y: s * w.y, z: s * w.z };
                    let (y, da, dt) = d_f(v3(&x[..3]), x[3], seed);
                    dx.iter_mut().zip(flat(da).into_iter().chain([dt])).for_each(|(d, g)| *d += g);
                    dot(y, w)
                },
                |x, v| {
                    let (y, t) = f_fwd(v3(&x[..3]), v3(&v[..3]), x[3], v[3]);
                    (dot(y, w), dot(t, w))
                },
            );
        }
    }
}

// --- Values lent to helpers taking `&V3`. ---

#[autodiff]
pub fn norm2(v: &V3) -> f64 {
    v.x * v.x + v.y * v.y + v.z * v.z
}

#[autodiff]
pub fn dot(a: &V3, b: &V3) -> f64 {
    a.x * b.x + a.y * b.y + a.z * b.z
}

/// A parameter and a local lent to helpers (`&a`, `&d`); the helpers'
/// adjoints flow into the value shadows. A field set here and read only
/// in a helper (`d.z`) gets its category from another variable of the
/// same type (`a.z * 0.5`).
#[autodiff(reverse, d_lent, Active, Active, Active)]
#[autodiff(forward, lent_fwd, Dual, Dual, Dual)]
pub fn lent(a: V3, b: V3) -> f64 {
    let d = V3 { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
    let r2 = norm2(&d) + a.z * 0.5 + d.x * d.y;
    r2.sqrt() * dot(&a, &b)
}

/// The same in a rayon closure, each element a local value lent to `dot`.
#[autodiff(reverse, d_par_lent, Active, Duplicated, Active)]
#[autodiff(forward, par_lent_fwd, Dual, Dual, Dual)]
pub fn par_lent(a: V3, s: &[f64]) -> f64 {
    s.par_iter()
        .map(|v| {
            let p = V3 { x: *v, y: v * v, z: 1.0 };
            dot(&a, &p)
        })
        .sum()
}

#[test]
fn values_lent_to_helpers_taking_a_reference() {
    for seed in 0..3 {
        let x = random_vec(6, 0.2, 1.0, 120 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| lent(v3(&x[..3]), v3(&x[3..])),
            |x, dx, w| {
                let (y, da, db) = d_lent(v3(&x[..3]), v3(&x[3..]), w);
                dx.iter_mut().zip(flat(da).into_iter().chain(flat(db))).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| lent_fwd(v3(&x[..3]), v3(&v[..3]), v3(&x[3..]), v3(&v[3..])),
        );
    }
    let n = 50;
    let x = random_vec(3 + n, -1.0, 1.0, 130);
    crate::support::scalar(
        &x,
        crate::support::TOL,
        |x| par_lent(v3(&x[..3]), &x[3..]),
        |x, dx, w| {
            let mut ds = vec![0.0; n];
            let (y, da) = d_par_lent(v3(&x[..3]), &x[3..], &mut ds, w);
            dx.iter_mut().zip(flat(da).into_iter().chain(ds)).for_each(|(d, g)| *d += g);
            y
        },
        |x, v| par_lent_fwd(v3(&x[..3]), v3(&v[..3]), &x[3..], &v[3..]),
    );
}

/// Values chosen by an `if` and a `match`.
#[autodiff(reverse, d_choose, Active, Active, Const, Active)]
#[autodiff(forward, choose_fwd, Dual, Dual, Const, Dual)]
pub fn choose(a: V3, t: f64, k: usize) -> f64 {
    let m = if a.x > t { V3 { x: t, y: a.y * t, z: a.z } } else { a };
    let n = match k % 3 {
        0 => m,
        1 => V3 { x: m.y, y: m.z, z: m.x },
        _ => {
            let s = t.sin();
            V3 { x: m.x * s, y: m.y, z: m.z + s }
        }
    };
    n.x * n.y + n.z * t
}

#[test]
fn values_chosen_by_if_and_match() {
    for seed in 0..6 {
        let x = random_vec(4, -1.0, 1.0, 140 + seed);
        let k = seed as usize;
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| choose(v3(&x[..3]), x[3], k),
            |x, dx, w| {
                let (y, da, dt) = d_choose(v3(&x[..3]), x[3], k, w);
                dx.iter_mut().zip(flat(da).into_iter().chain([dt])).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| choose_fwd(v3(&x[..3]), v3(&v[..3]), x[3], v[3], k),
        );
    }
}
