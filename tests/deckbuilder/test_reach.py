"""The reach analysis (deckbuilder/summon.py) against a brute force that plays the rules move by
move — free summons, weapons (curses too) onto any stack with a slot, grade summons onto any two
stacks strong enough — and keeps the best two stacks ever on the field."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.rule_facts import FREE_SUMMON_MAX
from deckbuilder.summon import (
    NO_PAIR,
    Pair,
    Reach,
    reach,
    stack_strength,
    weapon_slots,
)

Stack = tuple[int, int, int]  # the unit's grade, weapons, curses under it


def brute_force(units: tuple[int, ...], weapons: int, curses: int = 0) -> int:
    """The best total two stacks on the field ever show, every sequence of moves tried."""
    return _best(tuple(sorted(units)), (), weapons, curses)


@cache
def _best(hand: tuple[int, ...], field: tuple[Stack, ...], weapons: int, curses: int) -> int:
    strengths = sorted((g + w - c for g, w, c in field), reverse=True)
    best = strengths[0] + strengths[1] if len(strengths) >= 2 else NO_PAIR
    for grade in set(hand):
        rest = list(hand)
        rest.remove(grade)
        if grade <= FREE_SUMMON_MAX:
            best = max(best, _best(tuple(rest), _put(field, (grade, 0, 0)), weapons, curses))
            continue
        for i in range(len(field)):
            for j in range(i + 1, len(field)):
                if strengths_of(field[i]) + strengths_of(field[j]) >= grade:
                    left = [s for k, s in enumerate(field) if k not in (i, j)]
                    after = _put(tuple(left), (grade, 0, 0))
                    best = max(best, _best(tuple(rest), after, weapons, curses))
    for grade, w, c in set(field):
        if w + c < weapon_slots(grade):
            left = list(field)
            left.remove((grade, w, c))
            if weapons:
                best = max(best, _best(hand, _put(tuple(left), (grade, w + 1, c)), weapons - 1,
                                       curses))
            if curses:
                best = max(best, _best(hand, _put(tuple(left), (grade, w, c + 1)), weapons,
                                       curses - 1))
    return best


def strengths_of(stack: Stack) -> int:
    grade, weapons, curses = stack
    return stack_strength(grade, [False] * weapons + [True] * curses)


def _put(field: tuple[Stack, ...], stack: Stack) -> tuple[Stack, ...]:
    return tuple(sorted([*field, stack]))


units_strategy = st.lists(
    st.sampled_from([0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16]), max_size=7
)


@settings(max_examples=300, deadline=None)
@given(units=units_strategy, weapons=st.integers(0, 4), curses=st.integers(0, 2))
def test_the_best_pair_is_what_playing_every_move_gives(
    units: list[int], weapons: int, curses: int
) -> None:
    assert reach(units, weapons) == brute_force(tuple(units), weapons, curses)


@settings(max_examples=200, deadline=None)
@given(units=units_strategy, weapons=st.integers(0, 4))
def test_each_unit_is_summonable_exactly_when_the_brute_force_brings_it_out(
    units: list[int], weapons: int
) -> None:
    high = sorted({g for g in units if g > FREE_SUMMON_MAX})
    found = Reach(units, weapons, limits=high)
    for grade in high:
        others = Counter(units)
        others[grade] -= 1
        below = tuple(g for g in others.elements() if g < grade)
        expected = brute_force(below, weapons)
        best = found.best_below(grade)
        assert found.exact(grade)
        assert found.summonable(grade) is (expected >= grade)
        if expected < grade:  # the best the message names is exact
            assert (best.total if best else NO_PAIR) == expected


@pytest.mark.parametrize(
    ("units", "weapons", "grade", "summonable", "best"),
    [
        pytest.param([5, 5, 10, 15], 0, 15, False, 10, id="the rules: 05, 05, 10 → 15 has no pair"),
        pytest.param([5, 5, 10, 15], 0, 10, True, 10, id="the rules: 05 + 05 → 10"),
        pytest.param([5, 5, 5, 10, 15], 0, 15, True, 15, id="a third 05 partners the 10"),
        pytest.param([5, 5, 5, 5, 10, 10, 20], 0, 20, True, 20, id="two 10s into a 20"),
        pytest.param([0, 5, 8], 3, 8, True, 8, id="05 + 3 weapons on a 00 partner"),
        pytest.param([0, 0, 9], 6, 9, False, 0, id="00 units carry no weapons"),
        pytest.param([5, 4, 12], 3, 12, True, 12, id="three weapons close the gap"),
        pytest.param([5, 4, 12], 2, 12, False, 11, id="two do not"),
        pytest.param([1, 1, 9], 7, 9, False, 8, id="at most 3 weapons a stack"),
        pytest.param([1, 1, 9], 5, 9, False, 7, id="weapons run out"),
        pytest.param([9], 6, 9, False, NO_PAIR, id="alone"),
    ],
)
def test_reach_cases(
    units: list[int], weapons: int, grade: int, summonable: bool, best: int
) -> None:
    found = Reach(units, weapons, limits=[grade])
    assert found.summonable(grade) is summonable
    if not summonable:
        pair = found.best_below(grade)
        assert (pair.total if pair else NO_PAIR) == best


def test_a_curse_counts_minus_one_and_the_best_never_equips_one() -> None:
    assert stack_strength(5, [False, False, True]) == 6
    assert stack_strength(0) == 0
    with pytest.raises(ValueError, match="at most 0 weapons"):
        stack_strength(0, [False])
    assert brute_force((5, 4, 10), 0, curses=3) == brute_force((5, 4, 10), 0) == 9


def test_a_deck_sized_search_stays_exact() -> None:
    """100 cards' worth: 30 free units, 30 grade units, 12 weapons (speed: benchmarks/)."""
    free = [1, 2, 3, 4, 5] * 6
    grades = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 24, 28] * 2
    found = Reach(free + grades, 12, limits=[13, 28, 99])
    assert all(found.exact(g) for g in (13, 28, 99))
    assert found.summonable(28)
    assert not found.summonable(99)
    best = found.best_below(99)
    assert best == Pair(62, (28, 28), 6)  # the most two 28s can show: both built
