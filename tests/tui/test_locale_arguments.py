"""What is typed on the command line in the C locale (issue 22, item 4): under `LC_ALL=C
PYTHONUTF8=0` Python reads non-ASCII words as undecodable bytes; a query, a card name or a
deck name is the UTF-8 text it was typed as (`twgp search 稲妻` is no query error), while a
path keeps its bytes: a file or catalog whose name is UTF-8, Latin-1 or any bytes opens."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from catalog.base.safe_output import utf8
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import full_deck
from tui.arguments import PATH_TEXT, as_typed, decode_text_arguments

ROOT = Path(__file__).resolve().parents[2]


def c_locale(catalog: Path) -> dict[str, str]:
    env = {**os.environ, "TWGP_NO_STARTER": "1", "COLUMNS": "100", "LC_ALL": "C", "LANG": "C",
           "PYTHONUTF8": "0", "TWGP_DATABASE_URL": str(catalog)}  # fmt: skip
    for key in ("LC_CTYPE", "LANGUAGE", "PYTHONIOENCODING"):
        env.pop(key, None)
    return env


def twgp(*args: str | bytes, env: dict[str, str]) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, timeout=120, check=False)  # fmt: skip
    out, err = done.stdout.decode("ascii"), done.stderr.decode("ascii")  # all of it ASCII
    assert "Traceback" not in err
    return done.returncode, out, err


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("arguments")
    build_sample_catalog(folder / "catalog.sqlite3")
    return folder


@pytest.mark.parametrize("query", ["稲妻", "Pokémon", "name:稲妻"])
def test_a_query_typed_in_the_c_locale_is_searched(place: Path, query: str) -> None:
    env = c_locale(place / "catalog.sqlite3")
    code, out, err = twgp("search", "--json", query.encode(), env=env)
    assert code == 0, err
    assert "query error" not in err
    found = [json.loads(line)["source_id"] for line in out.splitlines()]
    assert found == ([] if query == "Pokémon" else ["m10-bolt-ja"])


def test_a_card_and_a_deck_named_in_the_c_locale(place: Path, tmp_path: Path) -> None:
    db = tmp_path / "catalog.sqlite3"
    db.write_bytes((place / "catalog.sqlite3").read_bytes())
    deck = tmp_path / "deck.twgp"
    deck.write_text(full_deck(), encoding="utf-8")
    env = c_locale(db)
    code, out, err = twgp("show", "稲妻".encode(), env=env)
    assert code == 0, err
    assert "mtg:m10-bolt-ja" in out
    name = "Pokémon 稲妻"
    code, _, err = twgp("deck", "save", str(deck), "--name", name.encode(), env=env)
    assert code == 0, err
    code, out, err = twgp("deck", "show", name.encode(), env=env)
    assert code == 0, err
    assert "name: Pok?mon ??" in out  # the name found, shown in ASCII
    listed = subprocess.run([sys.executable, "-m", "tui.cli", "deck", "list", "--json"], cwd=ROOT,
                            env={**env, "PYTHONUTF8": "1"}, capture_output=True, timeout=120,
                            check=True)  # fmt: skip
    assert [deck["name"] for deck in json.loads(listed.stdout)] == [name]


@pytest.mark.parametrize(
    "folder",
    [b"\xe9t\xe9", "下書き".encode(), b"\xff\xfe"],
    ids=["latin-1", "utf-8", "not-text"],
)
def test_paths_keep_their_bytes(place: Path, tmp_path: Path, folder: bytes) -> None:
    """A catalog, a deck file and an output in a folder whose name is those bytes: all found
    and written there, under the very bytes typed."""
    where = os.path.join(os.fsencode(tmp_path), folder)
    os.mkdir(where)
    db = os.path.join(where, b"catalog.sqlite3")
    with open(db, "wb") as copy:
        copy.write((place / "catalog.sqlite3").read_bytes())
    deck = os.path.join(where, folder + b".twgp")
    with open(deck, "w", encoding="utf-8") as written:
        written.write(full_deck())
    env = c_locale(tmp_path / "elsewhere.sqlite3")
    code, out, err = twgp("search", "--json", "稲妻".encode(), "--db", db, env=env)
    assert code == 0, err
    assert [json.loads(line)["source_id"] for line in out.splitlines()] == ["m10-bolt-ja"]
    code, out, err = twgp("deck", "validate", deck, "--db", db, env=env)
    assert code == 0, err
    output = os.path.join(where, folder + b".md")
    code, _, err = twgp("deck", "export", deck, "--to", "md", "-o", output, "--db", db, env=env)
    assert code == 0, err
    assert os.path.isfile(output)
    listing = os.path.join(where, folder + b".txt")
    with open(listing, "w", encoding="utf-8") as written:
        written.write("4 Lightning Bolt\n")
    draft = os.path.join(where, b"draft.twgp")
    code, _, err = twgp("deck", "import", listing, "-o", draft, "--db", db, env=env)
    assert code == 0, err
    with open(draft, encoding="utf-8") as read:  # UTF-8 whatever the file name's bytes
        drafted = read.read()
    assert f"name: {folder.decode('utf-8', 'replace')}\n" in drafted
    assert "4 mtg Lightning Bolt" in drafted
    assert sorted(os.listdir(where)) == sorted(
        [b"catalog.sqlite3", folder + b".twgp", folder + b".md", folder + b".txt", b"draft.twgp"]
    )
    assert not (tmp_path / "elsewhere.sqlite3").exists()


def test_text_is_decoded_and_paths_are_not() -> None:
    """The same undecodable bytes: text as the UTF-8 it is, a path (`PATH_TEXT`, a Path) as
    given; bytes that are no UTF-8 become U+FFFD in text; the rest is untouched."""
    typed = "稲妻".encode().decode("ascii", "surrogateescape")
    assert as_typed(typed) == "稲妻"
    assert as_typed([typed, "Bolt"]) == ["稲妻", "Bolt"]
    assert as_typed((b"\xff".decode("ascii", "surrogateescape"),)) == ("\ufffd",)
    assert as_typed("Pokémon") == "Pokémon"  # already text (a UTF-8 locale)
    assert as_typed(3) == 3
    seen: dict[str, Any] = {}

    class Command:
        def __init__(self, **commands: Command) -> None:
            self.callback: Callable[..., None] = lambda **params: seen.update(params)
            self.commands = commands

    root = Command(search=Command())
    decode_text_arguments(root)
    path = Path(typed)
    root.commands["search"].callback(query=[typed], db=typed, file=typed, path=path)
    assert seen == {"query": ["稲妻"], "db": typed, "file": typed, "path": path}
    assert PATH_TEXT == {"db", "read_db", "file"}


def test_what_is_written_is_utf8_whatever_the_bytes_typed() -> None:
    """A name taken from a file name (a draft's `name:`) is written as the UTF-8 text its bytes
    are; bytes that are none become U+FFFD, never a file that is not UTF-8."""

    def typed(raw: bytes) -> str:
        return raw.decode("ascii", "surrogateescape")

    assert utf8("name: " + typed("下書き".encode())) == "name: 下書き".encode()
    assert utf8("name: " + typed(b"\xe9t\xe9")) == "name: \ufffdt\ufffd".encode()
    assert utf8("稲妻 \ud800") == "稲妻 ?".encode()
    assert utf8("plain") == b"plain"
