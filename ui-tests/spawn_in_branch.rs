// error: a `spawn` inside an `if` of a `rayon::scope`: spawns are supported
// as statements of the scope's body or as the last statement of a `for` loop.
use parad::autodiff;

#[autodiff(reverse, d_maybe, Duplicated, Const)]
fn maybe(y: &mut [f64], k: f64) {
    rayon::scope(|s| {
        if k > 0.0 {
            s.spawn(|_| {
                for v in y.iter_mut() {
                    *v *= k;
                }
            });
        }
    });
}

fn main() {}
