//! A generated batch as a standalone cargo project: written to a directory,
//! built against parad by absolute path, run, its output read back.
//!
//! One project directory serves every batch of a hunt (only `src/batch.rs`
//! changes) and the target directory is shared, so parad, rayon and the
//! proc macros compile once and each batch recompiles one crate. The
//! project's profile is `opt-level = 0` without debug info: the derivatives
//! of a few hundred functions are a lot of code, LLVM's optimizations
//! would dominate the time, and the checks run in milliseconds anyway. The
//! proc macros themselves are optimised (`build-override`), since expanding
//! a batch at `opt-level = 0` took a third of its build.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Where the batch projects are written and built.
pub struct Project {
    /// The project directory (its `src/batch.rs` is rewritten per batch).
    pub dir: PathBuf,
    /// The shared `CARGO_TARGET_DIR`.
    pub target_dir: PathBuf,
}

/// The main file: the batch in a module, checked by its own harness.
const MAIN: &str = "\
// The batch program of `hunt` (parad-difftest): checks every function of
// `batch.rs` and prints the harness's line protocol.
#![allow(unused, clippy::all)]

mod batch {
    include!(\"batch.rs\");
}

fn main() {
    // Arguments: names of functions not to check (they crashed a run).
    let skip: Vec<String> = std::env::args().skip(1).collect();
    batch::harness::run_and_print(batch::ENTRIES, batch::SEED, &skip);
}
";

impl Project {
    /// Creates the project in `dir` against the parad checkout at `parad`,
    /// reusing the workspace's `Cargo.lock` so no dependency is resolved anew.
    pub fn create(dir: &Path, target_dir: &Path, parad: &Path) -> std::io::Result<Project> {
        std::fs::create_dir_all(dir.join("src"))?;
        let parad = parad.canonicalize()?;
        let manifest = format!(
            "[package]\nname = \"parad-hunt-batch\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\nparad = {{ path = {:?} }}\nrayon = \"1\"\n\n\
             [profile.dev]\nopt-level = 0\ndebug = false\nincremental = false\n\n\
             # The proc macros optimised: expansion was a third of a batch's build.\n\
             [profile.dev.build-override]\nopt-level = 3\n\n\
             # Not a member of any enclosing workspace.\n[workspace]\n",
            parad.display().to_string()
        );
        std::fs::write(dir.join("Cargo.toml"), manifest)?;
        if let Ok(lock) = std::fs::read(parad.join("Cargo.lock")) {
            std::fs::write(dir.join("Cargo.lock"), lock)?;
        }
        std::fs::write(dir.join("src/main.rs"), MAIN)?;
        Ok(Project { dir: dir.to_path_buf(), target_dir: target_dir.to_path_buf() })
    }

    /// Writes the batch source.
    pub fn write(&self, source: &str) -> std::io::Result<()> {
        std::fs::write(self.dir.join("src/batch.rs"), source)
    }

    /// `cargo build`; `Err` with rustc's messages if it fails.
    pub fn build(&self) -> Result<(), String> {
        let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()))
            .args(["build", "--quiet", "--color", "never"])
            .env("CARGO_TARGET_DIR", &self.target_dir)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    /// Runs the built program for at most `limit`, skipping the checks of
    /// the functions named in `skip`.
    pub fn run(&self, limit: Duration, skip: &[String]) -> Result<Run, String> {
        let exe = self.target_dir.join("debug/parad-hunt-batch");
        let mut child = Command::new(&exe)
            .args(skip)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        // Read both pipes on threads so a chatty program cannot block.
        let mut so = child.stdout.take().expect("piped");
        let mut se = child.stderr.take().expect("piped");
        let out_t = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = so.read_to_string(&mut s);
            s
        });
        let err_t = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = se.read_to_string(&mut s);
            s
        });
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                break Some(status);
            }
            if start.elapsed() > limit {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let (stdout, stderr) = (out_t.join().unwrap_or_default(), err_t.join().unwrap_or_default());
        let problem = match status {
            Some(s) if s.success() => None,
            Some(s) => Some(format!("the batch program exited with {s}")),
            None => Some(format!("the batch program ran over {limit:?} and was killed")),
        };
        Ok(Run { stdout, stderr, problem })
    }
}

/// What one run of a batch program printed, and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    /// `None` if it exited successfully; else a crash or a timeout.
    pub problem: Option<String>,
}
