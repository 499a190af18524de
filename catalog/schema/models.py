"""The catalog's tables (SQLModel). One `card` row per source record (a printing where the
source has printings); `identity` groups the printings, translations and reprints of one card.

Effective values: `card.grade` and `card.card_type` are what search, validation and exports
use — the converter's values (`source_grade`, `source_type`) unless a `card_override` on the
card's identity says otherwise. The importer and the override functions keep them in step.

JSON fields (`effects`, `stats`, `warnings`, `raw`) are JSON text, the same on every backend;
`effects` is an object from each effect to the phrase of the text that gave it (a bare list of
effect names in catalogs written before the reasons were kept).
The schema itself is created by the Alembic migrations in catalog/store/migrations, not by
`create_all`; tests check that the two agree."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    Table,
    Text,
    UniqueConstraint,
    false,
)
from sqlmodel import Field, SQLModel


class Card(SQLModel, table=True):
    __tablename__ = "card"
    __table_args__ = (
        UniqueConstraint("game", "source_id", name="uq_card_game_source"),
        Index("ix_card_game_grade", "game", "grade"),
        # The default sort, with the most used filters: a page of `type:unit grade>=6` reads
        # only this; sorting what a full-text match found reads ix_card_order
        # (catalog/lookup/search.py). Both spare the wide card rows.
        Index("ix_card_browse", "name_key", "game", "grade", "card_type"),
        # `type:` filters and their counts, with the grade most of them come with
        Index("ix_card_type_grade", "card_type", "grade"),
        Index("ix_card_order", "id", "name_key", "game"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=40)
    source_id: str
    identity: str = Field(index=True)
    name: str
    name_ja: str | None = None
    #: the normalised name (NFKC, case-folded, kana-folded): sort and exact match
    name_key: str = Field(index=True)
    #: every name key of the card (faces of "A // B", the Japanese name), one per line
    search_key: str = Field(sa_type=Text)
    grade: int | None = Field(default=None, index=True)
    card_type: str | None = None
    source_grade: int | None = None
    source_type: str | None = None
    grade_reason: str = Field(sa_type=Text)
    type_reason: str = Field(sa_type=Text)
    effects: str = Field(sa_type=Text)
    text: str = Field(sa_type=Text)
    reading: str = Field(sa_type=Text)
    #: the normalised rules text, for `text:` searches
    text_key: str = Field(sa_type=Text)
    stats: str = Field(sa_type=Text)
    set_code: str | None = Field(default=None, index=True)
    collector_number: str | None = None
    lang: str | None = None
    warnings: str = Field(sa_type=Text)
    #: the source record as read (JSON), so a later converter can re-read it
    raw: str | None = Field(default=None, sa_type=Text)
    #: a hash of everything above that comes from the source: unchanged records are skipped
    content_hash: str = Field(max_length=64)
    imported_at: datetime = Field(sa_type=DateTime(timezone=True))
    #: a bundled starter record (catalog/ingest/starter/): a real record of the same card and
    #: language takes its place (catalog/cards/identity.py)
    starter: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class CardAlias(SQLModel, table=True):
    """Other keys a card answers to, written by the importer (catalog/cards/identity.py).

    kind `id`: another source id of this very card — a Yu-Gi-Oh! alternate-art passcode, or
    the id of a starter record this card replaced (so decks naming it still resolve).
    kind `link`: a language-independent key (`Converter.links`); cards of a game sharing one
    are given one identity."""

    __tablename__ = "card_alias"
    __table_args__ = (Index("ix_card_alias_card", "card_id"),)

    kind: str = Field(primary_key=True, max_length=8)
    game: str = Field(primary_key=True, max_length=40)
    value: str = Field(primary_key=True)
    card_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("card.id", ondelete="CASCADE"), primary_key=True, nullable=False
        )
    )


class CardName(SQLModel, table=True):
    """Name keys of a card for exact look-ups: the name, each face, the Japanese name."""

    __tablename__ = "card_name"
    __table_args__ = (Index("ix_card_name_card", "card_id"),)

    key: str = Field(primary_key=True)
    card_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("card.id", ondelete="CASCADE"), primary_key=True, nullable=False
        )
    )


class CardEffect(SQLModel, table=True):
    """The §3 effects a card's text implies, one row each, for `effect:` searches. Each row
    holds its card's name key and game too (written with the card, which rewrites its effects
    whenever it is written): an effect's cards in the search order (name, game, id) are then
    a range of ix_card_effect_order, so a page of `effect:hazard` reads 50 rows, not every
    hazard card sorted (catalog/lookup/search_plan.py)."""

    __tablename__ = "card_effect"
    __table_args__ = (
        Index("ix_card_effect_card", "card_id"),
        Index("ix_card_effect_order", "effect", "name_key", "game", "card_id"),
    )

    effect: str = Field(primary_key=True, max_length=40)
    card_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("card.id", ondelete="CASCADE"), primary_key=True, nullable=False
        )
    )
    #: the card's `name_key` and `game` (the search order's keys)
    name_key: str = Field(default="")
    game: str = Field(default="", max_length=40)


class CardOverride(SQLModel, table=True):
    """The user's grade and/or type for a card identity (every printing of it). Keyed by
    identity, not by row, so it survives re-imports and covers reprints."""

    __tablename__ = "card_override"

    id: int | None = Field(default=None, primary_key=True)
    identity: str = Field(unique=True)
    game: str = Field(max_length=40)
    grade: int | None = None
    card_type: str | None = None
    reason: str = Field(default="", sa_type=Text)
    created_at: datetime = Field(sa_type=DateTime(timezone=True))


class CollectionRow(SQLModel, table=True):
    """Owned copies of one printing. `source_key` names where the entry came from (a file
    row's content key, or `manual:…`): writing the same key again replaces, never adds, so
    importing one file twice in merge mode counts nothing twice."""

    __tablename__ = "collection_row"

    id: int | None = Field(default=None, primary_key=True)
    source_key: str = Field(unique=True)
    card_id: int = Field(
        sa_column=Column(Integer, ForeignKey("card.id"), nullable=False, index=True)
    )
    quantity: int
    finish: str = Field(default="nonfoil", max_length=40)
    condition: str | None = None
    lang: str | None = None
    location: str | None = None
    source_file: str | None = None
    line: int | None = None
    updated_at: datetime = Field(sa_type=DateTime(timezone=True))


class OwnedTotal(SQLModel, table=True):
    """Copies owned per card identity: the sum of `collection_row.quantity` over every printing
    of the identity, one row per identity with collection rows. Kept by every writer of
    collection rows or card identities (catalog/cards/owned_totals.py), so that `owned>0`,
    `owned>=N`, `sort:owned` and a page's owned column read an index instead of totalling the
    collection."""

    __tablename__ = "owned_total"
    __table_args__ = (Index("ix_owned_total_copies", "copies", "identity"),)

    identity: str = Field(primary_key=True)
    copies: int


class Deck(SQLModel, table=True):
    """A saved deck, stored as the text of its `.twgp` file."""

    __tablename__ = "deck"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    format: str = Field(max_length=40)
    text: str = Field(sa_type=Text)
    created_at: datetime = Field(sa_type=DateTime(timezone=True))
    updated_at: datetime = Field(sa_type=DateTime(timezone=True))


class DeckChoice(SQLModel, table=True):
    """The card a name-only line of a deck resolved to, remembered so that the deck keeps
    meaning it once the catalog gains other cards of that name (catalog/saved/deck_choices.py).
    `deck` is `saved:NAME` for a saved deck, `file:PATH` for a deck file; `name_key` the
    line's name as lines are matched (`normalise_name_key`)."""

    __tablename__ = "deck_choice"

    deck: str = Field(primary_key=True)
    game: str = Field(primary_key=True, max_length=40)
    name_key: str = Field(primary_key=True)
    identity: str
    source_id: str


class ApiKey(SQLModel, table=True):
    """A key of the HTTP service (`twgp apikey create`): only its SHA-256 is stored; `prefix`
    (its first characters) tells keys apart in listings. A revoked key stays, marked."""

    __tablename__ = "api_key"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, max_length=100)
    prefix: str = Field(max_length=20)
    key_hash: str = Field(unique=True, max_length=64)
    created_at: datetime = Field(sa_type=DateTime(timezone=True))
    revoked_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


metadata = SQLModel.metadata


def table_of(model: type[SQLModel]) -> Table:
    """The Core table of a model, typed (for bulk statements and column expressions)."""
    table: Table = model.__table__  # type: ignore[attr-defined]
    return table


CARD = table_of(Card)
CARD_NAME = table_of(CardName)
CARD_EFFECT = table_of(CardEffect)
CARD_OVERRIDE = table_of(CardOverride)
CARD_ALIAS = table_of(CardAlias)
COLLECTION_ROW = table_of(CollectionRow)
OWNED_TOTAL = table_of(OwnedTotal)
DECK = table_of(Deck)
DECK_CHOICE = table_of(DeckChoice)
API_KEY = table_of(ApiKey)
