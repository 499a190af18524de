"""`twgp deck import --json`: the whole report of a decklist import, every line of the file
accounted for — resolved, unresolved (reason and closest names), noted by the reader (a
heading, a skipped or repaired line) or neither (a section header, a comment, the deck's
name). Nothing is capped, unlike the terminal's listing."""

from __future__ import annotations

import re
from typing import Any

from deckbuilder.importer import DeckImport, draft_text

_LINE_NOTE = re.compile(r"^line (\d+): (.*)$", re.DOTALL)


def import_json(
    result: DeckImport, text: str, *, source: str, output: str | None
) -> dict[str, Any]:
    """The report of `result`, read from `text` (for the lines no card or note covers)."""
    line_notes: list[dict[str, Any]] = []
    notes: list[str] = []
    for note in result.foreign.notes:
        found = _LINE_NOTE.match(note)
        if found is None:
            notes.append(note)
        else:
            line_notes.append({"line": int(found.group(1)), "note": found.group(2)})
    resolved = [line for line in result.lines if line.card is not None]
    covered = {line.line.line for line in result.lines} | {n["line"] for n in line_notes}
    other = [{"line": number, "text": written.strip()}
             for number, written in enumerate(text.splitlines(), start=1)
             if written.strip() and number not in covered]  # fmt: skip
    return {
        "source": source,
        "format": result.foreign.format_id,
        "game": result.game,
        "name": result.deck.name,
        "cards_resolved": result.copies,
        "lines_resolved": len(resolved),
        "lines_unresolved": len(result.unresolved),
        "resolved": [{
            "line": line.line.line, "text": line.line.text, "qty": line.line.qty,
            "zone": line.line.zone, "game": line.card.game, "source_id": line.card.source_id,
            "name": line.card.name,
        } for line in resolved if line.card is not None],
        "unresolved": [{
            "line": line.line.line, "text": line.line.text, "qty": line.line.qty,
            "name": line.line.name, "source_id": line.line.source_id, "reason": line.reason,
            "closest": list(line.closest), "games": list(line.elsewhere),
        } for line in result.unresolved],
        "line_notes": line_notes,
        "other_lines": other,
        "notes": notes,
        "hints": list(result.hints),
        "left_out": [{"name": name, "copies": copies, "basic_land": basic}
                     for name, copies, basic in result.left_out],
        "output": output,
        "draft": draft_text(result),
    }  # fmt: skip
