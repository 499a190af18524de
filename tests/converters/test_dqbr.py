"""Dragon Quest Battle Road: grade = thousands and hundreds digits of HP."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from converters.base import CardType
from converters.dqbr import DragonQuestBattleRoadConverter
from tests.converters.tabular_cases import convert_or_signal, example_rows, records

DQBR = DragonQuestBattleRoadConverter()


def monster(name: str, hp: Any, kind: str = "monster") -> dict[str, Any]:
    return {"id": f"dq-{name}", "name": name, "kind": kind, "hp": hp}


@pytest.mark.parametrize(
    ("record", "grade", "card_type"),
    [
        pytest.param(monster("Slime", "481"), 4, CardType.UNIT, id="HP 481 → 04 (rules example)"),
        pytest.param(monster("Dragonlord", 8700), 87, CardType.UNIT, id="HP 8700 → 87 (rules)"),
        pytest.param(monster("Estark", "12345"), 23, CardType.UNIT, id="HP 12345 drops the 1 → 23"),
        pytest.param(monster("Zoma", "9900"), 99, CardType.UNIT, id="HP 9900 → 99 (top end)"),
        pytest.param(monster("Slime", "50"), 0, CardType.UNIT, id="HP 50 → 00 (bottom end)"),
        pytest.param(monster("Golem", "８７００"), 87, CardType.UNIT, id="full-width digits"),
        pytest.param(monster("Golem", "8,700"), 87, CardType.UNIT, id="thousands comma"),
        pytest.param(
            {"名前": "キラーマシン", "種類": "モンスター", "HP": "4100"},
            41,
            CardType.UNIT,
            id="Japanese headers and kind word",
        ),
        pytest.param(
            {"\ufeffname ": "Slime", " Kind": "Monster", "HP ": "481"},
            4,
            CardType.UNIT,
            id="BOM and odd spacing in headers",
        ),
    ],
)
def test_grade_and_type(record: dict[str, Any], grade: int, card_type: CardType) -> None:
    card = DQBR.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type
    assert card.warnings == ()


def test_reason_names_the_hp_and_the_rule() -> None:
    assert DQBR.to_grade(monster("Dragonlord", "8700")).reason == (
        "HP 8700 → thousands and hundreds digits → 87"
    )


@pytest.mark.parametrize(
    ("kind", "card_type"),
    [
        pytest.param("monster", CardType.UNIT, id="monster → Unit"),
        pytest.param("モンスターカード", CardType.UNIT, id="モンスターカード → Unit"),
        pytest.param("勇者", CardType.UNIT, id="勇者 (hero) → Unit"),
        pytest.param("必殺技", CardType.CHARGE_EFFECT, id="必殺技 → Charge Effect"),
        pytest.param("とくぎ", CardType.CHARGE_EFFECT, id="とくぎ → Charge Effect"),
        pytest.param("じゅもん", CardType.CHARGE_EFFECT, id="じゅもん → Charge Effect"),
        pytest.param("spell", CardType.CHARGE_EFFECT, id="spell → Charge Effect"),
        pytest.param("アイテム", CardType.WEAPON, id="アイテム (equips the hero) → Weapon"),
        pytest.param("どうぐ", CardType.WEAPON, id="どうぐ → Weapon"),
        pytest.param("そうび", CardType.WEAPON, id="そうび → Weapon"),
    ],
)
def test_kind_table(kind: str, card_type: CardType) -> None:
    ruling = DQBR.card_type({"name": "x", "kind": kind})
    assert ruling.value is card_type
    assert kind in ruling.reason
    assert card_type.label in ruling.reason


def test_unknown_kind_is_no_type_with_the_accepted_words() -> None:
    ruling = DQBR.card_type({"name": "x", "kind": "boss"})
    assert ruling.value is None
    assert "'boss'" in ruling.reason
    assert "モンスター" in ruling.reason
    assert ruling.warnings


def test_missing_hp_on_a_monster_warns() -> None:
    card = DQBR.convert({"name": "Slime", "kind": "monster", "hp": ""})
    assert card.grade.value is None
    assert "no HP printed" in card.grade.reason
    assert card.warnings


def test_missing_hp_on_a_move_is_no_grade_without_warning() -> None:
    card = DQBR.convert({"name": "Giga Slash", "kind": "必殺技"})
    assert card.grade.value is None
    assert card.warnings == ()


@pytest.mark.parametrize(
    "hp",
    [pytest.param("?", id="variable ?"), pytest.param("lots", id="not a number"),
     pytest.param("-100", id="negative")],
)  # fmt: skip
def test_unusable_hp_is_no_grade_with_a_warning(hp: str) -> None:
    card = DQBR.convert(monster("Slime", hp))
    assert card.grade.value is None
    assert card.warnings


def test_id_defaults_to_the_name_and_reprints_share_identity() -> None:
    first = DQBR.convert({"name": "スライム", "kind": "モンスター", "hp": "481"})
    reprint = DQBR.convert({"id": "DQ2-001", "name": "スライム", "kind": "モンスター", "hp": "481"})
    assert first.source_id == "スライム"
    assert first.name_ja == "スライム"
    assert first.identity == reprint.identity


@settings(max_examples=200, deadline=None)
@given(record=records("hp", "HP", "kind", "種類"))
def test_any_record_converts_or_signals(record: dict[str, Any]) -> None:
    convert_or_signal(DQBR, record)


def test_bundled_example_converts_cleanly() -> None:
    cards = [DQBR.convert(row) for row in example_rows("dqbr")]
    assert len(cards) >= 5
    assert all(card.warnings == () for card in cards)
    assert {c.card_type.value for c in cards} == {
        CardType.UNIT, CardType.CHARGE_EFFECT, CardType.WEAPON,
    }  # fmt: skip
    assert [c.grade_text for c in cards if c.name == "りゅうおう"] == ["87"]
