"""HTTP caching of the API's reads: an ETag on every successful `GET /v1/...` answer (a weak
one, of the uncompressed body: the gzip layer outside may compress it or not, the document is
the same), `304 Not Modified` when the client's `If-None-Match` names it, and `Cache-Control`
on every `/v1/` answer:

* open reads: `public, max-age=READ_MAX_AGE` (a short while: writes change the catalog);
* reads with an API key, any read of a `--private` server, writes, other methods and every
  error: `no-store` (what a key may read is not for shared caches; errors pass).

The page and the static files are StaticFiles' and the templates' business (StaticFiles sends
its own ETag). An answer that streams (no Content-Length), is larger than `MAX_TAGGED` or
already carries an ETag is passed through as it comes, with its Cache-Control only."""

from __future__ import annotations

import hashlib

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: seconds a shared cache or a browser may reuse an open read without asking again
READ_MAX_AGE = 30
PUBLIC = f"public, max-age={READ_MAX_AGE}"
NO_STORE = "no-store"
#: answers larger than this (bytes) are not held back to be tagged
MAX_TAGGED = 8 << 20
#: the request headers that carry an API key (service/deps.py: presented_key)
KEY_HEADERS = ("authorization", "x-api-key")


def entity_tag(body: bytes) -> str:
    """A weak ETag of `body` (weak: the same document compressed or not)."""
    return f'W/"{hashlib.blake2b(body, digest_size=16).hexdigest()}"'


def matches(if_none_match: str, tag: str) -> bool:
    """`If-None-Match` names `tag` (weak comparison, RFC 9110 §13.1.2), or is `*`."""
    wanted = tag.removeprefix("W/")
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == wanted:
            return True
    return False


class HttpCaching:
    """ETag, 304 and Cache-Control for the API (`/v1/...`); see the module's docstring."""

    def __init__(self, app: ASGIApp, *, private: bool) -> None:
        self.app = app
        self.private = private

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        request = Headers(scope=scope)
        keyed = self.private or any(name in request for name in KEY_HEADERS)
        method = scope["method"]
        policy = PUBLIC if method in ("GET", "HEAD") and not keyed else NO_STORE
        if method != "GET":
            await self.app(scope, receive, _with_policy(send, policy))
            return
        await Tagged(send, policy, request.get("if-none-match")).run(self.app, scope, receive)


def _with_policy(send: Send, policy: str) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            headers["Cache-Control"] = policy if message["status"] < 400 else NO_STORE
        await send(message)

    return sending


class Tagged:
    """One GET: a 200 answer of known, modest size is held until complete, tagged, and sent
    (or a 304 in its stead); anything else passes through."""

    def __init__(self, send: Send, policy: str, if_none_match: str | None) -> None:
        self.send = send
        self.policy = policy
        self.if_none_match = if_none_match
        self.start: Message | None = None
        self.chunks: list[bytes] = []
        self.holding = False

    async def run(self, app: ASGIApp, scope: Scope, receive: Receive) -> None:
        await app(scope, receive, self.sending)

    async def sending(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            ok = message["status"] == 200
            headers["Cache-Control"] = self.policy if ok else NO_STORE
            size = headers.get("content-length", "")
            self.holding = (ok and "etag" not in headers and size.isdigit()
                            and int(size) <= MAX_TAGGED)  # fmt: skip
            if self.holding:
                self.start = message
                return
        elif message["type"] == "http.response.body" and self.holding:
            self.chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                await self._finish()
            return
        await self.send(message)

    async def _finish(self) -> None:
        assert self.start is not None
        body = b"".join(self.chunks)
        tag = entity_tag(body)
        headers = MutableHeaders(scope=self.start)
        headers["ETag"] = tag
        if self.if_none_match is not None and matches(self.if_none_match, tag):
            kept = [(name, value) for name, value in self.start["headers"]
                    if name.lower() not in (b"content-length", b"content-type")]  # fmt: skip
            await self.send({**self.start, "status": 304, "headers": kept})
            await self.send({"type": "http.response.body", "body": b""})
            return
        await self.send(self.start)
        await self.send({"type": "http.response.body", "body": body})
