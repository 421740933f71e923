// expect: error at `&mut f64`: a closure stored in a variable cannot take `&mut` (it would write a copy)
use parad::autodiff;

#[autodiff(reverse, d_set_first, Duplicated, Active)]
fn set_first(x: &mut [f64]) -> f64 {
    let set = |o: &mut f64, v: f64| *o = v * 2.0;
    set(&mut x[0], 3.0);
    x[0] * x[1]
}

fn main() {}
