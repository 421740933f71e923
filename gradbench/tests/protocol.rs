//! Protocol round trips through the real binary: every line gets exactly one
//! reply with its id, bad input gets an error reply, never a crash.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn session(lines: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parad-gradbench"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the tool starts");
    {
        let stdin = child.stdin.as_mut().unwrap();
        for l in lines {
            writeln!(stdin, "{l}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the tool exited with {:?}", out.status);
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).expect("a JSON reply")).collect()
}

#[test]
fn start_define_evaluate_analysis() {
    let r = session(&[
        r#"{"id":0,"kind":"start","eval":"hello"}"#,
        r#"{"id":1,"kind":"define","module":"hello"}"#,
        r#"{"id":2,"kind":"evaluate","module":"hello","function":"square","input":3.0}"#,
        r#"{"id":3,"kind":"evaluate","module":"hello","function":"double","input":3.0}"#,
        r#"{"id":4,"kind":"analysis","of":3,"valid":true}"#,
    ]);
    assert_eq!(r.len(), 5);
    for (i, v) in r.iter().enumerate() {
        assert_eq!(v["id"], i as u64);
    }
    assert_eq!(r[0]["tool"], "parad");
    assert_eq!(r[1]["success"], true);
    assert_eq!(r[2]["output"], 9.0);
    assert_eq!(r[3]["output"], 6.0);
    assert_eq!(r[3]["timings"].as_array().unwrap().len(), 1);
    assert_eq!(r[4].as_object().unwrap().len(), 1, "analysis is only acknowledged");
}

#[test]
fn runs_until_min_runs_and_min_seconds() {
    let r = session(&[
        r#"{"id":7,"kind":"evaluate","module":"lse","function":"gradient","input":{"x":[1,2,3],"min_runs":5,"min_seconds":0.01}}"#,
    ]);
    let timings = r[0]["timings"].as_array().unwrap();
    assert!(timings.len() >= 5);
    assert!(timings.iter().all(|t| t["name"] == "evaluate" && t["nanoseconds"].as_u64().is_some()));
    let total: u64 = timings.iter().map(|t| t["nanoseconds"].as_u64().unwrap()).sum();
    assert!(total >= 10_000_000, "ran {total} ns, less than min_seconds");
    let g: Vec<f64> = r[0]["output"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert!((g.iter().sum::<f64>() - 1.0).abs() < 1e-12, "softmax sums to one: {g:?}");
}

#[test]
fn unknown_module_function_and_malformed_lines_get_error_replies() {
    let r = session(&[
        r#"{"id":1,"kind":"define","module":"no-such-eval"}"#,
        r#"{"id":2,"kind":"evaluate","module":"hello","function":"cube","input":2.0}"#,
        "this is not json",
        r#"{"id":3,"kind":"evaluate","module":"lse","function":"gradient","input":{"y":[1]}}"#,
        r#"{"id":4,"kind":"something-new"}"#,
    ]);
    assert_eq!(r.len(), 5);
    assert_eq!(r[0]["success"], false);
    assert!(r[0]["error"].as_str().unwrap().contains("no-such-eval"));
    assert_eq!(r[1]["success"], false);
    assert!(r[1]["error"].as_str().unwrap().contains("cube"));
    assert_eq!(r[2]["success"], false);
    assert!(r[2]["error"].as_str().unwrap().contains("malformed"));
    assert_eq!(r[3]["success"], false);
    assert!(r[3]["error"].as_str().unwrap().contains("`x`"));
    assert_eq!(r[4]["id"], 4);
}
