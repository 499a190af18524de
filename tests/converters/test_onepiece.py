"""One Piece Card Game: grade = cost; leaders by power in thousands; "-" per `DASH_POLICY`.
Card facts written here from the official card list; records in the card-list JSON shape."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converters.base import CardType
from converters.errors import InvalidRecordError
from converters.onepiece import OnePieceConverter
from tests.conftest import REALDATA, requires_shared
from tests.converters.tabular_cases import EXAMPLES, convert_or_signal

OP = OnePieceConverter()
EN = "https://en.onepiece-cardgame.com/images/cardlist/card/"


def op(number: str, name: str, card_type: str, cost: str, power: str = "-", counter: str = "-",
       life: str = "-", effects: str | None = "", triggers: list[str] | None = None,
       alt: str = "", sets: str = "-ROMANCE DAWN- [OP-01]", **extra: Any) -> dict[str, Any]:  # fmt: skip
    image = f"{number}{alt}"
    record = {
        "card_name": name, "card_number": number, "rarity": "C", "is_alternate_art": bool(alt),
        "card_type": card_type, "image_url": f"{EN}{image}.png", "life": life, "cost": cost,
        "attributes": ["Slash"], "power": power, "counter": counter, "block_icon": "1",
        "colors": ["Red"], "types": ["Straw Hat Crew"], "effects": effects,
        "card_effects": triggers or ["-"], "card_sets": sets, "image_name": image,
    }  # fmt: skip
    record.update(extra)
    return record


ZORO = op("OP01-001", "Roronoa Zoro", "LEADER", "-", power="5000", life="5",
          effects="[DON!! x1] [Your Turn] All of your Characters gain +1000 power.",
          triggers=["[DON!! x1]", "[Your Turn]"])  # fmt: skip
OTAMA = op("OP01-006", "Otama", "CHARACTER", "1", power="-", counter="2000",
           effects="[On Play] Give up to 1 of your opponent's Characters −2000 power during "
           "this turn.", triggers=["[On Play]"])  # fmt: skip
RED_HAWK = op("OP01-026", "Gum-Gum Fire-Fist Pistol Red Hawk", "EVENT", "2",
              effects="[Counter] Up to 1 of your Leader or Character cards gains +4000 power "
              "during this battle.", triggers=["[Counter]", "[Trigger]"])  # fmt: skip
ROUND_TABLE = op("OP01-027", "Round Table", "EVENT", "4", triggers=["[Main]"],
                 effects="[Main] Give up to 1 of your opponent's Characters −10000 power "
                 "during this turn.")  # fmt: skip
SUNNY = op("ST01-017", "Thousand Sunny", "STAGE", "2", triggers=["[Activate: Main]"],
           sets="-Straw Hat Crew- [ST-01]")  # fmt: skip
LUFFY = op("ST01-012", "Monkey.D.Luffy", "CHARACTER", "5", power="6000",
           triggers=["[Blocker]", "[DON!! x2]", "[Rush]", "[When Attacking]"],
           effects="[Rush] (This card can attack on the turn in which it is played.)<br>"
           "[DON!! x2] [When Attacking] Your opponent cannot activate [Blocker] during this "
           "battle.", sets="-Straw Hat Crew- [ST-01]")  # fmt: skip
SHANKS = op("OP01-120", "Shanks", "CHARACTER", "9", power="10000",
            triggers=["[Blocker]", "[Rush]", "[When Attacking]"])  # fmt: skip


@pytest.mark.parametrize(
    ("record", "grade", "card_type"),
    [
        pytest.param(ZORO, 5, CardType.UNIT, id="OP01-001 Roronoa Zoro, leader, power 5000 → 05 Unit"),
        pytest.param(OTAMA, 1, CardType.UNIT, id="OP01-006 Otama, cost 1, power '-' → 01 Unit"),
        pytest.param(LUFFY, 5, CardType.UNIT, id="ST01-012 Monkey.D.Luffy, cost 5 → 05 Unit"),
        pytest.param(SHANKS, 9, CardType.UNIT, id="OP01-120 Shanks, cost 9 → 09 Unit"),
        pytest.param(RED_HAWK, 2, CardType.CHARGE_TRAP, id="OP01-026 Red Hawk, [Counter] event, cost 2 → 02 Charge Trap"),
        pytest.param(ROUND_TABLE, 4, CardType.CHARGE_EFFECT, id="OP01-027 Round Table, [Main] event, cost 4 → 04 Charge Effect"),
        pytest.param(SUNNY, 2, CardType.LIFE_COUNTER, id="ST01-017 Thousand Sunny, stage, cost 2 → 02 Life Counter"),
    ],
)
def test_cards(record: dict[str, Any], grade: int, card_type: CardType) -> None:
    card = OP.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type


def test_leader_grade_is_the_documented_fallback_with_a_warning() -> None:
    card = OP.convert(ZORO)
    assert card.grade.reason == "leader: no cost, power 5000 ÷ 1000 → 05"
    assert any("prints no cost" in w for w in card.warnings)
    assert card.stats["life"] == 5
    assert "cost" not in card.stats


def test_otama_power_dash_is_a_printed_zero() -> None:
    card = OP.convert(OTAMA)
    assert (card.stats["power"], card.stats["counter"]) == (0, 2000)
    assert card.warnings == ()


def test_event_power_dash_is_not_printed() -> None:
    assert "power" not in OP.convert(ROUND_TABLE).stats


def test_a_character_cost_dash_is_read_as_zero_with_a_warning() -> None:
    ruling = OP.to_grade(op("TST-001", "Test", "CHARACTER", "-", power="1000"))
    assert (ruling.value, ruling.reason) == (0, "CHARACTER cost '-' → read as a printed 0 → 00")
    assert ruling.warnings


@pytest.mark.parametrize(
    ("record", "effects"),
    [pytest.param(OTAMA, (), id="Otama: a Character (Unit): its −2000 power is void text"),
     pytest.param(LUFFY, (), id="Luffy: a Character (Unit): its [Rush] is void text"),
     pytest.param(op("TST-005", "Test", "EVENT", "1", effects="[Main] Give up to 1 of your "
                     "opponent's Characters −2000 power during this turn."), ("down",),
                  id="an Event's −2000 power (U+2212) → Down"),
     pytest.param(op("TST-006", "Test", "EVENT", "1", effects="[Main] Up to 1 of your Leader "
                     "or Character cards gains [Rush] during this turn."), ("accel",),
                  id="an Event giving [Rush] → Accel"),
     pytest.param(RED_HAWK, ("plus",), id="Red Hawk: gains +4000 power → Plus"),
     pytest.param(op("TST-004", "Test", "EVENT", "1", effects="[Main] Rest up to 1 of your "
                     "opponent's Characters with a cost of 4 or less."), ("hazard",),
                  id="rest an opponent's Character → Hazard")],
)  # fmt: skip
def test_keyword_effects(record: dict[str, Any], effects: tuple[str, ...]) -> None:
    assert OP.convert(record).effects == effects


def test_card_list_line_breaks_become_newlines() -> None:
    assert OP.text(LUFFY).startswith("[Rush] (This card can attack on the turn in which it is played.)\n[DON!! x2]")


def test_the_example_file_converts_cleanly() -> None:
    records = json.loads((EXAMPLES / "onepiece.json").read_text(encoding="utf-8"))
    cards = [OP.convert(record) for record in records]
    assert {c.identity for c in cards} >= {"onepiece:OP01-001", "onepiece:OP01-006"}
    assert all(c.grade.value is not None and c.card_type.value for c in cards)


def test_a_don_card_has_no_grade_and_no_type() -> None:
    card = OP.convert(op("DON-001", "DON!! Card", "DON!!", "-"))
    assert (card.grade.value, card.card_type.value) == (None, None)
    assert "DON!! deck" in card.card_type.reason


def test_an_unknown_card_type_has_no_type_and_warns() -> None:
    card = OP.convert(op("TST-002", "Test", "BATTLEFIELD", "1"))
    assert card.card_type.value is None
    assert card.warnings


def test_a_leader_without_power_warns() -> None:
    card = OP.convert(op("TST-003", "Test", "LEADER", "-", power="-"))
    assert card.grade.value is None
    assert card.warnings


def test_alternate_arts_share_the_identity_not_the_source_id() -> None:
    parallel = op("OP01-001", "Roronoa Zoro", "LEADER", "-", power="5000", life="5", alt="_p1")
    first, second = OP.convert(ZORO), OP.convert(parallel)
    assert first.identity == second.identity == "onepiece:OP01-001"
    assert (first.source_id, second.source_id) == ("OP01-001", "OP01-001_p1")
    assert second.stats["alternate_art"] is True


def test_source_id_falls_back_to_the_image_url_then_the_number() -> None:
    from_url = {k: v for k, v in ZORO.items() if k != "image_name"}
    bare = {k: v for k, v in from_url.items() if k != "image_url"}
    assert OP.source_id(from_url) == "OP01-001"
    assert OP.source_id(bare) == "OP01-001"
    with pytest.raises(InvalidRecordError, match="alternate art"):
        OP.source_id({**bare, "is_alternate_art": True})


def test_printing_and_json() -> None:
    card = OP.convert(LUFFY)
    assert (card.printing.set_code, card.printing.collector_number, card.printing.lang) == (
        "ST-01", "ST01-012", "en")
    assert card.to_json()["grade"] == "05"


def test_japanese_card_list_record() -> None:
    record = op("OP01-001", "ロロノア・ゾロ", "LEADER", "-", power="5000", life="5",
                effects=None, image_url="https://onepiece-cardgame.com/images/cardlist/card/OP01-001.png?241220")  # fmt: skip
    card = OP.convert(record)
    assert (card.name_ja, card.printing.lang, card.text, card.grade_text) == (
        "ロロノア・ゾロ", "ja", "", "05")


def test_japanese_kind_words() -> None:
    assert OP.card_type({"card_type": "キャラ"}).value is CardType.UNIT
    assert OP.card_type({"card_type": "ステージ"}).value is CardType.LIFE_COUNTER


def test_a_record_without_card_number_is_invalid() -> None:
    with pytest.raises(InvalidRecordError, match="card_number"):
        OP.convert({**LUFFY, "card_number": ""})


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["card_name", "card_number", "card_type", "cost", "power", "life",
                         "counter", "effects", "card_effects", "image_name", "is_alternate_art",
                         "types", "card_sets"]),
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8),
                  st.sampled_from(["-", "LEADER", "CHARACTER", "EVENT", "STAGE", "DON!!",
                                   "5000", "[Counter]", "OP01-001"]),
                  st.lists(st.text(max_size=4), max_size=2)),
    )
)  # fmt: skip
def test_no_record_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(OP, record)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6))
def test_cost_grades_are_clamped(cost: int) -> None:
    assert OP.to_grade({**LUFFY, "cost": str(cost)}).value == min(cost, 99)


# --- the real developer sample -----------------------------------------------------------------

DEV = REALDATA / "one-piece" / "json" / "en" / "cards.dev.json"


@requires_shared
def test_every_dev_record_converts() -> None:
    records = json.loads(DEV.read_text(encoding="utf-8"))
    cards = [OP.convert(record) for record in records]
    assert len({c.source_id for c in cards}) == len(records)  # image_name is per printing
    for record, card in zip(records, cards, strict=True):
        assert card.grade.value is not None
        assert 0 <= card.grade.value <= 99
        assert card.card_type.value is not None
        assert bool(card.warnings) == (record["card_type"] == "LEADER")
        if record["card_type"] == "EVENT":
            counter = "[Counter]" in record["card_effects"]
            assert (card.card_type.value is CardType.CHARGE_TRAP) == counter


@requires_shared
@pytest.mark.parametrize(
    ("image_name", "grade", "card_type"),
    [pytest.param("OP01-001", 5, CardType.UNIT, id="Roronoa Zoro leader"),
     pytest.param("OP01-006_p1", 1, CardType.UNIT, id="Otama alternate art"),
     pytest.param("OP01-026", 2, CardType.CHARGE_TRAP, id="Red Hawk"),
     pytest.param("ST01-017", 2, CardType.LIFE_COUNTER, id="Thousand Sunny")],
)  # fmt: skip
def test_dev_records(image_name: str, grade: int, card_type: CardType) -> None:
    records = json.loads(DEV.read_text(encoding="utf-8"))
    record = next(r for r in records if r["image_name"] == image_name)
    card = OP.convert(record)
    assert (card.grade.value, card.card_type.value) == (grade, card_type)
