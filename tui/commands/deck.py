"""`twgp deck validate|stats|save|list|show|delete|import|export`: TWGP decklists from the
command line. Thin: read the file, call one deckbuilder/catalog service, render."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from sqlmodel import Session

from catalog.base.safe_output import is_stdout, json_text
from catalog.collections.fetch import find_fetcher
from catalog.collections.games import installed_game
from catalog.ingest.textfiles import read_text
from catalog.lookup import repository
from catalog.saved.deck_choices import file_key, saved_key
from catalog.saved.decks import deck_name
from catalog.store.db import catalog_files, open_engine, session_scope, write_scope
from deckbuilder.assistant.committed import with_committed
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.deck import Deck
from deckbuilder.decklists import FORMAT_IDS, checked_from
from deckbuilder.errors import DeckError
from deckbuilder.export import EXPORT_FORMATS, export_deck, refuse_existing, write_new
from deckbuilder.import_report import import_json
from deckbuilder.importer import (
    draft_text,
    import_decklist,
    read_foreign,
    require_card_lines,
    summarised,
)
from deckbuilder.play_formats.registry import format_json, load_all, load_format
from deckbuilder.remembered import resolve_remembered
from deckbuilder.resolve import ResolvedDeck
from deckbuilder.rule_facts import fill
from deckbuilder.service import ValidationReport, rules_for, validate_resolved
from deckbuilder.twgp_format import dump, parse
from tui.commands.options import DbOption, EncodingOption
from tui.deck_render import curves, report_lines, stats_table
from tui.safe_text import SafeLines, echo_document, text
from tui.terms import count

deck_app = typer.Typer(help="TWGP decks: validate, analyse, save, import and export.",
                       no_args_is_help=True)

DeckFile = Annotated[Path, typer.Argument(help="A .twgp decklist (`-` is stdin).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def register(app: typer.Typer) -> None:
    app.add_typer(deck_app, name="deck")


def _out() -> Console:
    return Console(highlight=False, emoji=False, soft_wrap=True)


def _err() -> SafeLines:
    return SafeLines(Console(stderr=True, highlight=False, emoji=False, soft_wrap=True))


def read_deck(
    path: Path, format_id: str | None = None, encoding: str | None = None
) -> tuple[str, Deck]:
    """(file name, deck); `format_id` (--format) is the format a file declaring none is read
    as, and a file declaring another one is an error."""
    name, text = read_text(path, encoding=encoding)
    return name, parse(text, source=name, format_id=format_id)


@contextmanager
def catalog_session(db: str | None, *, write: bool = False) -> Iterator[Session]:
    """A session on the catalog whose engine is closed afterwards: its pooled connections
    are closed now, not left to the garbage collector (ResourceWarning on PostgreSQL).
    `write`: one that holds the write lock from its first read (a save by name)."""
    engine = open_engine(db)
    try:
        with (write_scope if write else session_scope)(engine) as session:
            yield session
    finally:
        engine.dispose()


def _resolved(deck: Deck, db: str | None, path: Path) -> ResolvedDeck:
    """The deck of the file `path` resolved, with what its lines resolved to before."""
    with catalog_session(db) as session:
        return resolve_remembered(session, deck, file_key(path))


def check(
    path: Path, db: str | None, encoding: str | None = None
) -> tuple[str, ValidationReport]:
    name, deck = read_deck(path, encoding=encoding)
    return name, validate_resolved(_resolved(deck, db, path))


def check_all(
    paths: list[Path], db: str | None, format_id: str | None, encoding: str | None = None
) -> tuple[str, ValidationReport]:
    """Validate the decks of `paths` together (a team's, for ev-tag-b); an unnamed deck of
    several is named after its file in the messages."""
    if format_id is not None:
        load_format(format_id)  # an unknown id fails before any file is read
    read = [read_deck(path, format_id, encoding) for path in paths]
    decks = [deck for _, deck in read]
    if len(decks) > 1:
        decks = [deck if deck.name else replace(deck, name=_stem(name))
                 for (name, _), deck in zip(read, decks, strict=True)]
    rules_for(decks)
    with catalog_session(db) as session:
        resolver = CatalogResolver(session)
        resolved = [resolve_remembered(session, deck, file_key(path), resolver=resolver)
                    for path, deck in zip(paths, decks, strict=True)]
        report = with_committed(validate_resolved(*resolved), session)
    return " + ".join(name for name, _ in read), report


def _stem(name: str) -> str:
    stem = Path(name).stem
    return " ".join(stem.split()) or "deck"


LangOption = Annotated[str, typer.Option("--lang", help="Messages in en or ja.")]


def checked_lang(lang: str) -> None:
    if lang not in ("en", "ja"):
        raise DeckError(f"unknown language {lang!r}; expected en or ja")


@deck_app.command("validate")
def validate(
    files: Annotated[list[Path], typer.Argument(
        help="A .twgp decklist (`-` is stdin); ev-tag-b takes a team's two.")],
    format_id: Annotated[str | None, typer.Option(
        "--format", help="Read and check the decks as this format (`twgp deck formats`); "
        "default: the format each deck declares.")] = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
    encoding: EncodingOption = None,
    db: DbOption = None,
) -> None:
    """Check a deck against its format's rules (TWGP half/full/trial, or another game's such
    as ev-tag-b); every problem at once, each with a stable code.

    Exit 0 legal, 1 illegal, 2 unreadable."""
    checked_lang(lang)
    name, report = check_all(files, db, format_id, encoding)
    if as_json:
        typer.echo(json_text(report.to_json(lang), indent=2))
    else:
        _out().print(report_lines(report, source=name, lang=lang))
    if not report.legal:
        raise typer.Exit(1)


@deck_app.command("formats")
def formats(as_json: JsonOption = False) -> None:
    """The deck formats `validate` knows: TWGP's and the installed plugins', with their rule."""
    loaded = load_all()
    if as_json:
        rows = [format_json(f) for f in loaded.values()]
        typer.echo(json_text(rows, indent=2))
        return
    table = Table(title=f"{len(loaded)} deck formats")
    for column in ("id", "name", "games", "sections", "rule"):
        table.add_column(column)
    for f in loaded.values():
        sections = escape(" ".join(f"[{key}]" for key in f.sections))
        if f.fields:
            sections += "\n" + " ".join(f"{key}:" for key in f.fields)
        table.add_row(f.format_id, f"{f.display_name}\n{f.display_name_ja}",
                      ", ".join(f.games) or "any", sections, fill(f.summary))
    _out().print(table)


@deck_app.command("stats")
def stats(file: DeckFile, as_json: JsonOption = False, lang: LangOption = "en",
          encoding: EncodingOption = None, db: DbOption = None) -> None:
    """Per half deck and in all: cards by TWGP type, the grade curve, free-summon units,
    effects, games mixed, owned against needed copies."""
    checked_lang(lang)
    _, report = check(file, db, encoding)
    if as_json:
        typer.echo(json_text(report.stats.to_json(), indent=2))
        return
    out = _out()
    out.print(stats_table(report.stats, lang))
    for curve in curves(report.stats, lang):
        out.print(curve)
        out.print()


@deck_app.command("save")
def save(
    file: DeckFile,
    name: Annotated[str | None, typer.Option(
        "--name", help="Save under this name (default: the deck's `name:`, else the file's).")
    ] = None,
    encoding: EncodingOption = None,
    db: DbOption = None,
) -> None:
    """Save a decklist in the catalog (replacing a saved deck of the same name)."""
    _, deck = read_deck(file, encoding=encoding)
    title = (name or deck.name or file.stem).strip()
    deck = replace(deck, name=deck_name(" ".join(title.split())))  # the text names it so too
    with catalog_session(db, write=True) as session:
        record = repository.save_deck(
            session=session, name=deck.name, text=dump(deck), format=deck.format_id
        )
        # the saved deck means the cards its file's name-only lines resolved to
        resolve_remembered(session, deck, saved_key(record.name), source=file_key(file))
    _err().print(f"saved deck {record.name!r} ({record.format})", markup=False)


@deck_app.command("list")
def list_(as_json: JsonOption = False, db: DbOption = None) -> None:
    """The decks saved in the catalog."""
    with catalog_session(db) as session:
        records = repository.list_decks(session=session)
    if as_json:
        rows = [{"name": r.name, "format": r.format, "updated_at": r.updated_at.isoformat()}
                for r in records]
        typer.echo(json_text(rows, indent=2))
        return
    table = Table(title=f"{count(len(records), 'saved deck')}")
    for column in ("name", "format", "cards", "updated"):
        table.add_column(column)
    for record in records:
        cards = str(parse(record.text).card_count)
        table.add_row(text(record.name), text(record.format), cards,
                      f"{record.updated_at:%Y-%m-%d %H:%M}")
    _out().print(table)


@deck_app.command("show")
def show(name: Annotated[str, typer.Argument(help="A saved deck's name.")],
         db: DbOption = None) -> None:
    """Print a saved deck as .twgp text (redirect it to a file to edit it)."""
    with catalog_session(db) as session:
        record = repository.get_deck(session=session, name=name)
    echo_document(record.text)


@deck_app.command("delete")
def delete(name: Annotated[str, typer.Argument(help="A saved deck's name.")],
           db: DbOption = None) -> None:
    """Delete a saved deck."""
    with catalog_session(db, write=True) as session:
        repository.delete_deck(session=session, name=name)
    _err().print(f"deleted deck {name!r}", markup=False)


@deck_app.command("import")
def import_(
    file: Annotated[str, typer.Argument(help="A decklist file (`-` is stdin), or a ydke:// URL "
                                        "itself.")],
    from_: Annotated[str, typer.Option("--from", help="auto (told from the text) or one of: "
                                       f"{', '.join(FORMAT_IDS)}.")] = "auto",
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the draft .twgp "
                                                "here (default: print it).")] = None,
    fetch: Annotated[bool, typer.Option("--fetch", help="Look up missing cards online.")] = False,
    game: Annotated[str | None, typer.Option("--game", help="The game of a list whose format "
                                             "does not say (default: mtg).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the whole report as JSON "
                                          "(every line: resolved, unresolved with its reason "
                                          "and closest names, noted or skipped; the draft)."
                                          )] = False,
    encoding: EncodingOption = None,
    db: DbOption = None,
) -> None:
    """Read another game's decklist, find its cards in the catalog and draft a .twgp deck:
    life cards in \\[life], the rest in \\[pool] to arrange. Unresolved lines are listed with
    their line numbers and the closest names."""
    checked_from(from_)
    output = None if output is None or is_stdout(output) else output
    keep = [*catalog_files(db), Path(file)]
    if output is not None:
        refuse_existing(output, force=force, protected=keep)
    game = installed_game(game) if game is not None else None
    fetcher = find_fetcher() if fetch else None
    if fetch and fetcher is None:
        raise DeckError("online lookup is not available",
                        hint="import without --fetch, or add the cards to the catalog first")
    if from_ in ("ydke", "auto") and file.startswith("ydke://"):
        source, text = "<url>", file
    else:
        source, text = read_text(Path(file), encoding=encoding)
    foreign = read_foreign(text, from_, source=source)
    require_card_lines(foreign, source=source)
    stem = Path(file).stem if source != "<url>" else ""
    engine = open_engine(db)
    try:
        result = import_decklist(engine, foreign, game=game, name=foreign.name or stem,
                                 fetch=fetcher, full_report=as_json)
    finally:
        engine.dispose()
    draft = draft_text(result)
    if output is not None:
        write_new(output, draft, force=force, protected=keep)
    if as_json:
        report = import_json(result, text, source=source,
                             output=str(output) if output is not None else None)
        typer.echo(json_text(report, indent=2))
        return
    err = _err()
    lines = [f"{source}:line {line.line.line}: unresolved {line.line.text!r}: {line.reason}"
             + (f" (closest: {', '.join(line.closest)})" if line.closest else "")
             for line in result.unresolved]  # fmt: skip
    for line in summarised(lines, "unresolved lines"):
        err.print(line, markup=False)
    for hint in result.hints:
        err.print(hint, markup=False)
    if output is None:
        echo_document(draft)
    resolved, unresolved = count(result.copies, "card"), count(len(result.unresolved), "line")
    err.print(f"{resolved} resolved, {unresolved} unresolved"
              + (f"; draft written to {output}" if output else ""), markup=False)


@deck_app.command("export")
def export(
    file: DeckFile,
    to: Annotated[str, typer.Option("--to", help=f"One of: {', '.join(EXPORT_FORMATS)}.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here (default: "
                                                "print it).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file.")] = False,
    encoding: EncodingOption = None,
    db: DbOption = None,
) -> None:
    """The decklist with each card's game, name, Japanese name, grade and type (overrides
    marked); html is a printable tournament sheet, one page per half deck and the life set."""
    if to not in EXPORT_FORMATS:
        expected = ", ".join(EXPORT_FORMATS)
        raise DeckError(f"unknown export format {to!r}; expected one of {expected}")
    output = None if output is None or is_stdout(output) else output
    keep = [*catalog_files(db), Path(file)]
    if output is not None:
        refuse_existing(output, force=force, protected=keep)  # before any work
    _, deck = read_deck(file, encoding=encoding)
    text = export_deck(_resolved(deck, db, file), to)
    if output is None:
        echo_document(text)
    else:
        write_new(output, text, force=force, protected=keep)
        _err().print(f"wrote {output}", markup=False)


@deck_app.command("build")
def build(
    format_id: Annotated[str | None, typer.Option(
        "--format", help="half, full or trial (default: the --complete deck's, else full).")
    ] = None,
    games: Annotated[str | None, typer.Option(
        "--games", help="Only cards of these games (comma-separated: mtg,pokemon).")] = None,
    source: Annotated[str, typer.Option(
        "--from", help="owned (the free copies of your collection) or catalog (every known "
        "card; lists what to acquire).")] = "owned",
    complete: Annotated[Path | None, typer.Option(
        "--complete", help="Keep this deck's lines and fill the rest.")] = None,
    include: Annotated[list[str] | None, typer.Option(
        "--include", help="A card the deck must hold (game:source_id, game:name or a name); "
        "repeatable.")] = None,
    exclude: Annotated[list[str] | None, typer.Option(
        "--exclude", help="A card the deck must not hold; repeatable.")] = None,
    goal: Annotated[str, typer.Option(
        "--goal", help="strongest, curve or effects (docs: Deck assistant).")] = "strongest",
    curve: Annotated[str | None, typer.Option(
        "--curve", help="The curve goal's target per half deck: 01=2,02=3,… (grade buckets "
        "of `deck stats`).")] = None,
    time_limit: Annotated[float, typer.Option(
        "--time-limit", min=0.1, help="Seconds the solver may take.")] = 10.0,
    seed: Annotated[int, typer.Option("--seed", help="The solver's random seed.")] = 0,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the deck here (default: print it).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file.")] = False,
    share: Annotated[bool, typer.Option(
        "--share", help="Copies committed to saved decks are free too (the decks are never "
        "played at once).")] = False,
    as_json: JsonOption = False,
    lang: LangOption = "en",
    encoding: EncodingOption = None,
    db: DbOption = None,
) -> None:
    """Build a legal TWGP deck from the cards you own (or the catalog): optimal or the best
    found with its bound, each card with why it is there. When no legal deck exists, the rules
    that cannot be met together and the fewest cards to acquire.

    Exit 0 built, 1 no legal deck, 2 bad options."""
    from tui.assistant_render import build_options, print_build

    checked_lang(lang)
    output = None if output is None or is_stdout(output) else output
    keep = catalog_files(db)
    if output is not None:
        refuse_existing(output, force=force, protected=keep)
    deck = read_deck(complete, encoding=encoding)[1] if complete is not None else None
    options = build_options(format_id, games, source, deck, include or [], exclude or [], goal,
                            curve, time_limit, seed, share, output)
    from deckbuilder.assistant.service import build_in_catalog

    with catalog_session(db) as session:
        result = build_in_catalog(session, options)
    print_build(result, output=output, force=force, as_json=as_json, lang=lang, protected=keep)
    if not result.built:
        raise typer.Exit(1)


@deck_app.command("missing")
def missing(
    file: DeckFile,
    to: Annotated[str, typer.Option(
        "--to", help="text, moxfield, deckbox, manabox or cardmarket.")] = "text",
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here (default: "
                                                "print it).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file.")] = False,
    share: Annotated[bool, typer.Option(
        "--share", help="Copies committed to other saved decks count as free.")] = False,
    as_json: JsonOption = False,
    encoding: EncodingOption = None,
    db: DbOption = None,
) -> None:
    """The copies the deck needs beyond those free (owned minus committed to other saved
    decks), as a wants list: text or the CSV of Moxfield, Deckbox, ManaBox or Cardmarket."""
    from deckbuilder.assistant.service import missing_copies
    from deckbuilder.assistant.wants import WANTS_WRITERS, wants_rows

    writer = WANTS_WRITERS.get(to.casefold())
    if writer is None:
        raise typer.BadParameter(f"{to!r}: expected one of {', '.join(WANTS_WRITERS)}",
                                 param_hint="--to")
    output = None if output is None or is_stdout(output) else output
    keep = [*catalog_files(db), Path(file)]
    if output is not None:
        refuse_existing(output, force=force, protected=keep)
    _, deck = read_deck(file, encoding=encoding)
    with catalog_session(db) as session:
        lines = missing_copies(session, deck, share=share)
        rows = wants_rows(session, lines)
    if as_json:
        typer.echo(json_text([m.to_json() for m in lines], indent=2))
        return
    text_out = writer(rows)
    if output is None:
        echo_document(text_out)
    else:
        write_new(output, text_out, force=force, protected=keep)
    _err().print(f"{count(sum(m.missing for m in lines), 'copy')} missing "
                 f"({count(len(lines), 'card')})", markup=False)
