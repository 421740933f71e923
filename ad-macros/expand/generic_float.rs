use parad::{autodiff, Float};

#[autodiff(reverse, d_smooth_max, Duplicated, Active, Active)]
#[autodiff(forward, smooth_max_fwd, Dual, Dual, Dual)]
fn smooth_max<T: Float>(x: &[T], t: T) -> T {
    let mut s = T::zero();
    for i in 0..x.len() {
        s += (x[i] / t).exp();
    }
    t * (s / T::from(x.len()).unwrap()).ln() + T::from(0.5).unwrap() * t * t
}
