#!/usr/bin/env bash
# Re-records every session in Fixtures/ against tools/api-server.py and rewrites the golden
# logs beside them. Each session's intents are in FEED/NAME.intents; its parameters and
# server faults are listed in Tests/FeedsTests/RecordedSession.swift. Review with git diff.
# Usage: Fixtures/record.sh [FEED/NAME,...]   (no argument: every session)
set -euo pipefail
cd "$(dirname "$0")/.."
TABLEFLOW_RECORD_ONLY="${1:-}" TABLEFLOW_RECORD_FIXTURES=1 swift test --filter 'RecordedSessionTests/liveEqualsReplay'
# `tableflow` with no arguments replays the books session compiled into the binary.
python3 tools/embed-fixture.py
ls -l Fixtures/*/*.jsonl.gz
