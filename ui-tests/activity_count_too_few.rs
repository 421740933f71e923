// expect: error at the activity list `Active, Active`: `rosen` has 2 parameters and returns `f64`, so it takes 3 activities (one per parameter, then one for the return value); found 2
use parad::autodiff;

#[autodiff(reverse, d_rosen, Active, Active)]
fn rosen(x: f64, y: f64) -> f64 {
    (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2)
}

fn main() {}
