"""Cheap pre-checks for the effect and reading patterns: the literal words one of which any
match must contain ("haste", "double strike", 麻痺…), read from the compiled pattern itself, so
that a pattern whose words are absent from a text is never run on it (a plain `in` test costs
a fraction of a regular-expression scan; most patterns find nothing in most texts)."""

from __future__ import annotations

import re
from re import _constants as sre  # type: ignore[attr-defined, unused-ignore]
from re import _parser as sre_parse  # type: ignore[attr-defined, unused-ignore]
from typing import Any

MIN_LETTERS = 2  # shorter literals ("+", "a") would let almost every text through


def needles(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Lower-case literals, one of which every match of `pattern` contains, or None when some
    branch of the pattern starts without one (then the pattern must always run)."""
    found = _alternatives(list(sre_parse.parse(pattern.pattern, pattern.flags)))
    return tuple(dict.fromkeys(n.lower() for n in found)) if found else None


def _alternatives(items: list[Any]) -> list[str] | None:
    """The needles of a parsed pattern: one per branch, or None."""
    if len(items) == 1 and items[0][0] is sre.BRANCH:
        found: list[str] = []
        for branch in items[0][1][1]:
            needles_ = _alternatives(list(branch))
            if needles_ is None:
                return None
            found += needles_
        return found
    return _sequence(items)


def _sequence(items: list[Any]) -> list[str] | None:
    """The literal a sequence starts with (after `\\b` or `^`), or the needles of the group it
    starts with."""
    text: list[str] = []
    for op, value in items:
        if op in (sre.AT, sre.ASSERT_NOT, sre.ASSERT) and not text:
            continue  # \\b, ^ and look-arounds consume nothing
        if op is sre.LITERAL:
            text.append(chr(value))
            continue
        if op is sre.SUBPATTERN and not text:
            return _alternatives(list(value[-1]))
        if op is sre.BRANCH:  # a common prefix the parser factored out, then the branches
            tails = _alternatives([(op, value)])
            if tails is not None:
                return ["".join(text) + tail for tail in tails]
        break
    literal = "".join(text)
    if len(literal) >= MIN_LETTERS or (literal and not literal.isascii()):
        return [literal]
    return None


def may_match(needles_: tuple[str, ...] | None, lowered: str) -> bool:
    """Whether a pattern with these needles can match the lower-cased text."""
    if needles_ is None:
        return True
    for needle in needles_:  # a plain loop: a third faster than any() over a generator
        if needle in lowered:
            return True
    return False


def is_japanese_only(pattern: re.Pattern[str]) -> bool:
    """A pattern with no Latin letter outside its escapes (\\d, \\b…) matches only Japanese text."""
    return not re.search(r"[A-Za-z]", re.sub(r"\\.|\(\?P?<?[=!]?\w*>?", "", pattern.pattern))


class Screen:
    """A pattern with its pre-checks: `worth_running(lowered, japanese)` is False only when
    the pattern cannot match."""

    __slots__ = ("japanese_only", "needles")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.needles = needles(pattern)
        self.japanese_only = is_japanese_only(pattern)

    def worth_running(self, lowered: str, japanese: bool) -> bool:
        if self.japanese_only and not japanese:
            return False
        needles_ = self.needles
        if needles_ is None:
            return True
        for needle in needles_:  # may_match, inlined: this runs for every rule on every text
            if needle in lowered:
                return True
        return False
