"""TWGP's general grade rule for games without a rule of their own (docs/rules.md §1): the
level or the cost when a card has one; otherwise its strength or HP, taking the digits the
user names. Used by the generic and Eternal Voice converters."""

from __future__ import annotations

from converters.base import NumberReading, Record, Ruling, no_grade, pick, read_number
from converters.tabular import GradeRule, TableConverter, digits_rule, value_rule

#: the general rule's stats, in the order they are looked for, with their usual headers
GENERAL_COLUMNS: dict[str, tuple[str, ...]] = {
    "level": ("level", "lv", "lvl", "レベル", "ﾚﾍﾞﾙ"),
    "cost": ("cost", "コスト", "mana", "マナ"),
    "strength": ("strength", "str", "強さ", "つよさ", "power", "パワー"),
    "HP": ("hp", "体力", "ヒットポイント", "stamina", "スタミナ"),
}
#: stats that are read as values; the others take the chosen digits
VALUE_STATS = frozenset({"level", "cost"})

#: `digits` option → how strength or HP becomes a grade
DIGIT_RULES: dict[str, GradeRule] = {
    "value": value_rule,
    "tens-units": digits_rule(lowest_place=1, places=2),
    "hundreds-tens": digits_rule(lowest_place=10, places=2),
    "thousands-hundreds": digits_rule(lowest_place=100, places=2),
    "thousands": digits_rule(lowest_place=1000, places=1),
}
DIGIT_EXAMPLES: dict[str, str] = {
    "value": "the number itself, more than 99 clamps to 99 (12 → 12)",
    "tens-units": "120 → 20",
    "hundreds-tens": "Pokémon style, 120 → 12",
    "thousands-hundreds": "DQ Battle Road style, 8700 → 87",
    "thousands": "Weiß Schwarz style, 2500 → 02",
}


def digit_rule(name: str) -> GradeRule:
    """The rule named by a `digits` option ("auto" is "value"); ValueError lists the names."""
    key = name.strip().casefold()
    key = "value" if key == "auto" else key
    if key not in DIGIT_RULES:
        accepted = ", ".join(DIGIT_RULES)
        raise ValueError(f"unknown digits {name!r}; expected auto or one of {accepted}")
    return DIGIT_RULES[key]


GENERAL_ORDER: tuple[str, ...] = tuple(GENERAL_COLUMNS)


def general_grade(
    converter: TableConverter, record: Record, strength_rule: GradeRule = value_rule
) -> Ruling[int]:
    """Grade by the first of level, cost, strength, HP that is printed ("-" counts as not
    printed, so the next one is tried); a variable or unreadable value gives no grade.
    The converter's `stat_columns` must hold those four labels (GENERAL_COLUMNS)."""
    for label in GENERAL_ORDER:
        status, _ = read_number(pick(record, *converter.stat_columns[label]))
        if status is NumberReading.MISSING:
            continue
        rule = value_rule if label in VALUE_STATS else strength_rule
        return converter.stat_grade(record, label, rule)
    reason = "no level, cost, strength or HP printed → no grade"
    if converter.kind(record).expects_grade:
        return no_grade(reason, "no level, cost, strength or HP given; no grade")
    return no_grade(reason)
