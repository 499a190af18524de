"""What a killed backup leaves is cleaned (issue 22 item 6): `.NAME.partial-PID` files whose
process is gone are removed by the next backup into that folder and by `twgp doctor` beside
the catalog, which say so; a backup still running (its process alive) keeps its file."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from catalog.schema.sqlite_files import stale_temporaries
from catalog.store.backup import PARTIAL_MARK, backup_catalog
from catalog.store.doctor import examine
from tests.helpers.catalog_files import killed_backup
from tests.helpers.cli import invoke


@pytest.fixture
def running() -> Iterator[int]:
    """The id of a process that runs for the test's length."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield process.pid
    process.kill()
    process.wait()


def test_the_next_backup_removes_what_a_killed_one_left(
    catalog: Path, tmp_path: Path, running: int
) -> None:
    out = tmp_path / "backups"
    out.mkdir()
    left = killed_backup(catalog, out / "monday.sqlite3")
    in_use = out / f".tuesday.sqlite3{PARTIAL_MARK}{running}"  # a backup under way
    in_use.write_bytes(b"being written")
    copied = backup_catalog(str(catalog), out / "wednesday.sqlite3")
    assert sorted(copied.cleaned) == left
    assert not any(path.exists() for path in left)
    assert in_use.exists()
    assert sorted(p.name for p in out.iterdir()) == [in_use.name, "wednesday.sqlite3"]


def test_the_backup_command_says_what_it_removed(catalog: Path, tmp_path: Path) -> None:
    out = tmp_path / "backups"
    out.mkdir()
    left = killed_backup(catalog, out / "monday.sqlite3")
    code, _, err = invoke("backup", "--db", str(catalog), str(out / "tuesday.sqlite3"))
    assert code == 0, err
    assert "removed what interrupted backups left" in err
    assert all(path.name in err for path in left)
    assert not any(path.exists() for path in left)


def test_doctor_removes_a_killed_backup_beside_the_catalog_and_says_so(
    catalog: Path, running: int
) -> None:
    left = killed_backup(catalog, catalog.with_name("copy.sqlite3"))
    in_use = catalog.with_name(f".other.sqlite3{PARTIAL_MARK}{running}")
    in_use.write_bytes(b"being written")
    checked = examine(str(catalog), repair=False)
    found = next(f for f in checked.findings if f.check == "leftovers")
    assert (found.status, found.values["files"]) == ("problem", [p.name for p in left])
    assert all(path.exists() for path in left)

    report = examine(str(catalog))
    found = next(f for f in report.findings if f.check == "leftovers")
    assert found.status == "repaired"
    assert "interrupted creation, backup or restore" in found.message()
    assert not any(path.exists() for path in left)
    assert in_use.exists()
    assert stale_temporaries(catalog.parent, PARTIAL_MARK) == []
