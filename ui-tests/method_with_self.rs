// expect: error at `&self`: methods with a `self` receiver are not supported yet: write a free function taking the value as a parameter, `&T` or `&mut T`
use parad::autodiff;

struct Spring {
    k: f64,
}

impl Spring {
    #[autodiff(reverse, d_energy, Const, Active, Active)]
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

fn main() {}
