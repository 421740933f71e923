//! Copies of a loop's state, for snapshots in memory.

/// A loop state that [`MemoryStore`](super::MemoryStore) can copy and put
/// back: [`Saved`](State::Saved) is the owned copy.
///
/// The states the macro builds are tuples of the variables a checkpointed
/// loop writes: owned values (numbers, `bool`, `Vec`s, arrays), and the
/// `&mut [T]` parameters the loop writes through, whose copy is a `Vec<T>`
/// put back element by element (the borrow stays where it points). Not a
/// blanket impl over `Clone`, since `&mut [T]` must be one of the types.
pub trait State {
    /// An owned copy of the state.
    type Saved;

    /// A new copy of `self`.
    fn save(&self) -> Self::Saved;

    /// Copies `self` into an existing copy; types with buffers reuse them.
    fn save_into(&self, saved: &mut Self::Saved) {
        *saved = self.save();
    }

    /// Puts a copy back into `self`.
    fn restore(&mut self, saved: &Self::Saved);
}

macro_rules! state_by_copy {
    ($($t:ty),*) => {$(
        impl State for $t {
            type Saved = $t;

            fn save(&self) -> $t {
                *self
            }

            fn restore(&mut self, saved: &$t) {
                *self = *saved;
            }
        }
    )*};
}

state_by_copy!(f32, f64, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, bool, char, ());

impl<T: Clone> State for Vec<T> {
    type Saved = Vec<T>;

    fn save(&self) -> Vec<T> {
        self.clone()
    }

    fn save_into(&self, saved: &mut Vec<T>) {
        saved.clone_from(self);
    }

    fn restore(&mut self, saved: &Vec<T>) {
        self.clone_from(saved);
    }
}

impl<T: Clone, const N: usize> State for [T; N] {
    type Saved = [T; N];

    fn save(&self) -> [T; N] {
        self.clone()
    }

    fn restore(&mut self, saved: &[T; N]) {
        self.clone_from(saved);
    }
}

impl<T: Clone> State for Option<T> {
    type Saved = Option<T>;

    fn save(&self) -> Option<T> {
        self.clone()
    }

    fn restore(&mut self, saved: &Option<T>) {
        self.clone_from(saved);
    }
}

/// A buffer the loop writes through a borrow (a `&mut [f64]` parameter):
/// its elements are copied, and put back into the same buffer.
impl<T: Clone> State for &mut [T] {
    type Saved = Vec<T>;

    fn save(&self) -> Vec<T> {
        self.to_vec()
    }

    fn save_into(&self, saved: &mut Vec<T>) {
        saved.clear();
        saved.extend_from_slice(self);
    }

    fn restore(&mut self, saved: &Vec<T>) {
        self.clone_from_slice(saved);
    }
}

macro_rules! state_tuple {
    ($($name:ident $i:tt),+) => {
        impl<$($name: State),+> State for ($($name,)+) {
            type Saved = ($($name::Saved,)+);

            fn save(&self) -> Self::Saved {
                ($(self.$i.save(),)+)
            }

            fn save_into(&self, saved: &mut Self::Saved) {
                $(self.$i.save_into(&mut saved.$i);)+
            }

            fn restore(&mut self, saved: &Self::Saved) {
                $(self.$i.restore(&saved.$i);)+
            }
        }
    };
}

state_tuple!(A 0);
state_tuple!(A 0, B 1);
state_tuple!(A 0, B 1, C 2);
state_tuple!(A 0, B 1, C 2, D 3);
state_tuple!(A 0, B 1, C 2, D 3, E 4);
state_tuple!(A 0, B 1, C 2, D 3, E 4, F 5);
state_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
state_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
state_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
state_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
state_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
state_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
