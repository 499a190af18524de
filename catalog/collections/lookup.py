"""Running an online look-up (`--fetch`) that may not reach the network: offline
(`TWGP_OFFLINE=1`), unreachable or refused, the import goes on with what the catalog holds
and says what it could not look up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Engine

from catalog.collections.rows import CollectionRow
from converters.errors import TwgpError

#: looks up rows the catalog lacks in an online source and stores the cards it finds
Fetcher = Callable[[Engine, Sequence[CollectionRow]], object]
#: the names a message shows (a report's JSON counts every row)
SHOWN_NAMES = 10


@dataclass
class Unlooked:
    """What a file's look-ups could not do: why (the first failure), and what was left."""

    reason: str = ""
    count: int = 0
    names: list[str] = field(default_factory=list)  # the first SHOWN_NAMES

    def add(self, reason: str, names: Iterable[str]) -> None:
        self.reason = self.reason or reason
        for name in names:
            self.count += 1
            if len(self.names) < SHOWN_NAMES and name not in self.names:
                self.names.append(name)

    def message(self, what: str) -> str | None:
        """"--fetch: the online look-up failed (…), so 3 lines were not looked up: A, B, C"."""
        if not self.count:
            return None
        many = f"{self.count:,} {what}s were" if self.count != 1 else f"1 {what} was"
        shown = ", ".join(self.names) + (", …" if self.count > len(self.names) else "")
        return (f"--fetch: the online look-up failed ({self.reason}), so {many} not looked "
                f"up{': ' + shown if shown else ''}")  # fmt: skip


def look_up(
    fetch: Fetcher, engine: Engine, rows: Sequence[CollectionRow], unlooked: Unlooked
) -> bool:
    """Run `fetch` on `rows`; False when it failed (the network is not there: no use asking
    again), the rows added to `unlooked`. Cards offline mode could not find in the cache
    (the FetchReports' `offline`) are added too."""
    import httpx  # here: importing httpx imports its command line's terminal libraries

    try:
        answer = fetch(engine, rows)
    except (TwgpError, httpx.HTTPError, OSError) as exc:
        lines = str(exc).strip().splitlines()
        unlooked.add(lines[0] if lines else type(exc).__name__, (label_of(row) for row in rows))
        return False
    reports = answer if isinstance(answer, list) else []
    offline = [label for report in reports for label in getattr(report, "offline", ())]
    if offline:
        unlooked.add("offline, and the cache holds no answer", offline)
    return True


def label_of(row: CollectionRow) -> str:
    """How a message names a row: its name, else its id, else its line."""
    return row.name or row.source_id or f"line {row.line}"
