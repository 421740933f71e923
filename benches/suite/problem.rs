//! What every problem of the suite provides: the function of its packed
//! active inputs, parad's gradient, a hand-written adjoint, and a
//! description the Python peers use to compute the same function.

/// One benchmark problem: a scalar function of its active inputs, packed in
/// one vector `x` (the problem's own inputs in order, Active scalars last).
/// The unpacking is slicing only, so it costs nothing next to a gradient.
pub trait Problem: Sync {
    /// Unique per problem and size, used as the criterion group and in file
    /// names (`gmm_d10_k25_n1000`).
    fn name(&self) -> String;

    /// The row label of the report (`GMM`, `2D heat, rayon`).
    fn label(&self) -> &'static str;

    /// The size, in words.
    fn size(&self) -> String;

    /// What the gradient is taken with respect to, in words.
    fn wrt(&self) -> &'static str;

    /// Whether the functions use rayon (then they are timed in pools of
    /// several sizes, and the gradients must not depend on the pool).
    fn parallel(&self) -> bool;

    /// The point everything is evaluated at.
    fn x(&self) -> &[f64];

    /// The plain function at `x`, as the user wrote it.
    fn primal(&self, x: &[f64]) -> f64;

    /// parad's gradient (seed 1): adds `df/dx` into `dx`, returns `f(x)`.
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64;

    /// The hand-written adjoint, with the same contract as [`Problem::parad`].
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64;

    /// The function and its constants, for the peers.
    fn spec(&self) -> Spec;
}

/// A problem as the peers (`bench-report/peers/problems.py`) see it: the
/// name of the Python function that computes the same objective from the
/// packed `x`, and everything else it needs.
pub struct Spec {
    /// The Python function's name.
    pub function: &'static str,
    /// Integer and real parameters (integers are exact in an `f64`).
    pub params: Vec<(&'static str, f64)>,
    /// The parts of `x`, in order, with their lengths.
    pub parts: Vec<(&'static str, usize)>,
    /// Constant arrays (integer indices stored as `f64`).
    pub data: Vec<(&'static str, Vec<f64>)>,
}

/// Central finite differences of `p.primal` at `x`, added into `dx`: two
/// primal calls per entry, with steps that are powers of two scaled by
/// `max(1, |x_i|)` (about `eps^(1/3)`). Returns `f(x)`, one call more, so
/// that its contract is the gradients'.
pub fn central_differences(p: &dyn Problem, x: &[f64], dx: &mut [f64]) -> f64 {
    const STEP: f64 = 7.62939453125e-6; // 2^-17
    let mut xs = x.to_vec();
    for i in 0..x.len() {
        let h = STEP * x[i].abs().max(1.0);
        xs[i] = x[i] + h;
        let up = p.primal(&xs);
        xs[i] = x[i] - h;
        let down = p.primal(&xs);
        xs[i] = x[i];
        dx[i] += (up - down) / (2.0 * h);
    }
    p.primal(x)
}

/// Runs `f(r, row)` on every `width`-long row of `out` and returns the sum
/// of what it returns: in parallel (rayon's `par_chunks_mut`, its adaptive
/// split and sum) or in order. The hand-written adjoints of the stencils
/// use it for both of their versions, which differ in nothing else.
pub fn for_rows<F>(out: &mut [f64], width: usize, parallel: bool, f: F) -> f64
where
    F: Fn(usize, &mut [f64]) -> f64 + Sync,
{
    use rayon::prelude::*;
    if parallel {
        out.par_chunks_mut(width).enumerate().map(|(r, row)| f(r, row)).sum()
    } else {
        out.chunks_mut(width).enumerate().map(|(r, row)| f(r, row)).sum()
    }
}
