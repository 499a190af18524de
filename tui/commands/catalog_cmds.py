"""`twgp import` and `twgp override`: put converted cards into the catalog, and correct them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from catalog.base.errors import CatalogError
from catalog.ingest.importer import ImportInterrupted, ImportReport, import_files
from catalog.ingest.importer import Progress as ProgressCallback
from catalog.lookup.repository import (
    clear_override,
    get_card,
    parse_card_type,
    parse_grade,
    set_override,
)
from catalog.schema.interrupts import interrupts_deferred, sigterm_as_interrupt
from catalog.store.db import open_engine, session_scope
from converters.base import CardType
from converters.registry import load_converter
from tui.commands.options import DbOption, EncodingOption
from tui.render_catalog import card_page, import_summary
from tui.safe_text import SafeLines


def register(app: typer.Typer) -> None:
    app.command("import")(import_)
    app.command("override")(override)


def catalog_db(ctx: typer.Context, db: str | None) -> str | None:
    """The command's `--db`, else the root's (`twgp --db X import …`)."""
    if db:
        return db
    obj = ctx.find_root().obj
    value = obj.get("db") if isinstance(obj, dict) else None
    return value if isinstance(value, str) else None


def import_(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="A game id from `twgp games`.")],
    files: Annotated[
        list[Path],
        typer.Argument(
            help="JSON (array, envelope, record), JSON Lines, CSV or YAML; a folder: the card "
            "files in it."
        ),
    ],
    db: DbOption = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 when any record failed to convert.")
    ] = False,
    no_starter: Annotated[
        bool,
        typer.Option(
            "--no-starter",
            help="Into an empty catalog, do not load the bundled starter cards first "
            "(also TWGP_NO_STARTER=1).",
        ),
    ] = False,
    encoding: EncodingOption = None,
) -> None:
    """Convert cards and store them in the catalog (idempotent: a re-import of the same file
    changes nothing; overrides and collection counts always survive).

    Writes in batches, one transaction each: Ctrl-C, SIGTERM or a crash rolls back the batch
    being written and keeps the batches before it (the summary after Ctrl-C or SIGTERM counts
    exactly those); running the import again finishes the job."""
    converter = load_converter(game)
    err = Console(stderr=True, highlight=False)
    report: ImportReport | None = None
    try:
        with sigterm_as_interrupt(), _progress(err) as progress:
            engine = open_engine(catalog_db(ctx, db), load_starter=not no_starter)
            try:
                report = import_files(
                    engine, converter, files, progress=_tracker(progress), encoding=encoding
                )
            finally:
                with interrupts_deferred():
                    engine.dispose()
    except ImportInterrupted as stopped:
        SafeLines(err).print(
            "interrupted: the catalog holds exactly what is counted here (the batch being "
            "written was rolled back); run the import again to finish\n"
            + import_summary(stopped.report)
        )
        raise typer.Exit(130) from None
    except KeyboardInterrupt:
        if report is None:
            raise
        # the import had finished when the signal came: it says what it did, as usual
    with interrupts_deferred():
        SafeLines(Console(highlight=False)).print(import_summary(report))
    if strict and report.failed:
        raise typer.Exit(1)


@contextmanager
def _progress(err: Console) -> Iterator[Progress | None]:
    """A progress display on a terminal; nothing when stderr is a pipe or a file."""
    if not err.is_terminal:
        yield None
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        yield progress


def _tracker(progress: Progress | None) -> ProgressCallback:
    task = progress.add_task("importing…", total=None) if progress else None

    def update(report: ImportReport) -> None:
        if progress is not None and task is not None:
            description = (
                f"{report.processed:,} records: {report.new:,} new, {report.updated:,} updated, "
                f"{report.unchanged:,} unchanged, {report.skipped:,} skipped, "
                f"{report.failed:,} failed"
            )
            progress.update(task, description=description)

    return update


def _grade(value: str | None) -> int | None:
    try:
        return parse_grade(value)
    except CatalogError as exc:
        raise typer.BadParameter(exc.message, param_hint="--grade") from None


def _card_type(value: str | None) -> CardType | None:
    try:
        return parse_card_type(value)
    except CatalogError as exc:
        raise typer.BadParameter(exc.message, param_hint="--type") from None


def override(
    ctx: typer.Context,
    card: Annotated[str, typer.Argument(help="game:source_id, game:name or a name.")],
    grade: Annotated[str | None, typer.Option("--grade", help="The grade, 00–99.")] = None,
    card_type: Annotated[
        str | None, typer.Option("--type", help="A TWGP type: unit, weapon, ライフ・トラップ…")
    ] = None,
    reason: Annotated[str, typer.Option("--reason", help="Why (shown with the card).")] = "",
    clear: Annotated[bool, typer.Option("--clear", help="Remove the override.")] = False,
    db: DbOption = None,
) -> None:
    """Override a card's grade and/or type (every printing of it). Search, validation and
    exports use the override; it is shown as such and survives re-imports."""
    new_grade, new_type = _grade(grade), _card_type(card_type)
    if clear and (new_grade is not None or new_type is not None):
        raise typer.BadParameter("--clear takes no --grade or --type", param_hint="--clear")
    if not clear and new_grade is None and new_type is None:
        raise typer.BadParameter("give --grade, --type or --clear", param_hint="--grade")
    engine = open_engine(catalog_db(ctx, db))
    try:
        with session_scope(engine) as session:
            if clear:
                had = get_card(session=session, card_ref=card).override is not None
                view = clear_override(session=session, card_ref=card)
                note = "override removed" if had else "no override to remove"
            else:
                view = set_override(session=session, card_ref=card, grade=new_grade,
                                    card_type=new_type, reason=reason)  # fmt: skip
                note = "override saved"
    finally:
        engine.dispose()
    console = Console(highlight=False)
    SafeLines(console).print(f"{note}: {view.name} ({view.ref})")
    console.print(card_page(view))
