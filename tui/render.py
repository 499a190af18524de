"""Rich renderings shared by the CLI commands (card tables, summaries)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from catalog.conversion import Tally
from converters.base import ConvertedCard


def type_label(card: ConvertedCard) -> str:
    card_type = card.card_type.value
    return f"{card_type.label} / {card_type.label_ja}" if card_type else "—"


def card_table(cards: Sequence[ConvertedCard]) -> Table:
    """Converted cards as a table: identity, grade and type with their reasons, effects."""
    table = Table(show_lines=False, expand=False)
    table.add_column("game", style="dim")
    table.add_column("id", overflow="fold", max_width=14)
    table.add_column("name", overflow="fold")
    table.add_column("日本語名", overflow="fold")
    table.add_column("grade", justify="right", style="bold")
    table.add_column("type")
    table.add_column("effects", overflow="fold")
    table.add_column("why", overflow="fold", style="dim")
    for card in cards:
        why = f"{card.grade.reason}; {card.card_type.reason}"
        if card.warnings:
            why += "; ⚠ " + "; ".join(card.warnings)
        table.add_row(
            card.game,
            card.source_id,
            card.name,
            card.name_ja or "",
            card.grade_text or "—",
            type_label(card),
            ", ".join(card.effects),
            why,
        )
    return table


def tally_line(tally: Tally) -> str:
    line = f"converted {tally.converted}, skipped {tally.skipped}, failed {tally.failed}"
    if tally.skip_reasons:
        reasons = "; ".join(f"{n}× {why}" for why, n in sorted(tally.skip_reasons.items()))
        line += f" (skipped: {reasons})"
    return line
