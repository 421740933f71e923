// expect: error at `out.push(v * v)`: `push` on a parameter is not supported yet; size the output before the call, or return a `Vec<F>`
use parad::autodiff;

#[autodiff(reverse, d_squares, Duplicated, Duplicated)]
fn squares(x: &[f64], out: &mut Vec<f64>) {
    for v in x {
        out.push(v * v);
    }
}

fn main() {}
