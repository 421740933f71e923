// expect: error at the comparator of `sort_by`: only sorting by the values themselves (`a.partial_cmp(b)`, either order, or `total_cmp`) is differentiated, not by a key
use parad::autodiff;

#[autodiff(reverse, d_largest_magnitude, Duplicated, Active)]
fn largest_magnitude(x: &[f64]) -> f64 {
    let mut y = x.to_vec();
    y.sort_by(|a, b| a.abs().partial_cmp(&b.abs()).unwrap());
    y[y.len() - 1]
}

fn main() {}
