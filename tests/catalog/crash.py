"""Running twgp in a child process and stopping it at a chosen moment, for the
crash-consistency tests: a kill (SIGKILL), Ctrl-C (SIGINT) or a stop request (SIGTERM) sent
a given time after the child is ready, and the catalog it leaves checked as the doctor would."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sqlalchemy import text

from catalog.store.db import open_engine
from catalog.store.doctor import examine

#: the child: everything a command needs is imported before it says it is ready, so a delay
#: after "ready" falls inside the command's own work
CHILD = """
import os, sys
import tui.cli, tui.commands.catalog_cmds, tui.commands.search_cmds, tui.commands.maintenance
import catalog.store.creation, catalog.ingest.importer, catalog.ingest.starter, catalog.store.backup, converters.mtg
if os.environ.get("CRASH_WRITER_PROCESS"):
    catalog.ingest.importer.PROCESS_MIN_BYTES = 0
sys.stderr.write("ready\\n")
sys.stderr.flush()
sys.argv = ["twgp", *sys.argv[1:]]
tui.cli.main()
"""

SIGNALS = {"SIGKILL": signal.SIGKILL, "SIGINT": signal.SIGINT, "SIGTERM": signal.SIGTERM}
#: how many moments each test tries (more with TWGP_CRASH_TRIALS, for a longer run)
TRIALS = int(os.environ.get("TWGP_CRASH_TRIALS", "3"))
#: mixed into each test's seed: TWGP_CRASH_SEED=anything draws other moments (a longer run)
SEED = os.environ.get("TWGP_CRASH_SEED", "")
_SUMMARY = re.compile(r"new\s+(\d+),\s+updated\s+(\d+),\s+unchanged\s+(\d+)")


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float  # from "ready" to the end

    def counts(self) -> tuple[int, int, int] | None:
        """(new, updated, unchanged) of the import summary printed, if any."""
        found = _SUMMARY.search(self.out + self.err)
        return None if found is None else (int(found[1]), int(found[2]), int(found[3]))


def twgp(*args: str, stop: str | None = None, after: float = 0.0, env: dict[str, str] | None = None,
         prefix: tuple[str, ...] = ()) -> Run:  # fmt: skip
    """Run `twgp ARGS` in a child; with `stop`, send that signal `after` seconds after it is
    ready. Waits for every process of the command (the import's writer too)."""
    child = subprocess.Popen([*prefix, sys.executable, "-c", CHILD, *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "COLUMNS": "200", **(env or {})})  # fmt: skip
    assert child.stderr is not None
    ready = child.stderr.readline()
    started = time.monotonic()
    if ready != "ready\n":
        out, err = child.communicate(timeout=120)
        raise AssertionError(f"the child did not start: {ready}{err}")
    if stop is not None:
        time.sleep(after)
        if child.poll() is None:
            child.send_signal(SIGNALS[stop])
    out, err = child.communicate(timeout=300)
    return Run(child.returncode, out, err, time.monotonic() - started)


#: Python's own report of a Ctrl-C that landed in a finalizer (a weakref callback of the
#: garbage collector, such as `<function WeakSet.__init__.<locals>._remove at 0x…>` or a
#: `__del__`): the interrupt is dropped there, by Python, whatever the program does
_LOST_INTERRUPT = re.compile(
    r"Exception ignored in: [^\n]*\nTraceback \(most recent call last\):\n"
    r"(?:  .*\n)*?KeyboardInterrupt: ?\n"
)


def assert_quiet(run: Run) -> None:
    """No traceback from the command or its writer process, whatever stopped it."""
    err = _LOST_INTERRUPT.sub("", run.err)
    for word in ("Traceback", "UnpicklingError", "BrokenPipeError", "Exception ignored"):
        assert word not in err, run.err


def assert_sound(path: Path) -> int:
    """The catalog opens and the doctor finds nothing to mend: returns its cards."""
    report = examine(str(path), repair=False)
    problems = [f.message() for f in report.findings if f.status not in ("ok", "skipped")]
    assert problems == [], problems
    engine = open_engine(str(path), load_starter=False)
    try:
        with engine.connect() as connection:
            cards = connection.execute(text("SELECT count(*) FROM card")).scalar_one()
            named = connection.execute(
                text("SELECT count(DISTINCT card_id) FROM card_name")
            ).scalar_one()
    finally:
        engine.dispose()
    assert named == cards  # every stored card has its name keys: no half-written batch
    return int(cards)


@cache
def namespace_prefix() -> tuple[str, ...] | None:
    """A command prefix giving the child its own mount namespace (to mount a small tmpfs: a
    full disk), or None where the sandbox does not allow it."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    prefix = (unshare, "--user", "--map-root-user", "--mount")
    probe = subprocess.run([*prefix, "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                           capture_output=True, check=False)  # fmt: skip
    return prefix if probe.returncode == 0 else None
