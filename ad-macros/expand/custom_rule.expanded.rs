fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
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
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_softplus(x: f64, tx: f64) -> (f64, f64) {
    let primal = softplus(x);
    let tangent = softplus_fwd(x, tx);
    (primal, tangent)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan___parad_joint_softplus(
    x: f64,
    mut tx: f64,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `softplus` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`, functions calling each other)"
    );
    let ret: f64 = 0.0;
    (ret, 0.0)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd___parad_joint_softplus(
    x: f64,
    seed: f64,
) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64) + use<>) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `softplus` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`, functions calling each other)"
    );
    let ret: f64 = 0.0;
    let reverse = move |seed_2: f64| -> (f64, f64) {
        let mut dx: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        (dx, dseed)
    };
    (ret, reverse)
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_softplus<const __PARAD_N: usize>(
    x: f64,
    tx: ::parad::__private::lanes::Lanes<__PARAD_N>,
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`softplus` cannot be called by a batched derivative: it has custom rules, which have no batched form yet"
            )
        }
    };
    ::core::unreachable!()
}
