"""Readers of other games' decklists (FORMATS.md §2–3), one module per format, each with
`parse(text, source="") -> ForeignDeck`. They only read: finding the cards is the importer's job.

| id    | format                                   | game    |
|-------|------------------------------------------|---------|
| plain | plain `N Name` list (MTG and others)     | mtg     |
| mtga  | MTG Arena text                           | mtg     |
| mtgo  | MTGO `.txt` or `.dek` XML                | mtg     |
| cod   | Cockatrice `.cod` XML                    | mtg     |
| ydk   | Yu-Gi-Oh! `.ydk`                         | yugioh  |
| ydke  | Yu-Gi-Oh! `ydke://` URL                  | yugioh  |
| ptcgl | Pokémon TCG Live / PTCGO text            | pokemon |
| dck   | XMage or Forge `.dck`                    | mtg     |
| lorcana | Dreamborn / Inktable `4 Ariel - On Human Legs` | lorcana |
| optcg | OPTCGSim / egman `4xOP01-016`              | onepiece, dbs-fusion-world (by the codes) |
| digimon | Digimon `4 Agumon BT1-010`, `4x BT1-010` | digimon |

Limits (lines, card lines, distinct cards, quantities) are limits.py's, checked by
`deckbuilder.importer.read_foreign` before and right after parsing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from catalog.collections.errors import QuantityError
from catalog.collections.vocab import count_of
from deckbuilder.errors import DeckError, DecklistFormatError

MAIN, SIDE, EXTRA = "main", "side", "extra"


@dataclass(frozen=True)
class ForeignLine:
    """One card line of a foreign list: where it was, how many, and every key it gives."""

    line: int
    qty: int
    name: str = ""
    zone: str = MAIN
    set_code: str | None = None
    number: str | None = None
    source_id: str | None = None
    alt_names: tuple[str, ...] = ()  # other spellings to try (basic Energy)
    #: the same printing as another source numbers it: TCGdex `("sv01", "057")` for `SVI 57`
    alt_printings: tuple[tuple[str, str], ...] = ()
    text: str = ""  # the line as written, for reports
    #: written without a quantity among lines with one: one copy if it names a card, else a
    #: heading of the list (`Burn Spells`), reported as such rather than as an unknown card
    bare: bool = False


@dataclass
class ForeignDeck:
    """A foreign list as read: its name (if it has one), card lines, and notes on what was
    ignored or repaired (a wrong header count, a token zone)."""

    format_id: str
    name: str = ""
    #: the game its lines tell (card codes: deckbuilder/decklists/cardcodes.py); "" when the
    #: format's own (DEFAULT_GAME) is meant
    game: str = ""
    lines: list[ForeignLine] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the sideboard was told by a blank line only (MTGO's rule, which other games lack)
    blank_sideboard: bool = False

    def add(self, line: ForeignLine) -> None:
        """Keep a card line; quantity 0 ("known but not in the deck") is only noted."""
        if line.qty == 0:
            self.notes.append(f"line {line.line}: quantity 0 (skipped)")
        else:
            self.lines.append(line)


_QTY = re.compile(r"^\s*[(\[]?(?:x\s*)?([0-9０-９]+)(?:x|\*)?[)\]]?\s+(?=\S)", re.IGNORECASE)


def split_quantity(text: str, line: int | None = None) -> tuple[int, str] | None:
    """`4 Bolt`, `4x Bolt`, `x4 Bolt`, `4 x Bolt`, `(4) Bolt`, `[4] Bolt`, `4* Bolt` → (4, "Bolt");
    None when the line has no leading quantity. A quantity above a million copies (or of
    thousands of digits) is a DecklistFormatError naming `line`."""
    found = _QTY.match(text)
    if found is None:
        return None
    rest = text[found.end() :].strip()
    if rest.startswith("x "):  # "4 x Bolt" (lower case only: "X Marks the Spot" is a name)
        rest = rest[2:].strip()
    return quantity(found.group(1), line), rest


def quantity(digits: str, line: int | None) -> int:
    """ASCII or full-width digits → a count, or DecklistFormatError."""
    try:
        return count_of(unicodedata.normalize("NFKC", digits))
    except QuantityError as exc:
        raise DecklistFormatError(exc.message, line=line) from exc


Parser = Callable[[str, str], ForeignDeck]


def parser(format_id: str) -> Parser:
    """The reader of a format id (KeyError for an unknown one: the CLI lists FORMAT_IDS)."""
    from deckbuilder.decklists import cardcodes, cod, dck, lorcana, mtga, mtgo, plain, ptcgl, ydk

    table: dict[str, Parser] = {
        "plain": plain.parse,
        "mtga": mtga.parse,
        "mtgo": mtgo.parse,
        "cod": cod.parse,
        "ydk": ydk.parse,
        "ydke": ydk.parse_ydke,
        "ptcgl": ptcgl.parse,
        "dck": dck.parse,
        "lorcana": lorcana.parse,
        "optcg": cardcodes.parse_optcg,
        "digimon": cardcodes.parse_digimon,
    }
    return table[format_id]


FORMAT_IDS = ("mtga", "mtgo", "plain", "ydk", "ydke", "ptcgl", "cod", "dck", "lorcana", "optcg",
              "digimon")  # fmt: skip
#: what `twgp deck import --from` and `POST /v1/decks/import?from=` take; auto is the default
IMPORT_FROM = ("auto", *FORMAT_IDS)


def checked_from(format_id: str) -> str:
    """`format_id` if a decklist can be imported from it, else a DeckError listing the choices."""
    if format_id not in IMPORT_FROM:
        raise DeckError(f"unknown format {format_id!r}; expected auto or one of "
                        f"{', '.join(FORMAT_IDS)}")  # fmt: skip
    return format_id
DEFAULT_GAME = {
    "plain": "mtg", "mtga": "mtg", "mtgo": "mtg", "cod": "mtg", "dck": "mtg",
    "ydk": "yugioh", "ydke": "yugioh", "ptcgl": "pokemon", "lorcana": "lorcana",
    "optcg": "onepiece", "digimon": "digimon",
}  # fmt: skip
