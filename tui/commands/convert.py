"""`twgp games` and `twgp convert`: conversions without touching any catalog."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from catalog.base.safe_output import json_text
from catalog.ingest.conversion import Outcome, Tally, convert_files, json_line
from catalog.ingest.converter_setup import configured_converter
from converters.base import ConvertedCard
from converters.registry import converter_ids, converter_json, load_all
from tui.commands.options import EncodingOption, Lang, LangOption
from tui.render import card_table, tally_line
from tui.safe_text import SafeLines

ROWS_PER_TABLE = 200


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("convert")(convert)


def games(
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON Lines, one object per game.")
    ] = False,
) -> None:
    """List the installed converters: id, names, grade rule and the formats each reads."""
    converters = load_all()
    if as_json:
        for game_id, conv in converters.items():
            typer.echo(json_text(converter_json(game_id, conv)))
        return
    table = Table(title="Installed converters", show_lines=True)
    for column in ("id", "game", "ゲーム", "grade rule", "reads"):
        table.add_column(column, overflow="fold")
    for game_id, conv in converters.items():
        table.add_row(
            game_id,
            conv.display_name,
            conv.display_name_ja,
            conv.grade_rule,
            "\n".join(conv.formats),
        )
    Console().print(table)
    missing = sorted(set(converter_ids()) - set(converters))
    if missing:
        Console(stderr=True).print(f"not loaded (see warnings above): {', '.join(missing)}")


def convert(
    game: Annotated[
        str, typer.Argument(help="A game id from `twgp games` (mtg, yugioh, pokemon…).")
    ],
    files: Annotated[
        list[Path],
        typer.Argument(
            help="JSON (array, envelope, single record), JSON Lines, CSV or YAML; a folder: "
            "the card files in it; `-` is stdin."
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON Lines, one object per card.")
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 when any record failed to convert.")
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A converter option key=value (see `twgp games`)."),
    ] = None,
    kinds: Annotated[
        Path | None,
        typer.Option("--kinds", help="A kind → TWGP type table for the `generic` converter."),
    ] = None,
    encoding: EncodingOption = None,
    lang: LangOption = Lang.en,
) -> None:
    """Convert source records to TWGP (grade, type, effects, reading) without storing them.

    Records that are not cards (tokens, emblems…) are skipped with a reason; a bad record is
    reported on stderr with its position and the rest are still converted. `--lang ja`: the
    grade and type explanations in Japanese (--json stays as converted)."""
    converter = configured_converter(game, option or (), kinds, encoding=encoding)
    err = SafeLines(Console(stderr=True, highlight=False, soft_wrap=True))
    tally = Tally()
    outcomes = _report_problems(convert_files(converter, files, encoding=encoding), tally, err)
    cards = (o.card for o in outcomes if o.card is not None)
    if as_json:
        _print_json(cards)
    else:
        _print_tables(cards, lang)
    err.print(tally_line(tally), markup=False)
    if strict and tally.failed:
        raise typer.Exit(1)


def _report_problems(
    outcomes: Iterable[Outcome], tally: Tally, err: SafeLines
) -> Iterable[Outcome]:
    for outcome in outcomes:
        tally.add(outcome)
        if outcome.failed is not None:
            err.print(f"{outcome.where}: failed: {outcome.failed}", markup=False)
        elif outcome.skipped is not None:
            err.print(f"{outcome.where}: skipped: {outcome.skipped}", markup=False)
        yield outcome


def _print_json(cards: Iterable[ConvertedCard]) -> None:
    sys.stdout.flush()
    out = sys.stdout.buffer
    for card in cards:
        out.write(json_line(card.to_json()))
    out.flush()


def _print_tables(cards: Iterable[ConvertedCard], lang: str = "en") -> None:
    """Tables of at most ROWS_PER_TABLE rows, so that memory stays flat on any input."""
    console = Console()
    chunk: list[ConvertedCard] = []
    for card in cards:
        chunk.append(card)
        if len(chunk) == ROWS_PER_TABLE:
            console.print(card_table(chunk, lang))
            chunk = []
    if chunk:
        console.print(card_table(chunk, lang))
