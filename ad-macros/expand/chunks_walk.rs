use parad::autodiff;

#[autodiff(reverse, d_pairs, Duplicated, Active)]
pub fn pairs(x: &mut [f64]) -> f64 {
    let n = x.len() / 2;
    let (a, b) = x.split_at_mut(n);
    let (achunks, _) = a.as_chunks_mut();
    let (bchunks, _) = b.as_chunks_mut();
    let mut s = 0.0;
    for ([ax, ay], [bx, by]) in achunks.iter_mut().zip(bchunks.iter_mut()) {
        let re = *bx - *by;
        *bx = *ax - re;
        *ay += re;
        s += *ay * *by;
    }
    s
}
