//! Compiles generated CUDA sources for the device, to PTX, with clang's
//! CUDA front end and `nvrtc.h` standing in for what NVRTC provides: the
//! CUDA text is checked as device code (address spaces, `__shared__`,
//! atomics, overloads, the kernel's parameters) on machines with neither a
//! GPU nor the CUDA toolkit.

use std::path::PathBuf;
use std::process::Command;

/// sm_80 (A100): the newest architecture clang 14, Debian 12's, knows
/// beyond sm_86; f64 `atomicAdd` needs sm_60 or newer.
const ARCH: &str = "sm_80";

fn clang() -> String {
    let mut tried = Vec::new();
    let env = std::env::var("PARAD_CUDA_CLANG").ok();
    let names = ["clang++", "clang++-19", "clang++-18", "clang++-17", "clang++-16", "clang++-15", "clang++-14"];
    for c in env.iter().map(String::as_str).chain(names) {
        if Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return c.to_string();
        }
        tried.push(c);
    }
    panic!(
        "no clang found (tried {}): the kernel tests compile the generated CUDA sources for the device with clang's \
         CUDA front end; install clang (Debian: apt-get install clang) or set PARAD_CUDA_CLANG",
        tried.join(", ")
    );
}

/// The PTX of `source`, whose kernel is `name`, optimised as NVRTC does.
pub fn ptx(name: &str, source: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("kernels-ptx");
    std::fs::create_dir_all(&dir).unwrap();
    let (cu, out) = (dir.join(format!("{name}.cu")), dir.join(format!("{name}.ptx")));
    std::fs::write(&cu, source).unwrap();
    let cc = clang();
    let prelude = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels/nvrtc.h");
    let built = Command::new(&cc)
        .args([
            "-x",
            "cuda",
            "--cuda-device-only",
            "-nocudainc",
            "-nocudalib",
            "-std=c++17",
            "-O3",
            "-S",
            "-Wall",
            "-Werror",
        ])
        .args(["-Wno-unused-variable", "-Wno-unused-but-set-variable"])
        .arg(format!("--cuda-gpu-arch={ARCH}"))
        .args(["-include", prelude])
        .arg(&cu)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("running `{cc}`: {e}"));
    assert!(
        built.status.success(),
        "`{name}`'s CUDA source does not compile for the device with `{cc}` ({}):\n{}",
        cu.display(),
        String::from_utf8_lossy(&built.stderr)
    );
    std::fs::read_to_string(&out).unwrap()
}

/// The PTX types of the parameters of the kernel `name` (`.u64`, `.f64`).
pub fn entry_params(ptx: &str, name: &str) -> Vec<String> {
    let head = format!(".entry {name}(");
    let start = ptx.find(&head).unwrap_or_else(|| panic!("no kernel `{name}` in the PTX"));
    let body = &ptx[start + head.len()..];
    let params = &body[..body.find(')').expect("the parameter list closes")];
    params.lines().filter_map(|l| l.split_whitespace().nth(1)).map(str::to_string).collect()
}

/// How many atomic instructions of the form `op` (`atom.global.add.f64`)
/// the PTX holds.
pub fn atomics(ptx: &str, op: &str) -> usize {
    ptx.lines().filter(|l| l.split_whitespace().next() == Some(op)).count()
}
