#!/usr/bin/env bash
# The engine alone, in a release build: distinct states and transitions per second and bytes per
# stored state on a toy system (five counters of 35 values, 52,521,875 states), which costs the
# engine's own work and next to nothing of a model's. An optional argument sets the threads.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product EngineBenchmark
exec .build/release/EngineBenchmark "$@"
