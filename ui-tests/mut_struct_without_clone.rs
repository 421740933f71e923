// expect: error at the parameter `s` of `&mut Scale`: its derivative keeps a copy of the state the forward sweep leaves, so the type needs `Clone` (derive it, or bound a type parameter by `Clone`)
use parad::autodiff;

struct Scale {
    w: Vec<f64>,
}

impl Scale {
    #[autodiff]
    fn decay(&mut self, k: f64) {
        for v in self.w.iter_mut() {
            *v *= k;
        }
    }
}

#[autodiff(reverse, d_run, Duplicated, Active, Active)]
fn run(s: &mut Scale, k: f64) -> f64 {
    s.decay(k);
    s.w.iter().sum::<f64>()
}

fn main() {}
