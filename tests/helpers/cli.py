"""The command line as the tests run it: in-process through Typer's runner, and the small
files its commands read."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from catalog.store.db import open_engine
from tests.catalog.helpers import load
from tui.cli import app

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    """`twgp ARGS` on a wide terminal (tables are not wrapped): exit code, stdout, stderr."""
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def run(*args: str) -> tuple[int, str, str]:
    """`twgp ARGS` on the runner's own terminal: exit code, stdout, stderr."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def deck_file(tmp_path: Path, text: str, name: str = "deck.twgp") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def hand_written_catalog(tmp_path: Path) -> str:
    """A catalog file with the hand-written test cards (tests/catalog/helpers.py), no starter
    cards."""
    path = str(tmp_path / "catalog.sqlite3")
    engine = open_engine(path, load_starter=False)
    load(engine)
    engine.dispose()
    return path
