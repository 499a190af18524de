"""The service's guards, as plain ASGI middleware (they never buffer a response, so streamed
conversions stay streamed): request body limit (413), per-request time limit (503), per-client
rate limits (429 with Retry-After, counted by the `limits` library) and the access log (one
JSON object per request on the `twgp.access` logger)."""

from __future__ import annotations

import asyncio
import logging
import math
import time
import uuid
from typing import Any

import orjson
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.problems import Problem, problem_response

access_log = logging.getLogger("twgp.access")

#: paths never limited or logged at info level (probes of a load balancer)
PROBES = ("/healthz", "/readyz")
#: the web page, its script and style, the API docs and their assets: never counted against a
#: client's rate (they hold no catalog data; a page load is several of them, and a client
#: that spent its rate on the API must still get the page that tells it so)
UNCOUNTED_PATHS = ("/", "/docs", "/openapi.json")
UNCOUNTED_PREFIXES = ("/static/", "/docs-static/")
#: methods and path prefixes that change the catalog (counted at the write rate)
WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
WRITE_PREFIXES = ("/v1/overrides/", "/v1/collection/")


def is_write(method: str, path: str) -> bool:
    return method in WRITE_METHODS and path.startswith(WRITE_PREFIXES)


def is_counted(path: str) -> bool:
    """Whether a request for `path` counts against the client's rate."""
    return not (path in PROBES or path in UNCOUNTED_PATHS or path.startswith(UNCOUNTED_PREFIXES))


async def _send_problem(send: Send, scope: Scope, problem: Problem) -> None:
    response = problem_response(
        problem.status, problem.code, problem.detail, instance=scope.get("path", ""),
        headers=problem.headers, **problem.extra,
    )  # fmt: skip
    await response({"type": "http"}, _no_body, send)


async def _no_body() -> Message:
    return {"type": "http.disconnect"}


def body_too_large(limit: int) -> Problem:
    return Problem(413, "BodyTooLarge",
                   f"the request body is larger than the limit of {limit:,} bytes",
                   hint="send the data in parts, or ask the operator for a larger --max-body",
                   max_body=limit)  # fmt: skip


class BodyLimit:
    """413 for a declared or streamed body beyond `limit` bytes, before it is all read."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared is not None:
            if not declared.isdigit() or len(declared) > 18:
                bad = Problem(400, "BadContentLength", f"Content-Length {declared!r} is not a size")
                await _send_problem(send, scope, bad)
                return
            if int(declared) > self.limit:
                await _send_problem(send, scope, body_too_large(self.limit))
                return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise body_too_large(self.limit)
            return message

        started = False

        async def tracking(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, tracking)
        except Problem as problem:  # raised while reading, outside the app's handlers
            if started:
                raise
            await _send_problem(send, scope, problem)


class TimeLimit:
    """A request still running after `seconds` is answered 503 (the work it started is
    abandoned: database statements of abandoned work stop at the same deadline)."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.seconds <= 0:
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            async with asyncio.timeout(self.seconds):
                await self.app(scope, receive, tracking)
        except TimeoutError:
            if started:  # a streamed answer already under way: end it where it is
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            late = Problem(503, "RequestTimeout",
                           f"the request took longer than the limit of {self.seconds:g} s",
                           headers={"Retry-After": "1"})  # fmt: skip
            await _send_problem(send, scope, late)


class RateLimit:
    """Per-client limits: `read` for every request, `write` for catalog writes, counted per
    client address. Probes, the page and its static files are not counted (`is_counted`)."""

    def __init__(self, app: ASGIApp, *, read: str, write: str, storage: str) -> None:
        self.app = app
        self.read: RateLimitItem | None = parse(read) if read else None
        self.write: RateLimitItem | None = parse(write) if write else None
        self.limiter = MovingWindowRateLimiter(storage_from_string(storage))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_counted(scope["path"]):
            await self.app(scope, receive, send)
            return
        item = self.write if is_write(scope["method"], scope["path"]) else self.read
        if item is not None:
            key = client_key(scope)
            if not self.limiter.hit(item, "twgp", key):
                stats = self.limiter.get_window_stats(item, "twgp", key)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                problem = Problem(429, "RateLimited",
                                  f"more than {item} requests from this client; retry in {wait} s",
                                  headers={"Retry-After": str(wait)}, limit=str(item))  # fmt: skip
                await _send_problem(send, scope, problem)
                return
        await self.app(scope, receive, send)


def client_key(scope: Scope) -> str:
    """The client's address (with --trust-proxy, the one the proxy forwarded). Not its API
    key: a key is only checked later, and a client sending a new made-up key with every
    request would escape its limit."""
    client = scope.get("client")
    return "addr:" + (client[0] if client else "unknown")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class AccessLog:
    """One JSON line per request: method, path, status, bytes, milliseconds, client, request
    id (echoed as X-Request-ID). Probes are logged at debug level."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _header(scope, b"x-request-id") or uuid.uuid4().hex
        start = time.perf_counter()
        status, sent = 500, 0

        async def logging_send(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id[:64].encode("latin-1", "replace")))
                message = {**message, "headers": headers}
            elif message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, logging_send)
        finally:
            took = round((time.perf_counter() - start) * 1e3, 2)
            record: dict[str, Any] = {
                "request_id": request_id[:64], "method": scope["method"], "path": scope["path"],
                "status": status, "bytes": sent, "ms": took,
                "client": (scope.get("client") or ("",))[0],
            }  # fmt: skip
            level = logging.DEBUG if scope["path"] in PROBES else logging.INFO
            access_log.log(level, orjson.dumps(record).decode())
