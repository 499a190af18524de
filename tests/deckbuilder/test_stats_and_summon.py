"""Deck analysis and the grade-summon reachability it and the warnings share."""

from __future__ import annotations

from typing import NoReturn

import pytest

from deckbuilder.resolve import resolve_deck
from deckbuilder.service import validate_resolved
from deckbuilder.stats import BUCKETS, bucket, deck_stats
from deckbuilder.summon import NO_PAIR, reach
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import full_deck, sample_resolver


@pytest.mark.parametrize(
    ("grades", "weapons", "expected"),
    [
        pytest.param([], 0, NO_PAIR, id="no units"),
        pytest.param([3], 6, NO_PAIR, id="one unit"),
        pytest.param([1, 2], 0, 3, id="01 + 02"),
        pytest.param([1, 2], 9, 9, id="weapons capped at 3 each"),
        pytest.param([0, 5], 9, 8, id="a grade-00 unit carries no weapon"),
        pytest.param([5, 4, 8, 12], 0, 9, id="the 08 absorbs 05 + 04: the 12 has no pair"),
        pytest.param([5, 4, 3, 8, 12], 0, 12, id="summoned units become material"),
        pytest.param([5, 4, 12], 0, 9, id="no stepping stone"),
        pytest.param([5, 5, 10, 15], 0, 10, id="the rules' example: 15 unreachable"),
        pytest.param([7, 8], 6, NO_PAIR, id="nothing free"),
    ],
)
def test_reach(grades: list[int], weapons: int, expected: int) -> None:
    assert reach(grades, weapons) == expected


def test_buckets() -> None:
    assert [bucket(g) for g in (0, 5, 9, 10, 27, 99)] == ["00", "05", "09", "10-19", "20-29", "90-99"]
    assert len(BUCKETS) == 19


def test_stats_per_half_and_in_all() -> None:
    owned = {"mtg:bolt": 1, "pokemon:pikachu|40|gnaw|thunder jolt": 5}
    stats = deck_stats(resolve_deck(parse(full_deck()), sample_resolver(owned)))
    by_key = {g.key: g for g in stats.groups}
    assert list(by_key) == ["life", "entry", "final.1"]
    entry = by_key["entry"]
    assert entry.cards == 20
    assert entry.types == {"unit": 9, "charge_effect": 8, "weapon": 2, "charge_trap": 1}
    assert entry.games == {"mtg": 9, "yugioh": 7, "pokemon": 4}
    assert entry.free_summon == 6  # Elves, Bears, Serra, Kuriboh, Sangan, Pikachu
    assert entry.grade_curve["01"] == 2
    assert entry.grade_curve["08"] == 1  # Raichu
    assert entry.effects == {"Plus": 1}
    assert by_key["life"].types == {"life_trap": 3, "life_counter": 2}
    total = stats.total
    assert total.cards == 45
    assert total.needed == 45
    assert total.owned == 3  # Bolt: 1 of the 2 needed; Pikachu: 2 of 2 (5 owned, capped)
    assert total.missing == 42
    assert stats.to_json()["all"]["cards"] == 45


def test_validation_of_a_resolved_deck_never_looks_cards_up_again() -> None:
    """Speed is measured by benchmarks/run.py; here: validation is pure once resolved, so the
    resolver is never asked again and repeated validation gives the same report."""
    resolver = sample_resolver()
    resolved = resolve_deck(parse(full_deck()), resolver)

    def refuse(*args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("validation must not resolve cards again")

    resolver.resolve = refuse  # type: ignore[method-assign]
    resolver.suggest = refuse  # type: ignore[method-assign]
    first = validate_resolved(resolved)
    assert validate_resolved(resolved) == first
