"""Tables of the documentation built from the code that defines their facts (the app's keys,
the deck checks' codes, the installed games), so a page cannot drift from the program. A page
asks for one with `<!-- table: NAME -->` (tui/docs_pages.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import TypeVar

_Code = TypeVar("_Code", bound=StrEnum)


def keys_table() -> str:
    """Every key of the app, where it works and what it does (tui/keys.py)."""
    from tui.keys import KEYS, SCOPES, display_keys

    rows = [
        (SCOPES[key.scope][0], f"`{display_keys(key)}`", f"{key.label} — {key.help}")
        for key in KEYS
    ]
    return _table(("where", "key", "does"), rows)


def codes_table() -> str:
    """TWGP's deck problem codes (deckbuilder/codes.py); ⚠ marks a warning."""
    from deckbuilder.codes import MEANINGS, Code

    return _codes(Code, MEANINGS)


def format_codes_table() -> str:
    """The problem codes of the other games' deck formats we ship."""
    from deckbuilder.codes import FORMAT_MEANINGS, FormatCode

    return _codes(FormatCode, FORMAT_MEANINGS)


def games_table() -> str:
    """The installed converters with their grade rule (`twgp games`)."""
    from converters.registry import load_all

    rows = []
    for game, converter in load_all().items():
        names = f"{converter.display_name} ({converter.display_name_ja})"
        rows.append((f"`{game}`", names, converter.grade_rule))
    return _table(("id", "game", "grade"), rows)


TABLES: dict[str, Callable[[], str]] = {
    "keys": keys_table,
    "codes": codes_table,
    "format-codes": format_codes_table,
    "games": games_table,
}


def _codes(codes: Iterable[_Code], meanings: Mapping[_Code, str]) -> str:
    rows = []
    for code in codes:
        warning = bool(getattr(code, "is_warning", False))
        meaning = meanings[code].removesuffix(" (warning)")
        rows.append((f"`{code.value}`" + (" ⚠" if warning else ""), meaning))
    return _table(("code", "when"), rows)


def _table(header: tuple[str, ...], rows: Iterable[tuple[str, ...]]) -> str:
    def line(cells: Iterable[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    lines = [line(header), "|" + "---|" * len(header)]
    lines.extend(line(row) for row in rows)
    return "\n".join(lines)
