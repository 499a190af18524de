"""The contract of a deck format (`DeckFormatRules`) and the checks the other games' formats
share: lines of another game (WRONG_GAME), lines that found no card (UNKNOWN_CARD), copies
counted per card across decks.

A format validates one deck, or several decks checked together (a tag team's two): it gets them
resolved and returns (violations, warnings), pure, with no look-ups."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from deckbuilder.codes import FormatCode, Violation, violation
from deckbuilder.resolve import ResolvedDeck, ResolvedEntry
from deckbuilder.rules import unknown_card

Problems = tuple[list[Violation], list[Violation]]


@runtime_checkable
class DeckFormatRules(Protocol):
    """A deck format: TWGP's half/full/trial (built in) or a plugin registered under the
    `twgp.formats` entry-point group (a class or factory called without arguments)."""

    @property
    def format_id(self) -> str:
        """The id a deck declares (`format: ev-tag-b`); lower case, also the entry-point name."""
        ...

    @property
    def display_name(self) -> str: ...

    @property
    def display_name_ja(self) -> str: ...

    @property
    def summary(self) -> str:
        """The rule in one line (`twgp deck formats`, the README)."""
        ...

    @property
    def games(self) -> tuple[str, ...]:
        """The games whose cards a deck may hold; () = any game (TWGP mixes them)."""
        ...

    @property
    def sections(self) -> tuple[str, ...]:
        """The section keys a deck file may have, in the order they are written."""
        ...

    @property
    def fields(self) -> tuple[str, ...]:
        """Header fields read besides `name:` and `format:` (e.g. `character`)."""
        ...

    @property
    def max_decks(self) -> int:
        """How many decks one validation takes at most (2 for a tag team's)."""
        ...

    def validate(self, decks: Sequence[ResolvedDeck]) -> Problems:
        """(violations, warnings) of these decks (1 to `max_decks`, all of this format)."""
        ...


class GameFormat:
    """Base of a format for one game's own decks (not TWGP's): the metadata as class
    attributes, and the checks those formats share. Subclasses implement `validate`."""

    format_id: str = ""
    display_name: str = ""
    display_name_ja: str = ""
    summary: str = ""
    games: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()
    max_decks: int = 1

    def validate(self, decks: Sequence[ResolvedDeck]) -> Problems:
        raise NotImplementedError

    def card_lines(self, deck: ResolvedDeck) -> tuple[list[ResolvedEntry], list[Violation]]:
        """(the lines of this format's games, WRONG_GAME and UNKNOWN_CARD problems): a line of
        another game is only WRONG_GAME; a line of this game that found no card (or several)
        is UNKNOWN_CARD but still counted by name in the limits."""
        lines: list[ResolvedEntry] = []
        problems: list[Violation] = []
        games = ", ".join(self.games)
        for r in deck.all():
            if r.entry.game not in self.games:
                problems.append(violation(FormatCode.WRONG_GAME, r.section, [r.label],
                                          game=r.entry.game, format=self.format_id, games=games))
                continue
            lines.append(r)
            if (unknown := unknown_card(r)) is not None:
                problems.append(unknown)
        return lines, problems


def copies(entries: Iterable[ResolvedEntry]) -> int:
    return sum(r.qty for r in entries)


def deck_label(deck: ResolvedDeck, number: int) -> str:
    """How a deck of several is named in messages: its name, else "deck N"."""
    return deck.deck.name or f"deck {number}"


def labels(entries: Iterable[ResolvedEntry]) -> list[str]:
    """The cards as written, each spelling once, in order."""
    return list(dict.fromkeys(r.label for r in entries))
