"""The longer fuzz run: the property tests of every record reader and the query parser
(tests/catalog/test_fuzz_readers.py, test_query_limits.py, test_hostile_input.py) with many
more examples than the test suite's — "a result or a clean error, never anything else".

    .venv/bin/python benchmarks/fuzz.py [--examples 20000]

Exits with pytest's status; a failure prints Hypothesis's smallest failing input."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = [
    "tests/catalog/test_fuzz_readers.py",
    "tests/catalog/test_query_limits.py",
    "tests/catalog/test_hostile_input.py",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20_000, help="examples per property")
    args = parser.parse_args()
    # the explore profile (tests/conftest.py): new random examples on every run, failing ones
    # kept in .hypothesis/ and tried first next time (the suite's own run is derandomised)
    profile = os.environ.get("TWGP_HYPOTHESIS_PROFILE", "explore")
    env = {
        **os.environ,
        "TWGP_FUZZ_EXAMPLES": str(args.examples),
        "TWGP_HYPOTHESIS_PROFILE": profile,
    }
    started = time.perf_counter()
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *MODULES]
    status = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    print(f"fuzz: {args.examples:,} examples per property, {time.perf_counter() - started:.0f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
