// expect: error at the last `Active` (the extra one): `scale_in_place` returns `()`, so it takes no return activity: 2 activities, one per parameter; found 3
use parad::autodiff;

#[autodiff(reverse, d_scale_in_place, Duplicated, Const, Active)]
fn scale_in_place(x: &mut [f64], k: f64) {
    for i in 0..x.len() {
        x[i] *= k;
    }
}

fn main() {}
