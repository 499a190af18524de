"""A type override makes a card's effects, their reasons, its `effect:` search rows and its
TWGP reading follow the EFFECTIVE type (issue 11, docs/effects.md "Overrides"): an MTG creature
overridden to Charge Effect gets its text's effects, a spell overridden to Unit reads void; the
override's removal and a re-import keep that right."""

from __future__ import annotations

import dataclasses

import orjson
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.cards.effects_refresh import read_for_type, refresh_effects
from catalog.lookup.repository import clear_override, get_card, set_override
from catalog.lookup.search import search_cards
from converters.base import CardType
from converters.reading import VOID_TEXT
from converters.registry import load_converter
from tests.catalog.helpers import card, load

PUMP = "{1}, {T}: Target creature gets +1/+1 until end of turn."
CARDS = [
    card("pump", "Llanowar Sentinel", 3, CardType.UNIT, text=PUMP),
    card("growth", "Giant Growth", 1, CardType.CHARGE_EFFECT,
         text="Target creature gets +3/+3 until end of turn."),
]  # fmt: skip


def _found(session: Session, query: str) -> list[str]:
    return [view.source_id for view in search_cards(session=session, query=query, limit=None)]


def test_a_creature_overridden_to_charge_effect_gets_its_texts_effects(
    engine: Engine, session: Session
) -> None:
    load(engine, CARDS)
    assert get_card(session=session, card_ref="mtg:pump").effects == ()
    view = set_override(session=session, card_ref="mtg:pump", card_type=CardType.CHARGE_EFFECT)
    assert view.effects == ("plus",)
    assert "+1/+1" in view.effect_reasons["plus"]
    assert view.reading == PUMP
    assert view.to_json()["effect_reasons"] == {"plus": view.effect_reasons["plus"]}
    assert "pump" in _found(session, "effect:plus")
    cleared = clear_override(session=session, card_ref="mtg:pump")
    assert cleared.effects == ()
    assert cleared.reading == VOID_TEXT["unit"][0]
    assert "pump" not in _found(session, "effect:plus")


def test_a_spell_overridden_to_unit_or_weapon_reads_void(engine: Engine, session: Session) -> None:
    load(engine, CARDS)
    unit = set_override(session=session, card_ref="mtg:growth", card_type=CardType.UNIT)
    assert (unit.effects, unit.effect_reasons) == ((), {})
    assert unit.reading == VOID_TEXT["unit"][0]
    assert "growth" not in _found(session, "effect:plus")
    weapon = set_override(session=session, card_ref="mtg:growth", card_type=CardType.WEAPON)
    assert weapon.reading == VOID_TEXT["weapon"][0]
    assert weapon.to_json()["effects"] == []


def test_reimport_keeps_the_effective_types_effects(engine: Engine, session: Session) -> None:
    load(engine, CARDS)
    set_override(session=session, card_ref="mtg:growth", card_type=CardType.UNIT)
    session.commit()
    load(engine, [dataclasses.replace(c, text=c.text + " ") for c in CARDS])
    session.expire_all()
    growth = get_card(session=session, card_ref="mtg:growth")
    assert growth.effects == ()
    assert growth.reading == VOID_TEXT["unit"][0]


def test_a_unit_override_reads_the_species_from_the_stored_record() -> None:
    """A Weiß Schwarz event with a 《Poison》 trait, overridden to Unit, carries Poison."""
    text = "Choose 1 of your characters, and that character gets +1000 power."
    record = {"name": "Venom Strike", "code": "XX/W01-001", "type": "Event", "level": "0",
              "cost": "0", "power": "", "soul": 0, "attributes": ["Poison"], "ability": [text]}
    converter = load_converter("ws")
    effects, reading = read_for_type(converter, orjson.dumps(record).decode(), "unit", text, "V")
    assert list(effects) == ["poison"]
    assert reading == VOID_TEXT["unit"][0]
    effects, reading = read_for_type(converter, None, "charge_effect", text, "V")
    assert list(effects) == ["plus"]
    assert reading == text


def test_a_unit_stored_without_its_record_keeps_its_species_poison(
    engine: Engine, session: Session
) -> None:
    """A fetched card is stored without its source record: refreshing its effects (an upgrade)
    cannot read the species again and keeps the Poison the species gave; a text tag goes."""
    reasons = {"poison": "species/type Snake"}
    snake = dataclasses.replace(card("snake", "Venom Snake", 2, CardType.UNIT, text="Deathtouch"),
                                effects=("poison",), effect_reasons=reasons)  # fmt: skip
    tagged = dataclasses.replace(card("ooze", "Ooze", 2, CardType.UNIT, text="Poison it."),
                                 effects=("poison",), effect_reasons={"poison": "Poison it."})  # fmt: skip
    load(engine, [snake, tagged])
    with engine.begin() as connection:
        assert refresh_effects(connection) == 1
    assert get_card(session=session, card_ref="mtg:snake").effect_reasons == reasons
    assert get_card(session=session, card_ref="mtg:ooze").effects == ()
