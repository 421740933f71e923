//! Expansion snapshots: every file in `expand/` is expanded and compared
//! with its `.expanded.rs` twin, pretty-printed as `cargo expand` would show
//! it. `PARAD_BLESS=1 cargo test -p parad-macros` rewrites the snapshots.

use crate::expand::{self, Attr};
use crate::parse::Mode;
use std::path::Path;

/// Expands every item of a source file (function, `impl` block, trait)
/// that carries an attribute of the family.
pub fn expand_file(src: &str) -> String {
    let file: syn::File = syn::parse_str(src).expect("snapshot input parses");
    let mut items = Vec::new();
    for mut item in file.items {
        let attrs = match &mut item {
            syn::Item::Fn(f) => &mut f.attrs,
            syn::Item::Impl(i) => &mut i.attrs,
            syn::Item::Trait(t) => &mut t.attrs,
            _ => {
                items.push(item);
                continue;
            }
        };
        let pos = attrs.iter().position(|a| {
            let n = a.path().segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
            matches!(n.as_str(), "autodiff" | "autodiff_reverse" | "autodiff_forward" | "derivative" | "kernel")
        });
        let Some(i) = pos else {
            items.push(item);
            continue;
        };
        let a = attrs.remove(i);
        let n = a.path().segments.last().unwrap().ident.to_string();
        let kind = match n.as_str() {
            "autodiff_reverse" => Attr::Autodiff(Some(Mode::Reverse)),
            "autodiff_forward" => Attr::Autodiff(Some(Mode::Forward)),
            "derivative" => Attr::Derivative,
            "kernel" => Attr::Kernel,
            _ => Attr::Autodiff(None),
        };
        let args = match &a.meta {
            syn::Meta::List(l) => l.tokens.clone(),
            _ => Default::default(),
        };
        let out = expand::expand(kind, args, quote::quote!(#item));
        let parsed: syn::File = syn::parse2(out).expect("expansion parses");
        items.extend(parsed.items);
    }
    prettyplease::unparse(&syn::File { shebang: None, attrs: vec![], items })
}

#[test]
fn expansion_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("expand");
    let bless = std::env::var_os("PARAD_BLESS").is_some();
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rs") && !p.to_string_lossy().ends_with(".expanded.rs"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "expected at least 10 snapshot inputs, found {}", inputs.len());
    let mut stale = Vec::new();
    for input in inputs {
        let src = std::fs::read_to_string(&input).unwrap();
        let got = expand_file(&src);
        // Derivatives are safe Rust, rayon's included (DESIGN section 5);
        // only a kernel's GPU launch goes through cudarc's `unsafe` call.
        let kernel = input.file_name().is_some_and(|n| n.to_string_lossy().starts_with("kernel_"));
        let tokens: Vec<&str> = got.split(|c: char| !c.is_alphanumeric() && c != '_').collect();
        assert!(kernel || !tokens.contains(&"unsafe"), "{}: the expansion has `unsafe`", input.display());
        let out = input.with_extension("expanded.rs");
        let want = std::fs::read_to_string(&out).unwrap_or_default();
        if got != want {
            if bless {
                std::fs::write(&out, &got).unwrap();
            } else {
                stale.push(input.display().to_string());
            }
        }
    }
    assert!(stale.is_empty(), "expansions changed (rerun with PARAD_BLESS=1 and review the diff): {stale:?}");
}
