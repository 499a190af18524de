"""What the user sees when twgp itself fails: one short line on stderr and a log file with the
details (the traceback, the command line, the versions) — never a traceback on the terminal.

Exit codes: the one table is converters/exit_codes.py (shown on docs/input.md, "Exit
codes"); this module gives 70 (a bug), 130 (Ctrl-C), 141 (the output pipe was closed) and 74
(standard output could not be written: a full disk, an I/O error)."""

from __future__ import annotations

import errno
import os
import platform
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_log_dir

from converters.exit_codes import ExitCode

UNEXPECTED_EXIT = ExitCode.UNEXPECTED
INTERRUPTED_EXIT = ExitCode.INTERRUPTED
BROKEN_PIPE_EXIT = ExitCode.BROKEN_PIPE
WRITE_FAILED_EXIT = ExitCode.WRITE_FAILED
#: faults of writing standard output that are the disk's, not twgp's
OUTPUT_FAULTS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def log_folder() -> Path:
    return Path(user_log_dir("twgp", appauthor=False))


def report_unexpected(exc: BaseException) -> int:
    """Write `exc` with its traceback to a new log file, tell the user in one line where it
    is, and return the exit code."""
    for line in unexpected_lines(exc):
        _say(line)
    return UNEXPECTED_EXIT


def unexpected_lines(exc: BaseException) -> list[str]:
    """Log `exc` with its traceback and return what to tell the user: the error in one line
    with the log file's path, and a hint (the app shows these after it closes)."""
    summary = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
    try:
        path = _write_log(exc)
        where = f"details in {path}"
    except Exception as failed:  # no writable log folder (or worse): one line, no traceback
        reason = getattr(failed, "strerror", None) or failed
        where = f"no log written ({reason}); run it again with a writable log folder for the " \
            "details"
    return [f"error: twgp failed unexpectedly ({summary}); {where}",
            "  hint: please report it with that file; the input files were not changed"]


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
        errors="backslashreplace",  # a file name of undecodable bytes (LC_ALL=C) too
    )
    return path


def is_output_fault(exc: BaseException) -> bool:
    """An OSError of writing standard output that says the disk is full or failed."""
    return isinstance(exc, OSError) and exc.errno in OUTPUT_FAULTS


def report_output_fault(exc: OSError) -> int:
    """Standard output could not be written (ENOSPC, EIO…): say so in one line and return
    WRITE_FAILED_EXIT; what is still buffered for stdout is dropped, so that Python's own
    flush at exit does not fail again."""
    _say(f"error: cannot write the output (standard output): {exc.strerror or exc}")
    _say("  hint: free some space or write to another place (`-o FILE`, or redirect)")
    _silence_stdout()
    return WRITE_FAILED_EXIT


def flush_stdout() -> None:
    """Flush standard output now, so that a full disk or a closed pipe is told here rather
    than by Python's flush at exit (which would print a traceback-like warning)."""
    stream = sys.stdout
    if stream is not None:
        stream.flush()


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (tests)
        pass


def quiet_broken_pipe() -> int:
    """The reader of our output went away (`| head`): stop without a word."""
    _silence_stdout()
    return BROKEN_PIPE_EXIT


def _say(line: str) -> None:
    """One line on stderr in whatever encoding it has (what it cannot show is replaced)."""
    stream = sys.stderr
    if stream is None:
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    shown = line.encode(encoding, "replace").decode(encoding, "replace")
    try:
        print(shown, file=stream, flush=True)
    except (OSError, ValueError):
        pass


def tolerant_streams() -> None:
    """Standard output and error print what their encoding can show and replace the rest
    (an ASCII, Latin-1 or Shift_JIS terminal, `LC_ALL=C`): twgp never fails on a character."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (OSError, ValueError):
                pass
