// expect: errors at `as_ptr` (raw pointers are not supported in differentiated code; index the slice instead) and at `unsafe` (`unsafe` blocks cannot be differentiated)
use parad::autodiff;

#[autodiff(reverse, d_second, Duplicated, Active)]
fn second(x: &[f64]) -> f64 {
    let p = x.as_ptr();
    2.0 * unsafe { *p.add(1) }
}

fn main() {}
