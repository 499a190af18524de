"""The plain `N Name` list (FORMATS.md §2.1), the common denominator of deck sites."""

from __future__ import annotations

from deckbuilder.formats import ForeignDeck
from deckbuilder.formats.mtgtext import read_mtg_text


def parse(text: str, source: str = "") -> ForeignDeck:
    return read_mtg_text(ForeignDeck("plain"), text)
