"""Cockatrice `.cod` decks (FORMATS.md §2.5): `<deckname>`, `<zone name="main|side|tokens">`
with `<card number name [setShortName collectorNumber]/>`; `sideboard_plan`s are read past
(a TWGP deck has no sideboard plans) and tokens are not deck cards. Other writers name the
zones `mainboard`, `sideboard` or `commander`: the same zones. Another zone name is kept out
with a note."""

from __future__ import annotations

import hashlib

from deckbuilder.decklists.base import MAIN, SIDE, ForeignDeck, ForeignLine
from deckbuilder.decklists.xmltree import parse_xml, xml_quantity
from deckbuilder.errors import DecklistFormatError

_ZONES = {
    "main": MAIN, "mainboard": MAIN, "maindeck": MAIN, "deck": MAIN, "commander": MAIN,
    "side": SIDE, "sideboard": SIDE,
}  # fmt: skip


def parse(text: str, source: str = "") -> ForeignDeck:
    root = parse_xml(text, source=source)
    if root.tag != "cockatrice_deck":
        raise DecklistFormatError(
            f"expected a <cockatrice_deck> document, found <{root.tag}>", line=root.line,
            source=source,
        )
    deck = ForeignDeck("cod")
    name = root.find("deckname")
    deck.name = name.text if name is not None else ""
    for zone in root.findall("zone"):
        zone_name = zone.attrs.get("name", "")
        ours = _ZONES.get(zone_name.strip().casefold())
        if ours is None:
            deck.notes.append(f"line {zone.line}: zone {zone_name!r} is not part of the deck")
            continue
        for card in zone.findall("card"):
            number = card.attrs.get("number", "1").strip()
            card_name = card.attrs.get("name", "").strip()
            if not card_name:
                deck.notes.append(f"line {card.line}: a <card> without a name (skipped)")
                continue
            deck.add(
                ForeignLine(
                    card.line, xml_quantity(number, card.line, "number"), card_name, ours,
                    set_code=card.attrs.get("setShortName") or None,
                    number=card.attrs.get("collectorNumber") or None,
                    text=f'<card number="{number}" name="{card_name}"/>',
                )
            )
    for plan in root.findall("sideboard_plan"):
        plan_name = plan.find("name")
        label = plan_name.text if plan_name is not None else ""
        deck.notes.append(f"line {plan.line}: sideboard plan {label!r} kept out (no TWGP use)")
    return deck


def deck_hash(deck: ForeignDeck) -> str:
    """Cockatrice's deck hash (FORMATS.md §2.5): every main and side copy, lower-cased, side
    ones prefixed `SB:`, sorted, joined by `;`, SHA-1, first 40 bits in base 32 (0-9a-v)."""
    copies = sorted(
        ("SB:" if line.zone == SIDE else "") + line.name.lower()
        for line in deck.lines
        for _ in range(line.qty)
    )
    digest = hashlib.sha1(";".join(copies).encode("utf-8"), usedforsecurity=False).digest()
    value = int.from_bytes(digest[:5], "big")
    digits = "0123456789abcdefghijklmnopqrstuv"
    out = ""
    for _ in range(8):
        value, rest = divmod(value, 32)
        out = digits[rest] + out
    return out
