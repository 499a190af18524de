"""Pokémon: one identity across languages and sources, on SQLite and PostgreSQL — real pairs
(TCGdex en/fr of one printing; TCGdex and pokemontcg.io of Base Set) from the shared sample
when it is there, and our own records with the cards' facts (a Japanese ピカチュウ and the
English Base Set Pikachu). Two different Pikachus stay two cards; other games never meet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from catalog.base.errors import AmbiguousCardError
from catalog.cards.views import CardView
from catalog.collections.owned import set_owned
from catalog.ingest.importer import import_files
from catalog.lookup import repository
from catalog.store.db import open_engine, session_scope
from converters.registry import load_converter
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.codes import Code
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse

REALDATA = Path(__file__).resolve().parents[3] / "shared" / "realdata"
TCGDEX = REALDATA / "tcgdex" / "v2"
requires_shared = pytest.mark.skipif(not TCGDEX.is_dir(), reason="../shared/realdata is absent")

GNAW = {"name": "Gnaw", "cost": ["Colorless"], "damage": "10"}
THUNDER_JOLT = {"name": "Thunder Jolt", "cost": ["Lightning", "Colorless"], "damage": "30"}
#: pokemontcg.io's Base Set Pikachu, and the XY Pikachu (another card of the same name)
PIKACHU_BASE = {"id": "base1-58", "name": "Pikachu", "supertype": "Pokémon", "subtypes": ["Basic"],
                "hp": "40", "types": ["Lightning"], "nationalPokedexNumbers": [25],
                "attacks": [GNAW, THUNDER_JOLT], "number": "58"}  # fmt: skip
PIKACHU_XY = {"id": "xy1-42", "name": "Pikachu", "supertype": "Pokémon", "subtypes": ["Basic"],
              "hp": "60", "types": ["Lightning"], "nationalPokedexNumbers": [25], "number": "42",
              "attacks": [{"name": "Nuzzle", "cost": ["Colorless"], "damage": ""},
                          {"name": "Quick Attack", "cost": ["Lightning", "Colorless", "Colorless"],
                           "damage": "20+"}]}  # fmt: skip
#: TCGdex Japanese: the Base Set Pikachu as printed in Japan (its own set and card ids)
PIKACHU_JA = {"category": "Pokemon", "id": "PMCG1-025", "localId": "025", "name": "ピカチュウ",
              "hp": 40, "types": ["Lightning"], "stage": "Basic", "dexId": [25],
              "image": "https://assets.tcgdex.net/ja/PMCG/PMCG1/025",
              "set": {"id": "PMCG1", "name": "拡張パック"},
              "attacks": [{"cost": ["Colorless"], "name": "かじる", "damage": 10},
                          {"cost": ["Lightning", "Colorless"], "name": "でんげき", "damage": 30}]}  # fmt: skip


def write(tmp_path: Path, name: str, records: list[dict[str, Any]]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(records, ensure_ascii=False), "utf-8")
    return path


def import_pokemon(engine: Engine, *paths: Path) -> None:
    report = import_files(engine, load_converter("pokemon"), paths)
    assert report.failed == 0, report.failures


def get(engine: Engine, ref: str) -> CardView:
    with session_scope(engine) as session:
        return repository.get_card(session=session, card_ref=ref)


@pytest.mark.parametrize("order", ["english first", "japanese first"])
def test_a_japanese_pikachu_is_the_english_card(
    engine: Engine, tmp_path: Path, order: str
) -> None:
    english = write(tmp_path, "en.json", [PIKACHU_BASE, PIKACHU_XY])
    japanese = write(tmp_path, "ja.json", [PIKACHU_JA])
    files = [english, japanese] if order == "english first" else [japanese, english]
    for path in files:
        import_pokemon(engine, path)
    assert get(engine, "ピカチュウ").identity == get(engine, "pokemon:base1-58").identity
    assert get(engine, "pokemon:xy1-42").identity != get(engine, "pokemon:base1-58").identity
    with session_scope(engine) as session, pytest.raises(AmbiguousCardError) as caught:
        repository.get_card(session=session, card_ref="Pikachu")
    error = caught.value
    assert {c.source_id for c in error.choices} == {"base1-58", "xy1-42"}
    assert {(c.set_code, c.collector_number, c.lang) for c in error.choices} == {
        ("base1", "58", "en"), ("xy1", "42", "en")}  # fmt: skip
    assert "set base1, no. 58, en" in error.message
    with session_scope(engine) as session:  # a deck line says the same
        report = validate_deck(parse("[pool]\n1 pokemon Pikachu\n"), CatalogResolver(session))
    (ambiguous,) = [v for v in report.violations if v.code is Code.UNKNOWN_CARD]
    assert "Pikachu [xy1-42] (set xy1, no. 42, en)" in ambiguous.message


def test_an_override_on_the_japanese_card_joins_the_english_one(
    engine: Engine, tmp_path: Path
) -> None:
    import_pokemon(engine, write(tmp_path, "ja.json", [PIKACHU_JA]))
    with session_scope(engine) as session:
        japanese = repository.set_override(session=session, card_ref="ピカチュウ", grade=7)
        set_owned(session=session, card_id=japanese.id, quantity=2)
    import_pokemon(engine, write(tmp_path, "en.json", [PIKACHU_BASE]))
    english = get(engine, "pokemon:base1-58")
    assert (english.grade, english.owned) == (7, 2)


def test_the_starter_japanese_pokemon_give_way_to_real_ones(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "c.db"))
    with session_scope(engine) as session:
        starter = repository.get_card(session=session, card_ref="pokemon:twgp-starter-ja-025")
        set_owned(session=session, card_id=starter.id, quantity=3)
    assert get(engine, "ピカチュウ").identity == get(engine, "pokemon:base1-58").identity
    import_pokemon(engine, write(tmp_path, "ja.json", [PIKACHU_JA]),
                   write(tmp_path, "en.json", [PIKACHU_BASE]))  # fmt: skip
    pikachu = get(engine, "ピカチュウ")
    assert (pikachu.source_id, pikachu.owned) == ("PMCG1-025", 3)
    assert get(engine, "pokemon:twgp-starter-ja-025").source_id == "PMCG1-025"
    with session_scope(engine) as session:
        printings = repository.printings(session=session, identity=pikachu.identity)
    assert {p.source_id for p in printings} == {"base1-58", "PMCG1-025"}
    engine.dispose()


def test_links_never_join_cards_of_different_games(engine: Engine, tmp_path: Path) -> None:
    import_pokemon(engine, write(tmp_path, "en.json", [PIKACHU_BASE]))
    ws = tmp_path / "ws.csv"
    ws.write_text("code,name,type,level,cost,power,soul\nbase1-58,Pikachu,Character,0,0,1000,1\n")
    report = import_files(engine, load_converter("ws"), [ws])
    assert report.failed == 0
    assert get(engine, "ws:Pikachu").identity != get(engine, "pokemon:Pikachu").identity


def _tcgdex_files(lang: str, set_id: str) -> list[Path]:
    return sorted((TCGDEX / lang / "cards").glob(f"{set_id}-*/index.json"))


@requires_shared
def test_real_tcgdex_french_and_english_printings_are_one_card(engine: Engine) -> None:
    english, french = _tcgdex_files("en", "swsh3"), _tcgdex_files("fr", "swsh3")
    assert english
    assert french
    import_pokemon(engine, *french)
    import_pokemon(engine, *english)
    with session_scope(engine) as session:
        checked = 0
        for path in french:
            record = json.loads(path.read_text("utf-8"))
            (fr,) = repository.find_cards(session=session, source_id=f"fr/{record['id']}")
            en = repository.find_cards(session=session, source_id=record["id"])
            if en:
                assert fr.identity == en[0].identity, (fr.name, en[0].name)
                checked += 1
    assert checked >= 100
    assert get(engine, "Papilusion V").identity == get(engine, "Butterfree V").identity


@requires_shared
def test_real_tcgdex_and_pokemontcg_base_set_are_one_card(engine: Engine) -> None:
    import_pokemon(engine, *_tcgdex_files("en", "base1"))
    import_pokemon(engine, REALDATA / "pokemon" / "cards" / "en" / "base1.json")
    with session_scope(engine) as session:
        for name in ("Pikachu", "Charizard", "Bill", "Potion"):
            found = repository.find_cards(session=session, game="pokemon", name=name)
            assert len({card.identity for card in found}) == 1, name
