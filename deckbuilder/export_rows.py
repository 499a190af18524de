"""One deck line as exported (`ExportRow`): the line as written plus its card's facts, shared
by every export format of deckbuilder/export.py and the tournament sheet (deckbuilder/sheet.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from converters.base import CardType, format_grade
from deckbuilder.resolve import ResolvedDeck, ResolvedEntry

OVERRIDE_MARK = "*"

@dataclass(frozen=True)
class ExportRow:
    """One deck line as exported: the line as written plus the card's facts (None when the
    line resolved to no card)."""

    section: str
    qty: int
    game: str
    name: str
    source_id: str | None
    name_ja: str | None
    grade: str | None
    card_type: CardType | None
    overridden: bool
    resolved: bool
    effect_reasons: Mapping[str, str] = field(default_factory=dict)
    curse: bool = False

    @property
    def effects_shown(self) -> str:
        """Each effect with the phrase that gave it: "plus (gets +1000 power); hazard (…)"."""
        return "; ".join(f"{effect} ({reason})" if reason else effect
                         for effect, reason in self.effect_reasons.items())  # fmt: skip

    @property
    def grade_shown(self) -> str:
        return (self.grade or "—") + (OVERRIDE_MARK if self.overridden else "")

    @property
    def type_shown(self) -> str:
        if self.card_type is None:
            return "—" if self.resolved else "unknown card"
        return self.card_type.label + (OVERRIDE_MARK if self.overridden else "")


def export_row(r: ResolvedEntry) -> ExportRow:
    card = r.card
    return ExportRow(
        section=r.section, qty=r.qty, game=r.entry.game, name=r.entry.name,
        source_id=r.entry.source_id, name_ja=card.name_ja if card else None,
        grade=format_grade(card.grade) if card else None, card_type=r.card_type,
        overridden=bool(card and card.overridden), resolved=card is not None,
        effect_reasons=dict(card.effect_reasons) if card else {}, curse=bool(card and card.curse),
    )


def export_rows(resolved: ResolvedDeck) -> list[ExportRow]:
    return [export_row(r) for r in resolved.all()]
