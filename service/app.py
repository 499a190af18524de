"""The ASGI application of `twgp serve`: FastAPI over the same catalog, converters and deck
services as the CLI. `create_app(settings)` builds it (tests pass their own engines);
`app_from_env()` is the factory uvicorn's worker processes call.

Layers, outermost first: access log → security headers → CORS → gzip → rate limit → time
limit → HTTP caching (ETag, 304, Cache-Control: service/caching.py) → body limit → the routes.
Every error leaves as an RFC 9457 problem document (service/problems.py); a path no route
knows is a 404 problem, never a redirect (a redirect to the path with or without its final
slash would be built from the request's Host header)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from converters.errors import TwgpError
from deckbuilder.warm_up import warm_up
from service import middleware, web
from service.caching import HttpCaching
from service.contract import describe
from service.engines import WORKER_THREADS, Engines, open_engines
from service.lookups import LookupCache
from service.problems import Problem, from_problem, from_twgp_error, log, problem_response
from service.routes import assistant, bulk, cards, convert, decks, meta, writes
from service.settings import ServeSettings

VERSION = "1"
#: answers shorter than this (bytes) are sent uncompressed
GZIP_MINIMUM = 1000
#: what a client is told of a body a reader failed on without saying why
UNREADABLE = ("the request body cannot be read: it is malformed, or holds a value beyond "
              "what this endpoint accepts")  # fmt: skip
DESCRIPTION = """Cards of many trading card games converted to TWGP, the catalog searched,
decks validated, imported and exported — the same services and codes as the `twgp` CLI.

Reads are open unless the server is private; writes (overrides, collection) need an API key
(`Authorization: Bearer <key>`, made with `twgp apikey create NAME`). Errors are RFC 9457
problem documents whose `code` is the CLI's error name."""


def create_app(settings: ServeSettings | None = None, *, engines: Engines | None = None) -> FastAPI:
    settings = settings or ServeSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if engines is None:
            app.state.engines = open_engines(settings, migrated=not settings.migrate)
        # blocking work runs in no more threads than the read pool has connections
        threads = anyio.to_thread.current_default_thread_limiter()
        threads.total_tokens = min(WORKER_THREADS, app.state.engines.pool_capacity())
        warm_up(app.state.engines.read)  # the worker's first validation costs its own look-ups
        try:
            yield
        finally:
            if engines is None:
                app.state.engines.dispose()

    app = FastAPI(title="twgp", version=VERSION, description=DESCRIPTION, lifespan=lifespan,
                  docs_url=None, redoc_url=None,  # /docs: service/web.py
                  redirect_slashes=False)  # fmt: skip
    app.state.settings = settings
    app.state.lookups = LookupCache(settings.lookup_seconds)
    if engines is not None:
        app.state.engines = engines
    for router in (meta.router, cards.router, convert.router, decks.router, assistant.router,
                   writes.router, bulk.router, web.router):  # fmt: skip
        app.include_router(router)
    web.mount_static(app)
    describe(app)
    _handle_errors(app)
    # add_middleware wraps: the last added is the outermost
    app.add_middleware(middleware.BodyLimit, limit=settings.max_body)
    app.add_middleware(HttpCaching, private=settings.private)
    app.add_middleware(middleware.TimeLimit, seconds=settings.time_limit)
    app.add_middleware(middleware.RateLimit, read=settings.read_rate,
                       write=settings.write_rate, storage=settings.rate_storage)  # fmt: skip
    # level 5: most of level 9's gain on JSON for a fraction of its CPU time
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=5)
    if settings.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins),
                           allow_methods=["GET", "POST", "DELETE"],
                           allow_headers=["Authorization", "X-API-Key", "Content-Type"],
                           expose_headers=["Retry-After", "X-Request-ID"])  # fmt: skip
    app.add_middleware(SecurityHeaders)
    if settings.access_log:
        app.add_middleware(middleware.AccessLog)
    return app


def _handle_errors(app: FastAPI) -> None:
    @app.exception_handler(TwgpError)
    async def twgp_error(request: Request, exc: TwgpError) -> Response:
        return from_twgp_error(exc, instance=request.url.path)

    @app.exception_handler(Problem)
    async def problem(request: Request, exc: Problem) -> Response:
        return from_problem(exc, instance=request.url.path)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        errors = [{"where": ".".join(str(part) for part in error.get("loc", ())),
                   "message": error.get("msg", "")} for error in exc.errors()]  # fmt: skip
        detail = "; ".join(f"{e['where']}: {e['message']}" for e in errors[:5])
        return problem_response(422, "InvalidRequest", detail or "invalid request",
                                instance=request.url.path, errors=errors)  # fmt: skip

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        code = {404: "NotFound", 405: "MethodNotAllowed"}.get(exc.status_code, "HttpError")
        return problem_response(exc.status_code, code, str(exc.detail),
                                instance=request.url.path, headers=exc.headers)  # fmt: skip

    @app.exception_handler(ValueError)
    @app.exception_handler(RecursionError)
    @app.exception_handler(OverflowError)
    async def unreadable(request: Request, exc: Exception) -> Response:
        # A reader that failed on hostile input without saying so (a number of 5,000 digits,
        # nesting past the recursion limit): still the client's input, so a 4xx. The client
        # is told nothing of our insides (no exception, no message); the log keeps one line
        # (debug: the access log already has the request's line), never a traceback.
        log.debug("unreadable input on %s %s: %s", request.method, request.url.path,
                  " ".join(f"{type(exc).__name__}: {exc}".split())[:300])  # fmt: skip
        return problem_response(400, "UnreadableInput", UNREADABLE,
                                instance=request.url.path)  # fmt: skip

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return problem_response(500, "InternalError", "the server failed on this request; "
                                "the details are in its log", instance=request.url.path)


class SecurityHeaders:
    """Headers that keep browsers from reading answers as anything but what they say."""

    HEADERS = ((b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"))

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)


def configure_logging() -> None:
    """The access log (JSON lines) and the service's messages on stderr, whatever logging
    the process set up before."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(message)s"))
    for name in ("twgp.access", "twgp.service"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(logging.INFO)
        logger.propagate = False


def app_from_env() -> FastAPI:
    """The app of a uvicorn worker, with the settings `twgp serve` put in the environment."""
    configure_logging()
    return create_app(ServeSettings.from_env())
