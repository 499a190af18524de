"""Dinosaur King: grade = thousands and hundreds digits of strength (強さ)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from converters.base import CardType
from converters.dinoking import DinosaurKingConverter
from tests.converters.tabular_cases import convert_or_signal, example_rows, records

DINO = DinosaurKingConverter()


def dinosaur(name: str, strength: Any) -> dict[str, Any]:
    return {"name": name, "kind": "dinosaur", "strength": strength}


@pytest.mark.parametrize(
    ("record", "grade", "card_type"),
    [
        pytest.param(dinosaur("Velociraptor", "900"), 9, CardType.UNIT, id="900 → 09 (rules)"),
        pytest.param(dinosaur("Tyrannosaurus", 2000), 20, CardType.UNIT, id="2000 → 20 (rules)"),
        pytest.param(dinosaur("Triceratops", "1400"), 14, CardType.UNIT, id="Triceratops 1400"),
        pytest.param(dinosaur("Giant", "9900"), 99, CardType.UNIT, id="9900 → 99 (top end)"),
        pytest.param(dinosaur("Egg", "99"), 0, CardType.UNIT, id="99 → 00 (bottom end)"),
        pytest.param(dinosaur("Giant", "10000"), 0, CardType.UNIT, id="10000 → 00 (digits)"),
        pytest.param(dinosaur("Spinosaurus", "２０００"), 20, CardType.UNIT, id="full-width"),
        pytest.param(dinosaur("Spinosaurus", "2,000"), 20, CardType.UNIT, id="comma"),
        pytest.param(
            {"名前": "ティラノサウルス", "種類": "恐竜", "強さ": "2000"},
            20,
            CardType.UNIT,
            id="Japanese headers (強さ)",
        ),
        pytest.param(
            {"名前": "トリケラトプス", "種類": "恐竜カード", "つよさ": "1400"},
            14,
            CardType.UNIT,
            id="つよさ header in kana",
        ),
    ],
)
def test_grade_and_type(record: dict[str, Any], grade: int, card_type: CardType) -> None:
    card = DINO.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type
    assert card.warnings == ()


def test_reason_names_the_strength_and_the_rule() -> None:
    assert DINO.to_grade(dinosaur("Tyrannosaurus", "2000")).reason == (
        "strength 2000 → thousands and hundreds digits → 20"
    )


@pytest.mark.parametrize(
    ("kind", "card_type"),
    [
        pytest.param("dinosaur", CardType.UNIT, id="dinosaur → Unit"),
        pytest.param("dino", CardType.UNIT, id="dino → Unit"),
        pytest.param("恐竜", CardType.UNIT, id="恐竜 → Unit"),
        pytest.param("move", CardType.CHARGE_EFFECT, id="move → Charge Effect"),
        pytest.param("わざ", CardType.CHARGE_EFFECT, id="わざ → Charge Effect"),
        pytest.param("技", CardType.CHARGE_EFFECT, id="技 → Charge Effect"),
        pytest.param("超わざ", CardType.CHARGE_EFFECT, id="超わざ → Charge Effect"),
        pytest.param("support", CardType.CHARGE_EFFECT, id="support → Charge Effect"),
        pytest.param("サポート", CardType.CHARGE_EFFECT, id="サポート → Charge Effect"),
    ],
)
def test_kind_table(kind: str, card_type: CardType) -> None:
    ruling = DINO.card_type({"name": "x", "kind": kind})
    assert ruling.value is card_type
    assert kind in ruling.reason


def test_unknown_kind_is_no_type() -> None:
    ruling = DINO.card_type({"name": "Rex", "kind": "キャラクター"})
    assert ruling.value is None
    assert "キャラクター" in ruling.reason
    assert "恐竜" in ruling.reason


@pytest.mark.parametrize(
    ("strength", "words"),
    [pytest.param("1d6", "variable", id="rolled 1d6"), pytest.param("", "no strength", id="blank"),
     pytest.param("つよい", "not a number", id="a word")],
)  # fmt: skip
def test_unusable_strength_warns(strength: str, words: str) -> None:
    card = DINO.convert(dinosaur("Rex", strength))
    assert card.grade.value is None
    assert words in card.grade.reason
    assert card.warnings


def test_a_move_without_strength_does_not_warn() -> None:
    card = DINO.convert({"name": "パワードレイン", "kind": "わざ"})
    assert (card.grade.value, card.card_type.value, card.warnings) == (
        None, CardType.CHARGE_EFFECT, (),
    )  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(record=records("strength", "強さ", "つよさ", "kind"))
def test_any_record_converts_or_signals(record: dict[str, Any]) -> None:
    convert_or_signal(DINO, record)


def test_bundled_example_converts_cleanly() -> None:
    cards = {card.name: card for card in map(DINO.convert, example_rows("dinoking"))}
    assert len(cards) >= 5
    assert all(card.warnings == () for card in cards.values())
    assert cards["ティラノサウルス"].grade_text == "20"
    assert cards["ディロフォサウルス"].grade_text == "10"
    assert cards["最後の力"].card_type.value is CardType.CHARGE_EFFECT
