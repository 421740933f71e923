// expect: error at `out.push(v * v)` in a method: `push` on a parameter of a method is not supported yet (in a free function it is); size the output before the call, or return a `Vec<F>`
use parad::autodiff;

struct Squares {
    k: f64,
}

impl Squares {
    #[autodiff(reverse, d_fill, Const, Duplicated, Duplicated)]
    fn fill(&self, x: &[f64], out: &mut Vec<f64>) {
        for v in x {
            out.push(self.k * v * v);
        }
    }
}

fn main() {}
