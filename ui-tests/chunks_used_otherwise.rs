// expect: errors at the `let` of an `as_chunks` view that is indexed (`c[0][1]`) besides being walked, at its walk and at the index: only walks by `for` are rewritten
use parad::autodiff;

#[autodiff(reverse, d_pairs, Duplicated, Active)]
fn pairs(x: &[f64]) -> f64 {
    let (c, _) = x.as_chunks::<2>();
    let mut s = 0.0;
    for [p, q] in c {
        s += p * q;
    }
    s + c[0][1]
}

fn main() {}
