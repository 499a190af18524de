"""`twgp serve` (the HTTP service and its web page, under uvicorn) and `twgp apikey
create|list|revoke` (the keys the service's writes need). Thin: the app is service/app.py."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from sqlmodel import Session

from catalog.base.errors import DatabaseError
from catalog.base.safe_output import json_text
from catalog.store.apikeys import create_key, list_keys, revoke_key
from catalog.store.db import describe, open_engine, resolve_database_url, session_scope
from service import settings as serve_settings
from tui.commands.catalog_cmds import catalog_db
from tui.commands.options import DbOption
from tui.safe_text import SafeLines, text

apikey_app = typer.Typer(help="API keys of `twgp serve` (writes need one).", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.add_typer(apikey_app, name="apikey")


def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535)] = 8000,
    db: DbOption = None,
    read_db: Annotated[str | None, typer.Option(
        "--read-db", help="A read replica searches and validations read from (PostgreSQL URL)."
    )] = None,
    workers: Annotated[int, typer.Option(
        "--workers", min=1, max=64, help="Worker processes (PostgreSQL; SQLite serves from one, "
        "or several with --read-only).")] = 1,
    read_only: Annotated[bool, typer.Option(
        "--read-only", help="Change nothing: no writes, no migration.")] = False,
    private: Annotated[bool, typer.Option(
        "--private", help="Reads need an API key too.")] = False,
    cors_origin: Annotated[list[str] | None, typer.Option(
        "--cors-origin", help="An origin browsers may call the API from (repeat; `*` any).")
    ] = None,
    max_body_mib: Annotated[float, typer.Option(
        "--max-body", min=0.001, help="Largest request body in MiB (413 beyond).")
    ] = serve_settings.DEFAULT_MAX_BODY / serve_settings.MIB,
    time_limit: Annotated[float, typer.Option(
        "--time-limit", min=0, help="Seconds a request may take (503 beyond; 0: no limit).")
    ] = serve_settings.DEFAULT_TIME_LIMIT,
    build_time_limit: Annotated[float, typer.Option(
        "--build-time-limit", min=0.1, help="Most seconds POST /v1/decks/build lets the deck "
        "assistant's solver take (a request asking more gets this).")
    ] = serve_settings.DEFAULT_BUILD_TIME_LIMIT,
    header_timeout: Annotated[float, typer.Option(
        "--header-timeout", min=0, help="Seconds a client may take to send a request's headers "
        "(the connection is closed beyond; 0: no limit).")
    ] = serve_settings.DEFAULT_HEADER_TIMEOUT,
    rate_limit: Annotated[str, typer.Option(
        "--rate-limit", help='Requests per client, e.g. "1200/minute" ("" for none).')
    ] = serve_settings.DEFAULT_READ_RATE,
    write_rate_limit: Annotated[str, typer.Option(
        "--write-rate-limit", help="Writes per client (overrides, collection imports).")
    ] = serve_settings.DEFAULT_WRITE_RATE,
    rate_storage: Annotated[str, typer.Option(
        "--rate-storage", help="Where limits count: memory:// (per worker) or a shared store "
        "the `limits` library knows (redis://…).")] = "memory://",
    cache_seconds: Annotated[float, typer.Option(
        "--cache-seconds", min=0, help="How long a worker remembers a deck line's card look-up "
        "(0: never); writes through the server forget at once.")] = 5.0,
    trust_proxy: Annotated[bool, typer.Option(
        "--trust-proxy", help="Take the client address from X-Forwarded-For (behind a reverse "
        "proxy only).")] = False,
    migrate_only: Annotated[bool, typer.Option(
        "--migrate-only", help="Migrate the catalog to this twgp's schema and exit.")] = False,
    no_migrate: Annotated[bool, typer.Option(
        "--no-migrate", help="Do not migrate at start: refuse a catalog not yet migrated (many "
        "servers on one database; migrate once with --migrate-only).")] = False,
    bulk_dir: Annotated[str | None, typer.Option(
        "--bulk-dir", help="Where GET /v1/bulk keeps the bulk files it makes (default: beside a "
        "SQLite catalog, else the temporary folder).")] = None,
    log_level: Annotated[str, typer.Option("--log-level")] = "info",
) -> None:
    """Run the HTTP API (under /v1, OpenAPI at /openapi.json, docs at /docs) and the web page
    (/) over the catalog. Stop with Ctrl-C or SIGTERM: requests under way are finished."""
    chosen = catalog_db(ctx, db)
    url = resolve_database_url(chosen)
    if workers > 1 and url.startswith("sqlite") and not read_only:
        # one writer at a time: several processes would wait on each other's locks
        raise DatabaseError("a SQLite catalog is served from one process (or several with "
                            "--read-only)",
                            hint="drop --workers, add --read-only, or serve a PostgreSQL catalog")
    # Migrate (and load the starter cards into an empty catalog) once, before any worker.
    open_engine(chosen, migrate=migrate_only or not (read_only or no_migrate)).dispose()
    if migrate_only:
        Console(stderr=True, soft_wrap=True).print(f"{describe(url)} is up to date", markup=False)
        return
    settings = serve_settings.ServeSettings(
        db=chosen, read_db=read_db, read_only=read_only, private=private,
        max_body=int(max_body_mib * serve_settings.MIB), time_limit=time_limit,
        read_rate=rate_limit, write_rate=write_rate_limit, rate_storage=rate_storage,
        cors_origins=tuple(cors_origin or ()), trust_proxy=trust_proxy, migrate=False,
        lookup_seconds=cache_seconds, build_time_limit=build_time_limit,
        header_timeout=header_timeout, bulk_dir=bulk_dir,
    )  # fmt: skip
    _check_rates(settings)
    os.environ[serve_settings.ENV_VAR] = settings.to_env()
    import uvicorn

    from service.protocol import HeaderTimeoutProtocol

    uvicorn.run(
        "service.app:app_from_env", factory=True, host=host, port=port, workers=workers,
        http=HeaderTimeoutProtocol,
        proxy_headers=trust_proxy, forwarded_allow_ips="*" if trust_proxy else None,
        access_log=False, log_level=log_level, timeout_graceful_shutdown=10,
    )  # fmt: skip


def _check_rates(settings: serve_settings.ServeSettings) -> None:
    from limits import parse

    for option, rate in (("--rate-limit", settings.read_rate),
                         ("--write-rate-limit", settings.write_rate)):  # fmt: skip
        if rate:
            try:
                parse(rate)
            except ValueError:
                raise typer.BadParameter(f"{rate!r}: expected e.g. 100/minute",
                                         param_hint=option) from None  # fmt: skip


@contextmanager
def _session(ctx: typer.Context, db: str | None) -> Iterator[Session]:
    engine = open_engine(catalog_db(ctx, db))
    try:
        with session_scope(engine) as session:
            yield session
    finally:
        engine.dispose()


@apikey_app.command("create")
def create(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Who or what the key is for.")],
    db: DbOption = None,
) -> None:
    """Make a key and print it (only now: the catalog keeps its hash)."""
    with _session(ctx, db) as session:
        key, view = create_key(session=session, name=name)
    typer.echo(key)
    SafeLines(Console(stderr=True, highlight=False)).print(
        f"API key {view.name!r} created; keep it now, it is not shown again"
    )


@apikey_app.command("list")
def list_(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    db: DbOption = None,
) -> None:
    """The keys: name, first characters, created, revoked."""
    with _session(ctx, db) as session:
        keys = list_keys(session=session)
    if as_json:
        typer.echo(json_text([k.to_json() for k in keys], indent=2))
        return
    table = Table(title=f"{len(keys)} API key{'' if len(keys) == 1 else 's'}")
    for column in ("name", "starts with", "created", "revoked"):
        table.add_column(column)
    for k in keys:
        revoked = f"{k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else ""
        table.add_row(text(k.name), k.prefix + "…", f"{k.created_at:%Y-%m-%d %H:%M}", revoked)
    Console(highlight=False).print(table)


@apikey_app.command("revoke")
def revoke(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The key's name.")],
    db: DbOption = None,
) -> None:
    """Revoke a key: the service refuses it from its next request on."""
    with _session(ctx, db) as session:
        view = revoke_key(session=session, name=name)
    Console(stderr=True, highlight=False).print(f"API key {view.name!r} revoked", markup=False)
