"""`twgp deck validate --format …` and `twgp deck formats`, on a catalog of the seed games'
cards converted by their converters (the card facts the formats read go through the catalog)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.deckbuilder.format_samples import build_format_catalog, ev_deck, roster
from tui.cli import app

runner = CliRunner()

TEAM_A = ["eternalvoice アスラ", "2 eternalvoice 炎の精霊", "eternalvoice 真アスラ"]
TEAM_B = ["eternalvoice カグラ", "2 eternalvoice 炎の精霊", "eternalvoice 真アスラ"]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return build_format_catalog(tmp_path / "catalog.sqlite3")


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_legal_team_given_as_two_files(tmp_path: Path, db: str) -> None:
    a = write(tmp_path, "A.twgp", ev_deck(TEAM_A, ["eternalvoice カバー"], declare=False))
    b = write(tmp_path, "B.twgp", ev_deck(TEAM_B, declare=False))
    code, out, _ = run("deck", "validate", "--format", "ev-tag-b", a, b, "--db", db)
    assert code == 0
    assert f"{a} + {b}: ev-tag-b team of 2 decks, 9 cards — LEGAL (0 problems, 0 warnings)" in out


def test_an_illegal_team_in_json(tmp_path: Path, db: str) -> None:
    a = write(tmp_path, "A.twgp", ev_deck(TEAM_A, ["eternalvoice カグラ"], declare=False))
    b = write(tmp_path, "B.twgp", ev_deck([*TEAM_B, "eternalvoice 炎の精霊"], declare=False))
    code, out, _ = run("deck", "validate", "--format", "ev-tag-b", a, b, "--json", "--db", db)
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"legal", "format", "violations", "warnings", "stats"}
    assert (data["legal"], data["format"], data["warnings"]) == (False, "ev-tag-b", [])
    assert data["violations"] == [  # in the order the cards first appear
        {"code": "EV_SAME_NAME_LIMIT", "section": "team", "cards": ["eternalvoice 炎の精霊"],
         "message": "eternalvoice 炎の精霊 — 5 copies (A main 2, B main 3); a same-name card is "
         "limited to 4 across the team's decks and sideboards"},
        {"code": "EV_CHARACTER_LIMIT", "section": "team", "cards": ["eternalvoice カグラ"],
         "message": "eternalvoice カグラ — 2 copies (A side 1, B main 1); a same-name character "
         "card (Evolution cards excepted) is limited to 1 across the team's decks and sideboards"},
    ]
    assert list(data["stats"]["sections"]) == ["1/main", "1/side", "2/main"]


def test_a_declared_format_needs_no_option_and_japanese_works(tmp_path: Path, db: str) -> None:
    path = write(tmp_path, "roster.twgp", roster(["羅堂エリ", "チーカマン"], "ミナ"))
    code, out, _ = run("deck", "validate", path, "--lang", "ja", "--db", db)
    assert code == 1
    assert "darkside-rosterのデッキ、2枚 — 不正（問題2件、注意0件）" in out
    assert "ROSTER_SPECIAL [所持ユニット] darkside チーカマン は特殊ユニットです" in out
    assert "ROSTER_NOT_LENDABLE [所持ユニット] darkside 羅堂エリ は貸与できません" in out


def test_usage_errors_exit_2(tmp_path: Path, db: str) -> None:
    a = write(tmp_path, "A.twgp", ev_deck(TEAM_A, declare=False))
    code, _, err = run("deck", "validate", "--format", "lorcana", a, "--db", db)
    assert code == 2
    assert "installed deck formats: half, full, trial, 2chtcg, darkside-roster, ev-tag-b" in err
    code, _, err = run("deck", "validate", "--format", "ev-tag-b", a, a, a, "--db", db)
    assert code == 2
    assert "validates at most 2 decks at a time; got 3" in err
    full = write(tmp_path, "full.twgp", "format: full\n[life]\n")
    code, _, err = run("deck", "validate", "--format", "ev-tag-b", a, full, "--db", db)
    assert code == 2
    assert "full.twgp:line 1: the deck declares format 'full', but it is read as 'ev-tag-b'" in err
    code, _, err = run("deck", "validate", a, "--db", db)  # read as full: [main] is no section
    assert code == 2
    assert "unknown section [main]" in err


def test_one_ev_deck_alone_warns(tmp_path: Path, db: str) -> None:
    a = write(tmp_path, "A.twgp", ev_deck(TEAM_A))
    code, out, _ = run("deck", "validate", a, "--db", db)
    assert code == 0
    assert "EV_TEAMMATE_MISSING" in out


def test_saving_keeps_the_declared_format(tmp_path: Path, db: str) -> None:
    path = write(tmp_path, "roster.twgp", roster(["羅堂エリ"], "ユウ"))
    assert run("deck", "save", path, "--name", "Yuu", "--db", db)[0] == 0
    out = run("deck", "list", "--json", "--db", db)[1]
    assert [(row["name"], row["format"]) for row in json.loads(out)] == [
        ("Yuu", "darkside-roster")
    ]
    code, out, _ = run("deck", "show", "Yuu", "--db", db)
    assert code == 0
    assert "character: ユウ" in out


def test_formats_lists_every_format() -> None:
    code, out, _ = run("deck", "formats", "--json")
    assert code == 0
    rows = {row["id"]: row for row in json.loads(out)}
    assert list(rows) == ["half", "full", "trial", "2chtcg", "darkside-roster", "ev-tag-b"]
    assert rows["ev-tag-b"]["sections"] == ["main", "side"]
    assert rows["ev-tag-b"]["decks"] == 2
    assert rows["darkside-roster"]["fields"] == ["character"]
    code, out, _ = run("deck", "formats")
    assert "[main] [side]" in out
