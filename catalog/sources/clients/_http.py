"""The one helper that builds the `httpx.Client` every API client is given (STYLE §3), and
the online settings (offline, refresh, cache folder, API key). The clients' base class, which
turns HTTP outcomes into twgp errors, is in `_api.py`.

A client's transport stack, outermost first:

    CacheTransport   fresh answers from disk, no request at all (`_cache.py`)
    RetryTransport   429 / 5xx / timeouts, with tenacity (`_retry.py`)
    LimitTransport   spacing per host and endpoint (`_ratelimit.py`, `sources.py`)
    KeyTransport     adds an API key to the request actually sent, and to no other
    GuardTransport   a deadline per attempt, a cap on the decoded body (`_guard.py`)
    GuardedHTTPTransport  httpx's, with every socket operation held to that deadline

The client follows at most `MAX_REDIRECTS` redirects, all on the host it asked.
"""

from __future__ import annotations

import logging
import os
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import httpx
import platformdirs

from catalog.sources.clients._cache import CacheMode, CacheTransport, FileCache
from catalog.sources.clients._guard import (
    MAX_REDIRECTS,
    GuardedHTTPTransport,
    GuardTransport,
    Limits,
    check_redirect,
)
from catalog.sources.clients._ratelimit import RateLimiter, Sleep, shared_limiter
from catalog.sources.clients._retry import RetryPolicy, RetryTransport
from catalog.sources.clients.sources import POKEMONTCG, Source

log = logging.getLogger(__name__)

TIMEOUT = httpx.Timeout(20.0, connect=10.0)
DOWNLOAD_TIMEOUT = httpx.Timeout(60.0, connect=10.0)
POKEMONTCG_KEY_VAR = "TWGP_POKEMONTCG_API_KEY"
OFFLINE_VAR = "TWGP_OFFLINE"


def user_agent() -> str:
    try:
        return f"twgp/{version('twgp')}"
    except PackageNotFoundError:  # running from a tree that was never installed
        return "twgp/0"


@dataclass(frozen=True)
class Page:
    """One page of a paginated search and the total the source announced (if it did)."""

    cards: list[dict[str, Any]]
    total: int | None = None


class Secret:
    """A value that never shows itself in a repr, a str, a log line or a traceback."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__


@dataclass
class HttpStats:
    """What a fetch cost: requests sent (retries included), cache answers, seconds waited."""

    requests: int = 0
    cache_hits: int = 0
    waited: float = 0.0

    def add_wait(self, seconds: float) -> None:
        self.waited += seconds


def _env_flag(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class OnlineSettings:
    """How clients reach the network. CLI flags win over `TWGP_*` variables (`from_env`)."""

    offline: bool = False
    refresh: bool = False
    cache_dir: Path | None = None  # None: platformdirs.user_cache_path("twgp")
    limiter: RateLimiter | None = field(default=None, repr=False)  # None: the shared one
    sleep: Sleep = field(default=time.sleep, repr=False)
    retry: RetryPolicy | None = None  # None: RetryPolicy() with the source's lock-out
    limits: Limits = field(default_factory=Limits)  # deadline and size caps per request
    pokemontcg_key: Secret | None = field(default=None, repr=False)
    environ: Mapping[str, str] | None = field(default=None, repr=False)  # None: os.environ
    stats: HttpStats = field(default_factory=HttpStats, compare=False)

    @classmethod
    def from_env(
        cls,
        *,
        offline: bool = False,
        refresh: bool = False,
        environ: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> OnlineSettings:
        env = os.environ if environ is None else environ
        key = env.get(POKEMONTCG_KEY_VAR, "").strip()
        return cls(
            offline=offline or _env_flag(env.get(OFFLINE_VAR)),
            refresh=refresh,
            pokemontcg_key=Secret(key) if key else None,
            environ=environ,
            **kwargs,
        )

    def http_cache_dir(self) -> Path:
        """Where HTTP answers are cached (one folder per source)."""
        return (self.cache_dir or platformdirs.user_cache_path("twgp")) / "http"

    def bulk_dir(self) -> Path:
        """Where bulk files are downloaded."""
        return (self.cache_dir or platformdirs.user_cache_path("twgp")) / "bulk"

    @property
    def mode(self) -> CacheMode:
        if self.offline:
            return CacheMode.OFFLINE
        return CacheMode.REFRESH if self.refresh else CacheMode.NORMAL


class LimitTransport(httpx.BaseTransport):
    """Spaces requests to the source's host as it documents; counts what reaches the network."""

    def __init__(
        self,
        inner: httpx.BaseTransport,
        source: Source,
        base: str,
        limiter: RateLimiter,
        stats: HttpStats,
        *,
        keyed: bool = False,
    ) -> None:
        self.inner, self.source, self.base = inner, source, base
        self.limiter, self.stats, self.keyed = limiter, stats, keyed
        self._base_path = httpx.URL(base).path.rstrip("/")

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        if url.startswith(self.base):  # files elsewhere (bulk downloads) are not limited
            path = request.url.path[len(self._base_path) :] or "/"
            self.stats.add_wait(
                self.limiter.acquire(self.source.slots(self.base, path, keyed=self.keyed))
            )
        self.stats.requests += 1
        log.debug("%s %s", request.method, url)
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


class KeyTransport(httpx.BaseTransport):
    """Sends a copy of the request with the key header, only to the source's own base URL.

    The caller's request, the response's `.request` and any exception never hold the key."""

    def __init__(self, inner: httpx.BaseTransport, header: str, key: Secret, base: str) -> None:
        self.inner, self.header, self._key, self.base = inner, header, key, base

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if not str(request.url).startswith(self.base):
            return self.inner.handle_request(request)
        headers = httpx.Headers(request.headers)
        headers[self.header] = self._key.reveal()
        keyed = httpx.Request(
            request.method,
            request.url,
            headers=headers,
            content=request.read(),
            extensions=request.extensions,
        )
        try:
            return self.inner.handle_request(keyed)
        except httpx.RequestError as exc:
            exc.request = request
            raise

    def close(self) -> None:
        self.inner.close()


def build_client(source: Source, settings: OnlineSettings) -> httpx.Client:
    """The client for one source: base URL (env override included), User-Agent and Accept
    headers, timeouts, rate limits, retries and the on-disk cache."""
    base = source.base_url(settings.environ)
    key = settings.pokemontcg_key if source is POKEMONTCG else None
    transport: httpx.BaseTransport = GuardTransport(
        GuardedHTTPTransport(_ssl_context()), settings.limits
    )
    if key is not None:
        transport = KeyTransport(transport, "X-Api-Key", key, base)
    limiter = settings.limiter or shared_limiter()
    transport = LimitTransport(
        transport, source, base, limiter, settings.stats, keyed=key is not None
    )
    policy = settings.retry or RetryPolicy(lockout=source.lockout)
    transport = RetryTransport(
        transport, policy, label=source.name, sleep=settings.sleep, on_wait=settings.stats.add_wait
    )
    transport = _CountingCache(
        transport,
        FileCache(settings.http_cache_dir() / source.id),
        mode=settings.mode,
        stats=settings.stats,
    )
    return httpx.Client(
        base_url=base,
        transport=transport,
        headers={
            "User-Agent": user_agent(),
            "Accept": "application/json",
            "Accept-Encoding": "gzip, deflate",
        },
        timeout=TIMEOUT,
        follow_redirects=True,
        max_redirects=MAX_REDIRECTS,
        event_hooks={"response": [check_redirect]},
    )


@cache
def _ssl_context() -> ssl.SSLContext:
    """One verified TLS context for all clients (building one loads the CA bundle: slow)."""
    return httpx.create_ssl_context()


class _CountingCache(CacheTransport):
    def __init__(
        self, inner: httpx.BaseTransport, store: FileCache, *, mode: CacheMode, stats: HttpStats
    ) -> None:
        super().__init__(inner, store, mode=mode)
        self.stats = stats

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        if response.extensions.get("twgp.cache") in ("hit", "stale"):
            self.stats.cache_hits += 1
        return response
