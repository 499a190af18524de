"""Every failure has its own exit code and words (issue 22, item 9): one table
(converters/exit_codes.py) that docs/input.md shows and every error takes its code from; a
full standard output (ENOSPC) and a closed one (EPIPE), an input that cannot be read (EIO) and
an input with no decklist, each named; a catalog on a full disk can still be searched."""

from __future__ import annotations

import errno
import importlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from converters.errors import TwgpError
from converters.exit_codes import MEANINGS, ExitCode, markdown_table
from tests.catalog.crash import namespace_prefix
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tui import crash
from tui.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
#: the modules that define errors (each subclass of TwgpError must have a documented code)
ERROR_MODULES = ["converters.errors", "catalog.base.errors", "deckbuilder.errors",
                 "catalog.collections.errors", "catalog.sources.clients.sources", "tui.docs_pages"]  # fmt: skip


def twgp(*args: str, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TWGP_NO_STARTER": "1", "COLUMNS": "120"}
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT, env=env,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                          check=False)  # fmt: skip


def test_the_docs_show_the_one_table() -> None:
    page = (ROOT / "docs" / "input.md").read_text(encoding="utf-8")
    start = page.index("| code | meaning |")
    assert page[start : page.index("\n\n", start)] == markdown_table()
    assert "| 3 | the catalog cannot be opened" in markdown_table()


def _subclasses(kind: type[TwgpError]) -> list[type[TwgpError]]:
    found: list[type[TwgpError]] = []
    for sub in kind.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def test_every_error_and_exit_has_a_documented_code() -> None:
    for module in ERROR_MODULES:
        importlib.import_module(module)
    errors: list[type[TwgpError]] = [TwgpError, *_subclasses(TwgpError)]
    assert len(errors) > 20
    for error in errors:
        assert error.exit_code in MEANINGS, error
    for code in (crash.UNEXPECTED_EXIT, crash.INTERRUPTED_EXIT, crash.BROKEN_PIPE_EXIT,
                 crash.WRITE_FAILED_EXIT):  # fmt: skip
        assert code in MEANINGS
    assert set(MEANINGS) == set(ExitCode)


def test_a_full_standard_output_is_named(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("making a full device node (os.mknod) needs root")
    full = tmp_path / "full"
    os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # our own /dev/full
    with full.open("w") as out:
        done = twgp("games", stdout=out)
    assert done.returncode == ExitCode.WRITE_FAILED, done.stderr
    assert "error: cannot write the output (standard output): No space left on device" in (
        done.stderr)
    assert "Traceback" not in done.stderr
    assert "unexpectedly" not in done.stderr
    assert "Exception ignored" not in done.stderr


def test_a_closed_standard_output_stops_quietly() -> None:
    env = {**os.environ, "TWGP_NO_STARTER": "1"}
    child = subprocess.Popen([sys.executable, "-m", "tui.cli", "games"], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert child.stdout is not None
    assert child.stderr is not None
    child.stdout.close()  # before it writes a byte
    with child.stderr:
        err = child.stderr.read().decode()
    assert child.wait(timeout=120) == ExitCode.BROKEN_PIPE, err
    assert err == ""


def _eio(file: object, buffer: object) -> int:
    raise OSError(errno.EIO, os.strerror(errno.EIO))


@pytest.mark.parametrize("args", [["deck", "validate", "deck.twgp"],
                                  ["deck", "import", "deck.twgp", "--db", "c.sqlite3"],
                                  ["convert", "generic", "deck.twgp"]])  # fmt: skip
def test_an_input_read_error_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.twgp").write_text("1 mtg Lightning Bolt\n" * 100, encoding="utf-8")
    monkeypatch.setattr("catalog.ingest.textfiles.read_into", _eio)
    result = runner.invoke(app, args)
    assert result.exit_code == ExitCode.READ_FAILED, result.output
    assert "error: deck.twgp: cannot read: Input/output error" in result.stderr
    assert "unexpectedly" not in result.stderr


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="no /proc/self/mem here")
def test_a_real_read_error_is_named() -> None:
    """Reading /proc/self/mem from its start fails with EIO: a file that cannot be read."""
    done = twgp("convert", "generic", "/proc/self/mem")
    assert done.returncode == ExitCode.READ_FAILED, done.stderr
    assert "/proc/self/mem: cannot read: Input/output error" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("text", ["", "\n\n", "// just a comment\n# and a heading\n",
                                  "Deck\n\nSideboard\n"])  # fmt: skip
def test_input_that_holds_no_decklist_is_an_error(tmp_path: Path, text: str) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text(text, encoding="utf-8")
    out = tmp_path / "draft.twgp"
    result = runner.invoke(app, ["deck", "import", str(listing), "-o", str(out), "--db",
                                 str(tmp_path / "c.sqlite3")])  # fmt: skip
    assert result.exit_code == ExitCode.USAGE, result.output
    assert "no decklist: not one card line found" in result.stderr
    assert not out.exists()


#: inside a mount namespace: a tmpfs at FOLDER holding the catalog, filled to the last
#: byte, then the search
FULL_DISK = """
import os, shutil, subprocess, sys
folder, catalog, *command = sys.argv[1:]
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", folder], check=True)
path = shutil.copy(catalog, folder)
filler = os.open(os.path.join(folder, "filler"), os.O_WRONLY | os.O_CREAT)
try:
    while True:
        os.write(filler, bytes(4096))
except OSError:
    os.close(filler)
done = subprocess.run([sys.executable, "-m", "tui.cli", "--db", path, *command],
                      capture_output=True, text=True)
print(done.returncode)
print(done.stdout, end="")
print(done.stderr, file=sys.stderr, end="")
"""


def test_a_catalog_on_a_full_disk_can_still_be_searched(tmp_path: Path) -> None:
    prefix = namespace_prefix()
    if prefix is None:
        pytest.skip("no mount namespace here to make a small disk in")
    catalog = build_sample_catalog(tmp_path / "catalog.sqlite3")
    folder = tmp_path / "disk"
    folder.mkdir()
    for command in (["search", "Lightning Bolt", "--json"], ["show", "mtg:m10-bolt"]):
        done = subprocess.run([*prefix, sys.executable, "-c", FULL_DISK, str(folder), catalog,
                               *command], cwd=ROOT, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "TWGP_NO_STARTER": "1"}, check=False)  # fmt: skip
        code, _, out = done.stdout.partition("\n")
        assert code == "0", done.stderr
        assert "is full: the catalog is open read-only" in done.stderr
        assert "Lightning Bolt" in out
        if command[0] == "search":
            assert json.loads(out.splitlines()[0])["name"] == "Lightning Bolt"


def test_the_app_refuses_a_file_with_no_decklist_too(tmp_path: Path) -> None:
    from deckbuilder.errors import DecklistFormatError
    from tui.services import Services

    listing = tmp_path / "notes.txt"
    listing.write_text("# only a heading\n", encoding="utf-8")
    services = Services(db=str(tmp_path / "c.sqlite3"))
    with pytest.raises(DecklistFormatError, match="no decklist"):
        services.import_decklist(str(listing))
