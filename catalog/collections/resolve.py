"""Finding the catalog card of each collection row, by the strongest key the row has: its
source id (Scryfall ID, YGO passcode), then set + collector number (checked against the row's
name), then its name in any accepted form. Unresolved rows keep the closest catalog names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlmodel import Session

from catalog.cards.views import CardView
from catalog.collections.card_index import CardIndex, number_forms, printings_of, row_names
from catalog.collections.limits import REPORTED_LINES
from catalog.collections.names import name_forms, names_agree
from catalog.collections.rows import CollectionRow
from converters.base import Printing

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
    #: the games whose cards have the row's name, when the row's own game has none
    elsewhere: tuple[str, ...] = ()

    @property
    def resolved(self) -> bool:
        return self.card is not None


class Resolver:
    """Resolves the rows of one file within one session, a chunk at a time (each chunk's
    cards fetched in bulk first). The closest names of an unknown row — a fuzzy search over
    every catalog name — are looked up for the first `suggestions` unknown rows only (those a
    report lists; None: every one), so an unknown row costs no more than a known one."""

    def __init__(self, session: Session, *, suggestions: int | None = REPORTED_LINES) -> None:
        self.index = CardIndex(session)
        self.suggestions = suggestions

    def resolve_all(self, rows: Sequence[CollectionRow]) -> list[Resolution]:
        """Ids and set + numbers first (one bulk look-up), then names for the rest (another)."""
        self.index.clear()
        self.index.add(rows, names=False)
        notes: list[list[str]] = [[] for _ in rows]
        found = [self._by_strong_keys(row, n) for row, n in zip(rows, notes, strict=True)]
        rest = [row for row, resolution in zip(rows, found, strict=True) if resolution is None]
        self.index.add_names(rest)
        return [
            resolution or self._by_name_forms(row, n)
            for row, resolution, n in zip(rows, found, notes, strict=True)
        ]

    def resolve(self, row: CollectionRow) -> Resolution:
        return self.resolve_all([row])[0]

    def _by_strong_keys(self, row: CollectionRow, notes: list[str]) -> Resolution | None:
        return self._by_source_id(row, notes) or self._by_set_number(row, notes)

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
        for set_code, collector_number in printings_of(row):
            if not (set_code or names):
                continue
            for number in dict.fromkeys(n.casefold() for n in number_forms(collector_number)):
                cards = self.index.by_number(set_code, number, row.game)
                agreeing = [c for c in cards if not names or names_agree(names, c.name, c.name_ja)]
                where = f"{set_code or ''} {number}".strip()
                if agreeing and _one_identity(agreeing):
                    card = _preferred_printing(row, agreeing)
                    return Resolution(row, BY_SET_NUMBER, card, f"set and number {where}")
                if cards and not agreeing and set_code:
                    notes.append(f"{where} is {cards[0].name!r} in the catalog, not {row.name!r}")
        return None

    def _by_name_forms(self, row: CollectionRow, notes: list[str]) -> Resolution:
        game = row.game or row.game_hint
        elsewhere: list[CardView] = []
        for name in row_names(row):
            for form in name_forms(name):
                cards = self.index.by_name(form, game)
                if not cards:
                    elsewhere = elsewhere or self.index.by_name(form, None)
                    continue
                if not _one_identity(cards):
                    cards = list(_same_number(row, cards))
                if not _one_identity(cards) and _one_identity(owned := _owned(cards)):
                    card = _preferred_printing(row, owned)
                    notes.append(f"name {form!r} matches {_identities(cards)} different cards: "
                                 "the one you own")  # fmt: skip
                    return Resolution(row, BY_NAME, card, f"name {form!r}", notes=tuple(notes))
                if not _one_identity(cards):
                    return _ambiguous(row, form, cards, notes)
                card = _preferred_printing(row, cards)
                return Resolution(row, BY_NAME, card, f"name {form!r}", notes=tuple(notes))
        if elsewhere:
            found_in = tuple(sorted({c.game for c in elsewhere}))
            reason = (f"{row.name!r} is a card of {', '.join(found_in)}, not of {game} (the "
                      f"game of this {'row' if row.game else 'file'}; --game names "
                      "another)")  # fmt: skip
            return Resolution(row, UNKNOWN, None, reason, notes=tuple(notes), elsewhere=found_in)
        reason = ("no catalog card has this name, id or number" if row_names(row) else
                  "the row names no card (no name) and no catalog card has its id or number")
        return Resolution(row, UNKNOWN, None, reason, self._closest(row, game), tuple(notes))

    def _closest(self, row: CollectionRow, game: str | None) -> tuple[str, ...]:
        if not row.name or (self.suggestions is not None and self.suggestions <= 0):
            return ()
        if self.suggestions is not None:
            self.suggestions -= 1
        return tuple(self.index.closest_names(row.name, game))


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
    return _identities(cards) == 1


def _identities(cards: Sequence[CardView]) -> int:
    return len({(c.game, c.identity) for c in cards})


def _owned(cards: Sequence[CardView]) -> list[CardView]:
    """The printings of the cards the collection holds copies of (`owned` counts over every
    printing of an identity): of same-named cards, the printing you own wins."""
    return [c for c in cards if c.owned > 0]


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
    for card in sorted(cards, key=lambda c: c.owned <= 0):  # the owned ones listed first
        detail = Printing(card.set_code, card.collector_number, card.lang).describe()
        shown = f"{card.game}:{card.source_id} ({', '.join(filter(None, (card.name, detail)))})"
        refs.setdefault((card.game, card.identity), shown)
    reason = f"name {form!r} matches {len(refs)} different cards"
    return Resolution(row, AMBIGUOUS, None, reason, tuple(list(refs.values())[:5]), tuple(notes))
