"""Grade-summon reachability (TWGP_RULES.md §1): which grades two material stacks can reach.

A unit of grade ≤ 05 is free-summoned. A unit of grade ≥ 06 needs two face-up stacks whose
total grade (each stack's unit plus up to 3 weapons under it, +1 each) is at least its grade;
a grade-summoned unit can be material later, so reach grows as units are summoned."""

from __future__ import annotations

from collections.abc import Iterable

FREE_SUMMON_MAX = 5
MAX_WEAPONS = 3
NO_PAIR = -1  # fewer than two units can ever be on the field


def weapon_slots(grade: int) -> int:
    """Weapons a unit can carry: none under a grade-00 unit (the 00 restriction)."""
    return 0 if grade == 0 else MAX_WEAPONS


def pair_total(first: int, second: int, weapons: int) -> int:
    """The highest total of two stacks with these units, sharing `weapons` weapon cards."""
    return first + second + min(weapons, weapon_slots(first) + weapon_slots(second))


def reach(grades: Iterable[int], weapons: int) -> int:
    """The highest grade two material stacks can reach with these units (one entry per copy)
    and `weapons` weapon cards, once every unit that can be summoned has been; NO_PAIR when
    fewer than two units ever reach the field. A unit of grade g ≥ 06 is summonable iff
    g ≤ reach(...)."""
    ordered = sorted(grades)
    top: list[int] = []  # the two highest summoned grades, highest first
    best = NO_PAIR
    for grade in ordered:
        if grade > FREE_SUMMON_MAX and grade > best:
            break  # the grades left are higher still, and nothing raises `best` any more
        top = sorted([*top, grade], reverse=True)[:2]
        if len(top) == 2:
            best = pair_total(top[0], top[1], weapons)
    return best
