"""Finding the catalog card of each collection row, by the strongest key the row has: its
source id (Scryfall ID, YGO passcode), then set + collector number (checked against the row's
name), then its name in any accepted form. Unresolved rows keep the closest catalog names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlmodel import Session

from catalog.collections.card_index import CardIndex, number_forms, row_names
from catalog.collections.names import name_forms, names_agree
from catalog.collections.rows import CollectionRow
from catalog.views import CardView

EXACT, BY_SET_NUMBER, BY_NAME = "exact", "by_set_number", "by_name"
AMBIGUOUS, UNKNOWN = "ambiguous", "unknown"
RESOLVED = (EXACT, BY_SET_NUMBER, BY_NAME)


@dataclass(frozen=True)
class Resolution:
    """A row and the card it resolved to (`status` in RESOLVED), or why not (`ambiguous`:
    `candidates` are references to several cards; `unknown`: the closest names)."""

    row: CollectionRow
    status: str
    card: CardView | None = None
    reason: str = ""
    candidates: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def resolved(self) -> bool:
        return self.card is not None


class Resolver:
    """Resolves the rows of one file within one session (cards fetched in bulk first)."""

    def __init__(self, session: Session) -> None:
        self.index = CardIndex(session)

    def resolve_all(self, rows: Sequence[CollectionRow]) -> list[Resolution]:
        self.index.add(rows)
        return [self._resolve(row) for row in rows]

    def resolve(self, row: CollectionRow) -> Resolution:
        return self.resolve_all([row])[0]

    def _resolve(self, row: CollectionRow) -> Resolution:
        notes: list[str] = []
        by_id = self._by_source_id(row, notes)
        if by_id is not None:
            return by_id
        by_number = self._by_set_number(row, notes)
        if by_number is not None:
            return by_number
        return self._by_name_forms(row, notes)

    def _by_source_id(self, row: CollectionRow, notes: list[str]) -> Resolution | None:
        if not row.source_id:
            return None
        cards = self.index.by_source_id(row.source_id, row.game)
        if cards and _one_identity(cards):
            return Resolution(row, EXACT, cards[0], f"id {row.source_id}")
        notes.append(f"id {row.source_id} is not in the catalog")
        return None

    def _by_set_number(self, row: CollectionRow, notes: list[str]) -> Resolution | None:
        """Set + number, kept only when the card's name agrees with the row's (apps renumber
        and rename sets: a wrong card is worse than a name match). Without a set code (YGO
        print codes such as `LOB-EN001` carry it) the name must agree."""
        names = row_names(row)
        if not row.collector_number or not (row.set_code or names):
            return None
        numbers = dict.fromkeys(n.casefold() for n in number_forms(row.collector_number))
        for number in numbers:
            cards = self.index.by_number(row.set_code, number, row.game)
            agreeing = [c for c in cards if not names or names_agree(names, c.name, c.name_ja)]
            where = f"{row.set_code or ''} {number}".strip()
            if agreeing and _one_identity(agreeing):
                card = _preferred_printing(row, agreeing)
                return Resolution(row, BY_SET_NUMBER, card, f"set and number {where}")
            if cards and not agreeing and row.set_code:
                notes.append(f"{where} is {cards[0].name!r} in the catalog, not {row.name!r}")
        return None

    def _by_name_forms(self, row: CollectionRow, notes: list[str]) -> Resolution:
        for name in row_names(row):
            for form in name_forms(name):
                cards = self.index.by_name(form, row.game)
                if not cards:
                    continue
                if not _one_identity(cards):
                    cards = list(_same_number(row, cards))
                if not _one_identity(cards):
                    return _ambiguous(row, form, cards, notes)
                card = _preferred_printing(row, cards)
                return Resolution(row, BY_NAME, card, f"name {form!r}", notes=tuple(notes))
        closest = self.index.closest_names(row.name, row.game) if row.name else []
        reason = "no catalog card has this name, id or number"
        return Resolution(row, UNKNOWN, None, reason, tuple(closest), tuple(notes))


def _same_number(row: CollectionRow, cards: Sequence[CardView]) -> Sequence[CardView]:
    """Among same-named cards of several identities, those printed in the row's set with its
    collector number. Where the catalog lacks that set, the number may only tell games apart
    (TCGplayer's `Recycle`, `FO 61/62`: the Pokémon card, not the MTG one), never two cards
    of one game (`Charmander PAF 7` is not Hidden Fates' Charmander 7)."""
    if not row.collector_number:
        return cards
    numbers = {n.casefold() for n in number_forms(row.collector_number)}
    numbered = [c for c in cards if (c.collector_number or "").casefold() in numbers]
    if not row.set_code:  # a number that says its set (a YGO print code such as LOB-EN001)
        return numbered or cards
    same_set = [c for c in numbered if (c.set_code or "").casefold() == row.set_code.casefold()]
    if same_set:
        return same_set
    games = {c.game for c in numbered}
    if len(games) == 1 and len({c.game for c in cards}) > 1:
        return [c for c in cards if c.game in games]
    return cards


def _one_identity(cards: Sequence[CardView]) -> bool:
    return len({(c.game, c.identity) for c in cards}) == 1


def _preferred_printing(row: CollectionRow, cards: Sequence[CardView]) -> CardView:
    """Among printings of one card: the row's set and number, else its set, else its
    language, else the first (owned copies roll up per card identity anyway)."""

    def score(card: CardView) -> tuple[bool, bool, bool]:
        same_set = bool(
            row.set_code and card.set_code and row.set_code.casefold() == card.set_code.casefold()
        )
        same_number = bool(
            row.collector_number
            and card.collector_number
            and row.collector_number.casefold() == card.collector_number.casefold()
        )
        same_lang = bool(row.lang and card.lang == row.lang)
        return (same_set and same_number, same_set, same_lang)

    return max(cards, key=score)


def _ambiguous(
    row: CollectionRow, form: str, cards: Sequence[CardView], notes: list[str]
) -> Resolution:
    refs: dict[tuple[str, str], str] = {}
    for card in cards:
        refs.setdefault((card.game, card.identity), f"{card.game}:{card.source_id} ({card.name})")
    reason = f"name {form!r} matches {len(refs)} different cards"
    return Resolution(row, AMBIGUOUS, None, reason, tuple(list(refs.values())[:5]), tuple(notes))
