//! Slices walked as arrays through `as_chunks_mut` and `as_chunks`: a
//! radix-2 FFT (bit reversal, recursion on `split_at_mut` halves, the
//! butterflies over pairs zipped from both halves, as the ADBench port
//! writes it), arrays taken apart by value (`&[x, y, z]`), and an explicit
//! length (`as_chunks::<3>()`); and the first elements as an array
//! (`first_chunk::<3>().unwrap()`, ADBench's bundle adjustment). Checked
//! against central differences and the other mode on random inputs.

use crate::support;
use parad::autodiff;
use parad::check::random_vec;
use std::f64::consts::PI;

#[autodiff]
fn bit_reverse(data: &mut [f64]) {
    let half = data.len() / 2;
    let mut j = 1;
    for i in (1..data.len()).step_by(2) {
        if j > i {
            data.swap(j - 1, i - 1);
            data.swap(j, i);
        }
        let mut m = half;
        while m >= 2 && j > m {
            j -= m;
            m >>= 1;
        }
        j += m;
    }
}

#[autodiff]
fn butterflies(data: &mut [f64], sign: f64) {
    let n = data.len() / 2;
    if n == 1 {
        return;
    }
    let (a, b) = data.split_at_mut(n);
    butterflies(a, sign);
    butterflies(b, sign);
    let wtemp = sign * (PI / n as f64).sin();
    let wpi = -sign * (2.0 * PI / n as f64).sin();
    let wpr = -2.0 * wtemp * wtemp;
    let (mut wr, mut wi) = (1.0, 0.0);
    let (achunks, _) = a.as_chunks_mut();
    let (bchunks, _) = b.as_chunks_mut();
    for ([ax, ay], [bx, by]) in achunks.iter_mut().zip(bchunks.iter_mut()) {
        let re = *bx * wr - *by * wi;
        let im = *bx * wi + *by * wr;
        *bx = *ax - re;
        *by = *ay - im;
        *ax += re;
        *ay += im;
        let w = wr;
        wr = wr * (wpr + 1.0) - wi * wpi;
        wi = wi * (wpr + 1.0) + w * wpi;
    }
}

/// The power spectrum of complex data (pairs re, im), weighted.
#[autodiff(reverse, d_spectrum, Duplicated, Active)]
#[autodiff(forward, spectrum_fwd, Dual, Dual)]
pub fn spectrum(x: &[f64]) -> f64 {
    let mut data = x.to_vec();
    bit_reverse(&mut data);
    butterflies(&mut data, 1.0);
    let mut s = 0.0;
    let (bins, _) = data.as_chunks::<2>();
    let mut k = 1.0;
    for &[re, im] in bins.iter() {
        s += k * (re * re + im * im).sqrt();
        k += 0.5;
    }
    s
}

/// Triangles of a flat buffer of coordinates: their squared lengths, each
/// corner scaled in place first.
#[autodiff(reverse, d_triangles, Duplicated, Active)]
#[autodiff(forward, triangles_fwd, Dual, Dual)]
pub fn triangles(x: &[f64]) -> f64 {
    let mut p = x.to_vec();
    let (corners, _) = p.as_chunks_mut::<3>();
    for c in corners.iter_mut() {
        c[0] *= 1.5;
    }
    let (tri, _) = p.as_chunks::<3>();
    let mut s = 0.0;
    for [a, b, c] in tri {
        s += a * a + b * c.sin();
    }
    s
}

#[autodiff]
fn rotate(rot: &[f64; 3], p: &[f64; 3], out: &mut [f64; 3]) {
    let c = (rot[0] * rot[0] + rot[1] * rot[1] + rot[2] * rot[2] + 1.0).sqrt().recip();
    out[0] = p[0] + c * (rot[1] * p[2] - rot[2] * p[1]);
    out[1] = p[1] + c * (rot[2] * p[0] - rot[0] * p[2]);
    out[2] = p[2] + c * (rot[0] * p[1] - rot[1] * p[0]);
}

/// A camera as the first three numbers of `x`, passed on as an array, and
/// its first two taken apart; the point is the next three.
#[autodiff(reverse, d_camera, Duplicated, Active)]
#[autodiff(forward, camera_fwd, Dual, Dual)]
pub fn camera(x: &[f64]) -> f64 {
    let p = [x[3], x[4], x[5]];
    let mut q = [0.0; 3];
    rotate(x.first_chunk::<3>().unwrap(), &p, &mut q);
    let [a, b] = *x.first_chunk::<2>().expect("two numbers");
    let r: &[f64; 3] = x.first_chunk::<3>().unwrap();
    q[0] / (q[2] + 4.0) + a * b.sin() + r[2] * q[1]
}

#[test]
fn an_fft_over_chunks() {
    for (seed, n) in [(0, 2), (1, 8), (2, 32)] {
        let x = random_vec(n, -1.0, 1.0, 1500 + seed);
        support::slice_fn(&x, spectrum, d_spectrum, spectrum_fwd);
    }
    // Parseval: the spectrum of one impulse is flat.
    let mut x = vec![0.0; 16];
    x[0] = 1.0;
    let weights: f64 = (0..8).map(|k| 1.0 + 0.5 * k as f64).sum();
    support::assert_close("flat spectrum", spectrum(&x), weights, 1e-12);
}

#[test]
fn arrays_of_a_slice_by_value_and_by_length() {
    for (seed, n) in [(0, 3), (1, 10), (2, 30)] {
        let x = random_vec(n, -1.0, 1.0, 1510 + seed);
        support::slice_fn(&x, triangles, d_triangles, triangles_fwd);
    }
}

#[test]
fn the_first_elements_as_an_array() {
    for seed in 0..3 {
        let x = random_vec(6, -1.0, 1.0, 1520 + seed);
        support::slice_fn(&x, camera, d_camera, camera_fwd);
    }
}
