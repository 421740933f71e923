//! Memory and disk stores, and the snapshot format.

use super::super::{DiskStore, MemoryStore, Snap, Store};
use super::TempDir;

fn round_trip<T: Snap + PartialEq + std::fmt::Debug>(value: T) {
    let mut bytes = Vec::new();
    value.write(&mut bytes).unwrap();
    let back = T::read(&mut bytes.as_slice()).unwrap();
    assert_eq!(back, value);
}

#[test]
fn snap_round_trips() {
    round_trip(1.5f64);
    round_trip(-0.0f32);
    round_trip(f64::NAN.to_bits());
    round_trip((i8::MIN, i16::MAX, i32::MIN, i64::MAX, i128::MIN, u8::MAX, u16::MAX, u32::MAX));
    round_trip((u64::MAX, u128::MAX, usize::MAX, isize::MIN, true, false, 'λ', ()));
    round_trip(vec![1.0, 2.0, 3.0]);
    round_trip(vec![vec![1.0f32], vec![], vec![2.0, 3.0]]);
    round_trip([[1u8, 2], [3, 4], [5, 6]]);
    round_trip((Some(Box::new(3.0)), None::<f64>, [0.5f64; 4]));
    round_trip((vec![0.25f64; 1000], 7usize, 1.0f64, vec![1i32, -1], [true; 2], 'x', 2u8, (1.0f64,)));
    // A NaN compares unequal, so check its bits.
    let mut bytes = Vec::new();
    f64::NAN.write(&mut bytes).unwrap();
    assert_eq!(f64::read(&mut bytes.as_slice()).unwrap().to_bits(), f64::NAN.to_bits());
}

#[test]
fn snap_errors() {
    // Truncated input, a bad bool, a bad char.
    assert!(f64::read(&mut [0u8; 7].as_slice()).is_err());
    assert!(Vec::<f64>::read(&mut [3u8, 0, 0, 0, 0, 0, 0, 0, 1].as_slice()).is_err());
    assert!(bool::read(&mut [2u8].as_slice()).is_err());
    assert!(char::read(&mut 0xD800u32.to_le_bytes().as_slice()).is_err());
}

#[test]
fn read_into_reuses_buffers() {
    let mut bytes = Vec::new();
    (vec![1.0f64; 10], vec![vec![2.0f64; 5]]).write(&mut bytes).unwrap();
    let mut state = (Vec::with_capacity(64), vec![Vec::with_capacity(64)]);
    let (outer, inner) = (state.0.as_ptr(), state.1[0].as_ptr());
    state.read_into(&mut bytes.as_slice()).unwrap();
    assert_eq!(state, (vec![1.0; 10], vec![vec![2.0; 5]]));
    assert_eq!((state.0.as_ptr(), state.1[0].as_ptr()), (outer, inner), "read in place");
}

#[test]
fn memory_store_keeps_buffers() {
    let mut store = MemoryStore::new();
    store.put(2, &vec![1.0; 100]);
    store.put(0, &vec![0.0; 3]);
    assert_eq!(store.filled(), 2);
    let mut state = Vec::new();
    store.get(2, &mut state);
    assert_eq!(state, vec![1.0; 100]);
    store.free(2);
    assert_eq!(store.filled(), 1);
    // A freed slot is empty, and a snapshot into it reuses its buffer.
    let again = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| store.get(2, &mut state)));
    assert!(again.is_err());
    store.put(2, &vec![2.0; 50]);
    store.get(2, &mut state);
    assert_eq!(state, vec![2.0; 50]);
}

#[test]
fn disk_store_files() {
    let dir = TempDir::new("store");
    let mut a = DiskStore::new(dir.0.join("nested")).unwrap();
    let mut b = DiskStore::new(dir.0.join("nested")).unwrap();
    assert_ne!(a.path(0), b.path(0), "two stores, two files");
    let state = (vec![1.0f64, 2.0], 3u32);
    Store::<(Vec<f64>, u32)>::put(&mut a, 0, &state);
    Store::<(Vec<f64>, u32)>::put(&mut a, 3, &state);
    Store::<(Vec<f64>, u32)>::put(&mut b, 0, &(vec![], 0));
    assert!(a.path(3).exists() && b.path(0).exists());
    let mut back = (Vec::new(), 0);
    a.get(3, &mut back);
    assert_eq!(back, state);
    Store::<(Vec<f64>, u32)>::free(&mut a, 3);
    assert!(!a.path(3).exists(), "a freed slot's file is removed");
    drop(a);
    drop(b);
    assert_eq!(std::fs::read_dir(dir.0.join("nested")).unwrap().count(), 0);
    assert_eq!(dir.files(), 1, "the directory made, nothing else");
}

/// A state holding a borrowed buffer (a `&mut [f64]` parameter the loop
/// writes): both stores copy its elements and put them back into the same
/// buffer.
#[test]
fn borrowed_buffers_are_restored_in_place() {
    let dir = TempDir::new("borrowed");
    let mut disk = DiskStore::new(&dir.0).unwrap();
    let mut memory = MemoryStore::new();
    let mut buffer = [1.0, 2.0, 3.0];
    let where_it_is = buffer.as_ptr();
    let mut state = (&mut buffer[..], 7usize);
    Store::put(&mut memory, 0, &state);
    Store::put(&mut disk, 0, &state);
    state.0.copy_from_slice(&[9.0; 3]);
    state.1 = 0;
    Store::get(&mut memory, 0, &mut state);
    assert_eq!((&*state.0, state.1), (&[1.0, 2.0, 3.0][..], 7));
    state.0[1] = -1.0;
    Store::get(&mut disk, 0, &mut state);
    assert_eq!((&*state.0, state.1), (&[1.0, 2.0, 3.0][..], 7));
    assert_eq!(state.0.as_ptr(), where_it_is, "put back where it was");
    // A snapshot of another length cannot be read into the buffer.
    let mut short = [0.0; 2];
    let mut other = (&mut short[..], 0usize);
    let wrong = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Store::get(&mut disk, 0, &mut other)));
    assert!(wrong.is_err());
}
