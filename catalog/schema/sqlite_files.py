"""SQLite catalog files on disk: the files SQLite keeps beside one, a finished file given its
name in one step (never a half-written file under a catalog's name), a lock per folder for
those who create or replace catalogs there, and the temporary files of a process that was
killed (`.NAME<mark>PID`: found by the process id no longer running)."""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no folder lock; files are still put in place whole
    fcntl = None  # type: ignore[assignment]

#: files SQLite keeps beside a catalog while it is open (or after a crash)
SIDE_FILES = ("-wal", "-shm", "-journal")


def side_files(path: Path) -> list[Path]:
    return [Path(f"{path}{side}") for side in SIDE_FILES]


def temporary_beside(path: Path, mark: str) -> Path:
    """A hidden name in `path`'s folder (same file system: it can be renamed to `path`)."""
    return path.with_name(f".{path.name}{mark}{os.getpid()}")


@contextmanager
def folder_lock(
    folder: Path, *, shared: bool = False, on_wait: Callable[[], None] | None = None
) -> Iterator[None]:
    """A lock on `folder` among twgp processes (not SQLite's own locks): exclusive (creating
    or restoring a catalog there), or `shared` (imports into one). `on_wait` is called when
    the lock is held by another and we wait for it."""
    if fcntl is None:
        yield
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
        try:
            fcntl.flock(descriptor, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            if on_wait is not None:
                on_wait()
            fcntl.flock(descriptor, mode)
        yield
    finally:
        os.close(descriptor)  # releases the lock


def link_new(finished: Path, path: Path) -> bool:
    """Give the finished file the name `path`, never over an existing file (False then)."""
    try:
        os.link(finished, path)
    except FileExistsError:
        return False
    except OSError as exc:  # no hard links on this file system
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        if path.exists():
            return False
        os.replace(finished, path)
    fsync(path.parent)
    return True


def replace_whole(finished: Path, path: Path) -> None:
    """Put the finished file in the place of `path` in one step, after removing the log files
    of the old one (SQLite would replay them into the new file)."""
    for side in side_files(path):
        remove(side)
    os.replace(finished, path)
    fsync(path.parent)


def fsync(path: Path) -> None:
    """Flush a file (or a folder's entries) to the disk, where the system lets us."""
    with contextlib.suppress(OSError):
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def remove(path: Path) -> bool:
    """Remove a file; False when it was not there."""
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def remove_with_side_files(path: Path) -> None:
    for each in (path, *side_files(path)):
        with contextlib.suppress(OSError):
            remove(each)


def stale_temporaries(folder: Path, mark: str) -> list[Path]:
    """Files `temporary_beside(…, mark)` made in `folder` (and SQLite's files beside them)
    whose process is no longer running: leftovers of a process that was killed."""
    pattern = re.compile(rf"\..+{re.escape(mark)}(\d+)(?:{'|'.join(SIDE_FILES)})?")
    try:
        names = sorted(entry.name for entry in os.scandir(folder))
    except OSError:  # a folder we cannot list: nothing we can clean
        return []
    found = []
    for name in names:
        matched = pattern.fullmatch(name)
        if matched and not process_running(int(matched.group(1))):
            found.append(folder / name)
    return found


def writers_of(path: Path, mark: str) -> list[int]:
    """The ids of the other processes, still running, that hold `temporary_beside(path, mark)`:
    another twgp writing `path` at this moment (a backup or a restore under way)."""
    pattern = re.compile(rf"\.{re.escape(path.name)}{re.escape(mark)}(\d+)")
    try:
        names = os.listdir(path.parent)
    except OSError:  # a folder we cannot list: no writer we could see
        return []
    ids = sorted(int(found.group(1)) for name in names if (found := pattern.fullmatch(name)))
    return [pid for pid in ids if pid != os.getpid() and process_running(pid)]


def remove_stale_temporaries(folder: Path, mark: str) -> list[Path]:
    """Remove `stale_temporaries(folder, mark)`; the files removed."""
    removed = []
    for path in stale_temporaries(folder, mark):
        with contextlib.suppress(OSError):
            if remove(path):
                removed.append(path)
    return removed


def process_running(pid: int) -> bool:
    """Whether a process of this id runs (on Windows, where a signal would stop it, we
    cannot ask: assumed running, so nothing is removed)."""
    if pid == os.getpid() or os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process (PermissionError): it runs
        return True
    return True
