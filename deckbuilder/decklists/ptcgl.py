"""Pokémon TCG Live / Limitless text and the legacy PTCGO export (FORMATS.md §3.3).

Section headers are any label with a count: `Pokémon: 14`, `Trainer: 12`, `Energy: 3` in
English, and as each client language writes them (`Dresseur: 12`, `Énergie : 3`, `Energie:`,
`Entrenador:`, `Energía:`, `Allenatore:`, `Treinador:`, `Energia:`, `ポケモン：`, `エネルギー：`),
`##Pokémon - 1` (PTCGO), mojibake spellings included. Their counts are a checksum only: PTCGL
counts lines, Limitless copies; a count that is neither is noted. The footer (`Total Cards`,
`Total de cartes`, `Karten insgesamt`…) is checked against the copies.

Card lines `N Name SET number [PH]` split from the right (names hold spaces, colons, digits);
`PH` marks a foil treatment and is dropped. A set and number is not an id: it finds its card
only when the names agree (`2 ヒトカゲ BS 4` is not Base Set 4, Charizard). Set codes map to
the catalog's set ids (catalog/collections/pokemon_sets.py); basic Energy in any spelling becomes
its
canonical name."""

from __future__ import annotations

import re
import unicodedata

from catalog.collections.pokemon_sets import SET_CODE, SETS, printing
from deckbuilder.decklists.base import MAIN, ForeignDeck, ForeignLine, split_quantity

PTCGL_SETS = SETS
ENERGY_TYPES = {
    "G": "Grass", "R": "Fire", "W": "Water", "L": "Lightning", "P": "Psychic",
    "F": "Fighting", "D": "Darkness", "M": "Metal", "Y": "Fairy",
}  # fmt: skip
#: the Japanese client's basic Energy: `基本雷エネルギー` is Basic Lightning Energy
ENERGY_JA = {
    "草": "Grass", "炎": "Fire", "水": "Water", "雷": "Lightning", "超": "Psychic",
    "闘": "Fighting", "悪": "Darkness", "鋼": "Metal", "フェアリー": "Fairy",
}  # fmt: skip
_ENERGY_JA = re.compile(r"^基本(" + "|".join(ENERGY_JA) + r")エネルギー(.*)$")
#: a label (no leading digit) and a count: `Pokémon: 14`, `Énergie : 3`, `##Trainer - 7`
_HEADER = re.compile(
    r"^(?:##\s*)?([^\d\s][^:()]*?)\s*(?::\s*(\d{1,6})|\s-\s*(\d{1,6})|\((\d{1,6})\))\s*$"
)
_FOOTER_WORDS = ("total", "insgesamt", "totale", "合計")
_SKIP = re.compile(r"^\*{3,}.*$")
_PRINT_MARKS = frozenset({"PH"})  # PTCGL's foil-treatment marker after the number
_ENERGY = re.compile(
    r"^(?:basic\s+)?(?:\{([GRWLPFDMY])\}|(" + "|".join(ENERGY_TYPES.values()) + r"))\s+energy\b"
    r"(?:\s+energy)?(.*)$",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^[A-Za-z]{0,6}\d+[A-Za-z]?$")


def parse(text: str, source: str = "") -> ForeignDeck:
    deck = ForeignDeck("ptcgl")
    header: tuple[int, str, int] | None = None
    section: list[ForeignLine] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = unicodedata.normalize("NFKC", raw).strip().removeprefix("* ").strip()
        if not line or _SKIP.match(line):
            continue
        if (found := _HEADER.match(line)) is not None:
            label, count = found.group(1), int(next(g for g in found.groups()[1:] if g))
            _check_section(deck, header, section)
            if any(word in label.casefold() for word in _FOOTER_WORDS):
                _check_total(deck, number, count)
                header = None
            else:
                header = (number, label, count)
            section = []
            continue
        qty_rest = split_quantity(line, number)
        if qty_rest is None:
            deck.notes.append(f"line {number}: {line[:40]!r} is not a card line (skipped)")
            continue
        card = card_line(number, *qty_rest, raw.strip())
        section.append(card)
        deck.add(card)
    _check_section(deck, header, section)
    return deck


def _check_section(
    deck: ForeignDeck, header: tuple[int, str, int] | None, cards: list[ForeignLine]
) -> None:
    """A header counts the section's lines (PTCGL) or copies (Limitless); anything else is
    noted, and the cards as listed are what count."""
    if header is None:
        return
    line, label, said = header
    copies = sum(card.qty for card in cards)
    if said not in (len(cards), copies):
        deck.notes.append(f"line {line}: {label} says {said}; {len(cards)} lines of {copies} "
                          "cards follow (the cards count)")  # fmt: skip


def _check_total(deck: ForeignDeck, line: int, said: int) -> None:
    copies = sum(card.qty for card in deck.lines)
    if said != copies:
        deck.notes.append(f"line {line}: the total says {said}; the cards listed are {copies}")


def card_line(number: int, qty: int, rest: str, raw: str) -> ForeignLine:
    tokens = rest.split()
    while len(tokens) > 1 and tokens[-1].upper() in _PRINT_MARKS:
        tokens.pop()
    rest = " ".join(tokens)
    energy = basic_energy(rest)
    if energy is not None:
        kind, after = energy
        set_code, collector = _set_number(after.split())
        return ForeignLine(
            number, qty, f"{kind} Energy", MAIN, set_code, collector,
            alt_names=(f"Basic {kind} Energy",), text=raw,
        )
    if len(tokens) >= 3 and _is_set_number(tokens[-2:]):
        found = printing(tokens[-2], tokens[-1])
        name = " ".join(tokens[:-2])
        return ForeignLine(
            number, qty, name, MAIN, found.set_id, found.number, text=raw,
            alt_printings=(found.tcgdex,) if found.tcgdex else (),
        )
    return ForeignLine(number, qty, rest, MAIN, text=raw)


def basic_energy(name: str) -> tuple[str, str] | None:
    """(type, what follows) of a basic Energy in any spelling (`Basic {R} Energy`, `Fire
    Energy`, `基本炎エネルギー`), or None."""
    if (found := _ENERGY.match(name)) is not None:
        code, word, after = found.groups()
        return (ENERGY_TYPES[code.upper()] if code else word.title()), after
    if (found := _ENERGY_JA.match(name)) is not None:
        return ENERGY_JA[found.group(1)], found.group(2)
    return None


def _is_set_number(tokens: list[str]) -> bool:
    return len(tokens) == 2 and bool(SET_CODE.match(tokens[0]) and _NUMBER.match(tokens[1]))


def _set_number(tokens: list[str]) -> tuple[str | None, str | None]:
    """(catalog set id, number) after a basic Energy's name; the legacy `Energy` "set" keeps
    only its number."""
    if not _is_set_number(tokens):
        return None, None
    found = printing(tokens[0], tokens[1])
    return found.set_id, found.number if found.set_id else None
