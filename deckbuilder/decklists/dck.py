"""XMage and Forge `.dck` decks (FORMATS.md §2.6), told apart by their content.

XMage: `NAME:<deck>`, card lines `4 [M11:149] Lightning Bolt` (the name may be missing: the
set and number say it), `SB: 2 [ICE:212] Pyroblast` for the sideboard, and trailing
`LAYOUT MAIN:…` / `LAYOUT SIDEBOARD:…` lines (the client's card layout, ignored).

Forge: INI-like sections `[metadata]` (`Name=…`), `[Main]`, `[Sideboard]`, `[Commander]`
(other sections — `[Planes]`, `[Schemes]`, `[Avatar]`… — are not deck cards) and card lines
`4 Lightning Bolt|M11|1` (name, set, art index; set and index optional). Plain `N Name`
lines in either are read as plain lines are."""

from __future__ import annotations

import re

from deckbuilder.decklists.base import (
    MAIN,
    SIDE,
    ForeignDeck,
    ForeignLine,
    quantity,
    split_quantity,
)
from deckbuilder.decklists.mtgtext import card_fields

_XMAGE_CARD = re.compile(r"^(?:(SB):\s*)?(?:(\d+)\s+)?\[([^\]:]+):([^\]]+)\]\s*(.*)$", re.I)
_FORGE_SECTION = re.compile(r"^\[([^\]]+)\]$")
_FORGE_ZONES: dict[str, str | None] = {
    "main": MAIN, "commander": MAIN, "sideboard": SIDE, "side": SIDE,
}  # fmt: skip


def parse(text: str, source: str = "") -> ForeignDeck:
    lines = [line.strip() for line in text.removeprefix("\ufeff").splitlines()]
    if any(_FORGE_SECTION.match(line) for line in lines):
        return _forge(lines)
    return _xmage(lines)


def _xmage(lines: list[str]) -> ForeignDeck:
    deck = ForeignDeck("dck")
    for number, line in enumerate(lines, start=1):
        upper = line.upper()
        if not line or line.startswith(("#", "//")) or upper.startswith("LAYOUT "):
            continue
        if upper.startswith("NAME:"):
            deck.name = line[5:].strip()
            continue
        found = _XMAGE_CARD.match(line)
        if found is not None:
            side, qty, set_code, collector, name = found.groups()
            count = quantity(qty, number) if qty else 1
            zone = SIDE if side else MAIN
            deck.add(ForeignLine(number, count, name.strip(), zone, set_code.strip(),
                                 collector.strip(), text=line))  # fmt: skip
            continue
        zone = SIDE if upper.startswith("SB:") else MAIN
        _plain_line(deck, number, line[3:].strip() if zone == SIDE else line, zone, line)
    return deck


def _forge(lines: list[str]) -> ForeignDeck:
    deck = ForeignDeck("dck")
    section = ""
    for number, line in enumerate(lines, start=1):
        if not line or line.startswith(("#", "//", ";")):
            continue
        if (found := _FORGE_SECTION.match(line)) is not None:
            section = found.group(1).strip().casefold()
            continue
        if section == "metadata":
            key, _, value = line.partition("=")
            if key.strip().casefold() == "name":
                deck.name = value.strip()
            continue
        zone = _FORGE_ZONES.get(section)
        if zone is None:
            deck.notes.append(f"line {number}: [{section}] cards are not deck cards (skipped)")
            continue
        name, _, printing = line.partition("|")
        set_code = printing.split("|", 1)[0].strip() or None
        _plain_line(deck, number, name, zone, line, set_code)
    return deck


def _plain_line(
    deck: ForeignDeck, number: int, line: str, zone: str, raw: str, set_code: str | None = None
) -> None:
    qty_rest = split_quantity(line, number)
    qty, rest = qty_rest if qty_rest else (1, line.strip())
    name, found_set, collector = card_fields(rest)
    if not name:
        deck.notes.append(f"line {number}: {raw!r} names no card (skipped)")
        return
    deck.add(ForeignLine(number, qty, name, zone, set_code or found_set, collector, text=raw))
