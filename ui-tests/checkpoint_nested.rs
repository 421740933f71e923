// expect: error at the inner `binomial`: a checkpointed loop cannot be inside another checkpointed loop
use parad::autodiff;

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(binomial(snapshots = 4))]
    for _ in 0..steps {
        #[checkpoint(binomial(snapshots = 2))]
        for _ in 0..steps {
            u[0] = u[0].sin();
        }
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {}
