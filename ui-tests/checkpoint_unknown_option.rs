// expect: error at `snaps`: unknown option `snaps` of `binomial`: it takes `snapshots = N`, as in `#[checkpoint(binomial(snapshots = 16))]`
use parad::autodiff;

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(binomial(snaps = 16))]
    for _ in 0..steps {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {}
