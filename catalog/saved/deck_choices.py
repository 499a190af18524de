"""What a deck's name-only lines resolved to, remembered (`deck_choice`, catalog/schema/models.py):
the one place that reads and writes it.

A line `1 pokemon Pikachu` resolved to the only Pikachu of the catalog; once an import adds
other cards named Pikachu, the deck still means the one it meant (deckbuilder/resolve.py
reads `Choice`s as "the one the deck resolved before"). A deck is keyed `saved:NAME` (a
saved deck, `saved_key`) or `file:PATH` (a deck file, `file_key`); a choice by the game and
the line's name key. Written when a deck is validated, analysed, exported or saved."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from sqlalchemy import delete, insert, select, update
from sqlmodel import Session

from catalog.saved.names import deck_name
from catalog.schema.models import DECK_CHOICE

__all__ = ["Choice", "choices_of", "file_key", "forget_deck", "remember", "saved_key"]


class Choice(NamedTuple):
    """The card a line resolved to: its identity, and the printing (found again by its
    source id should the identity be renamed)."""

    identity: str
    source_id: str


#: (game, name key) → (identity, source id) of the card the line resolved to
Choices = Mapping[tuple[str, str], tuple[str, str]]


def saved_key(name: str) -> str:
    """The key of the saved deck `name` (its stored, NFC form)."""
    return f"saved:{deck_name(name)}"


def file_key(path: Path) -> str | None:
    """The key of the deck file at `path` (absolute, links resolved); None for stdin."""
    if str(path) == "-":
        return None
    return f"file:{path.expanduser().resolve()}"


def choices_of(session: Session, deck: str) -> dict[tuple[str, str], Choice]:
    """Every choice remembered for `deck`."""
    rows = session.execute(
        select(DECK_CHOICE.c.game, DECK_CHOICE.c.name_key, DECK_CHOICE.c.identity,
               DECK_CHOICE.c.source_id).where(DECK_CHOICE.c.deck == deck)
    )
    return {(game, key): Choice(identity, source_id) for game, key, identity, source_id in rows}


def remember(session: Session, deck: str, choices: Choices) -> int:
    """Record `choices` for `deck` (only those not already remembered so); how many changed.
    Lines gone from the deck keep theirs: written again, they mean what they meant."""
    known = choices_of(session, deck)
    changed = 0
    for (game, key), choice in choices.items():
        before = known.get((game, key))
        if before == choice:
            continue
        identity, source_id = choice
        row = {"identity": identity, "source_id": source_id}
        where = (DECK_CHOICE.c.deck == deck) & (DECK_CHOICE.c.game == game)
        if before is None:
            session.execute(insert(DECK_CHOICE).values(deck=deck, game=game, name_key=key, **row))
        else:
            session.execute(update(DECK_CHOICE).where(where, DECK_CHOICE.c.name_key == key)
                            .values(**row))
        changed += 1
    return changed


def forget_deck(session: Session, deck: str) -> None:
    """Forget every choice of `deck` (a saved deck deleted)."""
    session.execute(delete(DECK_CHOICE).where(DECK_CHOICE.c.deck == deck))
