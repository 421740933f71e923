// expect: in `#[autodiff] mod`, a refused function that a differentiated one calls (`spread`, with its `sort_by_key`) shows its own error at its code; one nothing differentiated calls (`report`, called by an `extern` driver only) is left as written, quietly
#[parad::autodiff]
mod model {
    use parad::autodiff_reverse;

    fn spread(x: &[f64]) -> f64 {
        let mut y = x.to_vec();
        y.sort_by_key(|v| *v as i64);
        y[0] - y[y.len() - 1]
    }

    fn report(x: &[f64]) -> String {
        let mut s = String::new();
        s.push_str(&format!("{x:?}"));
        s
    }

    pub extern "C" fn summary(n: usize) -> usize {
        report(&vec![0.5; n]).len()
    }

    #[autodiff_reverse(d_loss, Duplicated, Active)]
    pub fn loss(x: &[f64]) -> f64 {
        spread(x) * 2.0
    }
}

fn main() {}
