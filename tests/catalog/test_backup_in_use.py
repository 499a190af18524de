"""No output overwrites a backup in use (issue 22 item 2): a backup onto the file another twgp
is still writing (its `.NAME.partial-PID` is there and that process runs) is refused with a
clear message and exit 73, `--force` or not, and neither copy is touched; a partial whose
process is gone is a leftover, removed, and the backup goes on. A restore onto such a file is
refused the same way."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import catalog.store.backup as backup_module
from catalog.schema.sqlite_files import remove_stale_temporaries
from catalog.store.backup import PARTIAL_MARK, backup_catalog, restore_catalog
from converters.errors import OutputRefusedError
from converters.exit_codes import ExitCode
from tests.helpers.catalog_files import killed_backup, make_catalog, rows
from tests.helpers.cli import invoke

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    return make_catalog(tmp_path / "catalog.sqlite3")


@pytest.fixture
def alive() -> Iterator[int]:
    """The id of a process that runs for the test's length (not the test's own: a twgp never
    counts its own temporary file as another writer)."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield process.pid
    process.kill()
    process.wait()


def partial_of(destination: Path, pid: int) -> Path:
    partial = destination.with_name(f".{destination.name}{PARTIAL_MARK}{pid}")
    partial.write_bytes(b"half a backup, being written")
    return partial


@pytest.mark.parametrize("force", [False, True], ids=["new", "force"])
def test_a_backup_onto_one_under_way_is_refused(
    catalog: Path, tmp_path: Path, alive: int, force: bool
) -> None:
    destination = tmp_path / "saved.sqlite3"
    if force:
        destination.write_bytes(b"yesterday's backup")
    partial = partial_of(destination, alive)
    with pytest.raises(OutputRefusedError) as refused:
        backup_catalog(str(catalog), destination, force=force)
    assert refused.value.exit_code == ExitCode.OUTPUT_REFUSED
    assert refused.value.message == (f"another twgp (process {alive}) is writing {destination} "
                                     "now (a backup or a restore under way); nothing was "
                                     "written")  # fmt: skip
    assert refused.value.hint == "wait until it has finished, or name another file"
    assert partial.read_bytes() == b"half a backup, being written"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["catalog.sqlite3", partial.name, *(["saved.sqlite3"] if force else [])]
    )
    if force:
        assert destination.read_bytes() == b"yesterday's backup"


def test_a_backup_started_at_the_same_moment_is_refused(
    catalog: Path, tmp_path: Path, alive: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other backup's file appears after the first look: the look after this backup has
    claimed its own temporary name sees it, and this backup's file is removed."""
    destination = tmp_path / "saved.sqlite3"
    cleaning = remove_stale_temporaries

    def other_starts(folder: Path, mark: str) -> list[Path]:
        partial_of(destination, alive)
        return cleaning(folder, mark)

    monkeypatch.setattr(backup_module, "remove_stale_temporaries", other_starts)
    with pytest.raises(OutputRefusedError, match=f"process {alive}"):
        backup_catalog(str(catalog), destination, force=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f".saved.sqlite3{PARTIAL_MARK}{alive}",
        "catalog.sqlite3",
    ]


def test_the_command_refuses_and_says_which_process(
    catalog: Path, tmp_path: Path, alive: int
) -> None:
    destination = tmp_path / "saved.sqlite3"
    destination.write_bytes(b"yesterday's backup")
    partial_of(destination, alive)
    code, out, err = invoke("backup", "--db", str(catalog), "--force", str(destination))
    assert code == 73, err
    assert f"error: another twgp (process {alive}) is writing" in err
    assert "hint: wait until it has finished" in err
    assert out == ""
    assert destination.read_bytes() == b"yesterday's backup"


def test_a_partial_whose_process_is_gone_does_not_stop_a_backup(
    catalog: Path, tmp_path: Path
) -> None:
    destination = tmp_path / "saved.sqlite3"
    left = killed_backup(catalog, destination)
    copied = backup_catalog(str(catalog), destination)
    assert sorted(copied.cleaned) == left
    assert rows(destination) == rows(catalog)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["catalog.sqlite3", "saved.sqlite3"]


def test_two_real_backups_onto_one_file_never_interleave(catalog: Path, tmp_path: Path) -> None:
    """A real backup holds its copy under its temporary name (paused after the check); a
    second one onto the same file is refused; the first then finishes with its own copy."""
    destination = tmp_path / "saved.sqlite3"
    release = tmp_path / "release"
    code = textwrap.dedent(f"""
        import time
        from pathlib import Path
        import catalog.store.backup as backup

        real = backup.check_integrity
        def check_then_wait(connection, what):
            real(connection, what)
            print("copied", flush=True)
            while not Path({str(release)!r}).exists():
                time.sleep(0.05)
        backup.check_integrity = check_then_wait
        done = backup.backup_catalog({str(catalog)!r}, Path({str(destination)!r}), force=True)
        print("done", done.cards, flush=True)
    """)
    first = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                             text=True)  # fmt: skip
    try:
        assert first.stdout is not None
        assert first.stdout.readline().strip() == "copied"
        with pytest.raises(OutputRefusedError, match=f"process {first.pid}"):
            backup_catalog(str(catalog), destination, force=True)
        assert not destination.exists()
        release.write_bytes(b"")
        assert first.stdout.readline().strip() == f"done {rows(catalog)}"
        assert first.wait(timeout=60) == 0
    finally:
        first.kill()
        first.wait()
        if first.stdout is not None:
            first.stdout.close()
    assert rows(destination) == rows(catalog)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "catalog.sqlite3",
        "release",
        "saved.sqlite3",
    ]


def test_a_restore_onto_a_file_a_backup_is_writing_is_refused(
    catalog: Path, tmp_path: Path, alive: int
) -> None:
    target = tmp_path / "other.sqlite3"
    partial = partial_of(target, alive)
    with pytest.raises(OutputRefusedError, match=f"process {alive}"):
        restore_catalog(str(target), catalog, force=True)
    assert not target.exists()
    assert partial.read_bytes() == b"half a backup, being written"
