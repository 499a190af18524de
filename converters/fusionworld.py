"""Dragon Ball Super Card Game Fusion World (フュージョンワールド) → TWGP, from the card JSON of
apitcg/dragon-ball-fusion-tcg-data (`cards/<lang>/<set>.json`, bare arrays: `id`/`code`,
`cardType` LEADER/BATTLE/EXTRA/ENERGY MARKER, `cost` a string with "-" for none, `power`,
`features`, `effect` with HTML line breaks).

Grade = the cost (a value rule); a BATTLE card without a cost → its power in thousands, with a
warning, as One Piece leaders are (shared rules digest, "More games"). Identity = the card code
without the parallel suffix (FB01-001-p1 is FB01-001). The cases the digest leaves open are
converters/decided_cases.py."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Mapping
from typing import Any, ClassVar

from converters import decided_cases as cases
from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    grade_from_value,
    kind_key,
    no_grade,
    plain_number,
    power_grade,
    read_number,
    text_of,
    unknown_card_type,
)
from converters.errors import InvalidRecordError
from converters.tabular import is_japanese

LEADER, BATTLE, EXTRA, ENERGY_MARKER = "LEADER", "BATTLE", "EXTRA", "ENERGY MARKER"

TYPES: dict[str, CardType | None] = {
    LEADER: None,
    BATTLE: CardType.UNIT,
    EXTRA: CardType.CHARGE_EFFECT,
    ENERGY_MARKER: None,
}
TYPE_NOTES: dict[str, str] = {
    LEADER: "the leader is the player's side, not a card of the deck",
    BATTLE: "a battle card fights",
    EXTRA: "an extra card is a one-shot effect (or a field) played from the hand",
    ENERGY_MARKER: "an energy marker is a resource token, not a card of the deck",
}
KIND_WORDS: dict[str, str] = {
    "leader": LEADER, "リーダー": LEADER, "battle": BATTLE, "バトル": BATTLE,
    "extra": EXTRA, "エクストラ": EXTRA, "energy marker": ENERGY_MARKER,
    "エナジーマーカー": ENERGY_MARKER,
}  # fmt: skip
_KIND_KEYS = {kind_key(word): kind for word, kind in KIND_WORDS.items()}
#: the parallel suffix of a card code: FB01-001-p1, FB01-001_p2
PARALLEL = re.compile(r"[-_]p\d*$", re.IGNORECASE)
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)


def card_code(record: Record) -> str:
    return text_of(record.get("code") or record.get("id") or record.get("card_no"))


def card_kind(record: Record) -> str | None:
    raw = record.get("cardType")
    return _KIND_KEYS.get(kind_key(text_of(raw)))


class FusionWorldConverter(Converter):
    """Dragon Ball Super Card Game Fusion World card JSON."""

    game_id: ClassVar[str] = "dbs-fusion-world"
    display_name: ClassVar[str] = "Dragon Ball Super Card Game Fusion World"
    display_name_ja: ClassVar[str] = "ドラゴンボールスーパーカードゲーム フュージョンワールド"
    short_name: ClassVar[str] = "DBSFW"
    grade_rule: ClassVar[str] = (
        "the cost; a BATTLE card without a cost → its power in thousands, with a warning"
    )
    grade_rule_ja: ClassVar[str] = "コスト。コストのないバトルカードはパワーの千の単位（注意付き）"
    formats: ClassVar[tuple[str, ...]] = ("fusionworld-card-json",)
    kinds: ClassVar[Mapping[str, CardType | None]] = {
        word: TYPES[kind] for word, kind in KIND_WORDS.items()
    }

    def source_id(self, record: Record) -> str:
        code = text_of(record.get("id")) or card_code(record)
        if not code:
            raise InvalidRecordError("the card has no id or code")
        return code

    def names(self, record: Record) -> tuple[str, str | None]:
        name = text_of(record.get("name"))
        name_ja = text_of(record.get("name_ja")) or (name if is_japanese(name) else "")
        return name, name_ja or None

    def identity_key(self, record: Record) -> str:
        code = card_code(record)
        if not code:
            raise InvalidRecordError("the card has no id or code")
        return PARALLEL.sub("", code).upper()

    def to_grade(self, record: Record) -> Ruling[int]:
        kind = card_kind(record)
        if kind in (LEADER, ENERGY_MARKER):
            return no_grade(f"{kind}: {cases.FUSION_SIDE_GRADE.reason}")
        raw = record.get("cost")
        status, cost = read_number(raw)
        if status is NumberReading.OK and cost is not None:
            return grade_from_value(cost, f"cost {plain_number(cost)}")
        if status is not NumberReading.MISSING:
            return no_grade(f"cost {raw!r} is not a number → no grade",
                            f"cost {raw!r} unreadable")  # fmt: skip
        if kind == BATTLE:
            return _power_grade(record)
        if kind == EXTRA:
            return Ruling(0, cases.FUSION_EXTRA_NO_COST.reason,
                          ("an EXTRA card with no cost: graded 00",))  # fmt: skip
        return no_grade("no cost printed → no grade", "cost is missing; no grade")

    def card_type(self, record: Record) -> Ruling[CardType]:
        kind = card_kind(record)
        if kind is None:
            shown = text_of(record.get("cardType"))
            return unknown_card_type(shown, "Fusion World")
        card_type = TYPES[kind]
        label = card_type.label if card_type else "no TWGP type"
        return Ruling(card_type, f"{kind} → {label}: {TYPE_NOTES[kind]}")

    def text(self, record: Record) -> str:
        raw = text_of(record.get("effect"))
        if raw in ("-", "－"):
            return ""
        return html.unescape(_BREAK.sub("\n", raw))

    def species(self, record: Record) -> str:
        """The special traits ("Saiyan/Universe 7")."""
        features = text_of(record.get("features"))
        return "" if features == "-" else features

    def stats(self, record: Record) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for stat in ("cost", "power", "comboPower"):
            status, value = read_number(record.get(stat))
            if status is NumberReading.OK and value is not None and math.isfinite(value):
                found[stat] = int(value)
        for key in ("specifiedCost", "color", "rarity"):
            word = text_of(record.get(key))
            if word and word != "-":
                found[key] = word
        if features := self.species(record):
            found["features"] = features
        return found

    def printing(self, record: Record) -> Printing:
        set_ = record.get("set")
        set_id = text_of(set_.get("id")) if isinstance(set_, Mapping) else ""
        code = card_code(record)
        set_code = set_id.upper() or (code.split("-", 1)[0] if "-" in code else "")
        name = text_of(record.get("name"))
        return Printing(set_code or None, code or None, "ja" if is_japanese(name) else "en")


def _power_grade(record: Record) -> Ruling[int]:
    """Digest: a BATTLE card without a cost is graded by power in thousands, with a warning."""
    return power_grade(
        record,
        "BATTLE card",
        missing=(
            "BATTLE card with no cost and no power → no grade",
            "BATTLE card with no readable cost or power; no grade",
        ),
        warning="a BATTLE card with no cost: graded by its power in thousands",
    )
