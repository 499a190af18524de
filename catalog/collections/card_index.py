"""The catalog cards a collection file can name, fetched in a few bulk queries (ids, set +
number pairs, name keys) instead of several queries per row: a 10,000-row file resolves in
seconds. Matching rules are the repository's (name keys of catalog/base/keys.py)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from sqlalchemy import select
from sqlmodel import Session

from catalog.base.keys import name_key
from catalog.cards.identity import cards_by_source_id
from catalog.cards.views import VIEW_COLUMNS, CardView, card_views, chunks
from catalog.collections.names import name_forms
from catalog.collections.rows import CollectionRow
from catalog.lookup.repository import name_keys, names_of, nearest
from catalog.schema.models import CARD, CARD_NAME


def number_forms(number: str) -> list[str]:
    """`033` also as `33` (apps drop zeros); Pokémon `4/102` also as `4`; each also in lower
    and upper case (`741Z` = `741z`): collector numbers are strings compared case-insensitively."""
    forms = [number]
    if "/" in number:
        forms.append(number.split("/", 1)[0])
    forms += [f.lstrip("0") for f in forms if f.lstrip("0") and f.lstrip("0") != f]
    forms += [case(f) for f in forms for case in (str.lower, str.upper)]
    return list(dict.fromkeys(forms))


def printings_of(row: CollectionRow) -> list[tuple[str | None, str]]:
    """The (set, number) pairs that name the row's printing: its own, then other sources'."""
    own = [(row.set_code, row.collector_number)] if row.collector_number else []
    return [*own, *row.alt_printings]


def row_names(row: CollectionRow) -> list[str]:
    return [n for n in (row.name, *row.alt_names, row.name_ja) if n]


Key = tuple[str, ...]  # ("source", id) · ("set", set, number) · ("number", number) · ("name", key)


class CardIndex:
    """Cards by source id, by (set, number), by number alone and by name key, for the rows
    given to `add` (once per chunk of a file: `clear` forgets the chunk's cards, the catalog's
    names for `closest_names` stay loaded)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._found: dict[Key, list[CardView]] = defaultdict(list)
        self._keys: dict[str | None, list[str]] = {}

    def clear(self) -> None:
        self._found.clear()

    def add(self, rows: Sequence[CollectionRow], *, names: bool = True) -> None:
        """Fetch every card the rows may name: ids and set + numbers, and (with `names`, or
        by `add_names` later) all their name forms."""
        keys: dict[int, list[Key]] = defaultdict(list)
        self._ids_by_source(rows, keys)
        self._ids_by_number(rows, keys)
        if names:
            self._ids_by_name(rows, keys)
        self._store(keys)

    def add_names(self, rows: Sequence[CollectionRow]) -> None:
        """Fetch the cards of the rows' name forms (the rows no id or number resolved)."""
        keys: dict[int, list[Key]] = defaultdict(list)
        self._ids_by_name(rows, keys)
        self._store(keys)

    def _store(self, keys: dict[int, list[Key]]) -> None:
        for view in self._views(keys):
            for key in keys[view.id]:
                self._found[key].append(view)
        for cards in self._found.values():
            cards.sort(key=_preference)

    def by_source_id(self, source_id: str, game: str | None) -> list[CardView]:
        return _in_game(self._found.get(("source", source_id), []), game)

    def by_number(self, set_code: str | None, number: str, game: str | None) -> list[CardView]:
        if set_code:
            key: Key = ("set", set_code.casefold(), number.casefold())
        else:
            key = ("number", number.casefold())
        return _in_game(self._found.get(key, []), game)

    def by_name(self, name: str, game: str | None) -> list[CardView]:
        return _in_game(self._found.get(("name", name_key(name)), []), game)

    def closest_names(self, name: str, game: str | None, limit: int = 5) -> list[str]:
        """The catalog names nearest to `name` (as repository.closest_names: WRatio over name
        keys, cut-off 60: repository.nearest), with the catalog's names and their keys loaded
        once per game."""
        if game not in self._keys:
            self._keys[game] = name_keys(session=self.session, game=game)
        near = nearest(name_key(name), self._keys[game])
        return names_of(session=self.session, keys=near, game=game)[:limit]

    def _ids_by_source(self, rows: Sequence[CollectionRow], ids: dict[int, list[Key]]) -> None:
        wanted = {row.source_id for row in rows if row.source_id}
        for card_id, source_id in cards_by_source_id(self.session.connection(), wanted):
            ids[card_id].append(("source", source_id))

    def _ids_by_number(self, rows: Sequence[CollectionRow], ids: dict[int, list[Key]]) -> None:
        by_set: dict[str, set[str]] = defaultdict(set)
        for row in rows:
            for set_code, number in printings_of(row):
                by_set[(set_code or "").casefold()].update(number_forms(number))
        for set_code, numbers in sorted(by_set.items()):
            for chunk in chunks(sorted(numbers)):
                query = select(CARD.c.id, CARD.c.collector_number).where(
                    CARD.c.collector_number.in_(chunk)
                )
                if set_code:  # exact spellings, so that the set_code index serves the query
                    spellings = {set_code, set_code.upper()}
                    query = query.where(CARD.c.set_code.in_(sorted(spellings)))
                for card_id, number in self.session.execute(query):
                    folded = number.casefold()
                    key: Key = ("set", set_code, folded) if set_code else ("number", folded)
                    ids[card_id].append(key)

    def _ids_by_name(self, rows: Sequence[CollectionRow], ids: dict[int, list[Key]]) -> None:
        keys = sorted({name_key(f) for row in rows for n in row_names(row) for f in name_forms(n)})
        for chunk in chunks([k for k in keys if k]):
            query = select(CARD_NAME.c.card_id, CARD_NAME.c.key).where(CARD_NAME.c.key.in_(chunk))
            for card_id, key in self.session.execute(query):
                ids[card_id].append(("name", key))

    def _views(self, ids: dict[int, list[Key]]) -> Iterable[CardView]:
        for chunk in chunks(sorted(ids)):
            rows = list(self.session.execute(select(*VIEW_COLUMNS).where(CARD.c.id.in_(chunk))))
            yield from card_views(self.session, rows)


def _preference(card: CardView) -> tuple[str, str, bool, int]:
    """The repository's order of printings: by game and identity, English first, then id."""
    return (card.game, card.identity, card.lang not in (None, "en", "EN"), card.id)


def _in_game(cards: list[CardView], game: str | None) -> list[CardView]:
    return cards if game is None else [c for c in cards if c.game == game]
