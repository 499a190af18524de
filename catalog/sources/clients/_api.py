"""The base of the API clients: sends through the `httpx.Client` it was given and turns
failures into twgp errors that name the source, what was being looked up and what to try.
An answer a client refuses (malformed, too deep, or not an answer to what it asked) is
forgotten by the HTTP cache before the error is raised: nothing refused is stored or served."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import httpx

from catalog.base.errors import SourceUnavailableError
from catalog.sources.clients import _answer
from catalog.sources.clients._atomic import atomic_file
from catalog.sources.clients._cache import FORGET, NO_CACHE, NotCachedError
from catalog.sources.clients._guard import MAX_REDIRECTS, STREAM, AnswerRefused, DeadlineExceeded
from catalog.sources.clients._http import DOWNLOAD_TIMEOUT, OFFLINE_VAR
from catalog.sources.clients._retry import MAX_RETRY_WAIT, is_name_resolution_error, retry_after
from catalog.sources.clients.errors import OfflineError, SourceResponseError
from catalog.sources.clients.sources import Source


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
                hint=f"it needs the network: unset {OFFLINE_VAR} (twgp fetch: drop --offline)",
            ) from None
        except DeadlineExceeded as exc:
            raise SourceUnavailableError(
                f"{self.source.name} {exc} while looking up {what} (twgp's deadline for one "
                "request; the server is stalled or sends very slowly)",
                hint=f"try again later; {self._mirror}",
            ) from None
        except httpx.TimeoutException as exc:
            detail = f"did not answer in time ({type(exc).__name__})"
            raise self._unavailable(what, detail) from None
        except AnswerRefused as exc:
            raise self._refused_answer(what, str(exc)) from None
        except httpx.TooManyRedirects:
            detail = f"redirected twgp more than {MAX_REDIRECTS} times (a redirect loop)"
            raise self._refused_answer(what, detail) from None
        except httpx.ConnectError as exc:
            if not is_name_resolution_error(exc):
                raise self._unavailable(what, f"could not be reached ({exc})") from None
            host = exc.request.url.host if _has_request(exc) else self.source.name
            raise SourceUnavailableError(
                f"cannot find {host}: the name could not be resolved (no network "
                f"connection, or DNS is not answering) while looking up {what}",
                hint=f"check your connection; to work from what is cached, set {OFFLINE_VAR}=1",
            ) from None
        except httpx.TransportError as exc:
            raise self._unavailable(what, f"could not be reached ({exc})") from None
        except httpx.RequestError as exc:  # a bad URL in a redirect, and the like
            raise self._refused_answer(what, " ".join(str(exc).split())[:160]) from None

    def _check(self, response: httpx.Response, what: str) -> httpx.Response:
        status = response.status_code
        if status == 429:
            response.close()
            wait = retry_after(response, time.time())
            asked = ""
            if wait is not None and wait > MAX_RETRY_WAIT:
                asked = (
                    f"; it asks twgp to wait {_duration(wait)}, longer than the "
                    f"{MAX_RETRY_WAIT:.0f} s twgp waits"
                )
            when = "in a few minutes" if wait is None or asked else f"in {wait:.0f} s"
            raise SourceUnavailableError(
                f"{self.source.name} is limiting twgp's requests (HTTP 429) while looking up "
                f"{what}{asked}",
                hint=f"try again {when}; {self.source.limits}",
            )
        if status >= 500:
            response.close()
            raise self._unavailable(what, f"answered HTTP {status}")
        return response

    @property
    def _mirror(self) -> str:
        return (
            f"if {self.source.env_var} is set, check that it points at a server speaking the "
            f"{self.source.name} API"
        )

    def _unavailable(self, what: str, detail: str) -> SourceUnavailableError:
        return SourceUnavailableError(
            f"{self.source.name} {detail} while looking up {what}",
            hint=f"check your connection and try again later; {OFFLINE_VAR}=1 works from the "
            f"cache; {self.source.env_var} points twgp at a mirror",
        )

    def _refused_answer(self, what: str, detail: str) -> SourceResponseError:
        return SourceResponseError(
            f"{self.source.name} {detail} while looking up {what}; nothing was stored",
            hint=f"the service may be having trouble; {self._mirror}",
        )

    def _json(self, response: httpx.Response, path: str) -> Any:
        """The answer's JSON; malformed or too deeply nested JSON is refused (and forgotten)."""
        try:
            return _answer.loads(response.content)
        except ValueError as exc:
            detail = " ".join(str(exc).split())[:120]
            raise self._refuse(
                response,
                SourceResponseError(
                    f"{self.source.name} answered {response.request.method} {path} with malformed "
                    f"JSON ({detail}); nothing was stored",
                    hint=f"the service may be having trouble; {self._mirror}",
                ),
            ) from None

    def _unexpected(
        self, response: httpx.Response, path: str, expected: str
    ) -> SourceResponseError:
        """An answer of the wrong shape: refused (and forgotten)."""
        return self._refuse(
            response,
            SourceResponseError(
                f"{self.source.name} answered {path} with unexpected JSON (expected {expected}); "
                "nothing was stored",
                hint=self._mirror,
            ),
        )

    def _not_asked(
        self, response: httpx.Response, path: str, what: str, detail: str
    ) -> SourceResponseError:
        """An answer that does not answer the question asked: refused (and forgotten)."""
        return self._refuse(
            response,
            SourceResponseError(
                f"{self.source.name} answered {path} for {what} with {detail}; nothing was stored",
                hint=self._mirror,
            ),
        )

    def _check_cards(
        self,
        response: httpx.Response,
        path: str,
        what: str,
        cards: list[dict[str, Any]],
        *,
        at_most: int,
        asked: Callable[[dict[str, Any]], bool] | None = None,
    ) -> list[dict[str, Any]]:
        """`cards`, unless there are more than the question allows or some do not answer it."""
        if len(cards) > at_most:
            raise self._not_asked(
                response, path, what, f"{len(cards)} cards where at most {at_most} can answer"
            )
        if asked is not None and (others := _answer.strangers(cards, asked)):
            shown = ", ".join(others[:3]) + (", …" if len(others) > 3 else "")
            raise self._not_asked(
                response, path, what, f"{len(others)} card(s) that were not asked for ({shown})"
            )
        return cards

    @staticmethod
    def _refuse(response: httpx.Response, error: SourceResponseError) -> SourceResponseError:
        forget = response.extensions.get(FORGET)
        if callable(forget):
            forget()
        return error

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
                "GET", url, extensions={NO_CACHE: True, STREAM: True}, timeout=DOWNLOAD_TIMEOUT
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


def _has_request(exc: httpx.RequestError) -> bool:
    try:
        return exc.request is not None
    except RuntimeError:  # raised without a request
        return False


def _duration(seconds: float) -> str:
    """45 s, 3 min, 2 h, 5 days, or "more than a year" (a Retry-After may be absurd)."""
    if seconds >= 365 * 86400:
        return "more than a year"
    if seconds >= 2 * 86400:
        return f"{seconds / 86400:.0f} days"
    if seconds >= 3600:
        return f"{seconds / 3600:.0f} h"
    if seconds >= 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds:.0f} s"


def json_body(response: httpx.Response) -> Any:
    """The JSON of an (error) body read within bounds; ValueError when there is none."""
    return _answer.loads(response.content)


def _error_detail(response: httpx.Response) -> str:
    """The message of an error body in any of the sources' shapes, or ""."""
    try:
        body = json_body(response)
    except ValueError:
        return ""
    if isinstance(body, dict):
        for value in (body.get("details"), body.get("error"), body.get("message")):
            if isinstance(value, dict):
                value = value.get("message")
            if isinstance(value, str) and value:
                return " ".join(value.split())[:200]
    return ""
