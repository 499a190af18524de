"""Rich renderings shared by the CLI commands (card tables, summaries). Card-derived text goes
in as `Text` through tui/safe_text.py, never as markup."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from catalog.ingest.conversion import Tally
from converters.base import CardType, ConvertedCard
from converters.reasons_ja import reason_ja
from tui.safe_text import plain, text


def type_cell(card_type: CardType | None) -> str:
    """A table cell: the English type name, the Japanese one dimmed below it."""
    return f"{card_type.label}\n[dim]{card_type.label_ja}[/]" if card_type else "—"


def type_label(card: ConvertedCard) -> str:
    return type_cell(card.card_type.value)


def card_table(cards: Sequence[ConvertedCard], lang: str = "en") -> Table:
    """Converted cards as a table: name (Japanese name and source id below), grade and type,
    effects, and why (the grade and type explanations, in Japanese for `lang` "ja", then any
    warnings)."""
    table = Table(show_lines=True, expand=False)
    table.add_column("card", min_width=18, overflow="fold")
    table.add_column("grade", justify="right", style="bold", no_wrap=True)
    table.add_column("type", min_width=13)
    table.add_column("effects", overflow="fold")
    table.add_column("why", overflow="fold", style="dim")
    for card in cards:
        why = f"{card.grade.reason}\n{card.card_type.reason}"
        if lang == "ja":
            why = f"{reason_ja(card.grade.reason)}\n{reason_ja(card.card_type.reason)}"
        if card.warnings:
            why += "\n⚠ " + "; ".join(card.warnings)
        table.add_row(
            card_cell(card.name, card.name_ja, f"{card.game}:{card.source_id}"),
            card.grade_text or "—",
            type_label(card),
            text(", ".join(card.effects)),
            text(why),
        )
    return table


def card_cell(name: str, name_ja: str | None, ref: str) -> Text:
    """A table's card cell: the name, the Japanese name below it, then `game:source_id` dimmed
    (card text shown as it is: brackets, colons and control characters are not run)."""
    label = plain(name) + (f"\n{plain(name_ja)}" if name_ja else "")
    return Text.assemble(label, "\n", (plain(ref), "dim"))


def tally_line(tally: Tally) -> str:
    line = f"converted {tally.converted}, skipped {tally.skipped}, failed {tally.failed}"
    if tally.skip_reasons:
        reasons = "; ".join(f"{n}× {why}" for why, n in sorted(tally.skip_reasons.items()))
        line += f" (skipped: {reasons})"
    return line
