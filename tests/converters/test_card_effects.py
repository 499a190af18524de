"""Which cards carry effects (TWGP_RULES.md §3, decided; issue 11 item 1): text only on Recoil,
Charge and Life cards, Poison from a Unit's species, nothing from Weapon text (a curse-like
weapon is flagged instead), nothing without a TWGP type — through every converter."""

from __future__ import annotations

from typing import Any

import pytest

from converters.base import CardType
from converters.card_effects import card_effects, curse_reason
from converters.mtg import MtgConverter
from converters.ws import WeissSchwarzConverter
from converters.yugioh import YugiohConverter

BUFF = "Target creature gets +3/+3 until end of turn. Tap target creature."


@pytest.mark.parametrize(
    ("card_type", "effects"),
    [
        (CardType.CHARGE_EFFECT, {"plus", "hazard"}),
        (CardType.CHARGE_TRAP, {"plus", "hazard"}),
        (CardType.RECOIL, {"plus", "hazard"}),
        (CardType.LIFE_TRAP, {"plus", "hazard"}),
        (CardType.LIFE_COUNTER, {"plus", "hazard"}),
        (CardType.UNIT, set()),
        (CardType.WEAPON, set()),
        (None, set()),
    ],
)
def test_only_recoil_charge_and_life_text_carries_effects(
    card_type: CardType | None, effects: set[str]
) -> None:
    assert set(card_effects(card_type, BUFF)) == effects


@pytest.mark.parametrize(
    ("species", "poison"),
    [
        ("Poison Dragon", True),
        ("Venomous Snake", True),
        ("毒蛇", True),
        ("《毒》《魔法》", True),
        ("Snake Warrior", False),
        ("", False),
        ("Antidote Fairy", False),
    ],
)
def test_a_units_species_gives_poison(species: str, poison: bool) -> None:
    reasons = card_effects(CardType.UNIT, "The Defending Pokémon is now Paralyzed.", species=species)
    assert reasons == ({"poison": f"species/type {species}"} if poison else {})


def test_the_species_of_a_non_unit_is_not_read() -> None:
    assert card_effects(CardType.WEAPON, "", species="Poison") == {}
    assert card_effects(CardType.CHARGE_EFFECT, "Draw a card.", species="Poison") == {}


@pytest.mark.parametrize(
    ("text", "name", "curse"),
    [
        ("Equipped creature gets -2/-0.", "", True),
        ("Enchanted creature can't attack or block.", "", True),
        ("Enchanted creature doesn't untap during its controller's untap step.", "", True),
        ("The equipped monster loses 500 ATK.", "", True),
        ("装備モンスターの攻撃力は500ダウンする。", "", True),
        ("The Pokémon this card is attached to takes 20 more damage from attacks.", "", True),
        ("Equipped creature gets +2/+0.", "", False),
        ("Equipped creature gets +2/-1.", "", False),
        ("装備モンスターの攻撃力は500アップする。", "", False),
        ("Target creature gets -2/-2 until end of turn.", "", False),
        ("Equip {2}", "Cursed Blade", True),
        ("Equip {2}", "Bone Saw", False),
    ],
)
def test_curse_like_weapons(text: str, name: str, curse: bool) -> None:
    assert (curse_reason(text, name) is not None) is curse


def _mtg(type_line: str, text: str, name: str = "Test Card") -> dict[str, Any]:
    return {"id": "t-1", "oracle_id": "o-1", "name": name, "type_line": type_line,
            "oracle_text": text, "cmc": 2.0, "mana_cost": "{1}{B}", "lang": "en"}  # fmt: skip


def test_converted_cards_explain_every_effect_and_mark_void_text() -> None:
    mtg = MtgConverter()
    spell = mtg.convert(_mtg("Instant", BUFF))
    assert spell.effects == ("plus", "hazard")
    assert spell.effect_reasons == {
        "plus": "Target creature gets +3/+3 until end of turn",
        "hazard": "Tap target creature",
    }
    as_json = spell.to_json()
    assert as_json["effects"] == ["plus", "hazard"]
    assert set(as_json["effect_reasons"]) == set(as_json["effects"])
    assert (as_json["curse"], as_json["curse_reason"]) == (False, None)

    creature = mtg.convert(_mtg("Creature — Snake", BUFF))
    assert (creature.effects, creature.effect_reasons) == ((), {})
    assert creature.reading.startswith("Void in TWGP")
    assert creature.text == BUFF

    curse = mtg.convert(_mtg("Artifact — Equipment", "Equipped creature gets -1/-1.\nEquip {1}"))
    assert curse.card_type.value is CardType.WEAPON
    assert curse.curse
    assert curse.to_json()["curse_reason"] == "Equipped creature gets -1/-1."


def test_species_of_each_game_give_a_unit_poison() -> None:
    ygo = YugiohConverter().convert({
        "id": 1, "name": "Venom Cobra", "type": "Normal Monster", "race": "Reptile",
        "attribute": "EARTH", "level": 4, "atk": 1000, "def": 1000, "desc": "A poisonous snake.",
    })  # fmt: skip
    assert ygo.card_type.value is CardType.UNIT
    assert ygo.effects == ()
    ws = WeissSchwarzConverter().convert({
        "name": "Toxic Girl", "code": "TS/W01-001", "type": "Character", "level": "1",
        "cost": "0", "power": "3000", "attributes": ["毒", "Magic"], "ability": [],
    })  # fmt: skip
    assert ws.effects == ("poison",)
    assert "毒" in ws.effect_reasons["poison"]
