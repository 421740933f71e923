// expect: errors at `push` on a buffer of `Vec` rows (not a supported method), at the local `Vec<Vec<f64>>` grown row by row (only `vec![vec![x; m]; n]` makes one), and at the activities: the hidden width of `w` takes none, so three are one too many
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Active)]
fn f(w: &mut Vec<Vec<f64>>) -> f64 {
    w.push(w[0].clone());
    w[1][0]
}

#[autodiff(reverse, d_g, Duplicated, Active)]
fn g(x: &[f64]) -> f64 {
    let mut rows: Vec<Vec<f64>> = Vec::new();
    rows.push(x.to_vec());
    x[0]
}

#[autodiff(reverse, d_h, Duplicated, Active, Active)]
fn h(w: &[Vec<f64>]) -> f64 {
    w[0][0]
}

fn main() {}
