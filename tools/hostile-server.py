#!/usr/bin/env python3
"""A hostile backend on loopback, for TableFlow's transport and secrets tests.

Standard library only. Every endpoint misbehaves on purpose; the route is the path's first
segments, and whatever follows is ignored, so a client's own paths can hang below a base URL
such as http://127.0.0.1:PORT/bomb/1073741824:

  /echo/…                 200: a profile-shaped answer ({"data":{"id","fullName"},"error":0})
                          that also echoes the request's headers and body, with a fresh "token",
                          a nested refresh_token, an X-Session-Token header and a session cookie
                          (a careless backend that leaks credentials)
  /signin-echo/…          200: a sign-in answer (seed C's envelope) whose message, shown on
                          screen, echoes the posted password and whose body carries a token
  /redirect-same/REST     302 to /echo/REST on this origin
  /redirect-cross/REST    302 to http://localhost:PORT/echo/REST: this server under another
                          host name, so another origin
  /big/N/…                200 with N bytes of filler, streamed in 64 KiB chunks (stops when the
                          client hangs up)
  /bomb/N/…               200, Content-Encoding: gzip: a stream inflating to N zero bytes (about
                          N/1000 bytes on the wire), streamed, no Content-Length
  /drip/N/MS/…            200 announcing N bytes, then one byte every MS milliseconds

The first line on stdout is `listening on http://127.0.0.1:PORT`. The server stops by itself
after --max-requests requests or --lifetime seconds (defaults 200 and 120), or on SIGTERM.
"""

import argparse
import json
import signal
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

CHUNK = 64 * 1024
SERVER_TOKEN = "srv-token-5d41402abc4b2a76b9719d911017c592"
SERVER_SESSION = "srv-session-7e3c1b9f2d"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "HostileAPI/1"

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def handle_any(self, method):
        self.server.count_request()
        path = urlsplit(self.path).path
        segments = [part for part in path.split("/") if part]
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        route = segments[0] if segments else ""

        def number(position, default):
            if len(segments) > position and segments[position].isdigit():
                return int(segments[position])
            return default

        rest = "/".join(segments[1:])
        try:
            if route == "echo":
                self.echo(method, body)
            elif route == "signin-echo":
                self.signin_echo(body)
            elif route == "redirect-same":
                self.redirect("/echo/" + rest)
            elif route == "redirect-cross":
                self.redirect("http://localhost:%d/echo/%s" % (self.server.server_address[1], rest))
            elif route == "big":
                self.big(number(1, 1 << 20))
            elif route == "bomb":
                self.bomb(number(1, 1 << 30))
            elif route == "drip":
                self.drip(number(1, 100), number(2, 1000))
            else:
                self.send_bytes(404, b'{"error":"not found"}')
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def echo(self, method, body):
        payload = {
            "data": {"id": 7, "fullName": "Echo", "pictureUrl": "echo"},
            "error": 0,
            "message": "echoed",
            "echo": {
                "method": method,
                "path": self.path,
                "headers": {name: value for name, value in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            },
            "token": SERVER_TOKEN,
            "session": {"user": "pmtao", "refresh_token": SERVER_TOKEN + "-refresh"},
        }
        data = json.dumps(payload, sort_keys=True).encode("utf-8")
        self.send_bytes(200, data, [("X-Session-Token", SERVER_TOKEN),
                                    ("Set-Cookie", "session=%s; HttpOnly" % SERVER_SESSION)])

    def signin_echo(self, body):
        try:
            posted = json.loads(body.decode("utf-8")) if body else {}
        except (UnicodeDecodeError, ValueError):
            posted = {}
        if not isinstance(posted, dict):
            posted = {}
        username = str(posted.get("username", ""))
        payload = {
            "data": {"id": 7, "username": username, "fullName": "Echo"},
            "error": 0,
            "message": "Welcome back, your password is %s" % posted.get("password", ""),
            "token": SERVER_TOKEN,
        }
        data = json.dumps(payload, sort_keys=True).encode("utf-8")
        self.send_bytes(200, data)

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def big(self, size):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        filler = b"a" * CHUNK
        sent = 0
        while sent < size:
            piece = filler[: min(CHUNK, size - sent)]
            self.wfile.write(piece)
            sent += len(piece)

    def bomb(self, size):
        # No Content-Length: the stream ends when the connection closes.
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Connection", "close")
        self.end_headers()
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = bytes(1 << 20)
        produced = 0
        while produced < size:
            piece = zeros[: min(len(zeros), size - produced)]
            produced += len(piece)
            out = compressor.compress(piece)
            if out:
                self.wfile.write(out)
                self.wfile.flush()
        self.wfile.write(compressor.flush())

    def drip(self, size, interval_ms):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        for _ in range(size):
            self.wfile.write(b" ")
            self.wfile.flush()
            time.sleep(interval_ms / 1000.0)

    def send_bytes(self, status, data, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, max_requests):
        super().__init__(address, Handler)
        self.lock = threading.Lock()
        self.remaining = max_requests

    def count_request(self):
        with self.lock:
            self.remaining -= 1
            if self.remaining <= 0:
                # Stop accepting once this request is answered; shutdown() blocks, so elsewhere.
                threading.Thread(target=self.shutdown, daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description="A hostile backend on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=0, help="port to listen on; 0 picks a free one")
    parser.add_argument("--max-requests", type=int, default=200, help="stop after this many requests")
    parser.add_argument("--lifetime", type=float, default=120, help="stop after this many seconds")
    args = parser.parse_args()
    server = Server(("127.0.0.1", args.port), args.max_requests)

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    timer = threading.Timer(args.lifetime, server.shutdown)
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
