"""Rich renderings of catalog results: search tables, a card's full page, import summaries."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from catalog.cards.views import CardView
from catalog.ingest.importer import ImportReport
from converters.base import CardType, format_grade
from converters.effects import EFFECT_NAMES_JA
from converters.reasons_ja import reading_ja, reason_ja
from tui.card_groups import Group as CardGroup
from tui.render import card_cell, type_cell
from tui.safe_text import plain, text

#: how many failures an import summary lists one by one
FAILURES_SHOWN = 20


def type_text(card_type: CardType | None) -> str:
    return f"{card_type.label} / {card_type.label_ja}" if card_type else "—"


def grade_cell(view: CardView) -> str:
    """The effective grade, starred when it is the user's override."""
    text = view.grade_text or "—"
    return f"{text}*" if view.override and view.override.grade is not None else text


def search_table(groups: Sequence[CardGroup]) -> Table:
    """Cards as a table that stays readable on 80 columns, one row per card as the app lists
    them: the card (name, Japanese name and `game:source_id` of its first printing below),
    how many printings the search found, grade, type, effects and copies owned; overrides
    starred."""
    table = Table(show_lines=False, expand=False)
    table.add_column("card", min_width=20, overflow="fold")
    table.add_column("prints", justify="right", no_wrap=True)
    table.add_column("grade", justify="right", style="bold", no_wrap=True)
    table.add_column("type", min_width=13)
    table.add_column("effects", overflow="fold")
    table.add_column("owned", justify="right", no_wrap=True)
    for group in groups:
        view = group.card
        starred = view.override and view.override.card_type is not None
        table.add_row(
            card_cell(view.name, view.name_ja, f"{view.game}:{view.source_id}"),
            str(len(group.printings)),
            grade_cell(view),
            type_cell(view.card_type) + ("*" if starred else ""),
            text(", ".join(view.effects)),
            str(view.owned) if view.owned else "",
        )
    if any(group.card.override for group in groups):
        table.caption = "* the user's override"
    return table


def card_page(view: CardView, lang: str = "en") -> RenderableType:
    """Everything about one card: names, where it comes from, grade and type with their
    explanations (and the override), effects, stats, owned copies, text beside its reading.
    `lang` "ja": the explanations and the reading's notes in Japanese."""
    grade_reason, type_reason = view.grade_reason, view.type_reason
    if lang == "ja":
        grade_reason, type_reason = reason_ja(grade_reason), reason_ja(type_reason)
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column(overflow="fold")
    facts.add_row("card", text(f"{view.ref}   identity {view.identity}"))
    printing = " ".join(p for p in (view.set_code, view.collector_number, view.lang) if p)
    if printing:
        facts.add_row("printing", text(printing))
    facts.add_row("grade", _ruling(format_grade(view.grade) or "—", grade_reason))
    facts.add_row("type", _ruling(type_text(view.card_type), type_reason))
    if view.override:
        facts.add_row("override", _override_text(view))
    facts.add_row("effects", effect_lines(view.effects, view.effect_reasons) or text("—"))
    if view.curse_reason:
        facts.add_row("curse", text(f"−1 under a unit (呪い): {view.curse_reason}"))
    if view.stats:
        facts.add_row("source stats", text(json.dumps(dict(view.stats), ensure_ascii=False)))
    facts.add_row("owned", f"{view.owned} (every printing of this card)")
    for warning in view.warnings:
        facts.add_row("warning", text(warning, style="yellow"))
    title = plain(view.name) + (f" / {plain(view.name_ja)}" if view.name_ja else "")
    reading = reading_ja(view.reading) if lang == "ja" else view.reading
    return Panel(Group(facts, _texts(view, reading)), title=Text(title), title_align="left")


def effect_lines(effects: Sequence[str], reasons: Mapping[str, str]) -> Text:
    """One line per effect: its English and Japanese names, then the phrase that gave it."""
    lines = Text()
    for effect in effects:
        if lines:
            lines.append("\n")
        lines.append(f"{effect} ({EFFECT_NAMES_JA.get(effect, '')})", style="bold")
        if reasons.get(effect):
            lines.append(f"  ← {plain(reasons[effect])}", style="dim")
    return lines


def _ruling(value: str, reason: str) -> Text:
    return Text.assemble((plain(value), "bold"), "  ", (plain(reason), "dim"))


def _override_text(view: CardView) -> Text:
    override = view.override
    assert override is not None
    changed = []
    if override.grade is not None:
        changed.append(f"grade {format_grade(override.grade)} (converter: "
                       f"{format_grade(view.source_grade) or '—'})")  # fmt: skip
    if override.card_type is not None:
        changed.append(f"type {override.card_type.label} (converter: "
                       f"{type_text(view.source_type)})")  # fmt: skip
    when = override.created_at.strftime("%Y-%m-%d %H:%M UTC")
    reason = f" — {override.reason}" if override.reason else ""
    return text(f"{'; '.join(changed)}, set {when}{reason}")


def _texts(view: CardView, reading: str) -> RenderableType:
    if not view.text:
        return Text("(no rules text)", style="dim")
    table = Table(expand=True, show_edge=False)
    table.add_column("original text", ratio=1, overflow="fold")
    table.add_column("TWGP reading", ratio=1, overflow="fold")
    table.add_row(text(view.text), text(reading))
    return table


def import_summary(report: ImportReport) -> str:
    line = (
        f"{report.source}: new {report.new}, updated {report.updated}, "
        f"unchanged {report.unchanged}, skipped {report.skipped}, failed {report.failed}"
    )
    lines = [line]
    for reason, count in sorted(report.skip_reasons.items(), key=lambda item: -item[1]):
        lines.append(f"  skipped {count}× {reason}")
    for failure in report.failures[:FAILURES_SHOWN]:
        lines.append(f"  failed {failure.where}: {failure.reason}")
    hidden = report.failed - min(len(report.failures), FAILURES_SHOWN)
    if hidden > 0:
        lines.append(f"  … and {hidden} more failures")
    return "\n".join(lines)
