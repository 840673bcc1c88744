#!/usr/bin/env python3
"""A small issue tracker's API on loopback: a backend TableFlow's built-in feeds know nothing
of, for the spec-feed tests (a spec written for it is recorded, replayed and verified).

Standard library only. Answers are deterministic (no dates, no randomness):

  GET /projects/{project}/issues?page=N&per_page=M   {"data": {"issues": [...]},
                                                      "meta": {"page": N, "next_page": N+1 | null}}
      27 issues per project, numbered 1…27; issue 5 has no title (null), issue 9 a title
      needing escapes in a URL ("a/b ?#"); labels are an array, the assignee may be null.
  GET /projects/{project}/issues/{number}/comments   {"comments": [...]} (two per issue)
  GET /projects/{project}/activity?per_page=M[&after=ID]
      [...] (a bare array), paged by a `Link` header (RFC 8288, as GitHub's API does): 23
      events, newest first (ids 23…1), each with an RFC 3339 time `at` and a number `points`;
      the header holds `rel="first"` and, while events remain, `rel="next"` as an absolute URL
      on this server (`<http://127.0.0.1:PORT/projects/P/activity?after=ID&per_page=M>`).

Any other path answers 404 {"error": "not found"}. The first line on stdout is
`listening on http://127.0.0.1:PORT`. The server stops after --lifetime seconds (default
120), or on SIGTERM.
"""

import argparse
import json
import re
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ISSUES = 27
EVENTS = 23


def event(project, number):
    return {
        "id": number,
        "kind": ["opened", "commented", "closed"][number % 3],
        "issue": number % ISSUES + 1,
        "at": "2026-11-%02dT%02d:%02d:00Z" % (number, (number * 5) % 24, (number * 7) % 60),
        "points": number * 1234.5,
        "project": project,
    }


def issue(project, number):
    title = "Issue %d of %s" % (number, project)
    if number == 5:
        title = None
    elif number == 9:
        title = "a/b ?#"
    return {
        "number": number,
        "title": title,
        "state": "closed" if number % 3 == 0 else "open",
        "labels": [{"name": name} for name in (["bug"] if number % 2 else ["feature", "ui"])],
        "assignee": None if number % 4 == 0 else {"login": "dev%d" % (number % 3)},
        "comments": 2,
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "TrackerAPI/1"

    def log_message(self, format, *args):
        sys.stderr.write("tracker-server: " + (format % args) + "\n")

    def answer(self, status, payload, headers=()):
        body = json.dumps(payload, ensure_ascii=False, sort_keys=True).encode("utf-8")
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        match = re.fullmatch(r"/projects/([^/]+)/issues", parts.path)
        if match:
            page = int(query.get("page", ["1"])[0])
            per_page = int(query.get("per_page", ["10"])[0])
            first = (page - 1) * per_page + 1
            numbers = [n for n in range(first, first + per_page) if 1 <= n <= ISSUES]
            more = first + per_page <= ISSUES
            return self.answer(200, {
                "data": {"issues": [issue(match.group(1), n) for n in numbers]},
                "meta": {"page": page, "next_page": page + 1 if more else None},
            })
        match = re.fullmatch(r"/projects/([^/]+)/activity", parts.path)
        if match:
            per_page = int(query.get("per_page", ["10"])[0])
            after = int(query.get("after", [str(EVENTS + 1)])[0])
            numbers = [n for n in range(after - 1, 0, -1)][:per_page]
            origin = "http://%s" % self.headers.get("Host", "127.0.0.1")
            links = ['<%s%s?per_page=%d>; rel="first"' % (origin, parts.path, per_page)]
            if numbers and numbers[-1] > 1:
                links.insert(0, '<%s%s?after=%d&per_page=%d>; rel="next"' % (origin, parts.path, numbers[-1], per_page))
            return self.answer(200, [event(match.group(1), n) for n in numbers], [("Link", ", ".join(links))])
        match = re.fullmatch(r"/projects/([^/]+)/issues/(\d+)/comments", parts.path)
        if match:
            number = int(match.group(2))
            return self.answer(200, {"comments": [
                {"id": number * 100 + k, "author": "dev%d" % k, "body": "Comment %d on #%d" % (k, number)}
                for k in (1, 2)
            ]})
        return self.answer(404, {"error": "not found"})


def main():
    parser = argparse.ArgumentParser(description="A small issue tracker's API on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=0, help="port to listen on; 0 picks a free one")
    parser.add_argument("--lifetime", type=float, default=120, help="seconds before the server stops")
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent may start us with these signals blocked (Foundation's Process on Linux passes its
    # thread's mask on); unblock them so SIGTERM always stops the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    timer = threading.Timer(arguments.lifetime, server.shutdown)
    timer.daemon = True
    timer.start()
    sys.stdout.write("listening on http://127.0.0.1:%d\n" % server.server_address[1])
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
