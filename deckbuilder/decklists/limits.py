"""The documented limits on a decklist, checked before the work starts (issue 14 item 10):
the text is measured before it is parsed, the card lines before any catalog look-up.

A cube list has about 700 card lines and a Commander deck 100; a collection belongs in
`twgp collection import`, which streams. Past these limits an import is refused with one
clear error instead of minutes of work."""

from __future__ import annotations

from catalog.collections.limits import REPORTED_LINES
from deckbuilder.decklists.base import ForeignDeck
from deckbuilder.errors import DecklistFormatError

__all__ = ["MAX_CARD_LINES", "MAX_DECKLIST_CHARS", "MAX_DECKLIST_LINES", "MAX_DISTINCT_CARDS",
           "MAX_YDKE_CHARS", "REPORTED_LINES", "check_deck", "check_text"]  # fmt: skip

MAX_DECKLIST_CHARS = 2_000_000  # about 2 MB: forty times a large cube list
MAX_DECKLIST_LINES = 20_000
MAX_CARD_LINES = 5_000  # lines naming cards (a .ydk has one per copy)
MAX_DISTINCT_CARDS = 2_000  # different names, ids or printings among them
MAX_YDKE_CHARS = 16_384  # about 3,000 passcodes; a 90-card deck takes 500 characters


def check_text(text: str, *, source: str = "") -> None:
    """Refuse a decklist text that is too large to be a deck (before it is parsed)."""
    if len(text) > MAX_DECKLIST_CHARS:
        raise DecklistFormatError(
            f"{len(text):,} characters is more than a decklist holds (at most "
            f"{MAX_DECKLIST_CHARS:,})", source=source, hint=_HINT,
        )
    lines = text.count("\n") + 1
    if lines > MAX_DECKLIST_LINES:
        raise DecklistFormatError(
            f"{lines:,} lines is more than a decklist holds (at most {MAX_DECKLIST_LINES:,})",
            source=source, hint=_HINT,
        )


def check_deck(deck: ForeignDeck, *, source: str = "") -> None:
    """Refuse a parsed list with too many card lines or distinct cards (before resolving)."""
    if len(deck.lines) > MAX_CARD_LINES:
        raise DecklistFormatError(
            f"{len(deck.lines):,} card lines is more than a decklist holds (at most "
            f"{MAX_CARD_LINES:,})", source=source, hint=_HINT,
        )
    distinct = {
        (ln.source_id, ln.name.casefold(), ln.set_code, ln.number) for ln in deck.lines
    }
    if len(distinct) > MAX_DISTINCT_CARDS:
        raise DecklistFormatError(
            f"{len(distinct):,} different cards is more than a decklist holds (at most "
            f"{MAX_DISTINCT_CARDS:,})", source=source, hint=_HINT,
        )


_HINT = "a deck has at most a few hundred cards; import a collection with `twgp collection import`"
