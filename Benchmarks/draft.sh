#!/usr/bin/env bash
# Benchmarks `authcheck draft` (docs/APPS.md, "Drafting an app file") on a generated project of
# 500 Swift files and 100,000 lines: DraftBenchmark writes the project and drafts it in process,
# then the real binary drafts it. Builds release first. Not a test: figures depend on the machine
# and its load.
#
#   Benchmarks/draft.sh [RUNS]     # RUNS defaults to 5; the fastest run is reported
set -euo pipefail

runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

swift build -c release --product authcheck >&2
swift build -c release --product DraftBenchmark >&2
bin="$(swift build -c release --show-bin-path)"
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin/DraftBenchmark" "$project"
best=""
for ((i = 0; i < runs; i++)); do
  start=$(date +%s%N)
  "$bin/authcheck" draft "$project" > /dev/null
  end=$(date +%s%N)
  s=$(awk -v n=$((end - start)) 'BEGIN { printf "%.3f", n / 1e9 }')
  if [[ -z "$best" ]] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
done
echo "authcheck draft (500 files, 100,000 lines), fastest of $runs: $best s"
