#!/usr/bin/env bash
# The peers (JAX, PyTorch) on the inputs the Rust suite exported:
#   bench-report/peers/run.sh INPUT_DIR OUTPUT.json [--quick]
# Makes its own virtual environment from PyPI the first time, in
# target/peers-venv (PEERS_VENV to put it elsewhere): jax[cpu], numpy, and
# torch's CPU wheel from download.pytorch.org (PyPI's torch if that index is
# unreachable). Pin versions with JAX_SPEC / TORCH_SPEC.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${PEERS_VENV:-$root/target/peers-venv}"
python="${PYTHON:-python3}"

if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import jax, torch, numpy" 2>/dev/null; then
    echo "peers: making the virtual environment $venv" >&2
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet "${JAX_SPEC:-jax[cpu]}" numpy
    if ! "$venv/bin/python" -m pip install --quiet --retries 1 --timeout 20 --index-url https://download.pytorch.org/whl/cpu "${TORCH_SPEC:-torch}"; then
        echo "peers: the PyTorch CPU index is unreachable; installing torch from PyPI" >&2
        "$venv/bin/python" -m pip install --quiet "${TORCH_SPEC:-torch}"
    fi
fi

# One core, as the parad figures the peers are compared with.
pin=()
if command -v taskset >/dev/null 2>&1; then
    pin=(taskset -c 0)
fi
exec "${pin[@]}" "$venv/bin/python" "$here/peers.py" "$@"
