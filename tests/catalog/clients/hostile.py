"""A hostile card API on 127.0.0.1, started by a test: each path answers one way (a drip, an
endless body, a compression bomb, a redirect loop, an absurd Retry-After…). Real sockets,
real HTTP, nothing mocked; the server counts what each path received."""

from __future__ import annotations

import json
import threading
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

Behaviour = Callable[["Handler"], None]
#: the longest any misbehaviour goes on (a guard that failed would still end the test)
GIVE_UP = 15.0


class Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.routes: dict[str, Behaviour] = {}
        self.hits: Counter[str] = Counter()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that hung up on a misbehaving answer is what the tests expect


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Server

    def do_GET(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self._dispatch()

    @property
    def query(self) -> dict[str, str]:
        return {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()}

    def _dispatch(self) -> None:
        path = urlsplit(self.path).path
        self.server.hits[path] += 1
        behaviour = self.server.routes.get(path, answer({"object": "error"}, status=404))
        try:
            behaviour(self)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up on us: what the guards are for

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def hostile_server() -> Iterator[Server]:
    server = Server()
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


# --- behaviours ---------------------------------------------------------------------------------


def raw(data: bytes, *, status: int = 200, headers: dict[str, str] | None = None) -> Behaviour:
    def send(h: Handler) -> None:
        h.send_response(status)
        h.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            h.send_header(name, value)
        h.end_headers()
        h.wfile.write(data)

    return send


def answer(body: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> Behaviour:
    extra = {"Content-Type": "application/json", **(headers or {})}
    return raw(json.dumps(body).encode(), status=status, headers=extra)


def by_query(make: Callable[[dict[str, str]], Any]) -> Behaviour:
    """A JSON answer built from the request's query parameters."""
    return lambda h: answer(make(h.query))(h)


def drip_body(h: Handler) -> None:
    """Headers at once, then one byte of the announced megabyte every 20 ms."""
    h.send_response(200)
    h.send_header("Content-Length", str(1 << 20))
    h.end_headers()
    _drip(h, b" ")


def drip_headers(h: Handler) -> None:
    """The status line, then one header byte every 20 ms (the headers never end)."""
    h.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
    _drip(h, b"a")


def _drip(h: Handler, byte: bytes) -> None:
    started = time.monotonic()
    while time.monotonic() - started < GIVE_UP:
        h.wfile.write(byte)
        h.wfile.flush()
        time.sleep(0.02)


def silent(h: Handler) -> None:
    """Reads the request and never answers."""
    time.sleep(GIVE_UP)


def endless(h: Handler) -> None:
    """A JSON list that never ends, 64 KiB at a time (no Content-Length; up to 1 GiB)."""
    h.send_response(200)
    h.send_header("Content-Type", "application/json")
    h.send_header("Connection", "close")
    h.end_headers()
    h.wfile.write(b'{"object": "list", "data": [')
    chunk = b'{"object": "card", "name": "x"},' * 2048
    for _ in range((1 << 30) // len(chunk)):
        h.wfile.write(chunk)


def gzip_bomb(decoded_size: int) -> Behaviour:
    """`decoded_size` bytes of zeros, gzip-compressed (a thousandth of that on the wire)."""
    headers = {"Content-Encoding": "gzip", "Content-Type": "application/json"}
    return raw(_zeros_gzipped(decoded_size), headers=headers)


@cache
def _zeros_gzipped(size: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = b"0" * (1 << 20)
    parts = [packer.compress(block) for _ in range(size // len(block))]
    return b"".join([*parts, packer.flush()])


def redirect(location: str, status: int = 302) -> Behaviour:
    return raw(b"", status=status, headers={"Location": location})


def too_many(retry_after: str) -> Behaviour:
    return answer({"object": "error"}, status=429, headers={"Retry-After": retry_after})
