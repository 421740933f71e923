//! Operators on values (`a - b`, `a * k`, `-a` of `V3`): calls of the
//! operator traits' methods (`V3::sub(a, b)`), whose companions
//! `#[autodiff]` on the `impl` block makes (see `docs/values.md`). `+` and
//! `-` take two values; `*` and `/` a value and a number; each returns a
//! value of the left operand's type. A number times a value (`2.0 * a`)
//! calls `V3::rmul(2.0, a)`, the companions of `impl Mul<V3> for f64`.

use super::state::Lowerer;
use crate::ir::*;
use crate::syntax::strip_parens;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// Whether `e` is an operator on values, or a value variable.
    pub(super) fn is_value_operation(&self, e: &syn::Expr) -> bool {
        if self.is_element(e) || self.hinted_operand(e) {
            return true;
        }
        match strip_parens(e) {
            syn::Expr::Binary(b) => match operator(&b.op) {
                Some((method, two_values)) => {
                    self.is_value_operation(&b.left)
                        || (two_values && is_field(&b.left) && self.is_value_operation(&b.right))
                        || (method == "mul" && self.is_value_operation(&b.right))
                }
                None => false,
            },
            syn::Expr::Unary(u) => matches!(u.op, syn::UnOp::Neg(_)) && self.is_value_operation(&u.expr),
            named => self.value_path(named).is_some(),
        }
    }

    /// `e` as a value variable: itself, or the value an operator computes
    /// into a new local. `None` where `e` is neither (see
    /// [`Self::is_value_operation`]).
    pub(super) fn value_operand(&mut self, e: &syn::Expr) -> Option<VarId> {
        if self.is_element(e) {
            return self.element_copy(e);
        }
        if self.hinted_operand(e) {
            let ty = self.value_hint.clone()?;
            let value = self.lower_expr(e);
            return Some(self.value_local("operand", value, Some(ty), e.span()));
        }
        match strip_parens(e) {
            syn::Expr::Binary(b) => {
                let (method, two_values) = operator(&b.op)?;
                // `ps[i].v + f * dt`: a field takes the type of the value
                // on the other side of `+` or `-`.
                if two_values && is_field(&b.left) && !self.is_value_operation(&b.left) {
                    let right = self.value_operand(&b.right)?;
                    let left = self.field_operand(&b.left, right);
                    let args = vec![self.value_arg(left), self.value_arg(right)];
                    return self.operator_call(left, method, args, b.span());
                }
                // `2.0 * a`: `f64::mul(2.0, a)`, whose companions `#[autodiff]`
                // on `impl Mul<V3> for f64` puts in `impl V3` as `rmul`'s.
                if method == "mul" && !self.is_value_operation(&b.left) {
                    let right = self.value_operand(&b.right)?;
                    let k = Arg::Value(self.lower_value(&b.left, None));
                    let args = vec![k, self.value_arg(right)];
                    return self.operator_call(right, "rmul", args, b.span());
                }
                let left = self.value_operand(&b.left)?;
                let right = match two_values {
                    true if is_field(&b.right) && !self.is_value_operation(&b.right) => {
                        let right = self.field_operand(&b.right, left);
                        self.value_arg(right)
                    }
                    true => match self.value_operand(&b.right) {
                        Some(r) => self.value_arg(r),
                        // One error, at the right side: its own (`0.01 * g`)
                        // where lowering it finds one, else that it is no value.
                        None => {
                            let before = self.diag.error_count();
                            self.lower_value(&b.right, None);
                            if self.diag.error_count() == before {
                                self.diag.error_spanned(&b.right, "`+` and `-` of a value take another value");
                            }
                            return Some(left);
                        }
                    },
                    false => Arg::Value(self.lower_value(&b.right, None)),
                };
                let left_arg = self.value_arg(left);
                self.operator_call(left, method, vec![left_arg, right], b.span())
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
                let inner = self.value_operand(&u.expr)?;
                let arg = self.value_arg(inner);
                self.operator_call(inner, "neg", vec![arg], u.span())
            }
            named => self.value_path(named),
        }
    }

    /// `(a - b).norm2()`: a method of the value an operator computes,
    /// called as `V3::norm2(t, ..)` on it.
    pub(super) fn value_method(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let recv = strip_parens(&m.receiver);
        if !matches!(recv, syn::Expr::Binary(_) | syn::Expr::Unary(_)) || !self.is_value_operation(recv) {
            return None;
        }
        let span = m.span();
        let Some(v) = self.value_operand(recv) else { return Some(Expr::bool(false, span)) };
        let Some(syn::Type::Path(ty)) = self.vars[v].annot.clone() else { return Some(Expr::bool(false, span)) };
        let mut path = ty.path.clone();
        path.segments.push(syn::PathSegment::from(m.method.clone()));
        let mut args = vec![self.value_arg(v)];
        args.extend(m.args.iter().map(|a| self.lower_arg(a)));
        let t = self.new_var(&format!("{}_value", m.method), span, VarOrigin::Temp, None);
        self.emit(StmtKind::Let { var: t, init: Init::Call(Call { path, args, nograd: false }) }, span);
        Some(Expr::var(t, span))
    }

    /// Whether `e` is a field (`ps[i].pos`, `p.pos`) that a `let`'s type
    /// makes an operand of a value operator (see `value_hint`).
    fn hinted_operand(&self, e: &syn::Expr) -> bool {
        self.value_hint.is_some() && matches!(strip_parens(e), syn::Expr::Field(_))
    }

    /// The field `e` copied into a value local of the type of `like`.
    fn field_operand(&mut self, e: &syn::Expr, like: VarId) -> VarId {
        let ty = self.vars[like].annot.clone();
        let value = self.lower_expr(e);
        self.value_local("operand", value, ty, e.span())
    }

    /// A value passed by value: its shadow in a slot where it is
    /// differentiated, else as the data it is.
    pub(super) fn value_arg(&self, v: VarId) -> Arg {
        match self.is_diff_value(v) {
            true => Arg::Struct { place: Place::var(v), mutable: false, by_value: true },
            false => Arg::Value(Expr::var(v, self.vars[v].span)),
        }
    }

    /// `let t: T = T::method(args);` for the type `T` of the value `of`.
    fn operator_call(&mut self, of: VarId, method: &str, args: Vec<Arg>, span: proc_macro2::Span) -> Option<VarId> {
        let ty = match self.vars[of].annot.clone() {
            Some(syn::Type::Path(p)) if p.qself.is_none() => p,
            _ => {
                self.diag.error(span, "the type of this value is not known here: bind it with its type first");
                return None;
            }
        };
        let mut path = ty.path.clone();
        path.segments.push(syn::PathSegment::from(syn::Ident::new(method, span)));
        let t = self.new_var(&format!("{method}_value"), span, VarOrigin::Temp, Some(syn::Type::Path(ty)));
        self.mark_value(t, true);
        self.emit(StmtKind::Let { var: t, init: Init::Call(Call { path, args, nograd: false }) }, span);
        Some(t)
    }
}

/// The method of an operator on values, and whether its right side is a
/// value too.
fn operator(op: &syn::BinOp) -> Option<(&'static str, bool)> {
    Some(match op {
        syn::BinOp::Add(_) => ("add", true),
        syn::BinOp::Sub(_) => ("sub", true),
        syn::BinOp::Mul(_) => ("mul", false),
        syn::BinOp::Div(_) => ("div", false),
        _ => return None,
    })
}

fn is_field(e: &syn::Expr) -> bool {
    matches!(strip_parens(e), syn::Expr::Field(_))
}
