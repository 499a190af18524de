"""What the card list shows, apart from drawing it: search results grouped into one row per
card identity (its printings behind it), each row's cells, and the column widths that fit the
content into the width the list has — the Japanese name and the set give way first."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rich.cells import cell_len

from converters.errors import UnknownGameError
from converters.registry import load_converter
from tui.card_groups import Group
from tui.safe_text import plain
from tui.terms import term, type_name

if TYPE_CHECKING:
    from catalog.cards.views import CardView

GAP = 1  # cells between two columns (and before the first)
MIN_NAME = 12


@dataclass(frozen=True)
class Column:
    key: str
    essential: bool  # shown at any width
    cap: int  # widest it grows for its content
    right: bool = False  # numbers are right-aligned


COLUMNS: tuple[Column, ...] = (
    Column("game", True, 5),
    Column("name", True, 48),
    Column("other_name", False, 24),
    Column("set", False, 14),
    Column("grade", True, 2, right=True),
    Column("type", True, 20),
    Column("owned", True, 5, right=True),
)
#: the optional columns, in the order they are given room (the last gives way first)
OPTIONAL_ORDER = ("set", "other_name")


@cache
def game_short_name(game: str) -> str:
    try:
        return load_converter(game).short_name
    except UnknownGameError:
        return game


@dataclass(frozen=True)
class Row:
    """A line of the list: a group, or (`printing` set) one printing of an expanded group."""

    group: Group
    printing: int | None = None

    @property
    def card(self) -> CardView:
        return self.group.printings[self.printing or 0]


def rows_of(groups: Sequence[Group]) -> list[Row]:
    rows: list[Row] = []
    for group in groups:
        rows.append(Row(group))
        if group.expanded and len(group.printings) > 1:
            rows += [Row(group, i) for i in range(len(group.printings))]
    return rows


def where(card: CardView) -> str:
    """ "lea 46 en": set, number and language of a printing."""
    return " ".join(p for p in (card.set_code, card.collector_number, card.lang) if p)


def owned_text(card: CardView, committed: Mapping[str, int] | None = None) -> str:
    """The owned column: the copies owned ("·": none), as free/owned ("1/3") when saved decks
    other than the open one hold some of them (free: owned minus those, as the deck assistant's
    ledger counts them)."""
    if not card.owned:
        return "·"
    held = (committed or {}).get(card.identity, 0)
    if held <= 0:
        return str(card.owned)
    return f"{max(0, card.owned - held)}/{card.owned}"


def cells(row: Row, lang: str, committed: Mapping[str, int] | None = None) -> dict[str, str]:
    """The text of each column of a row (a printing row says only where it is from), every
    string from a card made `plain` (control characters visible, never run); `committed`:
    identity → copies the other saved decks hold (the owned column shows free/owned)."""
    card = row.card
    if row.printing is not None:
        mark = "└" if row.printing == len(row.group.printings) - 1 else "├"
        return {"game": "", "name": plain(f" {mark} {where(card)}"), "other_name": "", "set": "",
                "grade": card.grade_text or "—", "type": type_name(card.card_type, lang),
                "owned": owned_text(card, committed)}  # fmt: skip
    count = len(row.group.printings)
    printings = f" +{count - 1}" if count > 1 else ""
    marker = ("▾ " if row.group.expanded else "▸ ") if count > 1 else ""
    override = " ✎" if card.override else ""
    name, other = plain(card.name), plain(card.name_ja or "")
    if lang == "ja" and card.name_ja:  # the Japanese name first, the English one beside it
        name, other = other, name
    if other == name:
        other = ""
    return {
        "game": game_short_name(card.game),
        "name": f"{marker}{name}{override}",
        "other_name": other,
        "set": plain(f"{card.set_code or ''}{printings}"),
        "grade": card.grade_text or "—",
        "type": type_name(card.card_type, lang),
        "owned": owned_text(card, committed),
    }


def headers(lang: str) -> dict[str, str]:
    return {column.key: term(column.key, lang) for column in COLUMNS}


def content_widths(rows: Iterable[Row], lang: str,
                   committed: Mapping[str, int] | None = None) -> dict[str, int]:  # fmt: skip
    widest = {column.key: 0 for column in COLUMNS}
    for row in rows:
        for key, text in cells(row, lang, committed).items():
            width = cell_len(text)
            if width > widest[key]:
                widest[key] = width
    return widest


def fit(content: dict[str, int], head: dict[str, int], width: int) -> dict[str, int]:
    """The width of each shown column (in COLUMNS order) for `width` cells of list: every
    essential column at its content's width (the name at least MIN_NAME, growing first),
    then the set and the other language's name while there is room (when they hold anything);
    the type is cut last. Room left
    over stays at the end: columns as wide as what they hold read best."""
    want = {c.key: max(min(c.cap, content[c.key]), head[c.key]) for c in COLUMNS}
    essential = [c.key for c in COLUMNS if c.essential]
    fixed = sum(want[k] for k in essential if k != "name") + GAP * (len(essential) + 1)
    chosen = {k: want[k] for k in essential}
    chosen["name"] = max(min(MIN_NAME, want["name"]), min(want["name"], width - fixed))
    spare = width - fixed - chosen["name"]
    if spare < 0:  # too narrow even so: the type column gives what it must
        chosen["type"] = max(4, chosen["type"] + spare)
    for key in OPTIONAL_ORDER:
        if not content[key]:
            continue  # nothing to show in it
        spare = width - sum(chosen.values()) - GAP * (len(chosen) + 1)
        if spare - GAP >= min(want[key], max(head[key], 4)):
            chosen[key] = min(want[key], spare - GAP)
    return {c.key: chosen[c.key] for c in COLUMNS if c.key in chosen}
