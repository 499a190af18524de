"""The highlighted card in full: grade and type with their explanations (and any override),
effects, source stats, the original text beside its TWGP reading, printings and owned counts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from converters.base import format_grade
from converters.effects import EFFECT_NAMES_JA
from converters.reasons_ja import reading_ja, reason_ja
from tui.safe_text import plain
from tui.safe_text import text as safe_text
from tui.terms import term

if TYPE_CHECKING:
    from catalog.cards.views import CardView


def _value(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def heading(card: CardView) -> Text:
    text = safe_text(card.name, style="bold")
    if card.name_ja and card.name_ja != card.name:
        text.append(plain(f"  {card.name_ja}"), style="bold")
    where = " ".join(p for p in (card.set_code, card.collector_number, card.lang) if p)
    text.append(plain(f"\n{card.ref}" + (f" · {where}" if where else "")), style="dim")
    return text


def rulings(card: CardView, lang: str) -> Table:
    """Grade and type, each with the one-line reason, and the override if any."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(style="dim")
    grade = card.grade_text or term("no_grade", lang)
    kind = card.card_type
    type_name = (kind.label_ja if lang == "ja" else kind.label) if kind else term("no_type", lang)
    grade_reason, type_reason = card.grade_reason, card.type_reason
    if lang == "ja":
        grade_reason, type_reason = reason_ja(grade_reason), reason_ja(type_reason)
    table.add_row(term("grade", lang), Text(grade, style="bold cyan"), safe_text(grade_reason))
    table.add_row(term("type", lang), Text(type_name, style="bold cyan"), safe_text(type_reason))
    if card.override is not None:
        before_type = card.source_type.label if card.source_type else "—"
        said = f"{term('source_values', lang)}: {format_grade(card.source_grade) or '—'}"
        table.add_row(
            Text(term("override", lang), style="bold yellow"),
            Text("✎", style="bold yellow"),
            safe_text(f"{card.override.reason or '—'} ({said}, {before_type})"),
        )
    return table


def effects_line(card: CardView, lang: str) -> Text:
    text = Text(f"{term('effects', lang)}: ", style="bold")
    if not card.effects:
        return text.append(term("no_effects", lang), style="dim")
    for index, effect in enumerate(card.effects):
        name = EFFECT_NAMES_JA.get(effect, effect) if lang == "ja" else effect
        text.append(("; " if index else "") + name, style="magenta")
        if card.effect_reasons.get(effect):
            text.append(plain(f" ← {card.effect_reasons[effect]}"), style="dim")
    return text


def stats_line(card: CardView, lang: str) -> Text:
    text = Text(f"{term('source_stats', lang)}: ", style="bold")
    shown = [f"{k} {_value(v)}" for k, v in card.stats.items() if v not in ("", None)]
    return text.append(" · ".join(shown) or "—")


def printings_line(printings: Sequence[CardView], lang: str) -> Text:
    text = Text(f"{term('printings', lang)}: ", style="bold")
    parts = []
    for view in printings:
        where = " ".join(p for p in (view.set_code, view.collector_number, view.lang) if p)
        parts.append(where or view.source_id)
    text.append(" · ".join(parts) or "—")
    owned = max((view.owned for view in printings), default=0)
    return text.append(f"   {term('owned_copies', lang)}: {owned}", style="bold green")


class DetailPane(VerticalScroll):
    """Shows one card; `show(card, printings)` replaces it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.card: CardView | None = None
        self.printings: list[CardView] = []
        self.lang = "en"

    def compose(self) -> ComposeResult:
        yield Static(id="detail-heading")
        yield Static(id="detail-rulings")
        yield Static(id="detail-effects")
        yield Static(id="detail-stats")
        with Horizontal(id="detail-texts"):
            yield Static(id="detail-text", classes="text-box")
            yield Static(id="detail-reading", classes="text-box")
        yield Static(id="detail-printings")
        yield Static(id="detail-warnings")
        yield Static(id="detail-rules")

    def on_mount(self) -> None:
        self.refresh_view()

    def show(self, card: CardView | None, printings: Sequence[CardView] = ()) -> None:
        self.card = card
        self.printings = list(printings) or ([card] if card else [])
        self.refresh_view()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.refresh_view()

    def refresh_view(self) -> None:
        card, lang = self.card, self.lang
        texts = self.query_one("#detail-texts")
        texts.display = card is not None
        if card is None:
            self.query_one("#detail-heading", Static).update(Text(term("no_card", lang), "dim"))
            for part in ("rulings", "effects", "stats", "printings", "warnings"):
                self.query_one(f"#detail-{part}", Static).update("")
            return
        self.query_one("#detail-heading", Static).update(heading(card))
        self.query_one("#detail-rulings", Static).update(rulings(card, lang))
        self.query_one("#detail-effects", Static).update(effects_line(card, lang))
        self.query_one("#detail-stats", Static).update(stats_line(card, lang))
        text = self.query_one("#detail-text", Static)
        text.border_title = term("text", lang)
        text.update(safe_text(card.text or "—"))
        reading = self.query_one("#detail-reading", Static)
        reading.border_title = term("reading", lang)
        read = card.reading or card.text or "—"
        reading.update(safe_text(reading_ja(read) if lang == "ja" else read))
        self.query_one("#detail-printings", Static).update(printings_line(self.printings, lang))
        warnings = Text("")
        if card.warnings:
            warnings = safe_text(f"⚠ {term('warnings', lang)}: " + "; ".join(card.warnings),
                                 "yellow")
        self.query_one("#detail-warnings", Static).update(warnings)
        self.query_one("#detail-rules", Static).update(Text(term("rules_hint", lang), "dim"))
