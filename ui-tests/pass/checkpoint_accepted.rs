// A valid `#[checkpoint]` is accepted on `for` and `while` loops, with every
// scheme and storage, and the loop is reversed from snapshots: the gradient
// equals the one without the attribute (tests/checkpoint.rs has the rest).
use parad::autodiff;

#[autodiff(reverse, d_plain, Duplicated, Const, Active)]
fn plain(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    for _ in 0..steps {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    let mut k = 0;
    while k < steps {
        u[0] = u[0] * 0.9 + 0.1 * u[1];
        k += 1;
    }
    u.iter().map(|v| v * v).sum()
}

#[autodiff(reverse, d_binomial, Duplicated, Const, Active)]
fn binomial(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(binomial(snapshots = 4), storage = memory)]
    for _ in 0..steps {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    let mut k = 0;
    #[checkpoint(online(snapshots = 2))]
    while k < steps {
        u[0] = u[0] * 0.9 + 0.1 * u[1];
        k += 1;
    }
    u.iter().map(|v| v * v).sum()
}

#[autodiff(reverse, d_periodic, Duplicated, Const, Active)]
fn periodic(u0: &[f64], steps: usize) -> f64 {
    let mut u = u0.to_vec();
    #[checkpoint(periodic(every = 3), storage = disk("/tmp/parad-checkpoints"))]
    for _ in 0..steps {
        for i in 0..u.len() {
            u[i] = u[i] - 0.1 * u[i].sin();
        }
    }
    let mut k = 0;
    #[checkpoint(online(snapshots = 2), storage = memory,)]
    while k < steps {
        u[0] = u[0] * 0.9 + 0.1 * u[1];
        k += 1;
    }
    u.iter().map(|v| v * v).sum()
}

fn main() {
    let u0 = [0.3, 1.2, -0.7, 2.0];
    let mut want = [0.0; 4];
    let value = d_plain(&u0, &mut want, 10, 1.0);
    for d in [d_binomial, d_periodic] {
        let mut got = [0.0; 4];
        assert_eq!(d(&u0, &mut got, 10, 1.0), value);
        assert_eq!(got, want);
    }
    assert!(want.iter().all(|g| g.is_finite() && *g != 0.0));
}
