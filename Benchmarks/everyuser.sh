#!/usr/bin/env bash
# Benchmarks EveryUserExploration on the example app's station finder (Examples/StationFinder):
# distinct states and paths replayed per second, release build, fastest of three runs at each
# depth. Not a test: figures depend on the machine and its load.
#
#   Benchmarks/everyuser.sh [DEPTH ...]     # depths default to 6 and 8
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/Examples/StationFinder"

swift build -c release --product EveryUserBenchmark >&2
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$(swift build -c release --show-bin-path)/EveryUserBenchmark" "$@"
