//! `parad-gradbench`: a GradBench tool. Reads one JSON message per line on
//! stdin and answers each on stdout; see `protocol.rs`.

use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let reply = parad_gradbench::protocol::respond(&line);
        if writeln!(stdout, "{reply}").and_then(|_| stdout.flush()).is_err() {
            break;
        }
    }
}
