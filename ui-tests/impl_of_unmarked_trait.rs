// expect: error at `#[autodiff]` on the `impl`, from rustc: method `__parad_fwd_loss` is not a member of trait `Loss`. The companions of a trait's methods are the trait's items, which `#[autodiff]` on the trait declares; mark the trait `#[autodiff]` (a trait of another crate cannot be: call an inherent method or a free function from its method instead)
use parad::autodiff;

trait Loss {
    fn loss(&self, x: &[f64]) -> f64;
}

struct Mse {
    target: Vec<f64>,
}

#[autodiff]
impl Loss for Mse {
    fn loss(&self, x: &[f64]) -> f64 {
        x.iter().zip(&self.target).map(|(a, b)| (a - b) * (a - b)).sum()
    }
}

fn main() {}
