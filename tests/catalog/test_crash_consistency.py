"""Crash consistency: the real commands, in child processes, stopped at seeded random moments
— killed (SIGKILL), Ctrl-C (SIGINT), asked to stop (SIGTERM) — or run out of disk. Whatever
the moment, the catalog left behind opens and the doctor finds nothing to mend; there is no
traceback; and after Ctrl-C or SIGTERM the import's summary equals what was committed.

Moments are drawn within one uninterrupted run's duration (measured first), so they fall
before, inside and after the work; TWGP_CRASH_TRIALS=N tries more of them."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from catalog.cards.card_rows import card_row
from catalog.ingest.importer import import_files
from catalog.store.backup import backup_catalog
from catalog.store.db import open_engine
from catalog.store.migrate import current_revision, head_revision
from converters.base import CardType
from converters.registry import load_converter
from tests.catalog.crash import SEED, TRIALS, assert_quiet, assert_sound, namespace_prefix, twgp
from tests.catalog.helpers import card
from tests.helpers.catalog_files import bulk_file, engine_at

#: cards of the import: three batches of 2,000
IMPORTED = 6000
#: cards of the catalogs that are upgraded or restored (their indexes take a while to build)
STORED = 20_000
STOPS = ["SIGKILL", "SIGINT", "SIGTERM"]
MTG = load_converter("mtg")


def moments(seed: str, seconds: float) -> Iterator[tuple[str, float]]:
    """(signal, delay) for each trial: every kind of stop, at moments spread over the run.
    Each is printed before it is tried (pytest shows it with a failure)."""
    rng = random.Random(f"{seed}{SEED}")
    for n in range(TRIALS):
        stop, after = STOPS[n % len(STOPS)], rng.uniform(0.0, seconds)
        print(f"trial {n} of {seed!r} (TWGP_CRASH_SEED={SEED!r}): {stop} {after:.3f} s after "
              f"ready; the uninterrupted run took {seconds:.3f} s")  # fmt: skip
        yield stop, after


@pytest.fixture(scope="module")
def bulk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bulk_file(tmp_path_factory.mktemp("bulk") / "bulk.json", IMPORTED)


@pytest.fixture(scope="module")
def empty_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("empty") / "catalog.sqlite3"
    open_engine(str(path), load_starter=False).dispose()
    return path


def _copy(template: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "catalog.sqlite3"
    shutil.copyfile(template, path)
    return path


def test_a_first_creation_stopped_anywhere_leaves_no_catalog_or_a_whole_one(
    tmp_path: Path,
) -> None:
    whole = tmp_path / "whole" / "catalog.sqlite3"
    first = twgp("--db", str(whole), "search", "bolt")
    assert first.code == 0, first.err
    starter_cards = assert_sound(whole)

    for n, (stop, after) in enumerate(moments("create", first.seconds)):
        path = tmp_path / f"try{n}" / "catalog.sqlite3"
        run = twgp("--db", str(path), "search", "bolt", stop=stop, after=after)
        assert_quiet(run)
        if path.exists():  # it was linked into place: then it is whole
            assert assert_sound(path) == starter_cards
        open_engine(str(path)).dispose()  # was: "table card already exists", for good
        assert assert_sound(path) == starter_cards
        assert sorted(p.name for p in path.parent.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize("writer", [False, True], ids=["in-process", "writer process"])
def test_an_import_stopped_anywhere_reports_what_it_committed(
    tmp_path: Path, bulk: Path, empty_catalog: Path, writer: bool
) -> None:
    env = {"TWGP_NO_STARTER": "1", **({"CRASH_WRITER_PROCESS": "1"} if writer else {})}
    whole = _copy(empty_catalog, tmp_path / "whole")
    first = twgp("--db", str(whole), "import", "mtg", str(bulk), env=env)
    assert first.code == 0, first.err
    assert first.counts() == (IMPORTED, 0, 0)

    for n, (stop, after) in enumerate(moments(f"import-{writer}", first.seconds)):
        path = _copy(empty_catalog, tmp_path / f"try{n}")
        run = twgp("--db", str(path), "import", "mtg", str(bulk), stop=stop, after=after, env=env)
        assert_quiet(run)
        stored = assert_sound(path)
        assert stored % 2000 == 0 or stored == IMPORTED  # whole batches only
        if run.code == 130 and run.counts() is None:  # stopped before the import began
            assert stored == 0, run.err
        elif run.code in (0, 130):  # finished, or stopped by Ctrl-C or SIGTERM: it says so
            assert run.counts() == (stored, 0, 0), run.err  # and tells the truth
        else:  # killed, or stopped before the import began or after it ended
            assert run.code in (-signal.SIGKILL, -signal.SIGTERM, -signal.SIGINT), run.err
            assert run.counts() in (None, (stored, 0, 0)), run.err
    engine = open_engine(str(path), load_starter=False)  # the last one, run again
    rerun = import_files(engine, MTG, [bulk])
    engine.dispose()
    assert (rerun.new, rerun.unchanged) == (IMPORTED - stored, stored)  # finishes the job
    assert assert_sound(path) == IMPORTED


@pytest.fixture(scope="module")
def old_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalog as twgp 0003 left it, with enough cards that building the next migrations'
    indexes takes a moment."""
    path = tmp_path_factory.mktemp("old") / "catalog.sqlite3"
    engine = engine_at(f"sqlite:///{path}", "0003")
    now = datetime.now(UTC)
    rows = [card_row(card(f"c{n}", f"Test Card {n}", n % 10, CardType.UNIT), None, now=now)
            for n in range(STORED)]  # fmt: skip
    columns = [name for name in rows[0].values if name != "starter"]  # 0006 added it
    with engine.begin() as connection:  # as the importer of 0003 wrote them
        connection.execute(
            text(f"INSERT INTO card ({', '.join(columns)}) "
                 f"VALUES ({', '.join(':' + name for name in columns)})"),
            [{**{name: row.values[name] for name in columns},
              "grade": row.values["source_grade"], "card_type": row.values["source_type"]}
             for row in rows],
        )  # fmt: skip
        connection.execute(
            text("INSERT INTO card_name (key, card_id) SELECT search_key, id FROM card")
        )
    engine.dispose()
    return path


def test_an_upgrade_stopped_anywhere_leaves_a_catalog_that_opens(
    tmp_path: Path, old_catalog: Path
) -> None:
    whole = _copy(old_catalog, tmp_path / "whole")
    first = twgp("--db", str(whole), "search", "test card 7")
    assert first.code == 0, first.err

    for n, (stop, after) in enumerate(moments("upgrade", first.seconds)):
        path = _copy(old_catalog, tmp_path / f"try{n}")
        run = twgp("--db", str(path), "search", "test card 7", stop=stop, after=after)
        assert_quiet(run)
        engine = open_engine(str(path), load_starter=False)  # was: "no such index", for good
        with engine.connect() as connection:
            assert current_revision(connection) == head_revision()
        engine.dispose()
        assert assert_sound(path) == STORED


def test_a_restore_stopped_anywhere_leaves_the_old_catalog_or_the_backup(
    tmp_path: Path, old_catalog: Path, empty_catalog: Path
) -> None:
    source = _copy(old_catalog, tmp_path / "source")
    open_engine(str(source), load_starter=False).dispose()  # upgraded: a current backup
    backup = backup_catalog(str(source), tmp_path / "backup.sqlite3").path
    whole = _copy(empty_catalog, tmp_path / "whole")
    first = twgp("--db", str(whole), "restore", str(backup), "--force")
    assert first.code == 0, first.err

    for n, (stop, after) in enumerate(moments("restore", first.seconds)):
        path = _copy(empty_catalog, tmp_path / f"try{n}")
        run = twgp("--db", str(path), "restore", str(backup), "--force", stop=stop, after=after)
        assert_quiet(run)
        assert assert_sound(path) in (0, STORED)  # never half of it


#: run inside a mount namespace: a tmpfs of SIZE at FOLDER, the command, then room again
#: and the state left behind
FULL_DISK = """
import json, shutil, subprocess, sys
from pathlib import Path
folder, size, template, *command = sys.argv[1:]
subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", folder], check=True)
path = Path(folder) / "catalog.sqlite3"
if template != "-":
    shutil.copyfile(template, path)
from tests.catalog.crash import twgp, assert_sound
run = twgp("--db", str(path), *command)
revision = None
if path.exists():
    import sqlite3
    with sqlite3.connect(path) as connection:
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]
subprocess.run(["mount", "-o", "remount,size=256m", folder], check=True)
extra = sorted(p.name for p in Path(folder).iterdir() if p.name.startswith("."))
left = None
if path.exists():  # with room again, it opens (an upgrade is done now) and is sound
    from catalog.store.db import open_engine
    open_engine(str(path), load_starter=False).dispose()
    left = assert_sound(path)
print(json.dumps({"code": run.code, "err": run.err, "counts": run.counts(), "left": left,
                  "extra": extra, "revision": revision}))
"""


def _on_a_full_disk(tmp_path: Path, size: str, template: str, *command: str) -> dict[str, object]:
    prefix = namespace_prefix()
    if prefix is None:
        pytest.skip("no mount namespace here to make a small disk in")
    folder = tmp_path / "disk"
    folder.mkdir()
    done = subprocess.run([*prefix, sys.executable, "-c", FULL_DISK, str(folder), size, template,
                           *command], capture_output=True, text=True, check=False,
                          timeout=300, env={"TWGP_NO_STARTER": "1", **_environ()})  # fmt: skip
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return found


def _environ() -> dict[str, str]:
    return dict(os.environ)


def test_a_full_disk_during_creation_leaves_no_catalog(tmp_path: Path) -> None:
    found = _on_a_full_disk(tmp_path, "200k", "-", "search", "bolt")
    assert found["code"] == 3
    assert "cannot create the catalog" in str(found["err"])
    assert "disk is full" in str(found["err"])
    assert "Traceback" not in str(found["err"])
    assert (found["left"], found["extra"]) == (None, [])


def test_a_full_disk_during_an_import_keeps_whole_batches(
    tmp_path: Path, bulk: Path, empty_catalog: Path
) -> None:
    found = _on_a_full_disk(tmp_path, "3m", str(empty_catalog), "import", "mtg", str(bulk))
    err = str(found["err"])
    assert found["code"] == 3, err
    assert "disk is full" in err
    assert "Traceback" not in err
    stored = int(str(err.split("(")[1].split(" cards stored")[0]))  # "(N cards stored before it)"
    assert found["left"] == stored
    assert stored % 2000 == 0


def test_a_full_disk_during_an_upgrade_leaves_the_old_catalog(
    tmp_path: Path, old_catalog: Path
) -> None:
    size = f"{old_catalog.stat().st_size // 1024 + 256}k"  # the file fits; new indexes do not
    found = _on_a_full_disk(tmp_path, size, str(old_catalog), "search", "test card 7")
    err = str(found["err"])
    assert found["code"] == 3, err
    assert "cannot upgrade the schema" in err
    assert "the catalog was left as it was" in err
    assert found["revision"] == "0003"
    assert found["left"] == STORED  # and with room again it opened, upgraded, sound
