"""The look-ups card API users expect (Scryfall's "named", autocomplete, collection, random and
sets): plain functions over the catalog with a keyword-only `session`, answering with the same
CardViews and errors as `twgp show` and `twgp search`."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import ColumnElement, func, select
from sqlmodel import Session

from catalog.base.errors import CardNotFoundError
from catalog.base.keys import name_key
from catalog.cards.views import CardView
from catalog.lookup.repository import (
    _catalog_games,
    _split_ref,
    closest_names,
    find_cards,
    one_card,
)
from catalog.lookup.search import count_cards, search_cards
from catalog.schema.models import CARD, CARD_NAME
from converters.registry import installed_id

#: the most names autocomplete answers, and the most identifiers a collection look-up reads
AUTOCOMPLETE_MAX = 20
COLLECTION_MAX = 75


def known_game(session: Session, game: str) -> str:
    """The game id `game` names (an installed game by any of its names, or a game of the
    catalog); UnknownGameError otherwise."""
    wanted = game.strip().casefold()
    if wanted in _catalog_games(session):
        return wanted
    return installed_id(wanted)  # raises UnknownGameError with the closest installed game


def named_card(
    *, session: Session, name: str, game: str | None = None, fuzzy: bool = False
) -> CardView:
    """The card called `name` (by key: case-, width- and kana-insensitive; English or Japanese
    name, or one face). With `fuzzy`, a name that matches nothing is replaced by the closest
    catalog name (`twgp show`'s suggestions). Raises CardNotFoundError with the closest names,
    AmbiguousCardError when the name is that of several cards, UnknownGameError."""
    game = known_game(session, game) if game else None
    matches = find_cards(session=session, game=game, name=name, limit=500)
    closest: list[str] = []
    if not matches:
        closest = closest_names(session=session, name=name, game=game)
        if fuzzy and closest:
            matches = find_cards(session=session, game=game, name=closest[0], limit=500)
    if not matches:
        where = f" in {game}" if game else ""
        raise CardNotFoundError(f"no card {name!r}{where} in the catalog", closest=closest)
    return one_card(name, matches)


def fuzzy_card(*, session: Session, card_ref: str) -> CardView:
    """`named_card(fuzzy=True)` of a reference as `twgp show` takes it: a name, or `game:`
    and a name."""
    game, name = _split_ref(session, card_ref.strip())
    return named_card(session=session, name=name, game=game, fuzzy=True)


def autocomplete(
    *, session: Session, prefix: str, game: str | None = None, limit: int = AUTOCOMPLETE_MAX
) -> list[str]:
    """Up to `limit` card names starting with `prefix` (compared by key, so case, width and
    kana do not matter; a Japanese prefix gives Japanese names), in the order of their keys."""
    key = name_key(prefix)
    if not key:
        return []
    if game:
        game = known_game(session, game)
    escaped = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    column: ColumnElement[str] = CARD_NAME.c.key
    if session.get_bind().dialect.name != "sqlite":
        column = CARD_NAME.c.key.collate("C")  # byte order: the range below is the prefix's
    query = (
        select(CARD_NAME.c.key, CARD.c.name, CARD.c.name_ja)
        .distinct()  # reprints share their names
        .join(CARD, CARD.c.id == CARD_NAME.c.card_id)
        # the range reads the key index (a LIKE alone reads every key); LIKE keeps it exact
        .where(column >= key, column < key + "\U0010ffff")
        .where(CARD_NAME.c.key.like(escaped + "%", escape="\\"))
        .order_by(CARD_NAME.c.key)  # the index's order: the first rows end the scan
        .limit(limit * 4)
    )
    if game:
        query = query.where(CARD.c.game == game)
    names: dict[str, None] = {}
    for matched, name, name_ja in session.execute(query):
        japanese = name_ja is not None and name_key(name_ja) == matched
        names.setdefault(name_ja if japanese else name, None)
        if len(names) == limit:
            break
    return list(names)


@dataclass(frozen=True)
class Identifier:
    """One card a collection look-up asks for: by `id` (a source id), by `name`, or by `set`
    and `collector_number`; `game` narrows any of them."""

    id: str | None = None
    name: str | None = None
    set: str | None = None
    collector_number: str | None = None
    game: str | None = None


def collection(
    *, session: Session, identifiers: Sequence[Identifier]
) -> tuple[list[CardView], list[Identifier]]:
    """The card of each identifier (the preferred printing when several match) and the
    identifiers that name none, each in the order asked. UnknownGameError for an identifier
    of a game that is neither installed nor in the catalog."""
    found: list[CardView] = []
    not_found: list[Identifier] = []
    for wanted in identifiers:
        game = known_game(session, wanted.game) if wanted.game else None
        if wanted.id is not None:
            views = find_cards(session=session, game=game, source_id=wanted.id, limit=1)
        elif wanted.name is not None:
            views = find_cards(session=session, game=game, name=wanted.name, limit=1)
        else:
            views = find_cards(session=session, game=game, set_code=wanted.set,
                               collector_number=wanted.collector_number, limit=1)  # fmt: skip
        if views:
            found.append(views[0])
        else:
            not_found.append(wanted)
    return found, not_found


def random_card(*, session: Session, query: str = "") -> CardView:
    """One card matching `query` (the query language of `twgp search`), each equally likely.
    CardNotFoundError when none matches."""
    total = count_cards(session=session, query=query)
    if total == 0:
        raise CardNotFoundError(f"no card matches {query!r}")
    views = search_cards(session=session, query=query, limit=1, offset=secrets.randbelow(total))
    if not views:  # the catalog changed between the count and the page
        raise CardNotFoundError(f"no card matches {query!r}")
    return views[0]


@dataclass(frozen=True)
class SetView:
    game: str
    code: str
    card_count: int

    def to_json(self) -> dict[str, object]:
        return {"game": self.game, "code": self.code, "card_count": self.card_count}


def card_sets(*, session: Session, game: str | None = None) -> list[SetView]:
    """The sets of the catalog's cards (those with a set code), by game and code, with how
    many cards (printings) each holds."""
    query = (
        select(CARD.c.game, CARD.c.set_code, func.count())
        .where(CARD.c.set_code.is_not(None))
        .group_by(CARD.c.game, CARD.c.set_code)
        .order_by(CARD.c.game, CARD.c.set_code)
    )
    if game:
        query = query.where(CARD.c.game == known_game(session, game))
    return [SetView(g, code, int(n)) for g, code, n in session.execute(query)]
