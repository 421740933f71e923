//! The inputs of the report: `results.json`, written by the criterion
//! bench `benches/suite.rs`, and `peers.json`, written by
//! `bench-report/peers/peers.py`. Times are nanoseconds.

use serde_json::Value;
use std::collections::BTreeMap;

/// The medians of one routine set at one pool size.
#[derive(Clone, Copy, Default, Debug)]
pub struct Times {
    pub primal: Option<f64>,
    pub parad: Option<f64>,
    pub hand: Option<f64>,
}

/// One problem of the suite.
#[derive(Debug)]
pub struct Row {
    pub name: String,
    pub label: String,
    pub size: String,
    pub wrt: String,
    pub parallel: bool,
    /// By thread count; serial problems have `1` only.
    pub times: BTreeMap<usize, Times>,
    /// Peak heap of one call, bytes: primal, parad, hand.
    pub memory: [Option<f64>; 3],
}

impl Row {
    /// The one-thread times.
    pub fn one(&self) -> Times {
        self.times.get(&1).copied().unwrap_or_default()
    }
}

/// Finite differences on a small instance.
#[derive(Debug)]
pub struct Small {
    pub label: String,
    pub size: String,
    pub inputs: usize,
    pub primal: Option<f64>,
    pub parad: Option<f64>,
    pub fd: Option<f64>,
}

/// A problem the suite does not measure yet, with why.
#[derive(Debug)]
pub struct Pending {
    pub label: String,
    pub what: String,
    pub why: String,
}

/// One run of the suite.
#[derive(Debug)]
pub struct Run {
    pub mode: String,
    pub cores: usize,
    pub threads: Vec<usize>,
    pub load_average: String,
    pub finished_unix: u64,
    pub rows: Vec<Row>,
    pub small: Vec<Small>,
    pub pending: Vec<Pending>,
}

/// One peer on one problem.
#[derive(Clone, Debug, Default)]
pub struct Peer {
    pub status: String,
    pub primal: Option<f64>,
    pub grad: Option<f64>,
    /// JAX: lower + compile of the gradient, seconds.
    pub compile_s: Option<f64>,
    /// torch.compile: the first call (compile and one run), seconds.
    pub first_call_s: Option<f64>,
}

/// The peers' tools, in the report's order.
pub const TOOLS: [&str; 3] = ["jax", "torch", "torch.compile"];

/// The peers' results, by problem name, then tool.
#[derive(Debug, Default)]
pub struct Peers {
    pub versions: String,
    pub by_problem: BTreeMap<String, BTreeMap<String, Peer>>,
}

impl Peers {
    pub fn get(&self, problem: &str, tool: &str) -> Option<&Peer> {
        self.by_problem.get(problem)?.get(tool)
    }

    /// The gradient time of `tool` on `problem`, when it ran.
    pub fn grad(&self, problem: &str, tool: &str) -> Option<f64> {
        self.get(problem, tool)?.grad
    }
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().to_string()
}

/// Parses `results.json`.
pub fn run(v: &Value) -> Result<Run, String> {
    let times =
        |t: &Value| Times { primal: t["primal"].as_f64(), parad: t["parad"].as_f64(), hand: t["hand"].as_f64() };
    let rows = v["problems"].as_array().ok_or("results.json: no `problems`")?;
    let rows = rows
        .iter()
        .map(|r| Row {
            name: text(r, "name"),
            label: text(r, "label"),
            size: text(r, "size"),
            wrt: text(r, "wrt"),
            parallel: r["parallel"].as_bool().unwrap_or(false),
            times: r["times"]
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(k, t)| Some((k.parse().ok()?, times(t))))
                .collect(),
            memory: ["primal", "parad", "hand"].map(|k| r["memory"][k].as_f64()),
        })
        .collect();
    let small = v["small"].as_array().into_iter().flatten();
    let small = small
        .map(|s| Small {
            label: text(s, "label"),
            size: text(s, "size"),
            inputs: s["inputs"].as_u64().unwrap_or(0) as usize,
            primal: s["primal"].as_f64(),
            parad: s["parad"].as_f64(),
            fd: s["fd"].as_f64(),
        })
        .collect();
    let pending = v["pending"].as_array().into_iter().flatten();
    let pending =
        pending.map(|p| Pending { label: text(p, "label"), what: text(p, "what"), why: text(p, "why") }).collect();
    Ok(Run {
        mode: text(v, "mode"),
        cores: v["cores"].as_u64().unwrap_or(0) as usize,
        threads: v["threads"].as_array().into_iter().flatten().filter_map(|t| t.as_u64().map(|t| t as usize)).collect(),
        load_average: text(v, "load_average"),
        finished_unix: v["finished_unix"].as_u64().unwrap_or(0),
        rows,
        small,
        pending,
    })
}

/// Parses `peers.json`.
pub fn peers(v: &Value) -> Peers {
    let versions =
        v["versions"].as_object().into_iter().flatten().map(|(k, v)| format!("{k} {}", v.as_str().unwrap_or("?")));
    let versions = versions.collect::<Vec<_>>().join(", ");
    let by_problem = v["problems"].as_object().into_iter().flatten();
    let by_problem = by_problem
        .map(|(name, tools)| {
            let tools = tools.as_object().into_iter().flatten();
            let tools = tools.map(|(tool, r)| {
                let peer = Peer {
                    status: text(r, "status"),
                    primal: r["primal_ns"].as_f64(),
                    grad: r["grad_ns"].as_f64(),
                    compile_s: r["compile_s"].as_f64(),
                    first_call_s: r["first_call_s"].as_f64(),
                };
                (tool.clone(), peer)
            });
            (name.clone(), tools.collect())
        })
        .collect();
    Peers { versions, by_problem }
}
