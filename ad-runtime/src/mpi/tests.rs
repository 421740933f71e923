//! Unit tests of the bookkeeping that needs no MPI process: shadows and
//! scratch buffers, masked accumulation, element-type checks. The
//! operations themselves are tested under `mpiexec` by the `mpi-tests`
//! crate.

use super::*;

#[test]
fn missing_shadow_is_zeroed_scratch_of_the_recorded_length() {
    let shadow = Shadow::<f64>::new(None, 3, "test");
    assert_eq!(shadow.get(), &[0.0; 3]);
}

#[test]
fn given_shadow_is_used_and_zeroed_only_in_its_received_part() {
    let mut d = [1.0f32, 2.0, 3.0];
    let mut shadow = Shadow::new(Some(&mut d[..]), 3, "test");
    shadow.get_mut()[2] = 5.0;
    shadow.zero(2);
    assert_eq!(d, [0.0, 0.0, 5.0]);
}

#[test]
#[should_panic(expected = "wrong length")]
fn shadow_of_the_wrong_length_panics() {
    let mut d = [0.0f64; 2];
    Shadow::new(Some(&mut d[..]), 3, "test");
}

#[test]
fn add_into_adds_where_the_mask_allows() {
    let mut d = [1.0f64, 1.0, 1.0];
    add_into(Some(&mut d[..]), &[1.0, 2.0, 3.0], None, "test");
    assert_eq!(d, [2.0, 3.0, 4.0]);
    add_into(Some(&mut d[..]), &[1.0, 2.0, 3.0], Some(&[true, false, true]), "test");
    assert_eq!(d, [3.0, 3.0, 7.0]);
    add_into::<f64>(None, &[1.0], None, "test");
}

#[test]
#[should_panic(expected = "has no receive buffer")]
fn shadow_for_a_missing_buffer_panics() {
    let mut d = [0.0f64];
    absent(&Some(&mut d[..]), "send", "receive");
}

#[test]
#[should_panic(expected = "called with `f32` shadows")]
fn adjoint_checks_the_element_type() {
    let record = Record::new::<f64>(Op::Send { dest: 0, tag: 0, len: 1 });
    record.check_elem::<f32>();
}

#[test]
fn record_reports_its_mask_and_debug() {
    let record = Record::new::<f32>(Op::AllReduce { len: 2, mask: Some(vec![true, false]) });
    assert_eq!(record.mask(), Some(&[true, false][..]));
    assert!(format!("{record:?}").contains("AllReduce"));
    assert_eq!(Record::new::<f32>(Op::Barrier).mask(), None);
}
