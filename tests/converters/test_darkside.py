"""Dark side telling (seed 003): grade = strength つよさ; dice strengths by expected value."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.ingest.conversion import convert_files
from converters.base import CardType
from converters.darkside import DarksideConverter, read_dice, roster_facts
from converters.errors import InvalidRecordError, SkipRecord
from tests.converters.tabular_cases import EXAMPLES, convert_or_signal, example_rows, records

DARKSIDE = DarksideConverter()

# The units of seed 003 ("ユニットデータ"): name, つよさ, 貸与可能, 特殊, and the grade expected.
UNITS: list[tuple[str, str, bool, bool, int]] = [
    ("ラマルトゥ", "10", False, False, 10),
    ("シェミハザ", "5", False, False, 5),
    ("バイオTレックス", "3", True, False, 3),
    ("ワイルドワイバーン", "2", True, False, 2),
    ("雨宮凍", "10", False, False, 10),
    ("ああああ", "4", False, False, 4),
    ("羅堂エリ", "5", False, False, 5),
    ("阿久津さん", "1", True, False, 1),
    ("なわて", "4", False, False, 4),
    ("花月", "1d6(召喚フェイズ時に毎ターン振る)", False, False, 3),
    ("ガンド&わかな", "3", False, False, 3),
    ("魔界辺境伯宇宙悪鬼ゴズタウルス卿", "5", True, False, 5),
    ("魔王さま", "10", False, False, 10),
    ("カニカマン", "3", True, False, 3),
    ("エノキラー", "3", True, False, 3),
    ("アカババン", "3", True, False, 3),
    ("紙司馬懿", "5", True, False, 5),
    ("チーカマン", "6", False, True, 6),
    ("エリンギロチン", "6", False, True, 6),
    ("IDマッカー", "6", False, True, 6),
]


def unit(name: str, strength: Any, lendable: Any = "no", special: Any = "no", **extra: Any) -> dict[str, Any]:
    return {"name": name, "strength": strength, "lendable": lendable, "special": special, **extra}


@pytest.mark.parametrize(
    ("name", "strength", "lendable", "special", "grade"),
    [pytest.param(*row, id=f"{row[0]} つよさ {row[1][:3]} → {row[4]:02d}") for row in UNITS],
)
def test_document_units(name: str, strength: str, lendable: bool, special: bool, grade: int) -> None:
    card = DARKSIDE.convert(unit(name, strength, "yes" if lendable else "no", "○" if special else ""))
    assert card.grade.value == grade
    assert card.card_type.value is CardType.UNIT
    assert (card.stats["lendable"], card.stats["special"]) == (lendable, special)


def test_the_example_file_is_the_document_roster() -> None:
    rows = example_rows("darkside")
    expected = [(name, strength, lendable, special) for name, strength, lendable, special, _ in UNITS]
    found = [(r["name"], r["strength"], r["lendable"] == "yes", r["special"] == "yes") for r in rows]
    assert found == expected
    assert len({r["id"] for r in rows}) == len(rows)


def test_the_example_file_converts_cleanly() -> None:
    outcomes = list(convert_files(DARKSIDE, [EXAMPLES / "darkside.csv"]))
    cards = [o.card for o in outcomes if o.card]
    assert len(cards) == len(UNITS)
    assert [c.name for c in cards if c.warnings] == ["花月"]  # only the dice strength warns
    assert all(c.card_type.value is CardType.UNIT for c in cards)


@pytest.mark.parametrize(
    ("strength", "grade", "reason"),
    [
        pytest.param("1d6", 3, "strength 1d6: variable, expected value 3.5 rounded down → 03",
                     id="1d6 → 3.5 → 03"),
        pytest.param("2d6", 7, "strength 2d6: variable, expected value 7 rounded down → 07",
                     id="2d6 → 7 → 07"),
        pytest.param("１Ｄ６＋２", 5, "strength 1d6+2: variable, expected value 5.5 rounded down → 05",
                     id="full-width 1D6+2 → 05"),
        pytest.param("d4-3", 0, "strength d4-3: variable, expected value -0.5 rounded down → 00",
                     id="d4-3 below zero → 00"),
        pytest.param("100d6", 99, "strength 100d6: variable, expected value 350 rounded down → "
                     "more than 99, clamped → 99", id="100d6 clamps → 99"),
    ],
)  # fmt: skip
def test_dice_strength_is_graded_by_expected_value_with_a_warning(
    strength: str, grade: int, reason: str
) -> None:
    ruling = DARKSIDE.to_grade(unit("花月", strength))
    assert (ruling.value, ruling.reason) == (grade, reason)
    assert any("is rolled" in w for w in ruling.warnings)


def test_plain_strength_reason_and_no_warning() -> None:
    ruling = DARKSIDE.to_grade(unit("ラマルトゥ", 10))
    assert (ruling.value, ruling.reason, ruling.warnings) == (10, "strength 10 → 10", ())


@pytest.mark.parametrize(
    ("strength", "warning"),
    [pytest.param("", "missing", id="blank"), pytest.param("?", "variable", id="?"),
     pytest.param("つよい", "unreadable", id="not a number")],
)  # fmt: skip
def test_unreadable_strength_is_no_grade_with_a_warning(strength: str, warning: str) -> None:
    card = DARKSIDE.convert(unit("x", strength))
    assert card.grade.value is None
    assert any(warning in w for w in card.warnings)


def test_japanese_headers_and_owner() -> None:
    record = {"名前": "シェミハザ", "つよさ": "5", "貸与可能": "×", "特殊": "いいえ", "owner": "ナナ"}
    card = DARKSIDE.convert(record)
    assert (card.grade_text, card.name_ja, card.stats["owner"]) == ("05", "シェミハザ", "ナナ")
    assert roster_facts(card.stats) == (False, False, "ナナ")


def test_roster_facts_default_to_no_and_no_owner() -> None:
    card = DARKSIDE.convert({"name": "チーカマン", "strength": "6", "special": "yes"})
    assert roster_facts(card.stats) == (False, True, None)


def test_a_flag_that_is_not_yes_or_no_is_an_invalid_record() -> None:
    with pytest.raises(InvalidRecordError, match="lendable 'maybe'"):
        DARKSIDE.convert(unit("x", 3, lendable="maybe"))


@pytest.mark.parametrize("kind", ["マジック", "trap"])
def test_magic_and_trap_rows_are_skipped(kind: str) -> None:
    with pytest.raises(SkipRecord, match="2d6 tables"):
        DARKSIDE.convert({"name": "ファイアボール", "kind": kind})


def test_a_row_marked_unit_is_a_unit() -> None:
    assert DARKSIDE.convert(unit("x", 3, kind="ユニット")).card_type.value is CardType.UNIT


def test_identity_is_the_name_and_source_id_the_id() -> None:
    card = DARKSIDE.convert(unit("なわて", 4, id="darkside-09"))
    assert (card.source_id, card.identity) == ("darkside-09", "darkside:なわて")


@pytest.mark.parametrize(
    ("text", "expected"),
    [pytest.param("1d6", 3.5, id="1d6"), pytest.param("3d6-1", 9.5, id="3d6-1"),
     pytest.param("6", None, id="a number"), pytest.param("1d0", None, id="zero faces"),
     pytest.param("1d6d6", None, id="garbage")],
)  # fmt: skip
def test_read_dice(text: str, expected: float | None) -> None:
    dice = read_dice(text)
    assert (dice.expected if dice else None) == expected


@settings(max_examples=200, deadline=None)
@given(records("strength", "つよさ", "lendable", "貸与可能", "special", "特殊", "owner"))
def test_no_row_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(DARKSIDE, record)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 10**4), st.integers(-100, 100))
def test_dice_grades_stay_in_range(count: int, faces: int, bonus: int) -> None:
    text = f"{count}d{faces}{bonus:+d}"
    grade = DARKSIDE.to_grade(unit("x", text)).value
    assert grade is None or 0 <= grade <= 99
