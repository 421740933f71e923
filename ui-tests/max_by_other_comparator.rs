// expect: error at the comparator: max_by/min_by are supported with `|a, b| a.partial_cmp(b).unwrap()` or `total_cmp`
use parad::autodiff;

#[autodiff(reverse, d_top, Duplicated, Active)]
fn top(x: &[f64]) -> f64 {
    *x.iter().max_by(|a, b| (a.abs()).partial_cmp(&b.abs()).unwrap()).unwrap()
}

fn main() {}
