#!/usr/bin/env bash
# Benchmarks `authcheck PATH…` on a suite of about 10,000 scenario files, and the start-up time
# of `authcheck --version`. Builds release first. Not a test: figures depend on the machine.
#
#   Benchmarks/scenarios.sh [FILES]     # FILES defaults to 10000
#
# Uses hyperfine (Debian package `hyperfine`) when installed, else a loop timed with date +%s%N.
set -euo pipefail

files_wanted=${1:-10000}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

swift build -c release --product authcheck >&2
bin="$(swift build -c release --show-bin-path)/authcheck"

suite=$(mktemp -d "${TMPDIR:-/tmp}/authcheck-bench.XXXXXX")
trap 'rm -rf "$suite"' EXIT

# Copies of scenarios/ (each copy keeps its Info.plist beside the scenario that names it), then
# drop files beyond the count asked for.
# App files (scenarios/apps) are explored, not run: Benchmarks/apps.sh measures them.
per_copy=$(find scenarios -name '*.yaml' -not -path 'scenarios/apps/*' | wc -l)
copies=$(( (files_wanted + per_copy - 1) / per_copy ))
for ((i = 0; i < copies; i++)); do
  cp -R scenarios "$suite/copy-$(printf %04d "$i")"
  rm -rf "$suite/copy-$(printf %04d "$i")/apps"
done
find "$suite" -name '*.yaml' | sort | tail -n +$((files_wanted + 1)) | xargs -r rm
count=$(find "$suite" -name '*.yaml' | wc -l)

echo "authcheck on $count scenario files ($(nproc) cores):"
"$bin" "$suite" | tail -n 1

if command -v hyperfine >/dev/null; then
  hyperfine --warmup 1 --runs 5 --export-json "$suite/run.json" \
    --command-name "authcheck $count files" "$bin $suite > /dev/null" >&2
  seconds=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$suite/run.json" | head -n 1)
  hyperfine --warmup 20 --runs 200 -N --export-json "$suite/version.json" \
    --command-name "authcheck --version" "$bin --version" >&2
  startup=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$suite/version.json" | head -n 1)
else
  start=$(date +%s%N)
  for _ in 1 2 3; do "$bin" "$suite" >/dev/null; done
  seconds=$(echo "($(date +%s%N) - $start) / 3 / 1000000000" | bc -l)
  start=$(date +%s%N)
  for _ in $(seq 100); do "$bin" --version >/dev/null; done
  startup=$(echo "($(date +%s%N) - $start) / 100 / 1000000000" | bc -l)
fi

awk -v n="$count" -v s="$seconds" -v v="$startup" 'BEGIN {
  printf "%d files in %.2f s: %.0f files/second\n", n, s, n / s
  printf "authcheck --version: %.1f ms\n", v * 1000
}'
