"""MTG deck text shared by the plain, Arena and MTGO `.txt` readers (FORMATS.md §2.1–2.4):
quantities in every accepted form, section headers, `SB:` prefixes, the blank-line rule, a
trailing `(SET) number`, and site decorations (`*F*`, `#tags`, `[Categories]`, `^labels^`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from deckbuilder.formats import MAIN, SIDE, ForeignDeck, ForeignLine, split_quantity

#: header word → zone (None: lines there are not cards of the deck and are skipped)
SECTIONS: dict[str, str | None] = {
    "deck": MAIN, "main": MAIN, "mainboard": MAIN, "maindeck": MAIN, "commander": MAIN,
    "sideboard": SIDE, "side": SIDE, "companion": "companion",
    "maybeboard": None, "considering": None, "tokens": None,
}  # fmt: skip
_HEADER = re.compile(r"^(?://\s*|\[)?\s*([A-Za-z]+)\s*\]?\s*(?:\(\d+\))?\s*:?\s*$")
_SET_NUMBER = re.compile(r"\s+\(([A-Za-z0-9]{2,8})\)\s+(\S+)\s*$")
_SET_ONLY = re.compile(r"\s+\(([A-Za-z0-9]{2,8})\)\s*$")
_DECORATIONS = (
    re.compile(r"\s+\^[^^]*\^\s*$"),  # Archidekt ^Have,#37d67a^
    re.compile(r"\s+\[[^\]]*\]\s*$"),  # Archidekt [Ramp,Commander{top}]
    re.compile(r"(?:\s+#!?\S+)+\s*$"),  # Moxfield/TappedOut #tags
    re.compile(r"\s+\*(?:F|E|CMDR)\*\s*$", re.IGNORECASE),  # foil, etched, commander marker
)


def header_zone(line: str) -> tuple[bool, str | None]:
    """(True, zone) when the line is a section header such as `Sideboard (15)`, `// Side` or
    `[Maybeboard]`; (False, None) otherwise."""
    found = _HEADER.match(line.strip())
    if found is None or found.group(1).casefold() not in SECTIONS:
        return False, None
    return True, SECTIONS[found.group(1).casefold()]


def card_fields(
    rest: str, set_codes: Mapping[str, str] | None = None
) -> tuple[str, str | None, str | None]:
    """`Lightning Bolt (STA) 42 *F*` → ("Lightning Bolt", "STA", "42"); decorations go first.
    `set_codes` maps an app's set codes to the catalog's (Arena `DAR` → `DOM`)."""
    name = rest
    changed = True
    while changed:
        changed = False
        for pattern in _DECORATIONS:
            stripped = pattern.sub("", name)
            if stripped != name and stripped.strip():
                name, changed = stripped, True
    set_code = number = None
    if (found := _SET_NUMBER.search(name)) is not None:
        set_code, number, name = found.group(1), found.group(2), name[: found.start()]
    elif (found := _SET_ONLY.search(name)) is not None:
        set_code, name = found.group(1), name[: found.start()]
    if set_code and set_codes:
        set_code = set_codes.get(set_code.upper(), set_code)
    name = re.sub(r"\s*/{1,3}\s*", " // ", name.strip()) if "/" in name else name.strip()
    return name, set_code, number


def read_mtg_text(
    deck: ForeignDeck, text: str, *, set_codes: Mapping[str, str] | None = None
) -> ForeignDeck:
    """Read card lines into `deck`. Without any header or `SB:` marker, a blank line between
    two blocks of cards starts the sideboard (MTGO, old Arena)."""
    lines = text.splitlines()
    marked = any(
        header_zone(line)[0] or line.strip().upper().startswith("SB:") for line in lines
    )
    zone: str | None = MAIN
    blank_after_cards = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            blank_after_cards = blank_after_cards or bool(deck.lines)
            continue
        is_header, header = header_zone(line)
        if is_header:
            zone = header
            continue
        if line.startswith(("#", "//")):
            continue
        line_zone = zone
        if line.upper().startswith("SB:"):
            line, line_zone = line[3:].strip(), SIDE
        elif not marked and blank_after_cards:
            line_zone = SIDE
        if line_zone is None:
            deck.notes.append(f"line {number}: {line!r} is not in the deck (skipped)")
            continue
        read_card_line(deck, number, line, line_zone, raw.strip(), set_codes)
    return deck


def read_card_line(
    deck: ForeignDeck, number: int, line: str, zone: str, raw: str,
    set_codes: Mapping[str, str] | None,
) -> None:
    qty_rest = split_quantity(line)
    qty, rest = qty_rest if qty_rest else (1, line)
    if qty == 0:
        deck.notes.append(f"line {number}: quantity 0 (skipped)")
        return
    name, set_code, collector = card_fields(rest, set_codes)
    if not name:
        deck.notes.append(f"line {number}: no card name (skipped)")
        return
    deck.lines.append(ForeignLine(number, qty, name, zone, set_code, collector, text=raw))
