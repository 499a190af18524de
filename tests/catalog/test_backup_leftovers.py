"""What a killed backup leaves is cleaned (issue 22 item 6): `.NAME.partial-PID` files whose
process is gone are removed by the next backup into that folder and by `twgp doctor` beside
the catalog, which say so; a backup still running (its process alive) keeps its file."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from catalog.schema.sqlite_files import stale_temporaries
from catalog.store.backup import PARTIAL_MARK, backup_catalog
from catalog.store.doctor import examine
from tests.tui.test_cli_catalog import invoke

ROOT = Path(__file__).resolve().parents[2]


def killed_backup(catalog: Path, destination: Path) -> list[Path]:
    """Run a real backup in a process of its own and SIGKILL it once its copy is written
    under the temporary name; the files it left."""
    code = textwrap.dedent(f"""
        import time
        from pathlib import Path
        import catalog.store.backup as backup

        real = backup._check
        def check_then_hang(connection, what):
            real(connection, what)
            print("copied", flush=True)
            time.sleep(60)
        backup._check = check_then_hang
        backup.backup_catalog({str(catalog)!r}, Path({str(destination)!r}))
    """)
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                               text=True)  # fmt: skip
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "copied"
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    process.stdout.close()
    left = sorted(destination.parent.glob(f".{destination.name}{PARTIAL_MARK}*"))
    assert left, "the killed backup left nothing: the test proves nothing"
    return left


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
