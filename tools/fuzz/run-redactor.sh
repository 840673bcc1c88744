#!/usr/bin/env bash
# Builds the libFuzzer target for FixtureKit's redactor and secret scanner and runs it for
# SECONDS (default 60). Usage: tools/fuzz/run-redactor.sh [SECONDS] [extra libFuzzer flags…]
# New inputs go to .build/fuzz/redactor-corpus (not to the seed corpus in git); crashes to
# .build/fuzz/redactor-.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
out=.build/fuzz
mkdir -p "$out/redactor-corpus"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name RedactorFuzz \
  -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap -I Sources/CZlib \
  Sources/FixtureKit/*.swift tools/fuzz/RedactorFuzz.swift \
  -lz -o "$out/redactor"
"$out/redactor" -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 \
  -artifact_prefix="$out/redactor-" "$@" "$out/redactor-corpus" tools/fuzz/corpus/redactor
