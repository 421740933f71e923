//! Shapes that once compiled to rustc errors inside the generated code
//! (issue "every failure is the macro's own spanned error"): each now
//! works and is checked here against finite differences and the other mode.
//!
//! - A helper with a reverse rule only, called from reverse-mode code: the
//!   caller never needs the missing forward half, and forward mode through
//!   it panics naming the rule to add.
//! - Lifetimes on the differentiated function (`fn f<'a>(x: &'a [f64])`,
//!   a struct borrowing its data `&Data<'a>`).
//! - Several arguments from one buffer in one call, overlapping or not, and
//!   the `&mut` halves of `split_at_mut`; a value argument reading a buffer
//!   the call borrows mutably.
//! - `#[autodiff]` on a trait's `impl` block.
//! - Reborrowed buffers (`&*x`, `&mut *buf`, `let r = &mut w;`).
//! - References to one number (`&f64`, `&mut f64`, `&mut usize`, `&mut
//!   bool`), local numbers and elements lent to a helper taking one, also
//!   in calls that carry no derivative.
//! - Integer compound assignments (`>>=`, `^=`, `%=`).

use crate::support::{self, assert_close, panic_message, TOL};
use parad::check::random_vec;
use parad::{autodiff, derivative};
use rayon::prelude::*;

/// `ln(1 + e^x)` with a reverse rule and no forward rule.
#[derivative(reverse = softplus_rev)]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

fn softplus_rev(x: f64, seed: f64) -> f64 {
    seed / (1.0 + (-x).exp())
}

#[autodiff(reverse, d_soft_sum, Duplicated, Active)]
#[autodiff(forward, soft_sum_fwd, Dual, Dual)]
fn soft_sum(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x {
        s += softplus(v) * v;
    }
    s
}

#[test]
fn reverse_rule_only_called_in_reverse_mode() {
    let x = random_vec(6, -2.0, 2.0, 2801);
    let mut dx = vec![0.0; 6];
    assert_close("value", d_soft_sum(&x, &mut dx, 1.0), soft_sum(&x), 1e-12);
    parad::check::gradient(|x, dx| d_soft_sum(x, dx, 1.0), &x, TOL);
}

#[test]
fn forward_mode_through_a_reverse_only_rule_names_the_rule() {
    let x = random_vec(3, -1.0, 1.0, 2802);
    let msg = panic_message(|| {
        soft_sum_fwd(&x, &[1.0, 0.0, 0.0]);
    });
    assert!(msg.contains("`softplus` has only a reverse rule") && msg.contains("forward"), "{msg}");
}

/// A problem's data, borrowed.
struct Data<'a> {
    t: &'a [f64],
    y: &'a [f64],
}

#[autodiff(reverse, d_fit, Duplicated, Const, Active)]
#[autodiff(forward, fit_fwd, Dual, Const, Dual)]
fn fit<'a, 'b: 'a>(p: &'b [f64], d: &Data<'a>) -> f64 {
    let mut s = 0.0;
    for i in 0..d.t.len() {
        let r: f64 = p[0] * (p[1] * d.t[i]).sin() - d.y[i];
        s += r * r;
    }
    s
}

#[autodiff(reverse, d_scaled, Duplicated, Active, Active)]
#[autodiff(forward, scaled_fwd, Dual, Dual, Dual)]
fn scaled<'x>(x: &'x [f64], k: f64) -> f64
where
    'x: 'x,
{
    let v: &'x [f64] = &x[1..];
    k * v.iter().map(|a| a * a).sum::<f64>() + x[0]
}

#[test]
fn lifetimes_on_the_function() {
    let t = random_vec(8, 0.0, 2.0, 2803);
    let y = random_vec(8, -1.0, 1.0, 2804);
    let data = Data { t: &t, y: &y };
    let p = random_vec(2, 0.5, 1.5, 2805);
    support::scalar(&p, TOL, |p| fit(p, &data), |p, dp, s| d_fit(p, dp, &data, s), |p, tp| fit_fwd(p, tp, &data));
    let x = random_vec(5, -1.0, 1.0, 2806);
    let n = x.len();
    let xk = [x.clone(), vec![0.7]].concat();
    support::scalar(
        &xk,
        TOL,
        |x| scaled(&x[..n], x[n]),
        |x, dx, s| {
            let (dv, dk) = dx.split_at_mut(n);
            let (v, g) = d_scaled(&x[..n], dv, x[n], s);
            dk[0] += g;
            v
        },
        |x, t| scaled_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

/// A pair potential of two points.
#[autodiff]
fn pair(a: &[f64], b: &[f64]) -> f64 {
    let mut r2 = 0.1;
    for k in 0..a.len() {
        let d = a[k] - b[k];
        r2 += d * d;
    }
    1.0 / r2 + a[0] * b[1]
}

/// Two arguments taken from one buffer in one call, for every pair
/// including a point with itself (the two ranges then coincide).
#[autodiff(reverse, d_pairs, Duplicated, Active)]
#[autodiff(forward, pairs_fwd, Dual, Dual)]
fn pairs(x: &[f64]) -> f64 {
    let n = x.len() / 3;
    let mut e = 0.0;
    for i in 0..n {
        for j in 0..n {
            e += pair(&x[3 * i..3 * i + 3], &x[3 * j..3 * j + 3]);
        }
    }
    e
}

/// Overlapping windows of one buffer in one call.
#[autodiff(reverse, d_windows2, Duplicated, Active)]
#[autodiff(forward, windows2_fwd, Dual, Dual)]
fn windows2(x: &[f64]) -> f64 {
    let mut e = 0.0;
    for i in 0..x.len() - 3 {
        e += pair(&x[i..i + 3], &x[i + 1..i + 4]);
    }
    e
}

#[autodiff]
fn cell(w: &[f64], b: &[f64], x: &[f64]) -> f64 {
    let mut s = b[0];
    for k in 0..x.len() {
        s += w[k] * x[k];
    }
    s.tanh()
}

/// Weights and biases carved from one parameter vector.
#[autodiff(reverse, d_layer, Duplicated, Const, Active)]
#[autodiff(forward, layer_fwd, Dual, Const, Dual)]
fn layer(p: &[f64], x: &[f64]) -> f64 {
    let k = x.len();
    cell(&p[..k], &p[k..k + 1], x) + cell(&p[k + 1..2 * k + 1], &p[..1], &p[..k])
}

/// The same in a rayon loop.
#[autodiff(reverse, d_par_pairs, Duplicated, Active)]
#[autodiff(forward, par_pairs_fwd, Dual, Dual)]
fn par_pairs(x: &[f64]) -> f64 {
    let n = x.len() / 3;
    (0..n)
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..n {
                e += pair(&x[3 * i..3 * i + 3], &x[3 * j..3 * j + 3]);
            }
            e
        })
        .sum()
}

#[test]
fn two_arguments_from_one_buffer() {
    let x = random_vec(12, -1.0, 1.0, 2807);
    support::slice_fn(&x, pairs, d_pairs, pairs_fwd);
    support::slice_fn(&x, windows2, d_windows2, windows2_fwd);
    support::slice_fn(&x, par_pairs, d_par_pairs, par_pairs_fwd);
    let inp = random_vec(4, -1.0, 1.0, 2808);
    let p = random_vec(9, -1.0, 1.0, 2809);
    support::scalar(&p, TOL, |p| layer(p, &inp), |p, dp, s| d_layer(p, dp, &inp, s), |p, t| layer_fwd(p, t, &inp));
}

#[autodiff]
fn mix(a: &mut [f64], b: &mut [f64]) {
    for i in 0..a.len() {
        let t = a[i];
        a[i] = t * b[i] + 0.5;
        b[i] = (t + b[i]).sin();
    }
}

/// The two halves of `split_at_mut` passed to one call.
#[autodiff(reverse, d_halves, Duplicated)]
#[autodiff(forward, halves_fwd, Dual)]
fn halves(data: &mut [f64]) {
    let m = data.len() / 2;
    let (l, r) = data.split_at_mut(m);
    mix(l, r);
    let (a, b) = data.split_at_mut(m);
    mix(b, a);
}

#[autodiff]
fn scale_front(d: &mut [f64], m: usize) {
    for i in 0..m {
        d[i] *= d[i] + 2.0;
    }
}

/// A buffer borrowed mutably and read for another argument (two-phase).
#[autodiff(reverse, d_front, Duplicated)]
#[autodiff(forward, front_fwd, Dual)]
fn front(data: &mut [f64]) {
    scale_front(data, data.len() / 2);
}

#[test]
fn mutable_pieces_of_one_buffer_in_one_call() {
    let x = random_vec(6, -1.0, 1.0, 2810);
    for (f, d_f, f_fwd) in [
        (halves as fn(&mut [f64]), d_halves as fn(&mut [f64], &mut [f64]), halves_fwd as fn(&mut [f64], &mut [f64])),
        (front, d_front, front_fwd),
    ] {
        support::map(
            &x,
            6,
            TOL,
            2811,
            |x| {
                let mut y = x.to_vec();
                f(&mut y);
                y
            },
            |x, dx, w| {
                let mut y = x.to_vec();
                let mut dy = w.to_vec();
                d_f(&mut y, &mut dy);
                for (d, g) in dx.iter_mut().zip(&dy) {
                    *d += g;
                }
                y
            },
            |x, v| {
                let mut y = x.to_vec();
                let mut ty = v.to_vec();
                f_fwd(&mut y, &mut ty);
                (y, ty)
            },
        );
    }
}

/// A loss behind a trait.
#[autodiff]
trait Loss {
    fn loss(&self, x: &[f64]) -> f64;
    fn scale(&self) -> f64;
}

struct Mse {
    k: f64,
    target: Vec<f64>,
}

/// `#[autodiff]` on the trait's impl: the companions are the trait's items,
/// `d_loss` lives in an inherent impl beside it.
#[autodiff]
impl Loss for Mse {
    #[autodiff(reverse, d_loss, Const, Duplicated, Active)]
    #[autodiff(forward, loss_fwd, Const, Dual, Dual)]
    fn loss(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            let r = x[i] - self.target[i];
            s += r * r * self.scale();
        }
        s
    }

    fn scale(&self) -> f64 {
        self.k * 0.5
    }
}

/// A free function calling the trait's method on a concrete type.
#[autodiff(reverse, d_fit_mse, Const, Duplicated, Active)]
#[autodiff(forward, fit_mse_fwd, Const, Dual, Dual)]
fn fit_mse(m: &Mse, x: &[f64]) -> f64 {
    m.loss(x).sqrt()
}

#[test]
fn methods_of_a_trait_impl() {
    let m = Mse { k: 1.5, target: random_vec(5, -1.0, 1.0, 2812) };
    let x = random_vec(5, -1.0, 1.0, 2813);
    support::scalar(&x, TOL, |x| m.loss(x), |x, dx, s| m.d_loss(x, dx, s), |x, t| m.loss_fwd(x, t));
    support::scalar(&x, TOL, |x| fit_mse(&m, x), |x, dx, s| d_fit_mse(&m, x, dx, s), |x, t| fit_mse_fwd(&m, x, t));
}

#[autodiff]
fn sum_sq(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

#[autodiff]
fn scale_by(x: &mut [f64], k: f64) {
    for v in x.iter_mut() {
        *v *= k;
    }
}

/// Reborrowed buffers as arguments and bindings: `&*x`, `&mut *buf`,
/// `let r = &*x;`, `x.as_ref()`, a `&mut` binding of a local passed on, and the rows of
/// `chunks_mut` of a local.
// The reborrows are what is tested: clippy would have them written plainly.
#[allow(clippy::borrow_deref_ref, clippy::useless_asref)]
#[autodiff(reverse, d_reborrows, Duplicated, Duplicated, Active, Active)]
#[autodiff(forward, reborrows_fwd, Dual, Dual, Dual, Dual)]
fn reborrows(x: &[f64], buf: &mut [f64], k: f64) -> f64 {
    scale_by(&mut *buf, k);
    scale_by(buf, 0.5);
    let r = &*x;
    let q: &[f64] = x.as_ref();
    let mut w = x.to_vec();
    let m: &mut Vec<f64> = &mut w;
    scale_by(m, k);
    for c in w.chunks_mut(2) {
        scale_by(c, 1.5);
    }
    sum_sq(r) + sum_sq(&*buf) + sum_sq(&x[1..]) * sum_sq(&buf[..2]) + sum_sq(&w) + sum_sq(q).sqrt()
}

#[test]
fn reborrowed_buffers() {
    let n = 5;
    let x = random_vec(2 * n + 1, -1.0, 1.0, 2814);
    support::scalar(
        &x,
        TOL,
        |x| reborrows(&x[..n], &mut x[n..2 * n].to_vec(), x[2 * n]),
        |x, dx, s| {
            let mut buf = x[n..2 * n].to_vec();
            let mut dbuf = vec![0.0; n];
            let (v, dk) = d_reborrows(&x[..n], &mut dx[..n], &mut buf, &mut dbuf, x[2 * n], s);
            for i in 0..n {
                dx[n + i] += dbuf[i];
            }
            dx[2 * n] += dk;
            v
        },
        |x, t| {
            let mut buf = x[n..2 * n].to_vec();
            let mut tbuf = t[n..2 * n].to_vec();
            reborrows_fwd(&x[..n], &t[..n], &mut buf, &mut tbuf, x[2 * n], t[2 * n])
        },
    );
}

/// `y = sin(x) x` through references to one number.
#[autodiff(reverse, d_sin_times, Duplicated, Duplicated)]
#[autodiff(forward, sin_times_fwd, Dual, Dual)]
fn sin_times(x: &f64, out: &mut f64) {
    *out = x.sin() * *x + *out * 0.5;
}

/// A parameter read once into a local of the same name (`let w = *w;`),
/// as ports of C code write it, then shadowed again in a block.
#[autodiff]
fn zach(w: &f64, err: &mut f64) {
    let s = *w * 0.5;
    let w = *w;
    *err = 1. - w * w + s;
    {
        let w = w * 2.0;
        *err += w;
    }
}

/// An accumulator helper writing through `&mut f64`.
#[autodiff]
fn acc(x: f64, s: &mut f64) {
    *s += x * x;
}

/// A counter, a local lent to a helper, and an element lent as one number.
#[autodiff(reverse, d_acc_all, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, acc_all_fwd, Dual, Dual, Const, Dual)]
fn acc_all(x: &[f64], y: &mut [f64], evals: &mut usize) -> f64 {
    *evals += 1;
    let mut s = 0.0;
    for v in x {
        acc(*v, &mut s);
    }
    acc(s, &mut y[0]);
    sin_times(&x[1], &mut y[1]);
    let mut z = 0.0;
    zach(&x[2], &mut z);
    s * y[0] + y[1] + z * z
}

#[test]
fn references_to_one_number() {
    let x = random_vec(2, -1.0, 1.0, 2815);
    support::map(
        &x,
        1,
        TOL,
        2816,
        |x| {
            let mut out = x[1];
            sin_times(&x[0], &mut out);
            vec![out]
        },
        |x, dx, w| {
            let mut out = x[1];
            let mut dout = w[0];
            d_sin_times(&x[0], &mut dx[0], &mut out, &mut dout);
            dx[1] += dout;
            vec![out]
        },
        |x, t| {
            let mut out = x[1];
            let mut tout = t[1];
            sin_times_fwd(&x[0], &t[0], &mut out, &mut tout);
            (vec![out], vec![tout])
        },
    );
    let n = 4;
    let xy = random_vec(n + 2, -1.0, 1.0, 2817);
    let mut evals = 0;
    support::scalar(
        &xy,
        TOL,
        |v| acc_all(&v[..n], &mut v[n..].to_vec(), &mut 0),
        |v, dv, s| {
            let mut y = v[n..].to_vec();
            let mut dy = vec![0.0; 2];
            let (dx, dyy) = dv.split_at_mut(n);
            let r = d_acc_all(&v[..n], dx, &mut y, &mut dy, &mut evals, s);
            dyy[0] += dy[0];
            dyy[1] += dy[1];
            r
        },
        |v, t| acc_all_fwd(&v[..n], &t[..n], &mut v[n..].to_vec(), &mut t[n..].to_vec(), &mut 0),
    );
    assert!(evals > 0, "the counter is incremented by the derivative too");
}

#[autodiff]
fn count(n: &mut usize) {
    *n += 1;
}

#[autodiff]
fn triple(v: &mut f64) {
    *v *= 3.0;
}

#[autodiff]
fn flip(b: &mut bool) {
    *b = !*b;
}

/// Numbers lent to calls that carry no derivative (a counter passed on, an
/// integer local, an element of an integer buffer, a constant float local,
/// a flag): those calls are made to the plain functions, which take the
/// numbers themselves.
#[autodiff(reverse, d_counted, Duplicated, Const, Active)]
#[autodiff(forward, counted_fwd, Dual, Const, Dual)]
fn counted(x: &[f64], evals: &mut usize) -> f64 {
    count(evals);
    let mut k = 0;
    let mut hits = [0usize; 3];
    let mut c = 2.0;
    triple(&mut c);
    let mut odd = false;
    let mut s = 0.0;
    for i in 0..x.len() {
        count(&mut k);
        count(&mut hits[i % 3]);
        flip(&mut odd);
        s += if odd { x[i] * c } else { x[i] * x[i] };
    }
    s + (k + hits[1]) as f64 * x[0]
}

#[test]
fn numbers_lent_to_calls_without_derivatives() {
    let x = random_vec(5, -1.0, 1.0, 2818);
    let mut evals = 0;
    support::scalar(
        &x,
        TOL,
        |x| counted(x, &mut 0),
        |x, dx, s| d_counted(x, dx, &mut evals, s),
        |x, t| counted_fwd(x, t, &mut 0),
    );
    assert!(evals > 1, "each derivative call counts once: {evals}");
    // k = 5 and hits[1] = 2: the first element's weight holds 7.
    let mut dx = vec![0.0; 5];
    d_counted(&x, &mut dx, &mut 0, 1.0);
    assert_close("d/dx0", dx[0], 6.0 + 7.0, 1e-12);
    assert_close("d/dx1", dx[1], 2.0 * x[1], 1e-12);
}

/// Integer compound assignments beside the float ones (`m >>= 1` of an
/// FFT's bit reversal).
#[autodiff(reverse, d_halving, Duplicated, Active)]
#[autodiff(forward, halving_fwd, Dual, Dual)]
fn halving(x: &[f64]) -> f64 {
    let mut m = x.len();
    let mut s = 0.0;
    let mut k = 0usize;
    while m > 0 {
        s += x[m - 1] * x[k % x.len()];
        m >>= 1;
        k ^= 3;
        k %= 7;
    }
    s
}

#[test]
fn integer_compound_assignments() {
    support::slice_fn(&random_vec(9, -1.0, 1.0, 2818), halving, d_halving, halving_fwd);
}

// Found by the random-program tester (difftest/found/BUGS.md), each
// reduced; the derivatives' primal values and outputs are checked too.

/// A tangent `if` of `min` under a product (it printed without parentheses).
#[autodiff(reverse, d_nested_minmax, Active, Active, Active)]
#[autodiff(forward, nested_minmax_fwd, Dual, Dual, Dual)]
fn nested_minmax(a: f64, b: f64) -> f64 {
    b.max(a.min(b) * 2.0) + b.min(a.max(b) / 2.0)
}

/// A copy of a constant buffer made active (its tangent had no type).
#[autodiff(reverse, d_copy_of_const, Duplicated, Active, Active)]
#[autodiff(forward, copy_of_const_fwd, Dual, Dual, Dual)]
fn copy_of_const(x: &[f64], a: f64) -> f64 {
    let v: Vec<f64> = vec![0.5; x.len()];
    let mut u: Vec<f64> = v.to_vec();
    u[0] = u[0] * a + x[1];
    u[0] * u[1]
}

/// A checkpointed loop writing a `&mut` parameter (its final value was
/// left as after the first step).
#[autodiff(reverse, d_steps_into, Active, Duplicated, Active)]
#[autodiff(forward, steps_into_fwd, Dual, Dual, Dual)]
fn steps_into(a: f64, y: &mut [f64]) -> f64 {
    let mut s: f64 = 0.5;
    #[checkpoint(periodic(every = 1))]
    for _ in 0..3 {
        y[0] = s * 2.0 + y[1];
        s = s * a;
    }
    s
}

/// `match` as a statement with block and assignment arms.
#[autodiff(reverse, d_match_stmt, Active, Active)]
#[autodiff(forward, match_stmt_fwd, Dual, Dual)]
fn match_stmt(a: f64) -> f64 {
    let mut r = a;
    for i in 0..5 {
        match i % 3 {
            0 => {
                r = r * a;
            }
            1 => r += a,
            _ => r = r.sin(),
        }
    }
    r
}

/// A loop over `u.len()` before `u` is swapped and overwritten by a fused
/// last loop (the returned value was read before the overwrite).
#[autodiff(reverse, d_swap_then_fill, Duplicated, Active)]
#[autodiff(forward, swap_then_fill_fwd, Dual, Dual)]
fn swap_then_fill(x: &[f64]) -> f64 {
    let mut u: Vec<f64> = x.to_vec();
    let mut w: Vec<f64> = vec![0.0; u.len()];
    for i in 0..u.len() {
        w[i] = u[(i + 1) % u.len()] * 0.5;
    }
    std::mem::swap(&mut u, &mut w);
    for i in 0..u.len() {
        u[i] = x[i] * w[i];
    }
    u[0] + u[1]
}

/// The same through a loop over `v.len()` in another loop.
#[autodiff(reverse, d_len_then_fill, Duplicated, Active)]
#[autodiff(forward, len_then_fill_fwd, Dual, Dual)]
fn len_then_fill(x: &[f64]) -> f64 {
    let mut v: Vec<f64> = x.to_vec();
    let mut c = 0.0;
    for _ in 1..x.len() {
        for j in 0..v.len() {
            c += v[j];
        }
    }
    for i in 0..v.len() {
        v[i] = x[i] * 2.0 + c;
    }
    v[1]
}

/// Windows and chunks of a window (a literal length without a type).
#[autodiff(reverse, d_windows_of_windows, Duplicated, Active)]
#[autodiff(forward, windows_of_windows_fwd, Dual, Dual)]
fn windows_of_windows(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for w in x.windows(3) {
        for v in w.windows(2) {
            s += v[1] * v[0];
        }
        for c in w.chunks(2) {
            s += c[0] * c[0];
        }
    }
    s
}

#[autodiff]
fn affine_first(a: f64, z: &[f64], b: f64) -> f64 {
    a * z[0] + b
}

/// A `&mut` parameter lent for reading while another argument reads it.
#[autodiff(reverse, d_lend_and_read, Duplicated, Active)]
#[autodiff(forward, lend_and_read_fwd, Dual, Dual)]
fn lend_and_read(y: &mut [f64]) -> f64 {
    affine_first(y[2], &y[..], y[1])
}

#[test]
fn random_tester_findings() {
    let ab = random_vec(2, -1.5, 1.5, 2819);
    support::scalar(
        &ab,
        TOL,
        |v| nested_minmax(v[0], v[1]),
        |v, dv, s| {
            let (r, da, db) = d_nested_minmax(v[0], v[1], s);
            dv[0] += da;
            dv[1] += db;
            r
        },
        |v, t| nested_minmax_fwd(v[0], t[0], v[1], t[1]),
    );
    let x = random_vec(4, -1.0, 1.0, 2820);
    let xa = [x.clone(), vec![0.7]].concat();
    support::scalar(
        &xa,
        TOL,
        |v| copy_of_const(&v[..4], v[4]),
        |v, dv, s| {
            let (r, da) = d_copy_of_const(&v[..4], &mut dv[..4], v[4], s);
            dv[4] += da;
            r
        },
        |v, t| copy_of_const_fwd(&v[..4], &t[..4], v[4], t[4]),
    );
    // steps_into as a map (a, y) -> (s, y[0], y[1]).
    let ay = random_vec(3, -0.9, 0.9, 2821);
    support::map(
        &ay,
        3,
        TOL,
        2822,
        |v| {
            let mut y = v[1..].to_vec();
            let s = steps_into(v[0], &mut y);
            vec![s, y[0], y[1]]
        },
        |v, dv, w| {
            let mut y = v[1..].to_vec();
            let mut dy = w[1..].to_vec();
            let (s, da) = d_steps_into(v[0], &mut y, &mut dy, w[0]);
            dv[0] += da;
            dv[1] += dy[0];
            dv[2] += dy[1];
            vec![s, y[0], y[1]]
        },
        |v, t| {
            let mut y = v[1..].to_vec();
            let mut ty = t[1..].to_vec();
            let (s, ts) = steps_into_fwd(v[0], t[0], &mut y, &mut ty);
            (vec![s, y[0], y[1]], vec![ts, ty[0], ty[1]])
        },
    );
    let a = random_vec(1, 0.3, 0.9, 2823);
    support::scalar(
        &a,
        TOL,
        |v| match_stmt(v[0]),
        |v, dv, s| {
            let (r, da) = d_match_stmt(v[0], s);
            dv[0] += da;
            r
        },
        |v, t| match_stmt_fwd(v[0], t[0]),
    );
    let x = random_vec(5, -1.0, 1.0, 2824);
    support::slice_fn(&x, swap_then_fill, d_swap_then_fill, swap_then_fill_fwd);
    support::slice_fn(&x, len_then_fill, d_len_then_fill, len_then_fill_fwd);
    support::slice_fn(&x, windows_of_windows, d_windows_of_windows, windows_of_windows_fwd);
    support::scalar(
        &x,
        TOL,
        |v| lend_and_read(&mut v.to_vec()),
        |v, dv, s| {
            let mut y = v.to_vec();
            let mut dy = vec![0.0; v.len()];
            let r = d_lend_and_read(&mut y, &mut dy, s);
            for (d, g) in dv.iter_mut().zip(&dy) {
                *d += g;
            }
            r
        },
        |v, t| lend_and_read_fwd(&mut v.to_vec(), &mut t.to_vec()),
    );
}

/// A cast before `<` (found by the no-panic sweep: `n as usize < 5` reads
/// as generic arguments of `usize`).
#[autodiff(reverse, d_cast_compare, Duplicated, Active)]
#[autodiff(forward, cast_compare_fwd, Dual, Dual)]
fn cast_compare(x: &[f64]) -> f64 {
    let mut v = 1.0;
    let mut n: i32 = 0;
    while (n as usize) < x.len() {
        v = v * x[n as usize] + ((n as usize) < 2) as i32 as f64;
        n += 1;
    }
    v
}

#[test]
fn cast_before_less_than() {
    support::slice_fn(&random_vec(4, -1.0, 1.0, 2825), cast_compare, d_cast_compare, cast_compare_fwd);
}

/// A copy made in a loop's body and not read again (the whole-vector save
/// named it outside the loop; bug 9).
#[autodiff(reverse, d_dead_copy, Duplicated, Active)]
#[autodiff(forward, dead_copy_fwd, Dual, Dual)]
fn dead_copy(x: &[f64]) -> f64 {
    for i in 0..x.len() {
        let mut v: Vec<f64> = x.to_vec();
        v[i] = 1.0;
    }
    x[0] * x[1]
}

/// A vector overwritten by a copy after a linear update, then an element
/// returned (bug 10).
#[autodiff(reverse, d_overwrite_then_read, Duplicated, Duplicated, Active)]
#[autodiff(forward, overwrite_then_read_fwd, Dual, Dual, Dual)]
fn overwrite_then_read(z: &[f64], x: &[f64]) -> f64 {
    let mut u: Vec<f64> = z.to_vec();
    u[0] = u[0] * x[0];
    u.copy_from_slice(z);
    u[0] + x[1]
}

#[test]
fn copies_in_loops_and_overwrites() {
    let x = random_vec(4, -1.0, 1.0, 2826);
    support::slice_fn(&x, dead_copy, d_dead_copy, dead_copy_fwd);
    let zx = random_vec(8, -1.0, 1.0, 2827);
    support::scalar(
        &zx,
        TOL,
        |v| overwrite_then_read(&v[..4], &v[4..]),
        |v, dv, s| {
            let (dz, dx) = dv.split_at_mut(4);
            d_overwrite_then_read(&v[..4], dz, &v[4..], dx, s)
        },
        |v, t| overwrite_then_read_fwd(&v[..4], &t[..4], &v[4..], &t[4..]),
    );
}

/// A helper whose name is a keyword, written raw.
#[autodiff]
fn r#match(r#in: f64) -> f64 {
    r#in * r#in.sin()
}

/// Raw identifiers as the function's, the derivative's, parameters' and
/// locals' names (the names built from them had kept the `r#`).
#[autodiff(reverse, r#type, Duplicated, Active, Active)]
#[autodiff(forward, r#in_fwd, Dual, Dual, Dual)]
fn r#in(r#fn: &[f64], r#x: f64) -> f64 {
    let mut r#let = 0.0;
    for i in 0..r#fn.len() {
        r#let += r#fn[i] * r#x;
    }
    let r#loop = r#match(r#let);
    r#loop.cos() + r#x
}

#[test]
fn raw_identifiers() {
    let v = random_vec(5, -1.0, 1.0, 2828);
    support::scalar(
        &v,
        TOL,
        |v| r#in(&v[..4], v[4]),
        |v, dv, s| {
            let (dx, dk) = dv.split_at_mut(4);
            let (y, g) = r#type(&v[..4], dx, v[4], s);
            dk[0] += g;
            y
        },
        |v, t| r#in_fwd(&v[..4], &t[..4], v[4], t[4]),
    );
}

/// `x.powi(n)` with `n` zero at run time, at `x = 0`: its derivative is 0
/// (the random-program tester found NaN from `0 * x^-1`).
#[autodiff(reverse, d_power_zero, Duplicated, Const, Active)]
#[autodiff(forward, power_zero_fwd, Dual, Const, Dual)]
fn power_zero(x: &[f64], n: usize) -> f64 {
    // Exactly 0, and still a function of x: (a - b) + (b - a).
    let flat = (x[0] - x[1] + (x[1] - x[0])).powi(n as i32);
    flat * x[1] + x[0].powi(n as i32 + 2)
}

#[test]
fn integer_power_zero_at_zero() {
    let x = random_vec(2, -1.0, 1.0, 2829);
    for n in [0, 1, 3] {
        support::scalar(
            &x,
            TOL,
            |x| power_zero(x, n),
            |x, dx, s| d_power_zero(x, dx, n, s),
            |x, t| power_zero_fwd(x, t, n),
        );
    }
    let mut dx = [0.0; 2];
    d_power_zero(&x, &mut dx, 0, 1.0);
    assert!(dx.iter().all(|d| d.is_finite()), "{dx:?}");
}

/// A vector made after an early return, read again at the end: its save is
/// a vector, which a derivative of the derivative moved out of its tape by
/// index (the random-program tester found the rustc error).
#[autodiff(reverse, d_branch_vector, Duplicated, Active)]
#[autodiff(forward, branch_vector_fwd, Dual, Dual)]
fn branch_vector(x: &[f64]) -> f64 {
    if x[3] < -0.5 {
        return x[0].exp_m1().min(x[2] * 1.3);
    }
    #[allow(unused_mut)]
    let mut v: Vec<f64> = vec![0.5; x.len()];
    let s = v.iter().zip(v.iter()).map(|(&a, &_b)| (-a * -1.045).tanh()).sum::<f64>();
    let mut t = ((s + s) * 0.06).sinh().abs();
    t += t;
    t * 0.4 + s * 0.7 + t.cos() * (v[3] - x[2]) + x[2]
}

#[test]
fn vector_saved_in_a_branch() {
    for (seed, x3) in [(2830, -0.8), (2831, 0.9)] {
        let mut x = random_vec(4, -1.0, 1.0, seed);
        x[3] = x3;
        support::scalar(&x, TOL, branch_vector, d_branch_vector, branch_vector_fwd);
    }
}

/// Overwrites its buffer, reading it: `y = y / 2 + 1`.
#[autodiff]
fn bump(y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] = y[i] * 0.5 + 1.0;
    }
}

/// A constant buffer that calls without an active argument overwrite after
/// code whose adjoint reads it (the random-program tester found the wrong
/// gradient): it is copied before each call and put back at its adjoint.
#[autodiff(reverse, d_bumped, Duplicated, Active)]
#[autodiff(forward, bumped_fwd, Dual, Dual)]
fn bumped(x: &[f64]) -> f64 {
    let mut v: Vec<f64> = vec![0.0; 3];
    let mut s = 0.5;
    for _k in 0..3 {
        s = s * x[0] + v[1] * s + x[1];
        bump(&mut v);
    }
    bump(&mut v);
    s * v[1]
}

/// The same through a `Const` `&mut` parameter, which must end as the
/// function leaves it.
#[autodiff(reverse, d_bumped_param, Duplicated, Const, Active)]
fn bumped_param(x: &[f64], w: &mut [f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..w.len() {
        s += w[i] * x[i] * x[i];
    }
    bump(w);
    s + w[0] * x[1]
}

#[test]
fn inactive_calls_overwriting_a_read_buffer() {
    let x = random_vec(2, -1.0, 1.0, 2832);
    support::scalar(&x, TOL, bumped, d_bumped, bumped_fwd);
    let w0 = random_vec(2, -1.0, 1.0, 2833);
    let (mut w, mut w_primal) = (w0.clone(), w0.clone());
    let mut dx = vec![0.0; 2];
    let y = d_bumped_param(&x, &mut dx, &mut w, 1.0);
    assert_close("value", y, bumped_param(&x, &mut w_primal), 1e-12);
    assert_eq!(w, w_primal, "the buffer as the function leaves it");
    parad::check::gradient(
        |x, dx| {
            let mut w = w0.clone();
            d_bumped_param(x, dx, &mut w, 1.0)
        },
        &x,
        TOL,
    );
}

#[autodiff]
fn add_scaled(acc: &mut f64, k: &f64, v: f64) {
    *acc += *k * v;
}

/// A number taken by value and lent by reference to a helper (`&k`): a
/// generated-code error before (the call was given the number where the
/// companion takes a slice of one).
#[autodiff(reverse, d_lent_param, Duplicated, Active, Active)]
#[autodiff(forward, lent_param_fwd, Dual, Dual, Dual)]
fn lent_param(x: &[f64], k: f64) -> f64 {
    let mut s = 0.0;
    for v in x {
        add_scaled(&mut s, &k, v.sin());
    }
    s * k
}

#[test]
fn a_parameter_taken_by_value_lent_by_reference() {
    let xk = random_vec(5, -1.0, 1.0, 5201);
    support::slice_and_scalar(&xk, lent_param, d_lent_param, lent_param_fwd);
}
