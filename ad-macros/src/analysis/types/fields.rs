//! Categories of struct fields: a field has the category of the same
//! field of another variable of the same type, and of a value copied into
//! it or out of it (see `docs/values.md`).

use super::{field_path, join, Cat, FieldKey, Infer};
use crate::ir::*;

impl Infer {
    /// The struct variables grouped by the name of their type, references
    /// taken off; groups of one left out.
    pub(super) fn struct_types(f: &Function, cats: &IdVec<VarId, Cat>) -> Vec<Vec<VarId>> {
        let mut by_name: Vec<(String, Vec<VarId>)> = Vec::new();
        for (v, var) in f.vars.iter_enumerated() {
            let Some(mut ty) = var.annot.as_ref().filter(|_| cats[v].has_fields()) else { continue };
            while let syn::Type::Reference(r) = ty {
                ty = &r.elem;
            }
            // A buffer of values shares the fields of its element type.
            if let Some(elem) = crate::parse::elem_of(ty) {
                ty = elem;
            }
            let name = quote::quote!(#ty).to_string();
            match by_name.iter_mut().find(|(n, _)| *n == name) {
                Some((_, vs)) => vs.push(v),
                None => by_name.push((name, vec![v])),
            }
        }
        by_name.into_iter().map(|(_, vs)| vs).filter(|vs| vs.len() > 1).collect()
    }

    /// Gives each struct variable the field categories known for another of
    /// the same type.
    pub(super) fn share_fields(&mut self) {
        for group in self.same_type.clone() {
            for (k, &v) in group.iter().enumerate() {
                for &w in &group[k + 1..] {
                    self.link_fields(&Place::var(v), &Place::var(w));
                    self.link_fields(&Place::var(w), &Place::var(v));
                }
            }
        }
    }

    /// Gives the fields of the value at `to` the categories known for
    /// those of the value at `from`.
    pub(super) fn link_fields(&mut self, to: &Place, from: &Place) {
        let (to_path, from_path) = (&field_path(to)[..], &field_path(from)[..]);
        let known: Vec<(Vec<String>, Cat)> = self
            .t
            .fields
            .iter()
            .filter(|((v, path), _)| *v == from.base && path.starts_with(from_path))
            .map(|((_, path), c)| ([to_path, &path[from_path.len()..]].concat(), *c))
            .collect();
        for (path, c) in known {
            let cur = self.t.fields.get(&(to.base, path.clone())).copied().unwrap_or(Cat::UNKNOWN);
            if let Some(n) = join(cur, c).filter(|n| *n != cur) {
                self.t.fields.insert((to.base, path), n);
                self.changed = true;
            }
        }
    }
}

impl Infer {
    /// Arithmetic on fields of values that nothing else types (`a.x - b.x`
    /// in `V3 { x: a.x - b.x, .. }`) is taken for float arithmetic: the
    /// fields of value types are floats but for data, which code indexes,
    /// counts, compares or casts with. (Taken wrongly for an integer field,
    /// the derivative adds a float into it: rustc's type error, at the field.)
    pub(super) fn default_value_arithmetic(&mut self, f: &Function) {
        walk_stmts(&f.body, &mut |s| match &s.kind {
            StmtKind::Let { var, init: Init::Expr(e) } => {
                if self.t.vars[*var] != Cat::UNKNOWN || !self.value_arithmetic(e) {
                    return;
                }
                self.t.vars[*var] = Cat::FLOAT;
                self.constrain(e, Cat::FLOAT);
                self.changed = true;
            }
            // `ys[i].y *= xs[i].x`: a field of a value written by arithmetic
            // (a plain copy, `m.y = a.w`, says nothing).
            StmtKind::Assign { place, op, value } => {
                let untyped_field = !place.proj.is_empty()
                    && self.t.vars[place.base].has_fields()
                    && super::place_cat(&self.t, place) == Cat::UNKNOWN;
                let arithmetic =
                    *op != AssignOp::Set || matches!(value.kind, ExprKind::Binary(..) | ExprKind::Unary(..));
                if untyped_field && arithmetic && self.value_arithmetic(value) {
                    self.learn_place(place, Cat::FLOAT);
                    self.constrain(value, Cat::FLOAT);
                }
            }
            _ => {}
        });
    }

    /// Whether `e` is `+ - * /` or `-` over reads, at least one of them an
    /// untyped field of a value, and literals.
    fn value_arithmetic(&self, e: &Expr) -> bool {
        let mut field = false;
        let mut arithmetic = true;
        e.visit_exprs(&mut |e| match &e.kind {
            ExprKind::Read(p) if !p.proj.is_empty() && self.t.vars[p.base].has_fields() => {
                field |= super::place_cat(&self.t, p) == Cat::UNKNOWN;
            }
            ExprKind::Binary(op, ..) => {
                arithmetic &= matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div);
            }
            ExprKind::Read(_) | ExprKind::Lit(_) | ExprKind::Unary(UnOp::Neg, _) => {}
            _ => arithmetic = false,
        });
        field && arithmetic
    }
}

impl Infer {
    /// A field of a struct the macro cannot see that the function reads
    /// only in casts, some of them to a float (`wishart.m as f64`), is
    /// taken for integer data: a float field is seldom cast. The guess is
    /// checked, not trusted: generated code reads the field through
    /// `parad::__private::data`, which only integers, `bool` and `char`
    /// pass, so a float field is rustc's error at the cast (naming the
    /// binding that fixes it), never a derivative dropped.
    pub(super) fn guess_cast_fields(&mut self, f: &Function) {
        use super::{cat_of_type, field_key, for_each_read, place_cat};
        let mut reads: std::collections::HashMap<FieldKey, usize> = Default::default();
        let mut casts: std::collections::HashMap<FieldKey, (usize, bool)> = Default::default();
        let t = &self.t;
        let unknown = |p: &Place| t.vars[p.base].has_fields() && place_cat(t, p) == Cat::UNKNOWN;
        walk_stmts(&f.body, &mut |s| {
            for_each_read(s, &mut |p| {
                if let Some(k) = field_key(p).filter(|_| unknown(p)) {
                    *reads.entry(k).or_default() += 1;
                }
            });
            for_each_expr(s, &mut |e| {
                let ExprKind::Cast(a, ty) = &e.kind else { return };
                let ExprKind::Read(p) = &a.kind else { return };
                if let Some(k) = field_key(p).filter(|_| unknown(p)) {
                    let (n, float) = casts.entry(k).or_default();
                    *n += 1;
                    *float |= cat_of_type(ty).is_float();
                }
            });
        });
        for (k, (n, float)) in casts {
            if float && reads.get(&k) == Some(&n) {
                self.t.fields.insert(k.clone(), Cat::INT);
                self.t.data_fields.insert(k);
                self.changed = true;
            }
        }
    }
}
