fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}
#[doc(hidden)]
#[inline]
#[allow(unused_mut, unused_variables, non_snake_case, dead_code, clippy::all)]
fn __parad_fwd_softplus(
    x: f64,
) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64,) + use<>) {
    let primal = softplus(x);
    let reverse = move |seed: f64| -> (f64,) {
        let dx = softplus_rev(x, seed);
        (dx,)
    };
    (primal, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused_mut, unused_variables, non_snake_case, dead_code, clippy::all)]
fn __parad_tan_softplus(x: f64, tx: f64) -> (f64, f64) {
    let primal = softplus(x);
    let tangent = softplus_fwd(x, tx);
    (primal, tangent)
}
