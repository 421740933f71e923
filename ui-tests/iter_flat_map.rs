// expect: error at `flat_map`: unsupported iterator adapter; for nested iteration, write two nested `for` loops; the message lists the supported sources, adapters and endings
use parad::autodiff;

#[autodiff(reverse, d_rows_sum_sq, Duplicated, Const, Active)]
fn rows_sum_sq(a: &[f64], n: usize) -> f64 {
    a.chunks(n).flat_map(|row| row.iter().map(|v| v * v)).sum()
}

fn main() {}
