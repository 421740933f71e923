// expect: error at `0`: `every` must be a positive integer, as in `#[checkpoint(periodic(every = 10))]`
use parad::autodiff;

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(periodic(every = 0))]
    for _ in 0..steps {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {}
