"""Clients of the public card APIs (Scryfall, YGOPRODeck, pokemontcg.io, TCGdex). Each takes
an `httpx.Client` built by `build_client`; `catalog/sources/online.py` is the service using
them.

The modules with a leading underscore are the HTTP layer the clients share (transport, guard,
rate limit, retries, cache). Its settings and its client are this package's public names,
re-exported here: code and tests outside the package use these, not the underscored modules."""

from catalog.sources.clients._guard import Limits
from catalog.sources.clients._http import OnlineSettings, Secret, build_client
from catalog.sources.clients._ratelimit import RateLimiter
from catalog.sources.clients._retry import RetryPolicy

__all__ = ["Limits", "OnlineSettings", "RateLimiter", "RetryPolicy", "Secret", "build_client"]
