"""Live On (ライブオン) CSV/JSON rows → TWGP.

Grade = the number of all torque symbols (docs/rules.md §1: red×2 + colourless×1 → 03). A
colourless symbol holds a number: 赤赤② is two red and two of any colour, four in all."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, ClassVar

from converters.base import CardType, Record, Ruling, no_grade, pick
from converters.tabular import KindMatch, TableConverter, clean, value_rule

_CIRCLED = {chr(0x2460 + i): i + 1 for i in range(20)}  # ① … ⑳: a colourless symbol holding n
_COLOURS = {"赤": "red", "白": "white", "青": "blue", "黒": "black"}
_TOKEN = re.compile(
    r"(?P<colourless>無色|無|colou?rless)(?:[×x*]?(?P<held>\d+))?"
    r"|(?P<colour>赤|白|青|黒|red|white|blue|black)(?:[×x*](?P<times>\d+))?"
    r"|(?P<bare>\d+)"  # digits right of coloured symbols: the colourless count (赤赤1)
    r"|[+,、・]"
)
_MAX_DIGITS = 6


@dataclass(frozen=True)
class Torque:
    """Torque symbols counted per colour ("colourless" holds the number printed in it)."""

    counts: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def read_torque(value: Any) -> Torque | None:
    """Read torque written as symbols (赤赤無, 赤赤②, 赤赤無2, 赤赤1), as counts (赤×2+無色×1,
    red x2 + colourless x1) or as a plain number. None when the text cannot be read."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Torque({"total": value}) if 0 <= value < 10**_MAX_DIGITS else None
    text = "".join(f"無{_CIRCLED[c]}" if c in _CIRCLED else c for c in str(value))
    text = "".join(unicodedata.normalize("NFKC", text).casefold().split())
    if re.fullmatch(r"\d+", text):
        return Torque({"total": int(text)}) if len(text) <= _MAX_DIGITS else None
    counts: dict[str, int] = {}
    position = 0
    while position < len(text):
        token = _TOKEN.match(text, position)
        if token is None:
            return None
        position = token.end()
        colour, number = _symbol(token)
        if number is None:
            return None
        if colour:
            counts[colour] = counts.get(colour, 0) + number
    return Torque(counts) if counts else None


def _symbol(token: re.Match[str]) -> tuple[str | None, int | None]:
    """(colour, count) of one token; (None, 0) for a separator; count None if absurd."""
    digits = token["held"] or token["times"] or token["bare"]
    if digits is not None and len(digits) > _MAX_DIGITS:
        return None, None
    number = int(digits) if digits is not None else 1
    if token["colourless"] or token["bare"]:
        return "colourless", number
    if token["colour"]:
        return _COLOURS.get(token["colour"], token["colour"]), number
    return None, 0


class LiveOnConverter(TableConverter):
    """Columns: id (optional), name/名前, kind/種類 (may read "モンスター/地獣族"),
    torque/トルク (also 必要トルク), power/パワー."""

    game_id = "liveon"
    display_name = "Live On"
    display_name_ja = "ライブオン"
    short_name = "LO"
    grade_rule = "the number of all torque symbols (red×2 + colourless×1 → 03)"
    grade_rule_ja = "すべてのトルクシンボルの数（赤×2＋無色×1 → 03）"
    kinds: ClassVar[dict[str, CardType | None]] = {
        "monster": CardType.UNIT,
        "モンスター": CardType.UNIT,
        "モンスターカード": CardType.UNIT,
        "technique": CardType.CHARGE_EFFECT,
        "ワザ": CardType.CHARGE_EFFECT,
        "ワザカード": CardType.CHARGE_EFFECT,
        "live": CardType.CHARGE_EFFECT,
        "ライブ": CardType.CHARGE_EFFECT,
        "ライブカード": CardType.CHARGE_EFFECT,
        "reaction": CardType.RECOIL,
        "リアクション": CardType.RECOIL,
        "リアクションカード": CardType.RECOIL,
        "reaction live": CardType.RECOIL,
        "リアクション・ライブカード": CardType.RECOIL,
        "card driver": None,
        "カードライバー": None,
    }
    kind_notes: ClassVar[dict[str, str]] = {
        "reaction": "the rules' own example of Recoil",
        "リアクション": "the rules' own example of Recoil",
        "リアクションカード": "the rules' own example of Recoil",
        "reaction live": "the rules' own example of Recoil",
        "リアクション・ライブカード": "the rules' own example of Recoil",
        "card driver": "it stands for the player, and TWGP's player is not a card",
        "カードライバー": "it stands for the player, and TWGP's player is not a card",
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {
        "torque": ("torque", "トルク", "必要トルク"),
        "power": ("power", "パワー", "POW"),
    }

    def kind(self, record: Record) -> KindMatch:
        """A reaction part wins over the technique part: ワザ/リアクション is a Recoil."""
        match = super().kind(record)
        if match.word and match.card_type is not CardType.RECOIL:
            for part in unicodedata.normalize("NFKC", match.word).split("/"):
                found = super().kind({"kind": part})
                if found.card_type is CardType.RECOIL:
                    return KindMatch(match.word, found.matched, True, CardType.RECOIL)
        return match

    def to_grade(self, record: Record) -> Ruling[int]:
        raw = pick(record, *self.stat_columns["torque"])
        if clean(raw) is None:
            return self.stat_grade(record, "torque", value_rule)  # the missing-value policy
        torque = read_torque(raw)
        if torque is None:
            return no_grade(
                f"torque {raw!r} cannot be read → no grade",
                f"torque {raw!r} unreadable (expected symbols like 赤赤② or counts "
                "like 赤×2+無色×1)",
            )
        if set(torque.counts) == {"total"}:
            return value_rule(torque.total, f"torque {torque.total}")
        return value_rule(torque.total, f"torque {clean(raw)} → {torque.total} symbols")

    def stats(self, record: Record) -> dict[str, Any]:
        found = super().stats(record)
        torque = read_torque(found["torque"]) if "torque" in found else None
        if torque is not None and set(torque.counts) != {"total"}:
            found["torque_symbols"] = dict(torque.counts)
        return found
