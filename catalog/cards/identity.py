"""One card is one card: the catalog's half of card identity (the converters' half is their
`identity_key`, `aliases` and `links`). Run by the importer after each batch it writes, in the
batch's transaction:

* **aliases**: the other source ids a card answers to (Yu-Gi-Oh! alternate-art passcodes)
  and its language-independent links are stored in `card_alias`;
* **translations**: cards of one game sharing a link get one identity — the English card's
  when there is one (`link_translations`), their overrides merged;
* **starter records** (catalog/ingest/starter/) give way to real ones: once the catalog holds a real
  record of the same identity and language, each starter record of that card and language is
  retired — its owned copies move to the real record, its source id becomes an alias of it
  (saved decks naming it still resolve), a Japanese name only it knew is kept, and the
  starter row is deleted. Overrides are keyed by identity, so they carry over as they are.

Every step is idempotent: re-running an import, or an import interrupted between batches,
ends in the same catalog."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from catalog.base.keys import card_name_keys
from catalog.cards.card_rows import CardRow
from catalog.cards.effects_refresh import refresh_effects
from catalog.cards.owned_totals import refresh_owned
from catalog.cards.views import chunks
from catalog.schema.dialects import one_of
from catalog.schema.models import (
    CARD,
    CARD_ALIAS,
    CARD_EFFECT,
    CARD_NAME,
    CARD_OVERRIDE,
    COLLECTION_ROW,
)

#: `card_alias.kind`: another id of the record itself · a language-independent link · the id
#: of a starter record this card replaced (kept across re-imports of the card)
ID, LINK, REPLACED = "id", "link", "replaced"


def lang_class(lang: str | None) -> str:
    """Languages as printings compare them: no language is English."""
    return "en" if lang is None or lang.casefold() == "en" else lang.casefold()


# --- Aliases ----------------------------------------------------------------------------------


def write_aliases(
    connection: Connection, rows: Iterable[CardRow], ids: dict[tuple[str, str], int],
    *, replace: Sequence[int],
) -> None:  # fmt: skip
    """The record's own aliases and links of written rows (those of updated rows replaced;
    the ids of replaced starter records stay)."""
    for chunk in chunks(sorted(replace)):
        connection.execute(
            delete(CARD_ALIAS).where(
                one_of(connection, CARD_ALIAS.c.card_id, chunk), CARD_ALIAS.c.kind != REPLACED
            )
        )
    values: list[dict[str, Any]] = []
    for row in rows:
        game, card_id = row.values["game"], ids[row.key]
        values += [_alias(ID, game, alias, card_id) for alias in dict.fromkeys(row.aliases)]
        values += [_alias(LINK, game, link, card_id) for link in dict.fromkeys(row.links)]
    if values:
        connection.execute(insert(CARD_ALIAS), values)


def _alias(kind: str, game: str, value: str, card_id: int) -> dict[str, Any]:
    return {"kind": kind, "game": game, "value": value, "card_id": card_id}


def cards_by_source_id(
    connection: Connection, source_ids: Collection[str], game: str | None = None
) -> list[tuple[int, str]]:
    """(card id, the source id asked for) of the cards that `source_ids` name: the cards whose
    source id it is, else the cards that have it as an alias (another passcode, a replaced
    starter record)."""
    found: list[tuple[int, str]] = []
    for chunk in chunks(sorted(set(source_ids))):
        direct = select(CARD.c.id, CARD.c.source_id).where(CARD.c.source_id.in_(chunk))
        if game is not None:
            direct = direct.where(CARD.c.game == game)
        found += [(card_id, source_id) for card_id, source_id in connection.execute(direct)]
    named = {source_id for _id, source_id in found}
    rest = sorted(set(source_ids) - named)
    for chunk in chunks(rest):
        aliased = select(CARD_ALIAS.c.card_id, CARD_ALIAS.c.value).where(
            CARD_ALIAS.c.kind.in_((ID, REPLACED)), CARD_ALIAS.c.value.in_(chunk)
        )
        if game is not None:
            aliased = aliased.where(CARD_ALIAS.c.game == game)
        found += [(card_id, value) for card_id, value in connection.execute(aliased)]
    return found


# --- After a batch ----------------------------------------------------------------------------


def settle(connection: Connection, card_ids: Collection[int]) -> None:
    """Join the translations among the written cards, then retire the starter records that
    real ones now replace."""
    if card_ids:
        link_translations(connection, card_ids)
        retire_starters(connection, card_ids)


def link_translations(connection: Connection, card_ids: Collection[int]) -> None:
    """Give one identity to the cards sharing a link with a written card."""
    links: dict[str, set[str]] = defaultdict(set)
    for chunk in chunks(sorted(card_ids)):
        query = select(CARD_ALIAS.c.game, CARD_ALIAS.c.value).where(
            CARD_ALIAS.c.kind == LINK, one_of(connection, CARD_ALIAS.c.card_id, chunk)
        )
        for game, value in connection.execute(query):
            links[game].add(value)
    for game, values in links.items():
        for group in _linked_groups(connection, game, values):
            into = min(group, key=lambda identity: (not group[identity], identity))
            others = [identity for identity in group if identity != into]
            if others:
                merge_identities(connection, into, others)


def _linked_groups(
    connection: Connection, game: str, values: set[str]
) -> list[dict[str, bool]]:
    """Identities connected through shared links, each with whether it has an English card."""
    by_value: dict[str, set[str]] = defaultdict(set)
    english: dict[str, bool] = defaultdict(bool)
    for chunk in chunks(sorted(values)):
        query = (
            select(CARD_ALIAS.c.value, CARD.c.identity, CARD.c.lang)
            .join(CARD, CARD.c.id == CARD_ALIAS.c.card_id)
            .where(CARD_ALIAS.c.kind == LINK, CARD_ALIAS.c.game == game,
                   CARD_ALIAS.c.value.in_(chunk))
        )  # fmt: skip
        for value, identity, lang in connection.execute(query):
            by_value[value].add(identity)
            english[identity] |= lang_class(lang) == "en"
    parent = {identity: identity for identity in english}

    def root(identity: str) -> str:
        while parent[identity] != identity:
            parent[identity] = parent[parent[identity]]
            identity = parent[identity]
        return identity

    for identities in by_value.values():
        first, *rest = sorted(identities)
        for other in rest:
            parent[root(other)] = root(first)
    groups: dict[str, dict[str, bool]] = defaultdict(dict)
    for identity, has_english in english.items():
        groups[root(identity)][identity] = has_english
    return [group for group in groups.values() if len(group) > 1]


def merge_identities(connection: Connection, into: str, others: Sequence[str]) -> None:
    """Cards of the identities `others` become cards of `into` (their owned copies too); of
    their overrides, `into`'s own is kept, else the newest; the effective grade and type are
    applied again."""
    connection.execute(update(CARD).where(CARD.c.identity.in_(others)).values(identity=into))
    refresh_owned(connection, [into, *others])
    found = list(
        connection.execute(
            select(CARD_OVERRIDE.c.id, CARD_OVERRIDE.c.identity, CARD_OVERRIDE.c.created_at)
            .where(CARD_OVERRIDE.c.identity.in_([into, *others]))
        )
    )
    if found:
        keep = max(found, key=lambda row: (row.identity == into, row.created_at, row.id))
        dropped = [row.id for row in found if row.id != keep.id]
        if dropped:
            connection.execute(delete(CARD_OVERRIDE).where(CARD_OVERRIDE.c.id.in_(dropped)))
        connection.execute(
            update(CARD_OVERRIDE).where(CARD_OVERRIDE.c.id == keep.id).values(identity=into)
        )
    apply_override(connection, into)


def apply_override(connection: Connection, identity: str) -> None:
    """Write the effective grade and type into every printing of `identity`: the override's
    values where it sets them, else the converter's."""
    override = connection.execute(
        select(CARD_OVERRIDE.c.grade, CARD_OVERRIDE.c.card_type)
        .where(CARD_OVERRIDE.c.identity == identity)
    ).first()  # fmt: skip
    grade, card_type = override if override is not None else (None, None)
    connection.execute(
        update(CARD)
        .where(CARD.c.identity == identity)
        .values(
            grade=CARD.c.source_grade if grade is None else grade,
            card_type=CARD.c.source_type if card_type is None else card_type,
        )
    )
    refresh_effects(connection, [identity])  # effects and reading follow the effective type


# --- Starter records --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Printing:
    id: int
    game: str
    source_id: str
    identity: str
    name: str
    name_ja: str | None
    lang: str | None
    starter: bool


def retire_starters(connection: Connection, card_ids: Collection[int]) -> int:
    """Retire the starter records of the written cards' identities that a real record of the
    same identity and language replaces. Returns how many were retired."""
    identities: set[str] = set()
    for id_chunk in chunks(sorted(card_ids)):
        query = select(CARD.c.identity).where(one_of(connection, CARD.c.id, id_chunk)).distinct()
        identities.update(connection.execute(query).scalars())
    with_starters: set[str] = set()
    for chunk in chunks(sorted(identities)):  # mostly none: no printing rows are read then
        query = select(CARD.c.identity).where(
            one_of(connection, CARD.c.identity, chunk), CARD.c.starter
        )
        with_starters.update(connection.execute(query.distinct()).scalars())
    retired = 0
    for chunk in chunks(sorted(with_starters)):
        query = select(
            CARD.c.id, CARD.c.game, CARD.c.source_id, CARD.c.identity, CARD.c.name,
            CARD.c.name_ja, CARD.c.lang, CARD.c.starter,
        ).where(CARD.c.identity.in_(chunk))  # fmt: skip
        groups: dict[tuple[str, str], list[_Printing]] = defaultdict(list)
        for row in connection.execute(query):
            printing = _Printing(*row)
            groups[(printing.identity, lang_class(printing.lang))].append(printing)
        for printings in groups.values():
            real = sorted((p for p in printings if not p.starter), key=lambda p: p.id)
            if real:
                for starter in (p for p in printings if p.starter):
                    _retire(connection, starter, real[0])
                    retired += 1
    return retired


def _retire(connection: Connection, starter: _Printing, real: _Printing) -> None:
    connection.execute(
        update(COLLECTION_ROW).where(COLLECTION_ROW.c.card_id == starter.id).values(card_id=real.id)
    )
    known = set(
        connection.execute(
            select(CARD_ALIAS.c.value).where(
                CARD_ALIAS.c.card_id == real.id, CARD_ALIAS.c.kind == REPLACED
            )
        ).scalars()
    )
    replaced = {starter.source_id} | set(
        connection.execute(
            select(CARD_ALIAS.c.value).where(
                CARD_ALIAS.c.card_id == starter.id, CARD_ALIAS.c.kind == REPLACED
            )
        ).scalars()
    )
    new = [_alias(REPLACED, real.game, value, real.id) for value in sorted(replaced - known)]
    if new:
        connection.execute(insert(CARD_ALIAS), new)
    if starter.name_ja and not real.name_ja:
        keep_name_ja(connection, real.id, real.name, starter.name_ja)
    for table in (CARD_ALIAS, CARD_NAME, CARD_EFFECT):
        connection.execute(delete(table).where(table.c.card_id == starter.id))
    connection.execute(delete(CARD).where(CARD.c.id == starter.id))


def keep_name_ja(connection: Connection, card_id: int, name: str, name_ja: str) -> None:
    """Give a card the Japanese name an earlier record of it had, with its name keys."""
    keys = card_name_keys(name, name_ja)
    connection.execute(
        update(CARD).where(CARD.c.id == card_id).values(name_ja=name_ja, search_key="\n".join(keys))
    )
    have = set(
        connection.execute(select(CARD_NAME.c.key).where(CARD_NAME.c.card_id == card_id)).scalars()
    )
    missing = [{"key": key, "card_id": card_id} for key in keys if key not in have]
    if missing:
        connection.execute(insert(CARD_NAME), missing)
