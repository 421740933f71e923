//! What the benchmarks share to print their tables after criterion's run:
//! whether this run measures at all, where criterion wrote its estimates,
//! the median it found for one benchmark, and the formatting of times and
//! ratios, and the pool sizes of the rayon benchmarks. Included with
//! `#[path]` by `benches/serial.rs`, `benches/suite.rs` and
//! `benches/forward.rs`.

// Each bench uses part of this.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::SystemTime;

/// True when this process measures: `cargo bench` passes `--bench`, while
/// `cargo test --benches` (criterion's test mode: each benchmark runs once),
/// `--list` and `--profile-time` leave nothing to report.
pub fn measuring() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list" || a == "--profile-time")
}

/// Where criterion writes its results, found the way criterion finds it:
/// `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else
/// `target/criterion` of this workspace.
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        PathBuf::from(home)
    } else if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        PathBuf::from(target).join("criterion")
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("criterion")
    }
}

/// The median (point estimate, nanoseconds) criterion wrote for the
/// benchmark `group/id` in this process (a file older than `started` is a
/// previous run's, e.g. of a benchmark filtered out now, and is ignored).
/// An `id` made with `BenchmarkId::new(name, parameter)` is `name/parameter`
/// (`grad/2`), which criterion nests as two directories.
pub fn median_ns(group: &str, id: &str, started: SystemTime) -> Option<f64> {
    let mut path = criterion_home().join(group);
    path.extend(id.split('/'));
    let path = path.join("new").join("estimates.json");
    let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
    if modified < started {
        return None;
    }
    let text = std::fs::read_to_string(&path).ok()?;
    // {"mean":{...},"median":{"confidence_interval":{...},"point_estimate":X,...},...}
    let rest = &text[text.find("\"median\"")?..];
    let rest = &rest[rest.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = rest.find([',', '}'])?;
    rest[..end].trim().parse().ok()
}

/// A time in ms or µs; `-` when the benchmark did not run.
pub fn fmt_time(ns: Option<f64>) -> String {
    match ns {
        Some(ns) if ns >= 1e6 => format!("{:.3} ms", ns / 1e6),
        Some(ns) => format!("{:.1} µs", ns / 1e3),
        None => "-".to_string(),
    }
}

/// Which side of a ratio's target is a miss.
#[derive(Clone, Copy)]
pub enum Target {
    /// No target: the ratio is only informative.
    None,
    /// The ratio should be at most this.
    AtMost(f64),
    /// The ratio should be at least this.
    AtLeast(f64),
}

/// `num / den` to two decimals, followed by ` !` when it misses `target`;
/// `-` when either time is missing.
pub fn fmt_ratio(num: Option<f64>, den: Option<f64>, target: Target) -> String {
    let (Some(p), Some(q)) = (num, den) else {
        return "-".to_string();
    };
    let r = p / q;
    let miss = match target {
        Target::None => false,
        Target::AtMost(limit) => r > limit,
        Target::AtLeast(limit) => r < limit,
    };
    format!("{r:.2}{}", if miss { " !" } else { "" })
}

/// One pool size: `count` threads, named `label` in benchmark ids.
pub struct Threads {
    pub count: usize,
    pub label: String,
}

/// `PARAD_BENCH_THREADS` (comma-separated counts), else 1 and `all`.
pub fn thread_counts() -> Vec<Threads> {
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    let Ok(list) = std::env::var("PARAD_BENCH_THREADS") else {
        return vec![Threads { count: 1, label: "1".into() }, Threads { count: all, label: "all".into() }];
    };
    let parse = |t: &str| {
        let count = t.trim().parse().ok().filter(|&c: &usize| c > 0);
        let count =
            count.unwrap_or_else(|| panic!("PARAD_BENCH_THREADS: `{t}` is not a thread count (want e.g. 1,2,4)"));
        Threads { count, label: count.to_string() }
    };
    list.split(',').map(parse).collect()
}
