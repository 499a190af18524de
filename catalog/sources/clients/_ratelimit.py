"""Per-host request spacing: each source's documented rate limit as a minimum interval
between requests, shared by every client of the process and safe across threads.

The clock and the sleep are injectable so that tests never wait for real."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Clock = Callable[[], float]
Sleep = Callable[[float], None]


@dataclass(frozen=True)
class Slot:
    """One limit a request counts against: a bucket name and the spacing it needs (seconds)."""

    bucket: str
    interval: float


class RateLimiter:
    """Reserves the earliest start time that honours every slot of a request, then sleeps
    until it. Reservations happen under a lock, sleeping outside it, so concurrent callers
    (TUI workers) queue fairly and never burst past a limit."""

    def __init__(self, *, clock: Clock = time.monotonic, sleep: Sleep = time.sleep) -> None:
        self._clock = clock
        self._sleep = sleep
        self._next: dict[str, float] = {}
        self._lock = threading.Lock()

    def acquire(self, slots: Sequence[Slot]) -> float:
        """Wait until a request may start; returns the seconds waited."""
        if not slots:
            return 0.0
        with self._lock:
            now = self._clock()
            start = max([now, *(self._next.get(slot.bucket, now) for slot in slots)])
            for slot in slots:
                self._next[slot.bucket] = start + slot.interval
        wait = start - now
        if wait > 0:
            self._sleep(wait)
        return max(wait, 0.0)

    def hold_off(self, bucket: str, seconds: float) -> None:
        """Push a bucket's next start at least `seconds` from now (after a 429)."""
        with self._lock:
            until = self._clock() + seconds
            self._next[bucket] = max(self._next.get(bucket, until), until)


_shared: RateLimiter | None = None
_shared_lock = threading.Lock()


def shared_limiter() -> RateLimiter:
    """The process-wide limiter, so that two clients of one API share its budget."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = RateLimiter()
        return _shared
