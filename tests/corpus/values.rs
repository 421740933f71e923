//! Value types: `#[autodiff]` on a `Copy` struct implements `parad::Value`,
//! the field-by-field sum that the adjoint of a whole copy of a value is.
//! Floats and float arrays add, nested values add through their own
//! implementation, integers, `bool`s and fieldless enums stay as they are.

use parad::autodiff;
use parad::check::random_vec;
use parad::Value;

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
