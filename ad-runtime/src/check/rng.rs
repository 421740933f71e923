//! Deterministic pseudo-random inputs for tests.

/// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit add and a mixing
/// function per number. Good enough statistics for test inputs, no
/// dependencies, and every seed (zero included) gives a full-period stream.
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)` with 53 random bits.
    pub(crate) fn next_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// Deterministic pseudo-random inputs for tests: `n` values uniform in
/// `[lo, hi)`, from a SplitMix64 generator seeded by `seed`.
///
/// The same `seed` gives the same values on every platform, and a longer
/// vector extends a shorter one with the same seed (`random_vec(3, ..)` is a
/// prefix of `random_vec(5, ..)`). Different seeds give unrelated streams.
///
/// # Panics
///
/// If `lo` or `hi` is not finite, or `lo >= hi`.
///
/// ```
/// # use parad_runtime as parad;
/// let x = parad::check::random_vec(4, -1.0, 1.0, 42);
/// assert_eq!(x.len(), 4);
/// assert!(x.iter().all(|v| (-1.0..1.0).contains(v)));
/// assert_eq!(x, parad::check::random_vec(4, -1.0, 1.0, 42));
/// ```
pub fn random_vec(n: usize, lo: f64, hi: f64, seed: u64) -> Vec<f64> {
    assert!(lo.is_finite() && hi.is_finite() && lo < hi, "random_vec: need finite lo < hi, got lo = {lo}, hi = {hi}");
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let u = rng.next_unit();
            // `lo * (1 - u) + hi * u` rather than `lo + (hi - lo) * u`: the
            // difference `hi - lo` overflows for ranges wider than f64::MAX.
            let v = lo * (1.0 - u) + hi * u;
            // Rounding can land on `hi` (or just below `lo`) when u is close to
            // 1 (or 0); such a draw is folded back to `lo`, which keeps the
            // promised half-open range at a bias of about 2^-53.
            if v < hi && v >= lo {
                v
            } else {
                lo
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_in_range_and_prefix_stable() {
        let a = random_vec(1000, -3.0, 5.0, 1);
        assert_eq!(a, random_vec(1000, -3.0, 5.0, 1));
        assert_eq!(&a[..10], &random_vec(10, -3.0, 5.0, 1)[..]);
        assert!(a.iter().all(|&v| (-3.0..5.0).contains(&v)));
        assert_ne!(a, random_vec(1000, -3.0, 5.0, 2));
        // Roughly uniform: the mean of 1000 draws from U(-3, 5) is 1 with a
        // standard deviation of 8 / sqrt(12 * 1000) ~ 0.073.
        let mean = a.iter().sum::<f64>() / a.len() as f64;
        assert!((mean - 1.0).abs() < 0.3, "mean {mean}");
        // Every tenth of the range is hit.
        let mut bins = [0usize; 10];
        for &v in &a {
            bins[((v + 3.0) / 0.8) as usize] += 1;
        }
        assert!(bins.iter().all(|&c| c > 50), "{bins:?}");
    }

    #[test]
    fn seed_zero_and_extreme_ranges_work() {
        let z = random_vec(8, 0.0, 1.0, 0);
        assert!(z.iter().any(|&v| v != z[0]));
        let wide = random_vec(100, -f64::MAX, f64::MAX, 3);
        assert!(wide.iter().all(|v| v.is_finite() && *v < f64::MAX));
        let narrow = random_vec(100, 1.0, 1.0 + 4.0 * f64::EPSILON, 3);
        assert!(narrow.iter().all(|&v| (1.0..1.0 + 4.0 * f64::EPSILON).contains(&v)));
    }

    #[test]
    #[should_panic(expected = "need finite lo < hi")]
    fn empty_range_panics() {
        random_vec(1, 2.0, 2.0, 0);
    }
}
