"""`twgp deck export`: a resolved deck as `.twgp`, JSON, CSV, Markdown or a printable HTML
tournament sheet (one page per half deck and one for the life set). Each card shows its
game, name, Japanese name, grade and type; a user's override is marked. Files are never
overwritten without `force`."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from catalog.safe_output import csv_cell, markdown_text, output_exists, write_output
from converters.base import CardType, format_grade
from deckbuilder import sheet
from deckbuilder.deck import Deck, Entry, split_format_id
from deckbuilder.deck_formats.registry import format_ids
from deckbuilder.errors import DeckError, DecklistFormatError, OutputExistsError
from deckbuilder.resolve import ResolvedDeck, ResolvedEntry
from deckbuilder.section_names import section_name
from deckbuilder.twgp_format import dump

OVERRIDE_MARK = "*"
CSV_COLUMNS = ("section", "qty", "game", "name", "name_ja", "source_id", "grade", "type",
               "override", "effects")


@dataclass(frozen=True)
class ExportRow:
    """One deck line as exported: the line as written plus the card's facts (None when the
    line resolved to no card)."""

    section: str
    qty: int
    game: str
    name: str
    source_id: str | None
    name_ja: str | None
    grade: str | None
    card_type: CardType | None
    overridden: bool
    resolved: bool
    effect_reasons: Mapping[str, str] = field(default_factory=dict)
    curse: bool = False

    @property
    def effects_shown(self) -> str:
        """Each effect with the phrase that gave it: "plus (gets +1000 power); hazard (…)"."""
        return "; ".join(f"{effect} ({reason})" if reason else effect
                         for effect, reason in self.effect_reasons.items())  # fmt: skip

    @property
    def grade_shown(self) -> str:
        return (self.grade or "—") + (OVERRIDE_MARK if self.overridden else "")

    @property
    def type_shown(self) -> str:
        if self.card_type is None:
            return "—" if self.resolved else "unknown card"
        return self.card_type.label + (OVERRIDE_MARK if self.overridden else "")


def export_row(r: ResolvedEntry) -> ExportRow:
    card = r.card
    return ExportRow(
        section=r.section, qty=r.qty, game=r.entry.game, name=r.entry.name,
        source_id=r.entry.source_id, name_ja=card.name_ja if card else None,
        grade=format_grade(card.grade) if card else None, card_type=r.card_type,
        overridden=bool(card and card.overridden), resolved=card is not None,
        effect_reasons=dict(card.effect_reasons) if card else {}, curse=bool(card and card.curse),
    )


def export_rows(resolved: ResolvedDeck) -> list[ExportRow]:
    return [export_row(r) for r in resolved.all()]


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
    """Read back a JSON export (its deck lines; the card facts are informative)."""
    try:
        document = json.loads(text)
        sections = {
            key: tuple(
                Entry(int(c["qty"]), str(c["game"]), str(c["name"]), c.get("source_id"))
                for c in cards
            )
            for key, cards in document["sections"].items()
        }
        deck_format, plugin = split_format_id(str(document["format"]))
        if plugin is not None and plugin not in format_ids():
            raise ValueError(f"unknown format {plugin!r}; installed: {', '.join(format_ids())}")
        fields = {str(k): str(v) for k, v in document.get("fields", {}).items()}
        return Deck(str(document.get("name", "")), deck_format, sections, plugin, fields)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DecklistFormatError(f"not a twgp JSON deck export: {exc}") from exc


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


def refuse_existing(path: Path, *, force: bool = False) -> None:
    """Raise OutputExistsError when `path` exists (a dangling symbolic link too) and `force`
    was not given."""
    if output_exists(path) and not force:
        raise OutputExistsError(
            f"{path} exists; not overwritten", hint="pass --force to replace it"
        )


def write_new(path: Path, text: str, *, force: bool = False) -> None:
    """Write `text` to `path`; an existing file is replaced only with `force`, and a symbolic
    link is replaced by the file, never written through."""
    refuse_existing(path, force=force)
    try:
        write_output(path, text)
    except OSError as exc:
        raise DeckError(f"cannot write {path}: {exc.strerror or exc}") from exc
