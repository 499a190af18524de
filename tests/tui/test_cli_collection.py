"""`twgp collection import|list|export` from the command line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from catalog.collections import fetch
from catalog.collections.rows import CollectionRow
from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine
from tests.catalog.collections.cards import CARDS, DATA
from tui.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A catalog file holding the collection tests' cards."""
    path = str(tmp_path / "catalog.sqlite3")
    engine = open_engine(path, load_starter=False)
    import_cards(engine, CARDS, source="cli tests")
    engine.dispose()
    return path


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "160"})
    return result.exit_code, result.stdout, result.stderr


def test_import_prints_a_summary(db: str) -> None:
    code, out, err = invoke("collection", "import", str(DATA / "tcgplayer.csv"), "--db", db)
    assert code == 0, err
    assert "tcgplayer (utf-8), merge" in out
    assert "rows read 4: resolved 4 (exact 0, by set+number 2, by name 2)" in out
    assert "copies 0 → 7 (+7); entries new 4" in out


def test_import_twice_adds_nothing(db: str) -> None:
    invoke("collection", "import", str(DATA / "moxfield.csv"), "--db", db)
    code, out, _ = invoke("collection", "import", str(DATA / "moxfield.csv"), "--db", db)
    assert code == 0
    assert "copies 8 → 8 (+0); entries new 0, updated 0, unchanged 4" in out


def test_dry_run_says_so(db: str) -> None:
    code, out, _ = invoke(
        "collection", "import", str(DATA / "moxfield.csv"), "--dry-run", "--db", db
    )
    assert code == 0
    assert "dry run: nothing written" in out
    _, listed, _ = invoke("collection", "list", "--json", "--db", db)
    assert listed == ""


def test_unresolved_and_bad_rows_are_listed_with_their_lines(db: str, tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text("Quantity,Name\n2,Counterspell\nmany,Opt\n1,Lightnig Bolt\n0,Recycle\n")
    code, out, _ = invoke("collection", "import", str(path), "--game", "mtg", "--db", db)
    assert code == 0
    assert "line 4: unresolved 'Lightnig Bolt'" in out
    assert "closest: Lightning Bolt" in out
    assert "line 3: error 'Opt': Quantity: quantity 'many' is not a whole number" in out
    assert "line 5: skipped 'Recycle': quantity 0" in out


def test_strict_exits_1_and_writes_nothing(db: str, tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text("Quantity,Name\n2,Counterspell\n1,Lightnig Bolt\n")
    code, out, err = invoke(
        "collection", "import", str(path), "--strict", "--game", "mtg", "--db", db
    )
    assert code == 1
    assert "nothing was written" in err
    assert "line 3: unresolved 'Lightnig Bolt'" in out
    assert "copies" not in out
    assert invoke("collection", "list", "--json", "--db", db)[1] == ""


def test_a_missing_column_is_an_error_naming_it(db: str, tmp_path: Path) -> None:
    path = tmp_path / "box.csv"
    path.write_text("Binder Name,Name,ManaBox ID\nRed,Opt,1\n")
    code, _, err = invoke("collection", "import", str(path), "--db", db)
    assert code == 2
    assert "ManaBox file without the column 'Quantity'" in err
    assert "headers found: Binder Name, Name, ManaBox ID" in err


def test_fetch_without_an_online_module_says_so(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fetch, "ONLINE_MODULE", "catalog.no_such_online_module")
    code, _, err = invoke("collection", "import", str(DATA / "delver.csv"), "--fetch", "--db", db)
    assert code == 0
    assert "no online look-up is installed" in err


def test_fetch_hands_only_the_unresolved_rows_to_the_online_hook(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import catalog.sources.online

    asked: list[list[tuple[int, str]]] = []

    def fake_hook(engine: Engine, rows: Sequence[CollectionRow]) -> list[object]:
        asked.append([(row.line, row.name) for row in rows])
        return []

    monkeypatch.setattr(catalog.sources.online, "fetch_collection_rows", fake_hook)
    path = tmp_path / "mine.csv"
    path.write_text("Quantity,Name,Set Code\n2,Counterspell,MH2\n1,Sol Ring,CMM\n")
    code, out, _ = invoke("collection", "import", str(path), "--fetch", "--db", db)
    assert code == 0
    assert asked == [[(3, "Sol Ring")]]
    assert "line 3: unresolved 'Sol Ring'" in out


def test_list_json_and_query(db: str) -> None:
    invoke("collection", "import", str(DATA / "twgp.csv"), "--db", db)
    code, out, _ = invoke("collection", "list", "--json", "--db", db)
    assert code == 0
    entries = [json.loads(line) for line in out.splitlines()]
    assert [(e["card"]["name"], e["quantity"], e["finish"]) for e in entries] == [
        ("Blue-Eyes White Dragon", 1, "nonfoil"),
        ("Charizard", 1, "holofoil"),
        ("Lightning Bolt", 2, "foil"),
    ]
    _, out, _ = invoke("collection", "list", "game:yugioh", "--json", "--db", db)
    assert [json.loads(line)["card"]["source_id"] for line in out.splitlines()] == ["89631139"]
    _, out, _ = invoke("collection", "list", "稲妻", "--json", "--db", db)
    assert [json.loads(line)["card"]["name"] for line in out.splitlines()] == ["Lightning Bolt"]


def test_list_table_and_a_bad_query(db: str) -> None:
    invoke("collection", "import", str(DATA / "twgp.csv"), "--db", db)
    code, out, err = invoke("collection", "list", "--db", db)
    assert code == 0
    assert "Charizard" in out
    assert "リザードン" in out
    assert "3 entries, 4 copies" in err
    code, _, err = invoke("collection", "list", "grade>=(", "--db", db)
    assert code == 2
    assert "query error" in err


def test_export_to_a_file_and_refuse_to_overwrite(db: str, tmp_path: Path) -> None:
    invoke("collection", "import", str(DATA / "manabox.csv"), "--db", db)
    target = tmp_path / "out.csv"
    code, _, err = invoke(
        "collection", "export", "--format", "manabox", "-o", str(target), "--db", db
    )
    assert code == 0, err
    assert "3 entries written (manabox)" in err
    assert target.read_bytes().startswith(b"Name,Set code,Set name,Collector number,Foil,")
    code, _, err = invoke("collection", "export", "-o", str(target), "--db", db)
    assert code == 2
    assert "exists" in err
    code, _, _ = invoke("collection", "export", "-o", str(target), "--force", "--db", db)
    assert code == 0
    assert target.read_text(encoding="utf-8").startswith("game,source_id,name,name_ja,set,")


def test_export_to_stdout_reports_what_was_left_out(db: str) -> None:
    invoke("collection", "import", str(DATA / "twgp.csv"), "--db", db)
    code, out, err = invoke("collection", "export", "--format", "moxfield", "--db", db)
    assert code == 0
    assert out.startswith('"Count","Tradelist Count","Name"')
    assert "left out: pokemon:Charizard: Moxfield holds only MTG cards" in err


def test_unknown_export_format(db: str) -> None:
    code, _, err = invoke("collection", "export", "--format", "cockatrice", "--db", db)
    assert code == 2
    assert "use one of twgp, moxfield, manabox" in err


def test_replace_refuses_to_empty_the_collection_without_force(db: str, tmp_path: Path) -> None:
    invoke("collection", "import", str(DATA / "moxfield.csv"), "--db", db)
    nothing = tmp_path / "nothing.csv"
    nothing.write_text("Quantity,Name\n1,No Such Card\n", encoding="utf-8")
    code, out, err = invoke("collection", "import", str(nothing), "--mode", "replace", "--db", db)
    assert code == 1
    assert "would empty the collection: nothing was written" in err
    assert "--force" in err
    assert "line 2: unresolved 'No Such Card'" in out
    code, out, _ = invoke("collection", "import", str(nothing), "--mode", "replace", "--force",
                          "--db", db)  # fmt: skip
    assert code == 0
    assert "copies 8 → 0 (-8)" in out


def test_unresolved_rows_are_summarised_past_thirty(db: str, tmp_path: Path) -> None:
    path = tmp_path / "many.csv"
    path.write_text("Quantity,Name\n" + "".join(f"1,Nope {n}\n" for n in range(45)), "utf-8")
    code, out, _ = invoke("collection", "import", str(path), "--game", "mtg", "--db", db)
    assert code == 0
    assert out.count(": unresolved 'Nope") == 30
    assert "… and 15 more unresolved rows (not listed)" in out


def test_game_option_for_dragon_shield_and_unknown_games(db: str, tmp_path: Path) -> None:
    path = tmp_path / "ds.csv"
    path.write_text('"sep=,"\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,'
                    "Card Number,Condition,Printing,Language\nBox,1,0,Into the Void,,,,NearMint,"
                    "Normal,English\n", encoding="utf-8")  # fmt: skip
    code, out, err = invoke("collection", "import", str(path), "--game", "yugioh", "--db", db)
    assert code == 0, err
    assert "dragonshield (utf-8, yugioh), merge" in out
    _, listed, _ = invoke("collection", "list", "--json", "--db", db)
    assert json.loads(listed)["card"]["game"] == "yugioh"
    code, _, err = invoke("collection", "import", str(path), "--game", "magik", "--db", db)
    assert code == 2
    assert "--game: unknown game 'magik' — did you mean mtg?" in err
