//! The schedules' step counts against the theory: Revolve's formula, a
//! brute-force dynamic program of the optimum, and the table of the issue.

use super::super::{beta, optimal_advances, repetitions, Binomial, Cost, Online};
use super::simulate;

/// `best[n][c]`: the fewest plain steps that reverse `n` steps with `c`
/// snapshots (one holding the first state), by trying every first split.
/// Recording a step is not counted: every schedule records each step once.
fn brute_force(max_steps: usize, max_snapshots: usize) -> Vec<Vec<u128>> {
    let mut best = vec![vec![0u128; max_snapshots + 1]; max_steps + 1];
    for n in 2..=max_steps {
        // One snapshot: advance from the start to each step in turn.
        best[n][1] = (n * (n - 1) / 2) as u128;
        for c in 2..=max_snapshots {
            // Advance m steps, store that state, reverse the n - m steps after
            // it with one snapshot fewer, then the m steps before it.
            best[n][c] = (1..n).map(|m| m as u128 + best[n - m][c - 1] + best[m][c]).min().unwrap();
        }
    }
    best
}

#[test]
fn binomial_is_optimal_against_brute_force() {
    let (max_steps, max_snapshots) = (60, 6);
    let best = brute_force(max_steps, max_snapshots);
    for (steps, row) in best.iter().enumerate() {
        for (snapshots, &optimum) in row.iter().enumerate().skip(1) {
            assert_eq!(optimal_advances(steps, snapshots), optimum, "formula, l = {steps}, S = {snapshots}");
            let sim = simulate(Binomial::new(steps, snapshots).unwrap().actions(), steps, snapshots);
            assert_eq!(sim.advances, optimum, "schedule, l = {steps}, S = {snapshots}");
        }
    }
}

#[test]
fn binomial_table() {
    // (l, S, t, plain steps): t*l - beta(S + 1, t - 1).
    // Values other than the two computed independently (Python's
    // math.comb).
    let table: [(usize, usize, usize, u128); 10] = [
        (10, 1, 9, 45),
        (10, 3, 2, 15),
        (100, 5, 4, 316),
        (100, 10, 3, 222),
        (500, 4, 9, 3213),
        (1000, 10, 4, 3636),
        (1000, 100, 2, 1898),
        (10000, 30, 4, 34016),
        (10000, 100, 3, 24747),
        (10000, 10000, 1, 9999),
    ];
    for (steps, snapshots, t, advances) in table {
        assert_eq!(repetitions(steps, snapshots), t, "t, l = {steps}, S = {snapshots}");
        assert_eq!(optimal_advances(steps, snapshots), advances, "formula, l = {steps}, S = {snapshots}");
        let cost = Cost::of(Binomial::new(steps, snapshots).unwrap());
        assert_eq!(cost.advances, advances, "schedule, l = {steps}, S = {snapshots}");
        assert_eq!(cost.records, steps);
        assert!(cost.peak_slots <= snapshots);
    }
    // The two cases, spelled out.
    assert_eq!(beta(4, 9), 715);
    assert_eq!(9 * 500 - beta(5, 8), 3213);
    assert_eq!(beta(30, 4), 46376);
    assert_eq!(4 * 10000 - beta(31, 3), 34016);
}

#[test]
fn binomial_matches_the_formula_on_longer_loops() {
    for steps in [0, 1, 2, 3, 99, 100, 101, 1000, 4095, 4096, 4097, 12345] {
        for snapshots in [1, 2, 3, 4, 7, 16, 50] {
            if snapshots == 1 && steps > 1000 {
                continue; // quadratic; covered by smaller cases
            }
            let sim = simulate(Binomial::new(steps, snapshots).unwrap().actions(), steps, snapshots);
            assert_eq!(sim.advances, optimal_advances(steps, snapshots), "l = {steps}, S = {snapshots}");
        }
    }
}

#[test]
fn beta_saturates() {
    assert_eq!(beta(0, 5), 1);
    assert_eq!(beta(3, 0), 1);
    assert_eq!(beta(2, 3), 10);
    assert_eq!(beta(200, 200), u128::MAX);
    assert_eq!(repetitions(usize::MAX, 64), 21);
}

/// Plain steps of the online schedule (its forward sweep included) for a
/// loop of `steps` steps.
fn online_advances(steps: usize, snapshots: usize) -> u128 {
    let mut online = Online::new(snapshots).unwrap();
    for step in 0..steps {
        online.forward_step(step);
    }
    steps as u128 + Cost::of(online.reverse()).advances
}

#[test]
fn online_stays_near_the_offline_optimum() {
    // Against the offline optimum plus one: the offline schedule's forward
    // sweep runs all steps but the last plainly, the online one all. The
    // numbers are those of the `Online` docs.
    for snapshots in [1, 2, 3, 4, 5, 8, 10, 16, 20, 30, 40, 64, 128] {
        let mut worst = (0.0, 0);
        let (mut sum, mut n) = (0.0, 0);
        // Fewer lengths for many snapshots, where planning the reverse
        // sweep takes milliseconds.
        let every = if snapshots < 64 { 1 } else { 3 };
        let lengths = (10..300).step_by(every).chain((300..=20_000).step_by(73 * every));
        for steps in lengths {
            let offline = optimal_advances(steps, snapshots) + 1;
            let r = online_advances(steps, snapshots) as f64 / offline as f64;
            if r > worst.0 {
                worst = (r, steps);
            }
            sum += r;
            n += 1;
        }
        let mean = sum / n as f64;
        eprintln!(
            "online / offline plain steps, S = {snapshots}: worst {:.3} at l = {}, mean {mean:.3}",
            worst.0, worst.1
        );
        assert!(worst.0 <= 1.335, "S = {snapshots}: worst {worst:?}");
        assert!(mean <= 1.125, "S = {snapshots}: mean {mean}");
    }
}
