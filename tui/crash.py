"""What the user sees when twgp itself fails: one short line on stderr and a log file with the
details (the traceback, the command line, the versions) — never a traceback on the terminal.

Exit codes (docs/input.md, "Exit codes"): 0 done; 1 a check failed (an illegal deck,
`--strict` with failed records); 2 the input or the command line is wrong (InputFormatError,
usage); 70 an unexpected error inside twgp (this module); 130 interrupted (Ctrl-C); 141 the
output pipe was closed (`twgp … | head`)."""

from __future__ import annotations

import os
import platform
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_log_dir

UNEXPECTED_EXIT = 70  # sysexits.h EX_SOFTWARE
INTERRUPTED_EXIT = 130  # 128 + SIGINT, as a shell reports Ctrl-C
BROKEN_PIPE_EXIT = 141  # 128 + SIGPIPE, as a shell reports it


def log_folder() -> Path:
    return Path(user_log_dir("twgp", appauthor=False))


def report_unexpected(exc: BaseException) -> int:
    """Write `exc` with its traceback to a new log file, tell the user in one line where it
    is, and return the exit code."""
    summary = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
    try:
        path = _write_log(exc)
        where = f"details in {path}"
    except OSError as failed:  # no writable log folder: the details go to stderr after all
        where = f"no log written ({failed.strerror or failed}): {traceback.format_exc()}"
    _say(f"error: twgp failed unexpectedly ({summary}); {where}")
    _say("  hint: please report it with that file; the input files were not changed")
    return UNEXPECTED_EXIT


def _write_log(exc: BaseException) -> Path:
    folder = log_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = folder / f"error-{stamp}-{os.getpid()}.log"
    details = "".join(traceback.format_exception(exc))
    path.write_text(
        f"command: {' '.join(sys.argv)}\ntime: {stamp} UTC\n"
        f"python: {platform.python_version()} on {platform.platform()}\n\n{details}",
        encoding="utf-8",
    )
    return path


def quiet_broken_pipe() -> int:
    """The reader of our output went away (`| head`): stop without a word."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests): nothing to silence
        pass
    return BROKEN_PIPE_EXIT


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
