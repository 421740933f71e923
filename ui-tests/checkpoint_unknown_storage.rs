// expect: error at `ssd`: unknown storage: the second argument is `storage = memory` (the default) or `storage = disk("dir")`, the directory a string literal or a macro giving one
use parad::autodiff;

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(online(snapshots = 8), storage = ssd)]
    while u[0] > 0.5 && u.len() < steps {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {}
