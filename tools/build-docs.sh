#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/<Module>/<Module>.docc) with the toolchain's own `docc
# convert`, from the symbol graphs of the modules `swift build` compiled: no plugin, nothing
# fetched. Warnings are errors, so a broken symbol link or a parameter left undocumented in a
# public API's comment fails CI.
#
# Usage: tools/build-docs.sh [OUTPUT_DIR]   (default .build/docs; run `swift build` first)
# Each module's archive is OUTPUT_DIR/<Module>.doccarchive; open its index.html through a web
# server (python3 -m http.server -d OUTPUT_DIR/TableFlow.doccarchive), then documentation/tableflow.
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build/docs}"
bin="${BUILD_BIN_PATH:-$(swift build --show-bin-path)}"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
toolchain="$(dirname "$(command -v swift)")"
docc="$toolchain/docc"
extract="$toolchain/swift-symbolgraph-extract"
sdk=()
if command -v xcrun >/dev/null 2>&1; then
  docc="$(xcrun --find docc)"
  extract="$(xcrun --find swift-symbolgraph-extract)"
  sdk=(-sdk "$(xcrun --show-sdk-path)")
fi
triple="$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
mkdir -p "$output"
status=0
for catalog in Sources/*/*.docc; do
  module="$(basename "$catalog" .docc)"
  if [ ! -f "$modules/$module.swiftmodule" ] && [ ! -d "$modules/$module.swiftmodule" ]; then
    echo "build-docs: $modules/$module.swiftmodule is missing: run swift build first" >&2
    exit 1
  fi
  mkdir -p "$graphs/$module"
  "$extract" -module-name "$module" -I "$modules" -I Sources/CZlib -target "$triple" "${sdk[@]}" \
    -minimum-access-level public -output-dir "$graphs/$module"
  rm -rf "$output/$module.doccarchive"
  log="$graphs/$module.log"
  if ! "$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$output/$module.doccarchive" --warnings-as-errors \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.tableflow.$module" \
    >"$log" 2>&1 || grep -qi "warning:" "$log"; then
    echo "build-docs: $catalog:" >&2
    cat "$log" >&2
    status=1
  else
    # docc copies a linked resource as the link (Resources/viewer.png links docs/viewer.png,
    # which the README shows): put the file itself in the archive.
    find "$output/$module.doccarchive" -type l | while read -r link; do
      resource="$(find "$catalog" -name "$(basename "$link")" | head -n 1)"
      rm "$link"
      cp -L "$resource" "$link"
    done
    echo "build-docs: $output/$module.doccarchive"
  fi
done
exit "$status"
