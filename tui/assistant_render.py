"""`twgp deck build` and `twgp collection available` on the terminal: options read from the
command line, the result printed (deck, summary, why each card, problems, acquisitions)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from catalog.base.safe_output import json_text
from deckbuilder.assistant.build import BuildResult
from deckbuilder.assistant.model import DEFAULT_CURVE, Goal
from deckbuilder.assistant.service import Availability, BuildOptions
from deckbuilder.deck import Deck, DeckFormat
from deckbuilder.export import write_new
from deckbuilder.stats import BUCKETS
from deckbuilder.twgp_format import dump
from tui.safe_text import SafeLines, echo_document, text


def _choice(value: str, allowed: Sequence[str], option: str) -> str:
    key = value.strip().casefold()
    if key not in allowed:
        raise typer.BadParameter(f"{value!r}: expected one of {', '.join(allowed)}",
                                 param_hint=option)
    return key


def parse_curve(spec: str | None) -> dict[str, int]:
    """"01=2,02=3" → {"01": 2, "02": 3} (the grade buckets of `deck stats`)."""
    if spec is None:
        return dict(DEFAULT_CURVE)
    labels = {label for label, _, _ in BUCKETS}
    curve: dict[str, int] = {}
    for part in spec.split(","):
        label, sep, number = part.strip().partition("=")
        if not sep or label.strip() not in labels or not number.strip().isdigit():
            raise typer.BadParameter(f"{part.strip()!r}: expected BUCKET=COUNT, a bucket one "
                                     f"of {', '.join(sorted(labels))}", param_hint="--curve")
        curve[label.strip()] = int(number)
    return curve


def build_options(format_id: str | None, games: str | None, source: str, complete: Deck | None,
                  include: list[str], exclude: list[str], goal: str, curve: str | None,
                  time_limit: float, seed: int, share: bool,
                  output: Path | None) -> BuildOptions:  # fmt: skip
    fmt = DeckFormat(_choice(format_id, list(DeckFormat), "--format")) if format_id else None
    return BuildOptions(
        format=fmt,
        games=tuple(g.strip().casefold() for g in (games or "").split(",") if g.strip()),
        source=_choice(source, ["owned", "catalog"], "--from"),
        complete=complete,
        include=tuple(include),
        exclude=tuple(exclude),
        goal=Goal(_choice(goal, list(Goal), "--goal")),
        time_limit=time_limit,
        seed=seed,
        share=share,
        name=output.stem if output is not None and complete is None else "",
        curve=parse_curve(curve),
    )


def print_build(result: BuildResult, *, output: Path | None, force: bool, as_json: bool,
                lang: str, protected: Sequence[Path] = ()) -> None:  # fmt: skip
    """The deck to `output` (or stdout); the explanation on stdout, or stderr when the deck
    itself goes to stdout. JSON: one object with the deck's text in `deck`."""
    deck_text = dump(result.deck) if result.deck is not None else None
    if output is not None and deck_text is not None:
        write_new(output, deck_text, force=force, protected=protected)
    if as_json:
        data = result.to_json(lang)
        data["deck"] = deck_text
        data["output"] = str(output) if output is not None and deck_text else None
        typer.echo(json_text(data, indent=2))
        return
    to_stderr = output is None and deck_text is not None
    if to_stderr:
        echo_document(deck_text or "")
    console = Console(stderr=to_stderr, highlight=False, emoji=False, soft_wrap=True)
    out = SafeLines(console)
    ja = lang == "ja"
    out.print(result.summary(lang), markup=False)
    if result.placed:
        table = Table(title="カードの理由" if ja else "why each card")
        for column in ("section", "card", "why"):
            table.add_column(column, overflow="fold")
        for p in result.placed:
            table.add_row(text(p.section), text(p.candidate.card.label),
                          text(p.reason[1 if ja else 0]))  # fmt: skip
        console.print(table)
    for problem in result.problems:
        out.print(f"✗ {problem.message[1 if ja else 0]}", markup=False)
    if result.acquire:
        head = "入手するカード:" if ja else "cards to acquire:"
        if not result.built:
            head = ("正規のデッキにするために入手する最少のカード:" if ja
                    else "the fewest cards to acquire for a legal deck:")  # fmt: skip
        out.print(head, markup=False)
        for c, n in result.acquire:
            out.print(f"  {n} {c.card.label} [{c.card.source_id}]", markup=False)
    if output is not None and deck_text is not None:
        out.print(f"{'書き出し' if ja else 'wrote'} {output}", markup=False)


def print_availability(rows: Sequence[Availability], *, as_json: bool) -> None:
    if as_json:
        for row in rows:
            typer.echo(json_text(row.to_json()))
        return
    table = Table()
    for column in ("game", "name", "owned", "committed", "free"):
        table.add_column(column, overflow="fold",
                         justify="right" if column in ("owned", "free") else "left")  # fmt: skip
    for row in rows:
        committed = ", ".join(f"{deck} ×{n}" for deck, n in sorted(row.committed.items()))
        table.add_row(text(row.card.game), text(row.card.name), str(row.owned),
                      text(committed or "—"), str(row.free))  # fmt: skip
    Console(highlight=False, emoji=False).print(table)
