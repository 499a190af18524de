"""What every decklist reader gives back: a `ForeignDeck` of `ForeignLine`s, in sections
(main, side, extra), with the quantity rules they share. deckbuilder/decklists/__init__.py
lists the readers."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from catalog.collections.errors import QuantityError
from catalog.collections.vocab import count_of
from deckbuilder.errors import DecklistFormatError

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
