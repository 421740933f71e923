//! Tests of the parallel runtime. Results that must be deterministic are
//! compared bitwise (`to_bits`) across rayon pools of different sizes.

use super::*;

mod merge;

/// Runs `f` in a fresh rayon pool of `threads` threads.
fn in_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

const POOLS: [usize; 4] = [1, 2, 3, 8];

/// Values with varied magnitudes and signs, so that the order of additions
/// changes the rounded result.
fn wild(i: usize) -> f64 {
    let x = i as f64;
    (x * 0.7).sin() * 10f64.powi((i % 7) as i32 - 3) + 1.0 / (x + 0.3)
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn chunk_ranges_cover_the_loop_in_order_and_balanced() {
    let mut cases = vec![(0, 0), (5, 5), (7, 3), (0, 1), (3, 4), (0, 31), (0, 32), (0, 33), (10, 75), (0, 1000)];
    cases.extend((0..70).map(|n| (n % 5, n % 5 + n)));
    for (lo, hi) in cases {
        let count = chunk_count(lo, hi);
        let n = hi.saturating_sub(lo);
        assert_eq!(count, n.min(CHUNKS), "{lo}..{hi}");
        let mut next = lo;
        let sizes: Vec<usize> = (0..count)
            .map(|c| {
                let r = chunk_range(lo, hi, c);
                assert_eq!(r.start, next, "chunk {c} of {lo}..{hi} is not contiguous");
                next = r.end;
                r.len()
            })
            .collect();
        assert_eq!(next, if count == 0 { lo } else { hi }, "{lo}..{hi} not covered");
        if let Some(small) = n.checked_div(count) {
            let extra = n % count;
            for (c, &s) in sizes.iter().enumerate() {
                assert_eq!(s, small + usize::from(c < extra), "chunk {c} of {lo}..{hi}");
                assert!(s > 0);
            }
        }
    }
}

#[test]
#[should_panic(expected = "chunk 3 of a loop 0..3")]
fn chunk_range_past_the_last_chunk_panics() {
    chunk_range(0, 3, 3);
}

#[test]
fn par_for_per_iter_writes_each_owned_element_once() {
    // (len, off, per, lo, hi): per 3 with a short last chunk, offsets and a
    // loop that does not start at zero, fewer iterations than chunks.
    for &(len, off, per, lo, hi) in
        &[(100, 0, 1, 0, 100), (1000, 5, 1, 7, 990), (200, 2, 3, 1, 67), (20, 0, 3, 0, 7), (10, 4, 1, 0, 3)]
    {
        let mut y = vec![-1.0f64; len];
        let calls = std::sync::atomic::AtomicUsize::new(0);
        par_for(lo, hi, (PerIter::new(&mut y, off, per, lo, hi),), |chunk, (mut piece,)| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            assert_eq!(piece.len(), len);
            for k in chunk {
                for j in off + k * per..(off + (k + 1) * per).min(len) {
                    assert_eq!(piece[j], -1.0, "element {j} written twice");
                    piece[j] = j as f64 * 2.0;
                }
            }
        });
        assert_eq!(calls.into_inner(), chunk_count(lo, hi));
        for (j, &v) in y.iter().enumerate() {
            let owned = j >= off + lo * per && j < off + hi * per;
            assert_eq!(v, if owned { j as f64 * 2.0 } else { -1.0 }, "element {j} for {len} {off} {per} {lo} {hi}");
        }
    }
}

#[test]
fn zeroed_pieces_start_from_zeros_whatever_the_buffer_held() {
    // The same (len, off, per, lo, hi) cases, each run twice on one buffer
    // full of garbage, in pools of every size: every chunk must find its
    // elements zero, and the elements no iteration owns end up zero too.
    for &(len, off, per, lo, hi) in &[
        (100, 0, 1, 0, 100),
        (1000, 5, 1, 7, 990),
        (200, 2, 3, 1, 67),
        (20, 0, 3, 0, 7),
        (10, 4, 1, 0, 3),
        (6, 9, 2, 0, 4),
    ] {
        for threads in POOLS {
            let mut y: Vec<f64> = (0..len).map(wild).collect();
            for round in 0..2 {
                in_pool(threads, || {
                    par_for(lo, hi, (PerIter::zeroed(&mut y, off, per, lo, hi),), |chunk, (mut piece,)| {
                        assert_eq!(piece.len(), len);
                        for k in chunk {
                            for j in (off + k * per).min(len)..(off + (k + 1) * per).min(len) {
                                assert_eq!(piece[j], 0.0, "element {j} not zeroed");
                                piece[j] += j as f64 + round as f64;
                            }
                        }
                    })
                });
                for (j, &v) in y.iter().enumerate() {
                    let owned = j >= off + lo * per && j < off + hi * per;
                    let want = if owned { j as f64 + round as f64 } else { 0.0 };
                    assert_eq!(v, want, "element {j} for {len} {off} {per} {lo} {hi}");
                }
            }
        }
    }
}

#[test]
fn piece_indexes_globally_and_by_range() {
    let mut y: Vec<f64> = (0..10).map(|i| i as f64).collect();
    let (first, rest) = PerIter::new(&mut y, 1, 2, 1, 4).split(1, 1);
    let (mut a, mut b) = (first.leaf(), rest.leaf());
    // Iteration 1 owns 3..5, iterations 2 and 3 own 5..9.
    assert_eq!((a[3], a[4], b[5], b[8]), (3.0, 4.0, 5.0, 8.0));
    assert_eq!((a.len(), b.len(), a.is_empty()), (10, 10, false));
    assert_eq!(&b[6..8], &[6.0, 7.0]);
    b[6..8].copy_from_slice(&[60.0, 70.0]);
    a[4] += 0.5;
    assert_eq!(a.as_mut_slice(), &mut [3.0, 4.5]);
    assert_eq!(b.as_slice(), &[5.0, 60.0, 70.0, 8.0]);
    assert_eq!(y, vec![0.0, 1.0, 2.0, 3.0, 4.5, 5.0, 60.0, 70.0, 8.0, 9.0]);
}

#[test]
fn cut_gives_the_second_task_everything_after_the_cut() {
    // Odd lengths, a cut at either end, and a cut past the end (clamped).
    for (len, at) in [(9, 4), (10, 5), (7, 0), (7, 7), (5, 9)] {
        let mut y = vec![0.0f64; len];
        par_for(0, 2, (PerIter::cut(&mut y, at, 0, 2),), |chunk, (mut piece,)| {
            for task in chunk {
                let part = if task == 0 { 0..at.min(len) } else { at.min(len)..len };
                assert_eq!(piece.as_slice().len(), part.len(), "task {task} of {len} cut at {at}");
                for j in part {
                    piece[j] += 1.0 + task as f64;
                }
            }
        });
        let expected: Vec<f64> = (0..len).map(|j| if j < at { 1.0 } else { 2.0 }).collect();
        assert_eq!(y, expected, "{len} cut at {at}");
    }
}

#[test]
#[should_panic(expected = "accessed element(s) 3..5 of a buffer, but its chunk owns only elements 0..4")]
fn cut_panics_when_a_task_reaches_over_the_cut() {
    let mut y = vec![0.0f64; 9];
    let (first, _) = PerIter::cut(&mut y, 4, 0, 2).split(1, 1);
    let piece = first.leaf();
    let _ = &piece[3..5];
}

fn middle_piece(y: &mut [f64]) -> Piece<'_, f64> {
    // The middle of three iterations over 0..9 with per 3: owns 3..6.
    let (_, rest) = PerIter::new(y, 0, 3, 0, 3).split(1, 1);
    rest.split(1, 1).0.leaf()
}

#[test]
#[should_panic(expected = "accessed element(s) 6..7 of a buffer, but its chunk owns only elements 3..6")]
fn piece_panics_past_its_elements() {
    let mut y = vec![0.0; 9];
    let piece = middle_piece(&mut y);
    let _ = piece[6];
}

#[test]
#[should_panic(expected = "owns only elements 3..6")]
fn piece_panics_before_its_elements_when_writing() {
    let mut y = vec![0.0; 9];
    let mut piece = middle_piece(&mut y);
    piece[2] = 1.0;
}

#[test]
#[should_panic(expected = "accessed element(s) 4..7")]
fn piece_panics_on_a_range_it_does_not_own() {
    let mut y = vec![0.0; 9];
    let piece = middle_piece(&mut y);
    let _ = &piece[4..7];
}

#[test]
#[should_panic(expected = "accessed element(s) 2..3 of a buffer, but its chunk owns only elements 3..6")]
fn piece_panics_before_its_elements_when_reading() {
    let mut y = vec![0.0; 9];
    let piece = middle_piece(&mut y);
    let _ = piece[2];
}

#[test]
#[should_panic(expected = "accessed element(s) 6..7 of a buffer, but its chunk owns only elements 3..6")]
fn piece_panics_past_its_elements_when_adding() {
    let mut y = vec![0.0; 9];
    let mut piece = middle_piece(&mut y);
    piece[6] += 1.0;
}

#[test]
fn inactive_piece_reads_zero_and_swallows_writes() {
    let mut empty: Vec<f64> = Vec::new();
    let mut seen = Vec::new();
    let seen_lock = std::sync::Mutex::new(&mut seen);
    par_for(0, 50, (PerIter::new(&mut empty, 0, 1, 0, 50).inactive_when_empty(),), |chunk, (mut dy,)| {
        assert!(dy.is_empty());
        assert_eq!(dy.len(), 0);
        for i in chunk {
            dy[i] += 3.0;
            dy[i] *= 2.0;
            seen_lock.lock().unwrap().push(dy[i]);
            assert!(dy[i..i + 2].is_empty() && dy.as_mut_slice().is_empty());
        }
    });
    assert_eq!(seen, vec![0.0; 50]);
}

#[test]
#[should_panic(expected = "owns only elements 0..0")]
fn pieces_of_an_empty_buffer_own_nothing() {
    let mut empty: Vec<f64> = Vec::new();
    par_for(0, 5, (PerIter::new(&mut empty, 0, 1, 0, 5),), |chunk, (mut dy,)| {
        for i in chunk {
            dy[i] += 1.0;
        }
    });
}

#[test]
fn pieces_split_alike_take_one_first_index() {
    let mut a: Vec<f64> = (0..30).map(|i| i as f64).collect();
    let mut b = vec![0.0; 30];
    par_for(0, 10, (PerIter::new(&mut a, 0, 3, 0, 10), PerIter::new(&mut b, 0, 3, 0, 10)), |chunk, (a, b)| {
        let first = chunk.start * 3;
        let (a, mut b) = (a.at(first), b.at(first));
        for i in chunk {
            for k in 3 * i..3 * i + 3 {
                b[k] = 2.0 * a[k];
            }
        }
    });
    assert!(b.iter().enumerate().all(|(k, &v)| v == 2.0 * k as f64));
    // Tied by length, as generated code does for a stencil's partials.
    let mut c = vec![1.0; 30];
    par_for(0, 10, (PerIter::new(&mut a, 0, 3, 0, 10), PerIter::zeroed(&mut c, 0, 3, 0, 10)), |chunk, (a, c)| {
        let first = chunk.start * 3;
        let a = a.at(first);
        let mut c = c.at(first).as_long_as(&a);
        for k in 3 * chunk.start..3 * chunk.end {
            c[k] += a[k];
        }
    });
    assert_eq!(c, a);
    // A piece that owns nothing (the clamped end of a buffer) takes any.
    let mut short = vec![0.0; 4];
    par_for(0, 3, (PerIter::new(&mut short, 0, 2, 0, 3),), |chunk, (piece,)| {
        let piece = piece.at(chunk.start * 2);
        assert_eq!(piece.as_slice().len(), if chunk.start == 2 { 0 } else { 2 });
    });
}

#[test]
#[should_panic(expected = "pieces of buffers split alike own 3 and 2 elements")]
fn pieces_tied_by_length_must_own_as_many() {
    let (mut a, mut b) = (vec![0.0; 9], vec![0.0; 8]);
    // One chunk, iteration 2: elements 6..9 of `a`, 6..8 of the shorter `b`.
    par_for(2, 3, (PerIter::new(&mut a, 0, 3, 2, 3), PerIter::new(&mut b, 0, 3, 2, 3)), |chunk, (a, b)| {
        let first = chunk.start * 3;
        let b = b.at(first);
        let _ = a.at(first).as_long_as(&b);
    });
}

#[test]
#[should_panic(expected = "owns only elements 3..6")]
fn a_wrong_first_index_panics() {
    let mut a = vec![0.0; 9];
    // One chunk, iteration 1, which owns elements 3..6.
    par_for(1, 2, (PerIter::new(&mut a, 0, 3, 1, 2),), |chunk, (piece,)| {
        let _ = piece.at(chunk.start * 2);
    });
}

#[test]
fn whole_pieces_are_saved_and_restored_per_chunk() {
    // Two passes of a loop over rows of 3 that overwrites its rows, as a
    // time loop does: each chunk saves its rows before, and the reversed
    // passes restore them, each chunk from its own stack.
    let start: Vec<f64> = (0..20).map(|k| k as f64).collect();
    let mut y = start.clone();
    let mut stacks: Vec<Vec<f64>> = Vec::new();
    let hi = y.len().div_ceil(3);
    let mut states = vec![y.clone()];
    for pass in 0..2 {
        par_for(
            0,
            hi,
            (PerIter::new(&mut y, 0, 3, 0, hi), PerChunk::new(&mut stacks, 0, hi)),
            |chunk, (row, stack)| {
                let mut row = row.at(chunk.start * 3);
                save_piece(stack, &row);
                for k in 3 * chunk.start..(3 * chunk.end).min(20) {
                    row[k] = row[k] * 2.0 + pass as f64;
                }
            },
        );
        states.push(y.clone());
    }
    for pass in (0..2).rev() {
        par_for(
            0,
            hi,
            (PerIter::new(&mut y, 0, 3, 0, hi), PerChunk::new(&mut stacks, 0, hi)),
            |chunk, (row, stack)| {
                let mut row = row.at(chunk.start * 3);
                restore_piece(stack, &mut row);
            },
        );
        assert_eq!(y, states[pass]);
    }
    assert!(stacks.iter().all(Vec::is_empty));
}

#[test]
fn par_private_returns_chunk_order() {
    let out = in_pool(8, || par_private(3, 103, (), |chunk, ()| chunk));
    let expected: Vec<_> = (0..chunk_count(3, 103)).map(|c| chunk_range(3, 103, c)).collect();
    assert_eq!(out, expected);
    assert!(par_private(4, 4, (), |_, ()| 0).is_empty());
}

#[test]
fn parallel_sum_is_bitwise_the_same_for_any_pool() {
    let x: Vec<f64> = (0..10_007).map(wild).collect();
    // The reference: chunk partials formed serially in chunk order.
    let mut reference = 0.0;
    for c in 0..chunk_count(0, x.len()) {
        let mut s = 0.0;
        for i in chunk_range(0, x.len(), c) {
            s += x[i];
        }
        reference += s;
    }
    for threads in POOLS {
        let sum = in_pool(threads, || {
            par_private(0, x.len(), (), |chunk, ()| chunk.map(|i| x[i]).fold(0.0, |s, v| s + v))
                .into_iter()
                .fold(0.0, |s, v| s + v)
        });
        assert_eq!(sum.to_bits(), reference.to_bits(), "{threads} threads");
    }
    // The test means something only if another order rounds differently.
    let naive: f64 = x.iter().rev().sum();
    assert_ne!(naive.to_bits(), reference.to_bits());
}

#[test]
fn tape_pushed_forward_is_popped_by_the_adjoint() {
    let n = 1000;
    let x: Vec<f64> = (0..n).map(wild).collect();
    let mut y = vec![0.0; n];
    // Left to inference: the slot type is known to be a Vec from
    // PerChunk::new, and its elements from the push.
    let mut tape_a = Vec::new();
    par_for(
        0,
        n,
        (PerIter::new(&mut y[..], 0, 1, 0, n), PerChunk::new(&mut tape_a, 0, n)),
        |chunk, (mut y, tape_a)| {
            for i in chunk {
                let a = x[i] * 2.0;
                tape_a.push(a);
                y[i] = a * a;
            }
        },
    );
    assert_eq!(tape_a.len(), chunk_count(0, n));
    let mut dy = vec![1.5; n];
    // As generated code writes it, except that a piece the body writes must
    // be bound `mut`: it comes by value.
    let parts = par_private(
        0,
        n,
        (PerIter::new(&mut dy[..], 0, 1, 0, n), PerChunk::new(&mut tape_a, 0, n)),
        |chunk, (mut dy, tape_a)| {
            let mut dk = 0.0;
            for i in chunk.rev() {
                let a: f64 = tape_a.pop().unwrap();
                dk += dy[i] * a;
                dy[i] = 0.0;
            }
            dk
        },
    );
    assert!(tape_a.iter().all(Vec::is_empty), "every pushed value is popped");
    assert!(dy.iter().all(|&d| d == 0.0));
    for (c, part) in parts.iter().enumerate() {
        let expected = chunk_range(0, n, c).rev().fold(0.0, |s, i| s + 1.5 * (x[i] * 2.0));
        assert_eq!(part.to_bits(), expected.to_bits(), "chunk {c}");
    }
    assert_eq!(y[7], (x[7] * 2.0) * (x[7] * 2.0));
}

#[test]
fn reserve_passes_makes_room_for_the_later_passes_once() {
    // A loop of 100 iterations run in 6 passes, pushing one value per
    // iteration and pass: after the first pass each stack has room for all
    // six, so the later passes do not move it.
    let (n, passes) = (100, 6);
    let mut tape: Vec<Vec<usize>> = Vec::new();
    let mut where_after_first = Vec::new();
    for pass in 0..passes {
        par_for(0, n, (PerChunk::new(&mut tape, 0, n),), |chunk, (stack,)| {
            for i in chunk {
                stack.push(i + pass * n);
            }
        });
        reserve_passes(&mut tape, pass, passes);
        if pass == 0 {
            for (c, stack) in tape.iter().enumerate() {
                assert!(stack.capacity() >= passes * chunk_range(0, n, c).len());
            }
            where_after_first = tape.iter().map(|s| (s.as_ptr(), s.capacity())).collect();
        }
    }
    let where_at_end: Vec<_> = tape.iter().map(|s| (s.as_ptr(), s.capacity())).collect();
    assert_eq!(where_at_end, where_after_first, "no stack reallocated after the first pass");
    for (c, stack) in tape.iter().enumerate() {
        let want: Vec<usize> = (0..passes).flat_map(|p| chunk_range(0, n, c).map(move |i| i + p * n)).collect();
        assert_eq!(stack, &want);
    }
    // A reservation past what memory can hold is skipped, not a panic.
    let mut huge = vec![vec![0u64; 8]];
    reserve_passes(&mut huge, 0, usize::MAX);
    assert_eq!(huge[0], vec![0; 8]);
}

#[test]
fn per_chunk_grows_but_never_shrinks() {
    let mut v: Vec<u32> = vec![7; 40];
    par_for(0, 5, (PerChunk::with_default(&mut v, 0, 5),), |chunk, (slot,)| *slot = chunk.start as u32);
    assert_eq!(v.len(), 40);
    assert_eq!(&v[..6], &[0, 1, 2, 3, 4, 7]);
    let mut w: Vec<Vec<f32>> = Vec::new();
    let _ = PerChunk::new(&mut w, 0, 100);
    assert_eq!(w.len(), CHUNKS);
}

#[test]
fn tuples_split_every_element_at_the_same_boundary() {
    let (mut a, mut b, mut c) = (vec![0usize; 64], vec![0usize; 128], Vec::new());
    let parts =
        (PerIter::new(&mut a, 0, 1, 0, 64), (PerIter::new(&mut b, 0, 2, 0, 64), ()), PerChunk::new(&mut c, 0, 64));
    par_for(0, 64, parts, |chunk, (mut a, (mut b, ()), c)| {
        for i in chunk {
            a[i] = i;
            b[2 * i] = i;
            b[2 * i + 1] = i;
            c.push(i);
        }
    });
    assert!(a.iter().enumerate().all(|(i, &v)| v == i));
    assert!(b.iter().enumerate().all(|(j, &v)| v == j / 2));
    assert_eq!(c.concat(), (0..64).collect::<Vec<_>>());
}
