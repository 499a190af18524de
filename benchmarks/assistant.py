"""The deck assistant's speed (issue 20): collections of 500, 5,000 and 50,000 owned cards of
mixed games, drawn from real card data, built into a half deck and a full deck (entry + 3
finals + life).

    .venv/bin/python -m benchmarks.assistant [--sizes 500,5000] [--db CATALOG]

Without --db a catalog is made in a temporary folder from the starter cards and the real data
of ../shared/realdata when it is there (MTGJSON v3 sets, pokemontcg.io sets, YGOPRODeck
records); sizes larger than the catalog can fill are drawn with more copies per card. Reports
per size and format: seconds, optimal or the gap to the bound, the candidate cards after the
pre-filter, reach cuts, and the process's peak RSS; the CPU seconds beside the wall ones (the
host may be shared). Not a test: run by hand (docs/speed.md)."""

from __future__ import annotations

import argparse
import random
import resource
import tempfile
import time
from collections import Counter
from pathlib import Path

from sqlalchemy import select

from catalog.cards.views import VIEW_COLUMNS, card_views
from catalog.ingest.importer import import_files
from catalog.schema.models import CARD
from catalog.store.db import open_engine, session_scope
from converters.registry import load_converter
from deckbuilder.assistant.build import build
from deckbuilder.assistant.model import Candidate, Request
from deckbuilder.catalog_resolver import card_info
from deckbuilder.deck import DeckFormat
from deckbuilder.resolve import CardInfo

LARGE = 50_000  # copies from which the full deck has the 30 s
REALDATA = Path(__file__).resolve().parents[2] / "shared" / "realdata"
REAL_FILES = {"mtg": "mtg/mtgjson3/*.json", "pokemon": "pokemon/cards/en/*.json",
              "yugioh": "yugioh/*/json/*.json"}  # fmt: skip


def make_catalog(folder: Path) -> str:
    """A catalog of the starter cards and whatever real data is present."""
    path = str(folder / "catalog.sqlite3")
    engine = open_engine(path)
    try:
        for game, pattern in REAL_FILES.items():
            files = sorted(REALDATA.glob(pattern)) if REALDATA.is_dir() else []
            if files:
                import_files(engine, load_converter(game), files)
    finally:
        engine.dispose()
    return path


def typed_cards(db: str) -> list[CardInfo]:
    """One printing of every typed card identity of the catalog."""
    engine = open_engine(db, load_starter=False)
    try:
        with session_scope(engine) as session:
            rows = list(session.execute(select(*VIEW_COLUMNS).where(
                CARD.c.card_type.is_not(None)).order_by(CARD.c.id)))
            views = card_views(session, rows)
    finally:
        engine.dispose()
    chosen: dict[str, CardInfo] = {}
    for view in views:
        chosen.setdefault(view.identity, card_info(view))
    return list(chosen.values())


def collection(cards: list[CardInfo], size: int, rng: random.Random) -> list[Candidate]:
    """`size` owned copies drawn from the cards (every card equally likely, with repeats)."""
    owned = Counter(rng.choice(cards).identity for _ in range(size))
    by_id = {c.identity: c for c in cards}
    return [Candidate(by_id[i], n) for i, n in owned.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="500,5000,50000")
    parser.add_argument("--db", help="an existing catalog to draw the cards from")
    parser.add_argument("--half-limit", type=float, default=2.0)
    parser.add_argument("--full-limit", type=float, default=10.0)
    parser.add_argument("--large-full-limit", type=float, default=30.0,
                        help="the full deck's limit from 50,000 copies on (the issue's target)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or make_catalog(Path(folder))
        cards = typed_cards(db)
    games = Counter(c.game for c in cards)
    print(f"{len(cards)} typed card identities: " + ", ".join(f"{g} {n}" for g, n in
                                                              games.most_common()))
    rng = random.Random(args.seed)
    print("size | format | seconds | CPU seconds | answer | candidates | cuts | peak RSS MB")
    for size in (int(s) for s in args.sizes.split(",") if s.strip()):
        owned = collection(cards, size, rng)
        full = args.large_full_limit if size >= LARGE else args.full_limit
        for fmt, limit in ((DeckFormat.HALF, args.half_limit), (DeckFormat.FULL, full)):
            start, cpu = time.perf_counter(), time.process_time()
            result = build(Request(fmt, time_limit=limit, seed=args.seed), owned)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu
            answer = (result.status if result.status != "feasible" else
                      f"gap {100 * result.gap:.2f} % ({result.objective:g} of {result.bound:g})")
            halves = len(result.deck.numbered("final.")) + 1 if result.deck else 0
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"{size} | {fmt.value} ({halves} halves) | {seconds:.2f} | {cpu:.2f} | "
                  f"{answer} | {result.candidates} of {len(owned)} | {result.cuts} | {rss:.0f}",
                  flush=True)


if __name__ == "__main__":
    main()
