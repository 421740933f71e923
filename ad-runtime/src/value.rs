//! Value types: small `Copy` structs (`V3 { x, y, z }`, a particle, a
//! complex number) that differentiated code holds and passes by value.
//!
//! The shadow of a value is a value of the same type, zero as `Default`
//! makes it. Code that moves a value whole (`let b = a`, `g(a)`, `return a`)
//! has an adjoint that adds one shadow into another over every field,
//! including fields the function never names, so generated code adds them
//! through [`Value::add_adjoint`]. `#[autodiff]` on a struct's definition
//! implements it from the fields: floats are added, float arrays element by
//! element, nested value types through their own implementation, and
//! integers, `bool`s and `char`s, which carry no derivative, are left alone.

/// A type whose values differentiated code may move whole: its shadows add
/// field by field. Implemented by `#[autodiff]` on a struct or a fieldless
/// enum, and here for numbers and arrays of values. (Its zero is
/// `Default::default()`, which generated code asks of the types it zeroes.)
#[diagnostic::on_unimplemented(
    message = "`{Self}` is used by value in differentiated code, whose derivative adds its shadows field by field",
    label = "a value of this type is moved whole here",
    note = "put `#[autodiff]` on the definition of `{Self}` (it needs `#[derive(Clone, Copy, Default)]` too)"
)]
pub trait Value: Copy {
    /// Adds `other` into `self`, field by field: the adjoint of a copy.
    fn add_adjoint(&mut self, other: &Self);
}

impl Value for f64 {
    #[inline(always)]
    fn add_adjoint(&mut self, other: &Self) {
        *self += *other;
    }
}

impl Value for f32 {
    #[inline(always)]
    fn add_adjoint(&mut self, other: &Self) {
        *self += *other;
    }
}

/// Integers, `bool` and `char` are data, not derivatives: nothing to add,
/// and [`Data`].
macro_rules! no_derivative {
    ($($t:ty),*) => {$(
        impl Value for $t {
            #[inline(always)]
            fn add_adjoint(&mut self, _: &Self) {}
        }
        impl Data for $t {}
    )*};
}
no_derivative!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, bool, char);

impl<T: Value, const N: usize> Value for [T; N] {
    #[inline(always)]
    fn add_adjoint(&mut self, other: &Self) {
        for (a, b) in self.iter_mut().zip(other) {
            a.add_adjoint(b);
        }
    }
}

/// The zero of `T`, typed by a value of it: the shadow a generated call
/// lends for a value passed twice, where the macro does not know its type.
#[inline(always)]
pub fn zero_like<T: Default>(_: &T) -> T {
    T::default()
}

/// Numbers that carry no derivative: integers, `bool` and `char`.
#[diagnostic::on_unimplemented(
    message = "parad took this field for integer data, which carries no derivative, but it is `{Self}`",
    label = "a field of a type the macro cannot see, read only in casts",
    note = "bind the field with its type before the cast (`let v: {Self} = s.field;`), so that its derivative flows on"
)]
pub trait Data: Copy {}

/// `x` itself, where `x` must be [`Data`]: a struct field whose type the
/// macro cannot see and that the function only casts (`p.m as f64`) is
/// taken for integer data, and generated code reads it through `data`, so
/// that rustc rejects the guess where the field holds floats.
#[inline(always)]
pub fn data<T: Data>(x: T) -> T {
    x
}
