#!/usr/bin/env bash
# Type-checks every `#if canImport(UIKit)` file of the package against tools/uikit-standin, a
# stand-in UIKit module whose declarations copy the iOS SDK's signatures for the calls
# TableFlow makes (labels, optionality, @MainActor, availability), so that a misuse fails CI
# on Linux. Availability is checked for iOS against the minimum Package.swift declares (see
# tools/uikit-standin/availability.py).
#
# Usage: tools/check-uikit.sh            the check (after `swift build --build-tests`)
#        tools/check-uikit.sh --self-test  also proves that planted misuses fail it
# Environment: TABLEFLOW_IOS_MINIMUM overrides the minimum read from Package.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
for module in TableCore TableFlow FixtureKit; do
  if [ ! -f "$modules/$module.swiftmodule" ]; then
    echo "check-uikit: $modules/$module.swiftmodule is missing: run swift build first" >&2
    exit 70
  fi
done

# The minimum iOS: `.iOS(.v16)` in Package.swift; else 16, what DESIGN.md names (Duration, Clock).
minimum="${TABLEFLOW_IOS_MINIMUM:-$(sed -n 's/.*\.iOS(\.v\([0-9][0-9]*\)).*/\1/p' Package.swift | head -1)}"
minimum="${minimum:-16}"

# The checked files: every Swift file with `#if canImport(UIKit)`, by folder. Sources/TableFlowUIKit
# is checked as its module (all its files); the others each against that module.
mapfile -t library < <(ls Sources/TableFlowUIKit/*.swift)
mapfile -t others < <(grep -rlE '^#if canImport\(UIKit\)' --include='*.swift' Sources Tests Examples \
  | grep -v '^Sources/TableFlowUIKit/' | grep -v '/\.build/' | sort)
for file in $(grep -rlE 'canImport\(UIKit\)' --include='*.swift' Sources | grep -vE '^Sources/TableFlowUIKit/'); do
  echo "check-uikit: $file uses UIKit outside TableFlowUIKit" >&2
  exit 1
done

extra=()  # more search paths, for the example's own modules

check() {  # check SCRATCH MINIMUM: returns the compiler's status
  local scratch="$1" min="$2"
  mkdir -p "$scratch"/{strict,lenient,out,merged}
  local flags=(-swift-version 6 -warnings-as-errors)
  local search=(-I "$modules" -I Sources/CZlib)
  # 1. Signatures, isolation and module boundaries (open, public): the stand-in as a module
  #    named UIKit, Sources/TableFlowUIKit against it with every optional requirement it
  #    implements spelled exactly (strict), the other files against the lenient one.
  swiftc -emit-module -parse-as-library -module-name UIKit "${flags[@]}" -D TABLEFLOW_STANDIN_STRICT \
    tools/uikit-standin/*.swift -emit-module-path "$scratch/strict/UIKit.swiftmodule" || return 1
  swiftc -emit-module -parse-as-library -module-name UIKit "${flags[@]}" \
    tools/uikit-standin/*.swift -emit-module-path "$scratch/lenient/UIKit.swiftmodule" || return 1
  swiftc -emit-module -parse-as-library -module-name TableFlowUIKit "${flags[@]}" -D TABLEFLOW_UIKIT_STANDIN \
    -I "$scratch/strict" "${search[@]}" "${library[@]}" \
    -emit-module-path "$scratch/out/TableFlowUIKit.swiftmodule" || return 1
  local file
  for file in "${others[@]}"; do
    swiftc -typecheck -parse-as-library "${flags[@]}" -D TABLEFLOW_UIKIT_STANDIN \
      -I "$scratch/lenient" -I "$scratch/out" "${search[@]}" "${extra[@]}" "$file" || return 1
  done
  # 2. Availability for iOS above the minimum: stand-in and files rewritten into custom
  #    availability domains, type-checked as one module (see availability.py).
  local domains domain
  domains="$(python3 tools/uikit-standin/availability.py "$min" "$scratch/merged" \
    tools/uikit-standin/*.swift "${library[@]}" "${others[@]}")"
  flags+=(-enable-experimental-feature CustomAvailability)
  for domain in $domains; do
    flags+=(-Xfrontend -define-dynamic-availability-domain -Xfrontend "$domain")
  done
  swiftc -typecheck -parse-as-library -module-name TableFlowUIKit "${flags[@]}" -D TABLEFLOW_UIKIT_STANDIN \
    -D TABLEFLOW_STANDIN_STRICT "${search[@]}" "${extra[@]}" "$scratch"/merged/*.swift || return 1
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The example's feed module, which its view controller imports.
mkdir -p "$scratch/example"
swiftc -emit-module -parse-as-library -swift-version 6 -module-name FriendsFeed -I "$modules" -I Sources/CZlib \
  Examples/CustomFeed/Sources/FriendsFeed/*.swift -emit-module-path "$scratch/example/FriendsFeed.swiftmodule"
extra=(-I "$scratch/example")
check "$scratch/real" "$minimum"
extra=()
echo "check-uikit: ${#library[@]} files of Sources/TableFlowUIKit and ${#others[@]} other UIKit files type-check against the stand-in (iOS $minimum)"

if [ "${1:-}" = "--self-test" ]; then
  # Each planted misuse must fail the check: a copy of the package's UIKit files with one line changed.
  plant() {  # plant NAME FILE SED-EXPRESSION [MINIMUM]
    local name="$1" file="$2" expression="$3" min="${4:-$minimum}" copy="$scratch/plant-$1"
    mkdir -p "$copy/Sources" "$copy/tools"
    cp -R Sources/TableFlowUIKit Sources/CZlib "$copy/Sources/"
    cp -R tools/uikit-standin "$copy/tools/"
    sed -i "$expression" "$copy/$file"
    if cmp -s "$file" "$copy/$file"; then
      echo "check-uikit self-test: '$name' changed nothing in $file" >&2
      exit 1
    fi
    if (cd "$copy" && library=(Sources/TableFlowUIKit/*.swift) && others=() \
      && modules="$modules" check "$scratch/run-$name" "$min") \
      >"$scratch/$name.log" 2>&1; then
      echo "check-uikit self-test: the planted misuse '$name' passed the check" >&2
      exit 1
    fi
    echo "check-uikit self-test: '$name' fails the check: $(grep 'error:' "$scratch/$name.log" \
      | grep -v 'command failed' | head -1 | sed 's/.*error: //')"
  }
  plant wrong-label Sources/TableFlowUIKit/UITableView+CellHostingTable.swift \
    's/forCellReuseIdentifier: kind.rawValue/forCellIdentifier: kind.rawValue/'
  plant wrong-optionality Sources/TableFlowUIKit/UITableView+CellHostingTable.swift \
    's/cell.contentConfiguration = content/cell.contentConfiguration = content; let _: UILabel = cell.textLabel/'
  plant misspelled-requirement Sources/TableFlowUIKit/TableViewDataSource.swift \
    's/titleForHeaderInSection section: Int/titleForHeaderIn section: Int/'
  plant main-actor Sources/TableFlowUIKit/TableViewDataSource.swift \
    's/^  public func tableView(_ tableView: UITableView, prefetchRowsAt/  public nonisolated func tableView(_ tableView: UITableView, prefetchRowsAt/'
  plant unguarded-reconfigure Sources/TableFlowUIKit/UITableView+TableUpdateTarget.swift \
    's/^        reloadRows(at: rows.map(\\.tableIndexPath), with: animation)$/        reconfigureRows(at: rows.map(\\.tableIndexPath))/' 14
fi
