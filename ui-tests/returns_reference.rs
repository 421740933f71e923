// expect: error at `&f64` (the return type): returning references is not supported: return f32, f64, an integer or ()
use parad::autodiff;

#[autodiff(reverse, d_first, Duplicated, Active)]
fn first(x: &[f64]) -> &f64 {
    &x[0]
}

fn main() {}
