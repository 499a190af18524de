"""The base of the API clients: sends through the `httpx.Client` it was given and turns
failures into twgp errors that name the source, what was being looked up and what to try."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import httpx

from catalog.clients._atomic import atomic_file
from catalog.clients._cache import NO_CACHE, NotCachedError
from catalog.clients._http import DOWNLOAD_TIMEOUT
from catalog.clients._retry import retry_after
from catalog.clients.errors import OfflineError, SourceResponseError
from catalog.clients.sources import Source
from catalog.errors import SourceUnavailableError


class ApiClient:
    """Base of the API clients: sends through the given `httpx.Client` and turns failures into
    twgp errors naming the source, what was being looked up, and what to try."""

    source: ClassVar[Source]

    def __init__(self, http: httpx.Client) -> None:
        self._http = http

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._http.base_url}>"

    def _send(
        self,
        method: str,
        path: str,
        *,
        what: str,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
        extensions: dict[str, Any] | None = None,
    ) -> httpx.Response:
        with self._translated(what, f"{method} {path}"):
            response = self._http.request(
                method, path, params=params, json=json, extensions=extensions
            )
        return self._check(response, what)

    @contextmanager
    def _translated(self, what: str, request: str) -> Iterator[None]:
        """httpx and cache failures → OfflineError / SourceUnavailableError (no traceback)."""
        try:
            yield
        except NotCachedError:
            raise OfflineError(
                f"offline: {what} is not in the cache ({self.source.name} {request})",
                hint="run without --offline (and unset TWGP_OFFLINE) to fetch it",
            ) from None
        except httpx.TimeoutException as exc:
            detail = f"did not answer in time ({type(exc).__name__})"
            raise self._unavailable(what, detail) from None
        except httpx.TransportError as exc:
            raise self._unavailable(what, f"could not be reached ({exc})") from None

    def _check(self, response: httpx.Response, what: str) -> httpx.Response:
        status = response.status_code
        if status == 429:
            response.close()
            wait = retry_after(response, time.time())
            when = f"in {wait:.0f} s" if wait is not None else "in a few minutes"
            raise SourceUnavailableError(
                f"{self.source.name} is limiting twgp's requests (HTTP 429) while looking up "
                f"{what}",
                hint=f"try again {when}; {self.source.limits}",
            )
        if status >= 500:
            response.close()
            raise self._unavailable(what, f"answered HTTP {status}")
        return response

    def _unavailable(self, what: str, detail: str) -> SourceUnavailableError:
        return SourceUnavailableError(
            f"{self.source.name} {detail} while looking up {what}",
            hint="check your connection and try again later; --offline works from the cache; "
            f"{self.source.env_var} points twgp at a mirror",
        )

    def _json(self, response: httpx.Response, path: str) -> Any:
        try:
            return response.json()
        except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
            detail = " ".join(str(exc).split())[:120]
            raise SourceResponseError(
                f"{self.source.name} answered {response.request.method} {path} with malformed "
                f"JSON ({detail})",
                hint=f"the service may be having trouble; if {self.source.env_var} is set, check "
                f"that it points at a server speaking the {self.source.name} API",
            ) from None

    def _unexpected(self, path: str, expected: str) -> SourceResponseError:
        return SourceResponseError(
            f"{self.source.name} answered {path} with unexpected JSON (expected {expected})",
            hint=f"if {self.source.env_var} is set, check that it points at a server speaking "
            f"the {self.source.name} API",
        )

    def _fail(self, response: httpx.Response, path: str, what: str) -> SourceResponseError:
        """Any other 4xx: the source refused the request; say what it said."""
        detail = _error_detail(response)
        return SourceResponseError(
            f"{self.source.name} refused {response.request.method} {path} for {what} "
            f"(HTTP {response.status_code}{': ' + detail if detail else ''})",
            hint="check the names, set code and options; --fuzzy allows misspellings",
        )

    def download(
        self, url: str, dest: Path, *, what: str, progress: Progress | None = None
    ) -> Path:
        """Stream a (large) file to `dest`, past the HTTP cache, written atomically: an
        interrupted download leaves any previous file in place. `progress(done, total)` is
        called per chunk with bytes received and the Content-Length (or None)."""
        with (
            self._translated(what, f"GET {url}"),
            self._http.stream(
                "GET", url, extensions={NO_CACHE: True}, timeout=DOWNLOAD_TIMEOUT
            ) as response,
        ):
            self._check(response, what)
            if response.status_code != 200:
                response.read()
                raise self._fail(response, url, what)
            total = int(response.headers.get("content-length") or 0) or None
            with atomic_file(dest) as file:
                for chunk in response.iter_bytes(1 << 20):
                    file.write(chunk)
                    if progress is not None:
                        progress(response.num_bytes_downloaded, total)
        return dest


Progress = Callable[[int, int | None], None]


def _error_detail(response: httpx.Response) -> str:
    """The message of an error body in any of the sources' shapes, or ""."""
    try:
        body = response.json()
    except ValueError:
        return ""
    if isinstance(body, dict):
        for value in (body.get("details"), body.get("error"), body.get("message")):
            if isinstance(value, dict):
                value = value.get("message")
            if isinstance(value, str) and value:
                return " ".join(value.split())[:200]
    return ""
