"""A card's effects, their reasons and its TWGP reading follow its EFFECTIVE type (docs/effects.md,
"Overrides"): a type override, its removal, and an upgrade to a newer effects reader write them
again from the stored text and record, with the same converter code an import runs.

* `effective_row` fills an import's row for the override type of its identity;
* `refresh_effects` rewrites stored cards (the printings of some identities, or every card on a
  schema upgrade), touching only the rows whose effects or reading changed."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

import orjson
from sqlalchemy import Connection, bindparam, delete, select, update

from catalog.cards.card_rows import CardRow, dumps
from catalog.cards.views import chunks
from catalog.schema.dialects import bulk_insert
from catalog.schema.models import CARD, CARD_EFFECT
from converters.base import Converter
from converters.card_effects import SPECIES_REASON, card_effects
from converters.errors import TwgpError
from converters.reading import twgp_reading
from converters.registry import load_converter

PAGE = 2000


def read_for_type(
    converter: Converter | None, raw: str | None, card_type: str | None, text: str, name: str
) -> tuple[dict[str, str], str]:
    """(effect → reason, reading) of a stored card read as `card_type`. The stored record gives
    the species (a poison Unit) and game keywords; without it the text alone is read."""
    reading = twgp_reading(text, card_type)
    record = _record(raw) if converter is not None and card_type is not None else None
    if converter is None or record is None:
        return card_effects(card_type, text, name=name), reading
    return converter.effects_for(record, card_type, text=text, name=name), reading


def effective_row(row: CardRow, card_type: str | None) -> None:
    """Give an import's row the effects and reading of `card_type` (its identity's override)."""
    values = row.values
    if card_type == values["source_type"]:
        return
    reasons, reading = read_for_type(
        _converter(values["game"]), values["raw"], card_type, values["text"], values["name"]
    )
    values["effects"], values["reading"] = dumps(reasons), reading
    row.effects = tuple(reasons)


def refresh_effects(
    connection: Connection, identities: Collection[str] | None = None, *, ordered: bool = True
) -> int:
    """Write again the effects, reasons, `card_effect` rows and reading of the cards of
    `identities` (every card when None) for their effective type. Returns how many changed.
    `ordered`: the rows hold their card's name key and game (False only for a catalog older
    than migration 0012, which adds and fills those columns)."""
    changed = 0
    for page in _pages(connection, identities):
        updates: list[dict[str, Any]] = []
        effects: list[dict[str, Any]] = []
        for card_id, game, name, name_key, text, card_type, raw, stored, reading in page:
            reasons, new_reading = read_for_type(_converter(game), raw, card_type, text, name)
            if raw is None and card_type == "unit":
                reasons = _species_kept(stored) or reasons
            new_effects = dumps(reasons)
            if new_effects == stored and new_reading == reading:
                continue
            updates.append({"card_row_id": card_id, "effects": new_effects, "reading": new_reading})
            order = {"name_key": name_key, "game": game} if ordered else {}
            effects += [{"effect": effect, "card_id": card_id, **order} for effect in reasons]
        if updates:
            ids = [change["card_row_id"] for change in updates]
            connection.execute(delete(CARD_EFFECT).where(CARD_EFFECT.c.card_id.in_(ids)))
            statement = update(CARD).where(CARD.c.id == bindparam("card_row_id"))
            connection.execute(statement.values(effects=bindparam("effects"),
                                                reading=bindparam("reading")), updates)  # fmt: skip
            bulk_insert(connection, CARD_EFFECT, effects)
            changed += len(updates)
    return changed


_COLUMNS = (CARD.c.id, CARD.c.game, CARD.c.name, CARD.c.name_key, CARD.c.text, CARD.c.card_type,
            CARD.c.raw, CARD.c.effects, CARD.c.reading)  # fmt: skip


def _pages(connection: Connection, identities: Collection[str] | None) -> Iterator[list[Any]]:
    if identities is not None:
        for chunk in chunks(sorted(identities)):
            yield list(connection.execute(select(*_COLUMNS).where(CARD.c.identity.in_(chunk))))
        return
    last = 0
    while True:
        page = list(
            connection.execute(
                select(*_COLUMNS).where(CARD.c.id > last).order_by(CARD.c.id).limit(PAGE)
            )
        )
        if not page:
            return
        last = page[-1].id
        yield page


def _converter(game: str) -> Converter | None:
    """The game's converter, or None when it is not installed (the text alone is read)."""
    try:
        return load_converter(game)
    except TwgpError:
        return None


def _species_kept(stored: str | None) -> dict[str, str]:
    """The Poison a Unit stored without its record (fetched online) got from its species: the
    species cannot be read again, so the stored reason is kept."""
    reasons = orjson.loads(stored) if stored else None
    if isinstance(reasons, dict) and str(reasons.get("poison", "")).startswith(SPECIES_REASON):
        return {"poison": reasons["poison"]}
    return {}


def _record(raw: str | None) -> Mapping[str, Any] | None:
    if raw is None:
        return None
    value = orjson.loads(raw)
    return value if isinstance(value, Mapping) else None
