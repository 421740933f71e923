//! Type inference for the kernel subset: unification over type slots, as
//! rustc does for this subset. An unsuffixed literal starts as "some float"
//! or "some integer" and takes the type of what it meets; one that meets
//! nothing gets Rust's default (`f64`, `i32`). Both emitters then write
//! every type out, so the CUDA source computes in the precision the CPU
//! path does, and a disagreement with rustc would be a type error in the
//! generated Rust, never a silent difference.

use super::ir::Ty;
use proc_macro2::Span;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Slot {
    Known(Ty),
    SomeFloat,
    SomeInt,
    /// Any numeric type (the operand of `as`, of `min`).
    Any,
}

pub type TyVar = usize;

#[derive(Default)]
pub struct Solver {
    parent: Vec<usize>,
    slot: Vec<Slot>,
    /// Conflicts found while unifying: where, and the two types.
    pub errors: Vec<(Span, String)>,
}

fn describe(s: Slot) -> String {
    match s {
        Slot::Known(t) => format!("`{}`", t.rust_name()),
        Slot::SomeFloat => "a float".into(),
        Slot::SomeInt => "an integer".into(),
        Slot::Any => "a number".into(),
    }
}

impl Solver {
    fn fresh(&mut self, s: Slot) -> TyVar {
        self.parent.push(self.parent.len());
        self.slot.push(s);
        self.parent.len() - 1
    }

    pub fn known(&mut self, t: Ty) -> TyVar {
        self.fresh(Slot::Known(t))
    }
    pub fn some_float(&mut self) -> TyVar {
        self.fresh(Slot::SomeFloat)
    }
    pub fn some_int(&mut self) -> TyVar {
        self.fresh(Slot::SomeInt)
    }
    pub fn any(&mut self) -> TyVar {
        self.fresh(Slot::Any)
    }

    fn find(&mut self, v: TyVar) -> TyVar {
        let mut r = v;
        while self.parent[r] != r {
            r = self.parent[r];
        }
        let mut v = v;
        while self.parent[v] != r {
            let next = self.parent[v];
            self.parent[v] = r;
            v = next;
        }
        r
    }

    /// Makes `a` and `b` one type; a conflict is recorded at `span`.
    pub fn unify(&mut self, a: TyVar, b: TyVar, span: Span) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        let (sa, sb) = (self.slot[ra], self.slot[rb]);
        let merged = match (sa, sb) {
            (Slot::Any, s) | (s, Slot::Any) => Some(s),
            (Slot::SomeFloat, Slot::SomeFloat) => Some(Slot::SomeFloat),
            (Slot::SomeInt, Slot::SomeInt) => Some(Slot::SomeInt),
            (Slot::SomeFloat, Slot::Known(t)) | (Slot::Known(t), Slot::SomeFloat) if t.is_float() => {
                Some(Slot::Known(t))
            }
            (Slot::SomeInt, Slot::Known(t)) | (Slot::Known(t), Slot::SomeInt) if matches!(t, Ty::Int(_)) => {
                Some(Slot::Known(t))
            }
            (Slot::Known(x), Slot::Known(y)) if x == y => Some(Slot::Known(x)),
            _ => None,
        };
        match merged {
            Some(s) => {
                self.parent[ra] = rb;
                self.slot[rb] = s;
            }
            None => self.errors.push((
                span,
                format!(
                    "mismatched types: expected {}, found {} (kernels convert with `as`)",
                    describe(sb),
                    describe(sa)
                ),
            )),
        }
    }

    /// The type of `v`; literals that met no type get Rust's defaults.
    pub fn resolve(&mut self, v: TyVar) -> Ty {
        let r = self.find(v);
        match self.slot[r] {
            Slot::Known(t) => t,
            Slot::SomeFloat => Ty::F64,
            Slot::SomeInt | Slot::Any => Ty::Int(super::ir::IntTy::I32),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_take_the_type_they_meet_or_the_default() {
        let mut s = Solver::default();
        let (lit, x) = (s.some_float(), s.known(Ty::F32));
        let other = s.some_float();
        s.unify(lit, other, Span::call_site());
        s.unify(other, x, Span::call_site());
        assert_eq!(s.resolve(lit), Ty::F32);
        let alone = s.some_int();
        assert_eq!(s.resolve(alone), Ty::Int(super::super::ir::IntTy::I32));
        let f = s.some_float();
        let i = s.known(Ty::USIZE);
        s.unify(f, i, Span::call_site());
        assert_eq!(s.errors.len(), 1);
    }
}
