#!/usr/bin/env bash
# Benchmarks app files (docs/APPS.md): the Eki Bright example with its real Info.plist, every
# file of scenarios/ (scenarios and app files together), and the engine's rate on the app files
# (AppBenchmark: distinct states per second of processor time, bytes per stored state). Builds release first. Not a
# test: figures depend on the machine and its load.
#
#   Benchmarks/apps.sh [RUNS]     # RUNS defaults to 5; the fastest run of each is reported
set -euo pipefail

runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

swift build -c release --product authcheck >&2
bin="$(swift build -c release --show-bin-path)/authcheck"

fastest() {  # fastest wall-clock seconds of $runs runs of the command given
  local best=""
  for ((i = 0; i < runs; i++)); do
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null || true
    end=$(date +%s%N)
    local s
    s=$(awk -v n=$((end - start)) 'BEGIN { printf "%.3f", n / 1e9 }')
    if [[ -z "$best" ]] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
  done
  echo "$best"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "Eki Bright (scenarios/apps/eki-bright.yaml): $(fastest "$bin" scenarios/apps/eki-bright.yaml) s"
echo "authcheck scenarios/ ($(find scenarios -name '*.yaml' | wc -l) files): $(fastest "$bin" scenarios/) s"

# The engine's rate on app files: every user's stories, per second of processor time, on one
# thread and on two (where the bytes per stored state count a second worker's buffers).
swift build -c release --product AppBenchmark >&2
"$(swift build -c release --show-bin-path)/AppBenchmark"
"$(swift build -c release --show-bin-path)/AppBenchmark" --threads 2
