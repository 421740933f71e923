// expect: error at `p.w`: parad took the field, only cast, for integer data; it is `f32`: bind it with its type
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
