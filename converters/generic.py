"""Any other or home-made game → TWGP: CSV/JSON rows with a name, a kind and any of level,
cost, strength, HP (English or Japanese headers).

Grade by the general rule (docs/rules.md §1): level or cost as its value; otherwise strength
or HP, taking the digits the user names (`digits` option). Type from a kind → type table the
user can extend: options `kind.<word>=<type>`, or a small file read by `parse_kind_table`."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from typing import ClassVar

from converters.base import CardType, Record, Ruling, kind_key, no_type, pick
from converters.errors import ConverterError
from converters.general_rule import DIGIT_EXAMPLES, GENERAL_COLUMNS, digit_rule, general_grade
from converters.tabular import KindMatch, TableConverter, clean

U, W, CT, CE, LT, LC, R = (
    CardType.UNIT, CardType.WEAPON, CardType.CHARGE_TRAP, CardType.CHARGE_EFFECT,
    CardType.LIFE_TRAP, CardType.LIFE_COUNTER, CardType.RECOIL,
)  # fmt: skip

#: The default kind table; a user's entries are added over it. TWGP's own type names
#: ("charge trap", "チャージ・トラップ") are understood too.
DEFAULT_KINDS: dict[str, CardType | None] = {
    **dict.fromkeys(("unit", "monster", "character", "creature", "モンスター", "キャラ",
                     "キャラクター", "ユニット", "クリーチャー"), U),
    **dict.fromkeys(("weapon", "equipment", "equip", "装備", "装備品", "武器", "ウェポン"), W),
    **dict.fromkeys(("trap", "罠", "トラップ"), CT),
    **dict.fromkeys(("continuous trap", "永続罠", "永続トラップ"), LT),
    **dict.fromkeys(("spell", "magic", "魔法", "呪文", "マジック", "スペル", "event",
                     "イベント", "skill", "技", "わざ"), CE),
    **dict.fromkeys(("field", "フィールド", "continuous", "永続", "stage", "ステージ"), LC),
    **dict.fromkeys(("reaction", "リアクション"), R),
    **dict.fromkeys(("land", "土地", "energy", "エネルギー", "resource", "資源"), None),
}  # fmt: skip
NO_TYPE_WORDS = frozenset({"", "none", "no type", "-", "なし", "無し"})
_TABLE_LINE = re.compile(r"^(?P<kind>.+?)\s*(?:=|:|：|,|\t|→|->)\s*(?P<type>.*)$")
_HEADER_TYPES = frozenset({"type", "twgp type", "twgp", "タイプ", "種類"})


def parse_type_word(word: str | None) -> CardType | None:
    """A TWGP type from its id, label or Japanese name; "none"/"-"/"なし" (or blank) is no
    type. Raises ConverterError naming the accepted words."""
    text = unicodedata.normalize("NFKC", word or "").strip().casefold()
    if text in NO_TYPE_WORDS:
        return None
    try:
        return CardType.parse(text)
    except ValueError as exc:
        raise ConverterError(str(exc), hint="or none for cards TWGP does not play") from exc


def parse_kind_table(text: str) -> dict[str, CardType | None]:
    """A kind → type table from a small file: a JSON object ({"spell": "charge_effect"}) or
    lines `kind = type` (also `kind: type`, `kind,type`, tab); `#` starts a comment, and a
    `kind,type` header line is skipped. Raises ConverterError naming the line."""
    text = text.lstrip("\ufeff")
    if text.lstrip().startswith("{"):
        return _json_table(text)
    table: dict[str, CardType | None] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        found = _TABLE_LINE.match(line)
        if found is None:
            raise ConverterError(f"kind table line {number}: expected `kind = type`, got {raw!r}")
        if not table and found["type"].strip().casefold() in _HEADER_TYPES:
            continue
        try:
            table[found["kind"].strip()] = parse_type_word(found["type"])
        except ConverterError as exc:
            raise ConverterError(f"kind table line {number}: {exc.message}") from exc
    return table


def _json_table(text: str) -> dict[str, CardType | None]:
    try:
        loaded = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConverterError(f"kind table: not JSON ({exc.msg}, line {exc.lineno})") from exc
    if not isinstance(loaded, dict) or not all(
        isinstance(v, str | None) for v in loaded.values()
    ):
        raise ConverterError('kind table: expected an object such as {"spell": "charge_effect"}')
    return {str(kind): parse_type_word(value) for kind, value in loaded.items()}


class GenericConverter(TableConverter):
    """Columns: id (optional), name/名前, kind/種類, any of level/レベル, cost/コスト,
    strength/強さ/つよさ/power, hp/HP/体力, text/効果. Options: see `options`."""

    game_id = "generic"
    display_name = "Any game (generic table)"
    display_name_ja = "汎用（自作ゲームなど）"
    short_name = "GEN"
    grade_rule = "general rule: level or cost; else strength or HP (digits option, default value)"
    grade_rule_ja = (
        "一般ルール：レベルかコスト。"
        "なければ強さかHP（digitsオプション、既定は値そのもの）"
    )
    kinds: ClassVar[Mapping[str, CardType | None]] = DEFAULT_KINDS
    options: ClassVar[Mapping[str, str]] = {
        "digits": "how strength or HP becomes a grade: auto (= value), "
        + "; ".join(f"{name} ({example})" for name, example in DIGIT_EXAMPLES.items()),
        "kind.<word>": "add or replace one kind: kind.spell=charge_trap, kind.land=none",
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = dict(GENERAL_COLUMNS)

    def __init__(
        self, digits: str = "auto", kind_table: Mapping[str, CardType | None] | None = None
    ) -> None:
        try:
            self._strength_rule = digit_rule(digits)
        except ValueError as exc:
            raise ConverterError(str(exc), hint="--option digits=hundreds-tens") from exc
        self.digits = digits
        self.kind_table: dict[str, CardType | None] = {**DEFAULT_KINDS, **(kind_table or {})}
        self._user_words = frozenset(kind_table or ())
        self._keys = {kind_key(word): word for word in self.kind_table}

    @classmethod
    def configured(
        cls, options: Mapping[str, str], kinds: Mapping[str, CardType | None] | None = None
    ) -> GenericConverter:
        """From `--option key=value` pairs (`digits`, `kind.<word>`) and a table read with
        `parse_kind_table` (`--kinds FILE`); `kind.` options win over the file."""
        table = dict(kinds or {})
        digits = "auto"
        for key, value in options.items():
            if key == "digits":
                digits = value
            elif key.startswith("kind.") and key[5:].strip():
                table[key[5:].strip()] = parse_type_word(value)
            else:
                raise ConverterError(
                    f"the generic converter has no option {key!r}; accepted: digits, kind.<word>"
                )
        return cls(digits=digits, kind_table=table)

    def kind(self, record: Record) -> KindMatch:
        """The kind word whole, else by a "/" part, else read as a TWGP type name."""
        word = clean(pick(record, *self.kind_columns))
        if word is None:
            return KindMatch(None, None, False, None)
        for part in [word, *unicodedata.normalize("NFKC", word).split("/")]:
            found = self._keys.get(kind_key(part))
            if found is not None:
                return KindMatch(word, found, True, self.kind_table[found])
        try:
            card_type = CardType.parse(word)
        except ValueError:
            return KindMatch(word, None, False, None)
        return KindMatch(word, card_type.label, True, card_type)

    def type_of(self, match: KindMatch) -> Ruling[CardType]:
        if match.word is None or not match.known or match.matched is None:
            what = "no kind given" if match.word is None else f"unknown kind {match.word!r}"
            hint = "add it with --option kind.<word>=<type> or --kinds FILE"
            return no_type(f"{what}: not in the kind table → no type", f"{what}: {hint}")
        label = match.card_type.label if match.card_type else "no TWGP type"
        source = " (your kind table)" if match.matched in self._user_words else ""
        return Ruling(match.card_type, f"kind {match.word!r} → {label}{source}")

    def to_grade(self, record: Record) -> Ruling[int]:
        return general_grade(self, record, self._strength_rule)

