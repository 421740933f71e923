// expect: error at the whole `#[checkpoint(binomial(snapshots = 4))]`: `#[checkpoint]` applies to a `for` or `while` loop, not to a `let` statement (ours, not rustc's "cannot find attribute")
use parad::autodiff;

#[autodiff(reverse, d_energy, Duplicated, Active)]
fn energy(u0: &[f64]) -> f64 {
    #[checkpoint(binomial(snapshots = 4))]
    let u = u0.to_vec();
    u.iter().map(|v| v * v).sum()
}

fn main() {}
