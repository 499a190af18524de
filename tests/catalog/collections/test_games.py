"""A collection file is one game unless its rows say otherwise (issue 12 item 4): Dragon
Shield's Yu-Gi-Oh! export, `--game` for every format, files of any game told by their cards,
and rows that never land on another game's card."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.collections.games import sniffed_game, told_game
from catalog.collections.reader import ReadOptions, read_collection
from catalog.collections.service import import_collection
from catalog.ingest.importer import import_cards
from converters.base import CardType
from converters.game_names import parse_game
from tests.catalog.helpers import card

from .owned_helpers import owned_state

WriteFile = Callable[..., Path]

#: Dragon Shield's Yu-Gi-Oh! export: its sep= line, a Rarity column, print codes as numbers
DRAGON_SHIELD_YGO = (
    '"sep=,"\r\n'
    "Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Rarity,"
    "Condition,Printing,Language,Price Bought,Date Bought,LOW,MID,MARKET\r\n"
    "Binder,1,0,Into the Void,LOB,Legend of Blue Eyes White Dragon,LOB-EN038,Common,NearMint,"
    "1st Edition,English,0.10,2026-01-02,0.05,0.10,0.20\r\n"
    'Binder,2,0,"Blue-Eyes White Dragon",LOB,Legend of Blue Eyes White Dragon,LOB-EN001,'
    "Ultra Rare,Played,Unlimited,English,,,,,\r\n"
    "Binder,1,0,Mind Control,SDP,Starter Deck: Pegasus,SDP-041,Common,NearMint,1st Edition,"
    "English,,,,,\r\n"
)


def test_dragon_shield_yugioh_export_is_read_as_yugioh(write_file: WriteFile) -> None:
    parsed = read_collection(write_file(DRAGON_SHIELD_YGO))
    assert (parsed.format_id, parsed.game) == ("dragonshield", "yugioh")
    assert [(r.line, r.name, r.game, r.collector_number) for r in parsed.rows] == [
        (3, "Into the Void", "yugioh", "LOB-EN038"),
        (4, "Blue-Eyes White Dragon", "yugioh", "LOB-EN001"),
        (5, "Mind Control", "yugioh", "SDP-041"),
    ]


def test_dragon_shield_yugioh_rows_land_on_yugioh_cards(
    engine: Engine, write_file: WriteFile
) -> None:
    report = import_collection(engine, write_file(DRAGON_SHIELD_YGO))
    assert report.unresolved == []
    assert {(game, source_id) for game, source_id, *_ in owned_state(engine)} == {
        ("yugioh", "93671934"), ("yugioh", "89631139"), ("yugioh", "37520316"),
    }  # fmt: skip


def test_the_game_option_wins_for_dragon_shield_too(write_file: WriteFile) -> None:
    mtg_rows = DRAGON_SHIELD_YGO.replace("LOB-EN038", "61").replace("LOB-EN001", "1")
    assert read_collection(write_file(mtg_rows)).game == "mtg"  # two rows of three look MTG
    assert read_collection(write_file(mtg_rows), ReadOptions(game="yugioh")).game == "yugioh"
    assert read_collection(write_file(DRAGON_SHIELD_YGO), ReadOptions(game="mtg")).game == "mtg"


def test_an_mtg_file_never_lands_on_another_games_card(
    engine: Engine, write_file: WriteFile
) -> None:
    """A Moxfield-like file with no Moxfield fingerprint (read as generic): its cards are MTG,
    so `Mind Control` (in the catalog only as a Yu-Gi-Oh! card) and `Gust of Wind` (only as
    a Pokémon card) stay unresolved, saying which game they are."""
    mtg = ["Lightning Bolt", "Counterspell", "Fire // Ice", "Zur's Weirding", "Plains",
           "Chandra, Torch of Defiance", "Arcane Signet", "Orcish Bowmasters", "Recycle"]
    text = "Count,Name,Edition\n" + "".join(f'1,"{name}",\n' for name in mtg) + \
           "1,Into the Void,m19\n1,Mind Control,m10\n2,Gust of Wind,mir\n"
    report = import_collection(engine, write_file(text))
    assert (report.format_id, report.game, report.game_told) == ("generic", "mtg", True)
    assert [(r.row.name, r.reason) for r in report.unresolved] == [
        ("Mind Control", "'Mind Control' is a card of yugioh, not of mtg (the game of this "
         "file; --game names another)"),
        ("Gust of Wind", "'Gust of Wind' is a card of pokemon, not of mtg (the game of this "
         "file; --game names another)"),
    ]  # fmt: skip
    assert {game for game, *_ in owned_state(engine)} == {"mtg"}


def test_a_row_that_says_its_game_keeps_it(engine: Engine, write_file: WriteFile) -> None:
    """TCGplayer's seller export names each row's game (`Product Line`); a row's source id or
    set and number may also find another game's card in a file of mostly MTG cards."""
    text = ("Product Line,Product Name,Total Quantity,Number\nMagic,Lightning Bolt,4,146\n"
            "Magic,Counterspell,1,267\nYuGiOh,Mind Control,1,SDP-041\n"
            "Pokemon,Gust of Wind,2,93/102\n")  # fmt: skip
    report = import_collection(engine, write_file(text))
    assert report.unresolved == []
    games = sorted({(game, source_id) for game, source_id, *_ in owned_state(engine)})
    assert ("yugioh", "37520316") in games
    assert ("pokemon", "base1-93") in games


def test_a_mixed_file_without_a_majority_is_not_given_a_game(
    engine: Engine, write_file: WriteFile
) -> None:
    text = "Quantity,Name\n1,Lightning Bolt\n1,Blue-Eyes White Dragon\n1,Charizard\n"
    report = import_collection(engine, write_file(text))
    assert (report.game, report.resolved) == (None, 3)


@pytest.mark.parametrize(
    ("cell", "game"),
    [("Magic", "mtg"), ("Magic: The Gathering", "mtg"), ("YuGiOh", "yugioh"),
     ("Yu-Gi-Oh!", "yugioh"), ("Pokémon", "pokemon"), ("ポケモン", "pokemon"),
     ("遊戯王", "yugioh"), ("mtg", "mtg"), ("", None), ("Lorcana TCG", "lorcana"),
     ("Digimon Card Game", "digimon"), ("Dragon Ball Super: Fusion World", "dbs-fusion-world"),
     ("One Piece Card Game", "onepiece"), ("Flesh and Blood TCG", None)],
)  # fmt: skip
def test_game_cells(cell: str, game: str | None) -> None:
    assert parse_game(cell) == game


def test_sniffing_and_telling() -> None:
    ygo = [("LOB-EN001", "Ultra Rare", "1st Edition"), ("SDK-001", "", "")]
    assert sniffed_game(ygo, ("yugioh", "pokemon"), "mtg") == "yugioh"
    assert sniffed_game([("4/102", "", "")], ("yugioh", "pokemon"), "mtg") == "pokemon"
    assert sniffed_game([("146", "", "Foil")], ("yugioh", "pokemon"), "mtg") == "mtg"
    assert sniffed_game([], ("yugioh",), "mtg") == "mtg"
    assert told_game(["mtg"] * 9 + ["pokemon"]) == "mtg"
    assert told_game(["mtg"] * 6 + ["pokemon"] * 4) is None


def test_a_tcgplayer_pokemon_export_is_told_by_its_cards(
    engine: Engine, write_file: WriteFile
) -> None:
    """The TCGplayer app exports every game in one shape: a file of Pokémon cards is Pokémon,
    so `Recycle` (an MTG and a Pokémon card) is the Pokémon one even with TCGplayer's own set
    code and number."""
    text = ("Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,"
            "Rarity,Product ID,SKU\r\n"
            "2,Charizard,Charizard,Base Set,4/102,BS,Holofoil,Lightly Played,English,Holo Rare,"
            "1,2\r\n"
            "1,Gust of Wind,Gust of Wind,Base Set,93/102,BS,Normal,Near Mint,English,Common,3,4\r\n"
            "1,Recycle,Recycle,Fossil,61/62,FO,Normal,Near Mint,English,Common,5,6\r\n"
            "1,Recycle,Recycle,Fossil,99/62,FO,Normal,Near Mint,English,Common,7,8\r\n")  # fmt: skip
    report = import_collection(engine, write_file(text))
    assert (report.format_id, report.game, report.game_told) == ("tcgplayer", "pokemon", True)
    assert report.unresolved == []
    assert {(game, source_id) for game, source_id, *_ in owned_state(engine)} == {
        ("pokemon", "base1-4"), ("pokemon", "base1-93"), ("pokemon", "fossil-61"),
    }  # fmt: skip


def test_a_tcgplayer_export_of_the_new_games_lands_on_their_cards(
    engine: Engine, write_file: WriteFile
) -> None:
    """The TCGplayer app exports Lorcana, Digimon, One Piece and Fusion World in its one shape;
    each row's `Product Line` names its game."""
    import_cards(engine, [
        card("1/204-en", "Ariel - On Human Legs", 4, CardType.UNIT, game="lorcana"),
        card("BT1-010", "Agumon", 3, CardType.UNIT, game="digimon"),
        card("OP01-016", "Nami", 1, CardType.UNIT, game="onepiece"),
        card("FB01-002", "Whis", 1, CardType.UNIT, game="dbs-fusion-world"),
    ], source="test")  # fmt: skip
    text = ("Product Line,Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,"
            "Condition,Language,Rarity,Product ID,SKU\r\n"
            "Lorcana TCG,4,Ariel - On Human Legs,Ariel - On Human Legs,The First Chapter,1/204,"
            "TFC,Normal,Near Mint,English,Rare,1,2\r\n"
            "Digimon Card Game,3,Agumon,Agumon,Release Special Booster,BT1-010,BT01,Normal,"
            "Near Mint,English,Common,3,4\r\n"
            "One Piece Card Game,2,Nami,Nami,Romance Dawn,OP01-016,OP01,Normal,Near Mint,"
            "English,Rare,5,6\r\n"
            "Dragon Ball Super: Fusion World,1,Whis,Whis,Awakened Pulse,FB01-002,FB01,Normal,"
            "Near Mint,English,Common,7,8\r\n")  # fmt: skip
    report = import_collection(engine, write_file(text))
    assert report.format_id == "tcgplayer"
    assert report.unresolved == []
    owned = {(game, source_id) for game, source_id, *_ in owned_state(engine)}
    assert owned == {("lorcana", "1/204-en"), ("digimon", "BT1-010"), ("onepiece", "OP01-016"),
                     ("dbs-fusion-world", "FB01-002")}  # fmt: skip
