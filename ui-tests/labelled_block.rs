// expect: an error at the labelled block: labelled loops are supported, blocks with a label are not
use parad::autodiff;

#[autodiff(reverse, d_first_negative, Duplicated, Active)]
fn first_negative(a: &[f64]) -> f64 {
    let mut s = a[0];
    'found: {
        for i in 0..a.len() {
            if a[i] < 0.0 {
                s = a[i];
                break 'found;
            }
        }
        s *= 2.0;
    }
    s
}

fn main() {}
