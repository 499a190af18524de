"""Running an online look-up (`--fetch`) that may fail: offline, unreachable or refused, the
import goes on with what the catalog holds and says what it could not look up."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import Engine

from catalog.collections.rows import CollectionRow
from converters.errors import TwgpError

#: looks up rows the catalog lacks in an online source and stores the cards it finds
Fetcher = Callable[[Engine, Sequence[CollectionRow]], object]
#: the names a failure message shows (a report's JSON counts every row)
SHOWN_NAMES = 10


def failed_lookup(fetch: Fetcher, engine: Engine, rows: Sequence[CollectionRow]) -> str | None:
    """Run `fetch` on `rows`; None when it ran, else why it failed (the rows stay unresolved
    unless the catalog already holds their cards)."""
    import httpx  # here: importing httpx imports its command line's terminal libraries

    try:
        fetch(engine, rows)
    except (TwgpError, httpx.HTTPError, OSError) as exc:
        lines = str(exc).strip().splitlines()
        return lines[0] if lines else type(exc).__name__
    return None


def not_looked_up(reason: str, rows: Sequence[CollectionRow], what: str, count: int = 0) -> str:
    """"--fetch: the online look-up failed (…), so 3 lines were not looked up: A, B, C" —
    `count` (when larger) is how many rows there were, of which `rows` are the first."""
    names = list(dict.fromkeys(n for row in rows if (n := row.name or row.source_id or "")))
    shown = ", ".join(names[:SHOWN_NAMES])
    more = ", …" if len(names) > SHOWN_NAMES or count > len(rows) else ""
    total = max(count, len(rows))
    many = f"{total:,} {what}s were" if total != 1 else f"1 {what} was"
    return (f"--fetch: the online look-up failed ({reason}), so {many} not looked up"
            f"{': ' + shown + more if shown else ''}")  # fmt: skip
