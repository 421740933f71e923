//! `gmm`: the log posterior of a Gaussian mixture model with a Wishart prior
//! on the precision matrices (`objective`), and its gradient with respect to
//! `alpha`, `mu`, `q` and `l` (`jacobian`).
//!
//! Component `c` has the lower-triangular factor `Q_c` of its precision
//! matrix: `exp(q_c)` on the diagonal, `l_c` below it, filled column by
//! column.

use super::{job, unknown_function, Job};
use crate::json::{f64_of, field, matrix_of, numbers, rows_json, usize_of, vec_of};
use parad::autodiff;
use serde_json::{json, Value};

pub const READY: bool = true;

/// `ln Gamma(a)` for `a > 0`: the recurrence `Gamma(a) = Gamma(a + 1) / a`
/// up to `a >= 10`, then Stirling's series (error below 1e-15 there).
pub fn ln_gamma(a: f64) -> f64 {
    let mut a = a;
    let mut shift = 0.0;
    while a < 10.0 {
        shift -= a.ln();
        a += 1.0;
    }
    let z = 1.0 / (a * a);
    let series = (1.0 / 12.0 - z * (1.0 / 360.0 - z * (1.0 / 1260.0 - z * (1.0 / 1680.0 - z / 1188.0)))) / a;
    shift + (a - 0.5) * a.ln() - a + 0.5 * (2.0 * std::f64::consts::PI).ln() + series
}

/// The logarithm of the multivariate gamma function `Gamma_p(a)`.
fn ln_multigamma(a: f64, p: usize) -> f64 {
    let mut out = 0.25 * (p * p.saturating_sub(1)) as f64 * std::f64::consts::PI.ln();
    for j in 1..=p {
        out += ln_gamma(a + 0.5 * (1.0 - j as f64));
    }
    out
}

/// The terms of the log posterior that depend on no parameter: the Gaussian
/// normalisation of the `n` points and the Wishart normalisation of the `k`
/// components.
pub fn constant_terms(n: usize, k: usize, d: usize, gamma: f64, m: usize) -> f64 {
    let dof = (d + m + 1) as f64;
    let wishart = dof * d as f64 * (gamma.ln() - 0.5 * 2f64.ln()) - ln_multigamma(0.5 * dof, d);
    -(n as f64) * d as f64 * 0.5 * (2.0 * std::f64::consts::PI).ln() + k as f64 * wishart
}

/// The log posterior. `alpha` has `k` entries; `mu` and `q` are `k x d`,
/// `l` is `k x d(d-1)/2` and `x` is `n x d`, all row-major.
#[autodiff(
    reverse,
    d_gmm_objective,
    Duplicated,
    Duplicated,
    Duplicated,
    Duplicated,
    Const,
    Const,
    Const,
    Const,
    Active
)]
#[allow(clippy::too_many_arguments, clippy::needless_range_loop)]
pub fn gmm_objective(
    alpha: &[f64],
    mu: &[f64],
    q: &[f64],
    l: &[f64],
    x: &[f64],
    d: usize,
    gamma: f64,
    m: usize,
) -> f64 {
    let k = alpha.len();
    let n = x.len() / d;
    let lsz = d * (d - 1) / 2;

    // The diagonals of the Q_c and their log-determinants.
    let mut qdiag = vec![0.0; k * d];
    let mut sum_q = vec![0.0; k];
    for c in 0..k {
        for j in 0..d {
            qdiag[c * d + j] = q[c * d + j].exp();
            sum_q[c] += q[c * d + j];
        }
    }

    // The strictly lower parts of the Q_c row by row (l holds them column by
    // column), so that each row of Q_c (x - mu_c) is a contiguous dot product
    // into a scalar. (The reference's column-by-column `qx[r] += l * xc[s]`
    // would vectorise better, but parad currently saves qx[r] before every
    // `+=`, a tape of n k d^2 / 2 values.)
    let mut lrow = vec![0.0; k * lsz];
    for c in 0..k {
        for r in 1..d {
            for s in 0..r {
                lrow[c * lsz + (r * r - r) / 2 + s] = l[c * lsz + (s * (2 * d - s - 1)) / 2 + r - s - 1];
            }
        }
    }

    // sum_i logsumexp_c (alpha_c + sum_j q_cj - |Q_c (x_i - mu_c)|^2 / 2)
    let mut xc = vec![0.0; d];
    let mut qx = vec![0.0; d];
    let mut beta = vec![0.0; k];
    let mut slse = 0.0;
    for i in 0..n {
        for c in 0..k {
            for j in 0..d {
                xc[j] = x[i * d + j] - mu[c * d + j];
            }
            // Q_c (x_i - mu_c), row by row.
            for r in 0..d {
                let row = c * lsz + (r * r - r) / 2;
                let mut v = qdiag[c * d + r] * xc[r];
                for s in 0..r {
                    v += lrow[row + s] * xc[s];
                }
                qx[r] = v;
            }
            let mut sq = 0.0;
            for r in 0..d {
                sq += qx[r] * qx[r];
            }
            beta[c] = alpha[c] + sum_q[c] - 0.5 * sq;
        }
        // The shift only guards against overflow: it has no derivative.
        let mut mx = f64::NEG_INFINITY;
        for c in 0..k {
            mx = mx.max(parad::no_grad(beta[c]));
        }
        let mut se = 0.0;
        for c in 0..k {
            se += (beta[c] - mx).exp();
        }
        slse += mx + se.ln();
    }

    // logsumexp(alpha)
    let mut amx = f64::NEG_INFINITY;
    for c in 0..k {
        amx = amx.max(parad::no_grad(alpha[c]));
    }
    let mut ase = 0.0;
    for c in 0..k {
        ase += (alpha[c] - amx).exp();
    }
    let lse_alpha = amx + ase.ln();

    // The Wishart prior: -gamma^2/2 |Q_c|_F^2 + m sum_j q_cj for each c.
    let mut prior = 0.0;
    for c in 0..k {
        let mut frob = 0.0;
        for j in 0..d {
            frob += qdiag[c * d + j] * qdiag[c * d + j];
        }
        for j in 0..lsz {
            frob += l[c * lsz + j] * l[c * lsz + j];
        }
        prior += m as f64 * sum_q[c] - 0.5 * gamma * gamma * frob;
    }

    constant_terms(n, k, d, parad::no_grad(gamma), m) + slse - n as f64 * lse_alpha + prior
}

/// The input, flattened row-major.
struct Data {
    alpha: Vec<f64>,
    mu: Vec<f64>,
    q: Vec<f64>,
    l: Vec<f64>,
    x: Vec<f64>,
    d: usize,
    k: usize,
    gamma: f64,
    m: usize,
}

/// A `k x cols` matrix whose rows may be empty (`l` when `d = 1`).
fn rows_of(input: &Value, name: &str, k: usize, cols: usize) -> Result<Vec<f64>, String> {
    let rows = field(input, name)?.as_array().ok_or_else(|| format!("`{name}` is not an array of rows"))?;
    if rows.len() != k {
        return Err(format!("`{name}` has {} rows, expected {k}", rows.len()));
    }
    let mut data = Vec::with_capacity(k * cols);
    for (i, r) in rows.iter().enumerate() {
        let r = numbers(r).ok_or_else(|| format!("row {i} of `{name}` is not an array of numbers"))?;
        if r.len() != cols {
            return Err(format!("row {i} of `{name}` has {} entries, expected {cols}", r.len()));
        }
        data.extend(r);
    }
    Ok(data)
}

fn parse(input: &Value) -> Result<Data, String> {
    let d = usize_of(input, "d")?;
    let k = usize_of(input, "k")?;
    let n = usize_of(input, "n")?;
    if d == 0 || k == 0 {
        return Err("`d` and `k` must be positive".into());
    }
    let alpha = vec_of(input, "alpha")?;
    if alpha.len() != k {
        return Err(format!("`alpha` has {} entries, expected {k}", alpha.len()));
    }
    let mu = rows_of(input, "mu", k, d)?;
    let q = rows_of(input, "q", k, d)?;
    let l = rows_of(input, "l", k, d * (d - 1) / 2)?;
    let (x, rows, cols) = matrix_of(input, "x")?;
    if rows != n || (n > 0 && cols != d) {
        return Err(format!("`x` is {rows} x {cols}, expected {n} x {d}"));
    }
    Ok(Data { alpha, mu, q, l, x, d, k, gamma: f64_of(input, "gamma")?, m: usize_of(input, "m")? })
}

/// Rows of a `k x cols` row-major matrix, empty rows included.
fn k_rows_json(data: &[f64], k: usize, cols: usize) -> Value {
    if cols == 0 {
        Value::Array(vec![json!([]); k])
    } else {
        rows_json(data, cols)
    }
}

/// The gradient, in the shape of the independent variables.
struct Gradient {
    alpha: Vec<f64>,
    mu: Vec<f64>,
    q: Vec<f64>,
    l: Vec<f64>,
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let data = parse(input)?;
    match function {
        "objective" => Ok(job(
            (data, 0.0),
            |s| {
                let g = &s.0;
                s.1 = gmm_objective(&g.alpha, &g.mu, &g.q, &g.l, &g.x, g.d, g.gamma, g.m);
            },
            |s| Value::from(s.1),
        )),
        "jacobian" => {
            let grad = Gradient {
                alpha: vec![0.0; data.alpha.len()],
                mu: vec![0.0; data.mu.len()],
                q: vec![0.0; data.q.len()],
                l: vec![0.0; data.l.len()],
            };
            Ok(job(
                (data, grad),
                |s| {
                    let (g, dg) = (&s.0, &mut s.1);
                    dg.alpha.fill(0.0);
                    dg.mu.fill(0.0);
                    dg.q.fill(0.0);
                    dg.l.fill(0.0);
                    d_gmm_objective(
                        &g.alpha,
                        &mut dg.alpha,
                        &g.mu,
                        &mut dg.mu,
                        &g.q,
                        &mut dg.q,
                        &g.l,
                        &mut dg.l,
                        &g.x,
                        g.d,
                        g.gamma,
                        g.m,
                        1.0,
                    );
                },
                |s| {
                    let (g, dg) = (&s.0, &s.1);
                    json!({
                        "alpha": dg.alpha,
                        "mu": k_rows_json(&dg.mu, g.k, g.d),
                        "q": k_rows_json(&dg.q, g.k, g.d),
                        "l": k_rows_json(&dg.l, g.k, g.d * (g.d - 1) / 2),
                    })
                },
            ))
        }
        _ => Err(unknown_function("gmm", function)),
    }
}
