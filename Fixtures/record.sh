#!/usr/bin/env bash
# Re-records every session in Fixtures/ against tools/api-server.py and rewrites the golden
# logs beside them, through assertSession and the one record switch, TABLEFLOW_RECORD. Each
# session's intents are in FEED/NAME.intents; its parameters and server faults are listed in
# Tests/FeedsTests/RecordedSession.swift. A session whose log changed fails once (its golden
# now holds the new log): review with git diff.
# Usage: Fixtures/record.sh [FEED/NAME,...]   (no argument: every session)
#        TABLEFLOW_RECORD=failed Fixtures/record.sh   (only the sessions whose golden differs)
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
TABLEFLOW_RECORD_ONLY="${1:-}" TABLEFLOW_RECORD="${TABLEFLOW_RECORD:-all}" \
  swift test --filter 'RecordedSessionTests/replaysToGolden' || status=$?
# `tableflow` with no arguments replays the books session compiled into the binary.
python3 tools/embed-fixture.py
ls -l Fixtures/*/*.jsonl.gz
exit "$status"
