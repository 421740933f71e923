//! Where snapshots live: in memory or in files.

use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Snap, State};

/// Holds the snapshots of a loop's state `S`, by slot number: what a
/// [`Driver`](super::Driver) executes `Snapshot`, `Restore` and `Free`
/// with.
///
/// `get` restores *into* a state rather than returning one, so that a
/// state with buffers (`Vec`s) is overwritten in place: restoring allocates
/// nothing.
pub trait Store<S> {
    /// Stores `state` in `slot`, replacing what it held.
    fn put(&mut self, slot: usize, state: &S);

    /// Overwrites `state` with the state stored in `slot`.
    ///
    /// # Panics
    ///
    /// If `slot` holds no state.
    fn get(&mut self, slot: usize, state: &mut S);

    /// The state in `slot` is no longer needed.
    fn free(&mut self, slot: usize);
}

/// Snapshots in memory: `slots[i]` holds a copy of slot `i`'s state (its
/// [`State::Saved`]; `S` here is that copy's type).
///
/// A freed slot keeps its buffer (its `Vec`s keep their capacity) for the
/// next snapshot into it, so a schedule allocates once per slot, not once
/// per snapshot. The memory held is therefore that of the most slots the
/// schedule uses, which for [`Binomial`](super::Binomial) and
/// [`Online`](super::Online) is the number of snapshots.
#[derive(Clone, Debug)]
pub struct MemoryStore<S> {
    slots: Vec<Option<S>>,
    filled: Vec<bool>,
}

impl<S> MemoryStore<S> {
    /// An empty store; it grows to the slot numbers it is given.
    pub fn new() -> Self {
        MemoryStore { slots: Vec::new(), filled: Vec::new() }
    }

    /// An empty store with room for slots `0..slots` without reallocating
    /// its table.
    pub fn with_slots(slots: usize) -> Self {
        MemoryStore { slots: Vec::with_capacity(slots), filled: Vec::with_capacity(slots) }
    }

    /// Marks `slot` empty; its buffers stay for the next snapshot into it.
    /// (The same as [`Store::free`], which cannot tell the state type from
    /// a slot number alone.)
    pub fn free(&mut self, slot: usize) {
        if let Some(f) = self.filled.get_mut(slot) {
            *f = false;
        }
    }

    /// The number of slots holding a state.
    pub fn filled(&self) -> usize {
        self.filled.iter().filter(|&&f| f).count()
    }
}

impl<S> Default for MemoryStore<S> {
    fn default() -> Self {
        MemoryStore::new()
    }
}

impl<S: State> Store<S> for MemoryStore<S::Saved> {
    fn put(&mut self, slot: usize, state: &S) {
        if self.slots.len() <= slot {
            self.slots.resize_with(slot + 1, || None);
            self.filled.resize(slot + 1, false);
        }
        match &mut self.slots[slot] {
            Some(kept) => state.save_into(kept),
            empty => *empty = Some(state.save()),
        }
        self.filled[slot] = true;
    }

    fn get(&mut self, slot: usize, state: &mut S) {
        match self.slots.get(slot) {
            Some(Some(kept)) if self.filled[slot] => state.restore(kept),
            _ => panic!("checkpoint: slot {slot} holds no snapshot"),
        }
    }

    fn free(&mut self, slot: usize) {
        MemoryStore::free(self, slot);
    }
}

static DISK_STORES: AtomicUsize = AtomicUsize::new(0);

/// Snapshots in files of a directory, one file per slot, for states too
/// large to hold several of in memory.
///
/// The files are named `parad-ckpt-{process id}-{store number}-{slot}`,
/// unique to the store, so that several stores (threads, MPI ranks on a
/// shared file system, runs at once) can share a directory. A freed slot's
/// file is removed, and dropping the store removes the rest, also when a
/// panic unwinds through the store's owner: a failed gradient leaves no
/// files behind. (An aborted process, `panic = "abort"` or a kill, does.)
///
/// Reading and writing errors (a full disk, a directory removed meanwhile)
/// panic with the file's path: generated code has no way to return them.
#[derive(Debug)]
pub struct DiskStore {
    dir: PathBuf,
    prefix: String,
    /// Which slots have a file.
    written: Vec<bool>,
}

impl DiskStore {
    /// A store writing its files in `dir`, which is created if missing.
    ///
    /// # Errors
    ///
    /// When `dir` cannot be created.
    pub fn new(dir: impl AsRef<Path>) -> std::io::Result<Self> {
        let dir = dir.as_ref().to_path_buf();
        fs::create_dir_all(&dir)?;
        let number = DISK_STORES.fetch_add(1, Ordering::Relaxed);
        Ok(DiskStore { dir, prefix: format!("parad-ckpt-{}-{number}", std::process::id()), written: Vec::new() })
    }

    /// The directory of the files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of `slot`.
    pub fn path(&self, slot: usize) -> PathBuf {
        self.dir.join(format!("{}-{slot}", self.prefix))
    }

    fn remove(&mut self, slot: usize) {
        if let Some(w) = self.written.get_mut(slot) {
            if std::mem::take(w) {
                // A file already gone is not worth a panic (which during
                // unwinding would abort): the point is that none remains.
                let _ = fs::remove_file(self.path(slot));
            }
        }
    }
}

impl<S: Snap> Store<S> for DiskStore {
    fn put(&mut self, slot: usize, state: &S) {
        let path = self.path(slot);
        if self.written.len() <= slot {
            self.written.resize(slot + 1, false);
        }
        // Marked before writing, so that a file left half-written by an
        // error is still removed.
        self.written[slot] = true;
        let result = File::create(&path).and_then(|file| {
            let mut w = BufWriter::new(file);
            state.write(&mut w)?;
            w.flush()
        });
        if let Err(e) = result {
            panic!("checkpoint: cannot write the snapshot {}: {e}", path.display());
        }
    }

    fn get(&mut self, slot: usize, state: &mut S) {
        let path = self.path(slot);
        assert!(self.written.get(slot).copied().unwrap_or(false), "checkpoint: slot {slot} holds no snapshot");
        let result = File::open(&path).and_then(|file| state.read_into(&mut BufReader::new(file)));
        if let Err(e) = result {
            panic!("checkpoint: cannot read the snapshot {}: {e}", path.display());
        }
    }

    fn free(&mut self, slot: usize) {
        self.remove(slot);
    }
}

impl Drop for DiskStore {
    fn drop(&mut self) {
        for slot in 0..self.written.len() {
            self.remove(slot);
        }
    }
}
