"""Times the suite's problems under JAX (`jax.jit(jax.grad(f))`) and
PyTorch (eager autograd, and `torch.compile` where it works), in float64,
on the inputs the Rust side wrote (`PARAD_BENCH_EXPORT`: a manifest and raw
little-endian f64 files). Before timing a tool on a problem it checks that
the tool's value and gradient equal parad's (gradient: largest difference
at most 1e-8 of the largest entry); a mismatch stops the run with an error.

    python peers.py INPUT_DIR OUTPUT.json [--quick] [--only NAME ...]

Writes, per problem and tool: the median primal and gradient times (ns),
JAX's compile time of the gradient (lower + compile, apart), the first
call of `torch.compile` (compile plus one run), and the status.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

import backends
import problems

REL = 1e-8


def load(directory):
    manifest = json.loads((directory / "manifest.json").read_text())
    read = lambda f: np.fromfile(directory / f, dtype="<f8")
    for p in manifest["problems"]:
        p["x_np"], p["grad_np"] = read(p["x"]), read(p["grad"])
        p["data_np"] = {k: read(f) for k, f in p["data"].items()}
    return manifest


def median_time(f, min_seconds, min_runs, max_runs=1000):
    """Median wall time of `f()` in ns, over at least `min_runs` calls
    and `min_seconds` (at most `max_runs` calls)."""
    times, start = [], time.perf_counter()
    while len(times) < min_runs or (time.perf_counter() - start < min_seconds and len(times) < max_runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e9


def check(name, tool, value, grad, p):
    """Fails loudly unless the tool's value and gradient are parad's."""
    want = p["grad_np"]
    scale = max(np.max(np.abs(want)), 1e-300)
    diff = float(np.max(np.abs(grad - want)) / scale)
    vdiff = abs(value - p["value"]) / max(abs(p["value"]), 1.0)
    if not (diff <= REL and vdiff <= REL):
        sys.exit(f"peers: {tool} on {name}: gradient differs from parad's by {diff:.3e} of its largest entry "
                 f"(value {value!r} vs {p['value']!r}); allowed {REL:g}. No time is reported.")
    return diff


def constants(ops, p):
    objective, prepare = problems.PROBLEMS[p["function"]]
    c = dict(p["data_np"])
    if prepare:
        c.update(prepare(p["params"], c))
    return objective, {k: ops.array(v) for k, v in c.items()}


def run_jax(p, ops, timing):
    objective, c = constants(ops, p)
    f = lambda x, c: objective(ops, x, c, p["params"], p["parts"])
    x = ops.array(p["x_np"])
    t = time.perf_counter()
    grad = ops.jax.jit(ops.jax.grad(f)).lower(x, c).compile()
    compile_s = time.perf_counter() - t
    primal = ops.jax.jit(f).lower(x, c).compile()
    value, g = float(primal(x, c)), np.asarray(grad(x, c))
    diff = check(p["name"], "jax", value, g, p)
    return (value, g), {
        "status": "ok", "max_rel_diff": diff, "compile_s": compile_s,
        "primal_ns": median_time(lambda: primal(x, c).block_until_ready(), *timing),
        "grad_ns": median_time(lambda: grad(x, c).block_until_ready(), *timing),
    }


def run_torch(p, ops, timing, compiled):
    torch = ops.torch
    objective, c = constants(ops, p)
    f = lambda x: objective(ops, x, c, p["params"], p["parts"])
    first_s = None
    if compiled:
        if p["function"] == "lstm":
            return None, {"status": "skipped: its Python loop over the characters would be unrolled into one graph"}
        # A fresh compiler state per problem: dynamo caches by code object,
        # which this lambda shares across problems, and past its recompile
        # limit it would fall back to eager without saying so.
        torch._dynamo.reset()
        f = torch.compile(f)
    x = torch.from_numpy(p["x_np"].copy()).requires_grad_(True)

    def grad():
        (g,) = torch.autograd.grad(f(x), x)
        return g

    def primal():
        with torch.no_grad():
            return f(x)

    try:
        t = time.perf_counter()
        g = grad()
        first_s = time.perf_counter() - t
        value = float(primal())
    except Exception as e:  # torch.compile can fail on a platform (no C++ compiler, ...)
        if not compiled:
            raise
        return None, {"status": "failed: " + str(e).strip().splitlines()[0][:200]}
    diff = check(p["name"], "torch.compile" if compiled else "torch", value, g.numpy(), p)
    out = {"status": "ok", "max_rel_diff": diff,
           "primal_ns": median_time(primal, *timing), "grad_ns": median_time(grad, *timing)}
    if compiled:
        out["first_call_s"] = first_s
    return (value, g.numpy()), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", type=Path)
    ap.add_argument("output", type=Path)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    # One thread everywhere, like parad's one-thread figures they are
    # compared with (set before JAX and PyTorch are imported).
    os.environ["XLA_FLAGS"] = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
    os.environ["OMP_NUM_THREADS"] = "1"
    # torch.compile's first call is reported as its compile time: without
    # Inductor's on-disk cache it is the same on every run.
    os.environ["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"
    manifest = load(args.inputs)
    timing = (0.3, 3) if args.quick else (2.0, 10)
    jax_ops, torch_ops = backends.Jax(), backends.Torch()
    torch_ops.torch.set_num_threads(1)
    import jax
    import torch

    results, done = {}, {}
    for p in manifest["problems"]:
        if args.only and p["name"] not in args.only:
            continue
        # Problems that are the same function at the same point (the serial
        # and rayon versions of a stencil) are timed once; each tool's value
        # and gradient are checked against each problem's parad gradient.
        key = (p["function"], json.dumps(p["params"], sort_keys=True), p["x_np"].tobytes())
        if key in done:
            first, outputs = done[key]
            for tool, got in outputs.items():
                if got is not None:
                    check(p["name"], tool, got[0], got[1], p)
            results[p["name"]] = {tool: dict(r, same_as=first) for tool, r in results[first].items()}
            continue
        print(f"peers: {p['name']} ({p['size']})", flush=True)
        runs = {
            "jax": run_jax(p, jax_ops, timing),
            "torch": run_torch(p, torch_ops, timing, compiled=False),
            "torch.compile": run_torch(p, torch_ops, timing, compiled=True),
        }
        results[p["name"]] = {tool: r for tool, (_, r) in runs.items()}
        done[key] = (p["name"], {tool: got for tool, (got, _) in runs.items()})
        for tool, r in results[p["name"]].items():
            g = r.get("grad_ns")
            print(f"  {tool:14} {r['status'] if g is None else f'gradient {g / 1e6:.3f} ms'}", flush=True)
    out = {
        "mode": manifest["mode"], "threads": 1,
        "versions": {"jax": jax.__version__, "torch": torch.__version__, "python": sys.version.split()[0]},
        "problems": results,
    }
    args.output.write_text(json.dumps(out, indent=1))
    print(f"peers: wrote {args.output}")


if __name__ == "__main__":
    main()
