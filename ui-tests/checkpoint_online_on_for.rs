// expect: error at `online`: `online` is for `while` loops; a `for` loop knows its length
use parad::autodiff;

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(online(snapshots = 8))]
    for _ in 0..steps {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {}
