// expect: error at `autodiff(reverse, d_loss, Const, Duplicated, Active)` in the trait: derivatives of a trait's method are asked for on the method of an `impl` of it; in the trait, `#[autodiff]` on the trait declares what every differentiated `impl` defines
use parad::autodiff;

#[autodiff]
trait Loss {
    #[autodiff(reverse, d_loss, Const, Duplicated, Active)]
    fn loss(&self, x: &[f64]) -> f64;
}

fn main() {}
