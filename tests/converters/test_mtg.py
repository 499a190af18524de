"""MTG converter: real cards (facts written here, ids invented), Scryfall and MTGJSON shapes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.base import CardType, card_name_key
from converters.errors import InvalidRecordError, SkipRecord
from converters.mtg import MtgConverter
from tests.conftest import REALDATA, requires_shared

MTG = MtgConverter()


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower())


def scryfall(name: str, cmc: float | None, type_line: str | None, mana_cost: str | None = "",
             text: str = "", **extra: Any) -> dict[str, Any]:  # fmt: skip
    """A Scryfall card object with the fields the converter reads."""
    card: dict[str, Any] = {
        "object": "card", "id": f"{_slug(name)}-en", "oracle_id": f"oracle-{_slug(name)}",
        "name": name, "lang": "en", "layout": "normal", "mana_cost": mana_cost, "cmc": cmc,
        "type_line": type_line, "oracle_text": text, "set": "tst", "collector_number": "1",
        "set_type": "expansion",
    }  # fmt: skip
    card.update(extra)
    return {key: value for key, value in card.items() if value is not None}


def face(name: str, mana_cost: str, type_line: str, text: str = "", **extra: Any) -> dict[str, Any]:
    return {"object": "card_face", "name": name, "mana_cost": mana_cost,
            "type_line": type_line, "oracle_text": text, **extra}  # fmt: skip


FIRE_ICE_FACES = [
    face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose among one or "
         "two targets."),
    face("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card."),
]  # fmt: skip

CARDS: dict[str, dict[str, Any]] = {
    "Lightning Bolt": scryfall("Lightning Bolt", 1.0, "Instant", "{R}",
                               "Lightning Bolt deals 3 damage to any target."),
    "Grizzly Bears": scryfall("Grizzly Bears", 2.0, "Creature — Bear", "{1}{G}",
                              power="2", toughness="2"),
    "Fire // Ice": scryfall("Fire // Ice", 4.0, "Instant // Instant", "{1}{R} // {1}{U}",
                            layout="split", oracle_text=None, card_faces=FIRE_ICE_FACES),
    "Delver of Secrets": scryfall(
        "Delver of Secrets // Insectile Aberration", 1.0,
        "Creature — Human Wizard // Creature — Human Insect", layout="transform",
        mana_cost=None, oracle_text=None, card_faces=[
            face("Delver of Secrets", "{U}", "Creature — Human Wizard",
                 "At the beginning of your upkeep, look at the top card of your library.",
                 power="1", toughness="1"),
            face("Insectile Aberration", "", "Creature — Human Insect", "Flying",
                 power="3", toughness="2"),
        ]),
    "Emeria's Call": scryfall(
        "Emeria's Call // Emeria, Shattered Skyclave", 7.0, "Sorcery // Land",
        layout="modal_dfc", mana_cost=None, oracle_text=None, card_faces=[
            face("Emeria's Call", "{4}{W}{W}{W}", "Sorcery",
                 "Create two 4/4 white Angel Warrior creature tokens with flying."),
            face("Emeria, Shattered Skyclave", "", "Land",
                 "As Emeria, Shattered Skyclave enters, you may pay 3 life."),
        ]),
    "Bonecrusher Giant": scryfall(
        "Bonecrusher Giant // Stomp", 3.0, "Creature — Giant // Instant — Adventure",
        "{2}{R} // {1}{R}", layout="adventure", oracle_text=None, power="4", toughness="3",
        card_faces=[
            face("Bonecrusher Giant", "{2}{R}", "Creature — Giant",
                 "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher "
                 "Giant deals 2 damage to that spell's controller."),
            face("Stomp", "{1}{R}", "Instant — Adventure",
                 "Damage can't be prevented this turn. Stomp deals 2 damage to any target."),
        ]),
    "Nezumi Shortfang": scryfall(
        "Nezumi Shortfang // Stabwhisker the Odious", 2.0,
        "Creature — Rat Rogue // Legendary Creature — Rat Shaman", "{1}{B}", layout="flip",
        oracle_text=None, card_faces=[
            face("Nezumi Shortfang", "{1}{B}", "Creature — Rat Rogue", power="1",
                 toughness="1"),
            face("Stabwhisker the Odious", "", "Legendary Creature — Rat Shaman", power="3",
                 toughness="3"),
        ]),
    "Zndrsplt (reversible)": scryfall(
        "Zndrsplt, Eye of Wisdom // Zndrsplt, Eye of Wisdom", None, None, layout="reversible_card",
        mana_cost=None, oracle_id=None, oracle_text=None, card_faces=[
            face("Zndrsplt, Eye of Wisdom", "{4}{U}", "Legendary Creature — Homunculus",
                 cmc=5.0, oracle_id="oracle-zndrsplt", power="1", toughness="4"),
            face("Zndrsplt, Eye of Wisdom", "{4}{U}", "Legendary Creature — Homunculus",
                 cmc=5.0, oracle_id="oracle-zndrsplt", power="1", toughness="4"),
        ]),
    "Little Girl": scryfall("Little Girl", 0.5, "Creature — Human Child", "{HW}",
                            power="½", toughness="½", set="unh"),
    "Gleemax": scryfall("Gleemax", 1000000.0, "Legendary Artifact", "{1000000}",
                        "You choose all targets for all spells and abilities.", set="unh"),
    "Emrakul": scryfall("Emrakul, the Aeons Torn", 15.0, "Legendary Creature — Eldrazi",
                        "{15}", "This spell can't be countered.", power="15", toughness="15"),
    "Forest": scryfall("Forest", 0.0, "Basic Land — Forest", "", "({T}: Add {G}.)"),
    "Sword of Fire and Ice": scryfall(
        "Sword of Fire and Ice", 3.0, "Artifact — Equipment", "{3}",
        "Equipped creature gets +2/+2 and has protection from red and from blue.\nEquip {2}"),
    "Rancor": scryfall("Rancor", 1.0, "Enchantment — Aura", "{G}",
                       "Enchant creature\nEnchanted creature gets +2/+0 and has trample."),
    "Wild Growth": scryfall(
        "Wild Growth", 1.0, "Enchantment — Aura", "{G}",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional {G}."),
    "Mindbreak Trap": scryfall(
        "Mindbreak Trap", 4.0, "Instant — Trap", "{2}{U}{U}",
        "If an opponent cast three or more spells this turn, you may pay {0} rather than pay "
        "this spell's mana cost.\nExile any number of target spells."),
    "Glorious Anthem": scryfall("Glorious Anthem", 3.0, "Enchantment", "{1}{W}{W}",
                                "Creatures you control get +1/+1."),
    "Jace Beleren": scryfall("Jace Beleren", 3.0, "Legendary Planeswalker — Jace", "{1}{U}{U}",
                             loyalty="3"),
    "Invasion of Zendikar": scryfall(
        "Invasion of Zendikar // Awakened Skyclave", 4.0,
        "Battle — Siege // Creature — Elemental", layout="transform", mana_cost=None,
        oracle_text=None, card_faces=[
            face("Invasion of Zendikar", "{3}{G}", "Battle — Siege",
                 "When Invasion of Zendikar enters, search your library for up to two basic "
                 "land cards.", defense="3"),
            face("Awakened Skyclave", "", "Creature — Elemental", "Vigilance, haste",
                 power="4", toughness="4"),
        ]),
    "Sol Ring": scryfall("Sol Ring", 1.0, "Artifact", "{1}", "{T}: Add {C}{C}."),
    "Dryad Arbor": scryfall("Dryad Arbor", 0.0, "Land Creature — Forest Dryad", "",
                            power="1", toughness="1"),
    "Crib Swap": scryfall(
        "Crib Swap", 3.0, "Kindred Instant — Shapeshifter", "{2}{W}",
        "Changeling\nExile target creature. Its controller creates a 1/1 colorless "
        "Shapeshifter creature token with changeling."),
    "Fireball": scryfall("Fireball", 1.0, "Sorcery", "{X}{R}",
                         "Fireball deals X damage divided evenly, rounded down, among any "
                         "number of targets."),
}  # fmt: skip


@pytest.mark.parametrize(
    ("key", "grade", "card_type", "grade_reason"),
    [
        pytest.param("Lightning Bolt", 1, CardType.CHARGE_EFFECT, "mana value 1 → 01",
                     id="Lightning Bolt instant 1 → 01 charge effect"),
        pytest.param("Grizzly Bears", 2, CardType.UNIT, "mana value 2 → 02",
                     id="Grizzly Bears (rules example 2 → 02) unit"),
        pytest.param("Fire // Ice", 4, CardType.CHARGE_EFFECT, "mana value 4",
                     id="Fire // Ice split: whole card 4 → 04"),
        pytest.param("Delver of Secrets", 1, CardType.UNIT, "mana value 1",
                     id="Delver transform: no top-level mana_cost, cmc 1 → 01 unit"),
        pytest.param("Emeria's Call", 7, CardType.CHARGE_EFFECT, "mana value 7",
                     id="Emeria's Call modal DFC: sorcery front → charge effect"),
        pytest.param("Bonecrusher Giant", 3, CardType.UNIT, "mana value 3",
                     id="Bonecrusher Giant adventure: creature 3 → 03 unit"),
        pytest.param("Nezumi Shortfang", 2, CardType.UNIT, "mana value 2",
                     id="Nezumi Shortfang flip card 2 → 02 unit"),
        pytest.param("Zndrsplt (reversible)", 5, CardType.UNIT, "front face mana value 5",
                     id="reversible card without cmc: front face 5 → 05"),
        pytest.param("Little Girl", 0, CardType.UNIT, "rounded down",
                     id="Little Girl ½ rounds down → 00"),
        pytest.param("Gleemax", 99, CardType.CHARGE_EFFECT, "mana value 1000000",
                     id="Gleemax 1,000,000 clamps → 99"),
        pytest.param("Emrakul", 15, CardType.UNIT, "mana value 15 → 15",
                     id="Emrakul 15 → 15 unit"),
        pytest.param("Forest", 0, None, "mana value 0 → 00", id="Forest land: 00, no type"),
        pytest.param("Sword of Fire and Ice", 3, CardType.WEAPON, "mana value 3",
                     id="Sword of Fire and Ice equipment → weapon"),
        pytest.param("Rancor", 1, CardType.WEAPON, "mana value 1",
                     id="Rancor aura enchant creature → weapon"),
        pytest.param("Wild Growth", 1, CardType.LIFE_COUNTER, "mana value 1",
                     id="Wild Growth aura enchant land → life counter"),
        pytest.param("Mindbreak Trap", 4, CardType.CHARGE_TRAP, "mana value 4",
                     id="Mindbreak Trap instant — trap → charge trap"),
        pytest.param("Glorious Anthem", 3, CardType.LIFE_COUNTER, "mana value 3",
                     id="Glorious Anthem enchantment → life counter"),
        pytest.param("Jace Beleren", 3, CardType.UNIT, "mana value 3",
                     id="Jace Beleren planeswalker → unit"),
        pytest.param("Invasion of Zendikar", 4, CardType.LIFE_COUNTER, "mana value 4",
                     id="Invasion of Zendikar battle → life counter"),
        pytest.param("Sol Ring", 1, CardType.CHARGE_EFFECT, "mana value 1",
                     id="Sol Ring artifact (magic item) → charge effect"),
        pytest.param("Dryad Arbor", 0, CardType.UNIT, "mana value 0",
                     id="Dryad Arbor land creature → unit 00"),
        pytest.param("Crib Swap", 3, CardType.CHARGE_EFFECT, "mana value 3",
                     id="Crib Swap kindred instant → charge effect"),
        pytest.param("Fireball", 1, CardType.CHARGE_EFFECT, "X counts as 0",
                     id="Fireball {X}{R}: X counts 0 → 01"),
    ],
)  # fmt: skip
def test_scryfall_card(key: str, grade: int, card_type: CardType | None, grade_reason: str) -> None:
    card = MTG.convert(CARDS[key])
    assert card.grade.value == grade
    assert card.card_type.value is card_type
    assert grade_reason in card.grade.reason
    assert card.card_type.reason


@pytest.mark.parametrize(
    ("key", "warning"),
    [
        pytest.param("Gleemax", "clamped to 99", id="Gleemax warns about the clamp"),
        pytest.param("Fireball", "X counts as 0", id="Fireball warns that X counts 0"),
    ],
)
def test_grade_warnings(key: str, warning: str) -> None:
    assert any(warning in w for w in MTG.convert(CARDS[key]).warnings)


@pytest.mark.parametrize(
    "key", ["Lightning Bolt", "Little Girl", "Emrakul", "Fire // Ice", "Bonecrusher Giant"]
)
def test_plain_grades_have_no_warnings(key: str) -> None:
    assert MTG.convert(CARDS[key]).warnings == ()


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        pytest.param("Forest", "type line 'Basic Land — Forest' → land: no TWGP counterpart",
                     id="land reason"),
        pytest.param("Bonecrusher Giant", "front face type line 'Creature — Giant' → creature",
                     id="adventure: the front face decides"),
        pytest.param("Rancor", "Aura enchanting a creature → Weapon", id="aura reason"),
        pytest.param("Mindbreak Trap", "'Instant — Trap' → Trap instant or sorcery",
                     id="trap reason"),
    ],
)  # fmt: skip
def test_type_reason_names_the_type_line(key: str, reason: str) -> None:
    assert reason in MTG.card_type(CARDS[key]).reason


def test_front_half_of_a_joined_type_line_decides_without_card_faces() -> None:
    record = scryfall("Dusk // Dawn", 5.0, "Sorcery // Sorcery", "{2}{W}{W} // {3}{W}{W}")
    assert "front face type line 'Sorcery' →" in MTG.card_type(record).reason
    adventure = {**CARDS["Bonecrusher Giant"]}
    del adventure["card_faces"]
    assert MTG.card_type(adventure).value is CardType.UNIT


def test_unknown_type_line_gets_no_type_and_a_warning() -> None:
    record = scryfall("Backup Plan", 2.0, "Conspiracy", "", "Draw an additional hand.")
    ruling = MTG.card_type(record)
    assert ruling.value is None
    assert "'Conspiracy'" in ruling.reason
    assert ruling.warnings


def test_missing_mana_value_is_no_grade_with_warning() -> None:
    record = scryfall("Mystery", None, "Creature — Horror", "{2}{B}")
    ruling = MTG.to_grade(record)
    assert ruling.value is None
    assert "missing" in ruling.reason
    assert ruling.warnings


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        pytest.param(scryfall("Goblin", 0.0, "Token Creature — Goblin", layout="token",
                              set_type="token"), "token", id="Goblin token"),
        pytest.param(scryfall("Elspeth, Knight-Errant Emblem", 0.0, "Emblem — Elspeth",
                              layout="emblem", set_type="token"), "emblem", id="emblem"),
        pytest.param(scryfall("Sheoldred // Sheoldred", 0.0, "Card // Card",
                              layout="art_series", set_type="memorabilia"), "art card",
                     id="art series card"),
        pytest.param(scryfall("Treasure", 0.0, "Token Artifact — Treasure"), "token",
                     id="token by its type line alone"),
        pytest.param(scryfall("Theme: Dinosaurs", 0.0, "Card"), "theme",
                     id="theme card (type line 'Card')"),
        pytest.param(scryfall("Human // Wolf", 0.0, "Token Creature — Human // Token Creature "
                              "— Wolf", layout="double_faced_token"), "token",
                     id="double-faced token"),
    ],
)  # fmt: skip
def test_non_cards_are_skipped(record: dict[str, Any], reason: str) -> None:
    with pytest.raises(SkipRecord, match=reason):
        MTG.convert(record)


def test_memorabilia_reprint_is_a_card() -> None:
    record = {**CARDS["Lightning Bolt"], "id": "lightning-bolt-wc97", "set_type": "memorabilia"}
    assert MTG.convert(record).grade.value == 1


def test_meld_result_is_a_card_without_a_type_and_meld_parts_are_cards() -> None:
    """Issue 21: a collection names meld backs (Brisela); the catalog holds them, untyped."""
    result = scryfall("Brisela, Voice of Nightmares", 11.0, "Legendary Creature — Eldrazi Angel",
                      layout="meld", all_parts=[
                          {"id": "bruna-the-fading-light-en", "component": "meld_part"},
                          {"id": "brisela-voice-of-nightmares-en", "component": "meld_result"},
                      ])  # fmt: skip
    part = {**result, "name": "Bruna, the Fading Light", "id": "bruna-the-fading-light-en",
            "cmc": 7.0, "type_line": "Legendary Creature — Angel Horror"}  # fmt: skip
    brisela = MTG.convert(result)
    assert brisela.name == "Brisela, Voice of Nightmares"
    assert brisela.card_type.value is None
    assert "meld result" in brisela.card_type.reason
    assert brisela.grade.value == 11
    assert MTG.convert(part).grade.value == 7
    assert MTG.convert(part).card_type.value is CardType.UNIT


# --- Names, identity, printings ---------------------------------------------------------------

BOLT_JA = {**CARDS["Lightning Bolt"], "id": "lightning-bolt-ja", "lang": "ja",
           "printed_name": "稲妻", "printed_text": "稲妻は任意の対象1つに3点のダメージを与える。"}
FIRE_ICE_JA = {**CARDS["Fire // Ice"], "id": "fire-ice-ja", "lang": "ja", "card_faces": [
    {**FIRE_ICE_FACES[0], "printed_name": "火"}, {**FIRE_ICE_FACES[1], "printed_name": "氷"}],
}  # fmt: skip


def test_japanese_printing_names_and_identity() -> None:
    english, japanese = MTG.convert(CARDS["Lightning Bolt"]), MTG.convert(BOLT_JA)
    assert (japanese.name, japanese.name_ja) == ("Lightning Bolt", "稲妻")
    assert english.name_ja is None
    assert japanese.identity == english.identity == "mtg:lightning bolt"
    assert japanese.source_id != english.source_id
    assert japanese.printing.lang == "ja"
    assert (japanese.grade.value, japanese.card_type.value) == (1, CardType.CHARGE_EFFECT)


def test_japanese_multi_face_printing_joins_face_names() -> None:
    card = MTG.convert(FIRE_ICE_JA)
    assert card.name_ja == "火 // 氷"
    assert card.identity == MTG.convert(CARDS["Fire // Ice"]).identity


def test_identity_is_the_english_name_whatever_the_ids() -> None:
    """Oracle ids differ between sources and captures (the starter's are invented); the
    English name denotes one card (CR 201.2)."""
    other_ids = {**CARDS["Lightning Bolt"], "id": "another-id", "oracle_id": "another-oracle"}
    assert MTG.convert(other_ids).identity == MTG.convert(CARDS["Lightning Bolt"]).identity
    assert MTG.identity_key(CARDS["Zndrsplt (reversible)"]) == card_name_key(
        CARDS["Zndrsplt (reversible)"]["name"]
    )
    assert MTG.identity_key({**CARDS["Fire // Ice"], "name": "Fire//Ice"}) == "fire // ice"


def test_multi_face_text_and_stats() -> None:
    card = MTG.convert(CARDS["Fire // Ice"])
    assert card.name == "Fire // Ice"
    assert card.text.split("\n//\n")[1] == "Tap target permanent.\nDraw a card."
    assert card.stats == {"mana_cost": "{1}{R} // {1}{U}", "cmc": 4.0,
                          "type_line": "Instant // Instant"}  # fmt: skip
    delver = MTG.convert(CARDS["Delver of Secrets"]).stats
    assert (delver["mana_cost"], delver["power"], delver["toughness"]) == ("{U}", "1", "1")
    battle = MTG.stats(CARDS["Invasion of Zendikar"])
    assert battle["defense"] == "3"


def test_printing_and_json() -> None:
    data = MTG.convert(CARDS["Emrakul"]).to_json()
    assert (data["grade"], data["type"], data["set"], data["collector_number"], data["lang"]) == (
        "15", "unit", "tst", "1", "en")  # fmt: skip
    assert data["source_id"] == "emrakul-the-aeons-torn-en"


# --- MTGJSON v5 -------------------------------------------------------------------------------


def mtgjson(name: str, mana_value: float, type_line: str, types: list[str], oracle_id: str,
            **extra: Any) -> dict[str, Any]:  # fmt: skip
    """An MTGJSON v5 card (one record per face)."""
    left, _, right = type_line.partition(" — ")
    return {
        "name": name, "manaValue": mana_value, "type": type_line, "types": types,
        "subtypes": right.split(), "supertypes": [w for w in left.split() if w not in types],
        "layout": "normal", "uuid": f"uuid-{_slug(name)}-{extra.get('side', 'a')}",
        "identifiers": {"scryfallOracleId": oracle_id, "scryfallId": f"{_slug(name)}-en"},
        "setCode": "TST", "number": "1", "language": "English", **extra,
    }  # fmt: skip


MTGJSON_CARDS: dict[str, dict[str, Any]] = {
    "Lightning Bolt": mtgjson("Lightning Bolt", 1, "Instant", ["Instant"],
                              "oracle-lightning-bolt", manaCost="{R}",
                              text="Lightning Bolt deals 3 damage to any target.",
                              foreignData=[{"language": "Japanese", "name": "稲妻"},
                                           {"language": "German", "name": "Blitzschlag"}]),
    "Grizzly Bears": mtgjson("Grizzly Bears", 2, "Creature — Bear", ["Creature"],
                             "oracle-grizzly-bears", manaCost="{1}{G}", power="2",
                             toughness="2"),
    "Fire // Ice": mtgjson("Fire // Ice", 4, "Instant", ["Instant"], "oracle-fire-ice",
                           faceName="Fire", layout="split", side="a", manaCost="{1}{R}",
                           faceManaValue=2),
    "Delver of Secrets": mtgjson("Delver of Secrets // Insectile Aberration", 1,
                                 "Creature — Human Wizard", ["Creature"],
                                 "oracle-delver-of-secrets-insectile-aberration", faceName="Delver of Secrets",
                                 layout="transform", side="a", manaCost="{U}"),
    "Little Girl": mtgjson("Little Girl", 0.5, "Creature — Human Child", ["Creature"],
                           "oracle-little-girl", manaCost="{HW}"),
    "Gleemax": mtgjson("Gleemax", 1000000, "Legendary Artifact", ["Artifact"], "oracle-gleemax",
                       manaCost="{1000000}"),
    "Sword of Fire and Ice": mtgjson("Sword of Fire and Ice", 3, "Artifact — Equipment",
                                     ["Artifact"], "oracle-sword-of-fire-and-ice",
                                     manaCost="{3}"),
    "Rancor": mtgjson("Rancor", 1, "Enchantment — Aura", ["Enchantment"], "oracle-rancor",
                      manaCost="{G}", text="Enchant creature\nEnchanted creature gets +2/+0."),
    "Mindbreak Trap": mtgjson("Mindbreak Trap", 4, "Instant — Trap", ["Instant"],
                              "oracle-mindbreak-trap", manaCost="{2}{U}{U}"),
    "Fireball": mtgjson("Fireball", 1, "Sorcery", ["Sorcery"], "oracle-fireball",
                        manaCost="{X}{R}"),
    "Forest": mtgjson("Forest", 0, "Basic Land — Forest", ["Land"], "oracle-forest"),
}  # fmt: skip


@pytest.mark.parametrize("key", sorted(MTGJSON_CARDS))
def test_mtgjson_matches_scryfall(key: str) -> None:
    from_mtgjson, from_scryfall = MTG.convert(MTGJSON_CARDS[key]), MTG.convert(CARDS[key])
    assert from_mtgjson.grade.value == from_scryfall.grade.value
    assert from_mtgjson.card_type.value is from_scryfall.card_type.value
    assert from_mtgjson.identity == from_scryfall.identity
    assert from_mtgjson.name == from_scryfall.name


def test_mtgjson_fields() -> None:
    card = MTG.convert(MTGJSON_CARDS["Lightning Bolt"])
    assert (card.name_ja, card.source_id) == ("稲妻", "uuid-lightning-bolt-a")
    assert (card.printing.set_code, card.printing.lang) == ("TST", "en")
    assert card.grade.reason == "mana value 1 → 01"
    assert card.stats == {"mana_cost": "{R}", "cmc": 1, "type_line": "Instant"}


def test_mtgjson_legacy_converted_mana_cost_and_missing_oracle_id() -> None:
    record = {"name": "Sol Ring", "convertedManaCost": 1.0, "type": "Artifact",
              "types": ["Artifact"], "uuid": "uuid-sol-ring", "manaCost": "{1}"}  # fmt: skip
    card = MTG.convert(record)
    assert (card.grade.value, card.card_type.value) == (1, CardType.CHARGE_EFFECT)
    assert card.identity == "mtg:sol ring"


def test_mtgjson_back_faces_are_skipped() -> None:
    ice = {**MTGJSON_CARDS["Fire // Ice"], "faceName": "Ice", "side": "b", "manaCost": "{1}{U}"}
    with pytest.raises(SkipRecord, match="side b of 'Fire // Ice'"):
        MTG.convert(ice)


def test_mtgjson_type_line_from_lists() -> None:
    record = {"name": "Grizzly Bears", "manaValue": 2, "types": ["Creature"],
              "subtypes": ["Bear"], "supertypes": [], "uuid": "u"}  # fmt: skip
    assert MTG.convert(record).stats["type_line"] == "Creature — Bear"
    assert MTG.card_type(record).value is CardType.UNIT


# --- Documents and bad records ----------------------------------------------------------------


BOLT, BEARS = CARDS["Lightning Bolt"], CARDS["Grizzly Bears"]


@pytest.mark.parametrize(
    ("document", "count"),
    [
        pytest.param([BOLT, BEARS], 2, id="bare array"),
        pytest.param({"object": "list", "has_more": False, "data": [BOLT, BEARS]}, 2,
                     id="Scryfall list"),
        pytest.param(BOLT, 1, id="single card"),
        pytest.param({"data": {"code": "TST", "cards": [BOLT, BEARS], "tokens": [BOLT]}}, 2,
                     id="MTGJSON v5 set file (tokens left out)"),
        pytest.param({"code": "TST", "cards": [BOLT]}, 1, id="bare set file"),
        pytest.param({"meta": {}, "data": {"AAA": {"cards": [BOLT]}, "BBB": {"cards": [BEARS]}}},
                     2, id="AllPrintings"),
    ],
)  # fmt: skip
def test_records(document: Any, count: int) -> None:
    assert len(list(MTG.records(document))) == count


@pytest.mark.parametrize(
    ("record", "message"),
    [
        pytest.param({"object": "error", "status": 422, "code": "bad_request",
                      "details": "Couldn't parse mana"}, "Scryfall error", id="Scryfall error"),
        pytest.param({"object": "bulk_data", "type": "oracle_cards"}, "bulk_data",
                     id="bulk_data object"),
        pytest.param({"name": "Lightning Bolt", "hp": "40"}, "not an MTG card",
                     id="unknown shape"),
        pytest.param({**BOLT, "id": None}, "no Scryfall id", id="no id"),
    ],
)  # fmt: skip
def test_invalid_records(record: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        MTG.convert(record)


@given(st.floats(min_value=0, max_value=1e7, allow_nan=False))
def test_grade_is_mana_value_rounded_down_and_clamped(cmc: float) -> None:
    grade = MTG.to_grade(scryfall("Any", cmc, "Creature — Test")).value
    assert grade == min(int(cmc), 99)


# --- Real records (read in place, never copied) -----------------------------------------------

MTG_DATA = REALDATA / "mtg"

SCRYFALL_FIXTURES = [
    pytest.param("cards_layout_split.json", 4, CardType.CHARGE_EFFECT, id="split Fire // Ice"),
    pytest.param("cards_layout_transform.json", 1, CardType.UNIT, id="transform Delver"),
    pytest.param("cards_layout_modal_dfc.json", 7, CardType.CHARGE_EFFECT, id="MDFC Emeria"),
    pytest.param("cards_layout_adventure.json", 3, CardType.UNIT, id="adventure Bonecrusher"),
    pytest.param("cards_layout_flip.json", 2, CardType.UNIT, id="flip Nezumi Shortfang"),
    pytest.param("cards_by_id__reversible.json", 5, CardType.UNIT, id="reversible Zndrsplt"),
    pytest.param("cards_by_id__battle.json", 2, CardType.LIFE_COUNTER, id="battle Occupation"),
]


@requires_shared
@pytest.mark.parametrize(("file", "grade", "card_type"), SCRYFALL_FIXTURES)
def test_real_scryfall_fixtures(file: str, grade: int, card_type: CardType) -> None:
    payload = json.loads((MTG_DATA / "scryfall-fixtures" / file).read_text("utf-8"))["payload"]
    card = MTG.convert(payload)
    assert (card.grade.value, card.card_type.value) == (grade, card_type)
    assert f"mana value {grade}" in card.grade.reason
    assert card.identity == f"mtg:{card_name_key(payload['name'])}"


def _real_records() -> list[Any]:
    records: list[Any] = []
    for path in sorted(MTG_DATA.rglob("*.json")):
        document = json.loads(path.read_text("utf-8"))
        if "payload" in document:
            document = document["payload"]
        records.extend(MTG.records(document))
    return records


@requires_shared
def test_every_real_record_converts_or_is_refused_cleanly() -> None:
    converted = 0
    for record in _real_records():
        try:
            card = MTG.convert(record)
        except SkipRecord:
            continue
        except InvalidRecordError:
            # only what is not a card at all: the error object and the bulk_data objects
            assert record.get("object") in ("error", "bulk_data")
        else:
            converted += 1
            assert card.grade.reason
            assert card.card_type.reason
    assert converted > 400


@requires_shared
@pytest.mark.parametrize(
    ("set_file", "name", "grade", "card_type"),
    [
        pytest.param("UNH.json", "Little Girl", 0, CardType.UNIT, id="v3 Little Girl ½ → 00"),
        pytest.param("UNH.json", "Gleemax", 99, CardType.CHARGE_EFFECT, id="v3 Gleemax → 99"),
        pytest.param("APC.json", "Fire", None, CardType.CHARGE_EFFECT,
                     id="v3 split half: no grade"),
        pytest.param("V17.json", "Archangel Avacyn", 5, CardType.UNIT, id="v3 DFC front"),
    ],
)  # fmt: skip
def test_real_mtgjson_v3(set_file: str, name: str, grade: int | None,
                         card_type: CardType) -> None:  # fmt: skip
    cards = json.loads((MTG_DATA / "mtgjson3" / set_file).read_text("utf-8"))["cards"]
    card = MTG.convert(next(c for c in cards if c["name"] == name))
    assert (card.grade.value, card.card_type.value) == (grade, card_type)


@requires_shared
def test_real_mtgjson_v3_back_faces_are_skipped() -> None:
    cards = json.loads((MTG_DATA / "mtgjson3" / "V17.json").read_text("utf-8"))["cards"]
    with pytest.raises(SkipRecord, match="Archangel Avacyn // Avacyn, the Purifier"):
        MTG.convert(next(c for c in cards if c["name"] == "Avacyn, the Purifier"))
