// expect: error at the whole `#[checkpoint(online(snapshots = 8))]`: `#[checkpoint]` applies to a `for` or `while` loop, not to a `loop` (write it as a `while` loop)
use parad::autodiff;

#[autodiff(reverse, d_relax, Duplicated, Active)]
fn relax(u0: &[f64]) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(online(snapshots = 8))]
    loop {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
        if u[0] < 0.5 {
            break;
        }
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {}
