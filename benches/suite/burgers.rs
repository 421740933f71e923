//! The 2D viscous Burgers' equation (`benches/problems/burgers.rs`:
//! `burgers_serial`, also the MPI tests' reference, and `burgers_par` with
//! rayon): the kinetic energy after `steps` steps, differentiated with
//! respect to the initial velocities. The hand-written adjoint, in a serial
//! and a rayon version, is here.
//!
//! The third kind, `checkpointed`, is the serial problem with its time loop
//! under `#[checkpoint(binomial(snapshots = 8))]`: the same gradient in
//! `S + 2.5` states of memory instead of one tape per step (the suite
//! measures time and peak heap of every routine); its hand-written adjoint
//! is the serial one, which keeps every state.

use super::burgers_programs::{
    burgers_par, burgers_serial, d_burgers_checkpointed, d_burgers_par, d_burgers_serial, initial,
};
use super::problem::{for_rows, Problem, Spec};

/// One instance on an `nx x nx` grid: `x = w0` (u rows, then v rows), the
/// smooth initial state of the MPI example; `dt = 0.2 h^2`, `nu = 0.05`.
pub struct Burgers {
    nx: usize,
    steps: usize,
    parallel: bool,
    checkpointed: bool,
    x: Vec<f64>,
}

impl Burgers {
    pub fn new(nx: usize, steps: usize, parallel: bool) -> Burgers {
        Burgers { nx, steps, parallel, checkpointed: false, x: initial(nx, nx) }
    }

    /// The serial problem, differentiated with its time loop checkpointed.
    pub fn checkpointed(nx: usize, steps: usize) -> Burgers {
        Burgers { checkpointed: true, ..Burgers::new(nx, steps, false) }
    }

    fn dt_nu(&self) -> (f64, f64) {
        (0.2 / (self.nx * self.nx) as f64, 0.05)
    }
}

impl Problem for Burgers {
    fn name(&self) -> String {
        let kind = match (self.parallel, self.checkpointed) {
            (true, _) => "rayon",
            (false, true) => "checkpointed",
            (false, false) => "serial",
        };
        format!("burgers_{kind}_{}_{}", self.nx, self.steps)
    }
    fn label(&self) -> &'static str {
        match (self.parallel, self.checkpointed) {
            (true, _) => "2D Burgers, rayon",
            (false, true) => "2D Burgers, checkpointed (binomial, 8 snapshots)",
            (false, false) => "2D Burgers, serial",
        }
    }
    fn size(&self) -> String {
        format!("{} x {} grid, {} steps", self.nx, self.nx, self.steps)
    }
    fn wrt(&self) -> &'static str {
        "initial velocities"
    }
    fn parallel(&self) -> bool {
        self.parallel
    }
    fn x(&self) -> &[f64] {
        &self.x
    }
    fn primal(&self, x: &[f64]) -> f64 {
        let (dt, nu) = self.dt_nu();
        if self.parallel {
            burgers_par(x, self.nx, self.nx + 2, self.steps, dt, nu)
        } else {
            burgers_serial(x, self.nx, self.steps, dt, nu)
        }
    }
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let (dt, nu) = self.dt_nu();
        if self.parallel {
            d_burgers_par(x, dx, self.nx, self.nx + 2, self.steps, dt, nu, 1.0)
        } else if self.checkpointed {
            d_burgers_checkpointed(x, dx, self.nx, self.steps, dt, nu, 1.0)
        } else {
            d_burgers_serial(x, dx, self.nx, self.steps, dt, nu, 1.0)
        }
    }
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let (dt, nu) = self.dt_nu();
        burgers_adjoint(x, dx, self.nx, self.steps, dt, nu, 1.0, self.parallel)
    }
    fn spec(&self) -> Spec {
        let (dt, nu) = self.dt_nu();
        Spec {
            function: "burgers",
            params: vec![("nx", self.nx as f64), ("steps", self.steps as f64), ("dt", dt), ("nu", nu)],
            parts: vec![("w0", self.x.len())],
            data: vec![],
        }
    }
}

/// The grid's geometry and the step's constants.
struct Grid {
    nx: usize,
    ny: usize,
    h: f64,
    dt: f64,
    nu: f64,
}

impl Grid {
    /// Row `r`'s neighbouring rows and, for column `c`, the neighbouring
    /// columns, all periodic: `(north, south, west, east)` as indices of
    /// one field.
    #[inline(always)]
    fn around(&self, r: usize, c: usize) -> (usize, usize, usize, usize) {
        let (nx, ny) = (self.nx, self.ny);
        let north = if r == 0 { ny - 1 } else { r - 1 } * nx + c;
        let south = if r + 1 == ny { 0 } else { r + 1 } * nx + c;
        let west = r * nx + if c == 0 { nx - 1 } else { c - 1 };
        let east = r * nx + if c + 1 == nx { 0 } else { c + 1 };
        (north, south, west, east)
    }

    /// Row `r` of field `k` after one step of `w` (both fields), the
    /// primal's expressions in its order, so the states are bitwise its.
    fn step_row(&self, w: &[f64], out: &mut [f64], k: usize, r: usize) {
        let (n, h, dt, nu) = (self.nx * self.ny, self.h, self.dt, self.nu);
        let q = k * n;
        for (c, o) in out.iter_mut().enumerate() {
            let (north, south, west, east) = self.around(r, c);
            let j = r * self.nx + c;
            let (u, v) = (w[j], w[n + j]);
            let dx = (w[q + east] - w[q + west]) / (2.0 * h);
            let dy = (w[q + south] - w[q + north]) / (2.0 * h);
            let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south] - 4.0 * w[q + j]) / (h * h);
            *o = w[q + j] + dt * (nu * lap - u * dx - v * dy);
        }
    }

    /// Row `r` of field `k` of the adjoint of the state before a step, from
    /// the adjoint `lam` of the state after it and the state `w` itself,
    /// as a gather: the cell's own update (`1 - 4 dt nu / h^2`), each
    /// neighbour's update reading it (`dt nu / h^2` plus or minus the
    /// neighbour's velocity times `dt / 2h`), and, as the advecting
    /// velocity `u` (or `v`), minus `dt` times both fields' adjoints times
    /// their x- (or y-) differences at the cell.
    fn adjoint_row(&self, lam: &[f64], w: &[f64], out: &mut [f64], k: usize, r: usize) {
        let (n, h, dt, nu) = (self.nx * self.ny, self.h, self.dt, self.nu);
        let (diffusion, advection) = (dt * nu / (h * h), dt / (2.0 * h));
        let l = &lam[k * n..(k + 1) * n];
        for (c, o) in out.iter_mut().enumerate() {
            let (north, south, west, east) = self.around(r, c);
            let j = r * self.nx + c;
            let mut g = l[j] * (1.0 - 4.0 * diffusion)
                + l[west] * (diffusion - advection * w[west])
                + l[east] * (diffusion + advection * w[east])
                + l[north] * (diffusion - advection * w[n + north])
                + l[south] * (diffusion + advection * w[n + south]);
            // The x- (k = 0) or y- (k = 1) differences of both fields at j.
            let (a, b) = if k == 0 { (east, west) } else { (south, north) };
            g -= advection * (lam[j] * (w[a] - w[b]) + lam[n + j] * (w[n + a] - w[n + b]));
            *o = g;
        }
    }
}

/// Hand-written adjoint of [`burgers_serial`] (or [`burgers_par`], with
/// `parallel = true`): returns the energy and adds `seed d/dw0` into `dw0`.
///
/// The step is nonlinear, so the reverse sweep needs every state: the
/// forward sweep writes them one after the other into one buffer; the
/// reverse sweep turns the adjoint of each state into that of the one
/// before by [`Grid::adjoint_row`], a gather, so rows are independent.
/// Rows (of both fields) run through [`for_rows`]: in parallel or in order.
#[allow(clippy::too_many_arguments)]
pub fn burgers_adjoint(
    w0: &[f64],
    dw0: &mut [f64],
    nx: usize,
    steps: usize,
    dt: f64,
    nu: f64,
    seed: f64,
    parallel: bool,
) -> f64 {
    let ny = w0.len() / (2 * nx);
    let m = 2 * nx * ny;
    let grid = Grid { nx, ny, h: 1.0 / nx as f64, dt, nu };
    let mut states = vec![0.0; (steps + 1) * m];
    states[..m].copy_from_slice(w0);
    for t in 0..steps {
        let (done, rest) = states.split_at_mut((t + 1) * m);
        let w = &done[t * m..];
        for_rows(&mut rest[..m], nx, parallel, |row, out| {
            grid.step_row(w, out, row / ny, row % ny);
            0.0
        });
    }
    let last = &states[steps * m..];
    let mut energy = 0.0;
    for v in last {
        energy += v * v;
    }
    let scale = 0.5 * grid.h * grid.h;

    let mut lam: Vec<f64> = last.iter().map(|v| 2.0 * seed * scale * v).collect();
    let mut prev = vec![0.0; m];
    for t in (0..steps).rev() {
        let w = &states[t * m..(t + 1) * m];
        let lam_ref = &lam;
        for_rows(&mut prev, nx, parallel, |row, out| {
            grid.adjoint_row(lam_ref, w, out, row / ny, row % ny);
            0.0
        });
        std::mem::swap(&mut lam, &mut prev);
    }
    for (d, g) in dw0.iter_mut().zip(&lam) {
        *d += g;
    }
    scale * energy
}
