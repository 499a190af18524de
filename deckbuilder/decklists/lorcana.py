"""Disney Lorcana lists as Dreamborn and Inktable export them (FORMATS.md §3.6): `N Name -
Version` per line (`4 Ariel - On Human Legs`), a song or an item by its name alone
(`2 Part of Your World`). They are plain lists (deckbuilder/decklists/mtgtext.py reads the
quantities and headings); the catalog's Lorcana names are written the same way, a hyphen or
an en dash alike (`Ariel – On Human Legs`)."""

from __future__ import annotations

import re

from deckbuilder.decklists.base import ForeignDeck
from deckbuilder.decklists.mtgtext import read_mtg_text

#: a card line of a full name: `4 Ariel - On Human Legs`, `4x Stitch – Rock Star`
FULL_NAME_LINE = re.compile(r"^\s*[0-9０-９]{1,12}\s*[xX×]?\s+\S.*?\s[-–]\s\S")


def parse(text: str, source: str = "") -> ForeignDeck:
    return read_mtg_text(ForeignDeck("lorcana"), text)


def is_lorcana_list(lines: list[str]) -> bool:
    """Whether at least half of the card lines (two or more) name a version."""
    cards = [line for line in lines if re.match(r"^\s*[0-9０-９]", line)]
    named = sum(1 for line in cards if FULL_NAME_LINE.match(line))
    return named >= 2 and named * 2 >= len(cards)
