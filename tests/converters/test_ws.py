"""Weiß Schwarz: grade = the thousands digit of power; serial identity without the EN `E`."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from converters.base import CardType
from converters.ws import WeissSchwarzConverter, serial_identity
from tests.conftest import REALDATA, requires_shared
from tests.converters.tabular_cases import convert_or_signal, example_rows, records

WS = WeissSchwarzConverter()


def eng_db(code: str, name: str, kind: str, level: str, cost: str, power: str) -> dict[str, Any]:
    """A record shaped like CCondeluci/WeissSchwarz-ENG-DB (facts written here)."""
    set_code, _, sid = code.partition("-")
    return {
        "name": name, "code": code, "rarity": "PR", "expansion": "Attack on Titan",
        "side": set_code.split("/")[1][0], "type": kind, "color": "YELLOW", "level": level,
        "cost": cost, "power": power, "soul": 1, "trigger": [], "attributes": ["Corps", "-"],
        "ability": ["【AUTO】 When this card is placed on stage, draw a card."],
        "flavor_text": "", "set": set_code.split("/")[0], "release": set_code.split("/")[1][1:],
        "sid": sid, "image": "",
    }  # fmt: skip


EREN = eng_db("AOT/S35-PE01", "Warring Front Lines, Eren", "Character", "0", "0", "2500")
COLOSSAL = eng_db("AOT/S35-PE02", "Spreading War, Colossal Titan", "Character", "2", "2", "10000")
EREN_TITAN = eng_db("AOT/S35-E008", '"Firm Will" Eren Titan', "Character", "3", "3", "12000")
GEAR = eng_db("AOT/S35-E026a", 'Anti-Titan Device "Omni-Directional Mobility Gear"', "Event",
              "1", "0", "-")  # fmt: skip
FOCUS = eng_db("AOT/S35-E029a", "What We Should Focus On", "Climax", "-", "-", "-")


@pytest.mark.parametrize(
    ("record", "grade", "card_type"),
    [
        pytest.param(EREN, 2, CardType.UNIT, id="power 2500 → 02 (rules example)"),
        pytest.param(COLOSSAL, 0, CardType.UNIT, id="power 10000 → 00 (rules example)"),
        pytest.param(EREN_TITAN, 2, CardType.UNIT, id="power 12000 → 02 (digits)"),
        pytest.param({**EREN, "power": "9500"}, 9, CardType.UNIT, id="9500 → 09 (top digit)"),
        pytest.param({**EREN, "power": "500"}, 0, CardType.UNIT, id="500 → 00"),
        pytest.param({**EREN, "power": "２５００"}, 2, CardType.UNIT, id="full-width power"),
        pytest.param({**EREN, "power": "2,500"}, 2, CardType.UNIT, id="comma"),
        pytest.param(GEAR, None, CardType.CHARGE_EFFECT, id="Event power '-' → no grade"),
        pytest.param({**GEAR, "power": ""}, None, CardType.CHARGE_EFFECT, id="Event power ''"),
        pytest.param({**GEAR, "power": "－"}, None, CardType.CHARGE_EFFECT, id="Event power '－'"),
        pytest.param(FOCUS, None, CardType.CHARGE_EFFECT, id="Climax → Charge Effect"),
    ],
)
def test_grade_and_type(record: dict[str, Any], grade: int | None, card_type: CardType) -> None:
    card = WS.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type
    assert card.warnings == ()


def test_missing_power_reason() -> None:
    assert WS.to_grade(GEAR).reason == "no power printed → no grade"


def test_reason_names_the_power() -> None:
    assert WS.to_grade(EREN).reason == "power 2500 → thousands digit → 02"


def test_a_character_without_power_warns() -> None:
    card = WS.convert({**EREN, "power": "-"})
    assert card.grade.value is None
    assert card.warnings


def test_climax_reason_gives_the_rationale() -> None:
    reason = WS.card_type(FOCUS).reason
    assert "Climax" in reason
    assert "Charge Effect" in reason
    assert "turn" in reason


@pytest.mark.parametrize(
    ("kind", "card_type"),
    [
        pytest.param("キャラ", CardType.UNIT, id="キャラ → Unit"),
        pytest.param("キャラクター", CardType.UNIT, id="キャラクター → Unit"),
        pytest.param("CH", CardType.UNIT, id="CH → Unit"),
        pytest.param("イベント", CardType.CHARGE_EFFECT, id="イベント → Charge Effect"),
        pytest.param("クライマックス", CardType.CHARGE_EFFECT, id="クライマックス → Charge Effect"),
        pytest.param("CX", CardType.CHARGE_EFFECT, id="CX → Charge Effect"),
    ],
)
def test_japanese_and_short_kind_words(kind: str, card_type: CardType) -> None:
    assert WS.card_type({"name": "x", "type": kind}).value is card_type


def test_unknown_type_is_no_type() -> None:
    ruling = WS.card_type({**EREN, "type": "Marker"})
    assert ruling.value is None
    assert "'Marker'" in ruling.reason
    assert "Climax" in ruling.reason


def test_csv_row_with_japanese_headers() -> None:
    row = {"id": "AOT/S35-001", "名前": "「壁の外へ」エレン", "カード種類": "キャラ",
           "レベル": "0", "コスト": "0", "パワー": "1000"}  # fmt: skip
    card = WS.convert(row)
    assert (card.grade_text, card.card_type.value) == ("01", CardType.UNIT)
    assert card.name_ja == "「壁の外へ」エレン"
    assert card.printing.lang == "ja"


@pytest.mark.parametrize(
    ("english", "japanese"),
    [
        pytest.param("LB/W21-E001", "LB/W21-001", id="E before the number (FORMATS §3.4)"),
        pytest.param("AOT/S35-TE15", "AOT/S35-T15", id="trial TE → T"),
        pytest.param("AOT/S35-PE01", "AOT/S35-P01", id="promo PE → P"),
        pytest.param("SY/WE09-E01", "SY/WE09-01", id="E in the release part is kept"),
        pytest.param("AOT/S35-E094b", "AOT/S35-094", id="art variant letter"),
        pytest.param("SY/W08-E071PR", "SY/W08-071", id="PR rarity suffix"),
        pytest.param("LB/W21-E001SP", "LB/W21-001", id="SP rarity suffix"),
        pytest.param("ｌｂ/ｗ21-ｅ001", "LB/W21-001", id="full-width, lower case"),
    ],
)
def test_english_serial_identity_equals_japanese(english: str, japanese: str) -> None:
    assert serial_identity(english) == serial_identity(japanese)
    en = WS.convert({**EREN, "code": english})
    ja = WS.convert({"id": japanese, "name": "エレン", "type": "キャラ", "power": "2500"})
    assert en.identity == ja.identity


def test_an_unknown_suffix_is_kept() -> None:
    assert serial_identity("LB/W21-001XYZ") != serial_identity("LB/W21-001")


def test_different_numbers_stay_different_cards() -> None:
    assert serial_identity("AOT/S35-E001") != serial_identity("AOT/S35-E010")
    assert serial_identity("AOT/S35-T01") != serial_identity("AOT/S35-P01")


def test_a_row_without_id_falls_back_to_the_name() -> None:
    card = WS.convert({"name": "Eren", "type": "Character", "power": "2500"})
    assert card.source_id == "Eren"
    assert card.identity == "ws:name:eren"


def test_printing_and_text_of_the_json_record() -> None:
    card = WS.convert(EREN)
    assert (card.printing.set_code, card.printing.collector_number, card.printing.lang) == (
        "AOT/S35", "PE01", "en",
    )  # fmt: skip
    assert card.source_id == "AOT/S35-PE01"
    assert card.text.startswith("【AUTO】")
    assert card.name_ja is None


@settings(max_examples=300, deadline=None)
@given(record=records("code", "type", "power", "level", "cost", "ability", "attributes"))
def test_any_record_converts_or_signals(record: dict[str, Any]) -> None:
    convert_or_signal(WS, record)


@requires_shared
def test_every_real_record_converts() -> None:
    files = sorted((REALDATA / "weiss-schwarz" / "DB").glob("*.json"))
    assert files
    for path in files:
        for record in json.loads(path.read_text(encoding="utf-8")):
            card = WS.convert(record)
            assert card.card_type.value is not None, record["code"]
            if record["type"] == "Character":
                assert card.grade.value is not None, record["code"]
            assert card.warnings == (), record["code"]


def test_bundled_example_converts_cleanly() -> None:
    cards = {c.source_id: c for c in map(WS.convert, example_rows("ws"))}
    assert len(cards) >= 5
    assert all(c.warnings == () for c in cards.values())
    assert cards["AOT/S35-PE01"].grade_text == "02"
    assert cards["AOT/S35-PE02"].grade_text == "00"
    assert cards["AOT/S35-E029a"].card_type.value is CardType.CHARGE_EFFECT
    assert cards["AOT/S35-E008"].name == '"Firm Will" Eren Titan'
