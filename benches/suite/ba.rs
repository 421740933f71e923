//! ADBench's bundle adjustment: `p` observations of `m` points by `n`
//! cameras, each with a weighted reprojection error (two residuals) and a
//! weight error. The suite takes the **gradient of the sum of squared
//! residuals** with respect to every camera, point and weight: one reverse
//! sweep, where GradBench's `ba` eval asks for the sparse Jacobian (two
//! reverse sweeps per observation). The residuals are the GradBench tool's
//! functions (`gradbench/src/evals/ba.rs`), called per observation.

use super::problem::{Problem, Spec};
use parad::autodiff;
use parad::check::random_vec;
use parad_gradbench::evals::ba::{self, NCAM};

/// The sum over observations of `|reproj_error|^2 + weight_error^2`.
/// Observation `i` sees camera `obs[2i]` and point `obs[2i + 1]`.
#[autodiff(reverse, d_ba_objective, Duplicated, Duplicated, Duplicated, Const, Const, Active)]
pub fn ba_objective(cams: &[f64], pts: &[f64], w: &[f64], obs: &[usize], feats: &[f64]) -> f64 {
    let mut err = [0.0; 2];
    let mut s = 0.0;
    for i in 0..w.len() {
        let c = obs[2 * i];
        let k = obs[2 * i + 1];
        ba::reproj_error(
            &cams[NCAM * c..NCAM * c + NCAM],
            &pts[3 * k..3 * k + 3],
            w[i],
            &feats[2 * i..2 * i + 2],
            &mut err[..],
        );
        let we = ba::weight_error(w[i]);
        s += err[0] * err[0] + err[1] * err[1] + we * we;
    }
    s
}

/// One generated problem: `x = [cameras (11 n), points (3 m), weights (p)]`;
/// observation `i` sees camera `i % n` and point `i % m`.
pub struct Ba {
    n: usize,
    m: usize,
    x: Vec<f64>,
    obs: Vec<usize>,
    feats: Vec<f64>,
}

impl Ba {
    /// Cameras about ten units behind the points (in `[-1, 1)^3`), looking
    /// at them with small rotations, focal lengths near one, small
    /// distortions; weights in `[0.5, 1.5)`, features in `[-0.2, 0.2)`.
    pub fn new(n: usize, m: usize, p: usize) -> Ba {
        let mut cams = Vec::with_capacity(NCAM * n);
        let u = random_vec(NCAM * n, -1.0, 1.0, 81);
        for c in u.chunks_exact(NCAM) {
            let cam = [
                0.3 * c[0],
                0.3 * c[1],
                0.3 * c[2],
                c[3],
                c[4],
                c[5] - 10.0,
                1.0 + 0.2 * c[6],
                0.1 * c[7],
                0.1 * c[8],
                0.1 * c[9],
                0.1 * c[10],
            ];
            cams.extend(cam);
        }
        let mut x = cams;
        x.extend(random_vec(3 * m, -1.0, 1.0, 82));
        x.extend(random_vec(p, 0.5, 1.5, 83));
        let obs = (0..p).flat_map(|i| [i % n, i % m]).collect();
        Ba { n, m, x, obs, feats: random_vec(2 * p, -0.2, 0.2, 84) }
    }

    fn p(&self) -> usize {
        self.feats.len() / 2
    }

    fn split<'a>(&self, x: &'a [f64]) -> (&'a [f64], &'a [f64], &'a [f64]) {
        let (cams, rest) = x.split_at(NCAM * self.n);
        let (pts, w) = rest.split_at(3 * self.m);
        (cams, pts, w)
    }
}

impl Problem for Ba {
    fn name(&self) -> String {
        format!("ba_n{}_m{}_p{}", self.n, self.m, self.p())
    }
    fn label(&self) -> &'static str {
        "bundle adjustment"
    }
    fn size(&self) -> String {
        format!("{} cameras, {} points, {} observations", self.n, self.m, self.p())
    }
    fn wrt(&self) -> &'static str {
        "cameras, points, weights (gradient of the sum of squared residuals)"
    }
    fn parallel(&self) -> bool {
        false
    }
    fn x(&self) -> &[f64] {
        &self.x
    }
    fn primal(&self, x: &[f64]) -> f64 {
        let (cams, pts, w) = self.split(x);
        ba_objective(cams, pts, w, &self.obs, &self.feats)
    }
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let (cams, pts, w) = self.split(x);
        let (dcams, rest) = dx.split_at_mut(NCAM * self.n);
        let (dpts, dw) = rest.split_at_mut(3 * self.m);
        d_ba_objective(cams, dcams, pts, dpts, w, dw, &self.obs, &self.feats, 1.0)
    }
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let (cams, pts, w) = self.split(x);
        let (dcams, rest) = dx.split_at_mut(NCAM * self.n);
        let (dpts, dw) = rest.split_at_mut(3 * self.m);
        let mut s = 0.0;
        for i in 0..w.len() {
            let (c, k) = (self.obs[2 * i], self.obs[2 * i + 1]);
            let cam = &cams[NCAM * c..NCAM * (c + 1)];
            let dcam = &mut dcams[NCAM * c..NCAM * (c + 1)];
            let (pt, dpt) = (&pts[3 * k..3 * k + 3], &mut dpts[3 * k..3 * k + 3]);
            let (value, dwi) = observation_adjoint(cam, dcam, pt, dpt, w[i], &self.feats[2 * i..2 * i + 2], 1.0);
            s += value;
            dw[i] += dwi;
        }
        s
    }
    fn spec(&self) -> Spec {
        Spec {
            function: "ba",
            params: vec![("n", self.n as f64), ("m", self.m as f64), ("p", self.p() as f64)],
            parts: vec![("cams", NCAM * self.n), ("pts", 3 * self.m), ("w", self.p())],
            data: vec![("obs", self.obs.iter().map(|&i| i as f64).collect()), ("feats", self.feats.clone())],
        }
    }
}

/// `a x b`.
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// Hand-written adjoint of one observation's term: returns
/// `(err0^2 + err1^2 + we^2, d/dw)` and adds `seed` times the gradient into
/// the camera's and the point's shadows. The forward part is
/// [`ba::reproj_error`]'s arithmetic in its order (so the sum is bitwise the
/// primal's); the reverse part walks the same intermediates back, scalar by
/// scalar, with the cross products of Rodrigues' formula transposed
/// (`(a x b) . g = a . (b x g) = b . (g x a)`).
fn observation_adjoint(
    cam: &[f64],
    dcam: &mut [f64],
    x: &[f64],
    dx: &mut [f64],
    w: f64,
    feat: &[f64],
    seed: f64,
) -> (f64, f64) {
    let p = [x[0] - cam[3], x[1] - cam[4], x[2] - cam[5]];
    let r = [cam[0], cam[1], cam[2]];
    let sqtheta = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    let rotated = sqtheta != 0.0;
    let theta = if rotated { sqtheta.sqrt() } else { 0.0 };
    let theta_inverse = if rotated { 1.0 / theta } else { 0.0 };
    let (costheta, sintheta) = (theta.cos(), theta.sin());
    let wv = [r[0] * theta_inverse, r[1] * theta_inverse, r[2] * theta_inverse];
    let wp = wv[0] * p[0] + wv[1] * p[1] + wv[2] * p[2];
    let tmp = wp * (1.0 - costheta);
    let wxp = cross(wv, p);
    let rxp = cross(r, p);
    let xr: [f64; 3] =
        std::array::from_fn(
            |j| {
                if rotated {
                    p[j] * costheta + wxp[j] * sintheta + wv[j] * tmp
                } else {
                    p[j] + rxp[j]
                }
            },
        );
    let q = [xr[0] / xr[2], xr[1] / xr[2]];
    let rsq = q[0] * q[0] + q[1] * q[1];
    let l = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq;
    let e = [w * (q[0] * l * cam[6] + cam[7] - feat[0]), w * (q[1] * l * cam[6] + cam[8] - feat[1])];
    let we = 1.0 - w * w;
    let value = e[0] * e[0] + e[1] * e[1] + we * we;

    // Reverse.
    let mut dw = seed * 2.0 * we * (-2.0 * w);
    let (mut dq, mut dl, mut drsq) = ([0.0; 2], 0.0, 0.0);
    for j in 0..2 {
        let de = seed * 2.0 * e[j];
        dw += de * (q[j] * l * cam[6] + cam[7 + j] - feat[j]);
        let a = de * w;
        dcam[7 + j] += a;
        dcam[6] += a * q[j] * l;
        dq[j] += a * l * cam[6];
        dl += a * q[j] * cam[6];
    }
    dcam[9] += dl * rsq;
    dcam[10] += dl * rsq * rsq;
    drsq += dl * (cam[9] + 2.0 * cam[10] * rsq);
    dq[0] += 2.0 * q[0] * drsq;
    dq[1] += 2.0 * q[1] * drsq;
    let dxr = [dq[0] / xr[2], dq[1] / xr[2], -(dq[0] * q[0] + dq[1] * q[1]) / xr[2]];
    let mut dp = [0.0; 3];
    let mut dr = [0.0; 3];
    if rotated {
        // xr = p cos + (w x p) sin + w tmp, tmp = (w . p)(1 - cos), w = r / theta.
        let dcross = dxr.map(|g| g * sintheta);
        let (p_x_g, g_x_w) = (cross(p, dcross), cross(dcross, wv));
        let dtmp = dxr[0] * wv[0] + dxr[1] * wv[1] + dxr[2] * wv[2];
        let dwp = dtmp * (1.0 - costheta);
        let dcos = dxr[0] * p[0] + dxr[1] * p[1] + dxr[2] * p[2] - dtmp * wp;
        let dsin = dxr[0] * wxp[0] + dxr[1] * wxp[1] + dxr[2] * wxp[2];
        let mut dti = 0.0;
        for j in 0..3 {
            dp[j] = dxr[j] * costheta + g_x_w[j] + dwp * wv[j];
            let dwj = p_x_g[j] + dxr[j] * tmp + dwp * p[j];
            dr[j] = dwj * theta_inverse;
            dti += dwj * r[j];
        }
        let dtheta = -dcos * sintheta + dsin * costheta - dti * theta_inverse * theta_inverse;
        let dsq = dtheta * 0.5 / theta;
        for j in 0..3 {
            dr[j] += 2.0 * r[j] * dsq;
        }
    } else {
        // xr = p + r x p.
        let (p_x_g, g_x_r) = (cross(p, dxr), cross(dxr, r));
        for j in 0..3 {
            dp[j] = dxr[j] + g_x_r[j];
            dr[j] = p_x_g[j];
        }
    }
    for j in 0..3 {
        dcam[j] += dr[j];
        dcam[3 + j] -= dp[j];
        dx[j] += dp[j];
    }
    (value, dw)
}
