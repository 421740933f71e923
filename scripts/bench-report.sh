#!/usr/bin/env bash
# The benchmark suite and its report (issue 7), in one command:
#
#   scripts/bench-report.sh [--quick] [--no-peers]
#
# 1. builds the criterion bench `suite` (release);
# 2. exports every problem's inputs and parad's gradient for the peers
#    (target/bench-data/inputs);
# 3. times primal, parad, hand-written and finite differences, the rayon
#    problems in pools of 1, 2, 4, ... up to all cores (target/bench-data/results.json);
# 4. runs the peers, JAX and PyTorch, in their own virtual environment
#    (bench-report/peers/run.sh; target/bench-data/peers.json), which check
#    their gradients against parad's before they time anything;
# 5. writes bench-report/REPORT.md and its SVG plots.
#
# --quick: small sizes and short measurements (a few minutes, to check that
# it all works); the default is the full sizes, for the figures (run it on a
# quiet machine). --no-peers skips step 4. PARAD_REPORT_NOTE adds a line to
# the report (say where it ran).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=full
peers=1
for arg in "$@"; do
    case "$arg" in
        --quick) mode=quick ;;
        --no-peers) peers=0 ;;
        *) echo "usage: scripts/bench-report.sh [--quick] [--no-peers]" >&2; exit 2 ;;
    esac
done

data=target/bench-data
cores=$(nproc)
threads=1
for (( t = 2; t < cores; t *= 2 )); do threads+=",$t"; done
(( cores > 1 )) && threads+=",$cores"
if [[ $mode == quick ]]; then
    criterion=(--warm-up-time 0.5 --measurement-time 1)
    peer_args=(--quick)
else
    criterion=(--warm-up-time 2 --measurement-time 5 --sample-size 20)
    peer_args=()
fi

echo "bench-report: $mode mode, pools of $threads threads" >&2
rm -rf "$data/inputs" "$data/results.json" "$data/peers.json"
cargo bench --bench suite --no-run
PARAD_BENCH_MODE=$mode PARAD_BENCH_EXPORT="$data/inputs" cargo bench --bench suite
PARAD_BENCH_MODE=$mode PARAD_BENCH_THREADS=$threads cargo bench --bench suite -- "${criterion[@]}"
if (( peers )); then
    bash bench-report/peers/run.sh "$data/inputs" "$data/peers.json" "${peer_args[@]}"
fi
cargo run --release -p parad-bench-report -- --data "$data" --note "${PARAD_REPORT_NOTE:-}"
