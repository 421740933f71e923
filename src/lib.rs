//! parad: automatic differentiation for Rust by source transformation.
//!
//! See the README for the user guide; the attribute macros are re-exported
//! from `ad-macros`, the runtime used by generated code from `ad-runtime`.

pub use ad_macros::{autodiff, autodiff_forward, autodiff_reverse, derivative};
pub use ad_runtime::check;
pub use ad_runtime::no_grad;

#[doc(hidden)]
pub use ad_runtime::__private;
