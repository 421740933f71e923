// expect: errors at the label `'rows` and at `break 'rows`: labelled loops and labelled `break` are not supported; to leave nested loops, set a flag and test it in the outer loop
use parad::autodiff;

#[autodiff(reverse, d_prefix_sum, Duplicated, Const, Active)]
fn prefix_sum(a: &[f64], n: usize) -> f64 {
    let mut s = 0.0;
    'rows: for i in 0..n {
        for j in 0..n {
            if a[i * n + j] < 0.0 {
                break 'rows;
            }
            s += a[i * n + j];
        }
    }
    s
}

fn main() {}
