//! The failures of a sweep, grouped by cause (a panic's location, a parse
//! error's message): how many, the first variant in full and reduced (its
//! statements removed one by one while it still fails the same way), and
//! more examples by name; written out as Markdown.

use super::systematic::{edited, statement_count, Edit};
use super::{expand, Config, Failure};

/// How much of an expansion that does not parse the report shows.
const EXPANSION_SHOWN: usize = 6000;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// How many expansions the reduction of one reproducer may take.
const REDUCTION_BUDGET: usize = 400;

struct Cause {
    message: String,
    count: usize,
    label: String,
    file: String,
    original: String,
    variant: String,
    reduced: String,
    /// The reduced variant's expansion, when it does not parse.
    expansion: Option<String>,
    others: Vec<String>,
}

#[derive(Default)]
pub struct Findings {
    causes: BTreeMap<String, Cause>,
}

/// The report's path: `$PARAD_ROBUST_FINDINGS`, or `robust-findings.md` in
/// the temporary directory.
pub fn path() -> PathBuf {
    std::env::var_os("PARAD_ROBUST_FINDINGS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("robust-findings.md"))
}

pub fn pretty(f: &syn::ItemFn) -> String {
    let file = syn::File { shebang: None, attrs: vec![], items: vec![syn::Item::Fn(f.clone())] };
    std::panic::catch_unwind(|| prettyplease::unparse(&file)).unwrap_or_else(|_| quote::quote!(#f).to_string())
}

/// `g` with as many statements removed as keep it failing with `signature`.
fn reduce(g: &syn::ItemFn, signature: &str) -> syn::ItemFn {
    let mut cur = g.clone();
    let mut spent = 0;
    loop {
        let mut progress = false;
        for t in (0..statement_count(&cur)).rev() {
            if spent == REDUCTION_BUDGET {
                return cur;
            }
            let Some(h) = edited(&cur, t, Edit::Remove) else { continue };
            spent += 1;
            if matches!(expand(&h), Err(e) if e.signature == signature) {
                cur = h;
                progress = true;
            }
        }
        // Attributes after the first of the family, one by one.
        let first = cur.attrs.iter().position(|a| super::family(a).is_some()).unwrap_or(0);
        for k in (first + 1..cur.attrs.len()).rev() {
            let mut h = cur.clone();
            h.attrs.remove(k);
            spent += 1;
            if matches!(expand(&h), Err(e) if e.signature == signature) {
                cur = h;
                progress = true;
            }
        }
        if !progress {
            return cur;
        }
    }
}

impl Findings {
    /// Records the failure `e` of `g`, a variant of `original`; the first
    /// of its cause is reduced.
    pub fn record(&mut self, e: Failure, file: &str, original: &syn::ItemFn, label: String, g: &syn::ItemFn) {
        if let Some(c) = self.causes.get_mut(&e.signature) {
            c.count += 1;
            if c.others.len() < 8 {
                c.others.push(label);
            }
            return;
        }
        let reduced = reduce(g, &e.signature);
        let cause = Cause {
            message: e.message,
            count: 1,
            label,
            file: file.to_string(),
            original: pretty(original),
            variant: pretty(g),
            reduced: pretty(&reduced),
            expansion: e.signature.starts_with("the expansion").then(|| super::expansion_text(&reduced)),
            others: Vec::new(),
        };
        self.causes.insert(e.signature, cause);
    }

    pub fn merge(&mut self, other: Findings) {
        for (sig, c) in other.causes {
            match self.causes.get_mut(&sig) {
                Some(mine) => {
                    mine.count += c.count;
                    mine.others.push(c.label);
                    mine.others.extend(c.others);
                    mine.others.truncate(8);
                }
                None => {
                    self.causes.insert(sig, c);
                }
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.causes.is_empty()
    }

    pub fn count(&self) -> usize {
        self.causes.values().map(|c| c.count).sum()
    }

    pub fn causes(&self) -> usize {
        self.causes.len()
    }

    /// One line per cause: how many, the message, the first variant.
    pub fn summary(&self) -> String {
        self.causes
            .values()
            .map(|c| format!("{} x {}\n    first: {}", c.count, c.message, c.label))
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub fn write(&self, path: &std::path::Path, cfg: &Config, runs: usize) {
        let mut out = format!(
            "# Robustness sweep findings\n\n{} failures of {runs} expansions, {} causes; seed {:#x}, {} mutants per \
             function. Reproduce one with `PARAD_ROBUST_SEED={:#x} PARAD_ROBUST_SCALE={}{} PARAD_ROBUST_ONLY=<name> \
             cargo test -p parad-macros robust -- --nocapture` (the `#` number is the function's index in the sweep).\n",
            self.count(),
            self.causes(),
            cfg.seed,
            cfg.mutants,
            cfg.seed,
            cfg.mutants,
            match std::env::var_os("PARAD_ROBUST_EXTRA") {
                Some(extra) => format!(" PARAD_ROBUST_EXTRA={}", extra.to_string_lossy()),
                None => String::new(),
            },
        );
        for (k, c) in self.causes.values().enumerate() {
            out += &format!(
                "\n## {}. {} ({} expansions)\n\nFirst: `{}` in `{}`.\n\nReduced (fails the same way):\n\n```rust\n{}```\n\n\
                 The variant as generated:\n\n```rust\n{}```\n\nThe function as written:\n\n```rust\n{}```\n",
                k + 1,
                c.message,
                c.count,
                c.label,
                c.file,
                c.reduced,
                c.variant,
                c.original,
            );
            if let Some(text) = &c.expansion {
                let cut = text.char_indices().nth(EXPANSION_SHOWN).map_or(text.len(), |(i, _)| i);
                out += &format!(
                    "\nThe reduced variant's expansion ({} characters{}):\n\n```\n{}\n```\n",
                    text.len(),
                    if cut < text.len() { ", cut" } else { "" },
                    &text[..cut]
                );
            }
            if !c.others.is_empty() {
                out += "\nMore:\n\n";
                for o in &c.others {
                    out += &format!("- {o}\n");
                }
            }
        }
        if let Err(e) = std::fs::write(path, out) {
            eprintln!("robust: cannot write {}: {e}", path.display());
        }
    }
}

/// An expansion that does not end, written to the report before the run
/// is aborted.
pub fn write_hang(label: &str, t: Duration) {
    let text = format!(
        "# Robustness sweep findings\n\nThe expansion of {label} ran for {}s: the run was aborted. Reproduce it with \
         `PARAD_ROBUST_ONLY=<name>` and the same seed and scale.\n",
        t.as_secs()
    );
    let _ = std::fs::write(path(), text);
}
