"""`twgp bulk export DIR`: every game's converted catalog as gzip JSON Lines and CSV files with
a manifest (catalog/exports/bulk.py; the service's `GET /v1/bulk` serves the same files)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from catalog.base.safe_output import json_text
from catalog.exports.bulk import MANIFEST, BulkExport, export_bulk
from catalog.exports.bulk import Progress as ProgressCallback
from catalog.schema.interrupts import sigterm_as_interrupt
from catalog.store.db import catalog_files, open_engine
from tui.commands.catalog_cmds import catalog_db
from tui.commands.options import DbOption
from tui.safe_text import SafeLines

bulk_app = typer.Typer(help="Bulk files: the whole converted catalog, per game, to download.",
                       no_args_is_help=True)  # fmt: skip


def register(app: typer.Typer) -> None:
    bulk_app.command("export")(export)
    app.add_typer(bulk_app, name="bulk")


def export(
    ctx: typer.Context,
    folder: Annotated[Path, typer.Argument(help="The folder to write (created if missing).")],
    games: Annotated[
        list[str] | None,
        typer.Option("--games", help="Only these games (repeat, or separate by commas)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="The manifest as one JSON object on stdout.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Write `<game>.jsonl.gz` (one card record a line: `twgp import <game>` reads it back
    into the same cards) and `<game>.csv.gz` (one card a row) for each game of the catalog,
    and `manifest.json` (each file's game, format, size, SHA-256, card count and newest
    change). Files of the same names are replaced, each whole, through a temporary file."""
    wanted = [game.strip() for item in games or [] for game in item.split(",") if game.strip()]
    err = Console(stderr=True, highlight=False)
    with sigterm_as_interrupt(), _progress(err) as progress:
        engine = open_engine(catalog_db(ctx, db))
        try:
            done = export_bulk(engine, folder, games=wanted or None, progress=progress,
                               protected=catalog_files(catalog_db(ctx, db)))  # fmt: skip
        finally:
            engine.dispose()
    if as_json:
        sys.stdout.write(json_text(done.to_json(), indent=2) + "\n")
    else:
        _summary(done, SafeLines(Console(highlight=False)))


def _summary(done: BulkExport, out: SafeLines) -> None:
    for file in done.files:
        out.print(f"{file.name}: {file.card_count:,} cards, {file.size:,} bytes, "
                  f"sha256 {file.sha256[:16]}…")  # fmt: skip
    games = len({file.game for file in done.files})
    out.print(f"{games} games written to {done.folder} (list: {done.folder / MANIFEST})")


@contextmanager
def _progress(err: Console) -> Iterator[ProgressCallback | None]:
    """A bar per game on a terminal; nothing when stderr is a pipe or a file."""
    if not err.is_terminal:
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())  # fmt: skip
    with Progress(*columns, console=err, transient=True) as bars:
        tasks: dict[str, object] = {}

        def update(game: str, done: int, total: int) -> None:
            if game not in tasks:
                tasks[game] = bars.add_task(game, total=total)
            bars.update(tasks[game], completed=done)  # type: ignore[arg-type]

        yield update
