#!/usr/bin/env bash
# The MPI benchmark: the 2D Burgers' equation (examples/burgers_mpi.rs),
# gradient/primal time ratio for each number of ranks, one grid split in
# strips (strong scaling). RANKS="1 2 4 8 16" for more ranks; NX, NY and
# STEPS set the grid and the time steps.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-mpi.sh
cargo build --release --features mpi --example burgers_mpi
NX=${NX:-256}
NY=${NY:-256}
STEPS=${STEPS:-20}
for n in ${RANKS:-1 2}; do
    if (( NY % n != 0 )); then
        echo "bench-mpi: $NY rows do not split over $n ranks" >&2
        exit 1
    fi
    mpiexec -n "$n" target/release/examples/burgers_mpi "$NX" $(( NY / n )) "$STEPS"
done
