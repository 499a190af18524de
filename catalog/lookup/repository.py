"""Card look-ups and overrides: plain functions with a keyword-only `session`; the caller owns
the transaction (`with session_scope(engine) as session: ...`). Decks and owned copies have
their own modules (catalog/saved/decks.py, catalog/collections/owned.py), re-exported here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

import sqlmodel
from rapidfuzz import fuzz, process
from sqlalchemy import case, delete, func, select
from sqlmodel import Session

from catalog.base.errors import AmbiguousCardError, Candidate, CardNotFoundError, CatalogError
from catalog.base.keys import name_key
from catalog.cards.identity import apply_override, cards_by_source_id
from catalog.cards.views import VIEW_COLUMNS, CardView, card_views, chunks
from catalog.saved.decks import DeckRecord, delete_deck, get_deck, list_decks, save_deck
from catalog.schema.models import CARD, CARD_NAME, CARD_OVERRIDE, CardOverride
from converters.base import CardType
from converters.game_names import game_id
from converters.registry import converter_ids

__all__ = [
    "DeckRecord",
    "candidate",
    "clear_override",
    "closest_names",
    "delete_deck",
    "find_by_names",
    "find_cards",
    "get_card",
    "get_deck",
    "list_decks",
    "name_keys",
    "names_of",
    "nearest",
    "parse_card_type",
    "parse_grade",
    "printings",
    "save_deck",
    "set_override",
]

#: printings in the order a name look-up prefers them: English (or language-less) first
_PREFERRED = (
    CARD.c.game,
    CARD.c.name_key,
    CARD.c.identity,
    case((CARD.c.lang.in_(("en", "EN")), 0), (CARD.c.lang.is_(None), 0), else_=1),
    CARD.c.id,
)


def find_cards(
    *,
    session: Session,
    game: str | None = None,
    name: str | None = None,
    source_id: str | None = None,
    set_code: str | None = None,
    collector_number: str | None = None,
    limit: int | None = 50,
) -> list[CardView]:
    """Cards matching every given field. `name` matches by key (case-, width- and
    kana-insensitive), the English or Japanese name, or one face of "A // B". `source_id`
    matches the cards of that id, else those that have it as another id (a Yu-Gi-Oh!
    alternate-art passcode, a starter record the card replaced)."""
    query = select(*VIEW_COLUMNS)
    if game is not None:
        query = query.where(CARD.c.game == game)
    if name is not None:
        keyed = select(CARD_NAME.c.card_id).where(CARD_NAME.c.key == name_key(name))
        query = query.where(CARD.c.id.in_(keyed))
    if source_id is not None:
        named = cards_by_source_id(session.connection(), [source_id], game)
        query = query.where(CARD.c.id.in_(sorted({card_id for card_id, _ in named})))
    if set_code is not None:
        query = query.where(func.lower(CARD.c.set_code) == set_code.lower())
    if collector_number is not None:
        query = query.where(CARD.c.collector_number == collector_number)
    query = query.order_by(*_PREFERRED).limit(limit)
    return card_views(session, list(session.execute(query)))


def find_by_names(
    *, session: Session, game: str, names: Iterable[str], limit: int = 50
) -> dict[str, list[CardView]]:
    """`find_cards(game=game, name=name, limit=limit)` for each of `names` (a deck's lines),
    in one statement per chunk of names: each name's cards, in the same order."""
    keys: dict[str, list[str]] = {}
    for name in names:
        keys.setdefault(name_key(name), []).append(name)
    found: dict[str, list[CardView]] = {name: [] for named in keys.values() for name in named}
    for chunk in chunks(sorted(keys)):
        query = (
            select(*VIEW_COLUMNS, CARD_NAME.c.key.label("matched_key"))
            .join(CARD_NAME, CARD_NAME.c.card_id == CARD.c.id)
            .where(CARD.c.game == game, CARD_NAME.c.key.in_(chunk))
            .order_by(*_PREFERRED)
        )
        rows = list(session.execute(query))
        views = card_views(session, rows)
        per_key: dict[str, list[CardView]] = {}
        for row, view in zip(rows, views, strict=True):
            cards = per_key.setdefault(row.matched_key, [])
            if len(cards) < limit:
                cards.append(view)
        for key, cards in per_key.items():
            for name in keys[key]:
                found[name] = cards
    return found


def printings(*, session: Session, identity: str) -> list[CardView]:
    """Every printing of one card identity (other sets, languages, reprints), the preferred
    first (English or language-less, then by row); [] when the catalog has none."""
    query = select(*VIEW_COLUMNS).where(CARD.c.identity == identity).order_by(*_PREFERRED)
    return card_views(session, list(session.execute(query)))


def get_card(*, session: Session, card_ref: str) -> CardView:
    """The card a reference names: `game:source_id`, `game:name` or a name (a bare source id
    as a last resort). Several printings of one card give the preferred printing.

    Raises CardNotFoundError (with the closest names) or AmbiguousCardError (with the
    references of the candidates)."""
    ref = card_ref.strip()
    game, rest = _split_ref(session, ref)
    if game is not None:
        by_id = find_cards(session=session, game=game, source_id=rest, limit=1)
        if by_id:
            return by_id[0]
    matches = find_cards(session=session, game=game, name=rest, limit=500)
    if not matches and game is None:
        matches = find_cards(session=session, source_id=rest, limit=500)
    if not matches:
        closest = closest_names(session=session, name=rest, game=game)
        where = f" in {game}" if game else ""
        raise CardNotFoundError(f"no card {rest!r}{where} in the catalog", closest=closest)
    return one_card(ref, matches)


def one_card(ref: str, matches: Sequence[CardView]) -> CardView:
    """The first of `matches` when they are all one card (printings of one identity); else
    AmbiguousCardError listing one candidate per card, in the order they came."""
    firsts = list({view.identity: view for view in reversed(matches)}.values())[::-1]
    if len(firsts) > 1:
        raise AmbiguousCardError.of(ref, [candidate(view) for view in firsts])
    return matches[0]


def candidate(view: CardView) -> Candidate:
    """One of the different cards an ambiguous name denotes, as data."""
    return Candidate(
        ref=view.ref, game=view.game, source_id=view.source_id, name=view.name,
        name_ja=view.name_ja, set_code=view.set_code, collector_number=view.collector_number,
        lang=view.lang, identity=view.identity,
    )  # fmt: skip


def _split_ref(session: Session, ref: str) -> tuple[str | None, str]:
    """("mtg", "Lightning Bolt") for "mtg:Lightning Bolt"; (None, ref) when the prefix is not
    a game (names such as "Circle of Protection: Red" keep their colon)."""
    prefix, sep, rest = ref.partition(":")
    if not sep or not rest.strip():
        return None, ref
    game = prefix.strip().casefold()
    if game in _catalog_games(session):
        return game, rest.strip()
    installed = game_id(game, converter_ids())  # an installed game, by any of its names
    if installed is not None:
        return installed, rest.strip()
    return None, ref


def _catalog_games(session: Session) -> set[str]:
    return set(session.execute(select(CARD.c.game).distinct()).scalars())


def closest_names(
    *, session: Session, name: str, game: str | None = None, limit: int = 5
) -> list[str]:
    """The catalog names nearest to `name` (fuzzy, compared by normalised key: `nearest`)."""
    keys = name_keys(session=session, game=game)
    return names_of(session=session, keys=nearest(name_key(name), keys), game=game)[:limit]


def name_keys(*, session: Session, game: str | None = None) -> list[str]:
    """Every name key of the catalog's cards (of `game`, or of all), sorted: names, faces and
    Japanese names, read from the key index alone (not the cards' rows) and joined into one
    text by the database (a row each costs ten times as much at 100,000 names)."""
    keys = select(CARD_NAME.c.key).distinct()
    if game is not None:
        keys = keys.where(CARD_NAME.c.card_id.in_(select(CARD.c.id).where(CARD.c.game == game)))
    joined = keys.subquery()
    text = session.execute(select(func.aggregate_strings(joined.c.key, "\n"))).scalar()
    return sorted(text.split("\n")) if text else []


def names_of(*, session: Session, keys: Sequence[str], game: str | None = None) -> list[str]:
    """The card names the name `keys` stand for, in the keys' order without repeats: the
    Japanese name for its key, else the card's (English) name — the whole name for a face."""
    query = (
        select(CARD_NAME.c.key, CARD.c.name, CARD.c.name_ja)
        .join(CARD, CARD.c.id == CARD_NAME.c.card_id)
        .where(CARD_NAME.c.key.in_(keys))
        .order_by(CARD.c.id)
    )
    if game is not None:
        query = query.where(CARD.c.game == game)
    found: dict[str, str] = {}
    for key, name, name_ja in session.execute(query):
        japanese = name_ja is not None and name_key(name_ja) == key
        found.setdefault(key, name_ja if japanese else name)
    return list(dict.fromkeys(found[key] for key in keys if key in found))


#: candidates by plain ratio before the (slower) WRatio ranking
_PREFILTER = 300


def nearest(query: str, keys: Sequence[str], *, limit: int = 10) -> list[str]:
    """The `keys` nearest to the key `query`, best first (rapidfuzz's WRatio, cut-off 60;
    ties in the keys' order). WRatio over every key costs about a second at
    100,000 names: it runs over the few hundred nearest by plain ratio and those holding the
    query whole (`bolt` → `lightning bolt`), which gives the same suggestions."""
    near = {index for _key, _score, index in process.extract(
        query, keys, scorer=fuzz.ratio, limit=_PREFILTER)}  # fmt: skip
    if query:
        near.update(i for i, key in enumerate(keys) if query in key)
    subset = sorted(near)[: _PREFILTER * 10]
    found = process.extract(query, [keys[i] for i in subset], scorer=fuzz.WRatio,
                            limit=limit, score_cutoff=60)  # fmt: skip
    return [key for key, _score, _index in found]


def parse_grade(value: str | int | None) -> int | None:
    """A grade as a user writes it ("04", "4" or 4) → 4; None stays None. CatalogError for
    anything but 00–99."""
    if value is None:
        return None
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or len(text.lstrip("0")) > 2:
        raise CatalogError(f"{value!r} is not a grade 00–99")
    return int(text)


def parse_card_type(value: str | None) -> CardType | None:
    """A TWGP type as a user writes it (`unit`, `Charge Trap`, `ライフ・トラップ`…); None stays
    None. CatalogError naming the types for anything else."""
    if value is None:
        return None
    try:
        return CardType.parse(value)
    except ValueError as exc:
        raise CatalogError(str(exc)) from None


def set_override(
    *,
    session: Session,
    card_ref: str,
    grade: int | None = None,
    card_type: CardType | None = None,
    reason: str = "",
) -> CardView:
    """Override the grade and/or type of a card (every printing of its identity). A value not
    given keeps the override's earlier one; an empty reason keeps the earlier reason."""
    if grade is None and card_type is None:
        raise CatalogError("an override needs a grade or a type", hint="--grade NN or --type TYPE")
    if grade is not None and not 0 <= grade <= 99:
        raise CatalogError(f"grade {grade} is outside 00–99")
    card = get_card(session=session, card_ref=card_ref)
    override = session.exec(
        sqlmodel.select(CardOverride).where(sqlmodel.col(CardOverride.identity) == card.identity)
    ).one_or_none()
    if override is None:
        override = CardOverride(identity=card.identity, game=card.game, created_at=_now())
    if grade is not None:
        override.grade = grade
    if card_type is not None:
        override.card_type = card_type.value
    override.reason = reason.strip() or override.reason
    override.created_at = _now()
    session.add(override)
    _apply(session, card.identity)
    return _reload(session, card.id)


def clear_override(*, session: Session, card_ref: str) -> CardView:
    """Remove a card's override (if any): its converter's grade and type apply again."""
    card = get_card(session=session, card_ref=card_ref)
    session.execute(delete(CARD_OVERRIDE).where(CARD_OVERRIDE.c.identity == card.identity))
    _apply(session, card.identity)
    return _reload(session, card.id)


def _apply(session: Session, identity: str) -> None:
    """Write the effective grade and type into every printing of `identity`."""
    session.flush()
    apply_override(session.connection(), identity)


def _reload(session: Session, card_id: int) -> CardView:
    rows = list(session.execute(select(*VIEW_COLUMNS).where(CARD.c.id == card_id)))
    return card_views(session, rows)[0]


def _now() -> datetime:
    return datetime.now(UTC)
