//! A small deterministic random number generator (splitmix64): the sweep
//! draws every mutation from it, so a seed, a function (its file, name and
//! rank among the functions of that name there) and a mutant's number name
//! one mutant for good, whatever else the sweep holds.

pub struct Rng(u64);

/// One step of splitmix64's output function: a well mixed `u64` of `z`.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator of mutant `mutant` of the function `key` names (see
    /// `key`) under `seed`.
    pub fn for_mutant(seed: u64, key: u64, mutant: usize) -> Rng {
        Rng(mix(seed ^ mix(key ^ 0xF00D) ^ mix((mutant as u64) << 20 ^ 0xBEEF)))
    }

    /// A generator of its own, seeded from this one.
    pub fn fork(&mut self) -> Rng {
        Rng(self.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with `percent` percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }

    pub fn word(&mut self, xs: &[&'static str]) -> &'static str {
        xs[self.below(xs.len())]
    }

    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            xs.swap(i, self.below(i + 1));
        }
    }
}

/// A function's key: FNV-1a of its file, its name and its rank among the
/// functions of that name in the file.
pub fn key(file: &str, name: &str, rank: usize) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for b in format!("{file}::{name}#{rank}").bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}
