"""The printable HTML tournament sheet: one page for the life set and one per half deck (the
entry deck with its library and archive, each final or added half, the pool), each page with
the deck's name, format, a line for the player, and its cards with grade and type. A plugin
format's deck (`main`, `side`, `roster`…) gets one page per non-empty section."""

from __future__ import annotations

from collections.abc import Sequence

from catalog.base.safe_output import html_text as escape
from deckbuilder.deck import ARCHIVE, LIBRARY, LIFE, Deck
from deckbuilder.export_rows import ExportRow

CSS = """
body { font-family: "Noto Sans", "Noto Sans JP", sans-serif; font-size: 11pt; margin: 0; }
.page { padding: 12mm; break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
header { display: flex; justify-content: space-between; border-bottom: 2px solid #000; }
h1 { font-size: 16pt; margin: 0 0 4pt 0; }
h2 { font-size: 13pt; margin: 10pt 0 4pt 0; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #555; padding: 2pt 4pt; text-align: left; }
td.num { text-align: right; width: 3em; }
.player { margin-top: 6pt; }
.note { font-size: 9pt; color: #333; }
@page { size: A4; margin: 0; }
"""

TITLES = {LIFE: "Life set / ライフ", LIBRARY: "Library / ライブラリ (15)",
          ARCHIVE: "Archive / アーカィヴ (5)",
          # the sections of the other games' formats we ship
          "main": "Main deck / メインデッキ", "side": "Sideboard / サイドボード",
          "roster": "Roster / 所持ユニット"}


def _title(key: str) -> str:
    if key in TITLES:
        return TITLES[key]
    kind, _, number = key.partition(".")
    return {"final": f"Final deck {number} / ファイナルデッキ{number}",
            "half": f"Half deck {number} / ハーフデッキ{number}",
            "pool": "Pool / プール"}.get(kind, key)


def _table(rows: Sequence[ExportRow]) -> str:
    head = ("<tr><th>qty</th><th>game</th><th>name</th><th>日本語名</th><th>grade</th>"
            "<th>type</th></tr>")
    body = "".join(
        f"<tr><td class=num>{row.qty}</td><td>{escape(row.game)}</td><td>{escape(row.name)}</td>"
        f"<td>{escape(row.name_ja or '')}</td><td class=num>{escape(row.grade_shown)}</td>"
        f"<td>{escape(row.type_shown)}</td></tr>"
        for row in rows
    )
    total = sum(row.qty for row in rows)
    return f"<table>{head}{body}</table><p class=note>{total} cards</p>"


def _page(deck: Deck, heading: str, parts: list[tuple[str, Sequence[ExportRow]]]) -> str:
    body = "".join(f"<h2>{escape(_title(key))}</h2>{_table(rows)}" for key, rows in parts)
    return (
        f"<section class=page><header><h1>{escape(deck.name or 'TWGP deck')}</h1>"
        f"<span>{escape(deck.format_id)} · {escape(heading)}</span></header>"
        f"<p class=player>Player / プレイヤー: ____________________</p>{body}</section>"
    )


def render(deck: Deck, rows: Sequence[ExportRow]) -> str:
    by_section: dict[str, list[ExportRow]] = {}
    for row in rows:
        by_section.setdefault(row.section, []).append(row)
    pages: list[str] = []
    if deck.plugin_format is None:
        pages.append(_page(deck, "Life set", [(LIFE, by_section.get(LIFE, []))]))
        pages.append(_page(deck, "Entry deck / エントリーデッキ", [
            (LIBRARY, by_section.get(LIBRARY, [])), (ARCHIVE, by_section.get(ARCHIVE, []))
        ]))
    for key, _ in deck.ordered_sections():
        if key not in (LIFE, LIBRARY, ARCHIVE) and by_section.get(key):
            pages.append(_page(deck, _title(key), [(key, by_section[key])]))
    note = "<p class=note>* the user's override</p>" if any(r.overridden for r in rows) else ""
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{escape(deck.name or 'TWGP deck')}</title><style>{CSS}</style></head>"
        f"<body>{''.join(pages)}{note}</body></html>\n"
    )
