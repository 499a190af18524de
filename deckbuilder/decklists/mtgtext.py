"""MTG deck text shared by the plain, Arena and MTGO `.txt` readers (FORMATS.md §2.1–2.4):
quantities in every accepted form, section headers, `SB:` prefixes, the blank-line rule, a
trailing `(SET) number`, and site decorations (`*F*`, `#tags`, `[Categories]`, `^labels^`).

Headings are not cards: separators (`---`), counted groups (`Creatures (12)`, `Lands: 24`)
and type words (`LANDS`, `Creature`, `INSTANTS and SORC.`) never are. In a list whose cards
carry quantities, the first line without one before any card is the deck name, and any later
line without one is `bare`: one copy if it names a card, else a heading (the importer decides,
as only the catalog can tell `Giant Growth` from `Burn Spells`). `Commander: Dralnu, Lich Lord`
is a card of that section."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from deckbuilder.decklists.base import (
    EXTRA,
    MAIN,
    SIDE,
    ForeignDeck,
    ForeignLine,
    quantity,
    split_quantity,
)

#: header word → zone (None: lines there are not cards of the deck and are skipped); with
#: the words localised Arena clients and Japanese sites write
SECTIONS: dict[str, str | None] = {
    "deck": MAIN, "main": MAIN, "mainboard": MAIN, "maindeck": MAIN, "commander": MAIN,
    "commanders": MAIN, "sideboard": SIDE, "side": SIDE, "companion": "companion",
    "maybeboard": None, "considering": None, "tokens": None,
    "デッキ": MAIN, "メインデッキ": MAIN, "メイン": MAIN, "統率者": MAIN, "サイドボード": SIDE,
    "サイド": SIDE, "相棒": "companion", "mazo": MAIN, "mazzo": MAIN, "banquillo": SIDE,
    "reserva": SIDE, "réserve": SIDE, "comandante": MAIN, "commandant": MAIN,
    "kommandeur": MAIN,
    # Yu-Gi-Oh! lists (Master Duel, Neuron, deck sites): English and Japanese
    "main deck": MAIN, "extra deck": EXTRA, "side deck": SIDE, "extra": EXTRA,
    "エクストラデッキ": EXTRA, "エクストラ": EXTRA, "サイドデッキ": SIDE,
}  # fmt: skip
#: a section word or two, maybe wrapped (`// Side`, `[Sideboard]`, `【メインデッキ】`) and
#: counted (`Sideboard (15)`, `Main Deck: 40`, `メインデッキ 40枚`, `エクストラデッキ（15）`)
_HEADER = re.compile(
    r"^(?://\s*|\[|【)?\s*([^\W\d_]+(?:[ \t][^\W\d_]+)?)\s*[\]】]?\s*"
    r"(?:[(（]\s*\d+\s*枚?\s*[)）])?\s*[:：]?\s*(?:\d+\s*枚?)?\s*$"
)
#: a quantity after the name: `Lightning Bolt x4`, `Lightning Bolt (x4)`, `稲妻 ×4`
_TRAILING_QTY = re.compile(r"^(.*?\S)(?:\s+|\s*\(\s*)[xX×]\s*([0-9０-９]{1,12})\s*\)?$")
#: a set (and number) before the name: MWS `[M11] Lightning Bolt`, `[M11:149] Lightning Bolt`
_LEADING_SET = re.compile(r"^\[([A-Za-z0-9_]{2,8})(?::([^\]\s]+))?\]\s+(\S.*)$")
#: `Commander: Dralnu, Lich Lord`, `Sideboard: 2 Negate` — a section word, a colon, a card
_PREFIXED = re.compile(r"^(commanders?|companion|sideboard|side|maybeboard|considering)"
                       r"\s*:\s*(.*\D.*)$", re.IGNORECASE)  # fmt: skip
_SEPARATOR = re.compile(r"^[-=_*~#+.·•—–]{3,}$")
#: a line that names a group and counts it: `Creatures (12)`, `Lands: 24`, `Spells - 20`
_COUNTED = re.compile(
    r"^\D.*?(?:[(（]\s*\d+\s*枚?\s*[)）]|\[\s*\d+\s*\]|\s*[:：]\s*\d+\s*枚?|\s[\-–]\s*\d+"
    r"|\s\d+\s*枚)\s*$"
)
_TYPE_WORDS = (
    "creature", "artifact", "enchantment", "instant", "sorcery", "sorceries", "planeswalker",
    "land", "battle", "spell", "nonland", "other", "tribal", "kindred", "legendary", "basic",
    "and", "&", "/",
    # the groups of Yu-Gi-Oh! and Pokémon lists, in English and Japanese
    "monster", "trap", "effect", "fusion", "synchro", "xyz", "ritual", "pendulum", "card",
    "pokemon", "pokémon", "trainer", "energy", "energies", "item", "supporter", "stadium",
    "tool", "モンスター", "魔法", "罠", "魔法カード", "罠カード", "効果モンスター",
    "通常モンスター", "融合", "シンクロ", "エクシーズ", "リンク", "儀式", "ポケモン",
    "トレーナーズ", "グッズ", "サポート", "スタジアム", "ポケモンのどうぐ", "エネルギー",
    "基本エネルギー", "特殊エネルギー",
)  # fmt: skip
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
    word = " ".join(found.group(1).casefold().split()) if found else ""
    if word not in SECTIONS:
        return False, None
    return True, SECTIONS[word]


def is_heading(line: str) -> bool:
    """A line that can only be a heading or a separator, never a card name: `---`,
    `Creatures (12)`, `Lands: 24`, `INSTANTS and SORC.`, `Artifact`."""
    if _SEPARATOR.match(line) or _COUNTED.match(line):
        return True
    words = re.findall(r"[^\W\d_]+|[&/]", line.casefold())
    return bool(words) and all(_type_word(word) for word in words)


def names_no_card(text: str) -> bool:
    """A section header (`Deck`, `Sideboard (15)`, `メインデッキ`, `Extra Deck: 15`) or a
    heading (`Pokémon: 12`, `Creatures (12)`, `LANDS`): text no card is named."""
    return header_zone(text)[0] or is_heading(text.strip())


def _type_word(word: str) -> bool:
    """`creatures`, `sorc` (an abbreviation of four letters or more), `and`, `&`."""
    return any(
        word in (t, t + "s") or (len(word) >= 4 and t.startswith(word)) for t in _TYPE_WORDS
    )


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
    elif (found := _LEADING_SET.match(name.strip())) is not None:
        set_code, number, name = found.groups()
    if set_code and set_codes:
        set_code = set_codes.get(set_code.upper(), set_code)
    name = re.sub(r"\s*/{1,3}\s*", " // ", name.strip()) if "/" in name else name.strip()
    return name, set_code, number


def read_mtg_text(
    deck: ForeignDeck, text: str, *, set_codes: Mapping[str, str] | None = None
) -> ForeignDeck:
    """Read card lines into `deck`. Without any header, heading or `SB:` marker, a blank line
    between two blocks of cards starts the sideboard (MTGO, old Arena)."""
    lines = [line.strip() for line in text.splitlines()]
    counted = any(_has_quantity(line, n) for n, line in enumerate(lines, start=1))
    marked = _marked(lines, counted)
    zone: str | None = MAIN
    blank_after_cards = headed = False
    for number, line in enumerate(lines, start=1):
        if not line:
            blank_after_cards = blank_after_cards or bool(deck.lines)
            continue
        is_header, header = header_zone(line)
        if is_header:
            zone, headed = header, True
            continue
        if line.startswith(("#", "//")):
            continue
        if zone is None and _ends_section(line):
            zone = MAIN  # `Spells (33):` after `Tokens (2):`: a heading ends every section
        line_zone, card, prefixed = _zone_and_card(line, zone, marked, blank_after_cards)
        if line_zone is None:
            deck.notes.append(f"line {number}: {line!r} is not in the deck (skipped)")
        elif prefixed or any_quantity(card, number) is not None:
            read_card_line(deck, number, card, line_zone, line, set_codes)
        elif is_heading(card):
            if not _SEPARATOR.match(card):
                deck.notes.append(f"line {number}: {line!r} is a heading, not a card")
        elif counted and not deck.lines and not deck.name and not headed:
            deck.name = card  # Cockatrice's rule: the line before the cards names the deck
        else:
            read_card_line(deck, number, card, line_zone, line, set_codes, bare=counted)
    if not marked:
        _commander_written_last(deck)
        deck.blank_sideboard = any(line.zone == SIDE for line in deck.lines)
    return deck


def _ends_section(line: str) -> bool:
    """A heading of the deck's own cards (`Spells (33):`, `Creatures`), not a separator."""
    return is_heading(line) and not _SEPARATOR.match(line)


#: a Commander deck's size: its commander (or two partners) written last, after a blank line
COMMANDER_DECK = 100


def _commander_written_last(deck: ForeignDeck) -> None:
    """The blank-line rule's "sideboard" of one or two single cards completing a 100-card
    deck is its commander (a deck site's export of a Commander deck), not a sideboard."""
    side = [line for line in deck.lines if line.zone == SIDE]
    total = sum(line.qty for line in deck.lines)
    if not side or len(side) > 2 or any(line.qty != 1 for line in side) or total != COMMANDER_DECK:
        return
    for line in side:
        deck.lines[deck.lines.index(line)] = replace(line, zone=MAIN)
        deck.notes.append(f"line {line.line}: {line.name!r}, written last, is the commander")


def _has_quantity(line: str, number: int) -> bool:
    card = line[3:].strip() if line.upper().startswith("SB:") else line
    return any_quantity(card, number) is not None


def any_quantity(line: str, number: int) -> tuple[int, str] | None:
    """The line's quantity before the name (`4 Bolt`, `4x Bolt`…) or after it (`Bolt x4`)."""
    found = split_quantity(line, number)
    if found is None and (after := _TRAILING_QTY.match(line)) is not None:
        found = quantity(after.group(2), number), after.group(1).strip()
    return found


def _marked(lines: list[str], counted: bool) -> bool:
    """Whether the list says where its sideboard is (headers, headings, `SB:`), so that a
    blank line is only a blank line. Lines before the first card (a deck name) do not count."""
    seen_card = False
    for number, line in enumerate(lines, start=1):
        if header_zone(line)[0] or line.upper().startswith("SB:") or _PREFIXED.match(line):
            return True
        if not line or line.startswith(("#", "//")):
            continue
        if _has_quantity(line, number) or (not counted and not is_heading(line)):
            seen_card = True
        elif seen_card or is_heading(line):
            return True
    return False


def _zone_and_card(
    line: str, zone: str | None, marked: bool, blank_after_cards: bool
) -> tuple[str | None, str, bool]:
    """The zone of a card line, the card part and whether a prefix named its section:
    `SB: 2 X` → side; `Commander: X` → the commander's zone; after the blank line of an
    unmarked list → side."""
    if line.upper().startswith("SB:"):
        return SIDE, line[3:].strip(), True
    prefixed = _PREFIXED.match(line)
    if prefixed is not None:
        return SECTIONS[prefixed.group(1).casefold()], prefixed.group(2).strip(), True
    if not marked and blank_after_cards:
        return SIDE, line, False
    return zone, line, False


def read_card_line(
    deck: ForeignDeck, number: int, line: str, zone: str, raw: str,
    set_codes: Mapping[str, str] | None, *, bare: bool = False,
) -> None:
    qty_rest = any_quantity(line, number)
    qty, rest = qty_rest if qty_rest else (1, line)
    name, set_code, collector = card_fields(rest, set_codes)
    if not name:
        deck.notes.append(f"line {number}: no card name (skipped)")
        return
    deck.add(ForeignLine(number, qty, name, zone, set_code, collector, text=raw, bare=bare))
