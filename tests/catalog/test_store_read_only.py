"""A catalog in a folder we cannot write (a shared or mounted read-only folder) is opened
read-only: searches work, changes fail with a clear message, nothing is written beside it.

Root writes anywhere, so the commands run as an unprivileged user in a user namespace
(`unshare --user`); where the sandbox cannot do that, the tests are skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from catalog.store.db import open_engine
from tests.catalog.helpers import load


def _as_nobody() -> list[str]:
    prefix = _unprivileged()
    if prefix is None:
        pytest.skip("running as root, and no user namespace (`unshare --user`) to drop it")
    return prefix


@cache
def _unprivileged() -> list[str] | None:
    """The command prefix that runs a command without root's power to write anywhere."""
    if os.geteuid() != 0:
        return []
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    probe = subprocess.run([unshare, "--user", sys.executable, "-c", "import catalog.store.db"],
                           capture_output=True, check=False)  # fmt: skip
    return None if probe.returncode else [unshare, "--user"]


@pytest.fixture
def read_only_catalog() -> Iterator[Path]:
    """A catalog with the test cards, in a folder and a file nobody may write."""
    base = Path(tempfile.mkdtemp(prefix="twgp-ro-"))
    base.chmod(0o755)
    folder = base / "shared"
    folder.mkdir()
    path = folder / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    load(engine)
    engine.dispose()
    path.chmod(0o444)
    folder.chmod(0o555)
    try:
        yield path
    finally:
        folder.chmod(0o755)
        shutil.rmtree(base)


def _twgp(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [*_as_nobody(), sys.executable, "-m", "tui.cli", "--db", str(path), *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


def test_search_and_show_work_in_a_read_only_folder(read_only_catalog: Path) -> None:
    found = _twgp(read_only_catalog, "search", "bolt")
    assert found.returncode == 0, found.stderr
    assert "Lightning Bolt" in found.stdout
    shown = _twgp(read_only_catalog, "show", "Grizzly Bears")
    assert shown.returncode == 0, shown.stderr
    assert sorted(p.name for p in read_only_catalog.parent.iterdir()) == ["catalog.sqlite3"]


def test_a_change_in_a_read_only_folder_says_why(read_only_catalog: Path) -> None:
    changed = _twgp(read_only_catalog, "override", "Grizzly Bears", "--grade", "3")
    assert changed.returncode == 3
    assert "readonly database" in changed.stderr
    assert "cannot be written here" in changed.stderr
    assert "Traceback" not in changed.stderr


def test_doctor_and_backup_work_in_a_read_only_folder(read_only_catalog: Path) -> None:
    checked = _twgp(read_only_catalog, "doctor")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "read-only here: checked, nothing repaired" in checked.stdout
    assert "full-text index: consistent with the cards" in checked.stdout
    out = read_only_catalog.parent.parent / "out"
    out.mkdir()
    out.chmod(0o777)
    copied = _twgp(read_only_catalog, "backup", str(out / "saved.sqlite3"))
    assert copied.returncode == 0, copied.stderr
    assert "10 cards, schema" in copied.stdout
