// expect: error at `binomial`: a checkpointed loop cannot be inside a rayon loop
use parad::autodiff;
use rayon::prelude::*;

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    u.par_iter_mut().for_each(|x| {
        #[checkpoint(binomial(snapshots = 8))]
        for _ in 0..steps {
            *x = x.sin();
        }
    });
    u.iter().map(|v| v * v).sum()
}

fn main() {}
