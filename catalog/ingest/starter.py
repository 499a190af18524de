"""The bundled starter catalog: real cards of every game, in each source's own record shape
(catalog/ingest/starter/<game>.json or .csv), loaded into an empty catalog through the same
converters and importer as any user file — so everything works offline out of the box.

Starter rows are marked (`card.starter`): when a real record of the same card and language
arrives, it takes the starter record's place (catalog/cards/identity.py)."""

from __future__ import annotations

import logging
from pathlib import Path

from sqlalchemy import Engine

from catalog.ingest.importer import ImportReport, import_files
from converters.errors import UnknownGameError
from converters.registry import load_converter

STARTER_DIR = Path(__file__).parent / "starter"

log = logging.getLogger(__name__)


def starter_files() -> list[tuple[str, Path]]:
    """(game id, file) of every starter file: `<game>.json|csv` or `<game>.<variant>.json|csv`
    (e.g. `pokemon.tcgdex-ja.json`)."""
    return [
        (path.name.split(".")[0], path)
        for path in sorted(STARTER_DIR.iterdir())
        if path.suffix in (".json", ".csv")
    ]


def load_starter_cards(engine: Engine) -> dict[str, ImportReport]:
    """Import every starter file whose converter is installed (others are logged, skipped).
    Returns a report per file name."""
    reports: dict[str, ImportReport] = {}
    for game, path in starter_files():
        try:
            converter = load_converter(game)
        except UnknownGameError as exc:
            log.warning("starter cards for %s not loaded: %s", game, exc.message)
            continue
        reports[path.name] = import_files(engine, converter, [path], starter=True)
    return reports
