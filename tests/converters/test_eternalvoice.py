"""Eternal Voice TCG (seed 002): kinds → types, the general grade rule, tag-rule-B flags.
The seed names kinds (and the card カバー) but no stats: the numbers here are illustrative."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from converters.base import CardType
from converters.errors import InvalidRecordError
from converters.eternalvoice import EternalVoiceConverter
from tests.converters.tabular_cases import convert_or_signal, example_rows, records

EV = EternalVoiceConverter()


def ev(name: str, kind: str, **stats: Any) -> dict[str, Any]:
    return {"名前": name, "種類": kind, **stats}


@pytest.mark.parametrize(
    ("record", "grade", "card_type"),
    [
        pytest.param(ev("カバー", "格闘(防御)", コスト="1"), 1, CardType.CHARGE_TRAP,
                     id="カバー, melee defence, cost 1 → 01 Charge Trap (the seed's example)"),
        pytest.param(ev("カバー", "格闘", コスト="1"), 1, CardType.CHARGE_TRAP,
                     id="カバー listed as plain 格闘 → Charge Trap by its name"),
        pytest.param(ev("ガードカバー", "melee"), None, CardType.CHARGE_TRAP,
                     id="a Cover-named melee card, no cost → Charge Trap"),
        pytest.param(ev("正拳突き", "格闘(攻撃)", コスト="2"), 2, CardType.CHARGE_EFFECT,
                     id="melee attack, cost 2 → Charge Effect"),
        pytest.param(ev("正拳突き", "格闘", コスト="2"), 2, CardType.CHARGE_EFFECT,
                     id="plain melee → Charge Effect"),
        pytest.param(ev("ファイア", "魔法", コスト="3"), 3, CardType.CHARGE_EFFECT,
                     id="magic, cost 3 → Charge Effect"),
        pytest.param(ev("薬草", "アイテム", コスト="1"), 1, CardType.CHARGE_EFFECT,
                     id="item (not equipment) → Charge Effect"),
        pytest.param(ev("鋼の剣", "装備品", コスト="2"), 2, CardType.WEAPON,
                     id="equipment 装備品 → Weapon"),
        pytest.param(ev("鋼の剣", "アイテム/装備品", コスト="2"), 2, CardType.WEAPON,
                     id="アイテム/装備品: the specific part wins → Weapon"),
        pytest.param(ev("軍馬", "騎乗", コスト="2"), 2, CardType.WEAPON,
                     id="mount 騎乗 → Weapon"),
        pytest.param(ev("炎の精霊", "召喚獣", レベル="4", 攻撃力="6"), 4, CardType.UNIT,
                     id="summon level 4 → 04 Unit (level before strength)"),
        pytest.param(ev("炎の精霊", "召喚獣", 攻撃力="6"), 6, CardType.UNIT,
                     id="summon with only strength 6 → 06"),
        pytest.param(ev("アスラ", "キャラクター", スタミナ="25"), 25, CardType.UNIT,
                     id="character with only stamina (HP) 25 → 25"),
        pytest.param(ev("アスラ", "キャラクター", レベル="-", コスト="-", スタミナ="25"), 25,
                     CardType.UNIT, id="'-' level and cost fall through to HP"),
        pytest.param(ev("真アスラ", "エヴォリューション", レベル="7"), 7, CardType.UNIT,
                     id="Evolution card level 7 → 07 Unit"),
        pytest.param(ev("塔", "タワー"), None, None, id="tower → no type (a resource)"),
    ],
)  # fmt: skip
def test_cards(record: dict[str, Any], grade: int | None, card_type: CardType | None) -> None:
    card = EV.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type


def test_reasons_name_the_kind_and_the_stat() -> None:
    card = EV.convert(ev("炎の精霊", "召喚獣", 攻撃力="6"))
    assert card.grade.reason == "strength 6 → 06"
    assert "召喚獣" in card.card_type.reason
    cover = EV.convert(ev("カバー", "格闘"))
    assert "read as '格闘(防御)'" in cover.card_type.reason


def test_a_unit_without_any_stat_warns_and_a_spell_does_not() -> None:
    assert EV.convert(ev("アスラ", "キャラクター")).warnings
    assert EV.convert(ev("ファイア", "魔法")).warnings == ()


def test_variable_stat_is_no_grade_with_a_warning() -> None:
    card = EV.convert(ev("幻影", "召喚獣", コスト="X"))
    assert card.grade.value is None
    assert any("variable" in w for w in card.warnings)


@pytest.mark.parametrize(
    ("record", "character", "evolution"),
    [
        pytest.param(ev("アスラ", "キャラクター"), True, False, id="a character card"),
        pytest.param(ev("真アスラ", "エヴォリューション"), True, True,
                     id="an Evolution card is a character card, flagged evolution"),
        pytest.param(ev("真アスラ", "キャラクター", evolution="yes"), True, True,
                     id="evolution flag column"),
        pytest.param(ev("炎の精霊", "召喚獣"), False, False, id="a summon is not a character"),
        pytest.param(ev("炎の精霊", "召喚獣", キャラクター="はい"), True, False,
                     id="character flag column wins over the kind"),
        pytest.param(ev("アスラ", "キャラクター", character="no"), False, False,
                     id="character: no wins over the kind"),
    ],
)  # fmt: skip
def test_tag_rule_b_flags(record: dict[str, Any], character: bool, evolution: bool) -> None:
    stats = EV.convert(record).stats
    assert (stats["character"], stats["evolution"]) == (character, evolution)


def test_a_bad_flag_is_an_invalid_record() -> None:
    with pytest.raises(InvalidRecordError, match="evolution"):
        EV.convert(ev("真アスラ", "キャラクター", evolution="たぶん"))


def test_same_name_cards_share_an_identity() -> None:
    first = EV.convert({**ev("カバー", "格闘"), "id": "EV1-010"})
    reprint = EV.convert({**ev("カバー", "格闘"), "id": "EV2-005"})
    assert first.identity == reprint.identity == "eternalvoice:かばー"
    assert first.source_id != reprint.source_id


def test_the_example_file_converts_cleanly() -> None:
    rows = example_rows("eternalvoice")
    cards = [EV.convert(row) for row in rows]
    assert [c.card_type.value for c in cards].count(None) == 1  # the tower
    assert all(c.warnings == () for c in cards)
    assert [c.stats["evolution"] for c in cards[:2]] == [False, True]


@settings(max_examples=200, deadline=None)
@given(records("level", "コスト", "攻撃力", "スタミナ", "evolution", "character", "種類"))
def test_no_row_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(EV, record)
