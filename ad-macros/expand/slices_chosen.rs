use parad::autodiff;

#[autodiff(reverse, d_layers, Duplicated, Duplicated, Active)]
pub fn layers(s: &mut [f64], x: &mut [f64]) -> f64 {
    let b = x.len();
    let mut total = 0.0;
    let mut i = 0;
    while i + 2 * b <= s.len() {
        let (input, h) = if i == 0 {
            let (h, _) = s.split_at_mut(b);
            (x.as_mut(), h)
        } else {
            let (below, h) = s[i - b..].split_at_mut(b);
            (below, h)
        };
        for k in 0..b {
            h[k] = (h[k] + input[k]).tanh();
            total += h[k];
        }
        i += 2 * b;
    }
    total
}
