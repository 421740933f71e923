// expect: errors at `pos` passed to `norm2` (a buffer of arrays cannot be passed whole; `pos.as_flattened()` can), at `swap` (not a supported method of a buffer of arrays), at `pos` inside `assert!` (a macro cannot read it), and at the method `energy` (buffers of arrays in methods are not supported)
use parad::autodiff;

#[autodiff]
fn norm2(p: &[[f64; 3]]) -> f64 {
    p[0][0] * p[0][0]
}

#[autodiff(reverse, d_f, Duplicated, Active)]
fn f(pos: &mut [[f64; 3]]) -> f64 {
    assert!(pos.len() > 1);
    pos.swap(0, 1);
    norm2(pos) + pos[1][2]
}

struct Cluster {
    k: f64,
}

impl Cluster {
    #[autodiff(reverse, d_energy, Const, Duplicated, Active)]
    fn energy(&self, pos: &[[f64; 3]]) -> f64 {
        self.k * pos[0][1]
    }
}

fn main() {}
