#!/usr/bin/env bash
# Explorer speed and memory, in a release build: distinct states per second, transitions per
# second and bytes per stored state, for the default run (every configuration, sessions
# always,whenInUse+Nav) and for one configuration with the four-session catalogue.
# Instruction counts that don't move with machine noise: see CONTRIBUTING.md (callgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product authcheck
exec .build/release/authcheck explore --bench "$@"
