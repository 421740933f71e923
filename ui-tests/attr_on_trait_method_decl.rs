// expect: error at `fn energy(x: f64) -> f64;`: `#[autodiff]` needs a function with a body; trait methods without a body cannot be differentiated
use parad::autodiff;

trait Model {
    #[autodiff(reverse, d_energy, Active, Active)]
    fn energy(x: f64) -> f64;
}

fn main() {}
