"""The grade policies, types and name keys of converters/base.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.base import (
    CardType,
    NumberReading,
    format_grade,
    grade_from_digits,
    grade_from_value,
    header_key,
    normalise_name_key,
    pick,
    read_number,
)


@pytest.mark.parametrize(
    ("value", "lowest", "places", "grade"),
    [
        pytest.param(481, 100, 2, 4, id="DQ HP 481 → 04 (rules example)"),
        pytest.param(8700, 100, 2, 87, id="DQ HP 8700 → 87 (rules example)"),
        pytest.param(12345, 100, 2, 23, id="DQ HP 12345 → 23 (higher digits dropped)"),
        pytest.param(900, 100, 2, 9, id="Dinosaur King 900 → 09 (rules example)"),
        pytest.param(2000, 100, 2, 20, id="Dinosaur King 2000 → 20 (rules example)"),
        pytest.param(2500, 1000, 1, 2, id="WS power 2500 → 02 (rules example)"),
        pytest.param(10000, 1000, 1, 0, id="WS power 10000 → 00 (rules example)"),
        pytest.param(12500, 1000, 1, 2, id="WS power 12500 → 02"),
        pytest.param(40, 10, 2, 4, id="Pokémon HP 40 → 04 (rules example)"),
        pytest.param(120, 10, 2, 12, id="Pokémon HP 120 → 12 (rules example)"),
        pytest.param(340, 10, 2, 34, id="Pokémon HP 340 → 34"),
        pytest.param(9990, 10, 2, 99, id="top of the range"),
    ],
)
def test_digit_rules(value: int, lowest: int, places: int, grade: int) -> None:
    ruling = grade_from_digits(value, f"value {value}", lowest_place=lowest, places=places)
    assert ruling.value == grade
    assert str(value) in ruling.reason
    assert ruling.reason.endswith(f"{grade:02d}")


def test_digit_rule_reason_reads_like_the_issue() -> None:
    ruling = grade_from_digits(8700, "HP 8700", lowest_place=100, places=2)
    assert ruling.reason == "HP 8700 → thousands and hundreds digits → 87"


@pytest.mark.parametrize(
    ("value", "grade", "warned"),
    [
        pytest.param(2, 2, False, id="cost 2 → 02 (rules example)"),
        pytest.param(9, 9, False, id="cost 9 → 09 (rules example)"),
        pytest.param(0.5, 0, False, id="½ rounds down → 00"),
        pytest.param(4.0, 4, False, id="float mana value 4.0 → 04"),
        pytest.param(99, 99, False, id="99 stays"),
        pytest.param(100, 99, True, id="100 clamps to 99 with a warning"),
        pytest.param(1_000_000, 99, True, id="Gleemax clamps"),
    ],
)
def test_value_rules(value: float, grade: int, warned: bool) -> None:
    ruling = grade_from_value(value, f"cost {value}")
    assert ruling.value == grade
    assert bool(ruling.warnings) is warned
    if value != int(value):
        assert "rounded down" in ruling.reason


@pytest.mark.parametrize(
    ("raw", "kind", "number"),
    [
        ("120", NumberReading.OK, 120.0),
        ("１２０", NumberReading.OK, 120.0),
        ("1,000", NumberReading.OK, 1000.0),
        (4.0, NumberReading.OK, 4.0),
        ("-", NumberReading.MISSING, None),
        ("－", NumberReading.MISSING, None),
        ("", NumberReading.MISSING, None),
        (None, NumberReading.MISSING, None),
        ("?", NumberReading.VARIABLE, None),
        ("1+*", NumberReading.VARIABLE, None),
        ("1d6", NumberReading.VARIABLE, None),
        ("abc", NumberReading.INVALID, None),
        (True, NumberReading.INVALID, None),
    ],
)
def test_read_number_tells_missing_from_variable(
    raw: object, kind: NumberReading, number: float | None
) -> None:
    assert read_number(raw) == (kind, number)


@given(st.floats(min_value=0, max_value=1e12, allow_nan=False))
def test_every_value_grade_is_in_range(value: float) -> None:
    grade = grade_from_value(value, "v").value
    assert grade is not None
    assert 0 <= grade <= 99


@given(st.integers(min_value=0, max_value=10**9), st.sampled_from([(100, 2), (10, 2), (1000, 1)]))
def test_every_digit_grade_is_in_range(value: int, rule: tuple[int, int]) -> None:
    grade = grade_from_digits(value, "v", lowest_place=rule[0], places=rule[1]).value
    assert grade is not None
    assert 0 <= grade <= 99


def test_grades_are_written_with_two_digits() -> None:
    assert [format_grade(g) for g in (0, 4, 87, None)] == ["00", "04", "87", None]


@pytest.mark.parametrize(
    "text",
    [
        "unit",
        "Unit",
        "UNIT",
        "ユニット",
        "Charge Trap",
        "charge-trap",
        "チャージ・トラップ",
        "life_counter",
    ],
)
def test_card_type_parse_accepts_ids_labels_and_japanese(text: str) -> None:
    assert isinstance(CardType.parse(text), CardType)


def test_card_type_parse_rejects_unknown_words_naming_the_accepted_ones() -> None:
    with pytest.raises(ValueError, match="charge_effect"):
        CardType.parse("sorcery")


def test_only_life_types_are_life_cards() -> None:
    assert {t for t in CardType if t.is_life_card} == {CardType.LIFE_TRAP, CardType.LIFE_COUNTER}


def test_headers_match_by_normalised_name() -> None:
    record = {"\ufeffＮａｍｅ ": "Slime", "HP": "481", "種類": "モンスター", "empty": ""}
    assert pick(record, "name", "名前") == "Slime"
    assert pick(record, "kind", "種類") == "モンスター"
    assert pick(record, "empty") is None
    assert header_key(" Shield_Trigger ") == header_key("shieldtrigger")


def test_name_key_folds_case_width_and_kana() -> None:
    assert normalise_name_key("ピカチュウ") == normalise_name_key("ぴかちゅう")
    assert normalise_name_key("ＰＩＫＡＣＨＵ") == normalise_name_key("pikachu")
    assert normalise_name_key("Lim–Dûl’s  Vault") == "lim-dûl's vault"
