#!/usr/bin/env python3
"""Writes large fixtures for measuring replay and inspect memory (issue 10, item 13).

  large-fixture.py session OUT [PAIRS] [BODY_BYTES]
      Fixtures/books/session.jsonl.gz followed by PAIRS unused request/response pairs whose
      bodies hold BODY_BYTES of JSON text each (default 50,000 pairs of 16,000 bytes: 100,000
      records, about 800 MB inflated). Replay answers the session from the first records; the
      rest must not stay in memory.
  large-fixture.py bomb OUT [RECORDS] [BODY_BYTES]
      The books session followed by RECORDS responses of BODY_BYTES repeated bytes (default 100
      of 12.5 MB: 1.25 GB inflated, about 1.3 MB on disk), beyond the 1 GiB inflate limit.

Measure with: /usr/bin/time -v tableflow replay OUT >/dev/null (Maximum resident set size).
"""
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SESSION = os.path.join(HERE, "..", "..", "Fixtures", "books", "session.jsonl.gz")


def main():
    kind, out = sys.argv[1], sys.argv[2]
    with gzip.open(SESSION, "rb") as f:
        lines = [line for line in f.read().split(b"\n") if line]
    seq = max(json.loads(line)["seq"] for line in lines[1:])
    with gzip.open(out, "wb", compresslevel=6) as f:
        for line in lines:
            f.write(line + b"\n")
        if kind == "session":
            pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 50_000
            size = int(sys.argv[4]) if len(sys.argv) > 4 else 16_000
            # Text from the real responses, shifted per record: compresses like real JSON.
            source = b"".join(lines[1:]).decode("utf-8", "replace").replace('"', "'").replace("\\", "/")
            source = (source * (size // max(len(source), 1) + 2))
            for index in range(pairs):
                seq += 1
                request = {"seq": seq, "type": "request", "method": "GET", "url": "/filler/%d" % index}
                f.write(json.dumps(request, ensure_ascii=False).encode() + b"\n")
                start = (index * 7919) % (len(source) - size)
                body = '{"index":%d,"text":"%s"}' % (index, source[start:start + size - 30])
                seq += 1
                response = {"seq": seq, "type": "response", "request": seq - 1, "status": 200,
                            "elapsedMs": 1, "body": body}
                f.write(json.dumps(response, ensure_ascii=False).encode() + b"\n")
        elif kind == "bomb":
            records = int(sys.argv[3]) if len(sys.argv) > 3 else 100
            size = int(sys.argv[4]) if len(sys.argv) > 4 else 12_500_000
            body = "a" * size
            for _ in range(records):
                seq += 1
                record = {"seq": seq, "type": "response", "request": 1, "status": 200, "body": body}
                f.write(json.dumps(record).encode() + b"\n")
        else:
            sys.exit("usage: large-fixture.py session|bomb OUT [COUNT] [BODY_BYTES]")


if __name__ == "__main__":
    main()
