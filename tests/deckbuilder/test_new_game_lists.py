"""Decklists of Lorcana, Digimon, One Piece and Fusion World as their players share them (issue
24 item 4): told apart by `--from auto`, the game told by the card codes, resolved in a catalog
and drafted as a TWGP deck that validates with every card known."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.ingest.importer import import_cards, import_files
from catalog.store.db import open_engine, session_scope
from converters.base import CardType
from converters.registry import load_converter
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.codes import Code
from deckbuilder.decklists.cardcodes import game_of
from deckbuilder.decklists.detect import detect
from deckbuilder.importer import draft_text, import_decklist, read_foreign
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse
from tests.catalog.helpers import card
from tests.conftest import REALDATA, requires_shared

#: Dreamborn's export (Inktable writes the same): `N Name - Version`, songs by name
DREAMBORN = """\
4 Ariel - On Human Legs
4 Stitch - Rock Star
2 Part of Your World
3 Dinglehopper
"""
#: a Digimon list as deck sites and simulators share it, the Digi-Egg deck first
DIGIMON = """\
// Digi-Egg Deck
4 Koromon ST1-01

// Main Deck
4 Agumon BT1-010
4x BT1-011
2 (BT1-084)
"""
#: OPTCGSim / egman: the leader first, `NxCODE`
OPTCGSIM = "1xST01-001\n4xST01-006\n4xOP01-016_p1\n"
#: the same builders for Fusion World
FUSION_WORLD = "1xFS01-01\n4xFS01-02\n4xFB01-001-p1\n"

CATALOG = [
    card("1/204-en", "Ariel - On Human Legs", 4, CardType.UNIT, game="lorcana"),
    card("8/204-en", "Stitch – Rock Star", 6, CardType.UNIT, game="lorcana"),
    card("27/204-en", "Part of Your World", 3, CardType.CHARGE_EFFECT, game="lorcana"),
    card("33/204-en", "Dinglehopper", 1, CardType.LIFE_COUNTER, game="lorcana"),
    card("ST1-01", "コロモン", 2, CardType.UNIT, game="digimon", name_ja="コロモン"),
    card("BT1-010", "アグモン", 3, CardType.UNIT, game="digimon", name_ja="アグモン"),
    card("BT1-011", "ガブモン", 3, CardType.UNIT, game="digimon", name_ja="ガブモン"),
    card("BT1-084", "ガルルモン", 5, CardType.UNIT, game="digimon", name_ja="ガルルモン"),
    card("ST01-001", "Monkey.D.Luffy", 5, CardType.UNIT, game="onepiece"),
    card("ST01-006", "Tony Tony.Chopper", 1, CardType.UNIT, game="onepiece"),
    card("OP01-016", "Nami", 1, CardType.UNIT, game="onepiece"),
    card("FS01-01", "Son Goku", None, None, game="dbs-fusion-world"),
    card("FS01-02", "Whis", 1, CardType.UNIT, game="dbs-fusion-world"),
    card("FB01-001", "Son Goku", None, None, game="dbs-fusion-world", identity="dbs:fb01-001"),
]


@pytest.fixture
def catalog(tmp_path: Path) -> Iterator[Engine]:
    engine = open_engine(str(tmp_path / "catalog.sqlite3"), load_starter=False)
    import_cards(engine, CATALOG, source="test")
    yield engine
    engine.dispose()


@pytest.mark.parametrize(
    ("text", "format_id", "game", "copies"),
    [
        pytest.param(DREAMBORN, "lorcana", "lorcana", 13, id="lorcana"),
        pytest.param(DIGIMON, "digimon", "digimon", 14, id="digimon"),
        pytest.param(OPTCGSIM, "optcg", "onepiece", 9, id="one piece"),
        pytest.param(FUSION_WORLD, "optcg", "dbs-fusion-world", 9, id="fusion world"),
    ],
)
def test_a_list_of_each_game_is_detected_resolved_and_validates(
    catalog: Engine, text: str, format_id: str, game: str, copies: int
) -> None:
    assert detect(text) == format_id
    foreign = read_foreign(text, "auto")
    assert foreign.format_id == format_id
    result = import_decklist(catalog, foreign)
    assert result.game == game
    assert result.unresolved == []
    assert result.copies == copies
    draft = draft_text(result)
    assert parse(draft) == result.deck
    with session_scope(catalog) as session:
        report = validate_deck(parse(draft), CatalogResolver(session))
    assert Code.UNKNOWN_CARD not in [v.code for v in (*report.violations, *report.warnings)]


def test_code_lines_in_every_shape() -> None:
    deck = read_foreign(DIGIMON, "digimon")
    assert [(line.qty, line.name, line.source_id) for line in deck.lines] == [
        (4, "Koromon", "ST1-01"), (4, "Agumon", "BT1-010"), (4, "", "BT1-011"),
        (2, "", "BT1-084")]  # fmt: skip
    assert deck.notes == []  # comments are not reported
    loose = read_foreign("Leader\n1x op01-001\n4 x OP01-016\nDON!! x10\n", "optcg")
    assert [line.source_id for line in loose.lines] == ["OP01-001", "OP01-016"]
    assert [note.split(":")[0] for note in loose.notes] == ["line 1", "line 4"]


@pytest.mark.parametrize(
    ("codes", "game"),
    [
        pytest.param(["OP01-016", "ST01-001", "EB01-001"], "onepiece", id="one piece"),
        pytest.param(["FB01-001", "FS01-01", "SB01-001"], "dbs-fusion-world", id="fusion world"),
        pytest.param(["BT1-010", "ST1-01", "EX1-001", "BT10-001"], "digimon", id="digimon"),
        pytest.param(["ST10-001", "ST10-01"], None, id="one of each: a tie"),
        pytest.param(["P-001", "OP01-016"], "onepiece", id="a shared promo code follows the rest"),
        pytest.param(["XY-1"], None, id="no game"),
    ],
)
def test_the_game_is_told_by_the_codes(codes: list[str], game: str | None) -> None:
    assert game_of(codes) == game


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("4 Lightning Bolt\n20 Mountain\n", id="plain mtg"),
        pytest.param("4 Lightning Bolt (M11) 149\n", id="arena line"),
        pytest.param("4 Ariel - On Human Legs\n20 Mountain\n16 Island\n", id="one dash in three"),
    ],
)
def test_other_lists_are_not_taken_for_the_new_games(text: str) -> None:
    assert detect(text) == "plain"


def test_an_explicit_game_wins_over_the_codes(catalog: Engine) -> None:
    result = import_decklist(catalog, read_foreign(OPTCGSIM, "optcg"), game="onepiece")
    assert result.game == "onepiece"


@requires_shared
def test_real_data_decklists_of_each_new_game_import_and_validate(tmp_path: Path) -> None:
    """The acceptance's "a decklist of each new game imports and validates as a TWGP deck",
    on catalogs of the real developer sample (their converters, their folders as they are)."""
    engine = open_engine(str(tmp_path / "real.sqlite3"), load_starter=False)
    folders = {"lorcana": "lorcana/data", "digimon": "digimon",
               "dbs-fusion-world": "dbs-fusion-world", "onepiece": "one-piece-punk-records"}  # fmt: skip
    for game, folder in folders.items():
        report = import_files(engine, load_converter(game), [REALDATA / folder])
        assert report.failed == 0, report.failures[:3]
    lists = {
        "lorcana": "4 The Queen - Conceited Ruler\n4 Beast – Gracious Prince\n2 Circle of Life\n"
                   "2 The Magic Feather\n",
        "digimon": "4 Koromon ST1-01\n4 ST1-02\n4x BT1-010\n2 (BT1-084)\n",
        "onepiece": "1xST01-001\n4xST01-006\n4xOP01-016_p1\n",
        "dbs-fusion-world": "1xFS01-01\n4xFS01-02\n4xFB01-001-p1\n",
    }
    for game, text in lists.items():
        result = import_decklist(engine, read_foreign(text, "auto"))
        assert (result.game, result.unresolved) == (game, []), game
        with session_scope(engine) as session:
            validation = validate_deck(parse(draft_text(result)), CatalogResolver(session))
        assert Code.UNKNOWN_CARD not in [v.code for v in validation.violations], game
    engine.dispose()
