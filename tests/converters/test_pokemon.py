"""Pokémon converter: real cards (facts written here) in pokemontcg.io v2 and TCGdex v2 shapes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters import pokemon_words as words
from converters.base import CardType
from converters.errors import InvalidRecordError
from converters.pokemon import PokemonConverter

SHARED = Path(__file__).parents[2] / ".." / "shared" / "realdata"

pkm = PokemonConverter()


def ptcg(card_id: str, name: str, supertype: str, subtypes: list[str] | None = None,
         hp: str | None = None, **extra: Any) -> dict[str, Any]:
    """A pokemontcg.io v2 card: `hp` is a string; absent keys stay absent."""
    record: dict[str, Any] = {"id": card_id, "name": name, "supertype": supertype}
    if subtypes is not None:
        record["subtypes"] = subtypes
    if hp is not None:
        record["hp"] = hp
    return record | {"number": card_id.rpartition("-")[2]} | extra


def tcgdex(lang: str, card_id: str, name: str, category: str, **extra: Any) -> dict[str, Any]:
    """A TCGdex v2 card: `hp` is an int; the language shows only in the asset URLs."""
    set_id, _, local_id = card_id.rpartition("-")
    return {
        "category": category, "id": card_id, "localId": local_id, "name": name,
        "image": f"https://assets.tcgdex.net/{lang}/x/{set_id}/{local_id}",
        "set": {"id": set_id, "name": "…"},
    } | extra


def attack(name: str, text: str = "", damage: str = "") -> dict[str, str]:
    return {"name": name, "text": text, "damage": damage}


CHARIZARD = ptcg(
    "base1-4", "Charizard", "Pokémon", ["Stage 2"], "120", types=["Fire"],
    evolvesFrom="Charmeleon", convertedRetreatCost=3,
    abilities=[{"name": "Energy Burn", "type": "Pokémon Power",
                "text": "As often as you like during your turn …"}],
    attacks=[attack("Fire Spin", "Discard 2 Energy cards attached to Charizard …", "100")],
)
CHARIZARD_TCGDEX = tcgdex(
    "en", "base1-4", "Charizard", "Pokemon", hp=120, stage="Stage2", types=["Fire"],
    abilities=[{"type": "Pokemon Power", "name": "Energy Burn", "effect": "…"}],
    attacks=[{"cost": ["Fire"] * 4, "name": "Fire Spin", "effect": "…", "damage": 100}],
)
CATERPIE = ptcg(
    "base1-45", "Caterpie", "Pokémon", ["Basic"], "40",
    attacks=[attack("String Shot", "Flip a coin. If heads, the Defending Pokémon is now "
                    "Paralyzed.", "10")],
)
PIKACHU_BASE = ptcg("base1-58", "Pikachu", "Pokémon", ["Basic"], "40",
                    attacks=[attack("Gnaw", damage="10"), attack("Thunder Jolt", "…", "30")])
PIKACHU_XY = ptcg("xy1-42", "Pikachu", "Pokémon", ["Basic"], "60",
                  attacks=[attack("Nuzzle", "…"), attack("Quick Attack", "…", "10+")])
BUTTERFREE_V = tcgdex(
    "en", "swsh3-1", "Butterfree V", "Pokemon", hp=190, types=["Grass"],
    attacks=[{"name": "Dizzying Poison",
              "effect": "Your opponent’s Active Pokémon is now Confused and Poisoned."},
             {"name": "Blasting Wind", "damage": 130}],
)
PAPILUSION_V = tcgdex(
    "fr", "swsh3-1", "Papilusion V", "Pokémon", hp=190, types=["Plante"],
    attacks=[{"name": "Poison Étourdissant", "effect": "Le Pokémon Actif de votre adversaire "
              "est maintenant Confus et Empoisonné."},
             {"name": "Vent Impitoyable", "damage": 130}],
)
CLEFAIRY_DOLL = ptcg(
    "base1-70", "Clefairy Doll", "Trainer", None, "10",
    rules=["Play Clefairy Doll as if it were a Basic Pokémon. …"],
)
CHARIZARD_EX_JA = tcgdex(
    "ja", "SV2a-006", "リザードンex", "Pokemon", hp=330, types=["Fire"], stage="Stage2",
    attacks=[{"name": "バーニングダーク", "damage": "180+"}],
)

BILL = ptcg("base1-91", "Bill", "Trainer", rules=["Draw 2 cards."])
VOLUTES_DE_FUMEE = tcgdex("fr", "swsh3-158", "Volutes de Fumée", "Dresseur", trainerType="Outil")

CARDS = [
    # The rules' own examples first: 40 → 04, 120 → 12.
    pytest.param(CATERPIE, 4, CardType.UNIT, id="Caterpie HP 40 → 04 (rules example)"),
    pytest.param(CHARIZARD, 12, CardType.UNIT, id="Charizard base1-4 HP 120 → 12 (rules example)"),
    pytest.param(
        ptcg("swsh3-117", "Eternatus VMAX", "Pokémon", ["VMAX"], "340"),
        34, CardType.UNIT, id="Eternatus VMAX HP 340 → 34",
    ),
    pytest.param(PIKACHU_XY, 6, CardType.UNIT, id="Pikachu xy1-42 HP 60 → 06"),
    pytest.param(
        ptcg("base1-2", "Blastoise", "Pokémon", ["Stage 2"], "100"),
        10, CardType.UNIT, id="Blastoise HP 100 → 10",
    ),
    pytest.param(CLEFAIRY_DOLL, 1, CardType.UNIT, id="Clefairy Doll Trainer HP 10 → 01 Unit"),
    pytest.param(
        ptcg("base3-62", "Mysterious Fossil", "Trainer", None, "10"),
        1, CardType.UNIT, id="Mysterious Fossil (fossil Trainer HP 10) → 01 Unit",
    ),
    pytest.param(
        BILL, None, CardType.CHARGE_EFFECT, id="Bill: Trainer with no subtypes → Charge Effect"
    ),
    pytest.param(
        ptcg("swsh12pt5-150", "Professor's Research", "Trainer", ["Supporter"],
             rules=["Discard your hand and draw 7 cards."]),
        None, CardType.CHARGE_EFFECT, id="Professor's Research Supporter → Charge Effect",
    ),
    pytest.param(
        ptcg("sv1-196", "Ultra Ball", "Trainer", ["Item"]),
        None, CardType.CHARGE_EFFECT, id="Ultra Ball Item → Charge Effect",
    ),
    pytest.param(
        ptcg("sv6pt5-58", "Dangerous Laser", "Trainer", ["Item", "ACE SPEC"]),
        None, CardType.CHARGE_EFFECT, id="Dangerous Laser Item + ACE SPEC → Charge Effect",
    ),
    pytest.param(
        ptcg("xy1-121", "Muscle Band", "Trainer", ["Pokémon Tool"]),
        None, CardType.WEAPON, id="Muscle Band Pokémon Tool → Weapon",
    ),
    pytest.param(
        ptcg("swsh12pt5-143", "Sky Seal Stone", "Trainer", ["Item", "Pokémon Tool"]),
        None, CardType.WEAPON, id="Sky Seal Stone Item + Pokémon Tool → Weapon",
    ),
    pytest.param(
        ptcg("sv6pt5-54", "Academy at Night", "Trainer", ["Stadium"]),
        None, CardType.LIFE_COUNTER, id="Academy at Night Stadium → Life Counter",
    ),
    pytest.param(
        ptcg("sv4-178", "Technical Machine: Evolution", "Trainer", ["Technical Machine"]),
        None, CardType.WEAPON, id="Technical Machine: Evolution → Weapon",
    ),
    pytest.param(
        ptcg("ex7-84", "Pokémon Retriever", "Trainer", ["Rocket's Secret Machine"]),
        None, CardType.CHARGE_EFFECT, id="Rocket's Secret Machine → Charge Effect",
    ),
    pytest.param(
        ptcg("base1-102", "Water Energy", "Energy", ["Basic"]),
        None, None, id="Water Energy (basic): no TWGP type",
    ),
    pytest.param(
        ptcg("base1-96", "Double Colorless Energy", "Energy", ["Special"]),
        None, None, id="Double Colorless Energy (special): no TWGP type",
    ),
    # TCGdex, English, French and Japanese records
    pytest.param(CHARIZARD_TCGDEX, 12, CardType.UNIT, id="TCGdex en Charizard HP 120 → 12"),
    pytest.param(
        tcgdex("en", "base1-91", "Bill", "Trainer"),
        None, CardType.CHARGE_EFFECT, id="TCGdex en Bill: no trainerType → Charge Effect",
    ),
    pytest.param(
        tcgdex("en", "swsh3-158", "Billowing Smoke", "Trainer", trainerType="Tool"),
        None, CardType.WEAPON, id="TCGdex en trainerType Tool → Weapon",
    ),
    pytest.param(
        tcgdex("en", "base1-70", "Clefairy Doll", "Trainer", hp=10),
        1, CardType.UNIT, id="TCGdex en Clefairy Doll hp 10 → 01 Unit",
    ),
    pytest.param(
        tcgdex("en", "hgss2-114", "Lugia LEGEND", "Pokemon"),
        None, CardType.UNIT, id="TCGdex LEGEND half without HP → Unit, no grade",
    ),
    pytest.param(PAPILUSION_V, 19, CardType.UNIT, id="TCGdex fr Pokémon HP 190 → 19"),
    pytest.param(
        VOLUTES_DE_FUMEE, None, CardType.WEAPON, id="TCGdex fr Dresseur Outil → Weapon"
    ),
    pytest.param(
        tcgdex("fr", "swsh3-172", "Fortifiant Turbo", "Dresseur", trainerType="Objet"),
        None, CardType.CHARGE_EFFECT, id="TCGdex fr Dresseur Objet → Charge Effect",
    ),
    pytest.param(
        tcgdex("fr", "swsh3-169", "Shehroz Tower", "Dresseur", trainerType="Stade"),
        None, CardType.LIFE_COUNTER, id="TCGdex fr Dresseur Stade → Life Counter",
    ),
    pytest.param(
        tcgdex("fr", "swsh3-186", "Kabu", "Dresseur", trainerType="Supporter"),
        None, CardType.CHARGE_EFFECT, id="TCGdex fr Dresseur Supporter → Charge Effect",
    ),
    pytest.param(
        tcgdex("fr", "swsh3-201", "Énergie Capture", "Énergie", energyType="Spécial"),
        None, None, id="TCGdex fr Énergie Spécial: no TWGP type",
    ),
    # Japanese TCGdex keeps English enum words (SOURCES.md §4) or prints Japanese ones;
    # the ids of these hand-written ja records are illustrative.
    pytest.param(CHARIZARD_EX_JA, 33, CardType.UNIT, id="TCGdex ja リザードンex HP 330 → 33"),
    pytest.param(
        tcgdex("ja", "SV1S-071", "ハイパーボール", "トレーナーズ", trainerType="グッズ"),
        None, CardType.CHARGE_EFFECT, id="TCGdex ja トレーナーズ グッズ → Charge Effect",
    ),
    pytest.param(
        tcgdex("ja", "SV1S-068", "勇気のおまもり", "トレーナーズ", trainerType="ポケモンのどうぐ"),
        None, CardType.WEAPON, id="TCGdex ja ポケモンのどうぐ → Weapon",
    ),
]


@pytest.mark.parametrize(("record", "grade", "card_type"), CARDS)
def test_grade_and_type(record: dict[str, Any], grade: int | None,
                        card_type: CardType | None) -> None:
    card = pkm.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type
    assert card.source_id.rpartition("/")[2] == record["id"]


@pytest.mark.parametrize(
    ("category", "trainer_type", "card_type"),
    [
        pytest.param("Trainer", "Pokémon-Ausrüstung", CardType.WEAPON, id="de Pokémon-Ausrüstung"),
        pytest.param("Trainer", "Ausrüstung", CardType.WEAPON, id="de Ausrüstung"),
        pytest.param("Trainer", "Itemkarte", CardType.CHARGE_EFFECT, id="de Itemkarte"),
        pytest.param("Trainer", "Unterstützerkarte", CardType.CHARGE_EFFECT, id="de Unterstützer"),
        pytest.param("Trainer", "Stadionkarte", CardType.LIFE_COUNTER, id="de Stadionkarte"),
        pytest.param("Entrenador", "Herramienta", CardType.WEAPON, id="es Herramienta"),
        pytest.param("Entrenador", "Objeto", CardType.CHARGE_EFFECT, id="es Objeto"),
        pytest.param("Entrenador", "Partidario", CardType.CHARGE_EFFECT, id="es Partidario"),
        pytest.param("Entrenador", "ESTADIO", CardType.LIFE_COUNTER, id="es ESTADIO (case)"),
        pytest.param("Allenatore", "Oggetto", CardType.WEAPON, id="it Oggetto is the Tool"),
        pytest.param("Allenatore", "Strumento", CardType.CHARGE_EFFECT, id="it Strumento is Item"),
        pytest.param("Allenatore", "Aiuto", CardType.CHARGE_EFFECT, id="it Aiuto"),
        pytest.param("Allenatore", "Stadio", CardType.LIFE_COUNTER, id="it Stadio"),
        pytest.param("Treinador", "Ferramenta", CardType.WEAPON, id="pt Ferramenta"),
        pytest.param("Treinador", "Apoiador", CardType.CHARGE_EFFECT, id="pt Apoiador"),
        pytest.param("Treinador", "Estadio", CardType.LIFE_COUNTER, id="pt Estádio (no accent)"),
        pytest.param("Dresseur", "machine technique", CardType.WEAPON, id="fr Machine Technique"),
        pytest.param("トレーナーズ", "サポート", CardType.CHARGE_EFFECT, id="ja サポート"),
        pytest.param("トレーナーズ", "スタジアム", CardType.LIFE_COUNTER, id="ja スタジアム"),
        pytest.param("Trainer", "Goldenrod Game Corner", CardType.CHARGE_EFFECT, id="game corner"),
    ],
)
def test_translated_trainer_kinds(category: str, trainer_type: str, card_type: CardType) -> None:
    record = tcgdex("de", "swsh3-1", "X", category, trainerType=trainer_type)
    assert pkm.card_type(record).value is card_type


@pytest.mark.parametrize(
    "category",
    ["Energie", "Energía", "Energia", "エネルギー", "ENERGY"],
)
def test_translated_energy_has_no_type(category: str) -> None:
    ruling = pkm.card_type(tcgdex("es", "swsh3-1", "X", category))
    assert ruling.value is None
    assert "TWGP has no energy" in ruling.reason


def test_no_word_means_two_things() -> None:
    for table in (words.CATEGORY_WORDS, words.TRAINER_WORDS, words.ENERGY_WORDS):
        meanings: dict[str, set[str]] = {}
        for term, group in table.items():
            for word in group:
                meanings.setdefault(words.word_key(word), set()).add(term)
        assert {key: terms for key, terms in meanings.items() if len(terms) > 1} == {}


def test_reasons_name_the_source_values() -> None:
    assert pkm.to_grade(CHARIZARD).reason == "HP 120 → hundreds and tens digits → 12"
    assert pkm.card_type(VOLUTES_DE_FUMEE).reason == "Dresseur Outil (Pokémon Tool) → Weapon"
    assert pkm.card_type(BILL).reason.startswith("Trainer with no subtype")
    assert pkm.to_grade(BILL).reason == "Trainer card: not a unit, no grade"


def test_trainer_with_hp_warns_once() -> None:
    card = pkm.convert(CLEFAIRY_DOLL)
    assert card.warnings == ("a Trainer played as a Pokémon (it has HP 10): typed Unit",)


def test_legend_half_without_hp_warns() -> None:
    card = pkm.convert(tcgdex("en", "hgss2-114", "Lugia LEGEND", "Pokemon"))
    assert any("no HP printed" in w for w in card.warnings)


@pytest.mark.parametrize(
    ("record", "card_type"),
    [
        pytest.param(ptcg("x-1", "Odd", "Trainer", ["Fusion Strike"]), None, id="unknown kind"),
        pytest.param(ptcg("x-2", "Odd", "Trainer", ["ACE SPEC"]), CardType.CHARGE_EFFECT,
                     id="ACE SPEC alone read as Item"),
        pytest.param(tcgdex("en", "x-3", "Odd", "Relic"), None, id="unknown category"),
    ],
)
def test_odd_records_warn(record: dict[str, Any], card_type: CardType | None) -> None:
    card = pkm.convert(record)
    assert card.card_type.value is card_type
    assert card.warnings


def test_identity_is_shared_by_reprints_and_sources_only() -> None:
    assert pkm.convert(CHARIZARD).identity == pkm.convert(CHARIZARD_TCGDEX).identity
    reprint = BUTTERFREE_V | {"id": "swsh3-177", "localId": "177"}
    assert pkm.convert(reprint).identity == pkm.convert(BUTTERFREE_V).identity
    assert pkm.convert(PIKACHU_BASE).identity != pkm.convert(PIKACHU_XY).identity
    nidoran_space = ptcg("base1-55", "Nidoran ♂", "Pokémon", ["Basic"], "40",
                         attacks=[attack("Horn Hazard")])
    nidoran_tight = tcgdex("en", "base1-55", "Nidoran♂", "Pokemon", hp=40,
                           attacks=[{"name": "Horn Hazard"}])
    assert pkm.identity_key(nidoran_space) == pkm.identity_key(nidoran_tight)
    assert pkm.identity_key(nidoran_space) != pkm.identity_key(nidoran_space | {"name": "Nidoran ♀"})
    # A translated TCGdex record keys on its translated name; its links join it to the
    # English card in the catalog (tests/catalog/test_identity_pokemon.py).
    french, english = pkm.convert(PAPILUSION_V), pkm.convert(BUTTERFREE_V)
    assert french.identity != english.identity
    assert "print:swsh3-1" in set(french.links) & set(english.links)
    assert (french.source_id, english.source_id) == ("fr/swsh3-1", "swsh3-1")


def test_facts_link_a_japanese_pokemon_to_the_english_card() -> None:
    japanese = tcgdex("ja", "SV1a-025", "ピカチュウ", "Pokemon", hp=40, dexId=[25], attacks=[
        {"cost": ["Colorless"], "name": "かじる", "damage": 10},
        {"cost": ["Lightning", "Colorless"], "name": "でんげき", "damage": 30}])
    english = ptcg("base1-58", "Pikachu", "Pokémon", ["Basic"], "40", nationalPokedexNumbers=[25],
                   attacks=[{"name": "Gnaw", "cost": ["Colorless"], "damage": "10"},
                            {"name": "Thunder Jolt", "cost": ["Lightning", "Colorless"],
                             "damage": "30"}])
    other = english | {"hp": "60"}
    links = {record["id"]: set(pkm.convert(record).links) for record in (japanese, english)}
    assert "facts:25|40|1:10,2:30" in links["SV1a-025"] & links["base1-58"]
    assert not set(pkm.convert(other).links) & links["SV1a-025"]
    assert pkm.convert(japanese).source_id == "SV1a-025"  # Asian sets have their own ids


def test_names_and_printing() -> None:
    ja = pkm.convert(CHARIZARD_EX_JA)
    assert (ja.name, ja.name_ja) == ("リザードンex", "リザードンex")
    assert ja.printing.lang == "ja"
    fr = pkm.convert(PAPILUSION_V)
    assert (fr.name_ja, fr.printing.set_code, fr.printing.collector_number, fr.printing.lang) == (
        None, "swsh3", "1", "fr",
    )
    en = pkm.convert(ptcg("swsh12pt5-150", "Professor's Research", "Trainer", ["Supporter"]))
    assert (en.printing.set_code, en.printing.collector_number, en.printing.lang) == (
        "swsh12pt5", "150", "en",
    )


def test_text_stats_and_effects() -> None:
    card = pkm.convert(CHARIZARD)
    assert card.text.splitlines() == [
        "Energy Burn: As often as you like during your turn …",
        "Fire Spin 100: Discard 2 Energy cards attached to Charizard …",
    ]
    assert card.stats == {"hp": 120, "types": ["Fire"], "subtypes": ["Stage 2"],
                          "evolves_from": "Charmeleon", "retreat": 3}
    # Pokémon are Units: their attack text is void in TWGP (§3), however it reads
    for unit in (CATERPIE, BUTTERFREE_V, PAPILUSION_V):
        converted = pkm.convert(unit)
        assert (converted.effects, converted.effect_reasons) == ((), {})
        assert "void" in converted.reading.lower() or "無効" in converted.reading


def test_envelopes_and_unknown_shapes() -> None:
    assert list(pkm.records({"data": CHARIZARD})) == [CHARIZARD]
    assert list(pkm.records({"data": [CHARIZARD, CATERPIE]})) == [CHARIZARD, CATERPIE]
    assert list(pkm.records([CATERPIE])) == [CATERPIE]
    with pytest.raises(InvalidRecordError):
        pkm.convert({"id": "swsh3-1", "localId": "1", "name": "Butterfree V"})  # a brief card


@given(hp=st.integers(min_value=1, max_value=99).map(lambda tens: tens * 10),
       as_text=st.booleans())
def test_grade_is_hundreds_and_tens_of_hp(hp: int, as_text: bool) -> None:
    record = ptcg("x-1", "P", "Pokémon", ["Basic"], str(hp)) if as_text else tcgdex(
        "en", "x-1", "P", "Pokemon", hp=hp)
    assert pkm.to_grade(record).value == hp // 10 % 100


def _real_records() -> list[Any]:
    found: list[Any] = []
    for path in sorted((SHARED / "pokemon" / "cards").glob("*/*.json")):
        found += json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((SHARED / "tcgdex" / "v2").glob("*/cards/*/index.json")):
        found.append(json.loads(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared real data not available")
def test_every_real_record_converts() -> None:
    records = _real_records()
    assert len(records) > 1000
    for record in records:
        card = pkm.convert(record)
        assert card.grade.value is None or 0 <= card.grade.value <= 99, card.source_id
        if card.card_type.value is CardType.UNIT:
            assert card.grade.value is not None, card.source_id


def test_a_variable_damage_left_out_still_links_the_japanese_print() -> None:
    """TCGdex's Japanese data leaves a variable damage out: Blastoise's Hydro Pump `40+`."""
    english = {"id": "base1-2", "name": "Blastoise", "supertype": "Pokémon", "hp": "100",
               "subtypes": ["Stage 2"], "nationalPokedexNumbers": [9], "number": "2",
               "attacks": [{"name": "Hydro Pump", "cost": ["Water"] * 3, "damage": "40+"}]}  # fmt: skip
    japanese = {"category": "Pokemon", "id": "PMCG1-009", "localId": "009", "name": "カメックス",
                "hp": 100, "dexId": [9], "set": {"id": "PMCG1", "name": "拡張パック"},
                "attacks": [{"cost": ["Water"] * 3, "name": "ハイドロポンプ"}]}  # fmt: skip
    other = {**english, "id": "xx-2", "attacks": [{"name": "Surf", "cost": ["Water"] * 3,
                                                  "damage": "40"}]}  # fmt: skip
    links = {name: set(pkm.convert(r).links) for name, r in
             (("en", english), ("ja", japanese), ("other", other))}  # fmt: skip
    assert links["en"] & links["ja"] == {"facts~:9|100|3:?"}
    assert not links["other"] & links["ja"]  # a fixed damage is still compared
