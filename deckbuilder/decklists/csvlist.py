"""A decklist saved as a CSV table (a deck site's CSV export, a spreadsheet): read by the
plain reader when the first line is a header row naming the columns collection files use
(`Quantity`/`Count`, `Name`/`Card Name`, `Set`/`Edition`, `Collector Number`, `Scryfall ID`…,
catalog/collections/formats.py). A table without a column of names is read by its ids or set
and numbers, and says so; one with none of them is an error naming its columns."""

from __future__ import annotations

import csv
import io

from catalog.collections.errors import QuantityError
from catalog.collections.formats import (
    GENERIC_ID,
    GENERIC_NUMBER,
    GENERIC_SET,
    NAME,
    QUANTITY,
    Headers,
)
from catalog.collections.vocab import parse_quantity
from deckbuilder.decklists.base import MAIN, SIDE, ForeignDeck, ForeignLine
from deckbuilder.errors import DecklistFormatError

_DELIMITERS = ",;\t"
#: a column saying which part of the deck a row is in (Moxfield's `Board`), and its values
BOARD = ("Board", "Section", "Zone")
_BOARDS: dict[str, str | None] = {
    "main": MAIN, "mainboard": MAIN, "deck": MAIN, "commander": MAIN, "commanders": MAIN,
    "side": SIDE, "sideboard": SIDE, "maybe": None, "maybeboard": None, "considering": None,
    "tokens": None,
}  # fmt: skip


def table_header(text: str) -> tuple[str, list[str]] | None:
    """(delimiter, cells) when the first line is a CSV header row of a card table, else None."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(_DELIMITERS, key=first.count)
    if first.count(delimiter) == 0:
        return None
    cells = [cell.strip() for cell in next(csv.reader([first], delimiter=delimiter))]
    if len(cells) < 2 or any(not cell or cell.isdigit() for cell in cells):
        return None
    headers = Headers(tuple(cells))
    if not any(headers.column(role) for role in (NAME, QUANTITY, GENERIC_ID)):
        return None
    return delimiter, cells


def read_table(deck: ForeignDeck, text: str, delimiter: str, source: str = "") -> ForeignDeck:
    """Each row of the table a card line: quantity (1 without the column), name, set and
    number, id; rows of a `Board` kept out of the deck (maybeboard, tokens) are noted."""
    rows = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = [cell.strip() for cell in next(row for row in rows if any(c.strip() for c in row))]
    headers = Headers(tuple(header))
    index = {role: header.index(column) for role, aliases in (
        ("name", NAME), ("qty", QUANTITY), ("set", GENERIC_SET), ("number", GENERIC_NUMBER),
        ("id", GENERIC_ID), ("board", BOARD),
    ) if (column := headers.column(aliases)) is not None}  # fmt: skip
    shown = ", ".join(header)
    if not {"name", "id", "number"} & index.keys():
        raise DecklistFormatError(
            f"a CSV table with no column of card names, ids or numbers (columns: {shown})",
            source=source, hint="export the deck with its card names (a `Name` column), or as text",
        )
    if "name" not in index:
        deck.notes.append(f"a CSV table with no column of card names (columns: {shown}): "
                          "its cards are found by id or by set and number")  # fmt: skip
    for row in rows:
        _read_row(deck, rows.line_num, row, index, delimiter)
    return deck


def _read_row(
    deck: ForeignDeck, number: int, row: list[str], index: dict[str, int], delimiter: str
) -> None:
    def cell(role: str) -> str:
        at = index.get(role)
        return row[at].strip() if at is not None and at < len(row) else ""

    if not any(value.strip() for value in row):
        return
    zone = _BOARDS.get(cell("board").casefold(), MAIN) if cell("board") else MAIN
    written = delimiter.join(row)
    if zone is None:
        deck.notes.append(f"line {number}: {written!r} is not in the deck (skipped)")
        return
    try:
        qty = parse_quantity(cell("qty")) if "qty" in index else 1
    except QuantityError as exc:
        deck.notes.append(f"line {number}: {exc.message} (skipped)")
        return
    deck.add(ForeignLine(number, qty, cell("name"), zone, cell("set") or None,
                         cell("number") or None, cell("id") or None, text=written))  # fmt: skip
