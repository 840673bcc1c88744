#!/usr/bin/env bash
# Builds the libFuzzer target for FixtureKit's reader and runs it for SECONDS (default 60).
# Usage: tools/fuzz/run.sh [SECONDS] [extra libFuzzer flags…]
# New inputs go to .build/fuzz/corpus (not to the seed corpus in git); crashes to .build/fuzz.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
out=.build/fuzz
mkdir -p "$out/corpus"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name FixtureFuzz \
  -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap -I Sources/CZlib \
  Sources/FixtureKit/*.swift tools/fuzz/FixtureReaderFuzz.swift \
  -lz -o "$out/fixture-reader"
"$out/fixture-reader" -max_total_time="$seconds" -max_len=16384 -print_final_stats=1 \
  -artifact_prefix="$out/" "$@" "$out/corpus" tools/fuzz/corpus/fixture-reader
