// expect: error at the return type `f64` of a function that changes the length of `out`: it is differentiated when it returns nothing; and at `Const` for `out`, whose shadow must follow its length (`Duplicated`)
use parad::autodiff;

#[autodiff(reverse, d_emit, Duplicated, Duplicated, Active)]
fn emit(x: &[f64], out: &mut Vec<f64>) -> f64 {
    out.push(x[0]);
    x[1]
}

#[autodiff(reverse, d_collect, Duplicated, Const)]
fn collect(x: &[f64], out: &mut Vec<f64>) {
    out.clear();
    out.extend_from_slice(x);
}

fn main() {}
