"""A Japanese and an English print of one card are one card, and so is a parallel (issue 24
item 3): One Piece by the card id without its parallel suffix, from either source's shape;
Pokémon by the cross-language rule, on the real Japanese data when ../shared is there. Owned
copies and a deck's duplicates follow the identity."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from catalog.cards.views import owned_by_identity
from catalog.collections.owned import set_owned
from catalog.ingest.importer import import_files
from catalog.lookup import repository
from catalog.store.db import session_scope
from converters.registry import load_converter
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.codes import Code
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse
from tests.catalog.helpers import card_view
from tests.conftest import REALDATA, requires_shared
from tests.helpers.records import KID, LUFFY_EN, LUFFY_JA

#: the card list (bountycards) writes the same Luffy in its own shape
LUFFY_CARDLIST = {"card_name": "Monkey.D.Luffy", "card_number": "ST01-001", "rarity": "L",
                  "is_alternate_art": False, "card_type": "LEADER", "life": "5", "cost": "-",
                  "power": "5000", "counter": "-", "colors": ["Red"], "types": ["Supernovas"],
                  "image_url": "https://en.onepiece-cardgame.com/images/cardlist/card/ST01-001.png",
                  "effects": "[Activate: Main] [Once Per Turn] Give this Leader …",
                  "card_sets": "-Straw Hat Crew- [ST-01]", "image_name": "ST01-001"}  # fmt: skip
LUFFY_P1 = {**LUFFY_EN, "id": "ST01-001_p1"}


def digimon_record(number: str) -> dict[str, Any]:
    """The official list's per-pack record (names start with the card number)."""
    return {"card_no": number, "card_name": f"{number.split('_')[0]}アグモン", "card_type": "デジモン",
            "color": "赤", "level": 3, "cost": 3, "dp": 2000, "digivolve_cost1": 0,
            "effect": None, "inherited_effect": "【自分のターン】このデジモンのDP+1000。",
            "pack_name": "ブースターパック NEW EVOLUTION【BT-01】"}  # fmt: skip


def digimon_english(number: str) -> dict[str, Any]:
    """digimoncard.io's record of the same card (English)."""
    return {"name": "Agumon", "type": "Digimon", "cardnumber": number, "level": 3, "play_cost": 3,
            "dp": 2000, "color": "Red", "series": "Digimon Card Game",
            "source_effect": "[Your Turn] This Digimon gets +1000 DP."}  # fmt: skip


def fusion_record(code: str) -> dict[str, Any]:
    """The Fusion World card JSON's record."""
    return {"id": code, "code": code, "rarity": "C", "name": "Vados", "color": "Red",
            "cardType": "BATTLE", "cost": "1", "specifiedCost": "R", "power": "10000",
            "comboPower": "10000", "features": "Angel/Universe 6", "effect": "-",
            "set": {"id": "fb01", "name": "Awakened Pulse"}}  # fmt: skip


#: The Queen of set 9 in the official Japanese catalog, and in the English data set's yml
QUEEN_JA = {"name": "女王", "subtitle": "うぬぼれた支配者", "strength": 2, "willpower": 4,
            "quest_value": 1, "ink_cost": 3, "subtypes": ["ストーリーボーン", "ヴィラン"],
            "rules_text": "", "card_identifier": "1/204 JA 9", "card_sets": "9",
            "magic_ink_colors": ["アンバー"]}  # fmt: skip
QUEEN_YML = """\
- variants:
    - set: fab
      id: 1
      ravensburger:
        en: "1/204 EN 9"
        ja: "1/204 JA 9"
  lore: 1
  cost: 3
  inkwell: true
  attack: 2
  defence: 4
  type: glimmer
  classifications: ["storyborn", "villain", "queen"]
  languages:
    en:
      name: "The Queen"
      title: "Conceited Ruler"
"""


#: Lorcast's answer for set 9, number 1 (no print code, no Japanese name: the set number joins)
QUEEN_LORCAST = {"id": "crd_9_1", "name": "The Queen", "version": "Conceited Ruler", "cost": 3,
                 "inkwell": True, "ink": "Amber", "type": ["Character"], "strength": 2,
                 "willpower": 4, "lore": 1, "collector_number": "1", "lang": "en",
                 "set": {"id": "set_9", "code": "9", "name": "Fabled"}}  # fmt: skip


def punk_folder(root: Path, lang: str, records: list[dict[str, Any]]) -> Path:
    """punk-records' layout: `<lang>/packs.json` and `<lang>/cards/<pack>/<id>.json`."""
    folder = root / lang
    (folder / "cards" / "569001").mkdir(parents=True)
    (folder / "packs.json").write_text('{"569001": {"id": "569001"}}', "utf-8")
    for record in records:
        path = folder / "cards" / "569001" / f"{record['id']}.json"
        path.write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    return folder


def imported(engine: Engine, game: str, *paths: Path) -> None:
    report = import_files(engine, load_converter(game), paths)
    assert (report.failed, report.skipped) == (0, 0), report.failures


def codes(engine: Engine, deck: str) -> list[StrEnum]:
    with session_scope(engine) as session:
        report = validate_deck(parse(deck), CatalogResolver(session))
    return [v.code for v in (*report.violations, *report.warnings)]


def test_one_piece_prints_of_both_languages_and_a_parallel_are_one_card(
    engine: Engine, tmp_path: Path
) -> None:
    imported(engine, "onepiece", punk_folder(tmp_path, "japanese", [LUFFY_JA]))
    imported(engine, "onepiece", punk_folder(tmp_path, "english", [LUFFY_EN, LUFFY_P1, KID]))
    english = card_view(engine, "onepiece:ST01-001")
    assert card_view(engine, "onepiece:ja/ST01-001").identity == english.identity
    assert card_view(engine, "モンキー・D・ルフィ").identity == english.identity
    assert card_view(engine, "onepiece:ST01-001_p1").identity == english.identity
    with session_scope(engine) as session:
        printings = repository.printings(session=session, identity=english.identity)
    assert {(p.source_id, p.lang) for p in printings} == {
        ("ST01-001", "en"), ("ST01-001_p1", "en"), ("ja/ST01-001", "ja")}  # fmt: skip


def test_owned_copies_of_every_print_count_for_the_card(engine: Engine, tmp_path: Path) -> None:
    imported(engine, "onepiece", punk_folder(tmp_path, "english", [LUFFY_EN, LUFFY_P1]))
    imported(engine, "onepiece", punk_folder(tmp_path, "japanese", [LUFFY_JA]))
    with session_scope(engine) as session:
        for ref, copies in (("onepiece:ST01-001", 1), ("onepiece:ST01-001_p1", 2),
                            ("onepiece:ja/ST01-001", 3)):  # fmt: skip
            card = repository.get_card(session=session, card_ref=ref)
            set_owned(session=session, card_id=card.id, quantity=copies)
    with session_scope(engine) as session:
        assert owned_by_identity(session, ["onepiece:ST01-001"]) == {"onepiece:ST01-001": 6}
    assert card_view(engine, "onepiece:ja/ST01-001").owned == 6


def test_a_deck_with_the_english_and_the_japanese_print_holds_a_duplicate(
    engine: Engine, tmp_path: Path
) -> None:
    imported(engine, "onepiece", punk_folder(tmp_path, "english", [LUFFY_EN, KID]))
    imported(engine, "onepiece", punk_folder(tmp_path, "japanese", [LUFFY_JA]))
    two_prints = ("format: half\n[entry.library]\n1 onepiece Monkey.D.Luffy [ST01-001]\n"
                  "1 onepiece モンキー・D・ルフィ [ja/ST01-001]\n")  # fmt: skip
    assert Code.DUPLICATE_IN_HALF in codes(engine, two_prints)
    two_cards = ("format: half\n[entry.library]\n1 onepiece Monkey.D.Luffy [ST01-001]\n"
                 "1 onepiece Kid & Killer\n")  # fmt: skip
    assert Code.DUPLICATE_IN_HALF not in codes(engine, two_cards)


def test_the_card_list_and_punk_records_shapes_meet_as_one_card(
    engine: Engine, tmp_path: Path
) -> None:
    cardlist = tmp_path / "cards.json"
    cardlist.write_text(json.dumps([LUFFY_CARDLIST]), "utf-8")
    imported(engine, "onepiece", cardlist)
    imported(engine, "onepiece", punk_folder(tmp_path, "japanese", [LUFFY_JA]))
    imported(engine, "onepiece", punk_folder(tmp_path, "english", [LUFFY_EN]))
    with session_scope(engine) as session:
        found = repository.find_cards(session=session, game="onepiece")
    assert {card.identity for card in found} == {"onepiece:ST01-001"}
    assert len(found) == 2  # the same English print from two sources is one row


def test_a_japanese_print_is_found_by_its_bare_id_when_no_english_one_is_there(
    engine: Engine, tmp_path: Path
) -> None:
    imported(engine, "onepiece", punk_folder(tmp_path, "japanese", [LUFFY_JA]))
    with session_scope(engine) as session:
        (found,) = repository.find_cards(session=session, source_id="ST01-001")
    assert found.source_id == "ja/ST01-001"


@requires_shared
def test_real_japanese_base_set_pokemon_join_their_english_cards(engine: Engine) -> None:
    japanese = sorted((REALDATA / "pokemon-ja" / "v2" / "ja" / "cards").glob("PMCG1-*"))
    assert japanese
    imported(engine, "pokemon", *japanese)
    imported(engine, "pokemon", REALDATA / "pokemon" / "cards" / "en" / "base1.json")
    pikachu = card_view(engine, "pokemon:base1-58")
    assert card_view(engine, "ピカチュウ").identity == pikachu.identity
    with session_scope(engine) as session:
        cards = repository.find_cards(session=session, game="pokemon", limit=None)
    english = {card.identity for card in cards if card.lang == "en"}
    japanese_pokemon = [card for card in cards if card.lang == "ja" and card.card_type == "unit"]
    assert len(japanese_pokemon) == 69
    # every one joins its English card, a variable damage (Blastoise's 40+, which the Japanese
    # data leaves out) too; no two English cards were joined
    assert not [card.name for card in japanese_pokemon if card.identity not in english]
    assert len(english) == 102


# --- The new games: parallels and prints of one card, owned copies and duplicates -----------


@pytest.mark.parametrize(
    ("game", "files", "refs", "deck_lines"),
    [
        pytest.param(
            "digimon",
            {"BT-01_cards.json": [digimon_record("BT1-010"), digimon_record("BT1-010_P1")]},
            ("digimon:BT1-010", "digimon:BT1-010_P1"),
            ("1 digimon アグモン [BT1-010]", "1 digimon アグモン [BT1-010_P1]"),
            id="digimon: a parallel",
        ),
        pytest.param(
            "dbs-fusion-world",
            {"fb01.json": [fusion_record("FB01-003"), fusion_record("FB01-003-p1")]},
            ("dbs-fusion-world:FB01-003", "dbs-fusion-world:FB01-003-p1"),
            ("1 dbs-fusion-world Vados [FB01-003]", "1 dbs-fusion-world Vados [FB01-003-p1]"),
            id="fusion world: a parallel",
        ),
        pytest.param(
            "lorcana",
            {"catalog/ja/full.json": {"cards": {"all": [QUEEN_JA]}}, "data/fab.yml": QUEEN_YML},
            ("lorcana:9-1", "lorcana:9-1-ja"),
            ("1 lorcana The Queen - Conceited Ruler [9-1]", "1 lorcana 女王 [9-1-ja]"),
            id="lorcana: the Japanese catalog and the English data set",
        ),
        pytest.param(
            "lorcana",
            {"catalog/ja/full.json": {"cards": {"all": [QUEEN_JA]}}, "lorcast.json": [QUEEN_LORCAST]},
            ("lorcana:9-1", "lorcana:9-1-ja"),
            ("1 lorcana The Queen - Conceited Ruler [9-1]", "1 lorcana 女王 [9-1-ja]"),
            id="lorcana: the Japanese catalog and Lorcast, by set number alone",
        ),
    ],
)
def test_prints_of_a_new_game_are_one_card_for_copies_and_duplicates(
    engine: Engine, tmp_path: Path, game: str, files: dict[str, Any], refs: tuple[str, str],
    deck_lines: tuple[str, str],
) -> None:  # fmt: skip
    for name, content in files.items():
        path = tmp_path / "data" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        path.write_text(text, "utf-8")
    imported(engine, game, tmp_path / "data")
    first, second = (card_view(engine, ref) for ref in refs)
    assert first.identity == second.identity
    with session_scope(engine) as session:
        set_owned(session=session, card_id=first.id, quantity=1)
        set_owned(session=session, card_id=second.id, quantity=2)
    assert card_view(engine, refs[0]).owned == 3
    deck = "format: half\n[entry.library]\n" + "\n".join(deck_lines) + "\n"
    assert Code.DUPLICATE_IN_HALF in codes(engine, deck)


# --- Digimon: the English (digimoncard.io) and the Japanese (official list) prints ----------


def digimon_files(root: Path) -> tuple[Path, Path]:
    english = root / "en" / "cards.json"
    japanese = root / "ja" / "BT-01_cards.json"
    for path, records in ((english, [digimon_english("BT1-010")]),
                          (japanese, [digimon_record("BT1-010"), digimon_record("BT1-010_P1")])):  # fmt: skip
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(records, ensure_ascii=False), "utf-8")
    return english, japanese


@pytest.mark.parametrize("japanese_first", [False, True], ids=["english first", "japanese first"])
def test_digimon_prints_of_both_languages_keep_their_rows_and_are_one_card(
    engine: Engine, tmp_path: Path, japanese_first: bool
) -> None:
    english, japanese = digimon_files(tmp_path)
    for path in (japanese, english) if japanese_first else (english, japanese):
        imported(engine, "digimon", path)
    with session_scope(engine) as session:
        found = repository.find_cards(session=session, game="digimon")
    assert {(card.source_id, card.lang, card.name) for card in found} == {
        ("BT1-010", "en", "Agumon"), ("ja/BT1-010", "ja", "アグモン"),
        ("ja/BT1-010_P1", "ja", "アグモン")}  # fmt: skip
    assert {card.identity for card in found} == {"digimon:BT1-010"}
    english_card = card_view(engine, "digimon:BT1-010")
    assert english_card.name == "Agumon"  # the bare number is the English print's own id
    assert "+1000 DP" in english_card.text
    assert "DP+1000" in card_view(engine, "digimon:ja/BT1-010").text


def test_owned_copies_of_both_languages_add_up_and_a_deck_holds_a_duplicate(
    engine: Engine, tmp_path: Path
) -> None:
    for path in digimon_files(tmp_path):
        imported(engine, "digimon", path)
    rows = set()
    with session_scope(engine) as session:
        for ref, copies in (("digimon:BT1-010", 1), ("digimon:ja/BT1-010", 2),
                            ("digimon:ja/BT1-010_P1", 4)):  # fmt: skip
            card = repository.get_card(session=session, card_ref=ref)
            set_owned(session=session, card_id=card.id, quantity=copies)
            rows.add((card.id, card.source_id))
    assert len(rows) == 3  # three prints, three rows
    with session_scope(engine) as session:
        assert owned_by_identity(session, ["digimon:BT1-010"]) == {"digimon:BT1-010": 7}
    assert card_view(engine, "digimon:ja/BT1-010").owned == 7
    deck = ("format: half\n[entry.library]\n1 digimon Agumon [BT1-010]\n"
            "1 digimon アグモン [ja/BT1-010]\n")  # fmt: skip
    assert Code.DUPLICATE_IN_HALF in codes(engine, deck)


def test_a_japanese_digimon_print_is_found_by_its_bare_number_alone(
    engine: Engine, tmp_path: Path
) -> None:
    imported(engine, "digimon", digimon_files(tmp_path)[1])
    with session_scope(engine) as session:
        (found,) = repository.find_cards(session=session, source_id="BT1-010")
    assert found.source_id == "ja/BT1-010"
