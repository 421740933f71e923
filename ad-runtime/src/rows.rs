//! Buffers of rows: parameters `&[Vec<F>]`, `&Vec<Vec<F>>` and their `&mut`
//! forms (a matrix kept as one `Vec` per row).
//!
//! The macro differentiates such a function on one flat buffer, row `i`
//! at `i * width .. (i + 1) * width`, as it does buffers of arrays. The
//! derivative the user calls copies each buffer of rows, its shadow or
//! tangent into a flat `Vec` (these functions), calls the flat derivative,
//! and copies what it wrote back into the rows. Rows must all have one
//! length, not zero: a ragged buffer would have no width to index by, so
//! the copy panics naming the parameter instead of reading a wrong row.

/// The common length of the rows of `rows`, the parameter `name`: 1 when
/// there are no rows (any width then indexes nothing).
///
/// # Panics
///
/// If the rows differ in length, or have length zero.
#[track_caller]
pub fn row_width<T>(rows: &[Vec<T>], name: &str) -> usize {
    let Some(first) = rows.first() else { return 1 };
    let width = first.len();
    if width == 0 {
        panic!("parad: the rows of `{name}` are empty; a derivative over `Vec` rows needs rows of one nonzero length");
    }
    if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
        panic!(
            "parad: row {i} of `{name}` has length {}, row 0 has {width}; a derivative over `Vec` rows needs rows \
             of one length (ragged rows are not supported)",
            r.len()
        );
    }
    width
}

/// The rows of `rows` one after the other, in a new `Vec`.
pub fn flat_rows<T: Copy>(rows: &[Vec<T>]) -> Vec<T> {
    rows.concat()
}

/// [`flat_rows`] of a shadow or tangent `rows` (the parameter `name`),
/// checked to have the primal's shape: `count` rows of `width`.
///
/// # Panics
///
/// If the shapes differ.
#[track_caller]
pub fn flat_rows_like<T: Copy>(rows: &[Vec<T>], count: usize, width: usize, name: &str) -> Vec<T> {
    if rows.len() != count {
        panic!(
            "parad: `{name}` has {} rows, its primal {count}; a shadow or tangent has the primal's shape",
            rows.len()
        );
    }
    if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
        panic!(
            "parad: row {i} of `{name}` has length {}, the primal's rows {width}; a shadow or tangent has the \
             primal's shape",
            r.len()
        );
    }
    rows.concat()
}

/// Copies `flat` back into `rows`, row by row (the shapes were checked
/// when `flat` was made).
pub fn unflat_rows<T: Copy>(flat: &[T], rows: &mut [Vec<T>]) {
    let mut rest = flat;
    for row in rows {
        let (head, tail) = rest.split_at(row.len());
        row.copy_from_slice(head);
        rest = tail;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_rows_in_order() {
        let rows = vec![vec![1.0, 2.0], vec![3.0, 4.0], vec![5.0, 6.0]];
        assert_eq!(row_width(&rows, "w"), 2);
        let flat = flat_rows(&rows);
        assert_eq!(flat, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let mut back = vec![vec![0.0; 2]; 3];
        unflat_rows(&flat, &mut back);
        assert_eq!(back, rows);
        assert_eq!(row_width::<f64>(&[], "w"), 1);
    }

    #[test]
    #[should_panic(expected = "row 1 of `w` has length 1, row 0 has 2")]
    fn ragged_rows_are_refused() {
        row_width(&[vec![1.0, 2.0], vec![3.0]], "w");
    }

    #[test]
    #[should_panic(expected = "the rows of `w` are empty")]
    fn empty_rows_are_refused() {
        row_width::<f64>(&[vec![], vec![]], "w");
    }

    #[test]
    #[should_panic(expected = "`dw` has 1 rows, its primal 2")]
    fn a_shadow_of_another_shape_is_refused() {
        flat_rows_like(&[vec![0.0; 2]], 2, 2, "dw");
    }
}
