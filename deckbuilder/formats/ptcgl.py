"""Pokémon TCG Live / Limitless text and the legacy PTCGO export (FORMATS.md §3.3).

Headers `Pokémon: n`, `Trainer: n`, `Energy: n` (or `##Pokémon - n`, mojibake spellings
accepted; the counts are checked, never trusted), card lines `N Name SET number` split from the
right, `Total Cards` footers. PTCGL set codes map to the catalog's set ids (`SVI` → `sv1`);
basic Energy in any spelling becomes its canonical name."""

from __future__ import annotations

import re

from deckbuilder.formats import MAIN, ForeignDeck, ForeignLine, split_quantity

#: PTCGL / PTCGO set code → pokemontcg.io set id (the catalog's set code and id prefix).
PTCGL_SETS = {
    "SVI": "sv1", "PAL": "sv2", "OBF": "sv3", "MEW": "sv3pt5", "PAR": "sv4", "PAF": "sv4pt5",
    "TEF": "sv5", "TWM": "sv6", "SFA": "sv6pt5", "SCR": "sv7", "SSP": "sv8", "PRE": "sv8pt5",
    "JTG": "sv9", "SVE": "sve", "SVP": "svp", "BS": "base1", "JU": "base2", "FO": "base3",
    "B2": "base4", "TR": "base5",
}  # fmt: skip
ENERGY_TYPES = {
    "G": "Grass", "R": "Fire", "W": "Water", "L": "Lightning", "P": "Psychic",
    "F": "Fighting", "D": "Darkness", "M": "Metal", "Y": "Fairy",
}  # fmt: skip
_HEADER = re.compile(
    r"^(?:##\s*)?(pok\S{0,4}mon|trainer|energy)\s*(?::|-)\s*(\d+)\s*$", re.IGNORECASE
)
_SKIP = re.compile(r"^(?:\*{3,}.*|total cards\s*[:\-].*)$", re.IGNORECASE)
_ENERGY = re.compile(
    r"^(?:basic\s+)?(?:\{([GRWLPFDMY])\}|(" + "|".join(ENERGY_TYPES.values()) + r"))\s+energy\b"
    r"(?:\s+energy)?(.*)$",
    re.IGNORECASE,
)
_SET = re.compile(r"^[A-Za-z0-9-]{2,8}$")
_NUMBER = re.compile(r"^[A-Za-z0-9/-]*\d[A-Za-z0-9/-]*$")


def parse(text: str, source: str = "") -> ForeignDeck:
    deck = ForeignDeck("ptcgl")
    header: tuple[int, str, int] | None = None
    counted = 0
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip().removeprefix("* ").strip()
        if not line or _SKIP.match(line):
            continue
        if (found := _HEADER.match(line)) is not None:
            _check_count(deck, header, counted)
            header, counted = (number, found.group(1), int(found.group(2))), 0
            continue
        qty_rest = split_quantity(line)
        if qty_rest is None:
            deck.notes.append(f"line {number}: {line[:40]!r} is not a card line (skipped)")
            continue
        qty, rest = qty_rest
        counted += qty
        deck.lines.append(card_line(number, qty, rest, raw.strip()))
    _check_count(deck, header, counted)
    return deck


def _check_count(deck: ForeignDeck, header: tuple[int, str, int] | None, counted: int) -> None:
    if header is not None and header[2] != counted:
        line, _label, said = header
        deck.notes.append(f"line {line}: the header says {said} cards, {counted} follow "
                          "(recounted)")


def card_line(number: int, qty: int, rest: str, raw: str) -> ForeignLine:
    energy = _ENERGY.match(rest)
    if energy is not None:
        kind = ENERGY_TYPES[energy.group(1).upper()] if energy.group(1) else energy.group(2).title()
        set_code, collector = _set_number(energy.group(3).split())
        return ForeignLine(
            number, qty, f"{kind} Energy", MAIN, set_code, collector,
            alt_names=(f"Basic {kind} Energy",), text=raw,
        )
    tokens = rest.split()
    set_code, collector = _set_number(tokens[-2:]) if len(tokens) >= 3 else (None, None)
    name = " ".join(tokens[:-2]) if collector else rest
    source_id = f"{set_code}-{collector}" if set_code and collector else None
    return ForeignLine(number, qty, name, MAIN, set_code, collector, source_id, text=raw)


def _set_number(tokens: list[str]) -> tuple[str | None, str | None]:
    """(catalog set id, number) from the trailing `SET number` tokens, when they look so."""
    tokens = [t for t in tokens if t.upper() != "PH"]  # a "PH" suffix marks a printing style
    if len(tokens) != 2 or not _SET.match(tokens[0]) or not _NUMBER.match(tokens[1]):
        return None, None
    code = tokens[0].upper()
    if code == "ENERGY":  # the legacy PTCGO "set" of basic Energy
        return None, tokens[1]
    return PTCGL_SETS.get(code, tokens[0].lower()), tokens[1]
