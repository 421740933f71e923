//! Tests of private buffers, their merge and the stencil gather.

use super::super::*;
use super::{bits, in_pool, wild, POOLS};

#[test]
fn private_buffers_read_zero_when_inactive() {
    let mut p = Private::<f32>::new(4);
    p[2] += 1.5;
    p[1..3].copy_from_slice(&[2.0, 3.0]);
    assert_eq!((p.as_slice(), p.len(), p.is_empty()), (&[0.0, 2.0, 3.0, 0.0][..], 4, false));
    let mut q = Private::<f64>::new(0);
    q[9] += 2.0;
    assert_eq!(q[9], 0.0);
    assert!(q[3..5].is_empty() && q.as_mut_slice().is_empty() && q.is_empty());
    assert!(q[0..0].is_empty());
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn an_active_private_buffer_panics_past_its_end() {
    let mut p = Private::<f64>::new(4);
    p[4] += 1.0;
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn an_active_private_buffer_panics_when_read_past_its_end() {
    let p = Private::<f64>::new(4);
    let _ = p[7];
}

/// Private buffers as chunks of a loop that adds into shared elements leave
/// them: iteration i adds wild(i) into elements i % len and (7 * i) % len.
fn scattered_privates(n: usize, len: usize) -> Vec<Private<f64>> {
    par_private(0, n, (), |chunk, ()| {
        let mut p = Private::new(len);
        for i in chunk {
            p[i % len] += wild(i);
            p[(7 * i) % len] += wild(i + 1);
        }
        p
    })
}

#[test]
fn merge_private_matches_the_ordered_serial_sum_for_any_pool() {
    let len = 9000;
    let privates = scattered_privates(20_000, len);
    let start: Vec<f64> = (0..len).map(|j| wild(j + 5)).collect();
    let mut reference = start.clone();
    for p in &privates {
        for j in 0..len {
            reference[j] += p[j];
        }
    }
    for threads in POOLS {
        let mut dst = start.clone();
        let inactive = Private::new(0);
        let ordered = privates.iter().take(3).chain([&inactive]).chain(privates.iter().skip(3));
        in_pool(threads, || merge_private(&mut dst, ordered));
        assert_eq!(bits(&dst), bits(&reference), "{threads} threads");
    }
    // Reversed order is a different sum, so the test can tell orders apart.
    let mut reversed = start.clone();
    merge_private(&mut reversed, privates.iter().rev());
    assert_ne!(bits(&reversed), bits(&reference));
    // An inactive destination takes nothing (and does not panic).
    merge_private(&mut [], &privates);
}

#[test]
#[should_panic(expected = "different length")]
fn merge_private_rejects_a_mismatched_part() {
    merge_private(&mut [0.0f64; 3], [&Private::new(4)]);
}

/// The gather in its defined per-element order: for every element j, the
/// parts in order, each adding `part[j - c]` when `lo <= j - c < hi`.
fn gather_reference(start: &[f64], lo: usize, hi: usize, parts: &[(isize, &[f64])]) -> Vec<f64> {
    let mut reference = start.to_vec();
    for (j, d) in reference.iter_mut().enumerate() {
        for &(c, part) in parts {
            let i = j as isize - c;
            if i >= lo as isize && i < hi as isize {
                *d += part[i as usize];
            }
        }
    }
    reference
}

#[test]
fn stencil_gather_matches_serial_gather_and_scatter() {
    let (len, lo, hi) = (10_000, 1, 9_999);
    let offsets: [isize; 4] = [-1, 0, 1, 3];
    let partials: Vec<Vec<f64>> =
        offsets.iter().map(|&c| (0..hi).map(|i| wild((i * 3 + 2usize).wrapping_add_signed(c))).collect()).collect();
    let parts: Vec<(isize, &[f64])> = offsets.iter().zip(&partials).map(|(&c, p)| (c, &p[..])).collect();
    let start: Vec<f64> = (0..len).map(|j| wild(j + 11)).collect();
    let reference = gather_reference(&start, lo, hi, &parts);
    for threads in POOLS {
        let mut dst = start.clone();
        in_pool(threads, || stencil_gather(&mut dst, lo, hi, &parts));
        assert_eq!(bits(&dst), bits(&reference), "{threads} threads");
    }
    // The serial scatter adds the same terms in another order.
    let mut scatter = start.clone();
    for i in lo..hi {
        for &(c, part) in &parts {
            let j = i as isize + c;
            if j >= 0 && (j as usize) < len {
                scatter[j as usize] += part[i];
            }
        }
    }
    for (j, (g, s)) in reference.iter().zip(&scatter).enumerate() {
        assert!((g - s).abs() <= 1e-12 * (1.0 + s.abs()), "element {j}: {g} vs {s}");
    }
    // The edges: element 0 gets only offset -1's partial of iteration 1, and
    // nothing comes from iteration 0 or hi.
    assert_eq!(reference[0], start[0] + partials[0][1]);
    stencil_gather(&mut [] as &mut [f64], lo, hi, &parts);
}

#[test]
fn stencil_gather_keeps_the_order_for_any_offsets() {
    // Offsets that reach past a block, past the whole buffer, in any order,
    // repeated, more than four at once, and one partial shared by several
    // offsets (as a stencil whose neighbours receive the same numbers
    // passes it): every element must get its terms in the parts' order.
    let len = 9_000;
    let cases: [(&[isize], usize, usize); 7] = [
        (&[-256, 256, -1, 1], 0, len),
        (&[5000, -1, 0, 2, -4097, 3, 1], 3, len - 7),
        (&[-20_000, 7], 0, len),
        (&[1, 1, -2], 2, 100),
        (&[0], 0, 0),
        (&[4096, -4096, 8191, -8191, 12], 10, 8_990),
        (&[], 0, len),
    ];
    let start: Vec<f64> = (0..len).map(|j| wild(j + 5)).collect();
    let shared: Vec<f64> = (0..len).map(|i| wild(3 * i + 1)).collect();
    for (offsets, lo, hi) in cases {
        let own: Vec<Vec<f64>> =
            offsets.iter().map(|&c| (0..hi).map(|i| wild(i * 7 + c.unsigned_abs())).collect()).collect();
        for share in [false, true] {
            let parts: Vec<(isize, &[f64])> =
                offsets.iter().zip(&own).map(|(&c, p)| (c, if share { &shared[..] } else { &p[..] })).collect();
            let reference = gather_reference(&start, lo, hi, &parts);
            for threads in POOLS {
                let mut dst = start.clone();
                in_pool(threads, || stencil_gather(&mut dst, lo, hi, &parts));
                assert_eq!(bits(&dst), bits(&reference), "{offsets:?} {lo}..{hi}, shared {share}, {threads} threads");
            }
        }
    }
}

#[test]
#[should_panic(expected = "fewer than the loop's end 5")]
fn stencil_gather_rejects_short_partials() {
    stencil_gather(&mut [0.0f64; 8], 0, 5, &[(1, &[1.0; 4][..])]);
}
