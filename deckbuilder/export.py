"""`twgp deck export`: a resolved deck as `.twgp`, JSON, CSV, Markdown or a printable HTML
tournament sheet (one page per half deck and one for the life set). Each card shows its
game, name, Japanese name, grade and type; a user's override is marked. Files are never
overwritten without `force`."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from catalog.base.safe_output import check_output, csv_cell, markdown_text, write_output
from catalog.ingest.json_guard import JsonGuard
from converters.errors import OutputWriteError
from deckbuilder import sheet
from deckbuilder.deck import Deck, Entry, split_format_id
from deckbuilder.errors import DeckError, DecklistFormatError
from deckbuilder.export_rows import OVERRIDE_MARK, export_rows
from deckbuilder.play_formats.registry import format_ids
from deckbuilder.resolve import ResolvedDeck
from deckbuilder.section_names import section_name
from deckbuilder.twgp_format import dump

CSV_COLUMNS = ("section", "qty", "game", "name", "name_ja", "source_id", "grade", "type",
               "override", "effects")


def to_twgp(resolved: ResolvedDeck) -> str:
    return dump(resolved.deck)


def to_json(resolved: ResolvedDeck) -> str:
    deck = resolved.deck
    sections: dict[str, list[dict[str, Any]]] = {key: [] for key, _ in deck.ordered_sections()}
    for row in export_rows(resolved):
        sections[row.section].append({
            "qty": row.qty, "game": row.game, "name": row.name, "source_id": row.source_id,
            "name_ja": row.name_ja, "grade": row.grade,
            "type": row.card_type.value if row.card_type else None, "override": row.overridden,
            "effects": list(row.effect_reasons), "effect_reasons": dict(row.effect_reasons),
            "curse": row.curse,
        })
    document: dict[str, Any] = {"name": deck.name, "format": deck.format_id}
    if deck.fields:
        document["fields"] = dict(deck.fields)
    document["sections"] = sections
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def deck_from_json(text: str) -> Deck:
    """Read back a JSON export (its deck lines; the card facts are informative). Hostile JSON
    (nesting past the limit, a huge number) is refused before the parser sees it; every
    refusal says what is wrong in our words, never a parser's or Python's."""
    JsonGuard("the JSON deck").check(text.encode("utf-8", "surrogatepass"))
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise DecklistFormatError(f"{_NOT_EXPORT}: not JSON (it breaks off at {where})") from exc
    except ValueError as exc:  # an integer of thousands of digits
        raise DecklistFormatError(f"{_NOT_EXPORT}: a number too long to read") from exc
    if not isinstance(document, dict):
        raise DecklistFormatError(f"{_NOT_EXPORT}: not a JSON object")
    sections, fields = document.get("sections"), document.get("fields", {})
    if "format" not in document or not isinstance(sections, dict):
        raise DecklistFormatError(f"{_NOT_EXPORT}: it needs a format and sections")
    if not isinstance(fields, dict) or not all(isinstance(c, list) for c in sections.values()):
        raise DecklistFormatError(f"{_NOT_EXPORT}: each section must be a list of cards, "
                                  "the fields an object")  # fmt: skip
    try:
        deck_format, plugin = split_format_id(str(document["format"]))
    except ValueError as exc:  # its own words: the format id is malformed
        raise DecklistFormatError(f"{_NOT_EXPORT}: {exc}") from exc
    if plugin is not None and plugin not in format_ids():
        raise DecklistFormatError(
            f"{_NOT_EXPORT}: unknown format {plugin!r}; installed: {', '.join(format_ids())}"
        )
    entries = {str(key): tuple(_json_entry(c) for c in cards) for key, cards in sections.items()}
    fields = {str(k): str(v) for k, v in fields.items()}
    return Deck(str(document.get("name", "")), deck_format, entries, plugin, fields)


_NOT_EXPORT = "not a twgp JSON deck export"


def _json_entry(card: Any) -> Entry:
    """One card of a JSON export's section: {"qty", "game", "name"[, "source_id"]}."""
    if not isinstance(card, dict) or not all(key in card for key in ("qty", "game", "name")):
        raise DecklistFormatError(f"{_NOT_EXPORT}: each card needs a qty, a game and a name")
    try:
        qty = int(card["qty"])
    except (TypeError, ValueError, OverflowError):
        shown = str(card["qty"])[:20]
        raise DecklistFormatError(f"{_NOT_EXPORT}: qty {shown!r} is not a whole number") from None
    source_id = card.get("source_id")
    try:
        return Entry(qty, str(card["game"]), str(card["name"]),
                     None if source_id is None else str(source_id))  # fmt: skip
    except ValueError as exc:  # its own words: a quantity out of range
        raise DecklistFormatError(f"{_NOT_EXPORT}: {exc}") from exc


def to_csv(resolved: ResolvedDeck) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in export_rows(resolved):
        writer.writerow([csv_cell(cell) for cell in (
            row.section, row.qty, row.game, row.name, row.name_ja or "", row.source_id or "",
            row.grade or "", row.card_type.value if row.card_type else "",
            "yes" if row.overridden else "", row.effects_shown,
        )])
    return out.getvalue()


def _md(text: str) -> str:
    return markdown_text(text)


def to_markdown(resolved: ResolvedDeck) -> str:
    deck = resolved.deck
    lines = [f"# {_md(deck.name or 'TWGP deck')}", "", f"Format: **{_md(deck.format_id)}**"]
    rows = export_rows(resolved)
    for key, _ in deck.ordered_sections():
        section = [row for row in rows if row.section == key]
        count = sum(row.qty for row in section)
        title = f"{section_name(key, 'en')} / {section_name(key, 'ja')}"  # "Life / ライフ"
        lines += ["", f"## {_md(title)} ({count})", "",
                  "| qty | game | name | 日本語名 | grade | type | effects |",
                  "|---:|---|---|---|---:|---|---|"]
        lines += [
            f"| {row.qty} | {_md(row.game)} | {_md(row.name)} | {_md(row.name_ja or '')} | "
            f"{row.grade_shown} | {row.type_shown} | {_md(row.effects_shown)} |"
            for row in section
        ]
    if any(row.overridden for row in rows):
        lines += ["", f"{OVERRIDE_MARK} the user's override"]
    return "\n".join(lines) + "\n"


def to_html(resolved: ResolvedDeck) -> str:
    return sheet.render(resolved.deck, export_rows(resolved))


EXPORTERS: dict[str, Callable[[ResolvedDeck], str]] = {
    "twgp": to_twgp, "json": to_json, "csv": to_csv, "md": to_markdown, "html": to_html,
}
EXPORT_FORMATS = tuple(EXPORTERS)


def export_deck(resolved: ResolvedDeck, format_id: str) -> str:
    try:
        exporter = EXPORTERS[format_id]
    except KeyError:
        raise DeckError(
            f"unknown export format {format_id!r}; expected one of {', '.join(EXPORT_FORMATS)}"
        ) from None
    return exporter(resolved)


def refuse_existing(path: Path, *, force: bool = False, protected: Iterable[Path] = ()) -> None:
    """Raise OutputExistsError when `path` exists (a dangling symbolic link too) and `force`
    was not given, OutputRefusedError when it is no regular file or one of `protected`
    (catalog/base/safe_output.py `check_output`)."""
    check_output(path, force=force, protected=protected)


def write_new(
    path: Path, text: str, *, force: bool = False, protected: Iterable[Path] = ()
) -> None:
    """Write `text` to `path`; an existing file is replaced only with `force`, and a symbolic
    link is replaced by the file, never written through. A failed write (a full disk) is an
    OutputWriteError."""
    refuse_existing(path, force=force, protected=protected)
    try:
        write_output(path, text)
    except OSError as exc:
        raise OutputWriteError(f"cannot write {path}: {exc.strerror or exc}",
                               hint="nothing was written") from exc  # fmt: skip
