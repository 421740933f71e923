//! The checking harness of a generated batch (copied verbatim into every
//! batch file by `parad-fuzz-gen`, so that a batch is one self-contained
//! file that needs only `parad` and `rayon`).
//!
//! Every generated function `f` is seen as a map `F: R^n -> R^m` of its
//! packed float inputs (scalars, then each buffer's elements, in parameter
//! order; `&mut` buffers contribute their initial values) to its packed
//! outputs (the returned float, then the final values of the `&mut`
//! buffers). The batch supplies three plain functions per `f` in an
//! [`Entry`]: the primal, the reverse derivative seeded with `w` (returning
//! `J^T w` on the active coordinates) and the forward derivative with
//! tangent `v` (returning `J v`). [`check`] then compares
//!
//! 1. the primal outputs with those both derivatives compute;
//! 2. forward against reverse: `<J v, w> = <v, J^T w>` (exact up to
//!    rounding, kinks included, since both modes take the same branches);
//! 3. reverse against central differences of `L(x) = <w, F(x)>`, per active
//!    coordinate, with steps `h` and `h/4`. A coordinate passes if either
//!    estimate agrees with the derivative; it fails only if the two
//!    estimates agree with each other but not with the derivative;
//!    otherwise the function is not smooth enough there to judge
//!    ([`Outcome::NonSmooth`]: a branch, `while` exit, `min`/`max` or `abs`
//!    switched within the step).
//!
//! The checker draws no random numbers: the inputs come from the caller
//! ([`check_entry`] derives them from a seed with its own SplitMix64).

use std::panic::{catch_unwind, AssertUnwindSafe};

/// A derivative's driver: `(x, seed or tangent, result) -> F(x)`.
pub type Sweep = fn(&[f64], &[f64], &mut [f64]) -> Vec<f64>;

/// One generated function and its three drivers.
pub struct Entry {
    /// The function's name.
    pub name: &'static str,
    /// Its source, with the functions it calls (printed on failure).
    pub source: &'static str,
    /// Packed float inputs.
    pub n_in: usize,
    /// Per input coordinate: whether it is differentiated (not `Const`).
    pub active: &'static [bool],
    /// Packed outputs.
    pub n_out: usize,
    /// `x -> F(x)`.
    pub primal: fn(&[f64]) -> Vec<f64>,
    /// `(x, w, grad) -> F(x)`, writing `J^T w` into `grad` (active coordinates).
    pub rev: Sweep,
    /// `(x, v, tan) -> F(x)`, writing `J v` into `tan`.
    pub fwd: Sweep,
}

/// What checking one function at one input found.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Every check passed.
    Pass,
    /// Values and the dot-product test passed, but finite differences could
    /// not judge some coordinate: skipped.
    NonSmooth,
    /// The primal is not finite at the input: skipped (a generator problem).
    NonFinite,
    /// A derivative is wrong, panicked or is not finite: a bug in parad.
    Fail(String),
    /// The primal itself panicked: a bug in the generator.
    BadProgram(String),
}

/// First central-difference step (a power of two, so `x ± h` is exact).
const H: f64 = 1.0 / 8192.0;
/// Agreement of a derivative with a difference estimate, relative to the
/// larger of them with a floor (an absolute test for tiny derivatives).
const FD_TOL: f64 = 1e-5;
const FD_FLOOR: f64 = 0.1;
/// Agreement of primal values computed by different code paths (the
/// derivatives sum rayon loops in fixed chunks, rayon adaptively).
const VALUE_TOL: f64 = 1e-9;
/// Relative tolerance of the dot-product test, against the sum of the
/// magnitudes of its terms.
const DOT_TOL: f64 = 1e-8;

fn close(a: f64, b: f64, rel: f64, floor: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(floor)
}

fn inner(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(p, q)| p * q).sum()
}

fn panic_message(p: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic payload)".to_string()
    }
}

/// Runs `f`, turning a panic into its message.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(panic_message)
}

fn same_values(what: &str, got: &[f64], want: &[f64]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!("{what}: {} outputs, the primal has {}", got.len(), want.len()));
    }
    for (k, (&g, &p)) in got.iter().zip(want).enumerate() {
        if !close(g, p, VALUE_TOL, 1.0) {
            return Err(format!("{what}: output {k} is {g:e}, the primal's is {p:e}"));
        }
    }
    Ok(())
}

/// Checks `e` at input `x` with tangent `v` (zero on `Const` coordinates)
/// and output weights `w`. See the module docs for what is compared.
pub fn check(e: &Entry, x: &[f64], v: &[f64], w: &[f64]) -> Outcome {
    let y = match guarded(|| (e.primal)(x)) {
        Ok(y) => y,
        Err(m) => return Outcome::BadProgram(format!("the primal panicked: {m}")),
    };
    if y.iter().any(|t| !t.is_finite()) {
        return Outcome::NonFinite;
    }
    let mut grad = vec![0.0; e.n_in];
    let yr = match guarded(|| (e.rev)(x, w, &mut grad)) {
        Ok(yr) => yr,
        Err(m) => return Outcome::Fail(format!("the reverse derivative panicked: {m}")),
    };
    let mut tan = vec![0.0; e.n_out];
    let yf = match guarded(|| (e.fwd)(x, v, &mut tan)) {
        Ok(yf) => yf,
        Err(m) => return Outcome::Fail(format!("the forward derivative panicked: {m}")),
    };
    if let Err(m) = same_values("reverse derivative's primal", &yr, &y) {
        return Outcome::Fail(m);
    }
    if let Err(m) = same_values("forward derivative's primal", &yf, &y) {
        return Outcome::Fail(m);
    }
    if let Some(k) = grad.iter().position(|g| !g.is_finite()) {
        return Outcome::Fail(format!("reverse: d/dx[{k}] = {:e}", grad[k]));
    }
    if let Some(k) = tan.iter().position(|t| !t.is_finite()) {
        return Outcome::Fail(format!("forward: tangent of output {k} = {:e}", tan[k]));
    }
    // Forward against reverse.
    let jv_w = inner(&tan, w);
    let v_jtw = inner(v, &grad);
    let mag: f64 = tan.iter().zip(w).map(|(a, b)| (a * b).abs()).sum::<f64>()
        + v.iter().zip(&grad).map(|(a, b)| (a * b).abs()).sum::<f64>();
    if (jv_w - v_jtw).abs() > DOT_TOL * mag + 1e-14 {
        return Outcome::Fail(format!(
            "dot-product test: <J v, w> = {jv_w:e} (forward) but <v, J^T w> = {v_jtw:e} (reverse)\n  \
             J v = {tan:?}\n  J^T w = {grad:?}"
        ));
    }
    // Reverse against finite differences.
    let loss = |x: &[f64]| -> f64 { inner(&(e.primal)(x), w) };
    let mut smooth = true;
    let mut xp = x.to_vec();
    for k in (0..e.n_in).filter(|&k| e.active[k]) {
        let mut diff = |h: f64| {
            xp[k] = x[k] + h;
            let up = loss(&xp);
            xp[k] = x[k] - h;
            let down = loss(&xp);
            xp[k] = x[k];
            (up - down) / (2.0 * h)
        };
        let fd1 = match guarded(|| diff(H)) {
            Ok(d) => d,
            Err(m) => return Outcome::BadProgram(format!("the primal panicked near the input: {m}")),
        };
        let fd2 = match guarded(|| diff(H / 4.0)) {
            Ok(d) => d,
            Err(m) => return Outcome::BadProgram(format!("the primal panicked near the input: {m}")),
        };
        let g = grad[k];
        if close(g, fd1, FD_TOL, FD_FLOOR) || close(g, fd2, FD_TOL, FD_FLOOR) {
            continue;
        }
        if fd1.is_finite() && fd2.is_finite() && close(fd1, fd2, FD_TOL, FD_FLOOR) {
            return Outcome::Fail(format!(
                "reverse derivative d/dx[{k}] = {g:e}, but central differences give {fd1:e} (h) and {fd2:e} (h/4)\n  \
                 J^T w = {grad:?}"
            ));
        }
        smooth = false;
    }
    if smooth {
        Outcome::Pass
    } else {
        Outcome::NonSmooth
    }
}

/// SplitMix64, for the inputs only (the generator has its own copy).
struct Inputs(u64);

impl Inputs {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        2.0 * ((z >> 11) as f64 / (1u64 << 53) as f64) - 1.0
    }

    fn vec(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.next()).collect()
    }
}

/// How many input points [`check_entry`] tries before it accepts a
/// non-smooth or non-finite verdict.
pub const ATTEMPTS: u64 = 3;

/// Checks `e` at up to [`ATTEMPTS`] input points drawn from `seed` (inputs
/// and weights uniform in [-1, 1]), stopping at the first conclusive one.
/// Returns the outcome and the input it was reached at.
pub fn check_entry(e: &Entry, seed: u64) -> (Outcome, Vec<f64>) {
    let mut last = (Outcome::NonFinite, Vec::new());
    for attempt in 0..ATTEMPTS {
        let mut r = Inputs(seed ^ attempt.wrapping_mul(0xA076_1D64_78BD_642F));
        let x = r.vec(e.n_in);
        let mut v = r.vec(e.n_in);
        for (vk, &on) in v.iter_mut().zip(e.active) {
            if !on {
                *vk = 0.0;
            }
        }
        let w = r.vec(e.n_out);
        let outcome = check(e, &x, &v, &w);
        match outcome {
            Outcome::NonSmooth | Outcome::NonFinite => last = (outcome, x),
            _ => return (outcome, x),
        }
    }
    last
}

/// Totals of a run over a batch.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub checked: usize,
    pub passed: usize,
    pub non_smooth: usize,
    pub non_finite: usize,
    pub failed: usize,
    pub bad_program: usize,
}

/// The input seed of entry `i` of a batch checked with `seed`.
fn entry_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(i as u64)
}

impl Totals {
    fn add(&mut self, outcome: &Outcome) {
        self.checked += 1;
        match outcome {
            Outcome::Pass => self.passed += 1,
            Outcome::NonSmooth => self.non_smooth += 1,
            Outcome::NonFinite => self.non_finite += 1,
            Outcome::Fail(_) => self.failed += 1,
            Outcome::BadProgram(_) => self.bad_program += 1,
        }
    }
}

/// Checks every entry, calling `report` with each outcome that is neither a
/// pass nor a skip (and the input it was found at); returns the totals.
pub fn run(entries: &[Entry], seed: u64, mut report: impl FnMut(&Entry, &Outcome, &[f64])) -> Totals {
    let mut t = Totals::default();
    for (i, e) in entries.iter().enumerate() {
        let (outcome, x) = check_entry(e, entry_seed(seed, i));
        t.add(&outcome);
        if matches!(outcome, Outcome::Fail(_) | Outcome::BadProgram(_)) {
            report(e, &outcome, &x);
        }
    }
    t
}

/// The line protocol that `hunt` reads from a batch program's stdout:
/// `@@CHECK name` before each function (so a crash names its culprit),
/// `@@FAIL name` or `@@BAD name` followed by the details, the input and
/// `@@END`, and one `@@TOTALS` line at the end. Panic messages are
/// silenced: the outcomes carry them. The functions named in `skip` are
/// not checked (they crashed an earlier run).
pub fn run_and_print(entries: &[Entry], seed: u64, skip: &[String]) {
    std::panic::set_hook(Box::new(|_| {}));
    let mut t = Totals::default();
    for (i, e) in entries.iter().enumerate() {
        if skip.iter().any(|s| s == e.name) {
            continue;
        }
        println!("@@CHECK {}", e.name);
        let (outcome, x) = check_entry(e, entry_seed(seed, i));
        t.add(&outcome);
        let (tag, what) = match &outcome {
            Outcome::Fail(m) => ("FAIL", m),
            Outcome::BadProgram(m) => ("BAD", m),
            _ => continue,
        };
        println!("@@{tag} {}\n{what}\ninput = {x:?}\n@@END", e.name);
    }
    println!(
        "@@TOTALS checked={} passed={} non_smooth={} non_finite={} failed={} bad_program={}",
        t.checked, t.passed, t.non_smooth, t.non_finite, t.failed, t.bad_program
    );
}
