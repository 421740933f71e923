//! Checks that a derivative is right: finite differences and the dot-product
//! test.
//!
//! Every differentiated function in the test suite goes through these (see the
//! design, section 9). Both checks compare numbers that should agree and, when
//! they do not, panic with a table of the worst entries, so that a failing test
//! says *which* component is wrong rather than only *that* something is.
//!
//! - [`gradient`] compares a reverse-mode gradient with central finite
//!   differences of the function itself.
//! - [`dot_product`] compares forward and reverse mode with each other through
//!   `<J v, w> == <v, J^T w>` for random `v` and `w`; it needs no step size and
//!   so holds to near machine precision.
//! - [`random_vec`] gives deterministic pseudo-random inputs, so that checks
//!   run at points that were not picked by hand and still reproduce.
//!
//! ```
//! # use parad_runtime as parad;
//! use parad::check;
//!
//! // f(x) = sum of x_i^2 * x_{i+1}, with its gradient written by hand.
//! let f = |x: &[f64], dx: &mut [f64]| {
//!     let mut y = 0.0;
//!     for i in 0..x.len() - 1 {
//!         y += x[i] * x[i] * x[i + 1];
//!         dx[i] += 2.0 * x[i] * x[i + 1];
//!         dx[i + 1] += x[i] * x[i];
//!     }
//!     y
//! };
//! check::gradient(f, &check::random_vec(5, -2.0, 2.0, 7), 1e-8);
//! ```
//!
//! Everything here is `f64`: an `f32` function is checked by wrapping it, since
//! finite differences in single precision cannot resolve errors below about
//! `1e-3` anyway.

mod dot;
mod gradient;
mod report;
mod rng;

pub use dot::{dot_product, dot_product_tol, try_dot_product, DOT_PRODUCT_TOL};
pub use gradient::{gradient, try_gradient};
pub use report::{Entry, Kind, Report, MAX_ROWS};
pub use rng::random_vec;
