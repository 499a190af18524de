"""What `twgp serve` was asked to do, in one frozen value: the catalog, who may read and write,
and the limits. Workers started by uvicorn get it through one environment variable (JSON), so
every worker of a deployment runs with the same settings."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields

#: the environment variable that hands the settings to uvicorn's worker processes
ENV_VAR = "TWGP_SERVE_SETTINGS"

MIB = 1 << 20
#: request bodies larger than this are refused with 413 (a 100,000-card JSON Lines file of
#: MTG records is about 60 MiB: send large conversions in parts, or raise --max-body)
DEFAULT_MAX_BODY = 16 * MIB
#: a request still running after this many seconds is answered 503
DEFAULT_TIME_LIMIT = 30.0
#: a connection whose request headers are not all in after this many seconds is closed
DEFAULT_HEADER_TIMEOUT = 10.0
#: the most seconds POST /v1/decks/build lets the solver take (a request asking more gets this)
DEFAULT_BUILD_TIME_LIMIT = 10.0
#: per client (API key, else address), in the `limits` library's notation
DEFAULT_READ_RATE = "1200/minute"
DEFAULT_WRITE_RATE = "120/minute"


@dataclass(frozen=True)
class ServeSettings:
    """`db`: the catalog (path or URL; None: TWGP_DATABASE_URL, then the default file).
    `read_db`: a second URL searches and validations read from (a read replica).
    `read_only`: no writes at all (write endpoints answer 403; the catalog is not migrated).
    `private`: reads need an API key too. `migrate`: the app migrates the catalog when it
    starts (off in workers when `twgp serve` migrated it before starting them). Rates are
    `limits` strings ("100/minute"); an empty rate turns limiting off."""

    db: str | None = None
    read_db: str | None = None
    read_only: bool = False
    private: bool = False
    max_body: int = DEFAULT_MAX_BODY
    time_limit: float = DEFAULT_TIME_LIMIT
    read_rate: str = DEFAULT_READ_RATE
    write_rate: str = DEFAULT_WRITE_RATE
    rate_storage: str = "memory://"
    cors_origins: tuple[str, ...] = ()
    trust_proxy: bool = False
    access_log: bool = True
    migrate: bool = True
    #: how long a worker remembers a deck line's look-up (service/lookups.py; 0: never)
    lookup_seconds: float = 5.0
    #: the cap on the deck assistant's --time-limit (POST /v1/decks/build)
    build_time_limit: float = DEFAULT_BUILD_TIME_LIMIT
    #: seconds a request's headers may take (service/protocol.py; 0: no limit)
    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    #: where GET /v1/bulk keeps the files it made (None: beside a SQLite catalog, else in
    #: the system's temporary folder; catalog/exports/bulk_cache.py)
    bulk_dir: str | None = None

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls) -> ServeSettings:
        """The settings `twgp serve` put into the environment (defaults when none)."""
        raw = os.environ.get(ENV_VAR)
        if not raw:
            return cls()
        data = json.loads(raw)
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        if "cors_origins" in values:
            values["cors_origins"] = tuple(values["cors_origins"])
        return cls(**values)
