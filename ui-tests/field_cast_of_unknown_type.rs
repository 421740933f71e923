// expect: error at `p.w`: cannot infer whether `p.w` holds floats or integers; bind it with its type before the cast
use parad::autodiff;

struct Weights {
    w: f32,
    scale: f64,
}

#[autodiff(reverse, d_loss, Duplicated, Active)]
fn loss(p: &Weights) -> f64 {
    p.scale * p.w as f64
}

fn main() {}
