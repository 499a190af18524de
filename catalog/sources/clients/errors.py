"""Errors of the online sources, beside those of catalog/base/errors.py.

CatalogError (catalog/base/errors.py)
 ├─ CardNotFoundError        "card not found: NAME" with the closest names (catalog/base/errors.py)
 ├─ SourceUnavailableError   unreachable, rate-limited, server errors (catalog/base/errors.py)
 ├─ SourceResponseError      an answer we cannot read: malformed or unexpected JSON, a 4xx
 └─ OfflineError             offline, and the HTTP cache has no answer
"""

from __future__ import annotations

from catalog.base.errors import CatalogError


class SourceResponseError(CatalogError):
    """The source answered, but not with what its API documents."""


class OfflineError(CatalogError):
    """`--offline`/`TWGP_OFFLINE=1` and the answer is not cached; names what needed the network."""
