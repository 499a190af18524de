"""Watching and stopping the deck assistant (deckbuilder/assistant/progress.py): progress
reports carry the best score and its bound, and a cancelled build returns the best deck found
so far — a legal one."""

from __future__ import annotations

import time

from deckbuilder.assistant.build import build
from deckbuilder.assistant.model import Request
from deckbuilder.assistant.progress import Hooks, Progress
from deckbuilder.deck import DeckFormat
from tests.helpers.decks import BY_ID, LIFE_IDS, assert_legal, candidates


def _owned() -> dict[str, int]:
    return {i: 1 if i in LIFE_IDS else 3 for i in BY_ID}


def test_progress_reports_the_best_score_and_its_bound() -> None:
    seen: list[Progress] = []
    cards = candidates(_owned())
    result = build(Request(DeckFormat.HALF, time_limit=5), cards, hooks=Hooks(seen.append))
    assert result.built
    assert_legal(result, cards)
    scored = [p for p in seen if p.objective is not None and p.bound is not None]
    assert scored, seen
    for p in scored:  # strongest maximises: the bound is never below a score found
        assert p.bound is not None
        assert p.objective is not None
        assert p.bound >= p.objective - 1e-6
        assert p.gap is not None
        assert p.gap >= 0
    assert max(p.objective or 0 for p in scored) == result.objective


def test_cancel_keeps_the_best_deck_found() -> None:
    hooks = Hooks()

    def stop_at_first_deck(progress: Progress) -> None:
        if progress.objective is not None:
            hooks.cancel()

    hooks.on_progress = stop_at_first_deck
    cards = candidates(_owned())
    started = time.monotonic()
    result = build(Request(DeckFormat.FULL, time_limit=30), cards, hooks=hooks)
    assert time.monotonic() - started < 20  # stopped, not run to the time limit
    assert hooks.cancelled
    assert result.built, result.problems
    assert_legal(result, cards)


def test_a_build_cancelled_before_it_starts_answers_at_once() -> None:
    """Cancelled before the solver runs: at most the greedy start deck (legal, checked like
    any other) or no deck with its reason — an answer at once, never a failure."""
    hooks = Hooks()
    hooks.cancel()
    cards = candidates(_owned())
    started = time.monotonic()
    result = build(Request(DeckFormat.HALF, time_limit=30), cards, hooks=hooks)
    assert time.monotonic() - started < 15
    assert result.built or result.problems
    if result.built:
        assert result.status != "optimal"  # nothing was proven
        assert_legal(result, cards)
