"""Generic converter: the general grade rule, the digits option and user kind tables."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converters.base import CardType
from converters.errors import ConverterError
from converters.generic import GenericConverter, parse_kind_table
from converters.registry import load_converter
from tests.converters.tabular_cases import EXAMPLES, convert_or_signal, example_rows, records

GENERIC = GenericConverter()


def row(kind: str = "monster", name: str = "Slime", **stats: Any) -> dict[str, Any]:
    return {"name": name, "kind": kind, **stats}


@pytest.mark.parametrize(
    ("record", "grade", "card_type"),
    [
        pytest.param(row(level="4", hp="481"), 4, CardType.UNIT, id="level 4 wins over HP → 04"),
        pytest.param(row(cost="9"), 9, CardType.UNIT, id="cost 9 → 09"),
        pytest.param(row(level="-", cost="3"), 3, CardType.UNIT, id="level '-' → cost 3 → 03"),
        pytest.param(row(strength="12"), 12, CardType.UNIT, id="strength 12 → 12 (value)"),
        pytest.param(row(HP="120"), 99, CardType.UNIT, id="HP 120 by value → clamped 99"),
        pytest.param({"名前": "スライム", "種類": "モンスター", "体力": "8"}, 8, CardType.UNIT,
                     id="Japanese headers: 体力 8 → 08"),
        pytest.param({"名前": "竜", "種類": "キャラ", "つよさ": "7"}, 7, CardType.UNIT,
                     id="つよさ 7 → 07"),
        pytest.param(row("spell", cost="2"), 2, CardType.CHARGE_EFFECT, id="spell → Charge Effect"),
        pytest.param(row("罠", cost="1"), 1, CardType.CHARGE_TRAP, id="罠 → Charge Trap"),
        pytest.param(row("装備", cost="1"), 1, CardType.WEAPON, id="装備 → Weapon"),
        pytest.param(row("フィールド"), None, CardType.LIFE_COUNTER, id="フィールド → Life Counter"),
        pytest.param(row("永続罠"), None, CardType.LIFE_TRAP, id="永続罠 → Life Trap"),
        pytest.param(row("Charge Trap", cost="2"), 2, CardType.CHARGE_TRAP,
                     id="a TWGP type name as the kind"),
        pytest.param(row("land"), None, None, id="land → no type (a resource)"),
    ],
)  # fmt: skip
def test_general_rule_and_default_kinds(
    record: dict[str, Any], grade: int | None, card_type: CardType | None
) -> None:
    card = GENERIC.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type


@pytest.mark.parametrize(
    ("digits", "hp", "grade"),
    [
        pytest.param("auto", "12", 12, id="auto = value: 12 → 12"),
        pytest.param("hundreds-tens", "120", 12, id="Pokémon style 120 → 12"),
        pytest.param("thousands-hundreds", "8700", 87, id="DQ style 8700 → 87"),
        pytest.param("thousands", "2500", 2, id="WS style 2500 → 02"),
        pytest.param("tens-units", "120", 20, id="tens-units 120 → 20"),
    ],
)
def test_digits_option_applies_to_strength_and_hp(digits: str, hp: str, grade: int) -> None:
    converter = GenericConverter.configured({"digits": digits})
    assert converter.to_grade(row(hp=hp)).value == grade
    assert converter.to_grade(row(strength=hp)).value == grade


def test_digits_do_not_apply_to_level_or_cost() -> None:
    converter = GenericConverter(digits="hundreds-tens")
    assert converter.to_grade(row(cost="7", hp="120")).value == 7


def test_reason_names_the_stat_and_the_digits() -> None:
    ruling = GenericConverter(digits="hundreds-tens").to_grade(row(hp="120"))
    assert ruling.reason == "HP 120 → hundreds and tens digits → 12"


def test_no_stat_on_a_unit_warns_and_on_a_spell_does_not() -> None:
    assert GENERIC.convert(row()).warnings
    assert GENERIC.convert(row("spell")).warnings == ()


def test_unknown_kind_is_no_type_with_a_hint() -> None:
    card = GENERIC.convert(row("ドラゴン"))
    assert card.card_type.value is None
    assert "ドラゴン" in card.card_type.reason
    assert any("--option kind." in w for w in card.warnings)


def test_kind_options_add_and_replace_kinds() -> None:
    converter = GenericConverter.configured(
        {"kind.ドラゴン": "unit", "kind.spell": "charge_trap", "kind.monster": "none"}
    )
    assert converter.card_type(row("ドラゴン")).value is CardType.UNIT
    assert converter.card_type(row("Spell")).value is CardType.CHARGE_TRAP
    assert converter.card_type(row("monster")).value is None
    assert "(your kind table)" in converter.card_type(row("spell")).reason
    assert GENERIC.card_type(row("spell")).value is CardType.CHARGE_EFFECT  # default untouched


def test_a_kind_file_and_options_combine() -> None:
    table = parse_kind_table("kind,type\nspell,charge_trap\nblessing,life counter\n")
    converter = GenericConverter.configured({"kind.blessing": "recoil"}, kinds=table)
    assert converter.card_type(row("spell")).value is CardType.CHARGE_TRAP
    assert converter.card_type(row("blessing")).value is CardType.RECOIL


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("spell = charge effect\n# a comment\n\nland = none\n",
                     {"spell": CardType.CHARGE_EFFECT, "land": None}, id="key = value lines"),
        pytest.param("魔法: チャージ・エフェクト\n罠\tcharge_trap",
                     {"魔法": CardType.CHARGE_EFFECT, "罠": CardType.CHARGE_TRAP},
                     id="colon and tab, Japanese type names"),
        pytest.param('\ufeff{"spell": "weapon", "land": null}',
                     {"spell": CardType.WEAPON, "land": None}, id="JSON object with BOM"),
    ],
)  # fmt: skip
def test_parse_kind_table(text: str, expected: dict[str, CardType | None]) -> None:
    assert parse_kind_table(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("spell = sorcery", "line 1: unknown TWGP type 'sorcery'", id="bad type"),
        pytest.param("spell\n", "line 1: expected `kind = type`", id="no separator"),
        pytest.param("{not json", "not JSON", id="bad JSON"),
        pytest.param('{"spell": 3}', "expected an object", id="JSON with a number"),
    ],
)
def test_parse_kind_table_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ConverterError, match=message):
        parse_kind_table(text)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param({"digits": "hundreds"}, "unknown digits 'hundreds'", id="bad digits"),
        pytest.param({"colour": "red"}, "no option 'colour'", id="unknown option"),
        pytest.param({"kind.x": "sorcery"}, "unknown TWGP type", id="bad kind type"),
    ],
)
def test_bad_options_raise_converter_errors(options: dict[str, str], message: str) -> None:
    with pytest.raises(ConverterError, match=message):
        GenericConverter.configured(options)


def test_the_registry_builds_it_without_arguments() -> None:
    converter = load_converter("generic")
    assert isinstance(converter, GenericConverter)
    assert converter.digits == "auto"
    assert "digits" in converter.options


def test_converters_without_options_refuse_them() -> None:
    converter = load_converter("darkside")
    assert type(converter).configured({}) is not converter
    with pytest.raises(ConverterError, match="takes no option digits"):
        type(converter).configured({"digits": "value"})


def test_the_example_files_convert_cleanly() -> None:
    table = parse_kind_table((EXAMPLES / "generic-kinds.txt").read_text(encoding="utf-8"))
    converter = GenericConverter.configured({"digits": "thousands-hundreds"}, kinds=table)
    cards = [converter.convert(r) for r in example_rows("generic")]
    assert [(c.grade_text, c.card_type.value) for c in cards[:2]] == [
        ("02", CardType.UNIT), ("87", CardType.UNIT)]
    assert cards[-1].card_type.value is CardType.LIFE_COUNTER  # "blessing", from the kind file
    assert GENERIC.convert(example_rows("generic")[-1]).card_type.value is None


@settings(max_examples=200, deadline=None)
@given(records("level", "cost", "strength", "hp", "レベル", "体力", "つよさ"))
def test_no_row_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(GENERIC, record)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["auto", "value", "tens-units", "hundreds-tens", "thousands-hundreds",
                     "thousands"]),
    st.integers(-(10**9), 10**9),
)  # fmt: skip
def test_every_digits_rule_stays_in_range(digits: str, hp: int) -> None:
    grade = GenericConverter(digits=digits).to_grade(row(hp=hp)).value
    assert grade is None or 0 <= grade <= 99
