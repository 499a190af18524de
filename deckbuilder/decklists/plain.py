"""The plain `N Name` list (FORMATS.md §2.1), the common denominator of deck sites — also
saved as a CSV table (csvlist.py)."""

from __future__ import annotations

from deckbuilder.decklists.base import ForeignDeck
from deckbuilder.decklists.csvlist import read_table, table_header
from deckbuilder.decklists.mtgtext import read_mtg_text


def parse(text: str, source: str = "") -> ForeignDeck:
    table = table_header(text)
    if table is not None:
        return read_table(ForeignDeck("plain"), text, table[0], source)
    return read_mtg_text(ForeignDeck("plain"), text)
