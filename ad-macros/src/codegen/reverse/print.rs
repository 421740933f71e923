//! Small pieces of Rust shared with forward mode.

use crate::ir::*;
use crate::parse::ParamKind;
use proc_macro2::TokenStream;
use quote::quote;

/// `: T` when the user annotated a local.
pub fn annotation(f: &Function, v: VarId) -> TokenStream {
    match (&f.vars[v].annot, f.vars[v].origin) {
        (Some(ty), VarOrigin::Local | VarOrigin::Temp) => quote!(: #ty),
        _ => quote!(),
    }
}

pub fn assign_op(op: AssignOp) -> TokenStream {
    match op {
        AssignOp::Set => quote!(=),
        AssignOp::Add => quote!(+=),
        AssignOp::Sub => quote!(-=),
        AssignOp::Mul => quote!(*=),
        AssignOp::Div => quote!(/=),
    }
}

/// The type of the seed a reverse closure takes for a result of kind `ret`.
pub fn seed_type(ret: &ParamKind) -> TokenStream {
    match ret {
        ParamKind::Float(f) => {
            let f = f.ident();
            quote!(#f)
        }
        ParamKind::Tuple(parts) => {
            let parts = parts.iter().map(seed_type);
            quote!((#(#parts,)*))
        }
        ParamKind::FloatVec(f) => {
            let f = f.ident();
            quote!(&[#f])
        }
        ParamKind::Value { ty, .. } => quote!(#ty),
        _ => quote!(()),
    }
}
