"""Errors of the online sources, beside those of catalog/errors.py.

CatalogError (catalog/errors.py)
 ├─ CardNotFoundError        "card not found: NAME" with the closest names (catalog/errors.py)
 ├─ SourceUnavailableError   unreachable, rate-limited, server errors (catalog/errors.py)
 ├─ SourceResponseError      an answer we cannot read: malformed or unexpected JSON, a 4xx
 └─ OfflineError             offline, and the HTTP cache has no answer
"""

from __future__ import annotations

from catalog.errors import CatalogError


class SourceResponseError(CatalogError):
    """The source answered, but not with what its API documents."""


class OfflineError(CatalogError):
    """`--offline`/`TWGP_OFFLINE=1` and the answer is not cached; names what needed the network."""
