use parad::autodiff;

// `reverse` changes `v`, but the macro does not know it: it must not drop the
// statement (the gradient would silently be zero).
#[autodiff(reverse, d_f, Duplicated, Active)]
fn f(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v = vec![0.0; n];
    v[0] = 2.0;
    v.reverse();
    let mut s = 0.0;
    for i in 0..n {
        s += v[i] * x[i] * x[i];
    }
    s
}

fn main() {}
