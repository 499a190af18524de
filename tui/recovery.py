"""The recovery file: while the deck has unsaved changes, the app keeps a copy of it in
`<user state folder>/twgp/recovery/deck-<process id>.twgp` (`TWGP_TUI_RECOVERY` names
another folder). A clean exit, a save or a discard removes it; a file left by a process that
is no longer running (a crash, a kill, a closed terminal) is offered at the next start.

The copy is an ordinary `.twgp` deck headed by comments saying where the deck came from, so
it can also be opened by hand. Writes go to a temporary file moved into place: a kill in the
middle never leaves half a deck."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from catalog.schema.sqlite_files import process_running
from deckbuilder import twgp_format
from deckbuilder.deck import Deck
from deckbuilder.errors import DeckError

ENV_VAR = "TWGP_TUI_RECOVERY"
PREFIX = "deck-"
#: the header line naming where the deck was opened from (a file or a catalog name)
ORIGIN_FILE = "# recovered-from-file: "
ORIGIN_CATALOG = "# recovered-from-catalog: "

log = logging.getLogger(__name__)


def recovery_dir() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_state_path("twgp") / "recovery"


@dataclass(frozen=True)
class Recovered:
    """A deck left behind by an app that did not exit cleanly."""

    file: Path
    deck: Deck
    saved_at: datetime
    origin_path: Path | None = None
    origin_catalog: str | None = None
    comments: tuple[str, ...] = ()


class RecoveryFile:
    """This app's recovery file: `keep` writes the deck, `clear` removes it."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or recovery_dir()
        self.path = self.folder / f"{PREFIX}{os.getpid()}.twgp"
        self._warned = False

    def keep(
        self,
        deck: Deck,
        *,
        origin_path: Path | None = None,
        origin_catalog: str | None = None,
        comments: tuple[str, ...] = (),
    ) -> str | None:
        """Write the deck; the reason it could not be written (once), else None."""
        head = [f"# twgp recovery file, written {datetime.now().isoformat(timespec='seconds')}"]
        if origin_path is not None:
            head.append(ORIGIN_FILE + str(origin_path))
        if origin_catalog is not None:
            head.append(ORIGIN_CATALOG + origin_catalog)
        text = "\n".join([*head, *comments]) + "\n" + twgp_format.dump(deck)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_suffix(".tmp")
            partial.write_text(text, encoding="utf-8")
            partial.replace(self.path)
        except OSError as exc:
            log.warning("cannot write the recovery file %s: %s", self.path, exc)
            if self._warned:
                return None
            self._warned = True
            return f"{self.path}: {exc.strerror or exc}"
        return None

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)


def left_behind(folder: Path | None = None) -> list[Recovered]:
    """The decks of apps that are no longer running, newest first (unreadable files are
    logged and left alone)."""
    found = [read(path) for path in _orphans(folder or recovery_dir())]
    return sorted((r for r in found if r is not None), key=lambda r: r.saved_at, reverse=True)


def _orphans(folder: Path) -> Iterator[Path]:
    try:
        files = list(folder.glob(f"{PREFIX}*.twgp"))
    except OSError:
        return
    for path in files:
        pid = path.stem.removeprefix(PREFIX)
        if pid.isdigit() and not process_running(int(pid)):
            yield path


def read(path: Path) -> Recovered | None:
    try:
        text = path.read_text(encoding="utf-8")
        deck = twgp_format.parse(text, source=path.name)
        saved_at = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, UnicodeDecodeError, DeckError) as exc:
        log.warning("ignoring unreadable recovery file %s: %s", path, exc)
        return None
    origin_path: Path | None = None
    origin_catalog: str | None = None
    comments: list[str] = []
    for line in text.splitlines()[1:]:
        if not line.startswith("#"):
            break
        if line.startswith(ORIGIN_FILE):
            origin_path = Path(line.removeprefix(ORIGIN_FILE))
        elif line.startswith(ORIGIN_CATALOG):
            origin_catalog = line.removeprefix(ORIGIN_CATALOG)
        else:
            comments.append(line)
    return Recovered(path, deck, saved_at, origin_path, origin_catalog, tuple(comments))


def discard(recovered: Recovered) -> None:
    recovered.file.unlink(missing_ok=True)
