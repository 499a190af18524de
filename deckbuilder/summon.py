"""Grade-summon reach with absorbed materials (docs/rules.md §5, "Policy — reach").

The rules as the analysis reads them:

* A **stack** is a unit and the weapons under it. Its strength is the unit's base grade, +1 per
  weapon (−1 per curse-like weapon); at most MAX_WEAPONS, none under a grade-00 unit.
* A unit of grade ≤ FREE_SUMMON_MAX is free-summoned: it is a stack of its own.
* A unit of a higher grade g is grade-summoned onto two stacks whose strengths add up to at least
  g. Both are absorbed: one stack remains, of strength g plus the weapons then put under it.
* Each card of the deck is used once.

`Reach` answers: what is the best total two stacks can show at once, using only units below a
grade limit? A unit of a grade g above FREE_SUMMON_MAX can be summoned iff that best, below g,
is ≥ g. (The limits are deckbuilder/rule_facts.py's.)

Why the search is exact (and what keeps it small):

1. A curse-like weapon only lowers the stack under it, so the best never equips one: only the
   other weapons count (+1 each).
2. A weapon under a stack matters only to the summon that absorbs the stack (or to the final
   pair). A summon of g onto stacks of base grades a and b needs max(0, g − a − b) weapons,
   no more than the slots of the two (3 each, 0 under a 00 unit).
3. If a unit is summoned onto a stack whose unit has a grade ≥ its own, leaving it out and
   letting that stack (given its weapons) take its place is never worse. So in some best plan
   each stack's unit outranks the units absorbed under it, and the grade units can be tried
   in increasing grade, each skipped or summoned onto two stacks already possible.
4. Units of grade ≥ the limit are never needed to reach it: a stack topped by one had
   materials worth as much. Units that could not come out even if materials were not used up,
   or that are worth more than every free unit and weapon together, are never material.
5. A state is the multiset of stack grades (free units not yet played included) and the
   weapons left. Using the smallest material that needs no weapon is never worse than a larger
   one; a state reached again with no more weapons is not searched again; a state none of
   whose futures can beat the best total found is dropped (its two highest stacks or units to
   come, 3 weapons each, and never more than its stacks and weapons are worth, since summons
   never add strength); copies of one grade are summoned before any is skipped.

Tested against a brute force that plays every sequence of moves (tests/deckbuilder). The five
unit sectors of the field are not counted: the analysis may call a unit reachable that only a
board of six or more stacks at once could bring out (it never warns falsely).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from deckbuilder.rule_facts import FREE_SUMMON_MAX, MAX_WEAPONS

NO_PAIR = -1  # fewer than two stacks can ever be on the field


def weapon_slots(grade: int) -> int:
    """Weapons a unit can carry: none under a grade-00 unit (the 00 restriction)."""
    return 0 if grade == 0 else MAX_WEAPONS


def weapon_bonus(curse: bool) -> int:
    """What one weapon adds to the stack under it: +1, or −1 for a curse-like weapon."""
    return -1 if curse else 1


def stack_strength(grade: int, curses: Iterable[bool] = ()) -> int:
    """A stack's strength: the unit's base grade and its weapons (one bool each: curse?)."""
    weapons = list(curses)
    if len(weapons) > weapon_slots(grade):
        raise ValueError(f"a grade-{grade:02d} unit carries at most {weapon_slots(grade)} weapons")
    return grade + sum(weapon_bonus(c) for c in weapons)


@dataclass(frozen=True)
class Pair:
    """The best two stacks: their total strength, their units' grades (highest first) and the
    weapons under them."""

    total: int
    grades: tuple[int, int]
    weapons: int


@dataclass(frozen=True)
class _State:
    stacks: tuple[int, ...]  # stack grades, free units not yet played included; highest first
    weapons: int  # weapons left

    def pair(self) -> Pair | None:
        if len(self.stacks) < 2:
            return None
        a, b = self.stacks[0], self.stacks[1]
        armed = min(self.weapons, weapon_slots(a) + weapon_slots(b))
        return Pair(a + b + armed, (a, b), armed)

    @property
    def value(self) -> int:
        """More than any two stacks of its future can show: summons never add strength."""
        return sum(self.stacks) + self.weapons

    def summons(self, grade: int) -> Iterator[_State]:
        """The states after summoning one unit of `grade` onto two of these stacks: with a
        material a, the smallest b that needs no weapon, and each b that needs some."""
        values = sorted(set(self.stacks), reverse=True)
        for i, a in enumerate(values):
            free_of_weapons = None
            for b in values[i:] if self.stacks.count(a) > 1 else values[i + 1 :]:
                need = grade - a - b
                if need <= 0:
                    free_of_weapons = b
                    continue
                if need > min(self.weapons, weapon_slots(a) + weapon_slots(b)):
                    if need > 2 * MAX_WEAPONS:
                        break  # smaller b only needs more
                    continue
                yield self._after(grade, a, b, need)
            if free_of_weapons is not None:
                yield self._after(grade, a, free_of_weapons, 0)

    def _after(self, grade: int, a: int, b: int, need: int) -> _State:
        stacks = list(self.stacks)
        stacks.remove(a)
        stacks.remove(b)
        stacks.append(grade)
        return _State(tuple(sorted(stacks, reverse=True)), self.weapons - need)


#: search steps one `Reach` may take (all its limits) before it settles for bounds
BUDGET = 20_000


class Reach:
    """What two stacks can reach with these units (one grade per copy) and `weapons` weapons
    that are not curse-like, below each grade limit asked for (module docstring).

    `limits` are the grades `best_below` will be asked about (None: every grade in play).
    `best_below(limit)` is exact whenever it is below `limit` (a unit of that grade cannot be
    summoned); at or above it, it is a total reached, which is all a summon needs.

    The search is depth first, branch and bound: the units below the limit are tried in
    increasing grade (summoned onto each useful pair of stacks, or skipped); a state is dropped
    when neither its stacks and weapons nor the units still to come can beat the best total
    found, or when the same stacks were already reached with as many weapons. Should the limits
    still take more than `BUDGET` steps in all (decks with dozens of grade and free units, no
    deck seen so far), those left get an upper bound instead (`exact` is then False): a unit is
    then only called unsummonable when even that bound is below its grade."""

    def __init__(
        self, grades: Iterable[int], weapons: int, limits: Iterable[int] | None = None
    ) -> None:
        units = sorted(grades)
        asked = set(units) | {_NO_LIMIT} if limits is None else set(limits)
        self._limits = sorted(asked)
        self._bests: dict[int, Pair | None] = {}
        self._exact: dict[int, bool] = {}
        free = tuple(sorted((g for g in units if g <= FREE_SUMMON_MAX), reverse=True))
        weapons = max(0, weapons)
        possible = _possible(units, weapons, sum(free) + weapons)
        best: Pair | None = None
        budget = BUDGET
        for limit in self._limits:
            summoned = [g for g in possible if g < limit]
            start = _State(free[: 2 * len(summoned) + 2], weapons)
            search = _Search(summoned, limit, best, budget)
            if search.run(start):
                best = search.best
                self._bests[limit], self._exact[limit] = best, True
            else:
                self._bests[limit], self._exact[limit] = _bound(units, start, limit), False
            budget = max(0, budget - search.steps)

    def best_below(self, limit: int) -> Pair | None:
        """The best two stacks using only units of grade < `limit` (None: fewer than two)."""
        return self._bests[self._key(limit)]

    def exact(self, limit: int) -> bool:
        """Whether `best_below(limit)` was settled by the search (not a bound)."""
        return self._exact[self._key(limit)]

    def _key(self, limit: int) -> int:
        index = bisect_left(self._limits, limit)
        if index == len(self._limits):
            raise KeyError(f"grade {limit} is above every limit asked about")
        return self._limits[index]

    @property
    def best(self) -> Pair | None:
        """The best two stacks with every unit (when no limits were given)."""
        return self._bests[self._key(_NO_LIMIT)]

    def summonable(self, grade: int) -> bool:
        """Whether a unit of this grade can come out: free, or two stacks reach it (when the
        search was over budget: unless even the bound stays below it)."""
        if grade <= FREE_SUMMON_MAX:
            return True
        best = self.best_below(grade)
        return best is not None and best.total >= grade


_NO_LIMIT = 1 << 30


class _Search:
    """One depth-first branch-and-bound search for the best pair below `limit`, stopping as
    soon as a pair reaches it."""

    def __init__(self, summoned: list[int], limit: int, best: Pair | None, budget: int) -> None:
        self.summoned, self.limit, self.best, self.budget = summoned, limit, best, budget
        self.steps = 0
        self.seen: dict[tuple[int, tuple[int, ...]], int] = {}
        # the two highest units from each index on (for the bound)
        self.tops = [sorted(summoned[i:], reverse=True)[:2] for i in range(len(summoned) + 1)]

    def run(self, start: _State) -> bool:
        """Search; False when over budget."""
        try:
            self._visit(0, start)
        except _OverBudgetError:
            return False
        except _ReachedError:
            pass
        return True

    def _visit(self, index: int, state: _State) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise _OverBudgetError
        pair = state.pair()
        if pair is not None and (self.best is None or pair.total > self.best.total):
            self.best = pair
            if pair.total >= self.limit:
                raise _ReachedError
        if index == len(self.summoned) or not self._could_beat(index, state):
            return
        key = (index, state.stacks)
        if self.seen.get(key, -1) >= state.weapons:
            return
        self.seen[key] = state.weapons
        grade = self.summoned[index]
        for after in sorted(state.summons(grade), key=_promise, reverse=True):
            keep = 2 * (len(self.summoned) - index - 1) + 2  # the most the rest can use
            self._visit(index + 1, _State(after.stacks[:keep], after.weapons))
        # Skipping one copy of a grade skips the copies after it: summoning the second copy
        # after skipping the first is the same plan as the other way round.
        following = index + 1
        while following < len(self.summoned) and self.summoned[following] == grade:
            following += 1
        self._visit(following, state)

    def _could_beat(self, index: int, state: _State) -> bool:
        """Whether some future of `state` may beat the best: its two highest stacks or the
        highest units to come, 3 weapons each at most, never more than the state's value."""
        if self.best is None:
            return True
        highest = sorted([*state.stacks[:2], *self.tops[index]], reverse=True)[:2]
        bound = min(sum(highest) + min(state.weapons, 2 * MAX_WEAPONS), state.value)
        return bound > self.best.total


class _OverBudgetError(Exception):
    """The search took more steps than its budget."""


class _ReachedError(Exception):
    """A pair reached the limit: nothing more to search (not an error; ends the recursion)."""


def _promise(state: _State) -> tuple[int, int]:
    return sum(state.stacks[:2]), state.weapons


def _possible(units: list[int], weapons: int, value: int) -> list[int]:
    """The grade units (ascending) that might be summoned at all: those two stacks could reach
    if materials were not used up, and no higher than all free units and weapons are worth.
    The others can never be material or a top, so the search leaves them out."""
    standing: list[int] = []
    possible: list[int] = []
    for grade in units:
        top = sorted(standing, reverse=True)[:2]
        if grade <= FREE_SUMMON_MAX:
            standing.append(grade)
        elif len(top) == 2 and sum(top) + min(weapons, 2 * MAX_WEAPONS) >= grade <= value:
            standing.append(grade)
            possible.append(grade)
    return possible


def _bound(units: list[int], start: _State, limit: int) -> Pair | None:
    """An upper bound for an abandoned search: the best two stacks if summons left their
    materials standing, and never more than the free units and weapons are worth."""
    out: list[int] = []
    for grade in units:
        if grade >= limit:
            break
        top = sorted(out, reverse=True)[:2]
        if grade <= FREE_SUMMON_MAX or (
            len(top) == 2 and sum(top) + min(start.weapons, 2 * MAX_WEAPONS) >= grade
        ):
            out.append(grade)
    top = sorted(out, reverse=True)[:2]
    if len(top) < 2:
        return None
    armed = min(start.weapons, weapon_slots(top[0]) + weapon_slots(top[1]))
    return Pair(min(top[0] + top[1] + armed, start.value), (top[0], top[1]), armed)


@lru_cache(maxsize=512)
def reach_for(grades: tuple[int, ...], weapons: int, limits: frozenset[int]) -> Reach:
    """`Reach(grades, weapons, limits)`, kept for the same materials: the app validates a deck
    again after every edit, and most halves' cards in play have not changed."""
    return Reach(grades, weapons, limits)


def reach(grades: Iterable[int], weapons: int) -> int:
    """The best total two stacks can reach with these units and weapons; NO_PAIR when fewer
    than two stacks can ever be on the field."""
    best = Reach(grades, weapons).best
    return NO_PAIR if best is None else best.total
