// expect: error at `self`: a receiver taken by value cannot be differentiated: take `&self` (or `&mut self`), whose shadow is a `&mut Self`
use parad::autodiff;

#[derive(Clone, Copy)]
struct Spring {
    k: f64,
}

impl Spring {
    #[autodiff(reverse, d_energy, Const, Active, Active)]
    fn energy(self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

fn main() {}
