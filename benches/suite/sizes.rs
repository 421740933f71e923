//! The instances of each mode: `full` (the report's figures), `quick`
//! (checks that the suite works, a few minutes in all) and `smoke` (what
//! `cargo test` runs once, in the unoptimised test profile).

use super::ba::Ba;
use super::burgers::Burgers;
use super::docking::Docking;
use super::gmm::Gmm;
use super::heat::Heat;
use super::lstm::Lstm;
use super::particles::Particles;
use super::problem::Problem;

/// How large the instances are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Smoke,
    Quick,
    Full,
}

impl Mode {
    /// `PARAD_BENCH_MODE` (`smoke`, `quick`, `full`), else `full` when
    /// criterion measures and `smoke` when it only tests.
    pub fn from_env(measuring: bool) -> Mode {
        match std::env::var("PARAD_BENCH_MODE").as_deref() {
            Ok("smoke") => Mode::Smoke,
            Ok("quick") => Mode::Quick,
            Ok("full") => Mode::Full,
            Ok(other) => panic!("PARAD_BENCH_MODE: `{other}` is not smoke, quick or full"),
            Err(_) if measuring => Mode::Full,
            Err(_) => Mode::Smoke,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mode::Smoke => "smoke",
            Mode::Quick => "quick",
            Mode::Full => "full",
        }
    }
}

/// ADBench's LSTM character width.
const LSTM_BITS: usize = 14;

/// The problems timed at full size, in the report's order.
pub fn problems(mode: Mode) -> Vec<Box<dyn Problem>> {
    let mut out: Vec<Box<dyn Problem>> = Vec::new();
    let gmm: &[(usize, usize, usize)] = match mode {
        Mode::Smoke => &[(3, 4, 20)],
        Mode::Quick => &[(10, 25, 1000), (64, 25, 1000)],
        Mode::Full => &[
            (10, 25, 1000),
            (10, 25, 10000),
            (10, 100, 1000),
            (10, 100, 10000),
            (64, 25, 1000),
            (64, 25, 10000),
            (64, 100, 1000),
            (64, 100, 10000),
        ],
    };
    for &(d, k, n) in gmm {
        out.push(Box::new(Gmm::new(d, k, n)));
    }
    let (c, ba, grid, steps, burgers, bsteps, particles, docking) = match mode {
        Mode::Smoke => (8, (3, 5, 20), 12, 3, 8, 2, 20, (4, 5, 6)),
        Mode::Quick => (1024, (16, 2500, 10000), 128, 20, 128, 10, 600, (32, 50, 100)),
        Mode::Full => (1024, (16, 2500, 10000), 256, 50, 256, 20, 1500, (64, 100, 200)),
    };
    out.push(Box::new(Lstm::new(2, if mode == Mode::Smoke { 4 } else { LSTM_BITS }, c)));
    out.push(Box::new(Ba::new(ba.0, ba.1, ba.2)));
    for parallel in [false, true] {
        out.push(Box::new(Heat::new(grid, steps, parallel)));
    }
    for parallel in [false, true] {
        out.push(Box::new(Burgers::new(burgers, bsteps, parallel)));
    }
    out.push(Box::new(Burgers::checkpointed(burgers, 4 * bsteps)));
    out.push(Box::new(Particles::new(particles)));
    out.push(Box::new(Docking::new(docking.0, docking.1, docking.2)));
    out
}

/// One small instance per kind of problem, where finite differences (two
/// primal calls per input) are timed next to the primal and parad.
pub fn small_problems(mode: Mode) -> Vec<Box<dyn Problem>> {
    let tiny = mode == Mode::Smoke;
    let s = |small: usize, smoke: usize| if tiny { smoke } else { small };
    vec![
        Box::new(Gmm::new(s(5, 2), s(5, 2), s(100, 5))),
        Box::new(Lstm::new(2, s(LSTM_BITS, 3), s(64, 4))),
        Box::new(Ba::new(s(4, 2), s(50, 3), s(200, 6))),
        Box::new(Heat::new(s(32, 6), s(10, 2), false)),
        Box::new(Burgers::new(s(32, 6), s(10, 2), false)),
        Box::new(Particles::new(s(100, 8))),
        Box::new(Docking::new(s(8, 2), s(10, 3), s(20, 4))),
    ]
}
