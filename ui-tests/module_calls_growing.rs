// error at the call: in `#[autodiff] mod`, a function asking for a
// derivative calls one that changes the length of a `&mut Vec`, which
// differentiated code cannot call yet.
#[parad::autodiff]
mod model {
    fn positives(x: &[f64], out: &mut Vec<f64>) {
        out.clear();
        for v in x {
            if *v > 0.0 {
                out.push(v * v);
            }
        }
    }

    #[parad::autodiff(reverse, d_loss, Duplicated, Active)]
    pub fn loss(x: &[f64]) -> f64 {
        let mut kept = Vec::new();
        positives(x, &mut kept);
        kept.iter().sum()
    }
}

fn main() {}
