"""Text from files is inert on every output (issue 22, item 3): control characters, CSI/OSC
escape sequences (7-bit and the 8-bit C1 CSI) and bidirectional overrides from a decklist, a
collection or a card record never reach standard output raw — Rich tables, plain lines, JSON,
drafts and documents, whether stdout is a terminal or a pipe — nor a Markdown, HTML or CSV
export written to a file."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catalog.base.safe_output import inert, inert_document, inert_json_bytes, json_text
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import full_deck
from tui.cli import app

runner = CliRunner()
#: what may never appear raw: ESC, BEL, the C1 CSI, RLO, LRI, DEL, a lone CR
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\x7f")
HOSTILE = [
    "Esc\x1b[2J\x1b]0;pwned\x07Card",
    "Osc\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",
    "Csi\x9b31mRed",
    "Bidi \u202eeman \u2066x\u2069",
    "Del\x7fBell\x07",
]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "250"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def assert_inert(text: str, where: str) -> None:
    for char in RAW:
        assert char not in text, f"{char!r} raw in {where}"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("hostile")
    cards = folder / "hostile.csv"
    with cards.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name", "kind", "hp", "text"])
        for i, name in enumerate(HOSTILE):
            writer.writerow([f"h{i}", name, "monster", 481, f"Deals damage {name}"])
    db = str(folder / "c.sqlite3")
    code, _, err = run("import", "dqbr", str(cards), "--db", db, "--no-starter")
    assert code == 0, err
    mine = folder / "mine.csv"
    mine.write_text("qty,game,name\n" + "".join(f"2,dqbr,\"{n}\"\n" for n in HOSTILE[:3]),
                    encoding="utf-8")  # fmt: skip
    code, _, err = run("collection", "import", str(mine), "--db", db)
    assert code == 0, err
    return cards, db


@pytest.mark.parametrize("args", [
    ["search", "game:dqbr"], ["search", "game:dqbr", "--json"], ["show", "dqbr:h0"],
    ["show", "dqbr:h2", "--json"], ["collection", "list"], ["collection", "list", "--json"],
    ["collection", "export"], ["collection", "export", "--format", "moxfield"],
])  # fmt: skip
def test_catalog_text_reaches_stdout_inert(hostile: tuple[Path, str], args: list[str]) -> None:
    _, db = hostile
    code, out, err = run(*args, "--db", db)
    assert code == 0, err
    assert_inert(out, " ".join(args))
    assert_inert(err, " ".join(args))
    assert out.strip()
    if "moxfield" not in args:  # Moxfield's format has no dqbr cards
        assert any(shown in out for shown in ("␛", "\\u001b", "\\u009b", "\ufffd")), out


def test_convert_json_lines_are_inert_and_the_same_values(hostile: tuple[Path, str]) -> None:
    cards, _ = hostile
    code, out, err = run("convert", "dqbr", str(cards), "--json")
    assert code == 0, err
    assert_inert(out, "convert --json")
    names = [json.loads(line)["name"] for line in out.splitlines()]
    assert names == HOSTILE  # JSON escapes: the same values once read


def _hostile_deck(folder: Path) -> Path:
    lines = "".join(f"1 mtg {name}\n" for name in HOSTILE)
    deck = full_deck().replace("name: Sample", "name: Evil\x1b]0;title\x07 \u202edeck")
    path = folder / "deck.twgp"
    path.write_text(deck.replace("[entry.library]\n", "[entry.library]\n" + lines),
                    encoding="utf-8")  # fmt: skip
    return path


@pytest.mark.parametrize("to", ["md", "csv", "html", "json", "twgp"])
def test_deck_exports_are_inert_on_stdout_and_in_files(tmp_path: Path, to: str) -> None:
    db = build_sample_catalog(tmp_path / "catalog.sqlite3")
    deck = _hostile_deck(tmp_path)
    code, out, err = run("deck", "export", str(deck), "--to", to, "--db", db)
    assert code == 0, err
    assert_inert(out, f"deck export --to {to}")
    target = tmp_path / f"out.{to}"
    code, _, err = run("deck", "export", str(deck), "--to", to, "--db", db, "-o", str(target))
    assert code == 0, err
    if to in ("md", "csv", "html"):
        assert_inert(target.read_text(encoding="utf-8"), f"the {to} file")
    if to == "json":  # JSON escapes keep the values
        assert json.loads(out)["name"].startswith("Evil\x1b]0;title\x07 ")


def test_decklist_drafts_and_saved_decks_are_inert(tmp_path: Path) -> None:
    db = build_sample_catalog(tmp_path / "catalog.sqlite3")
    listing = tmp_path / "list.txt"
    listing.write_text("".join(f"1 {name}\n" for name in HOSTILE) + "4 Lightning Bolt\n",
                       encoding="utf-8")  # fmt: skip
    code, out, err = run("deck", "import", str(listing), "--db", db)
    assert code == 0, err
    assert_inert(out, "the draft")
    assert_inert(err, "the unresolved lines")
    deck = _hostile_deck(tmp_path)
    code, _, err = run("deck", "save", str(deck), "--name", "evil", "--db", db)
    assert code == 0, err
    for args in (["deck", "show", "evil"], ["deck", "list"], ["deck", "list", "--json"],
                 ["deck", "validate", str(deck)], ["deck", "validate", str(deck), "--json"],
                 ["deck", "stats", str(deck)]):  # fmt: skip
        code, out, err = run(*args, "--db", db)
        assert code in (0, 1), err
        assert_inert(out, " ".join(args))
        assert_inert(err, " ".join(args))


def test_the_one_function_and_its_forms() -> None:
    assert inert("a\x1b[2Jb\x9bc\u202ed\re\x7f") == "a␛[2Jb\ufffdcd␍e␡"
    assert inert_document("x\x1b\r\ny\rz\n") == "x␛\r\ny␍z\n"
    value = {"name": "a\x1b\x9b\u202e\x7fé"}
    assert json.loads(json_text(value)) == value
    assert_inert(json_text(value), "json_text")
    encoded = json.dumps(value, ensure_ascii=False).encode()
    assert json.loads(inert_json_bytes(encoded)) == value
    assert_inert(inert_json_bytes(encoded).decode(), "inert_json_bytes")


def test_collection_import_reports_are_inert(hostile: tuple[Path, str], tmp_path: Path) -> None:
    _, db = hostile
    rows = tmp_path / "rows.csv"
    rows.write_text("qty,game,name\n" + "".join(f"1,mtg,\"Unknown {n}\"\n" for n in HOSTILE)
                    + "x\x1b[31m,dqbr,Bad qty\n", encoding="utf-8")  # fmt: skip
    for extra in (["--dry-run"], [], ["--strict"]):
        result = runner.invoke(app, ["collection", "import", str(rows), "--db", db, *extra])
        assert result.exit_code == (1 if extra == ["--strict"] else 0), result.output
        assert "Unknown Esc\\x1b[2J" in result.stdout + result.stderr  # quoted as repr
        assert_inert(result.stdout, f"collection import {extra}")
        assert_inert(result.stderr, f"collection import {extra}")


def test_api_key_names_are_inert(tmp_path: Path) -> None:
    db = str(tmp_path / "keys.sqlite3")
    code, _, err = run("apikey", "create", "evil\x1b]0;title\x07\u202ekey", "--db", db)
    assert code == 0, err
    assert_inert(err, "apikey create")
    for args in (["apikey", "list"], ["apikey", "list", "--json"]):
        code, out, err = run(*args, "--db", db)
        assert code == 0, err
        assert_inert(out, " ".join(args))
        assert "evil" in out
