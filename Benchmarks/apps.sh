#!/usr/bin/env bash
# Benchmarks app files (docs/APPS.md): the Eki Bright example with its real Info.plist, every
# file of scenarios/ (scenarios and app files together), and the explorer's rate on the app
# files (distinct states stored per second of each file's run). Builds release first. Not a
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

# The rate: states stored by both explorations of each app file over its run's duration.
"$bin" scenarios/apps --format json > "${TMPDIR:-/tmp}/authcheck-apps.json" || true
python3 - "${TMPDIR:-/tmp}/authcheck-apps.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
for f in report["files"]:
    if f.get("kind") != "app":
        continue
    states = sum(e["states"] for e in f.get("explorations", []))
    rate = states / f["duration"] if f["duration"] else 0
    print(f'{f["path"]}: {states} states in {f["duration"]:.3f} s, {rate:,.0f} states/s')
PY
