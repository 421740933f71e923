//! Slices walked as arrays through `as_chunks_mut` and `as_chunks`: a
//! radix-2 FFT (bit reversal, recursion on `split_at_mut` halves, the
//! butterflies over pairs zipped from both halves, as the ADBench port
//! writes it), arrays taken apart by value (`&[x, y, z]`), and an explicit
//! length (`as_chunks::<3>()`). Checked against central differences and
//! the other mode on random inputs.

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
