//! IR -> Rust tokens, with the parentheses precedence needs and no more.

use crate::analysis::types::{expr_cat, Cat, Types};
use crate::ir::*;
use crate::names::Names;

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// An expression's tokens and its precedence (higher binds tighter).
#[derive(Clone)]
pub struct E {
    pub ts: TokenStream,
    pub prec: u8,
}

pub const ATOM: u8 = 100;
pub const UNARY: u8 = 90;
pub const CAST: u8 = 85;
const MUL: u8 = 80;
const ADD: u8 = 70;
const SHIFT: u8 = 60;
const BITAND: u8 = 55;
const BITXOR: u8 = 54;
const BITOR: u8 = 53;
const CMP: u8 = 50;
const AND: u8 = 40;
const OR: u8 = 30;

impl E {
    pub fn atom(ts: TokenStream) -> E {
        E { ts, prec: ATOM }
    }
    /// Parenthesised unless it binds at least as tight as `prec`.
    pub fn at(&self, prec: u8) -> TokenStream {
        if self.prec >= prec {
            self.ts.clone()
        } else {
            let ts = &self.ts;
            quote!((#ts))
        }
    }
    pub fn is_atom(&self) -> bool {
        self.prec == ATOM
    }
}

pub fn binop_prec(op: BinOp) -> (u8, TokenStream) {
    match op {
        BinOp::Add => (ADD, quote!(+)),
        BinOp::Sub => (ADD, quote!(-)),
        BinOp::Mul => (MUL, quote!(*)),
        BinOp::Div => (MUL, quote!(/)),
        BinOp::Rem => (MUL, quote!(%)),
        BinOp::Eq => (CMP, quote!(==)),
        BinOp::Ne => (CMP, quote!(!=)),
        BinOp::Lt => (CMP, quote!(<)),
        BinOp::Le => (CMP, quote!(<=)),
        BinOp::Gt => (CMP, quote!(>)),
        BinOp::Ge => (CMP, quote!(>=)),
        BinOp::And => (AND, quote!(&&)),
        BinOp::Or => (OR, quote!(||)),
        BinOp::BitAnd => (BITAND, quote!(&)),
        BinOp::BitOr => (BITOR, quote!(|)),
        BinOp::BitXor => (BITXOR, quote!(^)),
        BinOp::Shl => (SHIFT, quote!(<<)),
        BinOp::Shr => (SHIFT, quote!(>>)),
    }
}

pub fn binary(op: BinOp, a: &E, b: &E) -> E {
    let (p, tok) = binop_prec(op);
    // Comparisons do not chain in Rust: both sides need to bind tighter.
    let mut lp = if p == CMP { p + 1 } else { p };
    // `a as T < b` and `a as T << b` read as generic arguments of `T`.
    if a.prec == CAST && matches!(op, BinOp::Lt | BinOp::Shl) {
        lp = CAST + 1;
    }
    let l = a.at(lp);
    let r = b.at(p + 1);
    E { ts: quote!(#l #tok #r), prec: p }
}

pub fn mul(a: &E, b: &E) -> E {
    binary(BinOp::Mul, a, b)
}

/// The temporaries holding the bounds of one call's buffer arguments,
/// declared before the call.
pub struct CallBounds<'n> {
    names: &'n Names,
    /// The buffers whose bounds are bound so far, by name stem.
    seen: Vec<String>,
    /// The shadows (or tangents) lent to the call so far, by name stem.
    pub lent: Vec<String>,
    /// The pieces of buffers that several arguments borrow, one of them
    /// mutably (see [`Emitter::split_shared`]), by name stem, with their
    /// bounds, in the order of the arguments.
    split: Vec<(String, std::collections::VecDeque<Piece>)>,
    pub lets: TokenStream,
    /// Statements after the call: what temporary shadows received, added
    /// into the shadows they stand for.
    pub post: TokenStream,
}

/// A piece cut from a buffer for one argument: its name and its bounds.
type Piece = (syn::Ident, (TokenStream, TokenStream));

impl<'n> CallBounds<'n> {
    pub fn new(names: &'n Names) -> Self {
        CallBounds {
            names,
            seen: Vec::new(),
            lent: Vec::new(),
            split: Vec::new(),
            lets: TokenStream::new(),
            post: TokenStream::new(),
        }
    }
}

/// The range of a sub-slice, `lo..hi`, or `..hi` from the start.
pub fn slice_range(lo: &TokenStream, hi: &TokenStream) -> TokenStream {
    if lo.to_string() == "0" {
        quote!(..#hi)
    } else {
        quote!(#lo..#hi)
    }
}

pub fn add(a: &E, b: &E) -> E {
    binary(BinOp::Add, a, b)
}
pub fn sub(a: &E, b: &E) -> E {
    binary(BinOp::Sub, a, b)
}
pub fn div(a: &E, b: &E) -> E {
    binary(BinOp::Div, a, b)
}
pub fn neg(a: &E) -> E {
    let x = a.at(UNARY);
    E { ts: quote!(-#x), prec: UNARY }
}
pub fn method(recv: &E, name: &str, args: &[E]) -> E {
    let r = recv.at(ATOM);
    let m = syn::Ident::new(name, Span::call_site());
    let args = args.iter().map(|a| a.ts.clone());
    E::atom(quote!(#r.#m(#(#args),*)))
}
pub fn lit(v: f64) -> E {
    let l = syn::LitFloat::new(&format!("{v:?}"), Span::call_site());
    E::atom(quote!(#l))
}

/// Emits IR expressions with a given naming of variables.
pub struct Emitter<'a> {
    pub f: &'a Function,
    pub t: &'a Types,
}

impl Emitter<'_> {
    pub fn name(&self, v: VarId) -> &syn::Ident {
        &self.f.vars[v].name
    }

    pub fn place(&self, p: &Place) -> E {
        self.place_with(self.name(p.base), p)
    }

    /// A place with its base renamed (a shadow or tangent of the same shape).
    pub fn place_with(&self, base: &syn::Ident, p: &Place) -> E {
        E::atom(self.render_place(base, p, false))
    }

    /// [`Emitter::place_with`] for the shadow of a struct parameter, to
    /// write: a buffer field indexed, or the buffer place itself when
    /// `whole`, goes through the runtime's `field_mut` (a field that
    /// borrows its data, `&[F]`, has no writable shadow).
    pub fn struct_shadow_place(&self, base: &syn::Ident, p: &Place, whole: bool) -> TokenStream {
        let ts = self.render_place(base, p, true);
        match p.proj.last() {
            Some(Proj::Field(_)) if whole => quote!(::parad::__private::field_mut(&mut #ts)),
            _ => ts,
        }
    }

    /// `base` followed by the projections of `p`; with `fields_mut`, a
    /// field that is indexed is reached through `field_mut`.
    fn render_place(&self, base: &syn::Ident, p: &Place, fields_mut: bool) -> TokenStream {
        let mut ts = quote!(#base);
        let mut after_field = false;
        for proj in &p.proj {
            match proj {
                Proj::Field(m) => {
                    ts = quote!(#ts.#m);
                    after_field = true;
                }
                Proj::Index(i) => {
                    let i = self.expr(i).ts;
                    ts = if fields_mut && after_field {
                        quote!(::parad::__private::field_mut(&mut #ts)[#i])
                    } else {
                        quote!(#ts[#i])
                    };
                    after_field = false;
                }
            }
        }
        ts
    }

    pub fn expr(&self, e: &Expr) -> E {
        let span = e.span;
        match &e.kind {
            ExprKind::Lit(l) => {
                // A negative literal is a unary minus applied to it.
                E::atom(quote_spanned!(span=> #l))
            }
            ExprKind::Zero | ExprKind::One => {
                let one = matches!(e.kind, ExprKind::One);
                let float = expr_cat(self.t, e) != Cat::INT;
                zero_one(float, one)
            }
            ExprKind::Const(p) => E::atom(quote_spanned!(span=> #p)),
            ExprKind::Read(p) => self.place(p),
            ExprKind::Len(p) => {
                let p = self.place(p).ts;
                E::atom(quote!(#p.len()))
            }
            ExprKind::Unary(UnOp::Neg, a) => {
                let a = self.expr(a);
                neg(&a)
            }
            ExprKind::Unary(UnOp::Not, a) => {
                let a = self.expr(a).at(UNARY);
                E { ts: quote!(!#a), prec: UNARY }
            }
            ExprKind::Binary(op, a, b) => binary(*op, &self.expr(a), &self.expr(b)),
            ExprKind::Method(m, r, args) => {
                let r = self.expr(r);
                let args: Vec<E> = args.iter().map(|a| self.expr(a)).collect();
                method(&r, m.name(), &args)
            }
            ExprKind::Cast(a, ty) => {
                let data = matches!(&a.kind, ExprKind::Read(p)
                    if crate::analysis::types::field_key(p).is_some_and(|k| self.t.data_fields.contains(&k)));
                let mut a = self.expr(a);
                if data {
                    // A field taken for integer data: rustc checks the guess.
                    let read = crate::syntax::respan(a.ts, e.span);
                    a = E::atom(quote::quote_spanned!(e.span=> ::parad::__private::data(#read)));
                }
                let a = a.at(CAST);
                E { ts: quote!(#a as #ty), prec: CAST }
            }
            ExprKind::NoGrad(a) => self.expr(a),
            ExprKind::IntMethod(name, r, args) => {
                let r = self.expr(r).at(ATOM);
                let args = args.iter().map(|a| self.expr(a).ts);
                E::atom(quote!(#r.#name(#(#args),*)))
            }
            ExprKind::Matches(a, pat) => {
                let a = self.expr(a).ts;
                E::atom(quote!(matches!(#a, #pat)))
            }
            ExprKind::Bound(a, pat, name) => {
                let a = self.expr(a).at(ATOM);
                E::atom(quote!(match &#a { #pat => ::core::clone::Clone::clone(#name), _ => ::core::unreachable!() }))
            }
            ExprKind::ValueDefault(ty) => E::atom(Emitter::value_zero(ty)),
            ExprKind::StructLit(path, fields) => {
                let fields = fields.iter().map(|(m, e)| {
                    let e = self.expr(e).ts;
                    // `V3 { x, y }` where the values are named as the fields.
                    match m {
                        syn::Member::Named(n) if *n == e.to_string() => quote!(#m),
                        _ => quote!(#m: #e),
                    }
                });
                E::atom(quote!(#path { #(#fields),* }))
            }
            ExprKind::CommQuery(comm, q) => {
                let c = &self.f.vars[*comm].name;
                E::atom(match q {
                    CommQuery::Rank => quote!(::parad::__private::mpi::rank(#c)),
                    CommQuery::Size => quote!(::parad::__private::mpi::size(#c)),
                })
            }
        }
    }

    /// `let mut d: T = <T as Default>::default();`: a value's shadow or
    /// tangent, starting at zero.
    pub fn value_zero_local(d: &syn::Ident, ty: &syn::Type) -> TokenStream {
        let zero = Self::value_zero(ty);
        quote::quote!(let mut #d: #ty = #zero;)
    }

    /// A zero buffer of `n`'s length held in `store`, and `d` a `&mut` slice
    /// of it: the shadow or tangent of a `Const` buffer the function uses
    /// as scratch, the derivative's own.
    pub fn scratch_shadow(store: &syn::Ident, d: &syn::Ident, n: &syn::Ident) -> TokenStream {
        quote::quote!(
            let mut #store = ::std::vec![::core::default::Default::default(); #n.len()];
            let #d = &mut #store[..];
        )
    }

    /// The zero of a value type (see `docs/values.md`), spanned at the type
    /// as the user wrote it: a type without `Default` is reported there.
    pub fn value_zero(ty: &syn::Type) -> TokenStream {
        use syn::spanned::Spanned;
        quote::quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default())
    }

    /// Whether `p` is in a buffer held by an element of a buffer of values
    /// (`ls[i].w[k]`): an inactive shadow of the outer buffer (empty, in a
    /// companion) has no element to index, so its shadow is used only
    /// where the outer one is not empty.
    pub fn in_element_buffer(t: &crate::analysis::types::Types, p: &Place) -> bool {
        use crate::analysis::types::{Cat, Scalar};
        let field_then_index =
            (p.proj.iter().skip_while(|j| !matches!(j, Proj::Field(_)))).any(|j| matches!(j, Proj::Index(_)));
        t.vars[p.base] == Cat::Buf(Scalar::Value) && field_then_index
    }

    /// `dst += src` for an element of a shadow buffer of category `buf`:
    /// field by field (`Value::add_adjoint`) for a buffer of values.
    pub fn add_elem(buf: crate::analysis::types::Cat, dst: TokenStream, src: TokenStream) -> TokenStream {
        use crate::analysis::types::{Cat, Scalar};
        match buf {
            Cat::Buf(Scalar::Value) => quote::quote!(::parad::Value::add_adjoint(&mut #dst, &#src);),
            _ => quote::quote!(#dst += #src;),
        }
    }

    /// `x`, read only where the shadow or tangent `base` is not empty
    /// (see [`Self::in_element_buffer`]), else zero.
    pub fn read_in_element_buffer(base: &syn::Ident, x: TokenStream) -> TokenStream {
        quote::quote!((if #base.is_empty() { 0.0 } else { #x }))
    }

    /// The zero of a shadow or tangent of a place of category `cat`: a
    /// value's `Default` (its type inferred), else a float's `0.0`.
    pub fn zero_of(cat: crate::analysis::types::Cat) -> TokenStream {
        match cat {
            crate::analysis::types::Cat::Struct => quote::quote!(::core::default::Default::default()),
            _ => quote::quote!(0.0),
        }
    }

    /// The zero of an element of a shadow buffer of category `buf`.
    pub fn elem_zero(buf: crate::analysis::types::Cat) -> TokenStream {
        use crate::analysis::types::{Cat, Scalar};
        Self::zero_of(if buf == Cat::Buf(Scalar::Value) { Cat::Struct } else { Cat::FLOAT })
    }

    /// A `let` initialiser: `Zero`/`One` take the variable's category
    /// (a `bool`'s zero is `false`).
    pub fn init_expr(&self, var: VarId, e: &Expr) -> E {
        match e.kind {
            ExprKind::Zero if self.t.vars[var] == Cat::BOOL => E::atom(quote!(false)),
            ExprKind::Zero | ExprKind::One => zero_one(self.t.vars[var] != Cat::INT, matches!(e.kind, ExprKind::One)),
            _ => self.expr(e),
        }
    }

    /// A buffer argument of a call: `x`, `&mut *x`, `&x[a..b]`.
    pub fn buf_arg(&self, b: &BufArg) -> TokenStream {
        self.buf_arg_in(b, self.bounds(b))
    }

    /// A buffer argument of a call, with its bounds already emitted (see
    /// [`Emitter::bind_bounds`]).
    pub fn buf_arg_in(&self, b: &BufArg, bounds: Option<(TokenStream, TokenStream)>) -> TokenStream {
        let base = self.place(&b.place).ts;
        let is_ref_param = b.place.is_var() && matches!(self.f.vars[b.place.base].origin, VarOrigin::Param(_));
        // A `&mut` parameter lent for reading is reborrowed shared, so that
        // the call's other arguments may read it too (`g(y, y[1])`).
        let mut_param =
            matches!(&self.f.vars[b.place.base].annot, Some(syn::Type::Reference(r)) if r.mutability.is_some());
        match (bounds, b.mutable) {
            (None, false) if is_ref_param && mut_param => quote!(&*#base),
            (None, false) if is_ref_param => quote!(#base),
            (None, true) if is_ref_param => quote!(&mut *#base),
            (None, false) => quote!(&#base),
            (None, true) => quote!(&mut #base),
            (Some((lo, hi)), m) => {
                let r = slice_range(&lo, &hi);
                if m {
                    quote!(&mut #base[#r])
                } else {
                    quote!(&#base[#r])
                }
            }
        }
    }

    /// The name stem of a buffer place: its base and named fields.
    pub fn stem(&self, p: &Place) -> String {
        let mut stem = self.f.vars[p.base].name.to_string();
        for proj in &p.proj {
            if let Proj::Field(syn::Member::Named(m)) = proj {
                stem = format!("{stem}_{m}");
            }
        }
        stem
    }

    /// Buffer arguments of one call that borrow the same buffer, one of
    /// them mutably (the two halves of `split_at_mut`), are cut from it
    /// before the call by the runtime's `disjoint_mut`: each argument is
    /// then its own piece (see [`Emitter::buf_value`]).
    pub fn split_shared(&self, pre: &mut CallBounds, args: &[Arg]) {
        let bufs: Vec<&BufArg> = args.iter().filter_map(|a| if let Arg::Buf(b) = a { Some(b) } else { None }).collect();
        let mut done = Vec::new();
        for b in &bufs {
            let stem = self.stem(&b.place);
            if done.contains(&stem) {
                continue;
            }
            done.push(stem.clone());
            let group: Vec<&BufArg> = bufs.iter().copied().filter(|o| self.stem(&o.place) == stem).collect();
            if group.len() < 2 || !group.iter().any(|o| o.mutable) {
                continue;
            }
            let base = self.place(&b.place).ts;
            let mut ranges = Vec::new();
            let mut pieces = std::collections::VecDeque::new();
            for (k, o) in group.iter().enumerate() {
                let bounds = self.bind_bounds(pre, o).unwrap_or_else(|| {
                    let len = pre.names.temp(&format!("{stem}_len"), k);
                    pre.lets.extend(quote!(let #len = #base.len();));
                    (quote!(0), quote!(#len))
                });
                let (lo, hi) = &bounds;
                ranges.push(quote!((#lo, #hi)));
                pieces.push_back((pre.names.temp(&format!("{stem}_piece"), k), bounds));
            }
            let names = pieces.iter().map(|(p, _)| p);
            pre.lets
                .extend(quote!(let [#(#names),*] = ::parad::__private::disjoint_mut(&mut #base[..], [#(#ranges),*]);));
            pre.split.push((stem, pieces));
        }
    }

    /// A value argument of a call. A value that reads a buffer the call
    /// borrows mutably is computed first (`scale(data, data.len() / 2)`):
    /// the argument's borrow would otherwise be held while it is read.
    pub fn value_arg(&self, pre: &mut CallBounds, e: &Expr, args: &[Arg]) -> TokenStream {
        let ts = self.expr(e).ts;
        let lent: Vec<VarId> = args
            .iter()
            .filter_map(|a| match a {
                Arg::Buf(b) if b.mutable => Some(b.place.base),
                Arg::Struct { place, mutable: true, .. } => Some(place.base),
                _ => None,
            })
            .collect();
        let mut reads_lent = false;
        e.visit_reads(&mut |p| reads_lent |= lent.contains(&p.base));
        if reads_lent {
            let n = pre.names.fresh("arg");
            pre.lets.extend(quote!(let #n = #ts;));
            quote!(#n)
        } else {
            ts
        }
    }

    /// A buffer argument of a call and its bounds: its piece when the
    /// call's buffers were split (see [`Emitter::split_shared`]), else the
    /// argument with its bounds (see [`Emitter::arg_bounds`]).
    pub fn buf_value(
        &self,
        pre: &mut CallBounds,
        b: &BufArg,
        twice: bool,
    ) -> (TokenStream, Option<(TokenStream, TokenStream)>) {
        let stem = self.stem(&b.place);
        if let Some((_, pieces)) = pre.split.iter_mut().find(|(s, _)| *s == stem) {
            if let Some((piece, bounds)) = pieces.pop_front() {
                let value = if b.mutable { quote!(&mut *#piece) } else { quote!(&*#piece) };
                return (value, Some(bounds));
            }
        }
        let bounds = self.arg_bounds(pre, b, twice);
        (self.buf_arg_in(b, bounds.clone()), bounds)
    }

    /// The bounds of a buffer argument's range, emitted in place.
    pub fn bounds(&self, b: &BufArg) -> Option<(TokenStream, TokenStream)> {
        b.range.as_ref().map(|(lo, hi)| (self.expr(lo).ts, self.expr(hi).ts))
    }

    /// A buffer argument passed once, as the value only; a `&mut` one with
    /// its bounds computed first (see [`Emitter::bind_bounds`]).
    pub fn buf_arg_once(&self, pre: &mut CallBounds, b: &BufArg) -> TokenStream {
        self.buf_value(pre, b, false).0
    }

    /// A buffer argument of a call to the plain function: a number lent as
    /// a slice of one is lent as the number (`&mut s[0]`, `&mut y[i]`).
    pub fn plain_buf_arg(&self, pre: &mut CallBounds, b: &BufArg) -> TokenStream {
        if !b.one {
            return self.buf_arg_once(pre, b);
        }
        let base = self.place(&b.place).ts;
        let at = match &b.range {
            Some((lo, _)) => self.expr(lo).ts,
            None => quote!(0),
        };
        match b.mutable {
            true => quote!(&mut #base[#at]),
            false => quote!(&#base[#at]),
        }
    }

    /// The bounds of a buffer argument: bound first (see
    /// [`Emitter::bind_bounds`]) when it is borrowed mutably or passed
    /// `twice` (as the value and as its shadow or tangent), else in place.
    pub fn arg_bounds(&self, pre: &mut CallBounds, b: &BufArg, twice: bool) -> Option<(TokenStream, TokenStream)> {
        if b.mutable || twice {
            self.bind_bounds(pre, b)
        } else {
            self.bounds(b)
        }
    }

    /// The bounds of a buffer argument that is borrowed mutably or passed
    /// twice (as the value and as its shadow or tangent): each bound that is
    /// not a literal or a plain variable is computed first into a temporary
    /// (`let y_lo = ...;`), so that no bound is read while an argument holds
    /// a borrow of its buffer (`&mut y[a..a + 4.min(y.len() - a)]`).
    pub fn bind_bounds(&self, pre: &mut CallBounds, b: &BufArg) -> Option<(TokenStream, TokenStream)> {
        let (lo, hi) = b.range.as_ref()?;
        let stem = self.stem(&b.place);
        let nth = pre.seen.iter().filter(|s| **s == stem).count();
        pre.seen.push(stem.clone());
        let mut bind = |e: &Expr, end: &str| {
            let ts = self.expr(e).ts;
            match &e.kind {
                ExprKind::Lit(_) => ts,
                ExprKind::Read(p) if p.is_var() => ts,
                _ => {
                    let n = pre.names.temp(&format!("{stem}_{end}"), nth);
                    pre.lets.extend(quote!(let #n = #ts;));
                    quote!(#n)
                }
            }
        };
        let lo = bind(lo, "lo");
        let hi = bind(hi, "hi");
        Some((lo, hi))
    }

    /// A struct argument of a call: a value passed by value as it is.
    pub fn struct_arg(&self, place: &Place, mutable: bool, by_value: bool) -> TokenStream {
        let p = self.place(place).ts;
        if by_value {
            return p;
        }
        // A reference parameter is passed on as it is; a value (a local,
        // or a parameter taken by value) is lent.
        let is_ref_param = place.is_var()
            && matches!(self.f.vars[place.base].origin, VarOrigin::Param(_))
            && matches!(self.f.vars[place.base].annot, Some(syn::Type::Reference(_)));
        match (is_ref_param, mutable) {
            (true, false) => quote!(#p),
            (true, true) => quote!(&mut *#p),
            (false, false) => quote!(&#p),
            (false, true) => quote!(&mut #p),
        }
    }

    /// The initialiser of a buffer `let` (vectors, arrays, copies).
    pub fn init(&self, var: VarId, init: &Init) -> TokenStream {
        match init {
            Init::VecFill { elem, len } => {
                let e = self.expr(elem).ts;
                let n = self.expr(len).ts;
                quote!(::std::vec![#e; #n])
            }
            Init::VecLit(es) => {
                let es = es.iter().map(|e| self.expr(e).ts);
                quote!(::std::vec![#(#es),*])
            }
            Init::ArrayLit(es) => {
                let es = es.iter().map(|e| self.expr(e).ts);
                quote!([#(#es),*])
            }
            Init::ArrayFill { elem, len } => {
                let e = self.expr(elem).ts;
                quote!([#e; #len])
            }
            Init::Copy(b) => {
                let base = self.place(&b.place).ts;
                match self.bounds(b) {
                    Some((lo, hi)) => {
                        let r = slice_range(&lo, &hi);
                        quote!(#base[#r].to_vec())
                    }
                    None if b.place.is_var() && !matches!(self.f.vars[b.place.base].origin, VarOrigin::Param(_)) => {
                        quote!(#base.clone())
                    }
                    None => quote!(#base.to_vec()),
                }
            }
            Init::WithCapacity(None) => quote!(::std::vec::Vec::new()),
            Init::WithCapacity(Some(n)) => {
                let n = self.expr(n).ts;
                quote!(::std::vec::Vec::with_capacity(#n))
            }
            Init::Expr(e) => self.init_expr(var, e).ts,
            Init::Call(_) | Init::Uninit => quote!(),
        }
    }

    /// A bound of a range, binding tighter than `..`.
    pub fn range_bound(&self, e: &Expr) -> TokenStream {
        self.expr(e).at(75)
    }

    /// `lo..hi`, with `.step_by` and `.rev()` as asked.
    pub fn range(&self, lo: &Expr, hi: &Expr, step: Option<&Expr>, rev: bool) -> TokenStream {
        let lo = self.range_bound(lo);
        let hi = self.range_bound(hi);
        let mut r = quote!(#lo..#hi);
        if let Some(s) = step {
            let s = self.expr(s).ts;
            if rev {
                return quote!(::parad::__private::rev_steps(#lo, #hi, #s));
            }
            r = quote!((#r).step_by(#s));
        }
        if rev {
            r = quote!((#r).rev());
        }
        r
    }
}

/// `g` times the derivative of `m` written in the method's result `value`
/// (see `plan::value_derivative`): `g * value` for `exp`, `g * (1.0 -
/// value * value)` for `tanh`, ...
pub fn times_value_derivative(m: Method, g: &E, value: &E) -> E {
    let one = lit(1.0);
    match m {
        Method::Exp => mul(g, value),
        Method::ExpM1 => mul(g, &add(value, &one)),
        Method::Tanh => mul(g, &sub(&one, &mul(value, value))),
        Method::Sqrt => div(&mul(g, &lit(0.5)), value),
        Method::Recip => neg(&mul(g, &mul(value, value))),
        Method::Cbrt => div(g, &mul(&lit(3.0), &mul(value, value))),
        _ => {
            let vs = &value.ts;
            mul(g, &E::atom(quote!(::parad::__private::d_exp2_from_value(#vs))))
        }
    }
}

pub fn zero_one(float: bool, one: bool) -> E {
    E::atom(match (float, one) {
        (true, false) => quote!(0.0),
        (true, true) => quote!(1.0),
        (false, false) => quote!(0),
        (false, true) => quote!(1),
    })
}

/// The identifiers of `code` that stand where a variable can: not a field
/// or method after `.`, not a path segment after `::`, not a macro's name,
/// not a field named in a struct literal.
pub fn value_idents(code: &TokenStream) -> std::collections::HashSet<String> {
    use proc_macro2::TokenTree;
    fn walk(code: &TokenStream, out: &mut std::collections::HashSet<String>) {
        let tokens: Vec<TokenTree> = code.clone().into_iter().collect();
        for (k, t) in tokens.iter().enumerate() {
            match t {
                TokenTree::Group(g) => walk(&g.stream(), out),
                TokenTree::Ident(id) => {
                    let after_dot_or_path = k > 0
                        && matches!(&tokens[k - 1], TokenTree::Punct(p) if p.as_char() == '.' || p.as_char() == ':');
                    let macro_name = matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    // A field of a struct literal (`V3 { y: e }`), or a name
                    // bound with its type (`let y: f64`), is not a value.
                    let field = matches!(tokens.get(k + 1),
                        Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == proc_macro2::Spacing::Alone);
                    if !after_dot_or_path && !macro_name && !field {
                        out.insert(id.to_string());
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = std::collections::HashSet::new();
    walk(code, &mut out);
    out
}

/// `if c { panic!(message) }`: a bounds check the lowering emitted, its
/// panic at the user's line.
pub fn check(c: &TokenStream, message: &str, span: proc_macro2::Span) -> TokenStream {
    quote::quote_spanned!(span=> if #c { ::core::panic!(#message); })
}

/// `if c { t }`, with `else { e }` when `e` is not empty.
pub fn if_else(c: &TokenStream, t: &TokenStream, e: &TokenStream) -> TokenStream {
    if e.is_empty() {
        quote!(if #c { #t })
    } else {
        quote!(if #c { #t } else { #e })
    }
}
