"""Errors as RFC 9457 problem documents (`application/problem+json`).

Every error twgp raises (a TwgpError) becomes a problem carrying the CLI's facts: `code` is the
error's name as the CLI knows it (`CardNotFoundError`, `QuerySyntaxError`…), `exit_code` what
the CLI exits with, `hint` its hint; extension members add what the error knows (the closest
names, the candidates of an ambiguous name, the position of a query error). The HTTP status
follows from the error's class; anything else unexpected is a 500 with no details (logged).

A database fault (DatabaseError: the catalog unreachable, a lost connection, a pool
exhausted) is a 503 that says only that: the driver's words name the database's host, port,
user and database, which are the operator's business (they are in the server's log)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

import orjson
from starlette.responses import Response

from catalog.base.errors import (
    AmbiguousCardError,
    CardNotFoundError,
    DatabaseError,
    DeckNotFoundError,
    QuerySyntaxError,
    SourceUnavailableError,
)
from converters.errors import TwgpError, UnknownGameError

MEDIA_TYPE = "application/problem+json"
#: what a client is told of a database fault
CATALOG_UNAVAILABLE = ("the catalog cannot be reached or failed on this request; try again "
                       "later (the details are in the server's log)")  # fmt: skip
TYPE_PREFIX = "urn:twgp:problem:"

log = logging.getLogger("twgp.service")

#: the HTTP status of each error class (the first that matches, most specific first)
STATUS_OF: tuple[tuple[type[TwgpError], int], ...] = (
    (CardNotFoundError, 404),
    (DeckNotFoundError, 404),
    (UnknownGameError, 404),
    (AmbiguousCardError, 409),
    (DatabaseError, 503),
    (SourceUnavailableError, 502),
)


class Problem(Exception):  # noqa: N818 - it is what the client gets
    """An HTTP error of the service itself (not of the domain): no API key, a body too large,
    a rate limit. `code` is stable, like the CLI's error names."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        headers: Mapping[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = dict(headers or {})
        self.extra = extra


def problem_response(
    status: int,
    code: str,
    detail: str,
    *,
    instance: str = "",
    headers: Mapping[str, str] | None = None,
    **extra: Any,
) -> Response:
    body: dict[str, Any] = {
        "type": TYPE_PREFIX + code,
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "code": code,
    }
    if instance:
        body["instance"] = instance
    body.update({key: value for key, value in extra.items() if value not in (None, "", ())})
    return Response(
        orjson.dumps(body), status_code=status, media_type=MEDIA_TYPE, headers=dict(headers or {})
    )


def status_of(exc: TwgpError) -> int:
    for cls, status in STATUS_OF:
        if isinstance(exc, cls):
            return status
    return 400


def from_twgp_error(exc: TwgpError, *, instance: str = "") -> Response:
    """The problem document of one of our errors: the CLI's message, code and hint (a
    database fault: its code and a message of our own, nothing of the driver's)."""
    if isinstance(exc, DatabaseError):
        log.warning("%s: %s", type(exc).__name__, exc.message)
        return problem_response(503, type(exc).__name__, CATALOG_UNAVAILABLE, instance=instance,
                                headers={"Retry-After": "5"}, exit_code=exc.exit_code)  # fmt: skip
    extra: dict[str, Any] = {"exit_code": exc.exit_code, "hint": exc.hint}
    if isinstance(exc, CardNotFoundError):
        extra["closest"] = list(exc.closest)
    if isinstance(exc, AmbiguousCardError):
        extra["candidates"] = list(exc.candidates)
    if isinstance(exc, QuerySyntaxError):
        extra["position"] = exc.position
    status = status_of(exc)
    if status >= 500:
        log.warning("%s: %s", type(exc).__name__, exc.message)
    return problem_response(status, type(exc).__name__, exc.message, instance=instance, **extra)


def from_problem(exc: Problem, *, instance: str = "") -> Response:
    return problem_response(
        exc.status, exc.code, exc.detail, instance=instance, headers=exc.headers, **exc.extra
    )
