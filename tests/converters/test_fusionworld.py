"""Dragon Ball Super Card Game Fusion World: grade = cost; a BATTLE card without a cost by its
power in thousands with a warning; BATTLE → Unit, EXTRA → Charge Effect, LEADER and ENERGY
MARKER → no type; identity = the card code without the parallel suffix. Card facts written here
from the printed cards; records in the card JSON's shape (strings, "-" for none, HTML breaks)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converters.base import CardType
from converters.errors import InvalidRecordError
from converters.fusionworld import FusionWorldConverter
from tests.conftest import REALDATA, requires_shared
from tests.converters.tabular_cases import convert_or_signal

FW = FusionWorldConverter()
U, CE = CardType.UNIT, CardType.CHARGE_EFFECT


def fw(code: str, name: str, kind: str, cost: str = "-", power: str = "-", effect: str = "-",
       features: str = "-", set_id: str = "fb01") -> dict[str, Any]:  # fmt: skip
    return {"id": code, "code": code, "rarity": "C", "name": name, "color": "Red",
            "cardType": kind, "cost": cost, "specifiedCost": "-", "power": power,
            "comboPower": "-", "features": features, "effect": effect,
            "set": {"id": set_id, "name": ""}}  # fmt: skip


GOKU = fw("FB01-001", "Son Goku", "LEADER", power="15000", features="Saiyan/Universe 7",
          effect="[When Attacking] Draw 1 card.<br>[Awaken] When your life is at 4 or less, draw 1 "
          "card. Then, flip this card over.")  # fmt: skip
VADOS = fw("FB01-003", "Vados", "BATTLE", cost="1", power="10000", features="Angel/Universe 6")
CRUSHER_BALL = fw("FB01-135", "Crusher Ball", "EXTRA", cost="1",
                  effect="[Activate Main] Draw 1 card, then choose up to 1 of your opponent's Battle "
                  "Cards and switch it to Rest Mode.")  # fmt: skip
INSTANT_KAMEHAMEHA = fw("FB01-101", "Instant Kamehameha", "EXTRA", features="Saiyan",
                        effect="[Activate Battle] Place 1 of your energy in your Drop : Choose your "
                        "Leader or up to 1 of your Battle Cards and it gets +15000 power for the "
                        "battle.")  # fmt: skip
FARMER = fw("FB03-062-p1", "The Farmer With Power Level 5", "BATTLE", power="5", set_id="sb01")
ENERGY_MARKER = fw("E-42", "Energy Marker", "ENERGY MARKER", set_id="sb01",
                   effect="At the start of the game, the player who goes second places 1 Energy "
                   "Marker in their Energy Area.")  # fmt: skip


@pytest.mark.parametrize(
    ("record", "grade", "card_type", "reason"),
    [pytest.param(GOKU, None, None, "LEADER: not a deck card → no grade", id="Son Goku (leader)"),
     pytest.param(VADOS, 1, U, "cost 1 → 01", id="Vados (battle)"),
     pytest.param(CRUSHER_BALL, 1, CE, "cost 1 → 01", id="Crusher Ball (extra)"),
     pytest.param(INSTANT_KAMEHAMEHA, 0, CE, "EXTRA with no cost: played without paying energy → 00",
                  id="Instant Kamehameha (extra, no cost)"),
     pytest.param(FARMER, 0, U, "BATTLE card: no cost, power 5 ÷ 1000 → 00", id="the Farmer (battle, no cost)"),
     pytest.param(ENERGY_MARKER, None, None, "ENERGY MARKER: not a deck card → no grade", id="Energy Marker")],
)  # fmt: skip
def test_grade_and_type(record: dict[str, Any], grade: int | None, card_type: CardType | None,
                        reason: str) -> None:  # fmt: skip
    card = FW.convert(record)
    assert (card.grade.value, card.card_type.value) == (grade, card_type)
    assert card.grade.reason == reason


def test_warnings_only_where_a_cost_is_missing_on_a_deck_card() -> None:
    assert FW.convert(FARMER).warnings == ("a BATTLE card with no cost: graded by its power in thousands",)
    assert FW.convert(INSTANT_KAMEHAMEHA).warnings == ("an EXTRA card with no cost: graded 00",)
    for record in (GOKU, VADOS, CRUSHER_BALL, ENERGY_MARKER):
        assert FW.convert(record).warnings == ()


def test_a_battle_card_without_a_cost_is_graded_by_its_power_in_thousands() -> None:
    card = FW.convert({**VADOS, "cost": "-", "power": "25000"})
    assert (card.grade.value, card.grade.reason) == (25, "BATTLE card: no cost, power 25000 ÷ 1000 → 25")


def test_a_parallel_is_the_same_card() -> None:
    card = FW.convert(FARMER)
    assert (card.source_id, card.identity) == ("FB03-062-p1", "dbs-fusion-world:FB03-062")
    assert (card.printing.set_code, card.printing.collector_number, card.printing.lang) == (
        "SB01", "FB03-062-p1", "en")  # fmt: skip


@pytest.mark.parametrize(
    ("record", "effects"),
    [pytest.param(CRUSHER_BALL, {"hazard"}, id="switch an opposing card to Rest Mode"),
     pytest.param(INSTANT_KAMEHAMEHA, {"plus"}, id="+15000 power"),
     pytest.param(fw("FB01-034", "Mafuba", "EXTRA", cost="1",
                     effect="[Activate Main] Choose up to 1 of your opponent's Battle Cards and it gets "
                            "-15000 power for the turn."), {"down"}, id="-15000 power"),
     pytest.param(fw("FB01-136", "Supernova", "EXTRA", cost="1",
                     effect="[Activate Main] Choose up to 1 of your opponent's Rest Mode Battle Cards "
                            "with a cost of 4 or less and it can't switch to Active Mode during your "
                            "opponent's next turn."), {"hazard"}, id="can't switch to Active Mode"),
     pytest.param(fw("FB01-137", "Body Change", "EXTRA", cost="1",
                     effect="[Activate Main/Battle] Choose 1 of your Active Mode Battle Cards and switch "
                            "it to Rest Mode : Choose up to 1 of your Battle Cards with a cost of 4 or "
                            "less and switch it to Active Mode."),
                  {"accel"}, id="resting one's own card is a cost; readying one is Accel"),
     pytest.param(fw("FB01-099", "Eye Beam", "EXTRA", cost="1",
                     effect="[Activate Main] Choose up to 2 of your opponent's Battle Cards with costs "
                            "of 1 or less and KO them."), set(), id="KO is none of the twelve"),
     pytest.param(VADOS, set(), id="a Unit's text is void")],
)  # fmt: skip
def test_effects_from_the_english_wording(record: dict[str, Any], effects: set[str]) -> None:
    assert set(FW.convert(record).effects) == effects


def test_html_breaks_and_entities_become_text() -> None:
    card = FW.convert(fw("SB01-016", "Instant Transmission", "EXTRA", effect="[Activate Battle] If "
                         "you have a &lt;Cell&gt; in your Battle Area.<br>Draw 1 card."))  # fmt: skip
    assert card.text == "[Activate Battle] If you have a <Cell> in your Battle Area.\nDraw 1 card."


def test_a_record_without_a_code_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match="no id or code"):
        FW.convert({**VADOS, "id": "", "code": ""})


def test_another_games_record_gets_no_type() -> None:
    card = FW.convert({"card_type": "LEADER", "name": "Roronoa Zoro", "card_number": "OP01-001",
                       "id": "OP01-001", "cost": "-", "power": "5000"})  # fmt: skip
    assert card.card_type.value is None


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(
    st.sampled_from(["id", "code", "name", "cardType", "cost", "power", "effect", "features", "set"]),
    st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.floats(allow_nan=True), st.text(max_size=12),
              st.sampled_from(["FB01-001-p1", "LEADER", "BATTLE", "EXTRA", "ENERGY MARKER", "-", "15000", "a<br>b &lt;X&gt;"]),
              st.lists(st.text(max_size=4), max_size=2), st.dictionaries(st.just("id"), st.text(max_size=4))),
))  # fmt: skip
def test_no_record_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(FW, record)


# --- the real developer sample ------------------------------------------------------------------


def expected(record: dict[str, Any]) -> tuple[int | None, CardType | None]:
    kind = record["cardType"]
    if kind in ("LEADER", "ENERGY MARKER"):
        return None, None
    card_type = U if kind == "BATTLE" else CE
    if record["cost"] != "-":
        return int(record["cost"]), card_type
    return (int(record["power"]) // 1000 if kind == "BATTLE" else 0), card_type


@requires_shared
def test_every_real_record_converts_by_the_policy() -> None:
    records: list[dict[str, Any]] = []
    for path in sorted((REALDATA / "dbs-fusion-world" / "cards" / "en").glob("*.json")):
        records += json.loads(path.read_text("utf-8"))
    cards = [FW.convert(record) for record in records]
    assert len(cards) == 388
    assert len({c.source_id for c in cards}) == len(cards)
    mismatches = [c.source_id for r, c in zip(records, cards, strict=True)
                  if (c.grade.value, c.card_type.value) != expected(r)]  # fmt: skip
    assert mismatches == []
    assert all("-p" not in c.identity for c in cards)
