//! The macro never panics and always emits Rust that parses: every
//! function of the repository's tests, examples, benches and snapshot
//! inputs that carries an attribute of the family (in modules, `impl`
//! blocks, traits and function bodies too) is expanded as written and in
//! variants that a user could write by mistake or on purpose:
//!
//! - each once (`systematic`): other activity lists (too short, too long,
//!   every parameter `Const`, `Duplicated`, `Active` or `Dual`, the other
//!   mode), other parameter types, one statement removed; in the big
//!   sweeps also every pair of adjacent statements swapped and every
//!   statement duplicated;
//! - random mutants (`mutate`): one to three of some forty mutation
//!   operators on statements (`ops_stmt`), expressions (`ops_expr`),
//!   control flow and calls (`ops_flow`) and the signature and attributes
//!   (`ops_sig`), drawn by a splitmix64 generator (`rng`) from a seed, the
//!   function's index and the mutant's number.
//!
//! Each expansion runs under `catch_unwind`; a panic or output that is not
//! a list of items fails the test, naming the function and the variant; the
//! failures are written, one per panic site or parse error with a
//! reproducer reduced by removing statements, to a report
//! (`$PARAD_ROBUST_FINDINGS`, by default `robust-findings.md` in the
//! temporary directory).
//!
//! How much runs is set by the environment:
//!
//! - `PARAD_ROBUST_SCALE=N`: `N` random mutants per function (with `N` of
//!   20 or more, also the exhaustive swaps and duplicates). Unset, the test
//!   runs the fixed CI slice: `CI_MUTANTS` mutants per function, leaving
//!   out the operators of `KNOWN_FINDINGS`. `PARAD_ROBUST_SCALE=160` gives
//!   some 110,000 expansions:
//!   `PARAD_ROBUST_SCALE=160 cargo test -p parad-macros --release robust -- --nocapture`
//!   (with `CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true` and
//!   `CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true`, the checks of a debug
//!   build, where the macro runs in a user's debug builds, stay on);
//! - `PARAD_ROBUST_SEED`: the seed (decimal or `0x` hex), `DEFAULT_SEED`
//!   unset;
//! - `PARAD_ROBUST_EXTRA`: more directories (or files) of Rust sources, a
//!   path list, whose functions are swept too (the repository's must still
//!   number 300 or more);
//! - `PARAD_ROBUST_ONLY`: only the functions of this name, or whose names
//!   start with it if it ends in `*` (to reproduce a finding: a mutant
//!   depends on the seed, its number and its function's file and name
//!   only, so it stays that of the full run);
//! - `PARAD_ROBUST_THREADS`: the number of threads (the available
//!   parallelism unset);
//! - `PARAD_ROBUST_HANG_S`: an expansion running longer is reported as it
//!   runs, five times longer aborts the run (60 unset);
//! - `PARAD_ROBUST_PRINT`: set, each variant is printed before its
//!   expansion;
//! - `PARAD_ROBUST_DRY`: set, the variants are made but not expanded (a
//!   quick check of the harness itself at a large scale).

mod findings;
mod mutate;
mod ops_expr;
mod ops_flow;
mod ops_sig;
mod ops_stmt;
mod rng;
mod sites;
mod systematic;

use crate::expand::{self, Attr};
use crate::parse::Mode;
use findings::Findings;
use proc_macro2::TokenStream;
use quote::quote;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Random mutants per function in the CI slice.
const CI_MUTANTS: usize = 8;

const DEFAULT_SEED: u64 = 0x9A2A_D5EE_D000_0001;

/// Mutation operators whose mutants made the macro fail, left out of the CI
/// slice until the macro is fixed (the big sweeps run them): (operator,
/// what fails). See `/tmp/robust-findings.md` of the sweep that found them.
const KNOWN_FINDINGS: &[(&str, &str)] = &[];

struct Config {
    mutants: usize,
    exhaustive: bool,
    ci: bool,
    seed: u64,
    extra: Vec<PathBuf>,
    only: Option<String>,
    threads: usize,
    hang: Duration,
    print: bool,
    dry: bool,
}

impl Config {
    fn from_env() -> Config {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let scale = var("PARAD_ROBUST_SCALE").map(|v| v.trim().parse::<usize>().expect("PARAD_ROBUST_SCALE: a number"));
        let seed = var("PARAD_ROBUST_SEED").map_or(DEFAULT_SEED, |v| {
            let v = v.trim();
            match v.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => v.parse(),
            }
            .expect("PARAD_ROBUST_SEED: a number")
        });
        Config {
            mutants: scale.unwrap_or(CI_MUTANTS),
            exhaustive: scale.is_some_and(|n| n >= 20),
            ci: scale.is_none(),
            seed,
            extra: std::env::var_os("PARAD_ROBUST_EXTRA")
                .map_or_else(Vec::new, |v| std::env::split_paths(&v).collect()),
            only: var("PARAD_ROBUST_ONLY"),
            threads: var("PARAD_ROBUST_THREADS")
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            print: var("PARAD_ROBUST_PRINT").is_some(),
            dry: var("PARAD_ROBUST_DRY").is_some(),
            hang: Duration::from_secs(var("PARAD_ROBUST_HANG_S").and_then(|v| v.trim().parse().ok()).unwrap_or(60)),
        }
    }
}

/// The `.rs` files under `dirs` (a file named stands for itself), not the
/// snapshots' expansions.
fn sources(dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = dirs.to_vec();
    while let Some(dir) = stack.pop() {
        if dir.is_file() {
            out.push(dir);
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") && !p.to_string_lossy().ends_with(".expanded.rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn repository_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    ["tests", "examples", "benches", "mpi-tests", "gradbench", "ad-macros/expand"]
        .iter()
        .map(|d| root.join(d))
        .collect()
}

fn family(a: &syn::Attribute) -> Option<Attr> {
    let n = a.path().segments.last()?.ident.to_string();
    Some(match n.as_str() {
        "autodiff" => Attr::Autodiff(None),
        "autodiff_reverse" => Attr::Autodiff(Some(Mode::Reverse)),
        "autodiff_forward" => Attr::Autodiff(Some(Mode::Forward)),
        "derivative" => Attr::Derivative,
        "kernel" => Attr::Kernel,
        _ => return None,
    })
}

/// Every function with an attribute of the family, in modules, `impl`
/// blocks, traits' default methods and function bodies too (a method as
/// the free function the attribute sees).
fn functions(items: &[syn::Item], out: &mut Vec<syn::ItemFn>) {
    fn in_block(b: &syn::Block, out: &mut Vec<syn::ItemFn>) {
        let items: Vec<syn::Item> =
            b.stmts.iter().filter_map(|s| if let syn::Stmt::Item(i) = s { Some(i.clone()) } else { None }).collect();
        functions(&items, out);
    }
    let method = |attrs: &[syn::Attribute],
                  vis: syn::Visibility,
                  sig: &syn::Signature,
                  block: &syn::Block,
                  out: &mut Vec<syn::ItemFn>| {
        if attrs.iter().any(|a| family(a).is_some()) {
            out.push(syn::ItemFn { attrs: attrs.to_vec(), vis, sig: sig.clone(), block: Box::new(block.clone()) });
        }
        in_block(block, out);
    };
    for item in items {
        match item {
            syn::Item::Fn(f) => {
                if f.attrs.iter().any(|a| family(a).is_some()) {
                    out.push(f.clone());
                }
                in_block(&f.block, out);
            }
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    functions(items, out);
                }
            }
            syn::Item::Impl(i) => {
                for it in &i.items {
                    if let syn::ImplItem::Fn(m) = it {
                        method(&m.attrs, m.vis.clone(), &m.sig, &m.block, out);
                    }
                }
            }
            syn::Item::Trait(t) => {
                for it in &t.items {
                    if let syn::TraitItem::Fn(m) = it {
                        if let Some(block) = &m.default {
                            method(&m.attrs, syn::Visibility::Inherited, &m.sig, block, out);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// The functions to sweep, each with its file: the repository's first
/// (their number), then those of `PARAD_ROBUST_EXTRA`, and the extra files
/// that do not parse.
fn corpus(cfg: &Config) -> (Vec<(PathBuf, syn::ItemFn)>, usize, Vec<PathBuf>) {
    let mut out = Vec::new();
    let mut unparsable = Vec::new();
    let mut repository = 0;
    for (extra, dirs) in [(false, repository_dirs()), (true, cfg.extra.clone())] {
        for path in sources(&dirs) {
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let file = match syn::parse_file(&text) {
                Ok(file) => file,
                Err(_) => {
                    if extra {
                        unparsable.push(path);
                    }
                    continue;
                }
            };
            let mut fns = Vec::new();
            functions(&file.items, &mut fns);
            out.extend(fns.into_iter().map(|f| (path.clone(), f)));
        }
        if !extra {
            repository = out.len();
        }
    }
    (out, repository, unparsable)
}

thread_local! {
    /// Where the last panic of this thread happened (the hook's record).
    static PANIC_AT: RefCell<String> = const { RefCell::new(String::new()) };
    /// Whether this thread runs the macro now: its panics are recorded
    /// quietly, any other is the harness's own and printed.
    static EXPANDING: Cell<bool> = const { Cell::new(false) };
}

/// How an expansion failed: `signature` groups the failures of one cause
/// (a panic's location, a parse error's message), `message` is the whole.
pub struct Failure {
    pub signature: String,
    pub message: String,
}

/// Expands `f` as the first attribute of the family on it would. When the
/// function's tokens do not parse as a function (a mutant gone wrong), the
/// macro hands them back with an error: only a panic fails then.
fn expand(f: &syn::ItemFn) -> Result<(), Failure> {
    let mut f = f.clone();
    let Some(pos) = f.attrs.iter().position(|a| family(a).is_some()) else { return Ok(()) };
    let a = f.attrs.remove(pos);
    let kind = family(&a).unwrap();
    let args = match &a.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => TokenStream::new(),
    };
    let item = quote!(#f);
    let input = item.clone();
    EXPANDING.with(|e| e.set(true));
    let result = std::panic::catch_unwind(move || expand::expand(kind, args, item));
    EXPANDING.with(|e| e.set(false));
    match result {
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            let at = PANIC_AT.with(|p| p.borrow().clone());
            Err(Failure { signature: format!("panic at {at}"), message: format!("panic at {at}: {msg}") })
        }
        Ok(out) => match syn::parse2::<syn::File>(out) {
            Ok(_) => Ok(()),
            Err(_) if syn::parse2::<syn::ItemFn>(input).is_err() => Ok(()),
            Err(e) => Err(Failure {
                signature: format!("the expansion does not parse: {e}"),
                message: format!("the expansion does not parse: {e}"),
            }),
        },
    }
}

/// The expansion of `f` as text (for the report of an expansion that does
/// not parse), or why there is none.
fn expansion_text(f: &syn::ItemFn) -> String {
    let mut f = f.clone();
    let Some(pos) = f.attrs.iter().position(|a| family(a).is_some()) else { return String::new() };
    let a = f.attrs.remove(pos);
    let args = match &a.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => TokenStream::new(),
    };
    let item = quote!(#f);
    EXPANDING.with(|e| e.set(true));
    let out = std::panic::catch_unwind(move || expand::expand(family(&a).unwrap(), args, item).to_string());
    EXPANDING.with(|e| e.set(false));
    out.unwrap_or_else(|_| "(a panic)".into())
}

/// What one thread did.
#[derive(Default)]
struct Part {
    functions: usize,
    repository: usize,
    extra_unparsable: Vec<PathBuf>,
    runs: usize,
    kinds: BTreeMap<&'static str, usize>,
    ops: BTreeMap<&'static str, usize>,
    unprintable: usize,
    harness_panics: Vec<String>,
    findings: Findings,
    slowest: Vec<(Duration, String)>,
}

/// Expands the variants of every `threads`-th function from the `part`-th
/// on (syntax trees cannot cross threads, so each thread parses the
/// sources itself). `status` is what this thread expands now, and since
/// when, for the watchdog.
fn run_part(cfg: &Config, part: usize, status: &Mutex<Option<(Instant, String)>>) -> Part {
    let (fns, repository, extra_unparsable) = corpus(cfg);
    let mut p = Part { functions: fns.len(), repository, extra_unparsable, ..Part::default() };
    let mut ops = mutate::all_ops();
    if cfg.ci {
        ops.retain(|o| !KNOWN_FINDINGS.iter().any(|(name, _)| *name == o.name));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut ranks: BTreeMap<(PathBuf, String), usize> = BTreeMap::new();
    let keys: Vec<u64> = fns
        .iter()
        .map(|(path, f)| {
            let file = path.strip_prefix(root).unwrap_or(path).display().to_string();
            let rank = ranks.entry((path.clone(), f.sig.ident.to_string())).or_default();
            *rank += 1;
            rng::key(&file, &f.sig.ident.to_string(), *rank - 1)
        })
        .collect();
    for (i, (path, f)) in fns.iter().enumerate().skip(part).step_by(cfg.threads) {
        let name = f.sig.ident.to_string();
        if cfg.only.as_ref().is_some_and(|o| o.strip_suffix('*').map_or(*o != name, |p| !name.starts_with(p))) {
            continue;
        }
        let file = path.strip_prefix(root).unwrap_or(path).display().to_string();
        let run = |kind: &'static str, what: String, g: &syn::ItemFn, p: &mut Part| {
            p.runs += 1;
            *p.kinds.entry(kind).or_default() += 1;
            let label = format!("{} #{i} in {file} ({what})", f.sig.ident);
            *status.lock().unwrap() = Some((Instant::now(), label.clone()));
            if cfg.print {
                eprintln!("robust: expanding {label}:\n{}", findings::pretty(g));
            }
            let start = Instant::now();
            let result = if cfg.dry { Ok(()) } else { expand(g) };
            let took = start.elapsed();
            *status.lock().unwrap() = None;
            if p.slowest.len() < 5 || took > p.slowest[4].0 {
                p.slowest.push((took, label.clone()));
                p.slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
                p.slowest.truncate(5);
            }
            if let Err(e) = result {
                p.findings.record(e, &file, f, label, g);
            }
        };
        for (kind, what, g) in systematic::variants(f, cfg.exhaustive) {
            run(kind, what, &g, &mut p);
        }
        if cfg.mutants == 0 {
            continue;
        }
        let ctx = mutate::Ctx::new(f);
        for m in 0..cfg.mutants {
            let mut rng = rng::Rng::for_mutant(cfg.seed, keys[i], m);
            // A panic here is the harness's own (its message is printed):
            // counted, and the sweep goes on.
            let made = std::panic::catch_unwind(AssertUnwindSafe(|| mutate::mutant(f, &ctx, &ops, &mut rng)));
            let Ok(made) = made else {
                p.harness_panics.push(format!("{} #{i} in {file}, mutant {m}", f.sig.ident));
                continue;
            };
            let Some((names, g, prints)) = made else { continue };
            for n in &names {
                *p.ops.entry(n).or_default() += 1;
            }
            if !prints {
                p.unprintable += 1;
            }
            run("random mutant", format!("mutant {m}: {}", names.join(" + ")), &g, &mut p);
        }
    }
    *status.lock().unwrap() = None;
    p
}

/// Reports an expansion that runs longer than `cfg.hang` (once each) and
/// aborts the run at five times that: a hang is a finding too, and the
/// test would not end.
fn watchdog(cfg: &Config, statuses: &[Mutex<Option<(Instant, String)>>], done: &AtomicBool) {
    let mut reported = Vec::new();
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        for s in statuses {
            let Some((since, label)) = s.lock().unwrap().clone() else { continue };
            let t = since.elapsed();
            if t > cfg.hang * 5 {
                eprintln!("robust: aborting: the expansion of {label} has run for {}s", t.as_secs());
                findings::write_hang(&label, t);
                std::process::abort();
            }
            if t > cfg.hang && !reported.contains(&label) {
                eprintln!("robust: the expansion of {label} has run for {}s", t.as_secs());
                reported.push(label);
            }
        }
    }
}

#[test]
fn the_macro_never_panics() {
    let cfg = Config::from_env();
    let start = Instant::now();
    let hook: Arc<dyn Fn(&std::panic::PanicHookInfo) + Send + Sync> = Arc::from(std::panic::take_hook());
    let others = hook.clone();
    std::panic::set_hook(Box::new(move |info| {
        if EXPANDING.with(Cell::get) {
            let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
            PANIC_AT.with(|p| *p.borrow_mut() = at);
        } else {
            others(info);
        }
    }));
    let statuses: Vec<Mutex<Option<(Instant, String)>>> = (0..cfg.threads).map(|_| Mutex::new(None)).collect();
    let done = AtomicBool::new(false);
    /// Stops the watchdog however the workers end.
    struct Done<'a>(&'a AtomicBool);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    let parts: Vec<Part> = std::thread::scope(|s| {
        let (cfg, statuses, done) = (&cfg, &statuses, &done);
        s.spawn(move || watchdog(cfg, statuses, done));
        let _done = Done(done);
        let handles: Vec<_> = (0..cfg.threads)
            .map(|t| {
                std::thread::Builder::new()
                    .name(format!("robust-{t}"))
                    .stack_size(32 << 20)
                    .spawn_scoped(s, move || run_part(cfg, t, &statuses[t]))
                    .unwrap()
            })
            .collect();
        let parts: Vec<Part> = handles.into_iter().map(|h| h.join()).collect::<Result<_, _>>().unwrap_or_else(|_| {
            panic!("robust: a thread of the harness panicked (not the macro: see its message above)")
        });
        parts
    });
    std::panic::set_hook(Box::new(move |info| hook(info)));
    report(&cfg, parts, start.elapsed());
}

/// Prints the counts and fails on any finding, writing them out.
fn report(cfg: &Config, parts: Vec<Part>, took: Duration) {
    let (fns, repository) = (parts[0].functions, parts[0].repository);
    let unparsable = parts[0].extra_unparsable.clone();
    let mut total = Part::default();
    for p in parts {
        total.runs += p.runs;
        total.unprintable += p.unprintable;
        total.harness_panics.extend(p.harness_panics);
        for (k, n) in p.kinds {
            *total.kinds.entry(k).or_default() += n;
        }
        for (k, n) in p.ops {
            *total.ops.entry(k).or_default() += n;
        }
        total.slowest.extend(p.slowest);
        total.findings.merge(p.findings);
    }
    let list = |m: &BTreeMap<&str, usize>| m.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(", ");
    let runs = total.runs;
    eprintln!(
        "robust: {fns} functions ({repository} of the repository, {} extra), {runs} expansions in {:.1}s; seed {:#x}, {} mutants per function{}{}{}",
        fns - repository,
        took.as_secs_f64(),
        cfg.seed,
        cfg.mutants,
        if cfg.exhaustive { ", every swap and duplicate" } else { "" },
        if cfg.ci { " (the CI slice)" } else { "" },
        if cfg.dry { " (dry: none expanded)" } else { "" },
    );
    eprintln!("robust: by kind: {}", list(&total.kinds));
    eprintln!("robust: mutation operators (a mutant counts under each it applied): {}", list(&total.ops));
    eprintln!("robust: mutants that no longer print as a function (expanded anyway): {}", total.unprintable);
    if !unparsable.is_empty() {
        eprintln!("robust: {} extra files do not parse, e.g. {}", unparsable.len(), unparsable[0].display());
    }
    total.slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    for (t, label) in total.slowest.iter().take(3) {
        eprintln!("robust: slow: {:.2}s: {label}", t.as_secs_f64());
    }
    assert!(repository >= 300, "expected the repository's functions, found {repository}");
    assert!(
        total.harness_panics.is_empty(),
        "the harness panicked making {} mutants (see the messages above), e.g. {}",
        total.harness_panics.len(),
        total.harness_panics[0]
    );
    if !total.findings.is_empty() {
        let path = findings::path();
        total.findings.write(&path, cfg, runs);
        panic!(
            "{} of {runs} expansions failed, {} causes (reproducers in {}):\n{}",
            total.findings.count(),
            total.findings.causes(),
            path.display(),
            total.findings.summary()
        );
    }
}
