"""The API's contract in `/openapi.json`: beside what FastAPI derives from the routes, every
answer an operation can give — the problem documents of service/problems.py with their real
schema and statuses (which follow from the operation's access, parameters and body), the
API-key security schemes of service/deps.py, and the media types of non-JSON answers.

`describe(app)` makes the app's schema this one (built once, on the first request for it)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from service.caching import NO_STORE, PUBLIC
from service.middleware import PROBES, is_write
from service.problems import MEDIA_TYPE, TYPE_PREFIX

PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
#: an RFC 9457 problem document as service/problems.py writes it
PROBLEM_SCHEMA: dict[str, Any] = {
    "title": "Problem",
    "description": "An RFC 9457 problem document. `code` is stable: the CLI's error name "
                   "(`CardNotFoundError`, `QuerySyntaxError`…) or the service's own "
                   "(`ApiKeyRequired`, `RateLimited`, `BodyTooLarge`, `RequestTimeout`…).",
    "type": "object",
    "required": ["type", "title", "status", "detail", "code"],
    "properties": {
        "type": {"type": "string", "examples": [TYPE_PREFIX + "CardNotFoundError"]},
        "title": {"type": "string", "examples": ["Not Found"]},
        "status": {"type": "integer", "minimum": 400, "maximum": 599},
        "detail": {"type": "string"},
        "code": {"type": "string", "examples": ["CardNotFoundError"]},
        "instance": {"type": "string", "description": "The request's path."},
        "exit_code": {"type": "integer", "description": "What the CLI exits with."},
        "hint": {"type": "string"},
        "closest": {"type": "array", "items": {"type": "string"},
                    "description": "The closest card names (CardNotFoundError)."},
        "candidates": {"type": "array", "items": {"type": "string"},
                       "description": "The cards a name picks (AmbiguousCardError)."},
        "position": {"type": "integer", "description": "Where a query is wrong."},
        "errors": {"type": "array", "description": "Each invalid field (InvalidRequest).",
                   "items": {"type": "object", "properties": {
                       "where": {"type": "string"}, "message": {"type": "string"}}}},
        "limit": {"type": "string", "description": "The rate limit passed (RateLimited)."},
    },
    "additionalProperties": True,
}  # fmt: skip

SECURITY_SCHEMES = {
    "bearer": {"type": "http", "scheme": "bearer",
               "description": "`Authorization: Bearer <key>` (`twgp apikey create NAME`)."},
    "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key",
               "description": "The same key as an `X-API-Key` header."},
}  # fmt: skip
WITH_KEY: list[dict[str, list[str]]] = [{"bearer": []}, {"apiKey": []}]

#: why each status is answered
WHY = {
    400: "The input is wrong: a query's syntax, a cursor, an option, an unreadable body.",
    401: "No valid API key (a write, the server's collection, or any read of a `--private` "
         "server).",
    403: "The server is `--read-only`.",
    404: "No such card, deck, game or bulk file.",
    409: "A card name picks several cards (`candidates`).",
    413: "The body is larger than the server accepts.",
    422: "A parameter or a body field is invalid (`errors`).",
    429: "Too many requests from this client (`Retry-After`).",
    503: "The request took longer than its time limit, or the catalog cannot be reached "
         "(`Retry-After`).",
}  # fmt: skip
#: the media types of each non-JSON success, by operation
SUCCESS_TYPES: dict[tuple[str, str], dict[str, Any]] = {
    ("post", "/v1/convert/{game}"): {
        # with `Accept: application/x-ndjson`: one card per line, then the tally
        "application/x-ndjson": {"schema": {"type": "string"}},
    },
    ("post", "/v1/decks/export"): {
        "text/plain": {"schema": {"type": "string"}},
        "application/json": {"schema": {"type": "object"}},
        "text/csv": {"schema": {"type": "string"}},
        "text/markdown": {"schema": {"type": "string"}},
        "text/html": {"schema": {"type": "string"}},
    },
}  # fmt: skip
#: the caching headers of a read's answer and the 304 (service/caching.py)
ETAG_HEADER = {"description": "A weak tag of the document (the same compressed or not): send "
                              "it as `If-None-Match` to be answered 304 while it is current.",
               "schema": {"type": "string"}}
CACHE_CONTROL_HEADER = {"description": f"`{PUBLIC}` for open reads; `{NO_STORE}` with an API "
                                       "key, on a `--private` server, for writes and errors.",
                        "schema": {"type": "string"}}
NOT_MODIFIED = {"description": "Not modified: the document is still the one `If-None-Match` "
                               "names (no body).",
                "headers": {"ETag": ETAG_HEADER, "Cache-Control": CACHE_CONTROL_HEADER}}
IF_NONE_MATCH = {"name": "If-None-Match", "in": "header", "required": False,
                 "description": "The `ETag` of an answer had before: 304 while it is current.",
                 "schema": {"type": "string"}}
#: operations whose only input is the request itself (no card, deck or game named)
NAMES_NOTHING = {"/v1/games", "/v1/formats", "/v1/bulk"}


def statuses(path: str, method: str, operation: dict[str, Any]) -> set[int]:
    """The error statuses `method` on `path` can answer: the probes only that the catalog is
    not ready; every other operation a missing key (always for writes; for reads on a
    `--private` server) and the rate and time limits; a read-only server refuses writes; any
    input can be wrong, a body too large, a card, deck or game unknown or ambiguous."""
    if path in PROBES:
        return {503} if path == "/readyz" else set()
    found = {401, 429, 503}
    if is_write(method.upper(), path):
        found.add(403)
    if "requestBody" in operation:
        found.update({400, 413, 422})
    if operation.get("parameters"):
        found.update({400, 422})
    if path not in NAMES_NOTHING:
        found.update({400, 404, 409})
    return found


def security(path: str, method: str) -> list[dict[str, list[str]]]:
    """A key is required for writes (service/deps.py: write_access); reads take one, and need
    it on a `--private` server or for the server's collection; probes need none."""
    if path in PROBES:
        return []
    if is_write(method.upper(), path):
        return WITH_KEY
    return [{}, *WITH_KEY]


def problem_response(status: int) -> dict[str, Any]:
    return {"description": WHY[status], "content": {MEDIA_TYPE: {"schema": PROBLEM_REF}}}


def contract(app: FastAPI) -> dict[str, Any]:
    schema = get_openapi(title=app.title, version=app.version, description=app.description,
                         routes=app.routes)  # fmt: skip
    components = schema.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemas["Problem"] = PROBLEM_SCHEMA
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    components["securitySchemes"] = SECURITY_SCHEMES
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses: dict[str, Any] = operation.setdefault("responses", {})
            declared = statuses(path, method, operation)
            if "422" in responses:  # FastAPI's, with its own error schema: ours instead
                declared.add(422)
            for status in sorted(declared):
                responses[str(status)] = problem_response(status)
            extra = SUCCESS_TYPES.get((method, path))
            if extra:
                responses["200"].setdefault("content", {}).update(extra)
            if path.startswith("/v1/"):
                _cached(method, operation)
            scheme = security(path, method)
            if scheme:
                operation["security"] = scheme
    return schema


def _cached(method: str, operation: dict[str, Any]) -> None:
    """The caching headers of an API operation: Cache-Control on every answer; a GET's ETag,
    If-None-Match and 304."""
    ok = operation["responses"].get("200")
    if ok is not None:
        headers = ok.setdefault("headers", {})
        headers["Cache-Control"] = CACHE_CONTROL_HEADER
        if method == "get":
            headers["ETag"] = ETAG_HEADER
    if method == "get":
        operation.setdefault("parameters", []).append(IF_NONE_MATCH)
        operation["responses"]["304"] = NOT_MODIFIED


def describe(app: FastAPI) -> None:
    """`app.openapi()` returns `contract(app)`, built once."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = contract(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
