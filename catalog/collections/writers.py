"""Writing the collection as CSV for another app (FORMATS.md §7): twgp's own CSV, Moxfield and
ManaBox. Each writer says what it could not represent (other games, conditions, binders)."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from catalog.base.safe_output import csv_cell
from catalog.collections.owned import OwnedRowView

TWGP_COLUMNS = ("game", "source_id", "name", "name_ja", "set", "collector_number", "lang",
                "finish", "condition", "quantity", "location")  # fmt: skip
MOXFIELD_COLUMNS = ("Count", "Tradelist Count", "Name", "Edition", "Condition", "Language", "Foil",
                    "Tags", "Last Modified", "Collector Number", "Alter", "Proxy",
                    "Purchase Price")  # fmt: skip
MANABOX_COLUMNS = ("Name", "Set code", "Set name", "Collector number", "Foil", "Rarity",
                   "Quantity", "ManaBox ID", "Scryfall ID", "Purchase price", "Misprint",
                   "Altered", "Condition", "Language", "Purchase price currency")  # fmt: skip

MOXFIELD_CONDITIONS = {"M": "Mint", "NM": "Near Mint", "LP": "Good (Lightly Played)",
                       "MP": "Played", "HP": "Heavily Played", "D": "Damaged"}  # fmt: skip
# ManaBox has no "heavily played": HP is written as `played` and reported.
MANABOX_CONDITIONS = {"M": "mint", "NM": "near_mint", "LP": "light_played", "MP": "played",
                      "HP": "played", "D": "poor"}  # fmt: skip
LANGUAGE_NAMES = {"en": "English", "ja": "Japanese", "ko": "Korean", "zh-Hans": "Chinese",
                  "zh-Hant": "Traditional Chinese", "es": "Spanish", "pt": "Portuguese",
                  "fr": "French", "de": "German", "it": "Italian", "ru": "Russian",
                  "ph": "Phyrexian", "he": "Hebrew", "la": "Latin", "grc": "Ancient Greek",
                  "ar": "Arabic", "sa": "Sanskrit"}  # fmt: skip
MANABOX_LANGUAGES = {"zh-Hans": "zh_CN", "zh-Hant": "zh_TW"}
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@dataclass
class ExportResult:
    """The CSV text, how many entries it holds, and what the format could not carry
    (`notes`: each lossy change with the number of entries it touched)."""

    text: str
    written: int = 0
    left_out: list[str] = field(default_factory=list)
    notes: Counter[str] = field(default_factory=Counter)


def csv_table(columns: Sequence[str], *, quote_all: bool, crlf: bool) -> tuple[io.StringIO, Any]:
    """A CSV buffer with its header written, and a writer of formula-safe rows (the collection
    writers' and the wants lists')."""
    buffer = io.StringIO()
    writer = csv.writer(
        buffer,
        quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL,
        lineterminator="\r\n" if crlf else "\n",
    )
    writer.writerow(columns)
    return buffer, _SafeRows(writer)


class _SafeRows:
    """csv.writer whose text cells cannot run as spreadsheet formulas (catalog/base/safe_output)."""

    def __init__(self, writer: Any) -> None:
        self._writer = writer

    def writerow(self, row: Sequence[object]) -> None:
        self._writer.writerow([csv_cell(cell) for cell in row])


def write_twgp(entries: Sequence[OwnedRowView]) -> ExportResult:
    """twgp's collection CSV: UTF-8, LF, minimal quoting, every game, every field we keep."""
    buffer, writer = csv_table(TWGP_COLUMNS, quote_all=False, crlf=False)
    for e in entries:
        c = e.card
        writer.writerow([c.game, c.source_id, c.name, c.name_ja or "", c.set_code or "",
                         c.collector_number or "", e.lang or "", e.finish, e.condition or "",
                         e.quantity, e.location or ""])  # fmt: skip
    return ExportResult(buffer.getvalue(), len(entries))


def write_moxfield(entries: Sequence[OwnedRowView]) -> ExportResult:
    """Moxfield's collection CSV: every field quoted, CRLF, lowercase set codes, English
    language names, `foil`/`etched`/empty, `True`/`False` (FORMATS.md §7). MTG only."""
    buffer, writer = csv_table(MOXFIELD_COLUMNS, quote_all=True, crlf=True)
    result = ExportResult("")
    for e in _mtg_only(entries, result, "Moxfield"):
        c = e.card
        foil = {"foil": "foil", "etched": "etched"}.get(e.finish, "")
        _note_finish(e, foil or "nonfoil", result)
        writer.writerow([e.quantity, 0, c.name, (c.set_code or "").lower(),
                         MOXFIELD_CONDITIONS.get(e.condition or "", ""),
                         LANGUAGE_NAMES.get(e.lang or c.lang or "en", "English"), foil, "", "",
                         c.collector_number or "", "False", "False", ""])  # fmt: skip
        result.written += 1
    _note_locations(entries, result)
    result.text = buffer.getvalue()
    return result


def write_manabox(entries: Sequence[OwnedRowView]) -> ExportResult:
    """ManaBox's collection CSV: minimal quoting, CRLF, UPPERCASE set codes,
    `normal`/`foil`/`etched`, snake-case conditions, `ja`-style languages, Scryfall ID."""
    buffer, writer = csv_table(MANABOX_COLUMNS, quote_all=False, crlf=True)
    result = ExportResult("")
    for e in _mtg_only(entries, result, "ManaBox"):
        c = e.card
        finish = e.finish if e.finish in ("foil", "etched") else "normal"
        _note_finish(e, "nonfoil" if finish == "normal" else finish, result)
        if e.condition in (None, "HP"):
            result.notes[
                f"condition {e.condition or 'unknown'} written as ManaBox's "
                f"{MANABOX_CONDITIONS.get(e.condition or '', 'near_mint')}"
            ] += 1
        lang = e.lang or c.lang or "en"
        scryfall_id = c.source_id if _UUID.fullmatch(c.source_id) else ""
        writer.writerow([c.name, (c.set_code or "").upper(), "", c.collector_number or "",
                         finish, "", e.quantity, "", scryfall_id, "", "false", "false",
                         MANABOX_CONDITIONS.get(e.condition or "", "near_mint"),
                         MANABOX_LANGUAGES.get(lang, lang), ""])  # fmt: skip
        result.written += 1
    _note_locations(entries, result)
    result.text = buffer.getvalue()
    return result


def _mtg_only(entries: Sequence[OwnedRowView], result: ExportResult,
              app: str) -> list[OwnedRowView]:  # fmt: skip
    kept = []
    for e in entries:
        if e.card.game == "mtg":
            kept.append(e)
        else:
            result.left_out.append(f"{e.card.game}:{e.card.name}: {app} holds only MTG cards")
    return kept


def _note_finish(entry: OwnedRowView, written: str, result: ExportResult) -> None:
    if entry.finish != written:
        result.notes[f"finish {entry.finish} written as {written}"] += 1


def _note_locations(entries: Sequence[OwnedRowView], result: ExportResult) -> None:
    if any(e.location for e in entries):
        result.notes["binder/folder locations are not written in this format"] += 1


WRITERS: dict[str, Callable[[Sequence[OwnedRowView]], ExportResult]] = {
    "twgp": write_twgp,
    "moxfield": write_moxfield,
    "manabox": write_manabox,
}
