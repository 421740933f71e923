//! Writing a loop's state to a byte stream and reading it back, for
//! snapshots on disk.

use std::io::{self, Read, Write};

/// A state that can be written to a byte stream and read back: what
/// [`DiskStore`](super::DiskStore) needs of a loop's state.
///
/// Implemented for the floats, integers, `bool`, `char`, `()`, `Vec<T>`,
/// `Box<T>`, `Option<T>`, arrays, `&mut [T]` (read back in place) and tuples
/// of up to 12 elements of such
/// types, which covers the states the macro builds (tuples of the variables
/// a loop body mutates). The format is little-endian and has no header: it
/// is only read back by the process that wrote it.
pub trait Snap: Sized {
    /// Writes `self`.
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()>;

    /// Reads a value written by [`Snap::write`].
    fn read<R: Read>(r: &mut R) -> io::Result<Self>;

    /// Reads a value into `self`; types with buffers (`Vec`) override it to
    /// reuse them rather than allocate.
    fn read_into<R: Read>(&mut self, r: &mut R) -> io::Result<()> {
        *self = Self::read(r)?;
        Ok(())
    }
}

macro_rules! snap_number {
    ($($t:ty),*) => {$(
        impl Snap for $t {
            fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
                w.write_all(&self.to_le_bytes())
            }

            fn read<R: Read>(r: &mut R) -> io::Result<Self> {
                let mut bytes = [0; std::mem::size_of::<$t>()];
                r.read_exact(&mut bytes)?;
                Ok(<$t>::from_le_bytes(bytes))
            }
        }
    )*};
}

snap_number!(f32, f64, i8, i16, i32, i64, i128, u8, u16, u32, u64, u128);

/// Lengths and pointer-sized integers are written as 64 bits, so that a
/// value too large for the reading side's `usize` is an error, not a
/// silent truncation.
fn write_len<W: Write>(w: &mut W, n: u64) -> io::Result<()> {
    n.write(w)
}

fn read_len<R: Read>(r: &mut R) -> io::Result<usize> {
    usize::try_from(u64::read(r)?).map_err(|_| invalid("length too large for this platform"))
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("snapshot: {what}"))
}

impl Snap for usize {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        write_len(w, *self as u64)
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        read_len(r)
    }
}

impl Snap for isize {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        (*self as i64).write(w)
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        isize::try_from(i64::read(r)?).map_err(|_| invalid("isize out of range"))
    }
}

impl Snap for bool {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        (*self as u8).write(w)
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        match u8::read(r)? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(invalid("bool neither 0 nor 1")),
        }
    }
}

impl Snap for char {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        (*self as u32).write(w)
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        char::from_u32(u32::read(r)?).ok_or_else(|| invalid("not a char"))
    }
}

impl Snap for () {
    fn write<W: Write>(&self, _: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn read<R: Read>(_: &mut R) -> io::Result<Self> {
        Ok(())
    }
}

impl<T: Snap> Snap for Vec<T> {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        write_len(w, self.len() as u64)?;
        self.iter().try_for_each(|x| x.write(w))
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        let mut v = Vec::new();
        v.read_into(r)?;
        Ok(v)
    }

    fn read_into<R: Read>(&mut self, r: &mut R) -> io::Result<()> {
        let n = read_len(r)?;
        // Elements already there are read in place (keeping their own
        // buffers); only a longer vector allocates.
        self.truncate(n);
        for x in self.iter_mut() {
            x.read_into(r)?;
        }
        while self.len() < n {
            self.push(T::read(r)?);
        }
        Ok(())
    }
}

/// A buffer the loop writes through a borrow: written like a `Vec`, and
/// read back into the same buffer (a snapshot of another length is an
/// error). It cannot be read as a new value, having nowhere to point.
impl<T: Snap> Snap for &mut [T] {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        write_len(w, self.len() as u64)?;
        self.iter().try_for_each(|x| x.write(w))
    }

    fn read<R: Read>(_: &mut R) -> io::Result<Self> {
        Err(invalid("a borrowed slice is read into, not read as a new value"))
    }

    fn read_into<R: Read>(&mut self, r: &mut R) -> io::Result<()> {
        if read_len(r)? != self.len() {
            return Err(invalid("a borrowed slice's length changed"));
        }
        self.iter_mut().try_for_each(|x| x.read_into(r))
    }
}

impl<T: Snap> Snap for Box<T> {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        (**self).write(w)
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        T::read(r).map(Box::new)
    }

    fn read_into<R: Read>(&mut self, r: &mut R) -> io::Result<()> {
        (**self).read_into(r)
    }
}

impl<T: Snap> Snap for Option<T> {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        self.is_some().write(w)?;
        match self {
            Some(x) => x.write(w),
            None => Ok(()),
        }
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        match bool::read(r)? {
            true => T::read(r).map(Some),
            false => Ok(None),
        }
    }
}

impl<T: Snap, const N: usize> Snap for [T; N] {
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        self.iter().try_for_each(|x| x.write(w))
    }

    fn read<R: Read>(r: &mut R) -> io::Result<Self> {
        let v = (0..N).map(|_| T::read(r)).collect::<io::Result<Vec<T>>>()?;
        // The vector has exactly N elements, so the conversion succeeds.
        v.try_into().map_err(|_| invalid("array length"))
    }

    fn read_into<R: Read>(&mut self, r: &mut R) -> io::Result<()> {
        self.iter_mut().try_for_each(|x| x.read_into(r))
    }
}

macro_rules! snap_tuple {
    ($($name:ident $i:tt),+) => {
        impl<$($name: Snap),+> Snap for ($($name,)+) {
            fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
                $(self.$i.write(w)?;)+
                Ok(())
            }

            fn read<R: Read>(r: &mut R) -> io::Result<Self> {
                Ok(($($name::read(r)?,)+))
            }

            fn read_into<R: Read>(&mut self, r: &mut R) -> io::Result<()> {
                $(self.$i.read_into(r)?;)+
                Ok(())
            }
        }
    };
}

snap_tuple!(A 0);
snap_tuple!(A 0, B 1);
snap_tuple!(A 0, B 1, C 2);
snap_tuple!(A 0, B 1, C 2, D 3);
snap_tuple!(A 0, B 1, C 2, D 3, E 4);
snap_tuple!(A 0, B 1, C 2, D 3, E 4, F 5);
snap_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
snap_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
snap_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
snap_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
snap_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
snap_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
