//! `launch`: the kernel on a GPU through cudarc, with device buffers
//! (`CudaSlice`) where `launch_cpu` takes slices. It is wrapped in the
//! runtime's `if_cuda!`, so it exists exactly when parad is built with its
//! `cuda` feature, whatever the features of the crate using the macro.

use super::ir::*;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

pub fn launch(k: &Kernel) -> TokenStream {
    let rt = quote!(::parad::__private::gpu);
    let slice = quote!(#rt::cudarc::driver::CudaSlice);
    let name = k.name.to_string();
    let args_id = syn::Ident::new("parad_args", Span::mixed_site());
    // Mixed-site: kernel parameters may be called `gpu` or `cfg` too.
    let (gpu, cfg) = (syn::Ident::new("gpu", Span::mixed_site()), syn::Ident::new("cfg", Span::mixed_site()));
    let mut params = Vec::new();
    let mut pre = TokenStream::new();
    let mut pushes = TokenStream::new();
    let mut slots = Vec::new();
    let mut slot_tys = Vec::new();
    let mut post = TokenStream::new();
    for p in &k.params {
        let n = &p.name;
        let len = format_ident!("{}_len", n, span = Span::mixed_site());
        match (p.kind, p.role) {
            (ParamKind::Scalar(t), _) => {
                let t = t.rust();
                params.push(quote!(#n: #t));
                pushes.extend(quote!(#args_id.arg(&#n);));
            }
            (ParamKind::Slice { elem, .. }, Role::ActiveSlot) => {
                let (t, host) = (elem.rust(), format_ident!("{}_host", n, span = Span::mixed_site()));
                pre.extend(quote! {
                    let mut #n = #gpu.stream().alloc_zeros::<#t>(1).map_err(|e| #rt::launch_error(#name, e))?;
                    let #len: usize = 1;
                });
                pushes.extend(quote!(#args_id.arg(&mut #n); #args_id.arg(&#len);));
                post.extend(
                    quote!(let #host = #gpu.stream().clone_dtoh(&#n).map_err(|e| #rt::launch_error(#name, e))?;),
                );
                slots.push(quote!(#host[0]));
                slot_tys.push(quote!(#t));
            }
            (ParamKind::Slice { elem, mutable }, Role::User) => {
                let t = elem.rust();
                params.push(if mutable { quote!(#n: &mut #slice<#t>) } else { quote!(#n: &#slice<#t>) });
                pre.extend(quote!(let #len: usize = #n.len();));
                pushes.extend(quote!(#args_id.arg(#n); #args_id.arg(&#len);));
            }
        }
    }
    let (ret_ty, ret) = (super::common::returned(&slot_tys), super::common::returned(&slots));
    let doc =
        format!("Launches the kernel `{name}` on `gpu`'s stream (compiled by NVRTC on first use in the process).");
    quote! {
        #rt::if_cuda! {
            #[doc = #doc]
            #[allow(unused_mut, unsafe_code, clippy::all)]
            pub fn launch(#gpu: &#rt::Gpu, #cfg: #rt::LaunchConfig, #(#params),*) -> ::core::result::Result<#ret_ty, #rt::GpuError> {
                use #rt::cudarc::driver::PushKernelArg as _;
                #cfg.linear()?;
                let parad_function = #gpu.function(::core::concat!(::core::module_path!(), "::", #name), #name, CUDA_SOURCE)?;
                #pre
                {
                    let mut #args_id = #gpu.stream().launch_builder(&parad_function);
                    #pushes
                    // SAFETY: the arguments are pushed in the order, and with
                    // the types, of the parameters of CUDA_SOURCE's kernel,
                    // which the macro wrote from the same signature: each
                    // slice as its device pointer and its length, and the
                    // kernel checks every index against that length (it traps,
                    // and the launch fails, instead of leaving the buffer).
                    unsafe { #args_id.launch(#rt::cuda_config(&#cfg)) }.map_err(|e| #rt::launch_error(#name, e))?;
                }
                #post
                ::core::result::Result::Ok(#ret)
            }
        }
    }
}
