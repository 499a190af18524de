""""Dark side telling" dream-battle TCG (seed 003) CSV/JSON rows → TWGP.

Every card is a unit with a strength (つよさ); the roster of at most 5 units is the deck. The
game has no level or cost, so grade = strength (docs/policies.md, "More systems"). A strength
rolled as dice (花月: 1d6 every turn) is graded by its expected value rounded down, with a
warning (the variable-value policy of §1)."""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from converters.base import CardType, Record, Ruling, grade_from_value, pick, plain_number
from converters.flags import read_flag
from converters.tabular import KindMatch, TableConverter, clean, value_rule

STRENGTH_COLUMNS = ("strength", "つよさ", "強さ")
LENDABLE_COLUMNS = ("lendable", "貸与可能", "貸与")
SPECIAL_COLUMNS = ("special", "特殊")
OWNER_COLUMNS = ("owner", "所有者", "持ち主", "character", "キャラクター")

# "1d6", "2D6+1", "d6"; a note in brackets ("1d6(召喚フェイズ時に毎ターン振る)") is dropped.
_DICE = re.compile(r"(?P<count>\d{0,3})d(?P<faces>\d{1,4})(?:(?P<sign>[+-])(?P<bonus>\d{1,4}))?")
_NOTE = re.compile(r"[(（\[［].*?[)）\]］]")


@dataclass(frozen=True)
class Dice:
    """A strength rolled as `count`d`faces` + `bonus`."""

    text: str
    count: int
    faces: int
    bonus: int

    @property
    def expected(self) -> float:
        return self.count * (self.faces + 1) / 2 + self.bonus


def read_dice(value: Any) -> Dice | None:
    """The dice a strength is rolled with, or None when the value is not dice."""
    if not isinstance(value, str):
        return None
    text = _NOTE.sub("", unicodedata.normalize("NFKC", value)).strip().casefold()
    found = _DICE.fullmatch(text)
    if found is None or int(found["faces"]) < 1:
        return None
    bonus = int(found["bonus"] or 0) * (-1 if found["sign"] == "-" else 1)
    return Dice(text, int(found["count"] or 1), int(found["faces"]), bonus)


class DarksideConverter(TableConverter):
    """Columns: id (optional), name/名前, strength/つよさ, lendable/貸与可能 (yes/no), special/特殊
    (yes/no), owner (optional: the character whose roster the unit belongs to), text/効果,
    kind/種類 (optional: every row is a unit; magic and trap rows are skipped)."""

    game_id = "darkside"
    display_name = "Dark side telling TCG"
    display_name_ja = "ダークサイドTCG（夢の中の特殊戦闘）"
    short_name = "DST"
    grade_rule = (
        "strength, つよさ (no level or cost); dice such as 1d6 → the expected value rounded "
        "down (1d6 → 03), with a warning"
    )
    grade_rule_ja = (
        "つよさ（レベルもコストもない）。"
        "1d6のようなサイコロは期待値の切り捨て（1d6 → 03、注意付き）"
    )
    kinds: ClassVar[dict[str, CardType | None]] = {
        "unit": CardType.UNIT,
        "ユニット": CardType.UNIT,
        "magic": None,
        "マジック": None,
        "trap": None,
        "トラップ": None,
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {"strength": STRENGTH_COLUMNS}

    def skip_reason(self, record: Record) -> str | None:
        match = self.kind(record)
        if match.known and match.card_type is None:
            return f"{match.word}: magic and traps come from the 2d6 tables, not from a roster"
        return None

    def kind(self, record: Record) -> KindMatch:
        """A row without a kind is a unit: units are the only cards a player brings."""
        match = super().kind(record)
        if match.word is None:
            return KindMatch(None, "unit", True, CardType.UNIT)
        return match

    def card_type(self, record: Record) -> Ruling[CardType]:
        match = self.kind(record)
        if match.word is None:
            return Ruling(CardType.UNIT, "a Dark side telling card is a unit → Unit")
        return self.type_of(match)

    def to_grade(self, record: Record) -> Ruling[int]:
        raw = pick(record, *STRENGTH_COLUMNS)
        dice = read_dice(raw)
        if dice is None:
            return self.stat_grade(record, "strength", value_rule)
        expected = dice.expected
        source = f"strength {dice.text}: variable, expected value {plain_number(expected)}"
        ruling = grade_from_value(max(math.floor(expected), 0), f"{source} rounded down")
        warning = f"strength {dice.text} is rolled: graded by its expected value rounded down"
        return Ruling(ruling.value, ruling.reason, (warning, *ruling.warnings))

    def stats(self, record: Record) -> dict[str, Any]:
        found: dict[str, Any] = {"strength": pick(record, *STRENGTH_COLUMNS)}
        found["lendable"] = bool(read_flag(pick(record, *LENDABLE_COLUMNS), "lendable"))
        found["special"] = bool(read_flag(pick(record, *SPECIAL_COLUMNS), "special"))
        owner = pick(record, *OWNER_COLUMNS)
        found["owner"] = clean(owner) if isinstance(owner, str) else None
        return {key: value for key, value in found.items() if value is not None}


def roster_facts(card_stats: Mapping[str, Any]) -> tuple[bool, bool, str | None]:
    """(lendable, special, owner) from a converted card's `stats`, for the roster format:
    blank flags are no, a blank owner is None."""
    owner = card_stats.get("owner")
    return (
        bool(card_stats.get("lendable")),
        bool(card_stats.get("special")),
        str(owner) if owner else None,
    )
