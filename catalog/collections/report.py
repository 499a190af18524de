"""What a collection import read, resolved and changed: counts of everything, and the first
REPORTED_LINES unresolved rows, problems and notes in full (a report of a million unresolved
rows is a count, not a million lines — and holds no more memory than a short one)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence, Sized
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from catalog.collections.limits import REPORTED_LINES
from catalog.collections.owned import OwnedChange
from catalog.collections.reader import CollectionStream
from catalog.collections.resolve import AMBIGUOUS, RESOLVED, UNKNOWN, Resolution
from catalog.collections.rows import RowProblem


@dataclass
class CollectionImportReport:
    """Counts over the whole file; `unresolved`, `problems` and `notes` hold the first
    REPORTED_LINES of each (the counts say how many there were)."""

    file: str
    format_id: str
    encoding: str
    mode: str
    dry_run: bool
    game: str | None = None  # the file's game (None: a file of several games)
    game_told: bool = False  # the game was told by the file's cards (a file of any game)
    rows_read: int = 0
    by_status: Counter[str] = field(default_factory=Counter)
    errors: int = 0
    skipped: int = 0
    notes_count: int = 0
    unresolved: list[Resolution] = field(default_factory=list)
    problems: list[RowProblem] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)  # (line, note)
    change: OwnedChange = field(default_factory=OwnedChange)
    copies_before: int = 0
    copies_after: int = 0
    written: bool = False
    #: how many unresolved rows, problems and notes are kept (None: all, for `--json`)
    limit: int | None = REPORTED_LINES
    #: advice on the whole file: an online look-up that failed, a file mostly unresolved
    hints: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, stream: CollectionStream, mode: str, dry_run: bool) -> CollectionImportReport:
        return cls(stream.file, stream.format.id, stream.encoding, mode, dry_run, stream.game)

    def add(self, resolutions: Sequence[Resolution]) -> None:
        for resolution in resolutions:
            self.by_status[resolution.status] += 1
            if resolution.card is None and self._keeps(self.unresolved):
                self.unresolved.append(resolution)
            for note in (*resolution.row.warnings, *resolution.notes):
                self.notes_count += 1
                if self._keeps(self.notes):
                    self.notes.append((resolution.row.line, note))

    def add_problem(self, problem: RowProblem) -> None:
        if problem.kind == "error":
            self.errors += 1
        else:
            self.skipped += 1
        if self._keeps(self.problems):
            self.problems.append(problem)

    def _keeps(self, kept: Sized) -> bool:
        return self.limit is None or len(kept) < self.limit

    def advice(self, *, fetched: bool = False) -> str | None:
        """One line of advice when most rows did not resolve (the catalog lacks the game's
        cards): import them, or look them up online (unless `fetched`: that was tried)."""
        if self.unresolved_count <= self.resolved:
            return None
        cards = f"{self.game} cards" if self.game else "that game's cards"
        tried = self.unresolved_count + self.resolved
        online = "" if fetched else ", or import again with --fetch to look them up online"
        return (f"most rows ({self.unresolved_count:,} of {tried:,}) did not resolve: "
                f"import {cards} into the catalog first (`twgp import`, `twgp fetch`){online}")

    def finish(self, stream: CollectionStream) -> None:
        self.rows_read = stream.rows_read

    @property
    def resolved(self) -> int:
        return sum(self.by_status[status] for status in RESOLVED)

    @property
    def unresolved_count(self) -> int:
        return self.by_status[AMBIGUOUS] + self.by_status[UNKNOWN]

    @property
    def problems_count(self) -> int:
        return self.errors + self.skipped

    @property
    def copies_added(self) -> int:
        return self.copies_after - self.copies_before

    def to_json(self) -> dict[str, Any]:
        """The report as one object (`twgp serve`'s answer): counts, and the listed rows."""
        return {
            "file": Path(self.file).name, "format": self.format_id, "encoding": self.encoding,
            "game": self.game, "game_told": self.game_told, "mode": self.mode,
            "dry_run": self.dry_run, "written": self.written, "rows_read": self.rows_read,
            "resolved": self.resolved, "unresolved_count": self.unresolved_count,
            "errors": self.errors, "skipped": self.skipped, "by_status": dict(self.by_status),
            "copies_before": self.copies_before, "copies_after": self.copies_after,
            "entries": {"new": self.change.new, "updated": self.change.updated,
                        "unchanged": self.change.unchanged},
            "unresolved": [{"line": r.row.line, "name": r.row.name, "reason": r.reason,
                            "closest": list(r.candidates)} for r in self.unresolved],
            "problems": [{"line": p.line, "kind": p.kind, "name": p.name, "reason": p.reason}
                         for p in self.problems],
            "notes": [{"line": line, "note": note} for line, note in self.notes],
            "notes_count": self.notes_count,
            "complete": self.limit is None or (len(self.unresolved) == self.unresolved_count
                                               and len(self.problems) == self.problems_count
                                               and len(self.notes) == self.notes_count),
            "hints": list(self.hints),
        }  # fmt: skip
