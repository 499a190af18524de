"""Bring a catalog written before card identities held across sources (schema 0006) up to
them, once, inside the migration's transaction:

* the bundled starter rows are marked (a row is one when its stored record is the starter
  file's record, so a starter row that a real import already replaced is not);
* every row's identity, aliases and links are read again from its stored record by its
  game's converter (MTG identities become the card name; Yu-Gi-Oh! alternate passcodes and
  Pokémon links appear); overrides follow their cards to the new identity;
* then translations are joined and starter rows that real rows replace are retired, as the
  importer does after each batch (catalog/cards/identity.py).

Rows without a stored record, or of a game whose converter is not installed, keep theirs."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import Connection, bindparam, insert, select, update

from catalog.cards.card_rows import card_row
from catalog.cards.identity import ID, LINK, link_translations, merge_identities, retire_starters
from catalog.cards.owned_totals import refresh_owned
from catalog.cards.views import chunks
from catalog.ingest.conversion import convert_files
from catalog.ingest.starter import starter_files
from catalog.schema.models import CARD, CARD_ALIAS, CARD_OVERRIDE
from converters.base import Converter
from converters.errors import TwgpError
from converters.registry import converter_ids, load_converter

PAGE = 2000
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # card_row needs a time; only `raw` is read


def upgrade_identities(connection: Connection) -> None:
    starters = _mark_starters(connection)
    converters = {game: load_converter(game) for game in converter_ids()}
    moved: dict[str, set[str]] = defaultdict(set)  # old identity → new identities
    linked: list[int] = []
    last = 0
    while True:
        page = list(
            connection.execute(
                select(CARD.c.id, CARD.c.game, CARD.c.identity, CARD.c.raw)
                .where(CARD.c.id > last, CARD.c.raw.is_not(None))
                .order_by(CARD.c.id)
                .limit(PAGE)
            )
        )
        if not page:
            break
        last = page[-1].id
        changes, aliases = [], []
        for card_id, game, identity, raw in page:
            converter = converters.get(game)
            found = _read_again(converter, game, raw) if converter else None
            if found is None:
                continue
            new_identity, ids, links = found
            if new_identity != identity:
                changes.append({"card_row_id": card_id, "new_identity": new_identity})
                moved[identity].add(new_identity)
            aliases += [{"kind": ID, "game": game, "value": v, "card_id": card_id} for v in ids]
            aliases += [{"kind": LINK, "game": game, "value": v, "card_id": card_id} for v in links]
            if links:
                linked.append(card_id)
        if changes:
            statement = (
                update(CARD)
                .where(CARD.c.id == bindparam("card_row_id"))
                .values(identity=bindparam("new_identity"))
            )
            connection.execute(statement, changes)
        if aliases:
            connection.execute(insert(CARD_ALIAS), aliases)
    refresh_owned(connection, {i for old, new in moved.items() for i in (old, *new)})
    _follow_overrides(connection, moved)
    link_translations(connection, linked)
    retire_starters(connection, starters)


def _read_again(
    converter: Converter, game: str, raw: str
) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    try:
        record: Any = orjson.loads(raw)
        identity = f"{game}:{converter.identity_key(record)}"
        return identity, tuple(dict.fromkeys(converter.aliases(record))), tuple(
            dict.fromkeys(converter.links(record))
        )
    except (TwgpError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _mark_starters(connection: Connection) -> list[int]:
    """Mark the rows holding a starter file's record as it was loaded; their ids."""
    marked: list[int] = []
    for game, path in starter_files():
        if game not in converter_ids():
            continue
        by_source: dict[str, str] = {}
        for outcome in convert_files(load_converter(game), [path]):
            if outcome.card is not None:
                row = card_row(outcome.card, outcome.record, now=_EPOCH)
                by_source[row.values["source_id"]] = row.values["raw"]
        for chunk in chunks(sorted(by_source)):
            query = select(CARD.c.id, CARD.c.source_id, CARD.c.raw).where(
                CARD.c.game == game, CARD.c.source_id.in_(chunk)
            )
            marked += [
                card_id
                for card_id, source_id, raw in connection.execute(query)
                if raw == by_source[source_id]
            ]
    for id_chunk in chunks(marked):
        connection.execute(update(CARD).where(CARD.c.id.in_(id_chunk)).values(starter=True))
    return marked


def _follow_overrides(connection: Connection, moved: dict[str, set[str]]) -> None:
    """An override on an identity whose cards now have another follows them (an override the
    new identity already has wins)."""
    for chunk in chunks(sorted(moved)):
        query = select(CARD_OVERRIDE.c.identity).where(CARD_OVERRIDE.c.identity.in_(chunk))
        for old in list(connection.execute(query).scalars()):
            for new in sorted(moved[old]):
                merge_identities(connection, new, [old])




def refresh_links(connection: Connection, game: str) -> None:
    """Store the links `game`'s converter now reads from each stored record and a row lacks
    (Yu-Gi-Oh! names, schema 0008), then join the cards sharing one and retire the starter
    rows that real ones now replace, as the importer does after each batch."""
    converter = load_converter(game) if game in converter_ids() else None
    if converter is None:
        return
    linked: list[int] = []
    last = 0
    while True:
        page = list(
            connection.execute(
                select(CARD.c.id, CARD.c.raw)
                .where(CARD.c.id > last, CARD.c.game == game, CARD.c.raw.is_not(None))
                .order_by(CARD.c.id)
                .limit(PAGE)
            )
        )
        if not page:
            break
        last = page[-1].id
        have: set[tuple[int, str]] = set()
        for id_chunk in chunks([row.id for row in page]):
            query = select(CARD_ALIAS.c.card_id, CARD_ALIAS.c.value).where(
                CARD_ALIAS.c.kind == LINK, CARD_ALIAS.c.card_id.in_(id_chunk)
            )
            have.update((card_id, value) for card_id, value in connection.execute(query))
        new = []
        for card_id, raw in page:
            found = _read_again(converter, game, raw)
            links = found[2] if found else ()
            new += [
                {"kind": LINK, "game": game, "value": value, "card_id": card_id}
                for value in links
                if (card_id, value) not in have
            ]
            if links:
                linked.append(card_id)
        if new:
            connection.execute(insert(CARD_ALIAS), new)
    link_translations(connection, linked)
    retire_starters(connection, linked)
