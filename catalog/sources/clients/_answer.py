"""Reading an API answer's JSON within bounds, and the checks that an answer answers the
question asked (the clients raise `SourceResponseError` when one does not, and the cache
forgets it).

* JSON is parsed by orjson (strict JSON, no recursion in Python) and refused when nested more
  than `MAX_JSON_DEPTH` levels: no card answer of any source goes past 8.
* A list of cards is refused when it is longer than the request could answer (`at_most`):
  the identifiers asked, the page size, or the largest plausible answer of a search.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

import orjson

from catalog.base.keys import face_names, name_key

MAX_JSON_DEPTH = 64
#: the most cards one search (all its pages) may bring: more than any game's card pool per
#: query twgp sends (a whole set, a name, a word)
MAX_SEARCH_CARDS = 20_000


def loads(data: bytes) -> Any:
    """Parse JSON; ValueError (with a short reason) when it is not JSON or is too deep."""
    value = orjson.loads(data)  # orjson.JSONDecodeError is a ValueError
    if too_deep(value, MAX_JSON_DEPTH):
        raise ValueError(f"nested more than {MAX_JSON_DEPTH} levels deep")
    return value


def too_deep(value: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` levels (iteratively: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def objects(items: list[Any]) -> list[dict[str, Any]]:
    return [item for item in items if isinstance(item, dict)]


def strangers(
    cards: Iterable[dict[str, Any]], asked: Callable[[dict[str, Any]], bool]
) -> list[str]:
    """The names (or ids) of cards that do not answer the question, for the error message."""
    return [
        str(card.get("name") or card.get("id") or "?")[:80] for card in cards if not asked(card)
    ]


@lru_cache(maxsize=1 << 14)
def loose_key(name: str) -> str:
    """A forgiving key, to tell a card that answers a name from one that does not: the name
    key without accents, punctuation or spaces ("Lim-Dûl's Vault" = "lim dul's vault"). The
    APIs forgive as much; an unrelated card still differs."""
    decomposed = unicodedata.normalize("NFKD", name_key(name))
    return "".join(ch for ch in decomposed if ch.isalnum())


def answers_name(asked: str, *names: object) -> bool:
    """Whether one of `names` (or one of its faces, "A // B") is the name asked for."""
    want = loose_key(asked)
    return any(
        isinstance(name, str) and name and want in {loose_key(f) for f in [name, *face_names(name)]}
        for name in names
    )
