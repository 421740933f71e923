// expect: error at `binomial`: the loop writes the struct `s`, which a checkpoint cannot snapshot yet
use parad::autodiff;

pub struct Sim {
    pub u: Vec<f64>,
}

#[autodiff(reverse, d_simulate, Duplicated, Const, Active)]
fn simulate(s: &mut Sim, steps: usize) -> f64 {
    #[checkpoint(binomial(snapshots = 4))]
    for _ in 0..steps {
        for i in 0..s.u.len() {
            s.u[i] = s.u[i].sin();
        }
    }
    s.u.iter().map(|v| v * v).sum()
}

fn main() {}
