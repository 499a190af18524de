"""What every endpoint needs: the settings and engines of the running app, API-key checks, the
request body as text, and `run` (blocking work in a worker thread, stopped at the request's
time limit)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TypeVar

import anyio.to_thread
from fastapi import Request

from catalog.base.limits import MAX_TEXT_CHARS
from catalog.ingest.textfiles import text_stream
from catalog.store.apikeys import ApiKeyView, check_key
from catalog.store.db import session_scope
from service.engines import Engines, deadline
from service.lookups import LookupCache
from service.problems import Problem
from service.settings import ServeSettings

T = TypeVar("T")


def settings_of(request: Request) -> ServeSettings:
    settings: ServeSettings = request.app.state.settings
    return settings


def engines_of(request: Request) -> Engines:
    engines: Engines = request.app.state.engines
    return engines


def lookups_of(request: Request) -> LookupCache:
    lookups: LookupCache = request.app.state.lookups
    return lookups


async def run(request: Request, call: Callable[[], T]) -> T:
    """`call()` in a worker thread. When the request's time limit cancels the request the
    thread is abandoned, and its database statements stop at the same deadline."""
    limit = settings_of(request).time_limit

    def timed() -> T:
        with deadline(limit):
            return call()

    return await anyio.to_thread.run_sync(timed, abandon_on_cancel=True)


def presented_key(request: Request) -> str | None:
    """The key sent as `Authorization: Bearer …` or `X-API-Key: …`."""
    key = request.headers.get("x-api-key")
    if key:
        return key.strip()
    authorization = request.headers.get("authorization", "")
    scheme, _, value = authorization.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="twgp"'}


async def _checked_key(request: Request) -> ApiKeyView:
    key = presented_key(request)
    if key is None:
        raise Problem(401, "ApiKeyRequired", "this request needs an API key",
                      hint="send `Authorization: Bearer <key>`; `twgp apikey create NAME` "
                      "makes one", headers=_CHALLENGE)  # fmt: skip
    engines = engines_of(request)
    engine = engines.write or engines.read  # the primary knows of a revocation at once

    def look_up() -> ApiKeyView | None:
        with session_scope(engine) as session:
            return check_key(session=session, key=key)

    found = await run(request, look_up)
    if found is None:
        raise Problem(401, "InvalidApiKey", "the API key is not one this server issued",
                      headers=_CHALLENGE)  # fmt: skip
    if not found.active:
        raise Problem(401, "RevokedApiKey", f"the API key {found.name!r} was revoked",
                      headers=_CHALLENGE)  # fmt: skip
    return found


async def read_access(request: Request) -> None:
    """Reads are open, unless the server is `--private`."""
    if settings_of(request).private:
        await _checked_key(request)


async def collection_access(request: Request) -> ApiKeyView:
    """The server's collection (the deck assistant's ledger) is read with a valid key only."""
    return await _checked_key(request)


async def write_access(request: Request) -> ApiKeyView:
    """Writes need a valid key, and a server that is not `--read-only`."""
    if settings_of(request).read_only or engines_of(request).write is None:
        raise Problem(403, "ReadOnlyServer", "this server is read-only: it changes nothing")
    return await _checked_key(request)


async def body_text(request: Request, name: str = "body") -> str:
    """The request body as text (`decoded`), decoded in a worker thread within the request's
    time limit."""
    raw = await request.body()
    content_type = request.headers.get("content-type", "")
    return await run(request, lambda: decoded(raw, content_type, name))


def decoded(raw: bytes, content_type: str, name: str = "body") -> str:
    """A body as text, read as the CLI reads a decklist file: the charset the Content-Type
    names, else detected; the same limits and errors (InputFormatError). Seconds of work for
    a body of many megabytes: call it in a worker thread (`run`), never on the event loop."""
    charset = content_type.partition("charset=")[2].split(";")[0]
    with text_stream(io.BytesIO(raw), name, encoding=charset.strip().strip('"') or None) as file:
        return file.read(MAX_TEXT_CHARS)
