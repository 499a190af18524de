"""Data that is not what it claims: another game's records are refused naming the likely game,
before anything is stored; every game's own records pass; out-of-range stats get no grade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalog.ingest.conversion import Outcome, convert_files
from catalog.ingest.game_check import WrongGameError
from catalog.ingest.importer import import_files
from catalog.store.db import open_engine
from converters.errors import InputFormatError
from converters.registry import load_converter
from tests.catalog.helpers import count_rows
from tests.conftest import REALDATA, requires_shared

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"
OWN_EXAMPLES = {
    "mtg": "mtg.json", "yugioh": "yugioh.json", "pokemon": "pokemon.json", "ws": "ws.csv",
    "onepiece": "onepiece.json", "dm": "dm.csv", "dqbr": "dqbr.csv", "dinoking": "dinoking.csv",
    "liveon": "liveon.csv", "2chtcg": "2chtcg.csv", "eternalvoice": "eternalvoice.csv",
    "darkside": "darkside.csv", "generic": "generic.csv", "lorcana": "lorcana.json",
    "digimon": "digimon.json", "dbs-fusion-world": "dbs-fusion-world.json",
}  # fmt: skip


def outcomes(game: str, path: Path) -> list[Outcome]:
    return list(convert_files(load_converter(game), [path]))


@pytest.mark.parametrize(("game", "file"), OWN_EXAMPLES.items())
def test_every_game_reads_its_own_examples(game: str, file: str) -> None:
    assert outcomes(game, EXAMPLES / file)


@pytest.mark.parametrize(
    ("game", "file", "likely"),
    [
        ("mtg", "pokemon.json", "Pokémon TCG"),
        ("yugioh", "mtg.json", "Magic: The Gathering"),
        ("ws", "mtg.json", "Magic: The Gathering"),
        ("pokemon", "yugioh.json", "Yu-Gi-Oh!"),
        ("mtg", "dm.csv", "Duel Masters"),
        ("onepiece", "pokemon.json", "Pokémon TCG"),
        ("dqbr", "yugioh.json", "Yu-Gi-Oh!"),
    ],
)
def test_another_games_records_are_refused_naming_it(game: str, file: str, likely: str) -> None:
    with pytest.raises(WrongGameError) as caught:
        outcomes(game, EXAMPLES / file)
    assert f"these look like {likely} records, not {load_converter(game).display_name}" in (
        caught.value.message
    )
    assert "nothing was stored" in caught.value.hint
    assert caught.value.exit_code == 2


def test_nothing_is_stored_from_a_refused_file(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "c.sqlite3"), load_starter=False)
    try:
        with pytest.raises(WrongGameError):
            import_files(engine, load_converter("ws"), [EXAMPLES / "mtg.json"], batch_size=2)
        assert count_rows(engine) == 0
    finally:
        engine.dispose()


def test_rows_that_are_no_game_at_all_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.csv"
    path.write_text("todo,when\n" + "".join(f"buy milk {i},monday\n" for i in range(12)))
    with pytest.raises(WrongGameError, match="these are not Magic: The Gathering records"):
        outcomes("mtg", path)


def test_a_few_broken_records_are_listed_not_refused(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text('[{"id": 5, "type": "Spell Card"}, 7]', encoding="utf-8")
    assert [o.failed is not None for o in outcomes("yugioh", path)] == [True, True]


def test_a_table_game_with_house_kind_words_is_not_refused(tmp_path: Path) -> None:
    path = tmp_path / "house.csv"
    path.write_text("name,kind,hp\n" + "".join(f"Slime {i},ぷるぷる,481\n" for i in range(20)),
                    encoding="utf-8")  # fmt: skip
    converted = outcomes("dqbr", path)
    assert len(converted) == 20
    assert all(o.card is not None and o.card.card_type.value is None for o in converted)


def test_a_refusal_comes_before_a_fault_later_in_the_file(tmp_path: Path) -> None:
    records = json.loads((EXAMPLES / "pokemon.json").read_text(encoding="utf-8"))
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(records)[:-1] + ", {broken", encoding="utf-8")
    with pytest.raises(WrongGameError):
        outcomes("mtg", path)
    with pytest.raises(InputFormatError, match="invalid JSON"):
        outcomes("pokemon", path)


REAL_FILES = {
    "pokemon": "pokemon/cards/en/swsh12pt5.json",
    "mtg": "mtg/mtgjson3/APC.json",
    "ws": "weiss-schwarz/DB/MK_S11.json",
    "onepiece": "one-piece/json/en/cards.dev.json",
}


@requires_shared
@pytest.mark.parametrize("game", REAL_FILES)
def test_real_files_pass_as_their_game_and_are_refused_as_any_other(game: str) -> None:
    path = REALDATA / REAL_FILES[game]
    assert outcomes(game, path)
    for other in ("mtg", "pokemon", "yugioh", "ws", "onepiece", "dqbr"):
        if other != game:
            with pytest.raises(InputFormatError):
                outcomes(other, path)


# --- numbers out of range ------------------------------------------------------------------------


@pytest.mark.parametrize("hp", [str(10**30), "1e30", 10**30, 1e300])
def test_an_out_of_range_hp_gets_no_grade_and_a_warning(hp: object) -> None:
    card = load_converter("dqbr").convert({"name": "Big", "kind": "monster", "hp": hp})
    assert card.grade.value is None
    assert "out of range" in card.grade.reason
    assert any("out of range" in w for w in card.warnings)


def test_a_pokemon_with_an_absurd_hp_gets_no_grade() -> None:
    record = {"id": "x-1", "name": "Big", "supertype": "Pokémon", "hp": str(10**30),
              "subtypes": ["Basic"]}  # fmt: skip
    card = load_converter("pokemon").convert(record)
    assert card.grade.value is None
    assert "HP 1e+30 is out of range; no grade" in card.warnings


def test_large_but_real_stats_still_take_their_digits() -> None:
    card = load_converter("dqbr").convert({"name": "Big", "kind": "monster", "hp": 98700})
    assert card.grade.value == 87
