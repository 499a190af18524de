"""Where the catalog lives and how it is opened: URL resolution, first use, WAL, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from catalog.base.errors import DatabaseError
from catalog.store.db import default_database_path, open_engine, resolve_database_url, session_scope
from catalog.store.migrate import current_revision, head_revision
from tests.catalog.helpers import CARDS, card_count, load


def test_resolve_prefers_the_flag_over_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TWGP_DATABASE_URL", "postgresql+psycopg://u@h/db")
    assert resolve_database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert resolve_database_url(None) == "postgresql+psycopg://u@h/db"


def test_resolve_defaults_to_a_file_in_the_user_data_dir() -> None:
    url = resolve_database_url(None)
    assert url == f"sqlite:///{default_database_path()}"
    assert "twgp" in url
    assert url.endswith("catalog.sqlite3")


@pytest.mark.parametrize(
    "given",
    [
        pytest.param("sqlite:////tmp/a.db", id="sqlite URL kept"),
        pytest.param("postgresql+psycopg://user:pw@localhost:5432/twgp", id="postgres URL kept"),
        pytest.param("sqlite://", id="in-memory URL kept"),
    ],
)
def test_resolve_keeps_urls(given: str) -> None:
    assert resolve_database_url(given) == given


def test_a_bare_relative_path_becomes_an_absolute_sqlite_url(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    assert resolve_database_url("my.db") == f"sqlite:///{tmp_path / 'my.db'}"


def test_first_use_creates_the_default_file_and_its_folders() -> None:
    path = default_database_path()
    assert not path.exists()
    engine = open_engine(load_starter=False)
    engine.dispose()
    assert path.is_file()


def test_sqlite_uses_wal_and_a_busy_timeout(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "c.db"), load_starter=False)
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() == 10_000
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    engine.dispose()


def test_open_migrates_to_the_newest_revision(engine: Engine) -> None:
    with engine.connect() as connection:
        assert current_revision(connection) == head_revision()


def test_reopening_keeps_the_data(db_url: str) -> None:
    engine = open_engine(db_url, load_starter=False)
    load(engine)
    engine.dispose()
    engine = open_engine(db_url)  # not empty: no starter cards added
    with session_scope(engine) as session:
        assert card_count(session) == len(CARDS)
    engine.dispose()


def test_session_scope_rolls_back_on_error(engine: Engine) -> None:
    load(engine)

    def delete_then_fail() -> None:
        with session_scope(engine) as session:
            for table in ("card_name", "card_effect", "card"):
                session.execute(text(f"DELETE FROM {table}"))
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        delete_then_fail()
    with session_scope(engine) as session:
        assert card_count(session) == len(CARDS)


@pytest.mark.parametrize(
    ("url", "words"),
    [
        pytest.param("nosuchdialect://x/y", "cannot use", id="unknown dialect"),
        pytest.param(
            "postgresql+psycopg://nobody:secret@127.0.0.1:1/none", "cannot open", id="unreachable"
        ),
    ],
)
def test_unusable_databases_raise_database_error(url: str, words: str) -> None:
    with pytest.raises(DatabaseError) as caught:
        open_engine(url)
    assert words in caught.value.message
    assert "secret" not in caught.value.message


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.db"
    bogus.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(DatabaseError, match="cannot open"):
        open_engine(str(bogus))


@pytest.mark.parametrize(
    ("fault", "hint"),
    [
        ("database or disk is full", "the disk is full"),
        ("attempt to write a readonly database", "cannot be written here"),
        ("database disk image is malformed", "twgp restore"),
        ("file is not a database", "twgp doctor"),
        ("database is locked", "another twgp is writing"),
        ("disk I/O error", "the disk failed"),
        ("no such table: card", ""),
    ],
)
def test_database_faults_carry_what_to_do(fault: str, hint: str) -> None:
    from catalog.base.errors import database_error

    error = database_error("cannot open the catalog x", Exception(f"  {fault}\n "))
    assert error.message == f"cannot open the catalog x: {fault}"
    assert hint in error.hint
    assert bool(error.hint) == bool(hint)
