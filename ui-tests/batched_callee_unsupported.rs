// expect: an error at the call `outer` makes to another differentiated
// function, which a function called by a batched derivative may not make
// yet; rustc reports it where `d_calls` is built, and notes the call of
// `outer` that asked for it
use parad::autodiff;

#[autodiff]
fn inner(a: f64) -> f64 {
    a.sin()
}

#[autodiff]
fn outer(a: f64) -> f64 {
    inner(a) * 2.0
}

#[autodiff(forward, d_calls, 2, Dual, Dual)]
fn calls(a: f64) -> f64 {
    outer(a) + a
}

fn main() {
    let _ = d_calls(1.0, 1.0, 0.0);
}
