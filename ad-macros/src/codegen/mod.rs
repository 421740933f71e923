//! Code generation: printing the analysed IR as Rust. The companions of a
//! differentiable function (`reverse`, `tangent`, `rules`), the
//! derivatives a user asked for (`wrappers`), and the pieces they share
//! (`emit`, `partials`, `window`, `chunk`). The driver that runs the whole
//! pipeline is `crate::expand`.

pub mod batched;
mod chunk;
pub mod emit;
pub mod mpi;
pub mod partials;
pub mod reverse;
pub mod rules;
pub mod tangent;
pub mod window;
pub mod wrappers;
