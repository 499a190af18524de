"""`twgp tui [DECK]`: open the terminal app (what `twgp` alone does too)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from converters.exit_codes import ExitCode
from tui.commands.options import DbOption


def register(app: typer.Typer) -> None:
    app.command("tui")(tui)


def tui(
    ctx: typer.Context,
    deck: Annotated[
        Path | None, typer.Argument(help="A .twgp deck file to open.", dir_okay=False)
    ] = None,
    db: DbOption = None,
) -> None:
    """Browse the catalog and build TWGP decks in the terminal."""
    run_app(db or _root_db(ctx), deck)


def _root_db(ctx: typer.Context) -> str | None:
    """The root's `--db` (`twgp --db X tui`), kept in the context object by the root."""
    obj = ctx.find_root().obj
    value = obj.get("db") if isinstance(obj, dict) else None
    return value if isinstance(value, str) else None


def run_app(db: str | None, deck: Path | None = None) -> None:
    from tui.app import make_app  # Textual loads only when the app runs

    app = make_app(db, deck_path=deck)
    app.run()
    if app.crashed:  # told in one line after the app closed (TwgpApp._fatal_error)
        raise typer.Exit(ExitCode.UNEXPECTED)
