//! The attribute forms: std's names (`autodiff_reverse`, `autodiff_forward`),
//! several derivatives of one function, and derivatives that only differ in
//! which parameters are constant (each gets its own specialised companion).

use parad::check::{dot_product, gradient, random_vec};
use parad::{autodiff, autodiff_forward, autodiff_reverse};

#[autodiff_reverse(d_wave, Active, Active, Active)]
#[autodiff_forward(f_wave, Dual, Dual, Dual)]
#[autodiff(reverse, d_wave_x, Active, Const, Active)]
#[autodiff(forward, f_wave_y, Const, Dual, DualOnly)]
fn wave(x: f64, y: f64) -> f64 {
    (x * y).sin() * x.exp() + y.powi(3)
}

#[test]
fn std_named_attributes() {
    let p = random_vec(2, -1.0, 1.0, 11);
    gradient(
        |p, dp| {
            let (v, dx, dy) = d_wave(p[0], p[1], 1.0);
            dp[0] += dx;
            dp[1] += dy;
            v
        },
        &p,
        1e-7,
    );
    dot_product(
        |p, t| vec![f_wave(p[0], t[0], p[1], t[1]).1],
        |p, w| {
            let (_, dx, dy) = d_wave(p[0], p[1], w[0]);
            vec![dx, dy]
        },
        &p,
    );
}

#[test]
fn const_parameters_agree_with_the_full_derivative() {
    let p = random_vec(2, -1.0, 1.0, 12);
    let (v, dx, dy) = d_wave(p[0], p[1], 1.0);
    let (v2, dx2) = d_wave_x(p[0], p[1], 1.0);
    assert_eq!(v, v2);
    assert_eq!(dx, dx2);
    let t = f_wave_y(p[0], p[1], 1.0);
    assert!((t - dy).abs() <= 1e-12 * dy.abs().max(1.0), "{t} vs {dy}");
}

#[autodiff_reverse(d_scaled_norm, Duplicated, Const, Active)]
#[autodiff_reverse(d_scaled_norm_both, Duplicated, Active, Active)]
fn scaled_norm(x: &[f64], s: f64) -> f64 {
    let mut acc = 0.0;
    for v in x {
        acc += (s * v).powi(2);
    }
    acc.sqrt()
}

#[test]
fn specialised_and_generic_companions_agree() {
    let x = random_vec(9, -2.0, 2.0, 13);
    let mut dx1 = vec![0.0; 9];
    let mut dx2 = vec![0.0; 9];
    let v1 = d_scaled_norm(&x, &mut dx1, 1.7, 1.0);
    let (v2, ds) = d_scaled_norm_both(&x, &mut dx2, 1.7, 1.0);
    assert_eq!(v1, v2);
    assert_eq!(dx1, dx2);
    // d/ds |s x| = |x| for s > 0.
    let norm = x.iter().map(|v| v * v).sum::<f64>().sqrt();
    assert!((ds - norm).abs() < 1e-12 * norm);
}

/// Parameter names that the generated code also uses for its own values
/// (`seed`, `primal`, `reverse`, a `dx` beside an `x`) do not clash.
#[autodiff(reverse, d_clash, Duplicated, Duplicated, Active, Active, Active)]
#[autodiff(forward, f_clash, Dual, Dual, Dual, Dual, Dual)]
fn clash(x: &[f64], dx: &[f64], seed: f64, reverse: f64) -> f64 {
    let primal = seed * reverse;
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * dx[i] * primal;
    }
    s
}

#[test]
fn generated_names_do_not_clash_with_parameters() {
    let p = random_vec(8, -1.0, 1.0, 14);
    let f = |p: &[f64], g: &mut [f64]| {
        let (x, rest) = p.split_at(3);
        let (dx, sr) = rest.split_at(3);
        let (mut gx, mut gdx) = (vec![0.0; 3], vec![0.0; 3]);
        let (v, gs, gr) = d_clash(x, &mut gx, dx, &mut gdx, sr[0], sr[1], 1.0);
        g[..3].iter_mut().zip(&gx).for_each(|(a, b)| *a += b);
        g[3..6].iter_mut().zip(&gdx).for_each(|(a, b)| *a += b);
        g[6] += gs;
        g[7] += gr;
        v
    };
    gradient(f, &p, 1e-7);
    dot_product(
        |p, t| vec![f_clash(&p[..3], &t[..3], &p[3..6], &t[3..6], p[6], t[6], p[7], t[7]).1],
        |p, w| {
            let mut g = vec![0.0; 8];
            f(p, &mut g);
            g.iter().map(|v| v * w[0]).collect()
        },
        &p,
    );
}

/// Methods of integers (no derivative) are accepted in differentiated code.
#[autodiff(reverse, d_int_methods, Duplicated, Active)]
#[autodiff(forward, f_int_methods, Dual, Dual)]
fn int_methods(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let bits: u32 = (i as u32 + 5).count_ones();
        let k: usize = (i + 7).rem_euclid(3);
        s += x[i] * bits as f64 + x[(i + k) % x.len()].sin();
    }
    s
}

#[test]
fn integer_methods() {
    let p = random_vec(6, -1.0, 1.0, 15);
    gradient(|x, dx| d_int_methods(x, dx, 1.0), &p, 1e-7);
    dot_product(
        |x, t| vec![f_int_methods(x, t).1],
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            d_int_methods(x, &mut dx, w[0]);
            dx
        },
        &p,
    );
}
