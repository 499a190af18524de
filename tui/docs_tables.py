"""Tables of the documentation built from the code that defines their facts (the app's keys,
the deck checks' codes, the installed games), so a page cannot drift from the program. A page
asks for one with `<!-- table: NAME -->` (tui/docs_pages.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import TypeVar

from deckbuilder.rule_facts import fill

_Code = TypeVar("_Code", bound=StrEnum)


def keys_table(lang: str = "en") -> str:
    """Every key of the app, where it works and what it does (tui/keys.py)."""
    from tui.keys import KEYS, SCOPES, display_keys

    rows = [
        (SCOPES[key.scope][0], f"`{display_keys(key)}`", f"{key.label} — {key.help}")
        for key in KEYS
    ]
    return _table(("where", "key", "does"), rows)


def codes_table(lang: str = "en") -> str:
    """TWGP's deck problem codes (deckbuilder/codes.py); ⚠ marks a warning."""
    from deckbuilder.codes import MEANINGS, Code

    return _codes(Code, MEANINGS)


def format_codes_table(lang: str = "en") -> str:
    """The problem codes of the other games' deck formats we ship."""
    from deckbuilder.codes import FORMAT_MEANINGS, FormatCode

    return _codes(FormatCode, FORMAT_MEANINGS)


def grades_table(lang: str = "en") -> str:
    """Each installed game's grade rule, as its converter states it (`grade_rule`,
    `grade_rule_ja`): the rules pages' grade table."""
    from converters.registry import load_all

    ja = lang == "ja"
    rows = []
    for converter in load_all().values():
        names = (converter.display_name, converter.display_name_ja)
        rule = (converter.grade_rule_ja or converter.grade_rule) if ja else converter.grade_rule
        rows.append((*(names[::-1] if ja else names), rule))
    header = ("ゲーム", "英語名", "戦闘力の求め方") if ja else ("Game", "Japanese", "Grade is…")
    return _table(header, rows)


def kinds_table(lang: str = "en") -> str:
    """Each installed game's kind table, as its converter holds it (`kinds`): the kind words of
    each TWGP type. A game without one places its cards by the fields of its data (its section
    of the policies page)."""
    from converters.base import CardType
    from converters.registry import load_all

    ja = lang == "ja"
    rows = []
    for game, converter in load_all().items():
        by_type: dict[CardType | None, list[str]] = {}
        for word, card_type in converter.kinds.items():
            by_type.setdefault(card_type, []).append(word)
        order = [*CardType, None]
        kinds = "; ".join(
            f"{' / '.join(by_type[t])} → {_type_name(t, ja)}" for t in order if t in by_type
        )
        name = converter.display_name_ja if ja else converter.display_name
        fields = "データの欄で決める" if ja else "from the data's fields"
        rows.append((f"`{game}` {name}", kinds or fields))
    header = ("ゲーム", "分類 → 種類") if ja else ("game", "kinds → type")
    return _table(header, rows)


def rule_codes_table(lang: str = "en") -> str:
    """The deck checks' codes with their meaning and the rules section that explains each (the
    rules pages' section 8); ⚠ marks a warning."""
    from deckbuilder.codes import Code
    from tui.rules_sections import PROBLEM_SECTIONS, SECTIONS

    ja = lang == "ja"
    rows = []
    for code in Code:
        meaning = code.meaning_ja.removesuffix("（注意）") if ja else code.meaning
        number = SECTIONS[PROBLEM_SECTIONS[code.value]]
        see = "—" if number == SECTIONS["problems"] else str(number)
        mark = "⚠ " if code.is_warning else ""
        rows.append((f"{mark}`{code.value}`", meaning.removesuffix(" (warning)"), see))
    header = ("コード", "意味", "参照") if ja else ("Code", "Meaning", "See")
    return _table(header, rows)


def _type_name(card_type: object, ja: bool) -> str:
    from converters.base import CardType

    if not isinstance(card_type, CardType):
        return "なし" if ja else "none"
    return card_type.label_ja if ja else card_type.label


def games_table(lang: str = "en") -> str:
    """The installed converters with their grade rule (`twgp games`)."""
    from converters.registry import load_all

    rows = []
    for game, converter in load_all().items():
        names = f"{converter.display_name} ({converter.display_name_ja})"
        rows.append((f"`{game}`", names, converter.grade_rule))
    return _table(("id", "game", "grade"), rows)


#: name → builder of the table in a page's language ("en" or "ja")
TABLES: dict[str, Callable[[str], str]] = {
    "keys": keys_table,
    "codes": codes_table,
    "format-codes": format_codes_table,
    "games": games_table,
    "grades": grades_table,
    "kinds": kinds_table,
    "rule-codes": rule_codes_table,
}


def _codes(codes: Iterable[_Code], meanings: Mapping[_Code, str]) -> str:
    rows = []
    for code in codes:
        warning = bool(getattr(code, "is_warning", False))
        meaning = fill(meanings[code]).removesuffix(" (warning)")
        rows.append((f"`{code.value}`" + (" ⚠" if warning else ""), meaning))
    return _table(("code", "when"), rows)


def _table(header: tuple[str, ...], rows: Iterable[tuple[str, ...]]) -> str:
    def line(cells: Iterable[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    lines = [line(header), "|" + "---|" * len(header)]
    lines.extend(line(row) for row in rows)
    return "\n".join(lines)
