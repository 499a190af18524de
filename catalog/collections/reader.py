"""Reading a collection CSV into `CollectionRow`s: pure (no catalog), one problem per bad row,
streamed (`open_collection`) or whole (`read_collection`).

Text decoding, the `sep=` line, delimiter sniffing and line numbers are
catalog/ingest/textfiles.py's;
which game the file holds is games.py's."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import chain, islice
from pathlib import Path

from catalog.collections.errors import CollectionFormatError, QuantityError
from catalog.collections.formats import CollectionFormat, Headers, detect_format
from catalog.collections.games import SAMPLE_ROWS, sniffed_game
from catalog.collections.limits import MAX_COLLECTION_ROWS
from catalog.collections.pokemon_sets import SETS as POKEMON_SETS
from catalog.collections.pokemon_sets import printing as pokemon_printing
from catalog.collections.rows import CollectionRow, ParsedCollection, RowProblem
from catalog.collections.vocab import (
    finish_in_condition,
    parse_condition,
    parse_finish,
    parse_language,
    parse_quantity,
    shown_value,
    vocab_key,
)
from catalog.ingest.textfiles import CsvRow, open_text, read_csv
from converters.game_names import parse_game
from converters.registry import converter_ids

MAX_ID_CHARS = 64  # Scryfall UUIDs are 36, pokemontcg.io ids about 15
MAX_PASSCODE_DIGITS = 10  # Yu-Gi-Oh! passcodes are unsigned 32-bit numbers
WISH_LIST_TYPES = frozenset({"list", "wishlist", "wish", "wants"})
DECK_LIST_TYPES = frozenset({"deck"})
_SCIENTIFIC = re.compile(r"[0-9.,]+e\+?[0-9]+", re.IGNORECASE)


@dataclass(frozen=True)
class ReadOptions:
    """`format_id`: "auto" or a format id; `game`: for files that do not say (TCGplayer, generic);
    `count_decks`: count ManaBox/Sorted deck rows as owned copies too (off: they repeat binders)."""

    format_id: str = "auto"
    game: str | None = None
    count_decks: bool = False
    encoding: str | None = None  # `--encoding`; None: detected


@dataclass
class CollectionStream:
    """An open collection file: what it is, and its rows as they are read (`items`: a
    CollectionRow, or a RowProblem for a row that is not counted). `game` is the file's game
    (games.py); None for a file of any game until its cards tell."""

    file: str
    format: CollectionFormat
    encoding: str
    headers: list[str]
    game: str | None
    items: Iterator[CollectionRow | RowProblem] = field(default_factory=lambda: iter(()))
    rows_read: int = 0
    named: bool = True  # the file has a column of card names (else ids or numbers only)


@contextmanager
def open_collection(
    path: str | Path, options: ReadOptions = ReadOptions()
) -> Iterator[CollectionStream]:
    """Open a collection CSV (any format of FORMATS.md §4, detected by its headers) for
    reading row by row; nothing is held but the row being read.

    Raises CollectionFormatError (not a collection CSV, unknown format, a missing column) or
    InputFormatError (undecodable text, malformed CSV); a bad row is a `RowProblem`."""
    with open_text(path, encoding=options.encoding) as file:
        names, rows = read_csv(file)
        _refuse_json(names, file.name)
        headers = Headers(tuple(names), sep_line=file.sep_line)
        fmt = detect_format(headers, file=file.name, wanted=options.format_id)
        columns = fmt.check_columns(headers, file.name)
        head = list(islice(rows, SAMPLE_ROWS))
        game = options.game or _app_game(fmt, columns, head)
        stream = CollectionStream(file.name, fmt, file.encoding, list(names), game,
                                  named=bool({"name", "name_ja"} & columns.keys()))
        reader = _RowReader(fmt, columns, game, options.count_decks, converter_ids())
        stream.items = _items(stream, reader, chain(head, rows))
        yield stream


def _items(
    stream: CollectionStream, reader: _RowReader, rows: Iterable[CsvRow]
) -> Iterator[CollectionRow | RowProblem]:
    for row in rows:
        stream.rows_read += 1
        if stream.rows_read > MAX_COLLECTION_ROWS:
            raise CollectionFormatError(
                f"{stream.file}: more than {MAX_COLLECTION_ROWS:,} rows (the limit)",
                hint="split the file and import the parts (merge mode adds them up)",
            )
        result = reader.read(row)
        if isinstance(result, RowProblem):
            yield result
        else:
            yield from result


def read_collection(path: str | Path, options: ReadOptions = ReadOptions()) -> ParsedCollection:
    """The whole file read at once (`open_collection` for large files)."""
    with open_collection(path, options) as stream:
        parsed = ParsedCollection(stream.file, stream.format.id, stream.encoding, stream.headers)
        for item in stream.items:
            if isinstance(item, RowProblem):
                parsed.problems.append(item)
            else:
                parsed.rows.append(item)
        parsed.rows_read = stream.rows_read
        parsed.game = stream.game
    return parsed


def _refuse_json(names: list[str], file: str) -> None:
    if names and names[0].lstrip().startswith(("{", "[")):
        raise CollectionFormatError(
            f"{file}: JSON, not a collection CSV",
            hint="collections are CSV files; card data in JSON is imported with "
            "`twgp import GAME FILE`",
        )


def _app_game(fmt: CollectionFormat, columns: dict[str, str], head: list[CsvRow]) -> str | None:
    """The app's game; for an app exporting several games, the one its first rows show."""
    if fmt.game is None or not fmt.games:
        return fmt.game
    def cell(row: CsvRow, role: str) -> str:
        return row.values.get(columns.get(role, ""), "")

    cells = [(cell(r, "collector_number"), cell(r, "rarity"), cell(r, "finish")) for r in head]
    return sniffed_game(cells, fmt.games, fmt.game)


@dataclass
class _RowReader:
    fmt: CollectionFormat
    columns: dict[str, str]
    game: str | None
    count_decks: bool
    # Asked of the plugin registry once per file: entry_points() costs milliseconds a call.
    known_games: list[str]

    def cell(self, row: CsvRow, role: str) -> str:
        column = self.columns.get(role)
        value = row.values.get(column, "") if column else ""
        return unicodedata.normalize("NFC", value).strip()

    def read(self, row: CsvRow) -> list[CollectionRow] | RowProblem:
        name = self.cell(row, "name")
        if row.extra:  # its cells may have moved: an error naming the line, never a guess
            return RowProblem(row.line, "error", row.overflow(), name)
        skip = self._list_type_skip(row, name)
        if skip is not None:
            return skip
        counts = self._counts(row, name)
        if isinstance(counts, RowProblem):
            return counts
        if not (name or self.cell(row, "source_id") or self.cell(row, "collector_number")):
            return RowProblem(row.line, "error", "the row names no card (no name, id or number)")
        if not any(n for n, _ in counts):
            return RowProblem(row.line, "skipped", "quantity 0: known but not owned", name)
        base = self._row(row, name)
        return [replace(base, quantity=n, finish=f or base.finish) for n, f in counts if n]

    def _list_type_skip(self, row: CsvRow, name: str) -> RowProblem | None:
        kind = vocab_key(self.cell(row, "list_type"))
        column = self.columns.get("list_type", "")
        if kind in WISH_LIST_TYPES:
            reason = f"{column} {kind!r}: a wish list, not owned"
            return RowProblem(row.line, "skipped", reason, name)
        if kind in DECK_LIST_TYPES and not self.count_decks:
            reason = f"{column} {kind!r}: deck copies repeat binders (--count-decks adds them)"
            return RowProblem(row.line, "skipped", reason, name)
        return None

    def _counts(self, row: CsvRow, name: str) -> list[tuple[int, str | None]] | RowProblem:
        """(quantity, finish forced by the column) per count column of the row."""
        roles = [("quantity", None), ("foil_quantity", "foil")]
        present = [(r, f) for r, f in roles if r in self.columns]
        if not present:
            return [(1, None)]  # a plain list of names (generic CSV): one copy each
        cells = [(self.cell(row, r), f) for r, f in present]
        if not any(c for c, _ in cells) and not name:
            return RowProblem(row.line, "skipped", "no quantity and no card: a junk row")
        counts: list[tuple[int, str | None]] = []
        for (cell, finish), (role, _) in zip(cells, present, strict=True):
            if not cell and len(cells) > 1:
                continue  # EchoMTG: an empty `Foil Qty` beside a `Reg Qty` means none
            try:
                counts.append((parse_quantity(cell), finish))
            except QuantityError as exc:
                return RowProblem(row.line, "error", f"{self.columns[role]}: {exc.message}", name)
        return counts

    def _row(self, row: CsvRow, name: str) -> CollectionRow:
        warnings: list[str] = []
        game = self.game
        if game_cell := self.cell(row, "game"):
            game = parse_game(game_cell, self.known_games)
            if game is None:
                warnings.append(f"game {game_cell!r} is not one we know: told by the cards")
        condition_cell = self.cell(row, "condition")
        condition, warning = parse_condition(condition_cell)
        warnings += [warning] if warning else []
        finish, warning = parse_finish(self.cell(row, "finish"))
        warnings += [warning] if warning else []
        if finish == "nonfoil":
            finish = finish_in_condition(condition_cell) or finish
        blank = self.fmt.blank_lang if "lang" in self.columns else None  # no column: unknown
        lang, warning = parse_language(self.cell(row, "lang"), blank=blank)
        warnings += [warning] if warning else []
        source_id, warning = _source_id(self.cell(row, "source_id"), game)
        warnings += [warning] if warning else []
        alt = self.cell(row, "alt_name")
        set_code = self.cell(row, "set_code") or None
        number = self.cell(row, "collector_number") or None
        return CollectionRow(
            line=row.line,
            quantity=0,
            name=name,
            game=game or None,
            source_id=source_id,
            set_code=set_code,
            collector_number=number,
            alt_printings=_pokemon_printings(set_code, number, game),
            lang=lang,
            finish=finish,
            condition=condition,
            name_ja=self.cell(row, "name_ja") or None,
            alt_names=(alt,) if alt and alt != name else (),
            location=self.cell(row, "location") or None,
            warnings=tuple(warnings),
            raw=dict(row.values),
        )


def _pokemon_printings(
    set_code: str | None, number: str | None, game: str | None
) -> tuple[tuple[str, str], ...]:
    """A Pokémon row's set written as PTCGL and TCGplayer write it (`BS`, `4/102`) is also
    looked up as the catalog's sets (`base1` `4`, and TCGdex's ids):
    catalog/collections/pokemon_sets.py."""
    if not set_code or not number or game not in (None, "pokemon"):
        return ()
    if set_code.upper() not in POKEMON_SETS:
        return ()
    found = pokemon_printing(set_code, number.split("/", 1)[0].strip())
    pairs = [found.tcgdex] if found.tcgdex else []
    if found.set_id and found.number:
        pairs.insert(0, (found.set_id, found.number))
    return tuple(pairs)


def _source_id(cell: str, game: str | None) -> tuple[str | None, str | None]:
    """A source id cell, cleaned: YGO passcodes compare as integers (`05318639` = `5318639`);
    Excel's scientific notation (`8.96E+07`) lost digits: flagged and dropped, never guessed;
    an id longer than any source's is dropped with a warning."""
    if not cell:
        return None, None
    if len(cell) > MAX_ID_CHARS:
        return None, f"id {shown_value(cell)} is longer than any card id: ignored"
    if _SCIENTIFIC.fullmatch(cell):
        return None, f"id {cell!r} looks like Excel's scientific notation (digits lost): ignored"
    if game == "yugioh" and cell.isascii() and cell.isdigit():
        passcode = cell.lstrip("0") or "0"
        if len(passcode) > MAX_PASSCODE_DIGITS:
            return None, f"id {shown_value(cell)} is not a passcode (at most 10 digits): ignored"
        return passcode, None
    if re.fullmatch(r"[0-9a-fA-F-]{36}", cell):
        return cell.lower(), None  # a Scryfall UUID
    return cell, None
