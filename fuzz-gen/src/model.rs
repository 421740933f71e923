//! What a generated function is (signature, body text, checker inputs) and
//! how a batch of them becomes one Rust file.
//!
//! Functions are kept as structured values, not only as text, so that a
//! batch can be re-rendered without some of its functions (`hunt` drops the
//! ones that do not compile, with everything that calls them, and checks the
//! rest) and so that a reproducer can list a function with its callees.

use std::collections::BTreeSet;
use std::fmt::Write;
use std::ops::Range;

/// The kind of one parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `f64`: `Active` / `Dual`, or `Const`.
    Scalar,
    /// `&[f64]`: `Duplicated` / `Dual`, or `Const`.
    Slice,
    /// `&mut [f64]`, read and written: always `Duplicated` / `Dual`.
    SliceMut,
    /// `usize`, a loop count: always `Const`.
    Count,
}

/// One parameter of a generated function.
#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
    /// Differentiated (`Active`/`Duplicated`/`Dual`) rather than `Const`.
    pub active: bool,
    /// Buffers: the least length the body indexes safely (constant indices,
    /// sub-slices passed on).
    pub min_len: usize,
    /// What the checker passes: a buffer's length or a count's value.
    pub check_len: usize,
}

/// One generated function.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    /// Returns `f64` (else `()`).
    pub returns_float: bool,
    /// A bound on the magnitude of the returned value.
    pub ret_bound: f64,
    /// Estimated cost of one call, in statement executions (bounds the
    /// running time of callers that call it in loops).
    pub work: u64,
    /// The attribute lines, in order.
    pub attrs: Vec<String>,
    /// The body's lines, indented by four spaces.
    pub body: Vec<String>,
    /// Functions of the batch this one calls directly.
    pub callees: BTreeSet<String>,
    /// The constructs the body uses (for statistics and reproducers).
    pub features: BTreeSet<&'static str>,
    /// Has its own derivatives and a checker (else a bare `#[autodiff]`
    /// helper, tested only through its callers).
    pub checked: bool,
}

impl Function {
    /// `fn name(params) -> ret`.
    pub fn signature(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|p| {
                let ty = match p.kind {
                    ParamKind::Scalar => "f64",
                    ParamKind::Slice => "&[f64]",
                    ParamKind::SliceMut => "&mut [f64]",
                    ParamKind::Count => "usize",
                };
                format!("{}: {ty}", p.name)
            })
            .collect();
        let ret = if self.returns_float { " -> f64" } else { "" };
        format!("fn {}({}){ret}", self.name, params.join(", "))
    }

    /// The function as it appears in the batch: attributes, signature, body.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for a in &self.attrs {
            s.push_str(a);
            s.push('\n');
        }
        let _ = writeln!(s, "pub {} {{", self.signature());
        for l in &self.body {
            s.push_str(l);
            s.push('\n');
        }
        s.push_str("}\n");
        s
    }

    /// The same function under another name (its derivatives renamed
    /// too), with another body: what a reducer tries.
    pub fn variant(&self, name: &str, body: Vec<String>) -> Function {
        let rename = |a: &String| {
            a.replace(&format!("d_{}, ", self.name), &format!("d_{name}, "))
                .replace(&format!("t_{}, ", self.name), &format!("t_{name}, "))
        };
        Function { name: name.to_string(), attrs: self.attrs.iter().map(rename).collect(), body, ..self.clone() }
    }

    /// A short description of the shape: `f(Active f64, Duplicated &[f64]; len 4) -> f64`.
    pub fn shape(&self) -> String {
        let ps: Vec<String> = self
            .params
            .iter()
            .map(|p| match p.kind {
                ParamKind::Scalar => format!("{} f64", if p.active { "Active" } else { "Const" }),
                ParamKind::Slice => {
                    format!("{} &[f64; {}]", if p.active { "Duplicated" } else { "Const" }, p.check_len)
                }
                ParamKind::SliceMut => format!("Duplicated &mut [f64; {}]", p.check_len),
                ParamKind::Count => format!("Const usize = {}", p.check_len),
            })
            .collect();
        format!("{}({}){}", self.name, ps.join(", "), if self.returns_float { " -> f64" } else { "" })
    }
}

/// The names `f` depends on, transitively, callees before callers, `f` last.
pub fn closure_of(functions: &[Function], name: &str) -> Vec<String> {
    fn visit(functions: &[Function], name: &str, seen: &mut Vec<String>) {
        if seen.iter().any(|s| s == name) {
            return;
        }
        if let Some(f) = functions.iter().find(|f| f.name == name) {
            for c in &f.callees {
                visit(functions, c, seen);
            }
        }
        seen.push(name.to_string());
    }
    let mut seen = Vec::new();
    visit(functions, name, &mut seen);
    seen
}

/// A generated file and what is in it.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The seed it was generated from.
    pub seed: u64,
    /// Every function, callees first (helpers included).
    pub functions: Vec<Function>,
    /// The Rust source: `include!` it inside a module; the module then has
    /// `pub static ENTRIES: &[harness::Entry]`, `pub const SEED: u64` and
    /// `pub mod harness`.
    pub source: String,
    /// For each function, the lines (1-based, end exclusive) of the source
    /// that belong to it: its text and its drivers.
    pub lines: Vec<Range<usize>>,
}

impl Batch {
    /// Builds the file for `functions`.
    pub fn new(seed: u64, functions: Vec<Function>) -> Batch {
        let (source, lines) = crate::checker::render(seed, &functions);
        Batch { seed, functions, source, lines }
    }

    /// The functions that are checked (not helpers).
    pub fn checked(&self) -> impl Iterator<Item = &Function> {
        self.functions.iter().filter(|f| f.checked)
    }

    /// The function whose text or drivers contain source line `line` (1-based).
    pub fn function_at_line(&self, line: usize) -> Option<&Function> {
        self.lines.iter().position(|r| r.contains(&line)).map(|k| &self.functions[k])
    }

    /// `name`'s text preceded by the text of everything it calls.
    pub fn source_with_callees(&self, name: &str) -> String {
        closure_of(&self.functions, name)
            .iter()
            .filter_map(|n| self.functions.iter().find(|f| &f.name == n))
            .map(Function::text)
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The same batch without `names` and without every function that
    /// calls one of them, directly or not.
    pub fn without(&self, names: &[String]) -> Batch {
        let mut dropped: BTreeSet<String> = names.iter().cloned().collect();
        // Callees come first, so one pass in order sees every caller after its callees.
        for f in &self.functions {
            if f.callees.iter().any(|c| dropped.contains(c)) {
                dropped.insert(f.name.clone());
            }
        }
        let kept = self.functions.iter().filter(|f| !dropped.contains(&f.name)).cloned().collect();
        Batch::new(self.seed, kept)
    }
}
