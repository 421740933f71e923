//! Runs the `mpi-scenarios` binary (the runtime's adjoints, by dot-product
//! tests) and the `mpi-problems` binary (differentiated programs) under
//! `mpiexec -n K` for K = 1, 2, 4 and checks that every scenario printed
//! `ok` and the run succeeded. The
//! command and its output are written to stderr (not captured by the test
//! harness), so CI logs show the runs.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// A run that takes longer is killed and fails the test.
const TIMEOUT: Duration = Duration::from_secs(120);

const SCENARIOS: &str = env!("CARGO_BIN_EXE_mpi-scenarios");
const PROBLEMS: &str = env!("CARGO_BIN_EXE_mpi-problems");

/// One `mpiexec` at a time: the runs oversubscribe the cores already.
static RUNS: Mutex<()> = Mutex::new(());

/// Writes straight to stderr, past the test harness's capture.
fn log(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// The scenario names, from `BINARY --list` (which does not start MPI).
fn scenario_names(binary: &str) -> Vec<String> {
    let out = Command::new(binary).arg("--list").output().expect("run the binary with --list");
    assert!(out.status.success(), "{binary} --list failed");
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_owned).collect()
}

/// `mpiexec` and the flags it needs here: Open MPI refuses to run as root
/// and to place more processes than cores unless told; MPICH needs nothing.
fn mpiexec() -> Command {
    let version = Command::new("mpiexec").arg("--version").output();
    let version = match version {
        Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
        Err(e) => panic!("cannot run mpiexec ({e}); install MPI with scripts/ensure-mpi.sh"),
    };
    let mut cmd = Command::new("mpiexec");
    if version.contains("Open MPI") || version.contains("OpenRTE") {
        cmd.args(["--allow-run-as-root", "--oversubscribe"]);
    }
    cmd
}

/// Reads a pipe to the end on its own thread, so a full pipe cannot stall
/// the child.
fn drain(mut pipe: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        let _ = tx.send(String::from_utf8_lossy(&bytes).into_owned());
    });
    rx
}

/// What a drained pipe held; after a killed run, MPI processes that
/// outlived mpiexec may hold the pipe open, so wait only a while.
fn collect(pipe: Receiver<String>) -> String {
    pipe.recv_timeout(Duration::from_secs(10)).unwrap_or_else(|_| "(output still open after mpiexec ended)\n".into())
}

/// Ends a hung mpiexec: SIGTERM first, on which MPICH's and Open MPI's
/// launchers kill the processes they started (each runs in its own
/// session, out of reach of a process-group kill), then SIGKILL.
fn stop(child: &mut Child) {
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
}

fn run(binary: &str, ranks: u32) {
    let _one_at_a_time = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    let names = scenario_names(binary);
    let mut cmd = mpiexec();
    cmd.args(["-n", &ranks.to_string(), binary]);
    log(&format!("\n$ {cmd:?}\n"));
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start mpiexec");
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for mpiexec") {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            stop(&mut child);
            break None;
        }
        thread::sleep(Duration::from_millis(50));
    };
    let (stdout, stderr) = (collect(stdout), collect(stderr));
    log(&format!("{stdout}{stderr}(mpiexec -n {ranks}: {:.1} s)\n", start.elapsed().as_secs_f64()));

    let Some(status) = status else {
        panic!("mpiexec -n {ranks} hung: killed after {} s (output above)", TIMEOUT.as_secs());
    };
    let missing: Vec<&String> = names.iter().filter(|n| !stdout.lines().any(|l| l == format!("ok {n}"))).collect();
    assert!(
        missing.is_empty(),
        "mpiexec -n {ranks}: {} of {} scenarios did not print ok, first {:?} (output above)",
        missing.len(),
        names.len(),
        &missing[..missing.len().min(5)]
    );
    assert!(status.success(), "mpiexec -n {ranks} exited with {status} (output above)");
}

#[test]
fn adjoints_one_process() {
    run(SCENARIOS, 1);
}

#[test]
fn adjoints_two_processes() {
    run(SCENARIOS, 2);
}

#[test]
fn adjoints_four_processes() {
    run(SCENARIOS, 4);
}

#[test]
fn programs_one_process() {
    run(PROBLEMS, 1);
}

#[test]
fn programs_two_processes() {
    run(PROBLEMS, 2);
}

#[test]
fn programs_four_processes() {
    run(PROBLEMS, 4);
}
