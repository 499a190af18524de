"""The hostile-input suite of issue 14, run through the real CLI: hundreds of hostile files,
streams, card names and commands, each as a `twgp` subprocess on a copy of a fresh catalog.

    .venv/bin/python benchmarks/hostile.py [--only reader,markup,...] [--big] [--jobs 2]

Every case must end without a traceback, a time-out or an undocumented exit code (70 is a
bug), and a command that refuses must leave the catalog as it was; families add their own
checks (names intact, no raw escape reaching the terminal, no formula or script in an
export, a symlink's target untouched). `--big` adds the 10 MB Japanese CSVs (minutes).

It is a script, not part of the test suite: a few thousand subprocesses take 15–30 minutes
on two cores. Each defect it found has a regression test of its own in tests/."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.hostile_cases import (
    encoding_cases,
    export_cases,
    markup_cases,
    reader_cases,
    wrong_game_cases,
)  # fmt: skip
from benchmarks.hostile_limits import (
    collection_row_cases,
    japanese_cases,
    limit_cases,
    symlink_cases,
)  # fmt: skip
from benchmarks.hostile_run import Case, run_args, run_case

FAMILIES: dict[str, Callable[[bool], Iterator[Case]]] = {
    "reader": lambda big: reader_cases(),
    "encoding": lambda big: encoding_cases(),
    "wrong-game": lambda big: wrong_game_cases(),
    "markup": lambda big: markup_cases(),
    "export": lambda big: export_cases(),
    "symlink": lambda big: symlink_cases(),
    "limit": lambda big: limit_cases(),
    "collection": lambda big: collection_row_cases(),
    "japanese": japanese_cases,
}


def template_catalog(work: Path) -> Path:
    """A fresh catalog with the starter cards, copied for every case."""
    (work / "template").mkdir(parents=True, exist_ok=True)
    done = run_args(["search", "--db", "{db}", "bolt"], work / "template", None, 120)
    if done.code != 0:
        raise SystemExit(f"cannot create the template catalog: {done.stderr.decode()}")
    return work / "template" / "c.db"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(FAMILIES), help="families, comma-separated")
    parser.add_argument("--match", default="", help="only cases whose name holds this")
    parser.add_argument("--big", action="store_true", help="add the 10 MB Japanese CSVs")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--report", type=Path, help="write every failure as JSON here")
    parser.add_argument("--keep", type=Path, help="work folder (kept: failed cases' files)")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="twgp-hostile-"))
    template = template_catalog(work)
    cases = [c for f in args.only.split(",") for c in FAMILIES[f](args.big)
             if args.match in c.name]  # fmt: skip
    started = time.perf_counter()
    failures: dict[str, list[str]] = {}
    notes: dict[str, list[str]] = {}
    with ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda c: run_case(c, template, work), cases)
        for case, problems in zip(cases, results, strict=True):
            real = [p for p in problems if not p.startswith("NOTE")]
            if real:
                failures[case.name] = real
                print(f"FAIL {case.name}: {'; '.join(real)}", flush=True)
            elif problems:
                notes[case.name] = problems
    for name, problems in notes.items():
        print(f"note {name}: {'; '.join(problems)}")
    seconds = time.perf_counter() - started
    print(f"hostile: {len(cases)} cases, {len(failures)} failed, {len(notes)} notes, "
          f"{seconds:.0f} s")  # fmt: skip
    if args.report:
        args.report.write_text(json.dumps({"failures": failures, "notes": notes}, indent=1))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
