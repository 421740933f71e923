// expect: error at the `?` of `check_len(...)?`: the `?` operator (an early return) is not supported in differentiated code; check the inputs before calling the derivative (a `Result` return with a `Const` activity is otherwise fine)
use parad::autodiff;

fn check_len(n: usize, m: usize) -> Result<usize, String> {
    if n == m {
        Ok(n)
    } else {
        Err(format!("length mismatch: {n} != {m}"))
    }
}

#[autodiff(reverse, d_square_into, Duplicated, Duplicated, Const)]
fn square_into(x: &[f64], out: &mut [f64]) -> Result<usize, String> {
    let n = check_len(x.len(), out.len())?;
    for i in 0..n {
        out[i] = x[i] * x[i];
    }
    Ok(n)
}

fn main() {}
