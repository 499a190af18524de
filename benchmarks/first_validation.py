"""The first validation of a fresh process (`benchmarks/figures.py`, figure `validate`): run as
a child so that nothing is warm. Usage: first_validation.py CATALOG DECK [--warm-up].

Everything is imported and the catalog opened first (start-up is the `startup` figure's);
then one `validate_deck` with a new CatalogResolver is timed, wall and CPU, and a second with
another new resolver (the steady cost of a deck with nothing cached). `--warm-up` runs the
service workers' warm-up (deckbuilder/warm_up.py) before. Prints one JSON object."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from catalog.store.db import open_engine, session_scope
from deckbuilder import twgp_format
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.service import validate_deck
from deckbuilder.warm_up import warm_up


def _timed(engine: object, text: str) -> tuple[float, float]:
    with session_scope(engine) as session:  # type: ignore[arg-type]
        wall, cpu = time.perf_counter(), time.process_time()
        validate_deck(twgp_format.parse(text), CatalogResolver(session))
        return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def main(argv: list[str]) -> None:
    catalog, deck = argv[0], argv[1]
    text = Path(deck).read_text(encoding="utf-8")
    engine = open_engine(catalog, load_starter=False)
    if "--warm-up" in argv:
        warm_up(engine)
    first_ms, first_cpu_ms = _timed(engine, text)
    again_ms, again_cpu_ms = _timed(engine, text)
    engine.dispose()
    print(json.dumps({"first_ms": first_ms, "first_cpu_ms": first_cpu_ms,
                      "again_ms": again_ms, "again_cpu_ms": again_cpu_ms}))  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
