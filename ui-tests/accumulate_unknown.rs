use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Active, accumulate = locked)]
fn f(x: &[f64]) -> f64 {
    x[0]
}

fn main() {}
