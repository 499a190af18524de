"""The worker's look-up memory (service/lookups.py): answers remembered for a while, and one
computation shared by the requests asking for the same look-up at once."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from service.lookups import LookupCache


def test_requests_asking_at_once_share_one_computation() -> None:
    cache = LookupCache(seconds=60)
    calls: list[int] = []
    started = threading.Barrier(8)

    def slow() -> str:
        calls.append(1)
        time.sleep(0.3)
        return "found"

    def ask(_: int) -> str:
        started.wait()
        return cache.remember(("resolve", "mtg", "Lightning Bolt", ""), slow)

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(ask, range(8)))
    assert answers == ["found"] * 8
    assert len(calls) == 1


def test_a_failed_computation_is_not_remembered_and_waiters_try_again() -> None:
    cache = LookupCache(seconds=60)
    attempts: list[int] = []

    def flaky() -> int:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("lost connection")
        return len(attempts)

    with pytest.raises(RuntimeError):
        cache.remember(("k",), flaky)
    assert cache.remember(("k",), flaky) == 2
    assert cache.remember(("k",), flaky) == 2  # remembered now


def test_answers_are_forgotten_after_their_time() -> None:
    cache = LookupCache(seconds=0.05)
    values = iter(range(10))
    first = cache.remember(("k",), lambda: next(values))
    assert cache.remember(("k",), lambda: next(values)) == first
    time.sleep(0.1)
    assert cache.remember(("k",), lambda: next(values)) != first
    off = LookupCache(seconds=0)
    assert off.remember(("k",), lambda: 1) == 1
    assert off.remember(("k",), lambda: 2) == 2
