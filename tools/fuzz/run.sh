#!/usr/bin/env bash
# Builds a libFuzzer target over FixtureKit and runs it for SECONDS (default 60).
# Usage: [FUZZ_TARGET=NAME] tools/fuzz/run.sh [SECONDS] [extra libFuzzer flags…]
# Targets: fixture-reader (the default: reader, matching, round trip), inspect-format
# (inspect's record summaries, number formatting and consistency check) and redactor (the
# redactor at any JSON depth, form bodies, URLs, headers, and the secret scanner) and decoder
# (the package's JSON decoder, checked against Foundation's JSONDecoder on every input) and
# url-builder (request paths from data and their join to a base URL: nothing leaves its
# segment or the base path, no query is forged, Foundation's parser agrees) and spec-loader
# (SpecFeed's loader: every refused spec names its issues, every loaded one builds its screens).
# New inputs go to .build/fuzz/corpus-NAME (not to the seed corpus in git); crashes to .build/fuzz.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
target="${FUZZ_TARGET:-fixture-reader}"
case "$target" in
  fixture-reader) source=tools/fuzz/FixtureReaderFuzz.swift ;;
  inspect-format) source=tools/fuzz/InspectFormatFuzz.swift ;;
  redactor) source=tools/fuzz/RedactorFuzz.swift ;;
  decoder) source=tools/fuzz/DecoderFuzz.swift ;;
  url-builder) source=tools/fuzz/URLBuilderFuzz.swift ;;
  spec-loader) source=tools/fuzz/SpecLoaderFuzz.swift ;;
  *) echo "run.sh: unknown FUZZ_TARGET '$target' (fixture-reader, inspect-format, redactor, decoder, url-builder, spec-loader)" >&2; exit 64 ;;
esac
out=.build/fuzz
mkdir -p "$out/corpus-$target" "tools/fuzz/corpus/$target"
zlib=(-Xcc -fmodule-map-file=Sources/CZlib/module.modulemap -I Sources/CZlib)
if [ "$target" = decoder ]; then
  # The decoder lives in TableFlow, over FixtureKit's package API: FixtureKit is built as its
  # own module (same package name), then the decoder's files are compiled with the target.
  mkdir -p "$out/modules"
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name tableflow \
    -module-name FixtureKit -emit-module -emit-module-path "$out/modules/FixtureKit.swiftmodule" \
    -emit-library -static -o "$out/modules/libFixtureKit.a" "${zlib[@]}" Sources/FixtureKit/*.swift
  decoder_sources=()
  for name in JSONDecoding TapeDecoder TapeDecoder+Scalars TapeKeyedContainer TapeUnkeyedContainer \
    TapeSingleValueContainer CodingPathNode KeyGuesses StringReuse; do
    decoder_sources+=("Sources/TableFlow/Decode/$name.swift")
  done
  decoder_sources+=(Sources/TableFlow/Support/Locked.swift)
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name tableflow \
    -module-name DecoderFuzz -I "$out/modules" "${zlib[@]}" \
    "${decoder_sources[@]}" Tests/TestSupport/JSONDifferential.swift Tests/TestSupport/SeededGenerator.swift \
    "$source" "$out/modules/libFixtureKit.a" -lz -o "$out/$target"
elif [ "$target" = spec-loader ]; then
  # The loader lives in Feeds, over TableFlow, TableCore and FixtureKit's package API: those are
  # built as modules (same package name), then the spec files are compiled with the target.
  mkdir -p "$out/modules"
  flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name tableflow -I "$out/modules")
  swiftc "${flags[@]}" -module-name TableCore -emit-module -emit-module-path "$out/modules/TableCore.swiftmodule" \
    -emit-library -static -o "$out/modules/libTableCore.a" $(find Sources/TableCore -name '*.swift')
  swiftc "${flags[@]}" -module-name FixtureKit -emit-module -emit-module-path "$out/modules/FixtureKit.swiftmodule" \
    -emit-library -static -o "$out/modules/libFixtureKit.a" "${zlib[@]}" Sources/FixtureKit/*.swift
  swiftc "${flags[@]}" -module-name TableFlow -emit-module -emit-module-path "$out/modules/TableFlow.swiftmodule" \
    -emit-library -static -o "$out/modules/libTableFlow.a" "${zlib[@]}" $(find Sources/TableFlow -name '*.swift')
  swiftc "${flags[@]}" -module-name SpecLoaderFuzz "${zlib[@]}" \
    Sources/Feeds/Spec/*.swift $(ls Sources/Feeds/Common/*.swift | grep -v BuiltinFeeds) "$source" \
    "$out/modules/libTableFlow.a" "$out/modules/libFixtureKit.a" "$out/modules/libTableCore.a" -lz -o "$out/$target"
elif [ "$target" = url-builder ]; then
  # The builder's files use nothing but the standard library; the target adds Foundation.
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name URLBuilderFuzz \
    Sources/TableFlow/Feed/RequestPath.swift Sources/TableFlow/Transport/URLPathText.swift \
    Sources/TableFlow/Transport/RequestURL.swift "$source" -o "$out/$target"
else
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name tableflow \
    -module-name FixtureFuzz "${zlib[@]}" \
    Sources/FixtureKit/*.swift "$source" \
    -lz -o "$out/$target"
fi
"$out/$target" -max_total_time="$seconds" -max_len=16384 -print_final_stats=1 \
  -artifact_prefix="$out/$target-" "$@" "$out/corpus-$target" "tools/fuzz/corpus/$target"
