#!/usr/bin/env bash
# What one random read of memory costs on this machine (memory-reads.swift, built with swiftc):
# the latency of a miss over 16 MiB and 1 GiB (with huge pages asked for and forbidden), and the
# throughput of prefetched reads at random, as the visited set's lookups are, unsorted and sorted
# in batches.
# Benchmarks/NOTES.md ("Where its time goes") has figures.
set -euo pipefail
cd "$(dirname "$0")"
binary="$(mktemp -d)/memory-reads"
trap 'rm -rf "$(dirname "$binary")"' EXIT
swiftc -O -o "$binary" memory-reads.swift
"$binary" 16 1 chain
"$binary" 1024 1 chain
"$binary" 1024 0 chain
"$binary" 16 1 independent
"$binary" 1024 1 independent
"$binary" 1024 1 sorted
