// expect: error at the pattern `[ax, ay, _]`: destructuring an array or a slice with a pattern is not supported; index it (`a[0]`, `a[1]`)
use parad::autodiff;

#[autodiff(reverse, d_cross_z, Duplicated, Duplicated, Active)]
fn cross_z(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    let [ax, ay, _] = *a;
    ax * b[1] - ay * b[0]
}

fn main() {}
