// expect: error at `skip_while`: unsupported iterator adapter; the message lists the supported sources (iter, iter_mut, chunks, chunks_mut, windows, ranges), adapters and endings
use parad::autodiff;

#[autodiff(reverse, d_tail_sum_sq, Duplicated, Active)]
fn tail_sum_sq(x: &[f64]) -> f64 {
    x.iter().skip_while(|v| **v < 0.0).map(|v| v * v).sum()
}

fn main() {}
