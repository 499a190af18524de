"""What the catalog hands out: `CardView` (a card with its effective grade and type, the
override if any and the copies owned) and `OverrideView`. Frozen, detached from any session."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

import orjson
from sqlalchemy import Row, bindparam, func
from sqlalchemy import select as core_select
from sqlmodel import Session

from catalog.schema.models import CARD, CARD_OVERRIDE, OWNED_TOTAL
from converters.base import CardType, format_grade
from converters.card_effects import curse_reason
from converters.effects import explain_effects

T = TypeVar("T")

#: the card columns a view needs (not the raw record)
VIEW_COLUMNS = tuple(
    CARD.c[name]
    for name in (
        "id", "game", "source_id", "name", "name_ja", "identity", "grade", "card_type",
        "source_grade", "source_type", "grade_reason", "type_reason", "effects", "text",
        "reading", "stats", "set_code", "collector_number", "lang", "warnings",
    )
)  # fmt: skip


@dataclass(frozen=True)
class OverrideView:
    """The user's grade and/or type for a card identity, with the reason and when."""

    grade: int | None
    card_type: CardType | None
    reason: str
    created_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "grade": format_grade(self.grade),
            "type": self.card_type.value if self.card_type else None,
            "reason": self.reason,
            "created_at": self.created_at.isoformat(),
        }


@dataclass(frozen=True)
class CardView:
    """A catalog card. `grade` and `card_type` are effective (override applied);
    `source_grade`/`source_type` are the converter's. `owned` counts the copies of every
    printing of the card's identity."""

    id: int
    game: str
    source_id: str
    name: str
    name_ja: str | None
    identity: str
    grade: int | None
    card_type: CardType | None
    grade_reason: str
    type_reason: str
    effects: tuple[str, ...]
    text: str
    reading: str
    stats: Mapping[str, Any] = field(default_factory=dict)
    set_code: str | None = None
    collector_number: str | None = None
    lang: str | None = None
    warnings: tuple[str, ...] = ()
    owned: int = 0
    override: OverrideView | None = None
    source_grade: int | None = None
    source_type: CardType | None = None
    effect_reasons: Mapping[str, str] = field(default_factory=dict)

    @property
    def grade_text(self) -> str | None:
        return format_grade(self.grade)

    @property
    def curse_reason(self) -> str | None:
        """Why this card, as a Weapon (its effective type), lowers the unit it is under."""
        return curse_reason(self.text, self.name) if self.card_type is CardType.WEAPON else None

    @property
    def curse(self) -> bool:
        return self.curse_reason is not None

    @property
    def ref(self) -> str:
        """The reference that picks exactly this card: `game:source_id`."""
        return f"{self.game}:{self.source_id}"

    def to_json(self) -> dict[str, Any]:
        """The fields of `twgp convert --json`, plus `owned` and `override`."""
        return {
            "game": self.game,
            "source_id": self.source_id,
            "name": self.name,
            "name_ja": self.name_ja,
            "identity": self.identity,
            "grade": self.grade_text,
            "type": self.card_type.value if self.card_type else None,
            "grade_reason": self.grade_reason,
            "type_reason": self.type_reason,
            "effects": list(self.effects),
            "effect_reasons": dict(self.effect_reasons),
            "curse": (curse := self.curse_reason) is not None,
            "curse_reason": curse,
            "text": self.text,
            "reading": self.reading,
            "stats": dict(self.stats),
            "set": self.set_code,
            "collector_number": self.collector_number,
            "lang": self.lang,
            "warnings": list(self.warnings),
            "owned": self.owned,
            "override": self.override.to_json() if self.override else None,
        }


def card_views(session: Session, rows: Sequence[Row[Any]]) -> list[CardView]:
    """Views of rows selected with VIEW_COLUMNS, with owned counts and overrides attached
    (two queries for the whole page, whatever its size)."""
    identities = {row.identity for row in rows}
    owned = owned_by_identity(session, identities)
    overrides = overrides_by_identity(session, identities)
    return [_view(row, owned.get(row.identity, 0), overrides.get(row.identity)) for row in rows]


#: copies owned of the card's identity (the kept total, catalog/cards/owned_totals.py)
_OWNED = func.coalesce(OWNED_TOTAL.c.copies, 0).label("owned_copies")
_OVERRIDE_COLUMNS = tuple(
    CARD_OVERRIDE.c[name].label(f"override_{name}")
    for name in ("id", "grade", "card_type", "reason", "created_at")
)


_VIEWS_BY_ID = (
    core_select(*VIEW_COLUMNS, _OWNED, *_OVERRIDE_COLUMNS)
    .select_from(CARD)
    .outerjoin(CARD_OVERRIDE, CARD_OVERRIDE.c.identity == CARD.c.identity)
    .outerjoin(OWNED_TOTAL, OWNED_TOTAL.c.identity == CARD.c.identity)
    .where(CARD.c.id.in_(bindparam("ids", expanding=True)))
)


def views_by_id(session: Session, ids: Sequence[int]) -> list[CardView]:
    """The views of the cards `ids`, in that order, owned copies and overrides read in the
    same statement (one query for a search page instead of three). The statement is built
    once: a search page costs its execution, not its construction."""
    found = {row.id: row for row in session.execute(_VIEWS_BY_ID, {"ids": list(ids)}).all()}
    return [
        _view(row, int(row.owned_copies), _joined_override(row))
        for card_id in ids
        if (row := found.get(card_id)) is not None
    ]


def _joined_override(row: Row[Any]) -> OverrideView | None:
    if row.override_id is None:
        return None
    created = row.override_created_at
    if created.tzinfo is None:  # SQLite returns naive datetimes; we store UTC
        created = created.replace(tzinfo=UTC)
    return OverrideView(
        grade=row.override_grade,
        card_type=_card_type(row.override_card_type),
        reason=row.override_reason,
        created_at=created,
    )


def stored_effects(stored: str, text: str, name: str) -> dict[str, str]:
    """Effect → reason from the `effects` column. A catalog written before the reasons were
    kept holds a bare list: its reasons are read from the text again (re-import to refresh)."""
    value = orjson.loads(stored)
    if isinstance(value, dict):
        return {str(effect): str(reason) for effect, reason in value.items()}
    found = explain_effects(text, name)
    return {str(effect): found.get(effect, "(re-import the card to see why)") for effect in value}


def _view(row: Row[Any], owned: int, override: OverrideView | None) -> CardView:
    (card_id, game, source_id, name, name_ja, identity, grade, card_type, source_grade,
     source_type, grade_reason, type_reason, effects, text, reading, stats, set_code,
     collector_number, lang, warnings) = row[:_VIEW_WIDTH]  # fmt: skip
    reasons = stored_effects(effects, text, name)
    return _new_view(
        id=card_id,
        game=game,
        source_id=source_id,
        name=name,
        name_ja=name_ja,
        identity=identity,
        grade=grade,
        card_type=_card_type(card_type),
        grade_reason=grade_reason,
        type_reason=type_reason,
        effects=tuple(reasons),
        effect_reasons=reasons,
        text=text,
        reading=reading,
        stats=orjson.loads(stats),
        set_code=set_code,
        collector_number=collector_number,
        lang=lang,
        warnings=tuple(orjson.loads(warnings)),
        owned=owned,
        override=override,
        source_grade=source_grade,
        source_type=_card_type(source_type),
    )


_VIEW_WIDTH = len(VIEW_COLUMNS)


def _new_view(**values: Any) -> CardView:
    """CardView(**values), given a value of every field, built as the frozen dataclass's own
    __init__ would leave it but without its per-field object.__setattr__ calls (a tenth of
    the cost: a search page builds 50–100 views per keystroke). A test holds the two equal."""
    view = object.__new__(CardView)
    view.__dict__.update(values)
    return view


_CARD_TYPES = {card_type.value: card_type for card_type in CardType}


def _card_type(value: str | None) -> CardType | None:
    return _CARD_TYPES[value] if value else None


def owned_by_identity(session: Session, identities: Iterable[str]) -> dict[str, int]:
    """Copies owned per card identity (summed over printings, finishes and conditions): the
    kept totals (catalog/cards/owned_totals.py). An identity owning nothing is absent."""
    found: dict[str, int] = {}
    totals = OWNED_TOTAL
    for chunk in chunks(sorted(set(identities))):
        query = core_select(totals.c.identity, totals.c.copies).where(
            totals.c.identity.in_(chunk)
        )
        found.update((identity, int(copies)) for identity, copies in session.execute(query))
    return found


def all_owned(session: Session) -> dict[str, int]:
    """Copies owned of every identity owning any (the kept totals)."""
    query = core_select(OWNED_TOTAL.c.identity, OWNED_TOTAL.c.copies)
    return {identity: int(copies) for identity, copies in session.execute(query)}


def overrides_by_identity(session: Session, identities: Iterable[str]) -> dict[str, OverrideView]:
    """The user's override of each identity that has one. Core rows, not ORM objects: the
    first look-up of a process then configures no mappers (a deck's first validation)."""
    found: dict[str, OverrideView] = {}
    for chunk in chunks(sorted(set(identities))):
        query = core_select(CARD_OVERRIDE.c.identity, *_OVERRIDE_COLUMNS).where(
            CARD_OVERRIDE.c.identity.in_(chunk)
        )
        for row in session.execute(query):
            override = _joined_override(row)
            assert override is not None  # the override's own id is never NULL
            found[row.identity] = override
    return found


def chunks(items: Sequence[T], size: int = 500) -> Iterator[Sequence[T]]:
    """Slices of at most `size` items: keeps IN lists under every backend's parameter limit."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
