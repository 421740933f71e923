// expect: error at `#[autodiff]`, from rustc: `impl Trait` must mention all const parameters in scope in `use<...>`. A differentiated method's companion returns its adjoint as an `impl FnOnce(..) + use<>`, which cannot name the parameters of the `impl` block (the macro does not see them): methods of `impl` blocks with type, const or lifetime parameters are not supported yet
use parad::autodiff;

struct Grid<const N: usize> {
    k: f64,
}

impl<const N: usize> Grid<N> {
    #[autodiff]
    fn energy(&self, x: f64) -> f64 {
        self.k * x * x * N as f64
    }
}

fn main() {}
