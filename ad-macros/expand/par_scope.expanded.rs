#[allow(dead_code)]
pub fn scoped_rows(y: &mut [f64], k: f64) {
    rayon::scope(|s| {
        for (c, row) in y.chunks_mut(4).enumerate() {
            let kc = k * (1.0 + 0.1 * c as f64);
            s.spawn(move |_| {
                for v in row.iter_mut() {
                    *v = (*v * kc).sin() + 0.5 * *v;
                }
            });
        }
    });
}
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_fwd_scoped_rows(
    y: &mut [f64],
    k: f64,
) -> ((), impl ::core::ops::FnOnce(&mut [f64], &mut [f64], ()) -> (f64,) + use<>) {
    let mut tape_hi_2 = ::parad::__private::ChunkTapes::new();
    let mut saved_y = ::parad::__private::ChunkTapes::new();
    let hi = y.len().div_ceil(4);
    ::parad::__private::par_for(
        0,
        hi,
        (
            ::parad::__private::PerIter::new(&mut y[..], 0, 4, 0, hi),
            ::parad::__private::PerChunk::new(&mut tape_hi_2, 0, hi),
            ::parad::__private::PerChunk::new(&mut saved_y, 0, hi),
        ),
        |chunk, (y, tape_hi_2, saved_y)| {
            let first = chunk.start * 4;
            let mut y = y.at(first);
            let k = k;
            for i in chunk {
                let kc = k * (1.0 + 0.1 * i as f64);
                let hi_2 = 4.min(y.len() - i * 4);
                for i_2 in 0..hi_2 {
                    let sin = (y[i * 4 + i_2] * kc).sin();
                    saved_y.push(y[i * 4 + i_2]);
                    y[i * 4 + i_2] = sin + 0.5 * y[i * 4 + i_2];
                }
                tape_hi_2.push(hi_2);
            }
        },
    );
    let reverse = move |y: &mut [f64], dy: &mut [f64], seed: ()| -> (f64,) {
        let mut dy = ::parad::__private::ShadowSlice::new(dy);
        let mut dk: f64 = 0.0;
        let _ = seed;
        let private_shadows = ::parad::__private::par_private(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(dy.as_mut_slice(), 0, 4, 0, hi)
                    .inactive_when_empty(),
                ::parad::__private::PerIter::new(&mut y[..], 0, 4, 0, hi),
                ::parad::__private::PerChunk::new(&mut tape_hi_2, 0, hi),
                ::parad::__private::PerChunk::new(&mut saved_y, 0, hi),
            ),
            |chunk_2, (dy, y, tape_hi_2, saved_y)| {
                let first_2 = chunk_2.start * 4;
                let mut dy = dy.at(first_2);
                let mut y = y.at(first_2);
                let mut dk = 0.0;
                let k = k;
                for i in chunk_2.rev() {
                    let kc = k * (1.0 + 0.1 * i as f64);
                    let hi_2 = tape_hi_2.pop().unwrap();
                    let mut dkc = 0.0;
                    for i_2 in (0..hi_2).rev() {
                        y[i * 4 + i_2] = saved_y.pop().unwrap();
                        let g = dy[i * 4 + i_2];
                        dy[i * 4 + i_2] = 0.0;
                        let mut dsin = g;
                        let g_2 = dsin * (y[i * 4 + i_2] * kc).cos();
                        dy[i * 4 + i_2] += g * 0.5 + g_2 * kc;
                        dkc += g_2 * y[i * 4 + i_2];
                    }
                    dk += dkc * (1.0 + 0.1 * i as f64);
                }
                (dk,)
            },
        );
        for part in &private_shadows {
            dk += part.0;
        }
        (dk,)
    };
    ((), reverse)
}
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_tan_scoped_rows(
    y: &mut [f64],
    ty: &mut [f64],
    k: f64,
    mut tk: f64,
) -> ((), ()) {
    let mut ty = ::parad::__private::ShadowSlice::new(ty);
    let hi = y.len().div_ceil(4);
    ::parad::__private::par_for(
        0,
        hi,
        (
            ::parad::__private::PerIter::new(&mut y[..], 0, 4, 0, hi),
            ::parad::__private::PerIter::new(ty.as_mut_slice(), 0, 4, 0, hi)
                .inactive_when_empty(),
        ),
        |chunk, (y, ty)| {
            let first = chunk.start * 4;
            let mut y = y.at(first);
            let mut ty = ty.at(first);
            let k = k;
            let tk = tk;
            for i in chunk {
                let tkc = tk * (1.0 + 0.1 * i as f64);
                let kc = k * (1.0 + 0.1 * i as f64);
                let hi_2 = 4.min(y.len() - i * 4);
                for i_2 in 0..hi_2 {
                    let tsin = (ty[i * 4 + i_2] * kc + y[i * 4 + i_2] * tkc)
                        * (y[i * 4 + i_2] * kc).cos();
                    let sin = (y[i * 4 + i_2] * kc).sin();
                    ty[i * 4 + i_2] = tsin + 0.5 * ty[i * 4 + i_2];
                    y[i * 4 + i_2] = sin + 0.5 * y[i * 4 + i_2];
                }
            }
        },
    );
    ((), ())
}
/// Reverse-mode derivative of [`scoped_rows`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_scoped_rows(y: &mut [f64], dy: &mut [f64], k: f64) -> () {
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut tape_hi_2 = ::parad::__private::ChunkTapes::new();
    let mut saved_y = ::parad::__private::ChunkTapes::new();
    let hi = y.len().div_ceil(4);
    ::parad::__private::par_for(
        0,
        hi,
        (
            ::parad::__private::PerIter::new(&mut y[..], 0, 4, 0, hi),
            ::parad::__private::PerChunk::new(&mut tape_hi_2, 0, hi),
            ::parad::__private::PerChunk::new(&mut saved_y, 0, hi),
        ),
        |chunk, (y, tape_hi_2, saved_y)| {
            let first = chunk.start * 4;
            let mut y = y.at(first);
            let k = k;
            for i in chunk {
                let kc = k * (1.0 + 0.1 * i as f64);
                let hi_2 = 4.min(y.len() - i * 4);
                for i_2 in 0..hi_2 {
                    let sin = (y[i * 4 + i_2] * kc).sin();
                    saved_y.push(y[i * 4 + i_2]);
                    y[i * 4 + i_2] = sin + 0.5 * y[i * 4 + i_2];
                }
                tape_hi_2.push(hi_2);
            }
        },
    );
    let y_result = y.to_vec();
    let dy = &mut dy[..y.len()];
    let mut dk: f64 = 0.0;
    ::parad::__private::par_for(
        0,
        hi,
        (
            ::parad::__private::PerIter::new(&mut dy[..], 0, 4, 0, hi),
            ::parad::__private::PerIter::new(&mut y[..], 0, 4, 0, hi),
            ::parad::__private::PerChunk::new(&mut tape_hi_2, 0, hi),
            ::parad::__private::PerChunk::new(&mut saved_y, 0, hi),
        ),
        |chunk_2, (dy, y, tape_hi_2, saved_y)| {
            let first_2 = chunk_2.start * 4;
            let mut dy = dy.at(first_2);
            let mut y = y.at(first_2).as_long_as(&dy);
            let k = k;
            for i in chunk_2.rev() {
                let kc = k * (1.0 + 0.1 * i as f64);
                let hi_2 = tape_hi_2.pop().unwrap();
                for i_2 in (0..hi_2).rev() {
                    y[i * 4 + i_2] = saved_y.pop().unwrap();
                    let g = dy[i * 4 + i_2];
                    dy[i * 4 + i_2] = 0.0;
                    let mut dsin = g;
                    dy[i * 4 + i_2] += g * 0.5 + dsin * (y[i * 4 + i_2] * kc).cos() * kc;
                }
            }
        },
    );
    y.copy_from_slice(&y_result);
}
