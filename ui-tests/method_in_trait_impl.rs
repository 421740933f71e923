// expect: error at `#[autodiff]`, from rustc: method `__parad_fwd_energy` is not a member of trait `Energy`. A differentiated method gets companions beside it (what differentiated callers call), and the `impl` block of a trait may hold only the trait's items; put the attribute on an inherent method or a free function and call that from the trait's method
use parad::autodiff;

trait Energy {
    fn energy(&self, x: f64) -> f64;
}

struct Spring {
    k: f64,
}

impl Energy for Spring {
    #[autodiff]
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

fn main() {}
