"""Watching and stopping a build while the solver runs (the app's progress line and Cancel,
the HTTP service's time limit): `Hooks` is handed to `build` / `build_in_catalog`.

`on_progress` is called, from the solver's thread, with the best deck's score found so far
(every unit of it reachable) and the bound on every legal deck's score; `cancel()` (from any
thread) stops the search at once, and the build returns the best deck found until then."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class Progress:
    """`objective`: the best legal deck's score so far (None: none found yet); `bound`: no
    legal deck scores better (None: not known yet); `seconds` since the build started."""

    objective: float | None
    bound: float | None
    seconds: float
    rounds: int

    @property
    def gap(self) -> float | None:
        """The relative distance of the best score to the bound (None: not both known)."""
        if self.objective is None or self.bound is None:
            return None
        return abs(self.bound - self.objective) / max(1.0, abs(self.bound))


class _Stoppable(Protocol):
    def stop_search(self) -> None: ...


@dataclass
class Hooks:
    """Progress reports and cancellation of one build (thread-safe)."""

    on_progress: Callable[[Progress], None] | None = None
    started: float = field(default_factory=time.monotonic)
    _cancelled: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _running: _Stoppable | None = None

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Stop the build: the solver running now stops, no further round starts."""
        self._cancelled.set()
        with self._lock:
            if self._running is not None:
                self._running.stop_search()

    def running(self, solver: _Stoppable | None) -> None:
        """The solver now searching (None: none); stopped at once when already cancelled."""
        with self._lock:
            self._running = solver
            if solver is not None and self._cancelled.is_set():
                solver.stop_search()

    def report(self, objective: float | None, bound: float | None, rounds: int) -> None:
        if self.on_progress is not None:
            seconds = time.monotonic() - self.started
            self.on_progress(Progress(objective, bound, seconds, rounds))
