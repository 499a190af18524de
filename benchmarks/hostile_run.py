"""Running one hostile case: the real `twgp` executable as a subprocess, in a folder of its
own with a copy of a template catalog, and the checks every case must pass."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the executable under test (TWGP_UNDER_TEST: another checkout's, to keep editing this one)
TWGP = Path(os.environ.get("TWGP_UNDER_TEST") or ROOT / ".venv" / "bin" / "twgp")
#: what twgp's own exit codes mean (docs/input.md, "Exit codes"); 70 is a bug
DOCUMENTED_EXITS = frozenset({0, 1, 2})
CRASH_MARKS = (b"Traceback (most recent call last)", b"failed unexpectedly", b"MarkupError",
               b"RecursionError", b"MemoryError")  # fmt: skip


@dataclass
class Result:
    code: int | None
    stdout: bytes
    stderr: bytes
    seconds: float
    folder: Path


Check = Callable[[Result], str | None]


@dataclass
class Case:
    """One command: `args` after `twgp`, with `{db}` and `{dir}` replaced; files written first."""

    name: str
    args: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes | None = None
    exits: frozenset[int] = DOCUMENTED_EXITS
    timeout: float = 120.0
    #: on any exit but 0, the catalog must be as it was (nothing stored on refusal)
    unchanged_on_refusal: bool = True
    checks: list[Check] = field(default_factory=list)
    #: commands run before the case (same folder, same catalog), each must exit 0
    setup: list[list[str]] = field(default_factory=list)


def fingerprint(db: Path) -> tuple[int, ...]:
    """Counts of what a refused command must not change."""
    if not db.exists():
        return ()
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        tables = ("card", "collection_row", "deck", "card_override", "card_alias")
        return tuple(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables)


def _expand(args: list[str], folder: Path) -> list[str]:
    return [a.replace("{db}", str(folder / "c.db")).replace("{dir}", str(folder)) for a in args]


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TWGP_")}
    env.update(HOME=str(folder / "home"), XDG_STATE_HOME=str(folder / "state"),
               XDG_DATA_HOME=str(folder / "data"), COLUMNS="120")  # fmt: skip
    return env


def run_args(args: list[str], folder: Path, stdin: bytes | None, timeout: float) -> Result:
    started = time.perf_counter()
    try:
        done = subprocess.run([str(TWGP), *_expand(args, folder)], input=stdin or b"",
                              capture_output=True, timeout=timeout, cwd=folder,
                              env=_env(folder), check=False)  # fmt: skip
        code: int | None = done.returncode
        out, err = done.stdout, done.stderr
    except subprocess.TimeoutExpired as exc:
        code, out, err = None, exc.stdout or b"", exc.stderr or b""
    return Result(code, out, err, time.perf_counter() - started, folder)


def run_case(case: Case, template: Path, work: Path) -> list[str]:
    """Run a case in a fresh folder; the list of what went wrong (empty: passed)."""
    try:
        return _run_case(case, template, work)
    except Exception as exc:  # the harness's own fault: reported with the case, not fatal
        return [f"harness error: {type(exc).__name__}: {exc}"]


def _run_case(case: Case, template: Path, work: Path) -> list[str]:
    folder = work / case.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copy(template, folder / "c.db")
    for name, data in case.files.items():
        (folder / name).write_bytes(data)
    for setup in case.setup:
        if setup[0].startswith("!"):  # a shell command, not twgp
            subprocess.run([setup[0][1:], *setup[1:]], cwd=folder, check=True)
            continue
        done = run_args(setup, folder, None, case.timeout)
        if done.code != 0:
            return [f"setup {setup[:3]} exit {done.code}: {_tail(done.stderr)}"]
    before = fingerprint(folder / "c.db")
    result = run_args(case.args, folder, case.stdin, case.timeout)
    problems = problems_of(case, result)
    if result.code not in (0, None) and case.unchanged_on_refusal:
        after = fingerprint(folder / "c.db")
        if after != before:
            problems.append(f"catalog changed on refusal: {before} → {after}")
    for check in case.checks:
        message = check(result)
        if message:
            problems.append(message)
    if not problems:
        shutil.rmtree(folder, ignore_errors=True)
    return problems


def problems_of(case: Case, result: Result) -> list[str]:
    problems = []
    if result.code is None:
        problems.append(f"time-out after {case.timeout:.0f} s")
    elif result.code not in case.exits:
        problems.append(f"exit {result.code} (expected {sorted(case.exits)}): "
                        f"{_tail(result.stderr)}")  # fmt: skip
    for mark in CRASH_MARKS:
        if mark in result.stderr or mark in result.stdout:
            problems.append(f"{mark.decode()} in the output: {_tail(result.stderr)}")
    return problems


def _tail(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip().replace("\n", " | ")
    return text[-300:]
