// expect: error at `..`: only names and `_` are supported in an array pattern (`let [a, b, c] = *p` works; a rest pattern does not)
use parad::autodiff;

#[autodiff(reverse, d_cross_z, Duplicated, Duplicated, Active)]
fn cross_z(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    let [ax, .., az] = *a;
    ax * b[1] - az * b[0]
}

fn main() {}
