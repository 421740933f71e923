// expect: error at `&self`: custom rules (`#[derivative]`) on methods are not supported yet: give the rule to a free function taking the value as a parameter, and call that from the method
use parad::derivative;

struct Spring {
    k: f64,
}

impl Spring {
    #[derivative(reverse = energy_rev)]
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

fn energy_rev(x: f64, seed: f64) -> f64 {
    seed * x
}

fn main() {}
