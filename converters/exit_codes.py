"""Every exit code of the `twgp` command line, with what it means: the one table. The errors
(converters/errors.py and its subclasses) and the crash reporter (tui/crash.py) take their
codes from here, and the "Exit codes" table of docs/input.md is checked against `MEANINGS`
(tests/tui/test_exit_codes.py).

The numbers above 2 follow sysexits.h where one fits (66, 70, 73, 74) and the shell's
128 + signal for signals (130, 141)."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    CHECK_FAILED = 1
    USAGE = 2
    DATABASE = 3
    READ_FAILED = 66  # EX_NOINPUT
    UNEXPECTED = 70  # EX_SOFTWARE
    OUTPUT_REFUSED = 73  # EX_CANTCREAT
    WRITE_FAILED = 74  # EX_IOERR
    INTERRUPTED = 130  # 128 + SIGINT
    BROKEN_PIPE = 141  # 128 + SIGPIPE


#: code → what it means, as the documentation's table says it
MEANINGS: dict[ExitCode, str] = {
    ExitCode.OK: "done",
    ExitCode.CHECK_FAILED: "a check failed: an illegal deck, `--strict` with failed records "
    "or rows, `doctor` found a problem it could not repair, a card or deck not found, an "
    "answer of no",
    ExitCode.USAGE: "the input or the command line is wrong: an unreadable or hostile file, "
    "input that holds no decklist, an unknown encoding, a query syntax error, an output file "
    "that exists (without `--force`), a usage error",
    ExitCode.DATABASE: "the catalog cannot be opened, upgraded or written: no catalog there, "
    "a damaged file, a full disk, a lock held too long, a newer schema",
    ExitCode.READ_FAILED: "an input file could not be read: the disk or the device failed "
    "(EIO) while twgp read it",
    ExitCode.UNEXPECTED: "twgp itself failed unexpectedly (a bug): one line on stderr names a "
    "log file with the details",
    ExitCode.OUTPUT_REFUSED: "an output path twgp will not write: a directory, a device, a "
    "FIFO, a socket (or a symbolic link to one), or the catalog, its `-wal`/`-shm` files, the "
    "backup being restored, a backup another twgp is still writing or an input of the command "
    "itself; nothing was written",
    ExitCode.WRITE_FAILED: "the output could not be written: standard output or the output "
    "file is on a full disk (ENOSPC) or failed (EIO), or its folder is missing or read-only; "
    "no half-written file is left",
    ExitCode.INTERRUPTED: "interrupted (Ctrl-C)",
    ExitCode.BROKEN_PIPE: "the output pipe was closed (`twgp convert … --json | head`): twgp "
    "stops quietly",
}


def markdown_table() -> str:
    """The table of docs/input.md: `| code | meaning |` and one row per code."""
    rows = [f"| {int(code)} | {MEANINGS[code].replace('|', chr(92) + '|')} |" for code in ExitCode]
    return "\n".join(["| code | meaning |", "|---|---|", *rows])
