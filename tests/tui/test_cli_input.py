"""Hostile and unusual input files on the command line: `--encoding` on every command that
reads a card, collection or deck file; one clear line, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catalog.store.db import open_engine
from converters.exit_codes import ExitCode
from tests.catalog.helpers import count_rows
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import full_deck
from tui.cli import app

runner = CliRunner()
AMBIGUOUS = "name,hp\n自,481\n".encode("cp932")  # 自 reads as Ž© in cp1252


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "160"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_convert_refuses_an_undecidable_file_and_reads_it_with_encoding(tmp_path: Path) -> None:
    path = tmp_path / "dq.csv"
    path.write_bytes(AMBIGUOUS)
    code, _, err = run("convert", "dqbr", str(path), "--json")
    assert code == 2
    assert "cannot tell the text encoding" in err
    assert "--encoding cp932" in err
    code, out, err = run("convert", "dqbr", str(path), "--json", "--encoding", "shift_jis")
    assert code == 0, err
    assert json.loads(out)["name"] == "自"


def test_an_unknown_encoding_name_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "dq.csv"
    path.write_bytes(AMBIGUOUS)
    code, _, err = run("convert", "dqbr", str(path), "--encoding", "klingon")
    assert code == 2
    assert "unknown encoding 'klingon'" in err


def test_import_takes_encoding(tmp_path: Path) -> None:
    path = tmp_path / "dq.csv"
    path.write_bytes(AMBIGUOUS)
    db = str(tmp_path / "c.sqlite3")
    code, _, err = run("import", "dqbr", str(path), "--db", db, "--no-starter")
    assert code == 2
    assert "--encoding" in err
    code, out, err = run("import", "dqbr", str(path), "--db", db, "--encoding", "cp932")
    assert code == 0, err
    assert "new 1" in out
    code, out, _ = run("search", "自", "--db", db, "--json")
    assert json.loads(out)["name"] == "自"


def test_collection_import_takes_encoding(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_bytes("Name,Quantity\n自,2\n".encode("cp932"))
    db = str(tmp_path / "c.sqlite3")
    code, _, err = run("collection", "import", str(path), "--db", db, "--dry-run")
    assert code == 2
    assert "--encoding" in err
    code, out, err = run(
        "collection", "import", str(path), "--db", db, "--dry-run", "--encoding", "cp932"
    )
    assert "(cp932)" in out, err


@pytest.mark.parametrize("command", ["validate", "stats", "export"])
def test_deck_commands_take_encoding(tmp_path: Path, command: str) -> None:
    db = build_sample_catalog(tmp_path / "catalog.sqlite3")
    path = tmp_path / "deck.twgp"
    path.write_bytes(full_deck().replace("name: ", "name: 自 ").encode("utf-16"))
    extra = ["--to", "json"] if command == "export" else []
    code, _, err = run("deck", command, str(path), "--db", db, *extra)
    assert code in (0, 1), err  # UTF-16 is detected
    code, _, err = run("deck", command, str(path), "--db", db, "--encoding", "cp1252", *extra)
    assert code == 2
    assert "NUL" in err or "not Windows-1252 text" in err


def test_deck_import_takes_encoding(tmp_path: Path) -> None:
    db = build_sample_catalog(tmp_path / "catalog.sqlite3")
    path = tmp_path / "list.txt"
    path.write_bytes("4 自\n".encode("cp932"))
    code, _, err = run("deck", "import", str(path), "--from", "plain", "--db", db)
    assert code == 2
    assert "--encoding" in err
    code, _, err = run(
        "deck", "import", str(path), "--from", "plain", "--db", db, "--encoding", "cp932"
    )
    assert code == 0, err
    assert "'4 自'" in err  # unresolved, but read as the right character


# --- no traceback on the terminal --------------------------------------------------------------


def test_an_unexpected_error_is_one_line_and_a_log_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise ZeroDivisionError("a bug deep inside")

    monkeypatch.setattr("tui.commands.convert.convert_files", broken)
    path = tmp_path / "dq.csv"
    path.write_text("name,hp\nSlime,481\n", encoding="utf-8")
    code, out, err = run("convert", "dqbr", str(path))
    assert code == 70
    assert "Traceback" not in out + err
    assert "twgp failed unexpectedly (ZeroDivisionError: a bug deep inside)" in err
    log = Path(err.split("details in ")[1].split(";")[0].split()[0].strip())
    assert log.is_file()
    assert "Traceback" in log.read_text(encoding="utf-8")
    assert "a bug deep inside" in log.read_text(encoding="utf-8")


def test_a_closed_output_pipe_ends_quietly() -> None:
    """`convert --json` into a pipe whose reader is gone before a byte is written: the broken
    pipe's exit code, nothing said."""
    root = Path(__file__).resolve().parents[2]
    path = root / "converters" / "examples" / "dqbr.csv"
    reader, writer = os.pipe()
    os.close(reader)  # every write now fails with EPIPE
    try:
        done = subprocess.run([sys.executable, "-m", "tui.cli", "convert", "dqbr", str(path), "--json"],
                              cwd=root, env={**os.environ, "TWGP_NO_STARTER": "1"}, stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)  # fmt: skip
    finally:
        os.close(writer)
    assert done.returncode == ExitCode.BROKEN_PIPE, done.stderr
    assert done.stderr == ""


@pytest.mark.parametrize(
    ("stdin", "expected"),
    [
        (b"42\n", "a lone JSON value"),
        (b"null", "a lone JSON value"),
        (b"[" * 100_000, "nested deeper than 64 levels"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01", "binary data"),
        (bytes(range(256)) * 8, "binary data"),
    ],
)
def test_hostile_stdin_is_one_clear_line(stdin: bytes, expected: str) -> None:
    code, out, err = run("convert", "mtg", "-", stdin=stdin)
    assert code == 2
    assert expected in err
    assert "Traceback" not in out + err
    assert err.startswith("error: <stdin>")


def test_a_deep_query_is_a_syntax_error_on_the_command_line(tmp_path: Path) -> None:
    db = str(tmp_path / "c.sqlite3")
    code, _, err = run("search", "(" * 500 + "bolt" + ")" * 500, "--db", db)
    assert code == 2
    assert "nested deeper than 32 levels" in err


def test_import_of_another_games_file_is_refused_and_stores_nothing(tmp_path: Path) -> None:
    examples = Path(__file__).resolve().parents[2] / "converters" / "examples"
    db = str(tmp_path / "c.sqlite3")
    code, _, err = run("import", "mtg", str(examples / "pokemon.json"), "--db", db,
                       "--no-starter")  # fmt: skip
    assert code == 2
    assert "these look like Pokémon TCG records, not Magic: The Gathering" in err
    engine = open_engine(db, load_starter=False)
    assert count_rows(engine) == 0
    engine.dispose()
