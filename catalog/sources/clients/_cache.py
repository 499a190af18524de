"""An on-disk HTTP cache as an httpx transport, for read-only API clients.

Why not hishel: its 2.x RFC mode treats POST as unsafe (always sent, never stored), so the
batch endpoint `POST /cards/collection` could never be cached, and it has no offline mode.
This transport keys entries by method + URL + body, stores the response with its
validators, and follows the usual rules:

* `Cache-Control: no-store` → not stored; `no-cache` → revalidated every time;
  `max-age` (or `Expires` − `Date`) → fresh that long; `Age` counts against it.
* No freshness information → fresh for 24 h (`DEFAULT_FRESHNESS`): Scryfall asks clients to
  cache for at least a day, and card data changes rarely.
* A stale entry with an `ETag`/`Last-Modified` is revalidated (`If-None-Match`,
  `If-Modified-Since`); a 304 refreshes it without a body.
* `CacheMode.REFRESH` always asks the server (and stores the answer); `CacheMode.OFFLINE`
  never does: it serves any stored entry, however old, and raises `NotCachedError` otherwise.

Only 200 responses are stored, with no request headers (so an API key never reaches disk).
Every answer stored or served carries a `FORGET` callable in its extensions: a client that
refuses the answer (malformed, or not what it asked for) calls it, so a refused answer is
never served again.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from pathlib import Path

import httpx

from catalog.sources.clients._atomic import atomic_write
from catalog.sources.clients._guard import MAX_ANSWER_BYTES

log = logging.getLogger(__name__)

DEFAULT_FRESHNESS = 24 * 3600.0
#: request extension: True sends the request past the cache (large downloads)
NO_CACHE = "twgp.no_cache"
#: response extension: "hit", "stale", "revalidated", "stored", "miss" or "bypass"
CACHE_STATUS = "twgp.cache"
#: response extension: a callable that removes the answer from the cache
FORGET = "twgp.forget"

_DROPPED_HEADERS = frozenset({"set-cookie", "connection", "keep-alive", "transfer-encoding"})


class CacheMode(StrEnum):
    NORMAL = "normal"
    REFRESH = "refresh"
    OFFLINE = "offline"


class NotCachedError(Exception):
    """Offline, and the cache has no answer for this request."""

    def __init__(self, method: str, url: str) -> None:
        super().__init__(f"{method} {url} is not in the cache")
        self.method = method
        self.url = url


@dataclass(frozen=True)
class Entry:
    status: int
    headers: list[tuple[str, str]]
    stored_at: float
    body: bytes

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name), None)


class FileCache:
    """Entries as two files under `root`: `<key>.json` (status, headers, time) and `<key>.body`."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @staticmethod
    def key(request: httpx.Request) -> str:
        digest = hashlib.sha256(f"{request.method}\n{request.url}\n".encode())
        digest.update(request.read())
        return digest.hexdigest()

    def _paths(self, key: str) -> tuple[Path, Path]:
        folder = self.root / key[:2]
        return folder / f"{key}.json", folder / f"{key}.body"

    def load(self, key: str) -> Entry | None:
        meta_path, body_path = self._paths(key)
        try:
            if body_path.stat().st_size > MAX_ANSWER_BYTES:  # not from us: never read it
                raise ValueError("the stored body is larger than any answer twgp accepts")
            meta = json.loads(meta_path.read_text("utf-8"))
            body = body_path.read_bytes()
            return Entry(
                int(meta["status"]),
                [(k, v) for k, v in meta["headers"]],
                float(meta["stored_at"]),
                body,
            )
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.debug("ignoring a damaged cache entry %s: %s", key, exc)
            return None

    def discard(self, key: str) -> None:
        """Remove an entry (meta first: a body without meta reads as a miss)."""
        for path in self._paths(key):
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("could not remove %s from the HTTP cache: %s", path, exc)

    def save(self, key: str, request: httpx.Request, entry: Entry) -> None:
        meta_path, body_path = self._paths(key)
        meta = {
            "method": request.method,
            "url": str(request.url),
            "status": entry.status,
            "headers": entry.headers,
            "stored_at": entry.stored_at,
        }
        try:
            atomic_write(body_path, entry.body)  # body first: meta without body reads as a miss
            atomic_write(meta_path, json.dumps(meta).encode("utf-8"))
        except OSError as exc:  # a full or read-only disk must not break a fetch
            log.warning("could not write the HTTP cache in %s: %s", self.root, exc)


def freshness_lifetime(entry: Entry, default: float) -> float:
    """Seconds the entry stays fresh after it was stored (RFC 9111 §4.2.1, private cache)."""
    directives = _cache_control(entry.header("cache-control"))
    if "no-cache" in directives:
        return 0.0
    max_age = directives.get("max-age")
    if max_age is not None:
        return float(max_age) if max_age.isdigit() else 0.0
    expires, date = entry.header("expires"), entry.header("date")
    if expires is not None:
        expires_at, dated = _http_date(expires), _http_date(date) if date else None
        if expires_at is None:
            return 0.0  # an invalid Expires means already expired
        return max(0.0, expires_at - (dated if dated is not None else entry.stored_at))
    return default


def _cache_control(value: str | None) -> dict[str, str | None]:
    directives: dict[str, str | None] = {}
    for part in (value or "").split(","):
        name, _, arg = part.strip().partition("=")
        if name:
            directives[name.lower()] = arg.strip('"') if arg else None
    return directives


def _http_date(value: str) -> float | None:
    try:
        return email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError):
        return None


class CacheTransport(httpx.BaseTransport):
    """Answers from `store` what is fresh; otherwise asks `inner` and stores the answer."""

    def __init__(
        self,
        inner: httpx.BaseTransport,
        store: FileCache,
        *,
        mode: CacheMode = CacheMode.NORMAL,
        default_freshness: float = DEFAULT_FRESHNESS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.inner = inner
        self.store = store
        self.mode = mode
        self.default_freshness = default_freshness
        self.clock = clock

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.extensions.get(NO_CACHE) or request.method not in ("GET", "POST"):
            if self.mode is CacheMode.OFFLINE:
                raise NotCachedError(request.method, str(request.url))
            return _mark(self.inner.handle_request(request), "bypass")
        key = self.store.key(request)
        entry = None if self.mode is CacheMode.REFRESH else self.store.load(key)
        if self.mode is CacheMode.OFFLINE:
            if entry is None:
                raise NotCachedError(request.method, str(request.url))
            return self._from_entry(key, entry, "hit" if self._is_fresh(entry) else "stale")
        if entry is not None and self._is_fresh(entry):
            return self._from_entry(key, entry, "hit")
        response = self.inner.handle_request(_conditional(request, entry))
        if response.status_code == 304 and entry is not None:
            response.close()
            refreshed = _merge_304(entry, response, self.clock())
            self.store.save(key, request, refreshed)
            return self._from_entry(key, refreshed, "revalidated")
        return self._store(key, request, response)

    def _is_fresh(self, entry: Entry) -> bool:
        age_header = entry.header("age")
        initial_age = float(age_header) if age_header and age_header.isdigit() else 0.0
        age = initial_age + max(0.0, self.clock() - entry.stored_at)
        return age < freshness_lifetime(entry, self.default_freshness)

    def _store(self, key: str, request: httpx.Request, response: httpx.Response) -> httpx.Response:
        if response.status_code != 200:
            return _mark(response, "miss")
        dropped = _DROPPED_HEADERS
        try:
            body = b"".join(response.iter_raw())
        except httpx.StreamConsumed:  # a response built in memory: its content is decoded
            body = response.content
            dropped = dropped | {"content-encoding", "content-length"}
        finally:
            response.close()
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in dropped]
        entry = Entry(200, headers, self.clock(), body)
        if "no-store" not in _cache_control(entry.header("cache-control")):
            self.store.save(key, request, entry)
        return self._from_entry(key, entry, "stored", response.extensions)

    def _from_entry(
        self, key: str, entry: Entry, status: str, extensions: dict[str, object] | None = None
    ) -> httpx.Response:
        return httpx.Response(
            entry.status,
            headers=entry.headers,
            stream=httpx.ByteStream(entry.body),
            extensions={
                **(extensions or {}),
                CACHE_STATUS: status,
                FORGET: partial(self.store.discard, key),
            },
        )

    def close(self) -> None:
        self.inner.close()


def _mark(response: httpx.Response, status: str) -> httpx.Response:
    response.extensions = {**response.extensions, CACHE_STATUS: status}
    return response


def _conditional(request: httpx.Request, entry: Entry | None) -> httpx.Request:
    """The request, with validators from a stale entry when it has any."""
    if entry is None:
        return request
    extra = {}
    if (etag := entry.header("etag")) is not None:
        extra["If-None-Match"] = etag
    if (modified := entry.header("last-modified")) is not None:
        extra["If-Modified-Since"] = modified
    if not extra:
        return request
    headers = httpx.Headers(request.headers)
    headers.update(extra)
    return httpx.Request(
        request.method,
        request.url,
        headers=headers,
        content=request.read(),
        extensions=request.extensions,
    )


def _merge_304(entry: Entry, response: httpx.Response, now: float) -> Entry:
    """A 304's headers replace the stored ones of the same name (RFC 9111 §4.3.4)."""
    fresh = {k.lower() for k in response.headers}
    kept = [(k, v) for k, v in entry.headers if k.lower() not in fresh]
    updated = [
        (k, v)
        for k, v in response.headers.multi_items()
        if k.lower() not in _DROPPED_HEADERS | {"content-length", "content-encoding"}
    ]
    return Entry(entry.status, kept + updated, now, entry.body)
