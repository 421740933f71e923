//! Typed ids. The IR numbers its variables, statements and blocks densely
//! from 0, and the analyses keep tables by those numbers; a newtype per
//! kind of id keeps a statement id out of a table of variables, and
//! `IdVec` is a vector that only its own kind of id indexes.

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A dense id: the position of an element in the table that minted it.
/// `from_index` mints one (in `IdVec::push`, and in the statement and
/// block counters of the lowering, `prepare` and `number_blocks`); `index`
/// gives the number back, for `IdVec` and wherever a number is the point.
pub trait Id: Copy + Eq {
    fn from_index(i: usize) -> Self;
    fn index(self) -> usize;
}

/// Declares an id type: a `u32` newtype, ordered and hashable, that
/// implements `Id` (the kernel IR declares its own with it).
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(u32);

        impl $crate::ids::Id for $name {
            fn from_index(i: usize) -> Self {
                $name(u32::try_from(i).expect("fewer than 2^32 ids"))
            }
            fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}
pub(crate) use id_type;

id_type! {
    /// A variable of a function: an index of `Function::vars`.
    VarId
}
id_type! {
    /// A statement of a function, unique in it (`Stmt::id`).
    StmtId
}
id_type! {
    /// A block of a function, unique in it once `number_blocks` has run;
    /// the body is the first.
    BlockId
}

impl BlockId {
    /// The function body's block.
    pub const BODY: BlockId = BlockId(0);
}

/// A vector indexed by one kind of id: `push` mints the ids, in order, and
/// a table beside it (`IdVec::filled(value, other.len())`) is indexed by
/// the same ones. It has no `usize` indexing and no slice view on purpose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdVec<I, T> {
    raw: Vec<T>,
    id: PhantomData<fn(I) -> I>,
}

impl<I: Id, T> IdVec<I, T> {
    /// An empty vector: no id minted yet.
    pub fn new() -> Self {
        IdVec { raw: Vec::new(), id: PhantomData }
    }
    /// `n` copies of `value`, like `vec![value; n]`.
    pub fn filled(value: T, n: usize) -> Self
    where
        T: Clone,
    {
        IdVec { raw: vec![value; n], id: PhantomData }
    }
    /// Appends `value`; returns its id.
    pub fn push(&mut self, value: T) -> I {
        self.raw.push(value);
        I::from_index(self.raw.len() - 1)
    }
    /// The number of elements, which is the number of ids minted.
    pub fn len(&self) -> usize {
        self.raw.len()
    }
    /// Whether no id was minted.
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }
    /// The element of `id`, if the vector reaches it.
    pub fn get(&self, id: I) -> Option<&T> {
        self.raw.get(id.index())
    }
    /// The ids of the elements, in order.
    pub fn ids(&self) -> impl Iterator<Item = I> {
        (0..self.raw.len()).map(I::from_index)
    }
    /// The elements, in the order of their ids.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.raw.iter()
    }
    /// The elements with their ids, in order.
    pub fn iter_enumerated(&self) -> impl Iterator<Item = (I, &T)> {
        self.raw.iter().enumerate().map(|(i, t)| (I::from_index(i), t))
    }
}

impl<I: Id, T> Default for IdVec<I, T> {
    fn default() -> Self {
        IdVec::new()
    }
}

impl<I: Id, T> Index<I> for IdVec<I, T> {
    type Output = T;
    fn index(&self, id: I) -> &T {
        &self.raw[id.index()]
    }
}

impl<I: Id, T> IndexMut<I> for IdVec<I, T> {
    fn index_mut(&mut self, id: I) -> &mut T {
        &mut self.raw[id.index()]
    }
}

impl<'a, I: Id, T> IntoIterator for &'a IdVec<I, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.raw.iter()
    }
}

impl<I: Id, T> FromIterator<T> for IdVec<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(iter: It) -> Self {
        IdVec { raw: iter.into_iter().collect(), id: PhantomData }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_mints_the_ids_that_index() {
        let mut v: IdVec<VarId, &str> = IdVec::new();
        let (a, b) = (v.push("a"), v.push("b"));
        assert_eq!((a.index(), b.index()), (0, 1));
        assert_eq!((v[a], v[b]), ("a", "b"));
        let mut side = IdVec::<VarId, bool>::filled(false, v.len());
        side[b] = true;
        assert_eq!(v.ids().collect::<Vec<_>>(), [a, b]);
        assert_eq!(side.iter_enumerated().filter(|(_, &x)| x).map(|(id, _)| id).collect::<Vec<_>>(), [b]);
    }
}
