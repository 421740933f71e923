//! Runs generated CUDA sources on the host: one C++ program holding every
//! kernel given (each in a namespace of its own), with a `main` that reads
//! the arguments of each launch from a file, launches it through
//! `cuda_host.h` and writes the `&mut` buffers back.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

/// An argument of a kernel, in the order of the CUDA parameters (each
/// slice is passed as its pointer and its length).
#[derive(Clone)]
pub enum Arg {
    F64(f64),
    F32(f32),
    Usize(usize),
    /// A slice of f64, `&mut` if the flag is set.
    F64s(Vec<f64>, bool),
    F32s(Vec<f32>, bool),
    Usizes(Vec<usize>),
}

pub struct Launch {
    pub kernel: &'static str,
    pub source: &'static str,
    pub grid: u32,
    pub block: u32,
    pub args: Vec<Arg>,
}

fn compiler() -> String {
    if let Ok(cxx) = std::env::var("CXX") {
        return cxx;
    }
    for c in ["c++", "g++", "clang++"] {
        if Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return c.to_string();
        }
    }
    panic!(
        "no host C++ compiler found (tried $CXX, c++, g++, clang++): the tests compile the generated CUDA sources \
         with one (C++20); install g++ (Debian: apt-get install g++)"
    );
}

/// The `&mut` buffers of each launch after it ran, as f64.
pub fn run(launches: &[Launch]) -> Vec<Vec<Vec<f64>>> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("kernels-host");
    std::fs::create_dir_all(&dir).unwrap();
    let mut cpp = String::from("#include \"cuda_host.h\"\n");
    let mut main = String::from("int main(int, char** argv) {\n    FILE* in = std::fopen(argv[1], \"r\");\n    FILE* out = std::fopen(argv[2], \"w\");\n");
    let mut input = String::new();
    for (c, l) in launches.iter().enumerate() {
        let _ = writeln!(cpp, "namespace case{c} {{\n{}\n}}", l.source);
        let _ = writeln!(main, "    {{");
        let mut call = Vec::new();
        let mut outs = Vec::new();
        for (i, a) in l.args.iter().enumerate() {
            let (ty, fmt, out_fmt) = match a {
                Arg::F64(_) | Arg::F64s(..) => ("double", "%lf", "%.17g"),
                Arg::F32(_) | Arg::F32s(..) => ("float", "%f", "%.9g"),
                Arg::Usize(_) | Arg::Usizes(_) => ("size_t", "%zu", "%zu"),
            };
            match a {
                Arg::F64(v) => {
                    let _ = writeln!(input, "{v:e}");
                    let _ = writeln!(main, "        {ty} a{i}; std::fscanf(in, \"{fmt}\", &a{i});");
                    call.push(format!("a{i}"));
                }
                Arg::F32(v) => {
                    let _ = writeln!(input, "{:e}", *v as f64);
                    let _ = writeln!(main, "        {ty} a{i}; std::fscanf(in, \"{fmt}\", &a{i});");
                    call.push(format!("a{i}"));
                }
                Arg::Usize(v) => {
                    let _ = writeln!(input, "{v}");
                    let _ = writeln!(main, "        {ty} a{i}; std::fscanf(in, \"{fmt}\", &a{i});");
                    call.push(format!("a{i}"));
                }
                Arg::F64s(..) | Arg::F32s(..) => {
                    let (vals, m): (Vec<String>, bool) = match a {
                        Arg::F64s(v, m) => (v.iter().map(|x| format!("{x:e}")).collect(), *m),
                        Arg::F32s(v, m) => (v.iter().map(|x| format!("{:e}", *x as f64)).collect(), *m),
                        _ => continue,
                    };
                    let _ = writeln!(input, "{} {}", vals.len(), vals.join(" "));
                    let _ = writeln!(main, "        size_t n{i}; std::fscanf(in, \"%zu\", &n{i}); std::vector<{ty}> a{i}(n{i}); for (auto& v : a{i}) std::fscanf(in, \"{fmt}\", &v);");
                    call.push(format!("a{i}.data(), a{i}.size()"));
                    if m {
                        outs.push(format!("        for (auto v : a{i}) std::fprintf(out, \"{out_fmt}\\n\", v);"));
                    }
                }
                Arg::Usizes(v) => {
                    let vals: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                    let _ = writeln!(input, "{} {}", vals.len(), vals.join(" "));
                    let _ = writeln!(main, "        size_t n{i}; std::fscanf(in, \"%zu\", &n{i}); std::vector<{ty}> a{i}(n{i}); for (auto& v : a{i}) std::fscanf(in, \"{fmt}\", &v);");
                    call.push(format!("a{i}.data(), a{i}.size()"));
                }
            }
        }
        let _ = writeln!(
            main,
            "        parad_launch({}, {}, [&] {{ case{c}::{}({}); }});",
            l.grid,
            l.block,
            l.kernel,
            call.join(", ")
        );
        for o in outs {
            let _ = writeln!(main, "{o}");
        }
        let _ = writeln!(main, "    }}");
    }
    main.push_str("    std::fclose(out);\n    return 0;\n}\n");
    cpp.push_str(&main);
    let (src, bin, inp, outp) =
        (dir.join("kernels.cpp"), dir.join("kernels"), dir.join("input.txt"), dir.join("output.txt"));
    std::fs::write(&src, &cpp).unwrap();
    std::fs::write(&inp, &input).unwrap();
    let include = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels");
    let cxx = compiler();
    let built = Command::new(&cxx)
        .args([
            "-std=c++20",
            "-O1",
            "-ffp-contract=off",
            "-pthread",
            "-Wall",
            "-Wno-unused-variable",
            "-Wno-unused-but-set-variable",
            "-I",
            include,
        ])
        .arg(&src)
        .arg("-o")
        .arg(&bin)
        .output()
        .unwrap_or_else(|e| panic!("running the host C++ compiler `{cxx}`: {e}"));
    assert!(
        built.status.success(),
        "the generated CUDA sources do not compile with `{cxx}` against cuda_host.h ({}):\n{}",
        src.display(),
        String::from_utf8_lossy(&built.stderr)
    );
    let ran = Command::new(&bin).arg(&inp).arg(&outp).output().unwrap();
    assert!(ran.status.success(), "the host-compiled kernels failed: {}", String::from_utf8_lossy(&ran.stderr));
    let text = std::fs::read_to_string(&outp).unwrap();
    let mut values = text.lines().map(|l| l.trim().parse::<f64>().unwrap());
    launches
        .iter()
        .map(|l| {
            l.args
                .iter()
                .filter_map(|a| match a {
                    Arg::F64s(v, true) => Some(v.len()),
                    Arg::F32s(v, true) => Some(v.len()),
                    _ => None,
                })
                .map(|n| values.by_ref().take(n).collect())
                .collect()
        })
        .collect()
}
