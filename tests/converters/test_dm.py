"""Duel Masters: grade = the cost value; S・トリガー makes a spell a Charge Trap."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from converters.base import CardType, Printing
from converters.dm import DuelMastersConverter
from tests.converters.tabular_cases import convert_or_signal, example_rows, records

DM = DuelMastersConverter()


def card(name: str, kind: str, cost: Any, **extra: Any) -> dict[str, Any]:
    return {"name": name, "kind": kind, "cost": cost, **extra}


@pytest.mark.parametrize(
    ("record", "grade", "card_type"),
    [
        pytest.param(card("Spiral Gate", "spell", "2", shield_trigger="yes"), 2,
                     CardType.CHARGE_TRAP, id="cost 2 → 02 (rules), S-trigger spell"),
        pytest.param(card("Nine-Cost Creature", "creature", 9), 9, CardType.UNIT,
                     id="cost 9 → 09 (rules), creature"),
        pytest.param(card("Bolshack Dragon", "creature", "6", power="6000+"), 6, CardType.UNIT,
                     id="Bolshack Dragon cost 6"),
        pytest.param(card("Free", "creature", "0"), 0, CardType.UNIT, id="cost 0 → 00"),
        pytest.param(card("Big", "creature", "99"), 99, CardType.UNIT, id="cost 99 → 99"),
        pytest.param(card("Aqua Hulcus", "creature", "３"), 3, CardType.UNIT, id="full-width 3"),
        pytest.param({"名前": "デーモン・ハンド", "種類": "呪文", "コスト": "6", "S・トリガー": "○"},
                     6, CardType.CHARGE_TRAP, id="Japanese headers, ○ trigger"),
        pytest.param({"名前": "エナジー・ライト", "種類": "呪文", "コスト": "3"}, 3,
                     CardType.CHARGE_EFFECT, id="spell without S・トリガー column"),
    ],
)  # fmt: skip
def test_grade_and_type(record: dict[str, Any], grade: int, card_type: CardType) -> None:
    converted = DM.convert(record)
    assert converted.grade.value == grade
    assert converted.card_type.value is card_type
    assert converted.warnings == ()


def test_cost_above_99_clamps_with_a_warning() -> None:
    converted = DM.convert(card("Huge", "creature", "100"))
    assert converted.grade.value == 99
    assert "clamped" in converted.grade.reason
    assert converted.warnings


def test_reason_names_the_cost() -> None:
    assert DM.to_grade(card("Bolshack Dragon", "creature", "6")).reason == "cost 6 → 06"


@pytest.mark.parametrize(
    ("kind", "card_type"),
    [
        pytest.param("creature", CardType.UNIT, id="creature → Unit"),
        pytest.param("クリーチャー", CardType.UNIT, id="クリーチャー → Unit"),
        pytest.param("進化クリーチャー", CardType.UNIT, id="進化クリーチャー → Unit"),
        pytest.param("evolution creature", CardType.UNIT, id="evolution creature → Unit"),
        pytest.param("サイキック・クリーチャー", CardType.UNIT, id="psychic creature → Unit"),
        pytest.param("呪文", CardType.CHARGE_EFFECT, id="呪文 → Charge Effect"),
        pytest.param("クロスギア", CardType.WEAPON, id="クロスギア → Weapon"),
        pytest.param("cross gear", CardType.WEAPON, id="cross gear → Weapon"),
        pytest.param("オーラ", CardType.WEAPON, id="オーラ → Weapon"),
        pytest.param("城", CardType.LIFE_COUNTER, id="城 → Life Counter"),
        pytest.param("fortress", CardType.LIFE_COUNTER, id="fortress → Life Counter"),
        pytest.param("D2フィールド", CardType.LIFE_COUNTER, id="D2フィールド → Life Counter"),
        pytest.param("フィールド", CardType.LIFE_COUNTER, id="フィールド → Life Counter"),
        pytest.param("タマシード", CardType.LIFE_COUNTER, id="タマシード → Life Counter"),
    ],
)
def test_kind_table(kind: str, card_type: CardType) -> None:
    ruling = DM.card_type({"name": "x", "kind": kind, "cost": "3"})
    assert ruling.value is card_type
    assert kind in ruling.reason


@pytest.mark.parametrize(
    ("trigger", "card_type"),
    [
        pytest.param("yes", CardType.CHARGE_TRAP, id="yes"),
        pytest.param("TRUE", CardType.CHARGE_TRAP, id="TRUE"),
        pytest.param(1, CardType.CHARGE_TRAP, id="int 1"),
        pytest.param("✓", CardType.CHARGE_TRAP, id="check mark"),
        pytest.param("有", CardType.CHARGE_TRAP, id="有"),
        pytest.param("あり", CardType.CHARGE_TRAP, id="あり"),
        pytest.param("S・トリガー", CardType.CHARGE_TRAP, id="the keyword itself"),
        pytest.param("no", CardType.CHARGE_EFFECT, id="no"),
        pytest.param("false", CardType.CHARGE_EFFECT, id="false"),
        pytest.param("0", CardType.CHARGE_EFFECT, id="0"),
        pytest.param("なし", CardType.CHARGE_EFFECT, id="なし"),
        pytest.param("", CardType.CHARGE_EFFECT, id="blank"),
    ],
)
def test_shield_trigger_values(trigger: Any, card_type: CardType) -> None:
    ruling = DM.card_type(card("Holy Awe", "spell", "6", shield_trigger=trigger))
    assert ruling.value is card_type
    assert "S・トリガー" in ruling.reason


def test_shield_trigger_in_the_text_counts_when_there_is_no_column() -> None:
    record = card("Terror Pit", "spell", "6", text="S・トリガー\nDestroy one of your opponent's…")
    assert DM.card_type(record).value is CardType.CHARGE_TRAP


def test_a_castle_with_shield_trigger_is_a_life_trap() -> None:
    assert DM.card_type(card("Castle", "城", "4", shield_trigger="yes")).value is (
        CardType.LIFE_TRAP
    )


def test_a_creature_with_shield_trigger_stays_a_unit() -> None:
    assert DM.card_type(card("Trigger Bug", "creature", "4", shield_trigger="yes")).value is (
        CardType.UNIT
    )


def test_unreadable_shield_trigger_is_no_type_with_a_warning() -> None:
    ruling = DM.card_type(card("Spell", "spell", "3", shield_trigger="maybe"))
    assert ruling.value is None
    assert "'maybe'" in ruling.reason
    assert ruling.warnings


def test_unknown_kind_is_no_type() -> None:
    ruling = DM.card_type(card("Zero", "禁断", "0"))
    assert ruling.value is None
    assert "禁断" in ruling.reason
    assert "クリーチャー" in ruling.reason


def test_infinite_or_missing_cost_is_no_grade_with_a_warning() -> None:
    for cost in ("∞", "", "?"):
        converted = DM.convert(card("Odd", "creature", cost))
        assert converted.grade.value is None, cost
        assert converted.warnings, cost


@settings(max_examples=200, deadline=None)
@given(record=records("cost", "コスト", "kind", "power", "shield_trigger", "S・トリガー", "text"))
def test_any_record_converts_or_signals(record: dict[str, Any]) -> None:
    convert_or_signal(DM, record)


def test_bundled_example_converts_cleanly() -> None:
    cards = {c.name: c for c in map(DM.convert, example_rows("dm"))}
    assert len(cards) >= 5
    assert all(c.warnings == () for c in cards.values())
    assert cards["ボルシャック・ドラゴン"].grade_text == "06"
    assert cards["ボルシャック・ドラゴン"].name_ja == "ボルシャック・ドラゴン"
    assert cards["デーモン・ハンド"].card_type.value is CardType.CHARGE_TRAP
    assert cards["エナジー・ライト"].card_type.value is CardType.CHARGE_EFFECT


# --- The English card data (DuelMastersCards.json), records in its shape ---------------------


def dm_card(name: str, kind: str, cost: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"civilizations": ["Fire"], "cost": cost, "name": name, "type": kind, "text": text,
            "printings": [{"set": "DM-14 Generate Gear", "id": "64/110", "rarity": "Uncommon"}],
            **extra}  # fmt: skip


TRIGGER = ("Shield trigger (When this spell is put into your hand from your shield zone, you may "
           "cast it immediately for no cost.)")  # fmt: skip


@pytest.mark.parametrize(
    ("record", "card_type"),
    [
        pytest.param(dm_card("Apocalypse Day", "Spell", 6, f"{TRIGGER}\nIf there are 6 or more "
                             "creatures in the battle zone, destroy all of them."),
                     CardType.CHARGE_TRAP, id="trigger on a line of its own"),
        pytest.param(dm_card("Terror Pit", "Spell", 6, "Destroy one of your opponent's "
                             f"creatures.\n{TRIGGER}"), CardType.CHARGE_TRAP, id="last line"),
        pytest.param(dm_card("No Trigger", "Spell", 4, "Your opponent can't use the \"shield "
                             "trigger\" ability of shields this turn."),
                     CardType.CHARGE_EFFECT, id="a mention inside another ability"),
        pytest.param(dm_card("Aqua Surfer", "Creature", 6, "Shield trigger (When this creature is "
                             "put into your hand…)", power="2000"),
                     CardType.UNIT, id="a creature with the trigger stays a unit"),
        pytest.param({"名前": "デーモン・ハンド", "種類": "呪文", "コスト": "6",
                      "テキスト": "■S・トリガー\n■相手のクリーチャーを1体破壊する。"},
                     CardType.CHARGE_TRAP, id="Japanese ■ line"),
    ],
)  # fmt: skip
def test_shield_trigger_counts_only_as_an_ability_of_its_own(
    record: dict[str, Any], card_type: CardType
) -> None:
    assert DM.convert(record).card_type.value is card_type


def test_a_cross_gear_is_a_weapon_with_no_grade() -> None:
    gear = dm_card("Crimson Rifle", "Cross Gear", 1, "Cross Gear (Put this card into the battle "
                   "zone…)\nShield Trigger Cross")  # fmt: skip
    converted = DM.convert(gear)
    assert converted.card_type.value is CardType.WEAPON
    assert converted.grade.value is None
    assert "a Weapon has no grade" in converted.grade.reason
    assert converted.warnings == ()


def test_an_evolution_creature_says_so_and_the_first_printing_is_kept() -> None:
    record = dm_card("Armored Cannon Balbaro", "Creature", 3, "Evolution—Put on one of your "
                     "Humans.", power="5000", supertypes=["Evolution"],
                     subtypes=["Human"])  # fmt: skip
    converted = DM.convert(record)
    assert converted.card_type.value is CardType.UNIT
    assert "Evolution Creature" in converted.card_type.reason
    assert converted.stats["supertypes"] == "Evolution"
    assert converted.printing == Printing("DM-14", "64/110", "en")
    assert converted.identity == "dm:armored cannon balbaro"
