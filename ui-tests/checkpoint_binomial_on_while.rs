// expect: error at `binomial`: a `while` loop's length is not known in advance: use `online(snapshots = S)`
use parad::autodiff;

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(u0: &[f64], tol: f64) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(binomial(snapshots = 8))]
    while u[0] > tol {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {}
