"""`twgp doctor`, `twgp backup` and `twgp restore` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from catalog.store.db import open_engine
from tests.catalog.helpers import CARDS, count_rows
from tests.helpers.cli import hand_written_catalog, invoke


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A catalog file with the hand-written test cards (no starter cards)."""
    return hand_written_catalog(tmp_path)


def _drop_index(db: str) -> None:
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        connection.execute(text("DROP INDEX ix_card_browse"))
    engine.dispose()


def test_doctor_says_what_it_checked(db: str) -> None:
    code, out, err = invoke("doctor", "--db", db)
    assert code == 0, err
    assert "✓ ok: SQLite integrity check: ok" in out
    assert "✓ ok: schema: current" in out
    assert "✓ ok: full-text index: consistent with the cards" in out


def test_doctor_repairs_and_says_so(db: str) -> None:
    _drop_index(db)
    code, out, _ = invoke("doctor", "--db", db, "--check-only")
    assert code == 1
    assert "✗ problem: tables or indexes differ" in out
    assert "ix_card_browse" in out

    code, out, _ = invoke("doctor", "--db", db)
    assert code == 0
    assert "✓ repaired: indexes made again: ix_card_browse" in out


def test_doctor_json_and_japanese(db: str) -> None:
    _drop_index(db)
    code, out, _ = invoke("doctor", "--db", db, "--json", "--check-only")
    assert code == 1
    found = json.loads(out)
    assert found["ok"] is False
    assert found["repair"] is False
    problems = [c for c in found["checks"] if c["status"] == "problem"]
    assert [(c["check"], c["code"]) for c in problems] == [("indexes", "schema_differs")]
    assert problems[0]["values"]["missing"] == ["ix_card_browse"]

    code, out, _ = invoke("doctor", "--db", db, "--lang", "ja")
    assert code == 0
    assert "✓ 修復: 索引を作り直しました: ix_card_browse" in out


def test_doctor_with_an_unknown_language_is_a_usage_error(db: str) -> None:
    code, _, err = invoke("doctor", "--db", db, "--lang", "fr")
    assert code == 2
    assert "'fr' is not one of 'en', 'ja'" in err


def test_doctor_on_no_catalog(tmp_path: Path) -> None:
    code, _, err = invoke("doctor", "--db", str(tmp_path / "none.sqlite3"))
    assert code == 3
    assert "there is no catalog at" in err


def test_backup_then_restore(db: str, tmp_path: Path) -> None:
    backup = tmp_path / "saved.sqlite3"
    code, out, err = invoke("backup", str(backup), "--db", db)
    assert code == 0, err
    assert f"backed up to {backup}: {len(CARDS)} cards, schema " in out

    code, _, err = invoke("backup", str(backup), "--db", db)
    assert code == 2
    assert f"{backup} exists; not overwritten" in err
    assert "--force" in err

    engine = open_engine(db, load_starter=False)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM card"))
    engine.dispose()

    code, _, err = invoke("restore", str(backup), "--db", db)  # no terminal to ask on
    assert code == 1
    assert "holds a catalog (0 cards" in err
    assert "--force" in err

    code, out, err = invoke("restore", str(backup), "--db", db, "--force")
    assert code == 0, err
    assert f"restored {backup} into {db}: {len(CARDS)} cards" in out
    engine = open_engine(db, load_starter=False)
    assert count_rows(engine) == len(CARDS)
    engine.dispose()


def test_backup_of_a_postgresql_catalog_names_pg_dump(tmp_path: Path) -> None:
    url = "postgresql+psycopg://twgp@127.0.0.1:1/twgp"
    code, _, err = invoke("backup", str(tmp_path / "b.sqlite3"), "--db", url)
    assert code == 3
    assert "pg_dump" in err
    code, _, err = invoke("restore", str(tmp_path / "b.sqlite3"), "--db", url)
    assert code == 3
    assert "pg_restore" in err
