#!/usr/bin/env bash
# Builds a libFuzzer target over FixtureKit and runs it for SECONDS (default 60).
# Usage: [FUZZ_TARGET=NAME] tools/fuzz/run.sh [SECONDS] [extra libFuzzer flags…]
# Targets: fixture-reader (the default: reader, matching, round trip) and inspect-format
# (inspect's record summaries, number formatting and consistency check).
# New inputs go to .build/fuzz/corpus-NAME (not to the seed corpus in git); crashes to .build/fuzz.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
target="${FUZZ_TARGET:-fixture-reader}"
case "$target" in
  fixture-reader) source=tools/fuzz/FixtureReaderFuzz.swift ;;
  inspect-format) source=tools/fuzz/InspectFormatFuzz.swift ;;
  *) echo "run.sh: unknown FUZZ_TARGET '$target' (fixture-reader, inspect-format)" >&2; exit 64 ;;
esac
out=.build/fuzz
mkdir -p "$out/corpus-$target"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name FixtureFuzz \
  -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap -I Sources/CZlib \
  Sources/FixtureKit/*.swift "$source" \
  -lz -o "$out/$target"
"$out/$target" -max_total_time="$seconds" -max_len=16384 -print_final_stats=1 \
  -artifact_prefix="$out/$target-" "$@" "$out/corpus-$target" "tools/fuzz/corpus/$target"
