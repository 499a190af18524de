"""The hook for looking up unresolved collection rows online (`collection import --fetch`).

Contract for the online module: `catalog.sources.online.fetch_collection_rows(engine, rows)`
takes the `CollectionRow`s no catalog card matched (all at once, for batch look-ups such as
Scryfall's `/cards/collection`), stores the cards it finds in the catalog and returns anything
(ignored).
The import then resolves every row again."""

from __future__ import annotations

import importlib
from typing import cast

from catalog.collections.service import Fetcher

ONLINE_MODULE = "catalog.sources.online"
HOOK = "fetch_collection_rows"


def find_fetcher() -> Fetcher | None:
    """The online look-up, or None when this installation has none."""
    try:
        module = importlib.import_module(ONLINE_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name in (ONLINE_MODULE, ONLINE_MODULE.rpartition(".")[0]):
            return None
        raise
    hook = getattr(module, HOOK, None)
    return cast(Fetcher, hook) if callable(hook) else None


def unavailable_message() -> str:
    return (
        f"--fetch: no online look-up is installed ({ONLINE_MODULE}.{HOOK} is missing); "
        "unresolved rows stay unresolved"
    )
