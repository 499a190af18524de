"""`twgp doctor`, `twgp backup` and `twgp restore`: look after the catalog file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from catalog.base.errors import CatalogError
from catalog.base.safe_output import json_text
from catalog.schema.interrupts import sigterm_as_interrupt
from catalog.store.backup import CatalogFile, backup_catalog, current_catalog, inspect_backup
from catalog.store.backup import restore_catalog as restore_file
from catalog.store.doctor import PROBLEM, examine
from catalog.store.doctor_words import status_word
from tui.commands.catalog_cmds import catalog_db
from tui.commands.options import DbOption, Lang, LangOption
from tui.safe_text import SafeLines, plain

#: the mark before each finding, by status
MARKS = {"ok": "✓", "repaired": "✓", "problem": "✗", "skipped": "-"}


def register(app: typer.Typer) -> None:
    app.command("doctor")(doctor)
    app.command("backup")(backup)
    app.command("restore")(restore)


def doctor(
    ctx: typer.Context,
    check_only: Annotated[
        bool, typer.Option("--check-only", help="Only check; repair nothing.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="The findings as one JSON object.")
    ] = False,
    lang: LangOption = Lang.en,
    db: DbOption = None,
) -> None:
    """Check the catalog — SQLite's integrity check, the schema version, tables and indexes,
    the full-text index, orphan rows — and repair what can be rebuilt without losing
    anything (an upgrade, indexes, the search index, keys of cards that are gone). Says what
    it did. Exit 0 when the catalog is (now) sound, 1 when a problem remains."""
    with sigterm_as_interrupt():
        report = examine(catalog_db(ctx, db), repair=not check_only)
    if as_json:
        sys.stdout.write(json_text(report.to_json(), indent=2) + "\n")
    else:
        out = _out()
        out.print(report.catalog)
        for finding in report.findings:
            mark = MARKS[finding.status]
            word = status_word(finding.status, lang)
            out.print(f"{mark} {word}: {finding.message(lang)}")
    if any(finding.status == PROBLEM for finding in report.findings):
        raise typer.Exit(1)


def backup(
    ctx: typer.Context,
    destination: Annotated[
        Path, typer.Argument(help="The backup file, or a folder to put a dated file in.")
    ],
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
    db: DbOption = None,
) -> None:
    """Copy the catalog to a file, safely even while the app or an import is using it
    (SQLite's backup API: a consistent snapshot, checked before it is given its name).
    For a PostgreSQL catalog use pg_dump."""
    with sigterm_as_interrupt():
        copied = backup_catalog(catalog_db(ctx, db), destination.expanduser(), force=force)
    if copied.cleaned:
        names = ", ".join(path.name for path in copied.cleaned)
        _err().print(f"removed what interrupted backups left in {copied.path.parent}: {names}")
    _out().print(f"backed up to {copied.path}: {_about(copied)}")


def restore(
    ctx: typer.Context,
    backup_file: Annotated[Path, typer.Argument(help="A file `twgp backup` wrote.")],
    force: Annotated[
        bool, typer.Option("--force", help="Replace the current catalog without asking.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Replace the catalog with a backup. The backup is checked first; the replacement is
    one transaction (an interruption leaves the old catalog). Asks before replacing a
    catalog (on a terminal; elsewhere give --force). For PostgreSQL use pg_restore."""
    chosen = catalog_db(ctx, db)
    backup_file = backup_file.expanduser()
    now = current_catalog(chosen)
    found = inspect_backup(backup_file)
    if now is not None and not force:
        if not sys.stdin.isatty():
            raise CatalogError(f"{now.path} holds a catalog ({_about(now)}); restoring would "
                               "replace it", hint="add --force to replace it")  # fmt: skip
        question = (f"Replace {now.path} ({_about(now)}) with {backup_file} "
                    f"({_about(found)})?")  # fmt: skip
        if not typer.confirm(plain(question), default=False):
            raise typer.Exit(1)
    def waiting() -> None:
        _err().print(f"another twgp is importing into {now.path if now else 'the catalog'} "
                     "(or creating a catalog beside it): the restore waits until it has "
                     "finished …")  # fmt: skip

    with sigterm_as_interrupt():
        restored = restore_file(chosen, backup_file, force=True, on_wait=waiting)
    _out().print(f"restored {backup_file} into {restored.path}: {_about(restored)}")


def _out() -> SafeLines:
    """Standard output for lines that quote paths and database messages."""
    return SafeLines(Console(highlight=False, soft_wrap=True))


def _err() -> SafeLines:
    return SafeLines(Console(stderr=True, highlight=False, soft_wrap=True))


def _about(copy: CatalogFile) -> str:
    cards = "1 card" if copy.cards == 1 else f"{copy.cards:,} cards"
    schema = f"schema {copy.revision}" if copy.revision else "no schema version"
    size = f", {copy.size / 1e6:.1f} MB" if copy.size else ""
    return f"{cards}, {schema}{size}"
