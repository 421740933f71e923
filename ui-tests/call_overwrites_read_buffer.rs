// expect: error at `bump` in `bump(&mut v)`: inside a checkpointed loop, a call without an active argument overwrites `v`, which the adjoint of the statement before it reads again (it cannot be recorded there)
use parad::autodiff;

#[autodiff]
fn bump(y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] = y[i] * 0.5 + 1.0;
    }
}

#[autodiff(reverse, d_grow, Duplicated, Active)]
fn grow(x: &[f64]) -> f64 {
    let mut v: Vec<f64> = vec![0.0; 3];
    let mut s = 0.5;
    #[checkpoint(periodic(every = 2))]
    for _k in 0..4 {
        s = s * x[0] + v[1] * s + x[1];
        bump(&mut v);
    }
    s
}

fn main() {}
