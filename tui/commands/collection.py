"""`twgp collection import|list|export`: the user's owned copies, from and to other apps' CSV."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from catalog.base.safe_output import check_output, is_stdout, json_text, write_output
from catalog.collections.fetch import find_fetcher, unavailable_message
from catalog.collections.formats import FORMAT_IDS
from catalog.collections.games import installed_game
from catalog.collections.listing import owned_entries
from catalog.collections.owned import OwnedRowView
from catalog.collections.reader import ReadOptions
from catalog.collections.resolve import BY_NAME, BY_SET_NUMBER, EXACT
from catalog.collections.service import (
    CollectionImportRefused,
    CollectionImportReport,
    ImportOptions,
    Mode,
    import_collection,
)
from catalog.collections.writers import WRITERS
from catalog.store.db import catalog_files, open_engine, session_scope
from converters.errors import InputFormatError, OutputWriteError
from tui.commands.options import DbOption, EncodingOption
from tui.safe_text import SafeLines, echo_document, text

collection_app = typer.Typer(
    help="Your collection: import other apps' CSV, list, export.", no_args_is_help=True
)

GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        help="The game of the file's cards (any format; default: the app's game, or told by "
        "the cards).",
    ),
]


def register(app: typer.Typer) -> None:
    app.add_typer(collection_app, name="collection")


@collection_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A collection CSV (`-` is stdin).")],
    format_id: Annotated[
        str, typer.Option("--format", help=f"auto or one of: {', '.join(FORMAT_IDS)}.")
    ] = "auto",
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            help="merge: add the file's copies; replace: the file becomes the whole collection.",
        ),
    ] = "merge",
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Report only; write nothing.")] = False,
    game: GameOption = None,
    count_decks: Annotated[
        bool, typer.Option("--count-decks", help="Count ManaBox/Sorted deck rows as owned too.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Write nothing (exit 1) if any row is bad or unresolved."),
    ] = False,
    label: Annotated[
        str,
        typer.Option(
            "--label",
            help="Name this import: its rows count apart from the "
            "same rows imported under another label.",
        ),
    ] = "",
    fetch: Annotated[
        bool, typer.Option("--fetch", help="Look up cards missing from the catalog online.")
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="With --mode replace: replace even when no row resolves (empties the "
            "collection).",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the whole report as JSON: every unresolved, "
                     "skipped or bad row with its line, reason and closest names."),
    ] = False,
    encoding: EncodingOption = None,
    db: DbOption = None,
) -> None:
    """Import a collection CSV (Moxfield, ManaBox, Deckbox, Delver Lens, Dragon Shield, Sorted,
    TCGplayer, Archidekt, YGOPRODeck, MTGGoldfish or twgp's own), detected by its headers.

    Importing the same file twice in merge mode counts nothing twice. Unresolved rows are
    listed with their line and the closest catalog names."""
    if mode not in ("merge", "replace"):
        raise InputFormatError(f"--mode {mode!r}: use merge or replace")
    if game is not None:
        game = installed_game(game)
    err = Console(stderr=True, highlight=False, emoji=False)
    fetcher = find_fetcher() if fetch else None
    if fetch and fetcher is None:
        err.print(unavailable_message(), markup=False)
    options = ImportOptions(
        read=ReadOptions(format_id=format_id.casefold(), game=game, count_decks=count_decks,
                         encoding=encoding),
        mode=_mode(mode),
        dry_run=dry_run,
        strict=strict,
        label=label,
        force=force,
        full_report=as_json,
    )
    out = Console(highlight=False, emoji=False, soft_wrap=True)
    show = _print_json if as_json else print_import_report
    engine = open_engine(db)
    try:
        report = import_collection(engine, file, options, fetch=fetcher)
    except CollectionImportRefused as exc:
        show(exc.report, out)
        raise
    finally:
        engine.dispose()
    show(report, out)


def _print_json(report: CollectionImportReport, output: Console) -> None:
    sys.stdout.write(json_text(report.to_json(), indent=2) + "\n")


def _mode(mode: str) -> Mode:
    return "replace" if mode == "replace" else "merge"


def print_import_report(report: CollectionImportReport, output: Console) -> None:
    out = SafeLines(output)
    status = report.by_status
    game = f", {report.game}" + (" (told by its cards)" if report.game_told else "")
    out.print(
        f"{report.file}: {report.format_id} ({report.encoding}{game if report.game else ''}), "
        f"{report.mode}",
        markup=False,
    )
    out.print(
        f"rows read {report.rows_read}: resolved {report.resolved} (exact {status[EXACT]}, "
        f"by set+number {status[BY_SET_NUMBER]}, by name {status[BY_NAME]}), "
        f"unresolved {report.unresolved_count}, skipped {report.skipped}, "
        f"errors {report.errors}",
        markup=False,
    )
    change = report.change
    if report.copies_after or report.copies_before or report.written:
        out.print(
            f"copies {report.copies_before} → {report.copies_after} ({report.copies_added:+d}); "
            f"entries new {change.new}, updated {change.updated}, unchanged {change.unchanged}",
            markup=False,
        )
    unresolved = []
    for r in report.unresolved:
        closest = f"; closest: {', '.join(r.candidates)}" if r.candidates else ""
        unresolved.append(f"  line {r.row.line}: unresolved {r.row.name!r}: {r.reason}{closest}")
    _print_some(out, unresolved, report.unresolved_count, "unresolved rows")
    problems = [f"  line {p.line}: {p.kind}{f' {p.name!r}' if p.name else ''}: {p.reason}"
                for p in report.problems]  # fmt: skip
    _print_some(out, problems, report.problems_count, "skipped or bad rows")
    notes = [f"  line {line}: note: {note}" for line, note in report.notes]
    _print_some(out, notes, report.notes_count, "notes")
    for hint in report.hints:
        out.print(hint, markup=False)
    if report.dry_run:
        out.print("dry run: nothing written", markup=False)


def _print_some(out: SafeLines, lines: list[str], total: int, what: str) -> None:
    """The lines a report kept (the first few dozen), then how many more there were."""
    for line in lines:
        out.print(line, markup=False)
    if total > len(lines):
        out.print(f"  … and {total - len(lines):,} more {what} (not listed)", markup=False)


@collection_app.command("list")
def list_(
    query: Annotated[
        str | None, typer.Argument(help="A catalog query (`grade>=5 type:unit`, a name…).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one entry each.")] = False,
    game: Annotated[str | None, typer.Option("--game", help="Only this game.")] = None,
    db: DbOption = None,
) -> None:
    """List the owned copies (one line per entry: printing, finish, condition, location)."""
    entries = _entries(db, query, game)
    if as_json:
        for e in entries:
            sys.stdout.write(json_text(e.to_json()) + "\n")
        return
    Console(markup=False, emoji=False, highlight=False).print(_entry_table(entries))
    Console(stderr=True, highlight=False, emoji=False).print(
        f"{len(entries)} entries, {sum(e.quantity for e in entries)} copies", markup=False
    )


def _entries(db: str | None, query: str | None, game: str | None) -> list[OwnedRowView]:
    engine = open_engine(db)
    try:
        with session_scope(engine) as session:
            return owned_entries(session=session, query=query, game=game)
    finally:
        engine.dispose()


def _entry_table(entries: list[OwnedRowView]) -> Table:
    table = Table()
    for column in ("qty", "game", "name", "日本語名", "set", "no.", "finish", "cond.", "lang",
                   "grade", "type", "location"):  # fmt: skip
        table.add_column(column, overflow="fold", justify="right" if column == "qty" else "left")
    for e in entries:
        c = e.card
        cells = (str(e.quantity), c.game, c.name, c.name_ja or "", c.set_code or "",
                 c.collector_number or "", e.finish, e.condition or "", e.lang or "",
                 c.grade_text or "—", c.card_type.value if c.card_type else "—",
                 e.location or "")  # fmt: skip
        table.add_row(*(text(cell) for cell in cells))
    return table


@collection_app.command("export")
def export(
    format_id: Annotated[
        str, typer.Option("--format", help=f"One of: {', '.join(WRITERS)}.")
    ] = "twgp",
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Write to this file (default: stdout).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    query: Annotated[str | None, typer.Option("--query", help="Only cards matching.")] = None,
    game: Annotated[str | None, typer.Option("--game", help="Only this game.")] = None,
    db: DbOption = None,
) -> None:
    """Write the collection as CSV for twgp, Moxfield or ManaBox; what the format cannot carry
    is reported on stderr."""
    writer = WRITERS.get(format_id.casefold())
    if writer is None:
        raise InputFormatError(f"--format {format_id!r}: use one of {', '.join(WRITERS)}")
    output = None if output is None or is_stdout(output) else output
    if output is not None:
        check_output(output, force=force, protected=catalog_files(db))
    result = writer(_entries(db, query, game))
    if output is None:
        echo_document(result.text)
    else:
        _write(output, result.text)
    err = SafeLines(Console(stderr=True, highlight=False, emoji=False))
    err.print(f"{result.written} entries written ({format_id})", markup=False)
    for line in result.left_out:
        err.print(f"  left out: {line}", markup=False)
    for note, count in sorted(result.notes.items()):
        err.print(f"  note: {note} ({count}×)", markup=False)


def _write(output: Path, text: str) -> None:
    try:
        write_output(output, text)  # a symbolic link is replaced, never written through
    except OSError as exc:
        raise OutputWriteError(f"{output}: cannot write: {exc.strerror or exc}",
                               hint="nothing was written") from exc  # fmt: skip


@collection_app.command("available")
def available(
    query: Annotated[
        str | None, typer.Argument(help="A catalog query (`grade>=5 type:unit`, a name…).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one card each.")] = False,
    db: DbOption = None,
) -> None:
    """Per owned card: copies owned, committed to which saved decks, and free for a new deck."""
    from deckbuilder.assistant.service import availability
    from tui.assistant_render import print_availability

    engine = open_engine(db)
    try:
        with session_scope(engine) as session:
            rows = availability(session, query)
    finally:
        engine.dispose()
    print_availability(rows, as_json=as_json)
