#!/usr/bin/env python3
"""Writes the seed corpus for the fixture-reader fuzz target (tools/fuzz/corpus/fixture-reader).

Each seed's first byte picks the target's mode: 0x00 = the rest is a gzip file, 0x01 = the rest
is JSON Lines text that the target gzips itself before reading.
"""
import os
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "fixture-reader")

HEADER = b'{"format":"tableflow-fixture","version":1,"feed":"books","tool":"seeds","base":"http://127.0.0.1:8080/v1","params":{"user":"pmtao"}}'
RECORDS = [
    b'{"seq":1,"type":"intent","intent":"load"}',
    b'{"seq":2,"type":"request","method":"GET","url":"/v2/book/user/pmtao/collections?status=wish&start=0&count=40","headers":[["Accept","application/json"],["Authorization","REDACTED"]]}',
    b'{"seq":3,"type":"response","request":2,"status":200,"elapsedMs":12.5,"headers":[["Content-Type","application/json"]],"body":"{\\"title\\":\\"\\u4e09\\u4f53\\",\\"e\\":\\"\\ud83d\\udcda\\",\\"t\\":\\"a\\tb\\nc\\\\d\\/\\"}"}',
    b'{"seq":4,"type":"intent","intent":"select book-123"}',
    b'{"seq":5,"type":"request","method":"POST","url":"/api/session","headers":[],"body":"user=a&password=REDACTED"}',
    b'{"seq":6,"type":"response","request":5,"status":500,"elapsedMs":0,"headers":[],"bodyBase64":"/wDDKAE="}',
    b'{"seq":7,"type":"error","request":5,"code":"unreachable","message":"connection refused"}',
    b'{"seq":8,"type":"intent","intent":"back","extra":{"nested":[1,2.5e3,true,false,null]}}',
]


def gzip_sync(lines):
    """Gzip with a sync flush after every line, as FixtureKit writes."""
    c = zlib.compressobj(6, zlib.DEFLATED, 31)
    out = []
    for line in lines:
        out.append(c.compress(line + b"\n"))
        out.append(c.flush(zlib.Z_SYNC_FLUSH))
    out.append(c.flush())
    return b"".join(out)


def main():
    os.makedirs(HERE, exist_ok=True)
    full = [HEADER] + RECORDS
    seeds = {
        "gzip-session": b"\0" + gzip_sync(full),
        "gzip-header-only": b"\0" + gzip_sync([HEADER]),
        "gzip-truncated": b"\0" + gzip_sync(full)[:-20],
        "gzip-two-members": b"\0" + gzip_sync(full[:3]) + gzip_sync(full[3:]),
        "text-session": b"\1" + b"\n".join(full) + b"\n",
        "text-no-final-newline": b"\1" + b"\n".join(full[:4]),
        "text-bad-version": b"\1" + HEADER.replace(b'"version":1', b'"version":2') + b"\n",
        "text-blank-lines": b"\1" + HEADER + b"\n\n  \n" + RECORDS[0] + b"\r\n",
    }
    for index, record in enumerate(RECORDS):
        seeds["text-record-%d" % (index + 1)] = b"\1" + HEADER + b"\n" + record + b"\n"
    for name, data in seeds.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
