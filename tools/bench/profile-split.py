#!/usr/bin/env python3
"""Splits a perf profile of `tableflow-bench replay` into the pipeline's parts.

    perf record -F 499 -g -o replay.perf -- tools/bench/.build/release/tableflow-bench replay
    perf script -i replay.perf | swift demangle --simplified | python3 tools/bench/profile-split.py

Each sample (a stack) goes to one part: walking from the leaf towards the root, the first
frame whose demangled name matches a part's patterns decides (so `swift_retain` under the
diff is the diff's, under the log writer the log's). A sample no frame matches is `other`;
`other` is also broken down by its leaf (`--other N` prints the N largest). The patterns are
below; a frame of the bench's own peer (inflate + JSONDecoder) is counted as `peer` and left
out of the percentages (any frame of it in the stack: the peer reads the fixture too).
"""

import re
import sys
from collections import Counter

# Checked in this order within one frame; the first part with a matching pattern wins.
PARTS = [
    ("peer", [r"inflateAndDecode"]),
    ("log", [
        r"SnapshotText", r"TextLogWriter", r"JSONLinesLogWriter", r"SnapshotLogWriter",
        r"TextEscaping", r"writeInterchange", r"LogLines", r"FeedSession.*logLines",
        r"replayThroughPipeline.*closure", r"SessionLog",
    ]),
    ("diff", [
        r"SnapshotDiffer", r"RowWindows", r"RowMatching", r"SectionMatching", r"RowIDTable",
        r"LongestIncreasingSubsequence", r"TableSnapshot\.difference", r"difference\(from:",
        r"StagedChangeset",
    ]),
    ("present", [
        r"PresentStage", r"PresentStateMachine", r"HeadlessTable", r"BatchUpdate", r"RowOperations",
        r"CellUpdates", r"TableSnapshot\.applying",
    ]),
    ("build", [
        r"TransformStage", r"TransformStateMachine", r"SnapshotBuilder", r"RowIDCounts",
        r"DuplicateIDRenamer", r"MemoPages", r"RowMemo", r"ScreenState", r"BookList", r"BookShelf",
        r"BookStatus", r"BooksFeed", r"BookInfoCellModel", r"BookRatingCellModel", r"LineCount",
        r"TypedCellModelBox", r"AnyScreen", r"sections\(for:", r"appendingSections", r"StatusRows",
        r"TableSnapshot\.init\(validat",
    ]),
    ("decode", [
        r"TapeDecoder", r"TapeKeyedContainer", r"TapeUnkeyedContainer", r"TapeSingleValue", r"JSONTape",
        r"JSONUnescaper", r"ValidatedUTF8", r"JSONDecoding", r"ModelDecoding",
        r"DecodeStage", r"DecodeStateMachine", r"TolerantArray", r"init\(from:", r"JSONDecoder",
        r"CodingPathNode",
    ]),
    ("read", [
        r"FixtureReader", r"GzipLineReader", r"Zlib", r"inflate", r"FixtureCursor", r"ReplayTransport",
        r"BodyStore", r"RecordDecoder", r"RequestMatcher", r"FetchStage", r"FetchStateMachine",
        r"PosixFile", r"Redactor", r"crc32", r"adler32",
    ]),
    ("bus", [r"EventBus", r"BusStateMachine", r"StageMailbox", r"EventSequencer", r"BusSubscription"]),
]

COMPILED = [(name, re.compile("|".join(patterns))) for name, patterns in PARTS if name != "peer"]
PEER = re.compile("|".join(dict(PARTS)["peer"]))


def samples(lines):
    """Yields the frames of each sample, leaf first."""
    frames = []
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            if frames:
                yield frames
            frames = []
            continue
        if line.startswith("\t") or line.startswith(" "):
            parts = line.strip().split(None, 1)
            if len(parts) == 2:
                symbol = re.sub(r"\+0x[0-9a-f]+$", "", parts[1])
                symbol = re.sub(r" \(.*\)$", "", symbol)
                frames.append(symbol)
        else:
            frames = []
    if frames:
        yield frames


def classify(frames):
    if any(PEER.search(frame) for frame in frames):
        return "peer"
    for frame in frames:
        for name, pattern in COMPILED:
            if pattern.search(frame):
                return name
    return "other"


def main():
    other_top = 0
    if "--other" in sys.argv:
        other_top = int(sys.argv[sys.argv.index("--other") + 1])
    counts = Counter()
    leaves = Counter()
    for frames in samples(sys.stdin):
        part = classify(frames)
        counts[part] += 1
        if part == "other" and frames:
            leaves[frames[0][:90]] += 1
    total = sum(count for part, count in counts.items() if part != "peer")
    order = ["decode", "build", "diff", "present", "log", "read", "bus", "other"]
    print(f"samples: {total} (peer: {counts['peer']})")
    for part in order:
        share = 100.0 * counts[part] / total if total else 0.0
        print(f"{part:8} {counts[part]:7} {share:5.1f} %")
    for leaf, count in leaves.most_common(other_top):
        print(f"  other {count:6} {leaf}")


if __name__ == "__main__":
    main()
