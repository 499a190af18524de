"""Outputs replace only regular files they were asked to replace (issue 22, items 1 and 2):
every output of the command line — `deck export -o`, `deck import -o`, `collection export -o`,
`backup`, `restore --db` — and the app's save and export refuse a device, a FIFO, a socket, a
directory or a symbolic link to one (exit 73, whatever `--force` says) and never write over
the catalog, its `-wal`/`-shm` files, the backup being restored or the command's input; `-`
and `/dev/stdout` stay streams. Every node is made here, in the test's own folder."""

from __future__ import annotations

import errno
import hashlib
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from converters.errors import OutputExistsError, OutputRefusedError
from converters.exit_codes import ExitCode
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import full_deck
from tui.cli import app

runner = CliRunner()
REFUSED = int(ExitCode.OUTPUT_REFUSED)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(build_sample_catalog(tmp_path_factory.mktemp("template") / "catalog.sqlite3"))


@pytest.fixture
def place(tmp_path: Path, template: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a catalog (`catalog.sqlite3`), a deck file and a decklist; the current
    folder (short socket paths)."""
    (tmp_path / "catalog.sqlite3").write_bytes(template.read_bytes())
    (tmp_path / "deck.twgp").write_text(full_deck(), encoding="utf-8")
    (tmp_path / "list.txt").write_text("4 Lightning Bolt\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(os.path.relpath(path))  # relative: a socket path is at most 108 bytes
    server.close()


def _directory(path: Path) -> None:
    path.mkdir()


def _device(path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("making a device node (os.mknod) needs root")
    os.mknod(path, 0o644 | stat.S_IFCHR, os.makedev(1, 3))  # a null device of our own


MAKERS: dict[str, Callable[[Path], None]] = {
    "fifo": _fifo, "socket": _socket, "directory": _directory, "device": _device,
}  # fmt: skip


WORDS = {"fifo": "a FIFO (named pipe)", "socket": "a socket", "directory": "a directory",
         "device": "a character device"}  # fmt: skip


def _snapshot(path: Path) -> tuple[int, int]:
    found = os.lstat(path)
    return found.st_mode, found.st_rdev


#: each command writing OUT, with `--force`
COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "deck export": lambda out: ["deck", "export", "deck.twgp", "--to", "md", "-o", out,
                                "--db", "catalog.sqlite3", "--force"],
    "deck import": lambda out: ["deck", "import", "list.txt", "-o", out, "--db",
                                "catalog.sqlite3", "--force"],
    "collection export": lambda out: ["collection", "export", "-o", out, "--db",
                                      "catalog.sqlite3", "--force"],
    "backup": lambda out: ["backup", out, "--db", "catalog.sqlite3", "--force"],
}  # fmt: skip


def _cases() -> Iterator[tuple[str, str, bool]]:
    for command in COMMANDS:
        for kind in MAKERS:
            for linked in (False, True):
                if command == "backup" and kind == "directory":
                    continue  # a folder is where `backup` puts a dated file (tested below)
                yield command, kind, linked


@pytest.mark.parametrize(("command", "kind", "linked"), list(_cases()))
def test_an_output_that_is_no_regular_file_is_refused(
    place: Path, command: str, kind: str, linked: bool
) -> None:
    node = place / "nodes" / f"the-{kind}"
    node.parent.mkdir()
    MAKERS[kind](node)
    out = node
    if linked:
        out = place / "out.link"
        out.symlink_to(node)
    before = _snapshot(node)
    code, _, err = run(*COMMANDS[command](str(out)))
    assert code == REFUSED, err
    assert f"is {WORDS[kind]}" in err
    assert "twgp writes only regular files" in err
    assert ("through a symbolic link" in err) == linked
    assert _snapshot(node) == before  # the node is still what it was
    if linked:
        assert out.is_symlink()
    if kind == "directory":
        assert list(node.iterdir()) == []


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("name", ["catalog.sqlite3", "catalog.sqlite3-wal", "catalog.sqlite3-shm"])
def test_no_output_overwrites_the_catalog_or_its_side_files(
    place: Path, command: str, name: str
) -> None:
    catalog = place / "catalog.sqlite3"
    before = hashlib.sha256(catalog.read_bytes()).hexdigest()
    code, _, err = run(*COMMANDS[command](name))
    assert code == REFUSED, err
    assert "twgp never writes over it" in err
    assert hashlib.sha256(catalog.read_bytes()).hexdigest() == before
    if name != "catalog.sqlite3":
        assert not (place / name).exists()  # not even made


def test_a_link_to_the_catalog_is_refused_too(place: Path) -> None:
    link = place / "innocent.md"
    link.symlink_to(place / "catalog.sqlite3")
    code, _, err = run(*COMMANDS["deck export"](str(link)))
    assert code == REFUSED, err
    assert link.is_symlink()


@pytest.mark.parametrize(("command", "source"), [
    (["deck", "import", "list.txt", "--db", "catalog.sqlite3", "--force", "-o"], "list.txt"),
    (["deck", "export", "deck.twgp", "--to", "twgp", "--db", "catalog.sqlite3", "--force",
      "-o"], "deck.twgp"),
])  # fmt: skip
def test_an_output_never_replaces_the_commands_own_input(
    place: Path, command: list[str], source: str
) -> None:
    before = (place / source).read_bytes()
    code, _, err = run(*command, source)
    assert code == REFUSED, err
    assert (place / source).read_bytes() == before


@pytest.mark.parametrize("kind", ["fifo", "socket", "directory", "device"])
def test_restore_never_writes_through_a_link_at_the_catalog(place: Path, kind: str) -> None:
    code, _, err = run("backup", "saved.sqlite3", "--db", "catalog.sqlite3")
    assert code == 0, err
    node = place / f"the-{kind}"
    MAKERS[kind](node)
    link = place / "linked.sqlite3"
    link.symlink_to(node)
    before = _snapshot(node)
    code, _, err = run("restore", "saved.sqlite3", "--db", str(link), "--force")
    assert code == REFUSED, err
    assert "twgp writes only regular files" in err
    assert _snapshot(node) == before


@pytest.mark.parametrize("stream", ["-", "/dev/stdout"])
def test_dash_and_dev_stdout_stay_streams(place: Path, stream: str) -> None:
    code, out, err = run("deck", "export", "deck.twgp", "--to", "md", "-o", stream, "--db",
                         "catalog.sqlite3")  # fmt: skip
    assert code == 0, err
    assert out.startswith("# Sample")
    assert not (place / "-").exists()
    code, out, err = run("collection", "export", "-o", stream, "--db", "catalog.sqlite3")
    assert code == 0, err
    assert out.startswith("qty,") or "," in out.splitlines()[0]


@pytest.mark.parametrize("stream", ["-", "/dev/stdout"])
def test_a_backup_is_never_written_to_a_stream(place: Path, stream: str) -> None:
    code, _, err = run("backup", stream, "--db", "catalog.sqlite3")
    assert code == REFUSED, err
    assert "is standard output" in err


def test_a_backup_into_a_folder_still_gets_a_dated_file(place: Path) -> None:
    (place / "backups").mkdir()
    code, _, err = run("backup", "backups", "--db", "catalog.sqlite3")
    assert code == 0, err
    assert [p.name.startswith("twgp-") for p in (place / "backups").iterdir()] == [True]


def test_a_regular_file_is_still_replaced_with_force_and_kept_without(place: Path) -> None:
    out = place / "out.md"
    out.write_text("keep me", encoding="utf-8")
    code, _, err = run(*COMMANDS["deck export"](str(out))[:-1])  # without --force
    assert code == ExitCode.USAGE
    assert "exists; not overwritten" in err
    assert out.read_text(encoding="utf-8") == "keep me"
    code, _, err = run(*COMMANDS["deck export"](str(out)))
    assert code == 0, err
    assert out.read_text(encoding="utf-8").startswith("# Sample")


# --- the app ---------------------------------------------------------------------------------


def test_the_app_never_exports_over_the_open_deck_or_the_catalog(place: Path) -> None:
    from deckbuilder.twgp_format import parse
    from tui.services import Services

    services = Services(db=str(place / "catalog.sqlite3"))
    deck_file = place / "deck.twgp"
    deck = parse(deck_file.read_text(encoding="utf-8"))
    before = deck_file.read_bytes()
    with pytest.raises(OutputRefusedError):
        services.export(deck, "md", deck_file, force=True, keep=deck_file)
    assert deck_file.read_bytes() == before
    for name in ("catalog.sqlite3", "catalog.sqlite3-wal"):
        with pytest.raises(OutputRefusedError):
            services.export(deck, "md", place / name, force=True, keep=deck_file)
        with pytest.raises(OutputRefusedError):
            services.write_deck(deck, place / name)
    fifo = place / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OutputRefusedError):
        services.write_deck(deck, fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    with pytest.raises(OutputExistsError):
        services.export(deck, "md", deck_file, force=False)
    assert services.export(deck, "md", place / "deck.md", keep=deck_file) == place / "deck.md"
    assert (place / "deck.md").read_text(encoding="utf-8").startswith("# Sample")


def test_an_output_file_on_a_full_disk_is_named_and_leaves_nothing(
    place: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("catalog.base.safe_output.os.replace", full)
    before = sorted(p.name for p in place.iterdir())
    for args in (COMMANDS["deck export"]("out.md"), COMMANDS["collection export"]("out.csv"),
                 COMMANDS["deck import"]("draft.twgp")):  # fmt: skip
        code, _, err = run(*args)
        assert code == ExitCode.WRITE_FAILED, err
        assert "cannot write" in err
        assert "No space left on device" in err
        assert sorted(p.name for p in place.iterdir()) == before  # no file, no temporary file
    code, _, err = run("deck", "export", "deck.twgp", "--to", "md", "-o", "nowhere/out.md",
                       "--db", "catalog.sqlite3")  # fmt: skip
    assert code == ExitCode.WRITE_FAILED, err


@pytest.mark.parametrize("kind", ["fifo", "socket", "directory", "device"])
def test_a_catalog_that_is_no_regular_file_is_never_written(place: Path, kind: str) -> None:
    node = place / f"the-{kind}"
    MAKERS[kind](node)
    link = place / "link.sqlite3"
    link.symlink_to(node)
    before = _snapshot(node)
    for db in (node, link):
        code, _, err = run("import", "dqbr", "deck.twgp", "--db", str(db))
        assert code == REFUSED, err
        assert "twgp writes only regular files" in err
    assert _snapshot(node) == before
    assert not any(p.name.endswith(("-journal", "-wal", "-shm")) for p in place.iterdir())


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_a_file_writer_never_replaces_standard_output(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from catalog.base.safe_output import write_output

    def never(*_: object, **__: object) -> None:
        raise AssertionError("a temporary file was made to replace standard output")

    monkeypatch.setattr("catalog.base.safe_output.tempfile.mkstemp", never)  # touch nothing
    with pytest.raises(OutputRefusedError, match="is standard output"):
        write_output(Path(name), "text")
