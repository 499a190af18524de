"""MTG Arena deck text (FORMATS.md §2.2): `About`/`Name`, `Commander`, `Companion`, `Deck`,
`Sideboard`; card lines `N Name (SET) number`. A companion is listed under `Companion` and
again in `Sideboard`: it is one card, counted once."""

from __future__ import annotations

import re
from dataclasses import replace

from deckbuilder.decklists.base import ForeignDeck
from deckbuilder.decklists.mtgtext import read_mtg_text

#: Arena set codes that differ from the catalog's (Scryfall's). The yearly Alchemy groups
#: (Y22, Y23) cannot be mapped back to one set, and Arena drops the `A-` of rebalanced
#: collector numbers: those lines resolve by name.
ARENA_SETS = {"DAR": "DOM", "CONF": "CON"}
_ABOUT = re.compile(r"^\s*About\s*$", re.IGNORECASE)
_NAME = re.compile(r"^\s*Name\s+(.+?)\s*$")


def parse(text: str, source: str = "") -> ForeignDeck:
    deck = ForeignDeck("mtga")
    lines = text.splitlines()
    kept: list[str] = []
    in_about = False
    for line in lines:
        if _ABOUT.match(line):
            in_about = True
            kept.append("")
            continue
        if in_about and (found := _NAME.match(line)):
            deck.name = found.group(1)
            kept.append("")
            continue
        in_about = in_about and bool(line.strip())
        kept.append(line)
    read_mtg_text(deck, "\n".join(kept), set_codes=ARENA_SETS)
    _count_companion_once(deck)
    return deck


def _count_companion_once(deck: ForeignDeck) -> None:
    side = {line.name.casefold() for line in deck.lines if line.zone == "side"}
    for line in [ln for ln in deck.lines if ln.zone == "companion"]:
        deck.lines.remove(line)
        if line.name.casefold() in side:
            deck.notes.append(f"line {line.line}: companion {line.name} is also in the sideboard")
        else:
            deck.lines.append(replace(line, zone="side"))
