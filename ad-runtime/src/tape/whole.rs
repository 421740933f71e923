//! The tape of a vector that a loop overwrites whole.
//!
//! When a loop writes every element of a prefix of a local vector and
//! reads none (a time step writing the next state), its adjoint needs the
//! vector only as it was before the loop, once the loop's adjoint is done.
//! Generated code then calls [`save_whole`] before the loop and
//! [`restore_whole`] after its adjoint, instead of saving each element
//! before its write and restoring it at the write's adjoint.
//!
//! When the loop covers the whole vector, [`save_whole`] moves the vector's
//! storage onto the tape and hands the vector a spare buffer of the same
//! length, whose stale contents the loop overwrites; [`restore_whole`]
//! moves the storage back and keeps the buffer it replaces as a spare. No
//! element is copied either way. When the loop covers a shorter prefix, or
//! the vector is small (under a page: a buffer per save would cost more
//! than the copy), the prefix is copied onto a flat stack and back, what
//! an element-by-element save would have stored.
//!
//! The spares, the saved buffers and the flat stack go to the thread's tape
//! pool when the tape is dropped (see `pool.rs`), the spares with their
//! contents, so that the next call of the same
//! derivative finds one buffer of the right length per saved step: no
//! allocation, no page fault, no zeroing. [`release_tape_memory`] frees
//! them with the other pooled tapes.
//!
//! [`release_tape_memory`]: super::release_tape_memory

use super::pool;
use std::mem;

#[cfg(test)]
#[path = "whole_tests.rs"]
mod tests;

/// The saved states of one vector (see the module's docs), in a
/// pooled `Parts`.
pub struct WholeTape<T: 'static> {
    parts: Parts<T>,
}

/// One save: the vector's own storage, or the length of a prefix copied
/// onto the flat stack.
enum Saved<T> {
    Moved(Vec<T>),
    Prefix(usize),
}

/// What a [`WholeTape`] holds, pooled as one buffer (a type of its own in
/// the pool): its saves, the flat stack of copied prefixes, and spare
/// buffers kept with their lengths and contents.
struct Parts<T> {
    saved: Vec<Saved<T>>,
    flat: Vec<T>,
    spare: Vec<Vec<T>>,
}

impl<T> Default for Parts<T> {
    fn default() -> Self {
        Parts { saved: Vec::new(), flat: Vec::new(), spare: Vec::new() }
    }
}

impl<T: 'static> pool::Buffer for Parts<T> {
    fn bytes(&self) -> usize {
        self.spare
            .iter()
            .map(pool::Buffer::bytes)
            .fold(self.saved.bytes().saturating_add(self.flat.bytes()), usize::saturating_add)
    }
}

/// The smallest vector whose storage a save moves, in bytes: a smaller one
/// is copied onto the flat stack, which costs less than a buffer of its own.
const MOVE_BYTES: usize = pool::MIN_BYTES;

impl<T: 'static> WholeTape<T> {
    /// An empty tape, with the buffers this thread was given back last.
    #[inline]
    pub fn new() -> Self {
        WholeTape { parts: pool::take() }
    }

    /// A buffer of `len` elements whose values do not matter: a spare cut
    /// or grown to `len`, or a new one.
    fn fresh(&mut self, len: usize) -> Vec<T>
    where
        T: Copy + Default,
    {
        match self.parts.spare.pop() {
            Some(mut buf) => {
                buf.resize(len, T::default());
                buf
            }
            None => vec![T::default(); len],
        }
    }
}

impl<T: 'static> Default for WholeTape<T> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

/// Keeps every moved buffer as a spare, empties the saves and the flat
/// stack (keeping their capacity), and gives it all to the pool of the
/// thread that drops the tape.
impl<T: 'static> Drop for WholeTape<T> {
    fn drop(&mut self) {
        let mut parts = mem::take(&mut self.parts);
        for s in parts.saved.drain(..) {
            if let Saved::Moved(buf) = s {
                parts.spare.push(buf);
            }
        }
        parts.flat.clear();
        pool::give(parts);
    }
}

/// A buffer a loop may overwrite whole: a vector (its storage can move) or
/// an array (its prefix is copied). Elements are plain numbers (`Copy`):
/// the spares the pool keeps hold values that nothing owns.
pub trait WholeBuf<T> {
    /// Saves what a loop writing `[0, count)` overwrites.
    fn save_into(&mut self, count: usize, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static;
    /// Puts back the last save.
    fn restore_from(&mut self, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static;
}

impl<T> WholeBuf<T> for Vec<T> {
    fn save_into(&mut self, count: usize, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static,
    {
        if count >= self.len() && mem::size_of_val(self.as_slice()) >= MOVE_BYTES {
            let fresh = tape.fresh(self.len());
            tape.parts.saved.push(Saved::Moved(mem::replace(self, fresh)));
        } else {
            self.as_mut_slice().save_into(count, tape);
        }
    }

    fn restore_from(&mut self, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static,
    {
        if !matches!(tape.parts.saved.last(), Some(Saved::Moved(_))) {
            return self.as_mut_slice().restore_from(tape);
        }
        if let Some(Saved::Moved(buf)) = tape.parts.saved.pop() {
            let used = mem::replace(self, buf);
            tape.parts.spare.push(used);
        }
    }
}

impl<T, const N: usize> WholeBuf<T> for [T; N] {
    fn save_into(&mut self, count: usize, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static,
    {
        self.as_mut_slice().save_into(count, tape);
    }

    fn restore_from(&mut self, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static,
    {
        self.as_mut_slice().restore_from(tape);
    }
}

impl<T> WholeBuf<T> for [T] {
    fn save_into(&mut self, count: usize, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static,
    {
        let prefix = &self[..count.min(self.len())];
        tape.parts.flat.extend_from_slice(prefix);
        tape.parts.saved.push(Saved::Prefix(prefix.len()));
    }

    fn restore_from(&mut self, tape: &mut WholeTape<T>)
    where
        T: Copy + Default + 'static,
    {
        let flat = &mut tape.parts.flat;
        match tape.parts.saved.pop() {
            Some(Saved::Prefix(len)) if len <= flat.len() => {
                let start = flat.len() - len;
                self[..len].copy_from_slice(&flat[start..]);
                flat.truncate(start);
            }
            _ => nothing_saved(),
        }
    }
}

#[cold]
#[inline(never)]
fn nothing_saved() -> ! {
    panic!("parad: a whole-buffer restore found no matching save (a bug in parad)")
}

/// Before a loop that writes every element of `buf[..count]` and nothing
/// else of `buf`, and reads none: saves what it will overwrite on `tape`.
/// A `count` at or past the length moves the storage (no copy).
#[inline]
pub fn save_whole<T: Copy + Default + 'static, B: WholeBuf<T> + ?Sized>(
    tape: &mut WholeTape<T>,
    buf: &mut B,
    count: usize,
) {
    buf.save_into(count, tape);
}

/// After that loop's adjoint: `buf` back as [`save_whole`] found it.
///
/// # Panics
///
/// If the tape holds no save (a bug in the generated code).
#[inline]
pub fn restore_whole<T: Copy + Default + 'static, B: WholeBuf<T> + ?Sized>(tape: &mut WholeTape<T>, buf: &mut B) {
    buf.restore_from(tape);
}
