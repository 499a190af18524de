"""Issue 12's scenario end to end, on SQLite and PostgreSQL: a new user on a fresh catalog
(the starter cards) imports a Moxfield collection, overrides a starter card and saves decks;
then real Scryfall and YGOPRODeck files arrive (our own files, in the sources' shapes). Every
starter card name still resolves to one card, owned copies and the override still count, the
starter records gave way to the real ones, both Dark Magician passcodes are one card, and
decks written by name or drafted from a `.ydk` resolve."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path

import pytest
from sqlalchemy import Engine, select
from typer.testing import CliRunner

from catalog.collections.owned import set_owned
from catalog.collections.service import import_collection
from catalog.ingest.importer import import_files
from catalog.lookup import repository
from catalog.schema.models import CARD
from catalog.store.db import session_scope
from converters.registry import load_converter
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.codes import Code
from deckbuilder.importer import draft_text, import_decklist, read_foreign
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse
from tests.catalog.helpers import card_view
from tui.cli import app

DATA = Path(__file__).parent / "data" / "identity"
#: the invented Scryfall id of the starter's English Lightning Bolt (catalog/ingest/starter/mtg.json)
STARTER_BOLT = "c0b8082c-97f0-5f61-8027-4f5015e4827a"
REAL_BOLT_M10 = "e3285e6b-3e79-4d7c-bf96-d920f973b80c"

NAMED_DECK = """\
name: By name
format: half

[life]
1 mtg Glorious Anthem
1 yugioh Call of the Haunted
1 mtg Bad Moon

[entry.library]
1 mtg Lightning Bolt
1 mtg 稲妻
1 mtg Counterspell
1 mtg Grizzly Bears
1 mtg Fire // Ice
1 yugioh Dark Magician
1 yugioh ブラック・マジシャン
1 yugioh Pot of Greed
1 yugioh Blue-Eyes White Dragon
1 pokemon Pikachu
1 pokemon ピカチュウ
"""




def starter_names(engine: Engine) -> set[tuple[str, str]]:
    with engine.connect() as connection:
        query = select(CARD.c.game, CARD.c.name, CARD.c.name_ja).where(CARD.c.starter)
        return {
            (game, name)
            for game, english, japanese in connection.execute(query)
            for name in (english, japanese)
            if name
        }


def import_real(engine: Engine) -> None:
    for game, file in (("mtg", "scryfall_cards.json"), ("yugioh", "ygoprodeck_cards.json")):
        report = import_files(engine, load_converter(game), [DATA / file])
        assert report.failed == 0, report.failures


def validate(engine: Engine, text: str) -> list[StrEnum]:
    with session_scope(engine) as session:
        report = validate_deck(parse(text), CatalogResolver(session))
    return [v.code for v in (*report.violations, *report.warnings)]


def test_a_new_users_collection_override_and_decks_survive_real_imports(fresh: Engine) -> None:
    names = starter_names(fresh)
    import_collection(fresh, DATA / "moxfield.csv")
    with session_scope(fresh) as session:
        repository.set_override(session=session, card_ref="mtg:Lightning Bolt", grade=3,
                                reason="house rule")  # fmt: skip
        repository.save_deck(session=session, name="by id", format="half",
                             text=f"[pool]\n2 mtg Lightning Bolt [{STARTER_BOLT}]\n")  # fmt: skip
    before = card_view(fresh, "Lightning Bolt")
    assert (before.source_id, before.owned, before.grade) == (STARTER_BOLT, 6, 3)
    named_before = validate(fresh, NAMED_DECK)

    import_real(fresh)

    for game, name in sorted(names):  # every starter name still means one card
        assert card_view(fresh, f"{game}:{name}").game == game
    bolt = card_view(fresh, "Lightning Bolt")
    assert bolt.source_id == REAL_BOLT_M10  # the real record took the starter's place
    assert (bolt.owned, bolt.grade, bolt.override is not None) == (6, 3, True)
    assert card_view(fresh, "稲妻").identity == bolt.identity
    assert card_view(fresh, "Counterspell").owned == 3
    with session_scope(fresh) as session:
        printings = repository.printings(session=session, identity=bolt.identity)
        saved = repository.get_deck(session=session, name="by id")
        by_starter_id = repository.find_cards(session=session, source_id=STARTER_BOLT)
    assert STARTER_BOLT not in {p.source_id for p in printings}
    assert {p.lang for p in printings} == {"en", "ja"}
    assert [c.source_id for c in by_starter_id] == [REAL_BOLT_M10]  # saved decks still resolve
    assert Code.UNKNOWN_CARD not in validate(fresh, saved.text)
    assert validate(fresh, NAMED_DECK) == named_before
    assert Code.UNKNOWN_CARD not in named_before


def test_both_dark_magician_passcodes_are_one_card(fresh: Engine) -> None:
    import_real(fresh)
    main, alternate = card_view(fresh, "yugioh:46986414"), card_view(fresh, "yugioh:36996508")
    assert main.id == alternate.id
    assert card_view(fresh, "ブラック・マジシャン").id == main.id  # the starter's Japanese name stays
    half = (
        "format: half\n[entry.library]\n"
        "1 yugioh Dark Magician [46986414]\n1 yugioh Dark Magician [36996508]\n"
    )
    assert Code.DUPLICATE_IN_HALF in validate(fresh, half)


def test_a_ydk_draft_keeps_its_passcodes_and_resolves(fresh: Engine) -> None:
    ydk = "#created by test\n#main\n36996508\n55144522\n89631139\n#extra\n!side\n"
    before = import_decklist(fresh, read_foreign(ydk, "ydk"))
    import_real(fresh)
    after = import_decklist(fresh, read_foreign(ydk, "ydk"))
    for result in (before, after):
        assert result.unresolved == []
        assert "[36996508]" in draft_text(result)
        assert Code.UNKNOWN_CARD not in validate(fresh, draft_text(result))


def test_show_lightning_bolt_after_a_scryfall_import(tmp_path: Path) -> None:
    path = str(tmp_path / "catalog.sqlite3")
    runner = CliRunner()
    assert runner.invoke(app, ["show", "Lightning Bolt", "--db", path]).exit_code == 0
    imported = runner.invoke(app, ["import", "mtg", str(DATA / "scryfall_cards.json"), "--db", path])
    assert imported.exit_code == 0, imported.output
    shown = runner.invoke(app, ["show", "Lightning Bolt", "--json", "--db", path])
    assert shown.exit_code == 0, shown.output
    assert REAL_BOLT_M10 in shown.stdout


def test_starter_records_never_replace_real_ones(engine: Engine) -> None:
    """A catalog that got real data first (`TWGP_NO_STARTER`), then the starter files."""
    import_real(engine)
    from catalog.ingest.starter import load_starter_cards

    load_starter_cards(engine)
    with session_scope(engine) as session:
        bolts = repository.find_cards(session=session, game="mtg", name="Lightning Bolt")
        magician = repository.find_cards(session=session, game="yugioh", source_id="46986414")
    assert STARTER_BOLT not in {c.source_id for c in bolts}
    assert len({c.identity for c in bolts}) == 1
    assert magician[0].name_ja == "ブラック・マジシャン"  # the starter's Japanese name is kept
    assert card_view(engine, "yugioh:36996508").id == magician[0].id  # its alias too


#: per starter game with a real source: (game, the starter card, the real records)
REAL_RECORDS = [
    pytest.param("mtg", f"mtg:{STARTER_BOLT}", [
        {"object": "card", "id": REAL_BOLT_M10, "oracle_id": "4457ed35-7c10-48c8-9776-456485fdf070",
         "name": "Lightning Bolt", "lang": "en", "layout": "normal", "mana_cost": "{R}",
         "cmc": 1.0, "type_line": "Instant", "set": "m10", "collector_number": "146",
         "oracle_text": "Lightning Bolt deals 3 damage to any target."}], id="mtg (Scryfall)"),
    pytest.param("yugioh", "yugioh:55144522", {"data": [
        {"id": 55144522, "name": "Pot of Greed", "type": "Spell Card", "frameType": "spell",
         "desc": "Draw 2 cards.", "race": "Normal", "card_images": [{"id": 55144522}]}]},
        id="yugioh (YGOPRODeck)"),
    pytest.param("pokemon", "pokemon:base1-58", [
        {"id": "base1-58", "name": "Pikachu", "supertype": "Pokémon", "subtypes": ["Basic"],
         "hp": "40", "types": ["Lightning"], "nationalPokedexNumbers": [25], "number": "58",
         "rarity": "Common", "attacks": [
             {"name": "Gnaw", "cost": ["Colorless"], "damage": "10", "text": ""},
             {"name": "Thunder Jolt", "cost": ["Lightning", "Colorless"], "damage": "30",
              "text": "Flip a coin. If tails, Pikachu does 10 damage to itself."}]}],
        id="pokemon (pokemontcg.io)"),
    pytest.param("pokemon", "pokemon:base1-58", [
        {"category": "Pokemon", "id": "base1-58", "localId": "58", "name": "Pikachu", "hp": 40,
         "types": ["Lightning"], "stage": "Basic", "rarity": "Common",
         "image": "https://assets.tcgdex.net/en/base/base1/58",
         "set": {"id": "base1", "name": "Base Set"},
         "attacks": [{"cost": ["Colorless"], "name": "Gnaw", "damage": 10},
                     {"cost": ["Lightning", "Colorless"], "name": "Thunder Jolt", "damage": 30}]}],
        id="pokemon (TCGdex)"),
    pytest.param("ws", "ws:AOT/S35-E001", [
        {"name": "\"Beyond the Walls\" Eren", "code": "AOT/S35-E001", "rarity": "RRR",
         "expansion": "Attack on Titan", "side": "S", "type": "Character", "color": "YELLOW",
         "level": "0", "cost": "0", "power": "1000", "soul": 1, "trigger": [],
         "attributes": ["Corps", "Weapon"],
         "ability": ["【CONT】 During your turn, your other character in the middle position of "
                     "the center stage gets +1000 power."]}], id="ws (ENG-DB)"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "ref", "records"), REAL_RECORDS)
def test_each_starter_game_gives_way_to_its_real_source(
    fresh: Engine, tmp_path: Path, game: str, ref: str, records: object
) -> None:
    starter = card_view(fresh, ref)
    with session_scope(fresh) as session:
        set_owned(session=session, card_id=starter.id, quantity=2)
        repository.set_override(session=session, card_ref=ref, grade=9)
    path = tmp_path / "real.json"
    path.write_text(json.dumps(records, ensure_ascii=False), "utf-8")
    assert import_files(fresh, load_converter(game), [path]).failed == 0
    real = card_view(fresh, f"{game}:{starter.name}")
    assert (real.identity, real.owned, real.grade) == (starter.identity, 2, 9)
    assert card_view(fresh, ref).id == real.id  # the starter's id still names it
    with fresh.connect() as connection:
        left = connection.execute(
            select(CARD.c.id).where(CARD.c.identity == starter.identity, CARD.c.starter,
                                    CARD.c.lang.is_(None) | (CARD.c.lang == "en"))
        ).all()  # fmt: skip
    assert left == []  # no starter record of that card and language shows any more


def test_two_records_sharing_a_passcode_are_one_card(engine: Engine, tmp_path: Path) -> None:
    """A record keyed by the alternate passcode (another capture) meets the main record."""
    alternate = {"id": 36996508, "name": "Dark Magician", "type": "Normal Monster",
                 "frameType": "normal", "atk": 2500, "def": 2100, "level": 7,
                 "race": "Spellcaster", "attribute": "DARK", "desc": "The ultimate wizard.",
                 "card_images": [{"id": 36996508}]}  # fmt: skip
    path = tmp_path / "alternate.json"
    path.write_text(json.dumps({"data": [alternate]}), "utf-8")
    import_files(engine, load_converter("yugioh"), [path])
    import_real(engine)
    with session_scope(engine) as session:
        found = repository.find_cards(session=session, game="yugioh", name="Dark Magician")
    assert len(found) == 2
    assert len({c.identity for c in found}) == 1
    assert card_view(engine, "Dark Magician").game == "yugioh"
