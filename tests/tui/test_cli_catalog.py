"""`twgp import`, `search`, `show` and `override` from the command line, on a catalog file
in tmp_path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalog.store.db import open_engine
from tests.catalog.helpers import load
from tests.helpers.cli import hand_written_catalog, invoke

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A catalog file with the hand-written test cards (no starter cards)."""
    return hand_written_catalog(tmp_path)


def json_lines(output: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_import_twice_reports_new_then_unchanged(db: str) -> None:
    example = str(EXAMPLES / "yugioh.json")
    code, out, err = invoke("import", "yugioh", example, "--db", db)
    assert code == 0, err
    # Mirror Force is in the test catalog already, converted from a hand-written record
    assert "new 9, updated 1, unchanged 0, skipped 0, failed 0" in out
    code, out, _ = invoke("import", "yugioh", example, "--db", db)
    assert "new 0, updated 0, unchanged 10" in out


def test_import_lists_failed_records_and_strict_fails(db: str, tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text('[{"id": 5, "type": "Spell Card"}, 7]', encoding="utf-8")
    code, out, _ = invoke("import", "yugioh", str(path), "--db", db, "--strict")
    assert code == 1
    assert "failed 2" in out
    assert f"failed {path}: record 2: expected a JSON object" in out


def test_import_of_an_unknown_game_names_the_installed_ones(db: str) -> None:
    code, _, err = invoke("import", "chess", str(EXAMPLES / "yugioh.json"), "--db", db)
    assert code == 2
    assert "unknown game 'chess'" in err


def test_search_prints_a_table_and_a_count(db: str) -> None:
    code, out, err = invoke("search", "game:mtg", "grade<=1", "--db", db)
    assert code == 0, err
    assert "Lightning Bolt" in out
    assert "Bonesplitter" in out
    assert "Grizzly" not in out
    # one row per card, as the app lists them: Lightning Bolt's two printings are one row
    assert out.count("Lightning Bolt") == 1
    assert "2 cards (3 printings)" in err


def test_search_lists_one_row_per_card_with_its_printings_and_limits_cards(db: str) -> None:
    code, out, err = invoke("search", "bolt", "--db", db)
    assert code == 0, err
    [row] = [line for line in out.splitlines() if "Lightning Bolt" in line]
    assert row.split("│")[2].strip() == "2"  # the prints column
    assert "1 card (2 printings)" in err
    code, out, err = invoke("search", "game:mtg", "--limit", "2", "--db", db)
    assert code == 0, err
    assert "; the first 2 shown, --limit for more)" in err
    cards = int(err.split(" card")[0])
    code, out, err = invoke("search", "game:mtg", "--limit", "1000", "--db", db)
    assert code == 0
    assert err.startswith(f"{cards} cards (")  # every card shown: counted the same
    assert "shown" not in err


def test_search_json_lines_carry_owned_and_override(db: str) -> None:
    invoke("override", "mtg:bears", "--grade", "07", "--reason", "house rule", "--db", db)
    code, out, _ = invoke("search", "bears", "--json", "--db", db)
    assert code == 0
    [row] = json_lines(out)
    assert row["grade"] == "07"
    assert row["owned"] == 0
    assert row["override"] == {
        "grade": "07", "type": None, "reason": "house rule", "created_at": row["override"]["created_at"]  # type: ignore[index]
    }  # fmt: skip
    for field in ("game", "source_id", "name", "name_ja", "identity", "type", "grade_reason",
                  "type_reason", "effects", "reading", "warnings"):  # fmt: skip
        assert field in row


def test_search_limit_says_there_are_more(db: str) -> None:
    code, out, err = invoke("search", "game:mtg", "--limit", "2", "--json", "--db", db)
    assert code == 0
    assert len(json_lines(out)) == 2
    assert "6 cards (the first 2 shown" in err


def test_a_query_may_begin_with_not(db: str) -> None:
    """`twgp search -game:mtg` was refused as an unknown option `-g`."""
    code, out, err = invoke("search", "-game:mtg", "--json", "--db", db)
    assert code == 0, err
    games = {row["game"] for row in json_lines(out)}
    assert games
    assert "mtg" not in games
    code, out, err = invoke("search", "--json", "grade<=1", "-type:weapon", "--db", db)
    assert code == 0, err
    assert "Bonesplitter" not in out
    assert "Lightning Bolt" in out


def test_a_bad_query_points_at_the_fault(db: str) -> None:
    code, out, err = invoke("search", "grade>=x", "--db", db)
    assert code == 2
    assert out == ""
    assert "query error at position 8" in err
    assert "  grade>=x\n" in err
    assert "\n         ^\n" in err  # under the x


def test_show_a_card_by_its_japanese_name(db: str) -> None:
    code, out, err = invoke("show", "稲妻", "--db", db)
    assert code == 0, err
    assert "Lightning Bolt / 稲妻" in out
    assert "value 1 → 01" in out
    assert "TWGP reading" in out
    assert "mtg:bolt-ja" in out


def test_show_in_japanese_gives_the_reasons_and_the_notes_in_japanese(db: str) -> None:
    code, _, err = invoke("import", "yugioh", str(EXAMPLES / "yugioh.json"), "--db", db)
    assert code == 0, err
    code, out, err = invoke("show", "yugioh:89631139", "--db", db)
    assert code == 0, err
    assert "Level 8 → 08" in out
    assert "Void in TWGP" in out
    code, out, err = invoke("show", "yugioh:89631139", "--lang", "ja", "--db", db)
    assert code == 0, err
    assert "レベル 8 → 08" in out
    assert "通常モンスター → ユニット" in out
    assert "TWGPでは無効" in out
    assert "Level 8" not in out
    assert "Void in TWGP" not in out


def test_show_json_is_one_object(db: str) -> None:
    code, out, _ = invoke("show", "mtg:bonesplitter", "--json", "--db", db)
    assert code == 0
    card = json.loads(out)
    assert card["type"] == "weapon"
    assert (card["curse"], card["curse_reason"]) == (False, None)
    code, out, _ = invoke("show", "mtg:anthem", "--json", "--db", db)
    card = json.loads(out)
    assert card["effects"] == ["plus"]
    assert card["effect_reasons"] == {"plus": "Creatures you control get +1/+1"}


def test_show_explains_each_effect(db: str) -> None:
    code, out, err = invoke("show", "mtg:anthem", "--db", db)
    assert code == 0, err
    assert "plus (プラス)  ← Creatures you control get +1/+1" in out


def test_show_an_unknown_name_suggests_close_ones(db: str) -> None:
    code, _, err = invoke("show", "Grizly Bear", "--db", db)
    assert code == 1
    assert "no card 'Grizly Bear'" in err
    assert "did you mean: Grizzly Bears" in err


def test_show_an_ambiguous_name_lists_the_candidates(db: str) -> None:
    from converters.base import CardType
    from tests.catalog.helpers import card

    engine = open_engine(db)
    load(engine, [card("d1", "Dragon", 5, CardType.UNIT, game="dm"),
                  card("d2", "Dragon", 6, CardType.UNIT, game="dqbr")])  # fmt: skip
    engine.dispose()
    code, _, err = invoke("show", "dragon", "--db", db)
    assert code == 1
    assert "dm:d1" in err
    assert "dqbr:d2" in err


def test_override_then_clear(db: str) -> None:
    code, out, err = invoke("override", "Grizzly Bears", "--type", "ウェポン", "--db", db)
    assert code == 0, err
    assert "override saved: Grizzly Bears (mtg:bears)" in out
    assert "type Weapon (converter: Unit / ユニット)" in out
    _, found, _ = invoke("search", "type:weapon", "--json", "--db", db)
    assert {row["source_id"] for row in json_lines(found)} == {"bears", "bonesplitter"}
    code, out, _ = invoke("override", "mtg:bears", "--clear", "--db", db)
    assert "override removed" in out
    _, found, _ = invoke("search", "type:weapon", "--json", "--db", db)
    assert {row["source_id"] for row in json_lines(found)} == {"bonesplitter"}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        pytest.param(["--grade", "100"], "not a grade", id="grade out of range"),
        pytest.param(["--type", "wizard"], "unknown TWGP type", id="unknown type"),
        pytest.param([], "give --grade, --type or --clear", id="nothing asked"),
        pytest.param(["--clear", "--grade", "3"], "--clear takes no", id="clear with a value"),
    ],
)
def test_bad_override_options(db: str, args: list[str], words: str) -> None:
    code, _, err = invoke("override", "mtg:bears", *args, "--db", db)
    assert code == 2
    assert words in err


def test_the_root_db_option_reaches_the_command(db: str) -> None:
    code, out, _ = invoke("--db", db, "search", "bolt", "--json")
    assert code == 0
    assert len(json_lines(out)) == 2


def test_the_environment_names_the_catalog(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWGP_DATABASE_URL", db)
    code, out, _ = invoke("search", "bolt", "--json")
    assert code == 0
    assert len(json_lines(out)) == 2


def test_import_no_starter_stores_only_the_file(tmp_path: Path) -> None:
    db = str(tmp_path / "fresh.sqlite3")
    code, out, err = invoke("import", "yugioh", str(EXAMPLES / "yugioh.json"), "--db", db,
                            "--no-starter")  # fmt: skip
    assert code == 0, err
    code, out, _ = invoke("search", "", "--db", db, "--json")
    assert code == 0
    assert {card["game"] for card in json_lines(out)} == {"yugioh"}
    assert len(json_lines(out)) == 10
