"""`twgp bulk export DIR`: the bulk files and manifest of the catalog, and `twgp import`
reading them back into another catalog."""

from __future__ import annotations

import json
from pathlib import Path

from catalog.store.db import open_engine
from tests.tui.run_cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"


def _catalog(path: Path, *files: tuple[str, str]) -> str:
    open_engine(str(path), load_starter=False).dispose()
    for game, name in files:
        code, _, err = run("import", game, str(EXAMPLES / name), "--db", str(path),
                           "--no-starter")
        assert code == 0, err
    return str(path)


def test_export_json_summary_then_import_elsewhere(tmp_path: Path) -> None:
    db = _catalog(tmp_path / "a.sqlite3", ("mtg", "mtg.json"), ("yugioh", "yugioh.json"))
    out = tmp_path / "bulk"
    code, stdout, err = run("bulk", "export", str(out), "--json", "--db", db)
    assert code == 0, err
    manifest = json.loads(stdout)
    assert manifest == json.loads((out / "manifest.json").read_text())
    assert sorted(f["name"] for f in manifest["data"]) == [
        "mtg.csv.gz", "mtg.jsonl.gz", "yugioh.csv.gz", "yugioh.jsonl.gz"]
    other = _catalog(tmp_path / "b.sqlite3")
    code, stdout, err = run("import", "mtg", str(out / "mtg.jsonl.gz"), "--db", other,
                            "--no-starter")
    assert code == 0, err
    mtg = next(f for f in manifest["data"] if f["name"] == "mtg.jsonl.gz")
    assert f"new {mtg['card_count']}, updated 0" in stdout
    _, first, _ = run("search", "--json", "game:mtg", "--db", db)
    _, second, _ = run("search", "--json", "game:mtg", "--db", other)
    assert first == second  # the same cards, grades, types, effects and identities


def test_games_narrow_the_export_and_an_unknown_game_is_an_error(tmp_path: Path) -> None:
    db = _catalog(tmp_path / "a.sqlite3", ("mtg", "mtg.json"), ("yugioh", "yugioh.json"))
    code, stdout, err = run("bulk", "export", str(tmp_path / "o"), "--games", "yugioh", "--db", db)
    assert code == 0, err
    assert "yugioh.jsonl.gz" in stdout
    assert "mtg" not in stdout
    assert not (tmp_path / "o" / "mtg.jsonl.gz").exists()
    code, _, err = run("bulk", "export", str(tmp_path / "p"), "--games", "nosuchgame", "--db", db)
    assert code != 0
    assert "nosuchgame" in err
