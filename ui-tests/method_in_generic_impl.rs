// expect: errors from rustc at `#[autodiff(reverse, ..)]` (a lifetime that does not live long enough): in `impl<'a> Fit<'a>`, `loss` calls the method `residual` inside a loop, and keeps its reverse closure, which names `Self` and so `'a`, on a tape that needs `'static`. A method of a generic `impl` that calls no method of it in a loop is supported (tests/corpus/methods.rs); this is the part that is not yet
use parad::autodiff;

struct Fit<'a> {
    xs: &'a [f64],
}

impl<'a> Fit<'a> {
    #[autodiff]
    fn residual(&self, theta: f64, i: usize) -> f64 {
        theta * self.xs[i]
    }

    #[autodiff(reverse, d_loss, Const, Active, Active)]
    fn loss(&self, theta: f64) -> f64 {
        let mut s = 0.0;
        for i in 0..self.xs.len() {
            s += self.residual(theta, i).powi(2);
        }
        s
    }
}

fn main() {}
