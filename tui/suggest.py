"""Suggestions in the search box: the query keys (`game:`, `type:` …) and, after a key, its
values (installed games, the seven types, §3 effects, sort orders), completed from the last
word typed. Built from the catalog's own key table, so it never offers an unknown key."""

from __future__ import annotations

from collections.abc import Iterable

from textual.suggester import Suggester

from catalog.lookup.query_keys import KEYS, SORTS
from converters.base import CardType
from converters.effects import EFFECT_NAMES


def value_choices(games: Iterable[str]) -> dict[str, tuple[str, ...]]:
    return {
        "game": tuple(games),
        "type": tuple(t.value for t in CardType),
        "effect": EFFECT_NAMES,
        "sort": SORTS,
        "order": ("asc", "desc"),
        "grade": ("none",),
    }


def key_names() -> tuple[str, ...]:
    """The canonical key names (aliases are not offered: the full name reads better)."""
    return tuple(name for name, key in KEYS.items() if name == key.name)


def complete(last: str, games: Iterable[str]) -> str | None:
    """The completion of the last word of a query, or None. "ga" → "game:",
    "type:li" → "type:life_counter", "-game:m" → "-game:mtg"."""
    sign = "-" if last.startswith("-") else ""
    word = last.removeprefix("-")
    if not word:
        return None
    key, colon, value = word.partition(":")
    folded = key.casefold()
    if not colon:
        found = next((k for k in key_names() if k.startswith(folded) and k != folded), None)
        return f"{sign}{found}:" if found else None
    canonical = KEYS[folded].name if folded in KEYS else None
    choices = value_choices(games).get(canonical or "", ())
    value_folded = value.casefold()
    match = next((c for c in choices if c.startswith(value_folded) and c != value_folded), None)
    return f"{sign}{key}:{match}" if match else None


class QuerySuggester(Suggester):
    def __init__(self, games: Iterable[str]) -> None:
        super().__init__(use_cache=True, case_sensitive=True)
        self.games = tuple(games)

    async def get_suggestion(self, value: str) -> str | None:
        if not value or value.endswith((" ", '"', "(")):
            return None
        _, _, last = value.rpartition(" ")
        last = last.lstrip("(")
        completed = complete(last, self.games)
        if completed is None:
            return None
        return value[: len(value) - len(last)] + completed
