// expect: error at `fn energy(x: f64) -> f64;`: `#[autodiff]` needs a function with a body, and a trait method declaration has none; put it on a free function
use parad::autodiff;

trait Model {
    #[autodiff(reverse, d_energy, Active, Active)]
    fn energy(x: f64) -> f64;
}

fn main() {}
