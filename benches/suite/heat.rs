//! The 2D heat stencil (`heat2d` with rayon, `heat2d_serial` in plain
//! loops, both in `benches/problems/parallel.rs`): `steps` explicit steps
//! on an `n x n` grid with fixed edges, the mean square of the final state,
//! differentiated with respect to the initial state and the diffusion
//! number. The hand-written adjoint, in a serial and a rayon version, is
//! here.

use super::problem::{for_rows, Problem, Spec};
use super::programs::{d_heat2d, d_heat2d_serial, heat2d, heat2d_serial};
use parad::check::random_vec;

/// One instance: `x = [u0 (n * n), alpha]`.
pub struct Heat {
    n: usize,
    steps: usize,
    parallel: bool,
    x: Vec<f64>,
}

impl Heat {
    /// A random initial state in `[0, 1)`, `alpha = 0.2`.
    pub fn new(n: usize, steps: usize, parallel: bool) -> Heat {
        let mut x = random_vec(n * n + 1, 0.0, 1.0, 41);
        x[n * n] = 0.2;
        Heat { n, steps, parallel, x }
    }
}

/// The signature of [`d_heat2d`] and [`d_heat2d_serial`], which the
/// hand-written adjoints share.
type Gradient = fn(&[f64], &mut [f64], f64, usize, usize, f64) -> (f64, f64);

impl Heat {
    /// Runs `grad` (parad's or the hand-written one) at `x`, into `dx`.
    fn gradient(&self, grad: Gradient, x: &[f64], dx: &mut [f64]) -> f64 {
        let m = self.n * self.n;
        let (du0, dalpha) = dx.split_at_mut(m);
        let (v, g) = grad(&x[..m], du0, x[m], self.n, self.steps, 1.0);
        dalpha[0] += g;
        v
    }
}

impl Problem for Heat {
    fn name(&self) -> String {
        let kind = if self.parallel { "rayon" } else { "serial" };
        format!("heat2d_{kind}_{}_{}", self.n, self.steps)
    }
    fn label(&self) -> &'static str {
        if self.parallel {
            "2D heat, rayon"
        } else {
            "2D heat, serial"
        }
    }
    fn size(&self) -> String {
        format!("{} x {} grid, {} steps", self.n, self.n, self.steps)
    }
    fn wrt(&self) -> &'static str {
        "initial state and diffusion number"
    }
    fn parallel(&self) -> bool {
        self.parallel
    }
    fn x(&self) -> &[f64] {
        &self.x
    }
    fn primal(&self, x: &[f64]) -> f64 {
        let m = self.n * self.n;
        let f = if self.parallel { heat2d } else { heat2d_serial };
        f(&x[..m], x[m], self.n, self.steps)
    }
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let grad: Gradient = if self.parallel { d_heat2d } else { d_heat2d_serial };
        self.gradient(grad, x, dx)
    }
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let grad: Gradient = if self.parallel { heat2d_adjoint::<true> } else { heat2d_adjoint::<false> };
        self.gradient(grad, x, dx)
    }
    fn spec(&self) -> Spec {
        Spec {
            function: "heat2d",
            params: vec![("n", self.n as f64), ("steps", self.steps as f64)],
            parts: vec![("u0", self.n * self.n), ("alpha", 1)],
            data: vec![],
        }
    }
}

/// The stencil applied to row `r` of `v` (an `n x n` grid), into `out`:
/// fixed edges, `v_k + alpha (up + down + left + right - 4 v_k)` inside,
/// the primal's expression in its order (so the states are bitwise the
/// primal's). Returns 0, for [`for_rows`].
fn stencil_row(v: &[f64], out: &mut [f64], r: usize, n: usize, alpha: f64) -> f64 {
    let mid = &v[r * n..(r + 1) * n];
    if r == 0 || r == n - 1 {
        out.copy_from_slice(mid);
        return 0.0;
    }
    out[0] = mid[0];
    out[n - 1] = mid[n - 1];
    let (up, down) = (&v[(r - 1) * n + 1..r * n - 1], &v[(r + 1) * n + 1..(r + 2) * n - 1]);
    for (((o, &a), &b), w) in out[1..n - 1].iter_mut().zip(up).zip(down).zip(mid.windows(3)) {
        *o = w[1] + alpha * (a + b + w[0] + w[2] - 4.0 * w[1]);
    }
    0.0
}

/// Hand-written adjoint of [`heat2d_serial`] (`PARALLEL = false`) or of
/// [`heat2d`] (`true`: rows in parallel), with the signature of parad's
/// [`d_heat2d_serial`] and [`d_heat2d`]: returns `(value, seed d/dalpha)`
/// and adds `seed d/du0` into `du0`.
///
/// `alpha` is active, so the reverse sweep needs every state: the forward
/// sweep writes them one after the other into one buffer (no swap), the
/// reverse sweep applies the transposed step to the adjoint `lam` of the
/// state after it. The transposed step is the stencil itself applied to
/// `mu`, `lam` with its edge entries zeroed (the edge rows of the step are
/// the identity), plus, on the edges, the saved entries and `alpha` times
/// the neighbouring inner entry of `mu`. `dalpha` gathers `mu . lap(u_t)`.
/// Rows run through [`for_rows`]: in parallel or in order.
pub fn heat2d_adjoint<const PARALLEL: bool>(
    u0: &[f64],
    du0: &mut [f64],
    alpha: f64,
    n: usize,
    steps: usize,
    seed: f64,
) -> (f64, f64) {
    let m = n * n;
    let mut states = vec![0.0; (steps + 1) * m];
    states[..m].copy_from_slice(u0);
    for t in 0..steps {
        let (done, rest) = states.split_at_mut((t + 1) * m);
        let u = &done[t * m..];
        for_rows(&mut rest[..m], n, PARALLEL, |r, row| stencil_row(u, row, r, n, alpha));
    }
    let last = &states[steps * m..];
    let mut s = 0.0;
    for v in last {
        s += v * v;
    }
    let value = s / m as f64;

    let scale = 2.0 * seed / m as f64;
    let mut lam: Vec<f64> = last.iter().map(|v| scale * v).collect();
    let mut prev = vec![0.0; m];
    let mut dalpha = 0.0;
    for t in (0..steps).rev() {
        // Save the edges of lam (per c: top, bottom, left, right), then
        // zero them: lam becomes mu.
        let edge: Vec<f64> =
            (0..n).flat_map(|c| [lam[c], lam[(n - 1) * n + c], lam[c * n], lam[c * n + n - 1]]).collect();
        for c in 0..n {
            lam[c] = 0.0;
            lam[(n - 1) * n + c] = 0.0;
            lam[c * n] = 0.0;
            lam[c * n + n - 1] = 0.0;
        }
        let (mu, u) = (&lam, &states[t * m..(t + 1) * m]);
        dalpha += for_rows(&mut prev, n, PARALLEL, |r, row| {
            if r == 0 || r == n - 1 {
                // The top (bottom) row: its saved entries and the inner row below (above).
                let (which, inner) = if r == 0 { (0, n) } else { (1, (n - 2) * n) };
                for c in 0..n {
                    row[c] = edge[4 * c + which] + alpha * mu[inner + c];
                }
                return 0.0;
            }
            let k = r * n;
            let mut da = 0.0;
            for c in 1..n - 1 {
                let j = k + c;
                row[c] = mu[j] + alpha * (mu[j - n] + mu[j + n] + mu[j - 1] + mu[j + 1] - 4.0 * mu[j]);
                da += mu[j] * (u[j - n] + u[j + n] + u[j - 1] + u[j + 1] - 4.0 * u[j]);
            }
            row[0] = edge[4 * r + 2] + alpha * mu[k + 1];
            row[n - 1] = edge[4 * r + 3] + alpha * mu[k + n - 2];
            da
        });
        std::mem::swap(&mut lam, &mut prev);
    }
    for (d, g) in du0.iter_mut().zip(&lam) {
        *d += g;
    }
    (value, dalpha)
}
