"""The public card APIs twgp reads: base URLs (overridable through `TWGP_*_URL`), the rate
limits each one documents, and what each asks of its users (SOURCES.md)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from catalog.sources.clients._ratelimit import Slot
from converters.errors import TwgpError
from converters.exit_codes import ExitCode


class SourceConfigError(TwgpError):
    """A `TWGP_*_URL` or other online setting that cannot be used."""

    exit_code = ExitCode.USAGE


@dataclass(frozen=True)
class Source:
    """One API. Intervals are the minimum seconds between two requests to its host."""

    id: str
    name: str
    default_base: str
    env_var: str
    interval: float
    strict_paths: tuple[str, ...] = ()
    strict_interval: float = 0.0
    keyed_interval: float | None = None  # with an API key (pokemontcg.io)
    lockout: float = 60.0  # how long a 429 without Retry-After keeps us away
    limits: str = ""  # the documented limits, said after a 429
    asks: str = ""  # what the source asks of its users (README)

    def base_url(self, environ: Mapping[str, str] | None = None) -> str:
        """The documented base, or the env override which replaces it exactly."""
        env = os.environ if environ is None else environ
        value = env.get(self.env_var, "").strip()
        if not value:
            return self.default_base
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise SourceConfigError(
                f"{self.env_var}={value!r} is not an http(s) URL",
                hint=f"set it to a server speaking the {self.name} API, e.g. "
                f"http://127.0.0.1:8080 (the default is {self.default_base})",
            )
        return value.rstrip("/")

    def slots(self, base: str, path: str, *, keyed: bool = False) -> list[Slot]:
        """The limits a request to `path` (relative to `base`) counts against."""
        host = urlsplit(base).netloc
        interval = self.interval
        if keyed and self.keyed_interval is not None:
            interval = self.keyed_interval
        slots = [Slot(host, interval)]
        if any(path.startswith(p) for p in self.strict_paths):
            slots.append(Slot(f"{host} {self.strict_paths[0]}", self.strict_interval))
        return slots


SCRYFALL = Source(
    id="scryfall",
    name="Scryfall",
    default_base="https://api.scryfall.com",
    env_var="TWGP_SCRYFALL_URL",
    interval=0.1,  # 10 requests/s
    strict_paths=("/cards/search", "/cards/named", "/cards/random", "/cards/collection"),
    strict_interval=0.5,  # 2 requests/s on these
    lockout=30.0,  # a 429 locks the client out for 30 s
    limits="Scryfall allows 10 requests/s, 2/s for searches and look-ups by name",
    asks="a User-Agent naming the app and an Accept header; at most 10 requests/s and 2/s on "
    "search, named, random and collection; back off after a 429 (30 s lock-out, repeated "
    "overloads can ban); cache results for at least 24 h; prefer bulk files to many lookups",
)

YGOPRODECK = Source(
    id="ygoprodeck",
    name="YGOPRODeck",
    default_base="https://db.ygoprodeck.com/api/v7",
    env_var="TWGP_YGOPRODECK_URL",
    interval=0.05,  # 20 requests/s; going over blocks the client for an hour
    lockout=60.0,
    limits="YGOPRODeck allows 20 requests/s and blocks a client for an hour past that",
    asks="at most 20 requests/s (going over blocks you for an hour); download and host card "
    "images yourself rather than hot-linking them",
)

POKEMONTCG = Source(
    id="pokemontcg",
    name="pokemontcg.io",
    default_base="https://api.pokemontcg.io/v2",
    env_var="TWGP_POKEMONTCG_URL",
    interval=2.0,  # 30 requests/min and 1,000/day without a key
    keyed_interval=0.1,  # 20,000/day with a free key; no per-second limit documented
    lockout=60.0,
    limits="pokemontcg.io allows 30 requests/min and 1,000/day without a key; a free key "
    "in TWGP_POKEMONTCG_API_KEY allows 20,000/day",
    asks="without a key 1,000 requests/day and 30/min; a free key (X-Api-Key, set "
    "TWGP_POKEMONTCG_API_KEY) raises it to 20,000/day",
)

TCGDEX = Source(
    id="tcgdex",
    name="TCGdex",
    default_base="https://api.tcgdex.net/v2",
    env_var="TWGP_TCGDEX_URL",
    interval=0.1,  # no limit documented: stay polite
    lockout=60.0,
    limits="TCGdex documents no limit; twgp sends at most 10 requests/s",
    asks="no key and no documented limit; twgp keeps to 10 requests/s and caches",
)

LORCAST = Source(
    id="lorcast",
    name="Lorcast",
    default_base="https://api.lorcast.com/v0",
    env_var="TWGP_LORCAST_URL",
    interval=0.1,  # it asks for 50–100 ms between requests
    lockout=60.0,
    limits="Lorcast asks for 50–100 ms between requests; twgp waits 100 ms",
    asks="no key; 50–100 ms between requests (10 a second at most); cache what you fetch",
)

DIGIMONCARD = Source(
    id="digimoncard",
    name="digimoncard.io",
    default_base="https://digimoncard.io/api-public",
    env_var="TWGP_DIGIMONCARD_URL",
    interval=0.7,  # 15 requests per 10 seconds; violators are blocked for a while
    lockout=120.0,
    limits="digimoncard.io allows 15 requests per 10 seconds and blocks a client past that",
    asks="no key; at most 15 requests per 10 seconds (going over blocks you for a while); "
    "twgp sends one every 0.7 s and caches",
)

SOURCES: dict[str, Source] = {
    s.id: s for s in (SCRYFALL, YGOPRODECK, POKEMONTCG, TCGDEX, LORCAST, DIGIMONCARD)
}
