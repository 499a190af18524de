"""Live On: grade = the number of all torque symbols."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from converters.base import CardType
from converters.liveon import LiveOnConverter, read_torque
from tests.converters.tabular_cases import convert_or_signal, example_rows, records

LIVEON = LiveOnConverter()


def monster(torque: Any, name: str = "タテコモール") -> dict[str, Any]:
    return {"name": name, "kind": "モンスター", "torque": torque}


@pytest.mark.parametrize(
    ("torque", "grade"),
    [
        pytest.param("赤×2+無色×1", 3, id="赤×2+無色×1 → 03 (rules example)"),
        pytest.param("red×2+colorless×1", 3, id="red×2+colorless×1 → 03 (rules, English)"),
        pytest.param("red x2 + colourless x1", 3, id="red x2 + colourless x1 (spaced, x)"),
        pytest.param("赤赤②", 4, id="赤赤② → 4 symbols → 04 (rules fact)"),
        pytest.param("赤赤無", 3, id="赤赤無: colourless holding 1"),
        pytest.param("赤赤無2", 4, id="赤赤無2: colourless written 無2"),
        pytest.param("赤赤無×2", 4, id="赤赤無×2"),
        pytest.param("赤赤1", 3, id="赤赤1 (タテコモール; colourless digit to the right)"),
        pytest.param("白青黒", 3, id="three colours"),
        pytest.param("⑳", 20, id="circled 20"),
        pytest.param("3", 3, id="plain number"),
        pytest.param(4, 4, id="plain int"),
        pytest.param("０", 0, id="full-width 0 → 00"),
        pytest.param("無99", 99, id="99 → 99"),
        pytest.param("赤赤⑳⑳⑳⑳⑳", 99, id="102 symbols clamp → 99"),
    ],
)
def test_torque_grade(torque: Any, grade: int) -> None:
    card = LIVEON.convert(monster(torque))
    assert card.grade.value == grade
    assert card.card_type.value is CardType.UNIT


def test_reason_names_the_torque_and_the_count() -> None:
    assert LIVEON.to_grade(monster("赤赤②")).reason == "torque 赤赤② → 4 symbols → 04"


def test_symbols_are_counted_per_colour_in_stats() -> None:
    card = LIVEON.convert(monster("赤赤②"))
    assert card.stats["torque_symbols"] == {"red": 2, "colourless": 2}
    assert card.warnings == ()


def test_clamp_warns() -> None:
    assert LIVEON.convert(monster("無120")).warnings


@pytest.mark.parametrize(
    "torque",
    [pytest.param("?", id="?"), pytest.param("green", id="unknown colour"),
     pytest.param("赤-赤", id="odd separator"), pytest.param("-1", id="negative")],
)  # fmt: skip
def test_unreadable_torque_warns_naming_the_value(torque: str) -> None:
    card = LIVEON.convert(monster(torque))
    assert card.grade.value is None
    assert any(repr(torque) in w for w in card.warnings)


def test_missing_torque_on_a_monster_warns() -> None:
    card = LIVEON.convert(monster(""))
    assert card.grade.value is None
    assert card.warnings


def test_read_torque_rejects_text_without_symbols() -> None:
    assert read_torque("+") is None
    assert read_torque("") is None


@pytest.mark.parametrize(
    ("kind", "card_type"),
    [
        pytest.param("monster", CardType.UNIT, id="monster → Unit"),
        pytest.param("モンスターカード", CardType.UNIT, id="モンスターカード → Unit"),
        pytest.param("モンスター/地獣族", CardType.UNIT, id="モンスター/地獣族 as printed"),
        pytest.param("ワザ", CardType.CHARGE_EFFECT, id="ワザ → Charge Effect"),
        pytest.param("technique", CardType.CHARGE_EFFECT, id="technique → Charge Effect"),
        pytest.param("ライブ", CardType.CHARGE_EFFECT, id="ライブ → Charge Effect"),
        pytest.param("リアクション", CardType.RECOIL, id="リアクション → Recoil (rules example)"),
        pytest.param("reaction", CardType.RECOIL, id="reaction → Recoil"),
        pytest.param("ワザ/リアクション", CardType.RECOIL, id="a reaction technique → Recoil"),
    ],
)
def test_kind_table(kind: str, card_type: CardType) -> None:
    ruling = LIVEON.card_type({"name": "x", "kind": kind})
    assert ruling.value is card_type
    assert kind in ruling.reason


def test_a_card_driver_has_no_type_and_says_why() -> None:
    card = LIVEON.convert({"名前": "天尾 翔", "種類": "カードライバー"})
    assert card.card_type.value is None
    assert "player" in card.card_type.reason
    assert card.warnings == ()


def test_unknown_kind_is_no_type() -> None:
    ruling = LIVEON.card_type({"name": "x", "kind": "ドラゴン"})
    assert ruling.value is None
    assert "ドラゴン" in ruling.reason
    assert "ワザ" in ruling.reason


def test_japanese_headers() -> None:
    card = LIVEON.convert({"名前": "タテコモール", "種類": "モンスター", "トルク": "赤赤1"})
    assert (card.grade_text, card.card_type.value, card.name_ja) == (
        "03", CardType.UNIT, "タテコモール",
    )  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(record=records("torque", "トルク", "kind", "power"))
def test_any_record_converts_or_signals(record: dict[str, Any]) -> None:
    convert_or_signal(LIVEON, record)


def test_bundled_example_converts_cleanly() -> None:
    cards = {c.name: c for c in map(LIVEON.convert, example_rows("liveon"))}
    assert len(cards) >= 5
    assert all(c.warnings == () for c in cards.values())
    assert cards["タテコモール"].grade_text == "03"
    assert cards["タテガミウルフ"].grade_text == "04"
    assert cards["天尾 翔"].card_type.value is None
