"""What one request to a card API may cost, enforced below everything else (the innermost
transport, over the sockets themselves), so that a hostile or broken server cannot hang twgp
or fill its memory:

* **A deadline per attempt**: connecting, sending, the headers and the whole body must be done
  within `Limits.deadline` (30 s). Every socket read and write waits at most what is left of
  it, so a server that drips its answer byte by byte (or its headers) is cut off on time;
  httpx's own timeouts only bound the wait for the *next* byte.
* **A cap on the decoded body**: an API answer is read into memory up to `Limits.max_bytes`
  (32 MiB); gzip and deflate are decoded here, at most 1 MiB at a time, so a compression bomb
  stops at the cap instead of expanding first. Other content encodings (we ask for none) are
  refused.
* **Downloads** (bulk files streamed to disk) may be large (`MAX_DOWNLOAD_BYTES`) and slow, but
  must keep moving: at least 1 MiB a minute (`DOWNLOAD_WINDOW`).
* **Redirects** (followed by the client, at most `MAX_REDIRECTS`) must stay on the host that
  was asked (http → https on it is fine): `check_redirect` is the client's response hook.

httpx has no public way to give httpcore a network backend, so `GuardedHTTPTransport` builds
the same connection pool httpx would, over `DeadlineBackend`."""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import httpcore
import httpx

MiB = 1 << 20
ATTEMPT_DEADLINE = 30.0
MAX_ANSWER_BYTES = 32 * MiB
MAX_DOWNLOAD_BYTES = 8 << 30
DOWNLOAD_WINDOW = (MiB, 60.0)  # at least this many bytes within this many seconds
MAX_REDIRECTS = 5
#: request extension: True streams the body (downloads) instead of reading it here
STREAM = "twgp.stream"
_STEP = MiB  # the most one decompression step may produce
_KEPT_EXTENSIONS = ("http_version", "reason_phrase")

_deadline: ContextVar[float | None] = ContextVar("twgp_deadline", default=None)


@dataclass(frozen=True)
class Limits:
    deadline: float = ATTEMPT_DEADLINE  # seconds for one attempt, body included
    max_bytes: int = MAX_ANSWER_BYTES  # decoded body of an API answer
    max_download: int = MAX_DOWNLOAD_BYTES
    window: tuple[int, float] = DOWNLOAD_WINDOW


class DeadlineExceeded(httpx.TimeoutException):
    """The attempt took longer than its deadline (not retried: a dripping server drips again)."""

    def __init__(self, seconds: float, *, request: httpx.Request) -> None:
        super().__init__(f"did not finish answering within {seconds:g} s", request=request)
        self.seconds = seconds


class AnswerRefused(httpx.TransportError):
    """An answer twgp will not read: too large, in an encoding it did not ask for, damaged
    compression, or a redirect to another host. The message says which."""


# --- the deadline, on every socket operation -------------------------------------------------


def _left(timeout: float | None, error: type[Exception]) -> float | None:
    """`timeout` shortened to what is left of the current deadline (raises once it passed)."""
    deadline = _deadline.get()
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise error("twgp's deadline for this request has passed")
    return left if timeout is None else min(timeout, left)


@contextmanager
def _held_to(deadline: float, seconds: float, request: httpx.Request) -> Iterator[None]:
    """Every socket operation inside waits at most until `deadline` (monotonic); a timeout
    once it has passed is DeadlineExceeded (`seconds` is the limit it names)."""
    token = _deadline.set(deadline)
    try:
        yield
    except httpx.TimeoutException as exc:
        if time.monotonic() >= deadline:
            raise DeadlineExceeded(seconds, request=request) from exc
        raise
    finally:
        _deadline.reset(token)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self,
        ssl_context: Any,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        wait = _left(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._inner.start_tls(ssl_context, server_hostname, wait))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class DeadlineBackend(httpcore.NetworkBackend):
    """httpcore's sockets, each operation bounded by the current request's deadline."""

    def __init__(self, inner: httpcore.NetworkBackend | None = None) -> None:
        self._inner = inner or httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        wait = _left(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(
            self._inner.connect_tcp(host, port, wait, local_address, socket_options)
        )

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        wait = _left(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._inner.connect_unix_socket(path, wait, socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class GuardedHTTPTransport(httpx.HTTPTransport):
    """httpx's transport over `DeadlineBackend` (same pool settings otherwise)."""

    def __init__(self, ssl_context: Any, backend: httpcore.NetworkBackend | None = None) -> None:
        super().__init__(verify=ssl_context)
        limits = httpx.Limits(max_connections=100, max_keepalive_connections=20)
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl_context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=5.0,
            network_backend=DeadlineBackend(backend),
        )


# --- decoding, bounded ------------------------------------------------------------------------


class _Decoder:
    """Identity, gzip or deflate, producing at most `_STEP` bytes per decompression step."""

    def __init__(self, encoding: str | None) -> None:
        name = (encoding or "identity").strip().lower()
        if name in ("", "identity"):
            self._z = None
        elif name in ("gzip", "x-gzip"):
            self._z = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif name == "deflate":
            self._z = zlib.decompressobj()
        else:
            raise AnswerRefused(f"answered in a content encoding twgp did not ask for ({name})")
        self._raw_fallback = name == "deflate"

    def feed(self, data: bytes) -> Iterator[bytes]:
        if self._z is None:
            yield data
            return
        while True:
            try:
                piece = self._z.decompress(data, _STEP)
            except zlib.error as exc:
                if not self._raw_fallback:
                    raise AnswerRefused(f"sent damaged compressed data ({exc})") from None
                self._z, self._raw_fallback = zlib.decompressobj(-zlib.MAX_WBITS), False
                continue  # "deflate" sent without its zlib header, as some servers do
            self._raw_fallback = False
            if piece:
                yield piece
            data = self._z.unconsumed_tail
            if not data and len(piece) < _STEP:
                return


def _decoded(chunks: Iterable[bytes], encoding: str | None, cap: int) -> Iterator[bytes]:
    """The decoded body, refused as soon as it passes `cap` bytes."""
    decoder = _Decoder(encoding)
    size = 0
    for chunk in chunks:
        for piece in decoder.feed(chunk):
            size += len(piece)
            if size > cap:
                raise AnswerRefused(f"answered with more than {_size(cap)} (twgp's limit)")
            yield piece


def _size(n: int) -> str:
    return f"{n / (1 << 30):g} GiB" if n >= 1 << 30 else f"{n / MiB:g} MiB"


def _plain_headers(headers: httpx.Headers, length: int | None) -> list[tuple[str, str]]:
    """The headers of the decoded body: no Content-Encoding, the decoded length."""
    kept = [
        (k, v)
        for k, v in headers.multi_items()
        if k.lower() not in ("content-encoding", "content-length", "transfer-encoding")
    ]
    if length is not None:
        kept.append(("Content-Length", str(length)))
    return kept


def _extensions(response: httpx.Response) -> dict[str, Any]:
    return {k: v for k, v in response.extensions.items() if k in _KEPT_EXTENSIONS}


class GuardTransport(httpx.BaseTransport):
    """Reads each answer within its deadline and size cap (see the module docstring)."""

    def __init__(self, inner: httpx.BaseTransport, limits: Limits | None = None) -> None:
        self.inner = inner
        self.limits = limits or Limits()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.extensions.get(STREAM):
            return self._streamed(request)
        seconds = self.limits.deadline
        with _held_to(time.monotonic() + seconds, seconds, request):
            response = self.inner.handle_request(request)
            try:
                encoding = response.headers.get("content-encoding")
                body = b"".join(_decoded(response.iter_raw(), encoding, self.limits.max_bytes))
            finally:
                response.close()
        return httpx.Response(
            response.status_code,
            headers=_plain_headers(response.headers, len(body)),
            stream=httpx.ByteStream(body),
            extensions=_extensions(response),
        )

    def _streamed(self, request: httpx.Request) -> httpx.Response:
        seconds = self.limits.deadline
        with _held_to(time.monotonic() + seconds, seconds, request):
            response = self.inner.handle_request(request)
        encoding = response.headers.get("content-encoding")
        length = None if encoding else _int(response.headers.get("content-length"))
        return httpx.Response(
            response.status_code,
            headers=_plain_headers(response.headers, length),
            stream=_MovingStream(response, request, self.limits),
            extensions=_extensions(response),
        )

    def close(self) -> None:
        self.inner.close()


def _int(value: str | None) -> int | None:
    return int(value) if value is not None and value.isascii() and value.isdigit() else None


class _Window:
    """A download's pace: `want` bytes every `seconds`, or the stream is cut off."""

    def __init__(self, want: int, seconds: float) -> None:
        self.want, self.seconds = want, seconds
        self.start, self.got = time.monotonic(), 0

    def deadline(self) -> float:
        return self.start + self.seconds

    def add(self, size: int) -> None:
        self.got += size
        if self.got >= self.want:
            self.start, self.got = time.monotonic(), 0


class _MovingStream(httpx.SyncByteStream):
    """A download's body: decoded, capped, and cut off when a window passes without enough."""

    def __init__(self, response: httpx.Response, request: httpx.Request, limits: Limits) -> None:
        self._response, self._request, self._limits = response, request, limits

    def __iter__(self) -> Iterator[bytes]:
        window = _Window(*self._limits.window)
        encoding = self._response.headers.get("content-encoding")
        raw = self._timed(self._response.iter_raw(), window)
        for piece in _decoded(raw, encoding, self._limits.max_download):
            window.add(len(piece))
            yield piece

    def _timed(self, raw: Iterator[bytes], window: _Window) -> Iterator[bytes]:
        while True:
            with _held_to(window.deadline(), window.seconds, self._request):
                chunk = next(raw, None)
            if chunk is None:
                return
            yield chunk

    def close(self) -> None:
        self._response.close()


def check_redirect(response: httpx.Response) -> None:
    """The client's response hook: a redirect may only stay on the host that was asked."""
    if not response.has_redirect_location:
        return
    here = response.request.url
    there = here.join(response.headers["location"])
    same_host = there.host == here.host
    upgrade = here.scheme == "http" and there.scheme == "https"
    same_origin = there.scheme == here.scheme and there.port == here.port
    if not (same_host and (same_origin or upgrade)):
        raise AnswerRefused(
            f"redirected twgp to another server ({there.scheme}://{there.host}); twgp only "
            "follows redirects on the server it asked",
            request=response.request,
        )
