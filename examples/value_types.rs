//! Value types and generics in differentiated code: the forces of a
//! Lennard-Jones cluster over `&[Particle]` (rayon), a small MLP over
//! `Vec<Layer>` trained by gradient descent, and a logistic regression
//! written once over `T: Float` and trained in `f64` and `f32`.
//!
//! ```sh
//! cargo run --release --example value_types
//! ```

#[path = "reach/generic.rs"]
mod generic;
#[path = "reach/mlp.rs"]
mod mlp;
#[path = "reach/nbody.rs"]
mod nbody;

fn main() {
    let ps = nbody::lattice(125, 1.12, 1);
    let forces = nbody::forces(&ps, 1.0);
    let largest = forces.iter().map(|f| f.norm2().sqrt()).fold(0.0, f64::max);
    println!("Lennard-Jones cluster of {} particles: energy {:.4}", ps.len(), nbody::energy(&ps, 1.0));
    println!("  largest force {largest:.4}");

    let mut layers = vec![mlp::Layer::random(3, 16, 2), mlp::Layer::random(16, 1, 3)];
    let xs = parad::check::random_vec(3 * 32, -1.0, 1.0, 4);
    let ys: Vec<f64> = xs.chunks(3).map(|x| 0.5 * (x[0] * x[1] - x[2]).tanh()).collect();
    let losses = mlp::train(&mut layers, &xs, &ys, 0.02, 100);
    println!("MLP 3-16-1, 100 steps of gradient descent: loss {:.4} -> {:.4}", losses[0], losses[99]);

    let (d, n) = (4, 200);
    let (xs, ys) = generic::samples::<f64>(n, d, 7);
    let (_, losses) = generic::train(&xs, &ys, d, 50, 0.5);
    println!("logistic regression, f64, 50 steps: loss {:.4} -> {:.4}", losses[0], losses[49]);
    let (xs, ys) = generic::samples::<f32>(n, d, 7);
    let (_, losses) = generic::train(&xs, &ys, d, 50, 0.5);
    println!("the same in f32: loss {:.4} -> {:.4}", losses[0], losses[49]);
}
