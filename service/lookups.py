"""A worker's short-lived memory of deck-line look-ups, shared by its requests.

`twgp deck validate` resolves each line of a deck with one CatalogResolver; so does every
request here, but a fresh resolver per request would query the catalog three times per line
(~3 ms a line: 90 ms for a 45-card deck). Decks sent to a service repeat the same cards, so
each worker remembers what a (game, name, id) resolved to for `seconds` (default 5 s), at most
`size` look-ups. A write made through this worker (an override, a collection import) forgets
everything at once; a write made elsewhere (another worker, the CLI) is seen after at most
`seconds`. The answers are CatalogResolver's own: nothing is resolved here."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TypeVar

from sqlmodel import Session

from deckbuilder.catalog_resolver import CatalogResolver, tracks_collection
from deckbuilder.resolve import CardInfo

T = TypeVar("T")
DEFAULT_SECONDS = 5.0
DEFAULT_SIZE = 50_000


class LookupCache:
    def __init__(self, seconds: float = DEFAULT_SECONDS, size: int = DEFAULT_SIZE) -> None:
        self.seconds = seconds
        self.size = size
        self._lock = threading.Lock()
        self._found: OrderedDict[tuple[str, ...], tuple[float, object]] = OrderedDict()
        #: a lock per look-up being computed: requests asking the same at once wait for it
        self._computing: dict[tuple[str, ...], threading.Lock] = {}

    def remember(self, key: tuple[str, ...], compute: Callable[[], T]) -> T:
        """The value of `key` computed at most `seconds` ago, else `compute()` (remembered).
        Requests asking for the same key at once share one computation: a burst of the same
        deck looks each line up once, not once per request."""
        if self.seconds <= 0:
            return compute()
        found = self._fresh(key)
        if found is not None:
            return found[0]  # type: ignore[return-value]
        with self._lock:
            computing = self._computing.setdefault(key, threading.Lock())
        with computing:
            found = self._fresh(key)  # computed by the request this one waited for
            if found is not None:
                return found[0]  # type: ignore[return-value]
            try:
                value = compute()
                with self._lock:
                    self._found[key] = (time.monotonic(), value)
                    self._found.move_to_end(key)
                    while len(self._found) > self.size:
                        self._found.popitem(last=False)
            finally:
                with self._lock:
                    self._computing.pop(key, None)
        return value

    def _fresh(self, key: tuple[str, ...]) -> tuple[object] | None:
        """(the value,) of `key` when remembered less than `seconds` ago, else None."""
        with self._lock:
            found = self._found.get(key)
            if found is not None and time.monotonic() - found[0] < self.seconds:
                self._found.move_to_end(key)
                return (found[1],)
        return None

    def clear(self) -> None:
        with self._lock:
            self._found.clear()

    def resolver(self, session: Session) -> CachedResolver:
        return CachedResolver(self, session)


class CachedResolver:
    """A CardResolver: CatalogResolver's answers on `session`, through the worker's cache."""

    def __init__(self, cache: LookupCache, session: Session) -> None:
        self.cache = cache
        self.session = session
        self._inner: CatalogResolver | None = None

    @property
    def inner(self) -> CatalogResolver:
        if self._inner is None:
            tracked = self.cache.remember(("owned?",), lambda: tracks_collection(self.session))
            self._inner = CatalogResolver(self.session, track_owned=tracked)
        return self._inner

    def resolve(self, game: str, name: str, source_id: str | None) -> Sequence[CardInfo]:
        key = ("resolve", game, name, source_id or "")
        return self.cache.remember(key, lambda: tuple(self.inner.resolve(game, name, source_id)))

    def suggest(self, game: str, name: str) -> Sequence[str]:
        return self.cache.remember(("suggest", game, name),
                                   lambda: tuple(self.inner.suggest(game, name)))  # fmt: skip
