// expect: error at `&Vec<f64>`: kernel parameters are scalars or slices `&[T]` / `&mut [T]`
use parad::kernel;

#[kernel]
fn k(x: &Vec<f64>, y: &mut [f64]) {
    y[0] = 1.0;
}

fn main() {}
