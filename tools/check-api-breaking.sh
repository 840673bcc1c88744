#!/usr/bin/env bash
# Runs `swift package diagnose-api-breaking-changes` against the last release tag (the newest
# tag named like a version, `0.2.0` or `v0.2.0`, reachable from HEAD). Until the first release is
# tagged there is nothing to compare with, and this says so and passes.
#
# Breaking changes a release makes on purpose are listed, one digester line each, in
# tools/api-breakage-allowlist.txt (and under "Breaking" in CHANGELOG.md); anything else fails.
set -euo pipefail
cd "$(dirname "$0")/.."

baseline="$(git describe --tags --abbrev=0 --match '[0-9]*.[0-9]*' --match 'v[0-9]*.[0-9]*' HEAD 2>/dev/null || true)"
if [ -z "$baseline" ]; then
  echo "api: no release tag yet; nothing to compare the public API with"
  exit 0
fi
allow=()
if [ -f tools/api-breakage-allowlist.txt ]; then
  allow=(--breakage-allowlist-path tools/api-breakage-allowlist.txt)
fi
echo "api: public API against $baseline"
swift package diagnose-api-breaking-changes "$baseline" ${allow[@]+"${allow[@]}"}
