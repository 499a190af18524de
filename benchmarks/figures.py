"""One function per benchmark figure. Each returns the absolute numbers, the baseline measured
in the same run (where the figure has one), the ratio and whether the target is met.

Commands a user runs (`twgp convert`, `twgp import`, `twgp collection import --fetch`) are
timed as child processes, start-up included; search, validation and the TUI are timed
in-process after a warm-up, as they are used from a running app."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.measure import Run, best_of, percentile, python, run_command, time_call, twgp
from benchmarks.synthetic import (
    EXAMPLES,
    bench_name,
    scryfall_cards,
    write_dragonshield_collection,
    write_moxfield_collection,
    write_pokemon_bulk,
    write_scryfall_bulk,
)

Figure = dict[str, Any]
HERE = Path(__file__).resolve().parent


@dataclass
class Context:
    work: Path
    bulk: Path
    size: int
    repeat: int
    smoke: bool = False
    #: what one figure made and a later one reuses (the N-card catalog, the first import time)
    made: dict[str, Any] = field(default_factory=dict)

    def env(self, **extra: str) -> dict[str, str]:
        """The environment of twgp child processes: user folders inside the work folder,
        no starter cards, none of the caller's TWGP_* settings."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("TWGP_")}
        home = self.work / "home"
        for var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
            env[var] = str(home / var.lower())
        env["HOME"] = str(home)
        env["TWGP_NO_STARTER"] = "1"
        env.update(extra)
        return env

    def fresh_db(self, name: str) -> Path:
        path = self.work / f"{name}.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return path


def _ratio_figure(
    mine: Run, base: Run, target: float, *, cpu_target: float | None = None
) -> Figure:
    """Wall and CPU (user + system) ratios against the baseline of the same run; the target is
    judged on CPU time when `cpu_target` is given (a shared machine disturbs wall time far
    more than CPU time), else on wall time."""
    ratio = mine.seconds / base.seconds if base.seconds else float("inf")
    cpu_ratio = mine.cpu_seconds / base.cpu_seconds if base.cpu_seconds else float("inf")
    judged = ratio <= target if cpu_target is None else cpu_ratio <= cpu_target
    return {
        "twgp": f"{mine.seconds:.2f} s ({mine.cpu_seconds:.2f} s CPU)",
        "baseline": f"{base.seconds:.2f} s ({base.cpu_seconds:.2f} s CPU)",
        "twgp_seconds": mine.seconds,
        "twgp_cpu_seconds": mine.cpu_seconds,
        "baseline_seconds": base.seconds,
        "baseline_cpu_seconds": base.cpu_seconds,
        "ratio": ratio,
        "cpu_ratio": cpu_ratio,
        "ratio_text": f"{ratio:.2f}× wall, {cpu_ratio:.2f}× CPU",
        "target": f"≤ {target}×" if cpu_target is None else f"≤ {cpu_target}× CPU",
        "met": judged,
    }


# --- convert -----------------------------------------------------------------------------------

BARE_PARSE = (
    "import ijson, sys\n"
    "n = 0\n"
    "with open(sys.argv[1], 'rb') as f:\n"
    "    for _ in ijson.items(f, 'item', use_float=True):\n"
    "        n += 1\n"
)


def _convert(ctx: Context, path: Path) -> Run:
    return run_command(twgp("convert", "mtg", str(path), "--json"), env=ctx.env())


def convert(ctx: Context) -> Figure:
    """`twgp convert mtg bulk.json --json` against the same file parsed by the same library."""
    mine = best_of(ctx.repeat, lambda: _convert(ctx, ctx.bulk))
    base = best_of(ctx.repeat, lambda: run_command(python("-c", BARE_PARSE, str(ctx.bulk))))
    figure = _ratio_figure(mine, base, 3.0)
    figure["cards_per_second"] = ctx.size / mine.seconds
    return figure


# --- import and re-import ----------------------------------------------------------------------


def _import(ctx: Context, path: Path, db: Path, game: str = "mtg") -> Run:
    argv = twgp("import", game, str(path), "--db", str(db), "--no-starter")
    return run_command(argv, env=ctx.env())


def _bare_insert(ctx: Context) -> Run:
    db = ctx.fresh_db("bare")
    argv = python(str(HERE / "bare_insert.py"), "mtg", str(ctx.bulk), str(db))
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=ctx.env())
    if done.returncode != 0:
        raise RuntimeError(f"bare_insert.py exited {done.returncode}: {done.stderr[-2000:]}")
    result = json.loads(done.stdout)
    if result["rows"] != ctx.size:
        raise RuntimeError(f"bare_insert.py stored {result['rows']} rows, not {ctx.size}")
    ctx.fresh_db("bare")
    return Run(result["seconds"], 0.0, result["cpu_seconds"])


def catalog(ctx: Context) -> Path:
    """The N-card catalog (an import of the bulk file), made once."""
    if "catalog" not in ctx.made:
        db = ctx.fresh_db("catalog")
        ctx.made["import_run"] = _import(ctx, ctx.bulk, db)
        ctx.made["catalog"] = db
    path: Path = ctx.made["catalog"]
    return path


#: issue 26: an import's CPU (both processes) against the bare insert's, at 100,000 cards
IMPORT_CPU_TARGET = 3.0


def import_(ctx: Context) -> Figure:
    """`twgp import mtg bulk.json` into an empty catalog against a plain executemany of the
    same rows into a table with the same columns and indexes, one transaction."""
    runs = []
    for attempt in range(ctx.repeat):
        db = ctx.fresh_db(f"import{attempt}")
        runs.append(_import(ctx, ctx.bulk, db))
        if "catalog" not in ctx.made:
            ctx.made["catalog"] = db
        else:
            ctx.fresh_db(f"import{attempt}")
    mine = Run(min(r.seconds for r in runs), max(r.peak_mb for r in runs),
               min(r.cpu_seconds for r in runs))  # fmt: skip
    ctx.made["import_run"] = mine
    base = best_of(ctx.repeat, lambda: _bare_insert(ctx))
    figure = _ratio_figure(mine, base, 2.5, cpu_target=IMPORT_CPU_TARGET)
    figure["cards_per_second"] = ctx.size / mine.seconds
    return figure


def reimport(ctx: Context) -> Figure:
    """The same file into the catalog that already holds it: nothing changes."""
    db = catalog(ctx)
    first: Run = ctx.made["import_run"]
    again = best_of(ctx.repeat, lambda: _import(ctx, ctx.bulk, db))
    ratio = again.seconds / first.seconds
    return {
        "twgp": f"{again.seconds:.2f} s",
        "baseline": f"{first.seconds:.2f} s",
        "baseline_is": "the first import",
        "twgp_seconds": again.seconds,
        "baseline_seconds": first.seconds,
        "ratio": ratio,
        "ratio_text": f"{ratio:.2f}×",
        "target": "≤ the first import",
        "met": ratio <= 1.0,
    }


# --- peak memory -------------------------------------------------------------------------------


def memory(ctx: Context) -> Figure:
    """Peak RSS of convert and of import at N and 4N cards."""
    bigger = write_scryfall_bulk(ctx.work / "bulk4.json", ctx.size * 4)
    peaks: dict[str, float] = {}
    for label, path in (("N", ctx.bulk), ("4N", bigger)):
        peaks[f"convert_{label}_mb"] = _convert(ctx, path).peak_mb
        db = ctx.fresh_db(f"memory{label}")
        peaks[f"import_{label}_mb"] = _import(ctx, path, db).peak_mb
        ctx.fresh_db(f"memory{label}")
    bigger.unlink()
    worst = max(peaks.values())
    growth = max(peaks[f"{step}_4N_mb"] / peaks[f"{step}_N_mb"] for step in ("convert", "import"))
    return {
        **peaks,
        "twgp": f"{worst:.0f} MB",
        "baseline": "—",
        "growth": growth,
        "ratio_text": f"{growth:.2f}× at 4N",
        "target": "≤ 300 MB, flat",
        "met": worst <= 300 and growth <= 1.25,
    }


# --- search ------------------------------------------------------------------------------------

SEARCH_QUERIES = (
    "serra angel",  # name words
    "セラの天使",  # a Japanese name
    "grade>=6 type:unit",
    # an effect with a game (the Pokémon example cards carry no effect since the effects
    # tagger of 2026-12-01: Magic's hazard cards are a tenth of the catalog)
    "game:mtg effect:hazard",
    'text:"deals 3 damage"',
)


def search_catalog(ctx: Context) -> Path:
    """The N-card catalog plus N/10 Pokémon cards (so that every typical query finds cards)."""
    db = catalog(ctx)
    if not ctx.made.get("pokemon"):
        pokemon = write_pokemon_bulk(ctx.work / "pokemon.json", max(ctx.size // 10, 8))
        _import(ctx, pokemon, db, game="pokemon")
        ctx.made["pokemon"] = True
    return db


def search(ctx: Context) -> Figure:
    """Typical queries on the catalog, in-process (a session as the app holds one), after a
    warm-up; `limit` is the TUI's page of 50."""
    times, cpu = _time_queries(search_catalog(ctx), SEARCH_QUERIES, 20 if ctx.smoke else 200)
    return _search_figure(times, cpu)


def _time_queries(
    db: Path, queries: tuple[str, ...], rounds: int
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU seconds of each query, `rounds` times, after every query found a card and
    ran 5 times (warm-up)."""
    from catalog.lookup.search import search_cards
    from catalog.store.db import open_engine, session_scope

    engine = open_engine(str(db), load_starter=False)
    times: dict[str, list[float]] = {query: [] for query in queries}
    cpu: dict[str, list[float]] = {query: [] for query in queries}
    try:
        with session_scope(engine) as session:
            for query in queries:
                if not search_cards(session=session, query=query, limit=50):
                    raise RuntimeError(f"the benchmark query {query!r} finds no card")
                for _ in range(5):
                    search_cards(session=session, query=query, limit=50)
            for _ in range(rounds):
                for query in queries:
                    start, start_cpu = time.perf_counter(), time.process_time()
                    search_cards(session=session, query=query, limit=50)
                    cpu[query].append(time.process_time() - start_cpu)
                    times[query].append(time.perf_counter() - start)
    finally:
        engine.dispose()
    return times, cpu


def _search_figure(times: dict[str, list[float]], cpu: dict[str, list[float]]) -> Figure:
    pooled = [t for values in times.values() for t in values]
    p50, p99 = percentile(pooled, 50) * 1000, percentile(pooled, 99) * 1000
    pooled_cpu = [t for values in cpu.values() for t in values]
    cpu50, cpu99 = percentile(pooled_cpu, 50) * 1000, percentile(pooled_cpu, 99) * 1000
    return {
        "twgp": f"p50 {p50:.1f} ms",
        "baseline": "—",
        "p50_ms": p50,
        "p99_ms": p99,
        "cpu_p50_ms": cpu50,
        "cpu_p99_ms": cpu99,
        "per_query_p50_ms": {q: percentile(t, 50) * 1000 for q, t in times.items()},
        "per_query_p99_ms": {q: percentile(t, 99) * 1000 for q, t in times.items()},
        "per_query_cpu_p50_ms": {q: percentile(t, 50) * 1000 for q, t in cpu.items()},
        "ratio_text": f"p99 {p99:.1f} ms",
        "target": "p50 ≤ 5 ms, p99 ≤ 20 ms",
        "met": p50 <= 5 and p99 <= 20,
    }


# --- owned search -------------------------------------------------------------------------------

#: the queries of "cards I own": alone, with a filter, a threshold, the complement, by copies
OWNED_QUERIES = (
    "owned>0", "owned>0 type:unit", "owned>=3", "owned=0 grade>=6", "sort:owned",
    "sort:owned order:desc",
)  # fmt: skip
#: the share of the catalog's cards with collection rows (issue 26: 30,000 rows of 100,000)
OWNED_SHARE = 0.3


def owned_catalog(ctx: Context) -> Path:
    """A copy of the search catalog with collection rows for OWNED_SHARE of its cards (1–4
    copies each), written by the collection's own writer (owned totals kept as in use)."""
    import sqlite3

    if "owned_catalog" in ctx.made:
        path: Path = ctx.made["owned_catalog"]
        return path
    from sqlalchemy import select

    from catalog.collections.owned import OwnedEntry, put_entries
    from catalog.schema.models import CARD
    from catalog.store.db import open_engine, session_scope

    db = ctx.fresh_db("owned")
    with sqlite3.connect(search_catalog(ctx)) as source, sqlite3.connect(db) as target:
        source.backup(target)
    engine = open_engine(str(db), load_starter=False)
    step = round(1 / OWNED_SHARE * 10)  # every card whose id % step < 10: the share
    try:
        with session_scope(engine) as session:
            ids = list(session.execute(select(CARD.c.id).order_by(CARD.c.id)).scalars())
            owned = [card_id for card_id in ids if card_id % step < 10]
            for start in range(0, len(owned), 5000):
                entries = [OwnedEntry(f"bench:{card_id}", card_id, 1 + card_id % 4)
                           for card_id in owned[start : start + 5000]]  # fmt: skip
                put_entries(session=session, entries=entries)
    finally:
        engine.dispose()
    ctx.made["owned_catalog"] = db
    ctx.made["owned_rows"] = len(owned)
    return db


def owned_search(ctx: Context) -> Figure:
    """The plain mix and the "cards I own" mix (OWNED_QUERIES) on the search catalog with
    collection rows for 30 % of its cards, each timed as `search` times its mix (wall and
    CPU); the target is the search target over both mixes together."""
    db = owned_catalog(ctx)
    rounds = 20 if ctx.smoke else 200
    plain_times, plain_cpu = _time_queries(db, SEARCH_QUERIES, rounds)
    owned_times, owned_cpu = _time_queries(db, OWNED_QUERIES, rounds)
    plain = _search_figure(plain_times, plain_cpu)
    owned = _search_figure(owned_times, owned_cpu)
    both = _search_figure({**plain_times, **owned_times}, {**plain_cpu, **owned_cpu})
    return {
        **both,
        "twgp": f"owned p50 {owned['p50_ms']:.1f} ms",
        "baseline": f"{plain['p50_ms']:.1f} ms",
        "baseline_is": "the plain mix on the same catalog",
        "owned_rows": ctx.made["owned_rows"],
        "plain": plain,
        "owned": owned,
        "ratio_text": f"p99 {both['p99_ms']:.1f} ms",
        "target": "both mixes: p50 ≤ 5, p99 ≤ 20 ms",
    }


# --- validate ----------------------------------------------------------------------------------

# A full deck: 5 life cards, the entry half (15 + 5) and one final half of 20 — 45 cards.
# Example cards by index in converters/examples/mtg.json; each synthetic copy is its own card.
_LIFE = 5  # Glorious Anthem: a Life Counter
_DECK_CARDS = (0, 1, 3, 4, 6, 9)  # Bolt, Bears, Serra Angel, Sword, Mindbreak Trap, Control Magic


def full_deck_text(size: int) -> str:
    """The `.twgp` text of a full deck of distinct synthetic cards."""
    examples = json.loads((EXAMPLES / "mtg.json").read_text(encoding="utf-8"))["data"]
    names = [card["name"] for card in examples]
    pool = [n for n in range(size) if n % len(names) in _DECK_CARDS]
    life = [n for n in range(size) if n % len(names) == _LIFE][:5]
    if len(pool) < 40 or len(life) < 5:
        raise RuntimeError(f"--size {size} is too small for a full deck")

    def lines(numbers: list[int]) -> list[str]:
        return [f"1 mtg {bench_name(names[n % len(names)], n)}" for n in numbers]

    return "\n".join(
        ["name: Benchmark", "format: full", "[life]", *lines(life),
         "[entry.library]", *lines(pool[:15]), "[entry.archive]", *lines(pool[15:20]),
         "[final.1]", *lines(pool[20:40]), ""]
    )  # fmt: skip


def validation_rate(db: Path, text: str, count: int) -> tuple[float, float, Any]:
    """Validations per second of the 45-card deck `text` in-process with one catalog resolver
    (after 50 warm-up runs), the first (cold) validation's seconds, and its report."""
    from catalog.store.db import open_engine, session_scope
    from deckbuilder import twgp_format
    from deckbuilder.catalog_resolver import CatalogResolver
    from deckbuilder.service import validate_deck

    engine = open_engine(str(db), load_starter=False)
    try:
        with session_scope(engine) as session:
            resolver = CatalogResolver(session)
            deck = twgp_format.parse(text)
            cold = time_call(lambda: validate_deck(deck, resolver), 1)[0]
            report = validate_deck(deck, resolver)
            cards = sum(entry.qty for section in deck.sections.values() for entry in section)
            if cards != 45:
                raise RuntimeError(f"the benchmark deck has {cards} cards, not 45")
            time_call(lambda: validate_deck(deck, resolver), 50)
            total = sum(time_call(lambda: validate_deck(deck, resolver), count))
    finally:
        engine.dispose()
    return count / total, cold, report


def validate(ctx: Context) -> Figure:
    """`deckbuilder.service.validate_deck(deck, resolver)` — what `twgp deck validate` calls —
    on a 45-card full deck, repeatedly, with one catalog resolver (its look-ups cached after
    the first deck, as in the app); the first (cold) validation is reported beside it."""
    db = catalog(ctx)
    text = full_deck_text(ctx.size)
    rate, cold, report = validation_rate(db, text, 200 if ctx.smoke else 5000)
    deck_file = ctx.work / "deck.twgp"
    deck_file.write_text(text, encoding="utf-8")
    fresh = _first_validation(ctx, db, deck_file)
    warmed = _first_validation(ctx, db, deck_file, "--warm-up")
    return {
        "twgp": f"{rate:,.0f} decks/s",
        "baseline": "—",
        "decks_per_second": rate,
        "first_validation_ms": cold * 1000,
        "fresh_process_first_ms": fresh["first_ms"],
        "fresh_process_first_cpu_ms": fresh["first_cpu_ms"],
        "fresh_process_new_resolver_cpu_ms": fresh["again_cpu_ms"],
        "after_warm_up_first_ms": warmed["first_ms"],
        "after_warm_up_first_cpu_ms": warmed["first_cpu_ms"],
        "legal": report.legal,
        "violations": [v.code.value for v in report.violations],
        "ratio_text": f"first {fresh['first_cpu_ms']:.0f} ms CPU",
        "target": "≥ 2,000 decks/s; first ≤ 50 ms",
        "met": rate >= 2000 and fresh["first_cpu_ms"] <= 50,
    }


def _first_validation(ctx: Context, db: Path, deck: Path, *flags: str) -> dict[str, float]:
    """The first validations of a fresh process (benchmarks/first_validation.py), the run of
    `repeat` with the least CPU."""
    argv = python(str(HERE / "first_validation.py"), str(db), str(deck), *flags)
    runs = []
    for _ in range(ctx.repeat):
        done = subprocess.run(argv, capture_output=True, text=True, check=False, env=ctx.env())
        if done.returncode != 0:
            raise RuntimeError(f"first_validation.py exited {done.returncode}: {done.stderr}")
        runs.append(json.loads(done.stdout))
    best: dict[str, float] = min(runs, key=lambda run: run["first_cpu_ms"])
    return best


# --- start-up ----------------------------------------------------------------------------------

#: commands whose start-up a user feels: the help, and a command that opens the catalog
STARTUP_COMMANDS = (("--help",), ("games",))


def startup(ctx: Context) -> Figure:
    """CPU time (user + system, what `/usr/bin/time -f %U+%S` prints) of `twgp --help` and of
    `twgp games`, each the best of `repeat` runs as child processes."""
    runs = {
        " ".join(args): best_of(max(ctx.repeat, 3), lambda args=args: run_command(
            twgp(*args), env=ctx.env()))
        for args in STARTUP_COMMANDS
    }  # fmt: skip
    help_cpu = runs["--help"].cpu_seconds
    return {
        "twgp": f"{help_cpu:.2f} s CPU",
        "baseline": "—",
        "cpu_seconds": {name: run.cpu_seconds for name, run in runs.items()},
        "seconds": {name: run.seconds for name, run in runs.items()},
        "ratio_text": f"games {runs['games'].cpu_seconds:.2f} s",
        "target": "--help ≤ 0.3 s CPU",
        "met": help_cpu <= 0.3,
    }


# --- TUI ---------------------------------------------------------------------------------------

TUI_QUERIES = ("serra angel", "grade>=6 type:unit", "セラの天使", "game:pokemon", "bolt")


def tui(ctx: Context) -> Figure:
    """With the Pilot: from `run_test()` to the first page of cards on screen, and from a
    keystroke in the search box (a space after a query already shown, so that the search runs
    again) to the new results in the table. The app waits for typing to pause (its debounce)
    before it searches; the figure is the time after that pause, the whole wait beside it."""
    try:
        from tui.app import make_app  # noqa: F401
    except ImportError:
        return _not_measured("not measured (TUI missing)")
    import asyncio

    db = search_catalog(ctx)
    first, keystrokes, debounce = asyncio.run(_drive_tui(db, rounds=2 if ctx.smoke else 6))
    after = [t - debounce for t in keystrokes]
    worst, p50 = max(after) * 1000, percentile(after, 50) * 1000
    return {
        "twgp": f"{first:.2f} s, {p50:.0f} ms",
        "baseline": "—",
        "first_screen_seconds": first,
        "keystroke_to_results_p50_ms": percentile(keystrokes, 50) * 1000,
        "debounce_ms": debounce * 1000,
        "after_debounce_p50_ms": p50,
        "after_debounce_max_ms": worst,
        "ratio_text": f"max {worst:.0f} ms",
        "target": "≤ 1.5 s and ≤ 100 ms",
        "met": first <= 1.5 and worst <= 100,
    }


async def _drive_tui(db: Path, *, rounds: int) -> tuple[float, list[float], float]:
    from textual.widgets import Input

    from tui.app import make_app
    from tui.config import UiSettings
    from tui.screens import main
    from tui.widgets.card_table import CardTable

    debounce = float(getattr(main, "DEBOUNCE", 0.0))
    app = make_app(str(db), settings=UiSettings())
    start = time.perf_counter()
    async with app.run_test(size=(120, 36)) as pilot:
        table = app.screen.query_one(CardTable)
        while not table.cards:
            await pilot.pause(0.005)
        first = time.perf_counter() - start
        box = app.screen.query_one("#search", Input)
        box.focus()
        times = []
        for round_ in range(rounds + 1):  # the first round warms up
            for query in TUI_QUERIES:
                before = table.cards
                box.value = query
                box.cursor_position = len(query)
                await _changed(pilot, table, before)
                # the keystroke: a space (the query's prefixes are not all valid queries)
                before = table.cards
                start = time.perf_counter()
                await pilot.press("space")
                await _changed(pilot, table, before)
                if round_:
                    times.append(time.perf_counter() - start)
    return first, times, debounce


async def _changed(pilot: Any, table: Any, before: object) -> None:
    """Wait until the table shows another result list than `before`."""
    deadline = time.perf_counter() + 10
    while table.cards is before:
        if time.perf_counter() > deadline:
            raise RuntimeError("the TUI showed no results within 10 s")
        await pilot.pause(0.001)


def _not_measured(why: str) -> Figure:
    return {"twgp": why, "baseline": "—", "ratio_text": "", "target": "", "met": None}


# --- fetch -------------------------------------------------------------------------------------

FETCH_CARDS = 1000


def fetch(ctx: Context) -> Figure:
    """Requests `twgp collection import moxfield.csv --fetch` makes for a 1,000-card MTG
    collection none of whose cards the (empty) catalog holds, against a loopback Scryfall."""
    from benchmarks.mirror import scryfall_mirror

    cards = list(scryfall_cards(FETCH_CARDS))
    names = [card["name"] for card in cards]
    collection = write_moxfield_collection(ctx.work / "moxfield.csv", names)
    db = ctx.fresh_db("fetch")
    home = ctx.work / "fetch-home"
    shutil.rmtree(home, ignore_errors=True)
    with scryfall_mirror(cards) as mirror:
        env = ctx.env(TWGP_SCRYFALL_URL=mirror.url, XDG_CACHE_HOME=str(home / "cache"))
        argv = twgp("collection", "import", str(collection), "--fetch", "--db", str(db))
        run = run_command(argv, env=env)
        requests = mirror.requests
    owned = _owned_rows(db)
    ctx.fresh_db("fetch")
    if owned != FETCH_CARDS:
        raise RuntimeError(f"--fetch resolved {owned} of {FETCH_CARDS} collection rows")
    return {
        "twgp": f"{len(requests)} requests",
        "baseline": "—",
        "requests": len(requests),
        "request_kinds": sorted(set(requests)),
        "seconds": run.seconds,
        "ratio_text": "",
        "target": "≤ 14 requests",
        "met": len(requests) <= 14,
    }


def _owned_rows(db: Path) -> int:
    import sqlite3

    with sqlite3.connect(db) as connection:
        (count,) = connection.execute("SELECT count(*) FROM collection_row").fetchone()
    return int(count)


# --- collection import ---------------------------------------------------------------------

COLLECTION_ROWS = 30_000  # a large real export (issue 12: a Dragon Shield file of 30,000 rows)
MEMORY_ROWS = 1_000_000


def _collection_import(ctx: Context, path: Path) -> Run:
    """`twgp collection import` of `path` into a copy of the N-card catalog (a first import)."""
    import sqlite3

    db = ctx.fresh_db("collection")
    with sqlite3.connect(catalog(ctx)) as source, sqlite3.connect(db) as target:
        source.backup(target)
    try:
        return run_command(twgp("collection", "import", str(path), "--db", str(db)),
                           env=ctx.env())  # fmt: skip
    finally:
        ctx.fresh_db("collection")


def collection(ctx: Context) -> Figure:
    """A 30,000-row Dragon Shield export whose cards the catalog holds, the same with cards it
    does not hold, and half of each: an unresolved row must cost no more than a resolved one,
    and the export must import in under 60 s."""
    rows = 2_000 if ctx.smoke else COLLECTION_ROWS
    runs = {}
    for label, every in (("resolved", 0), ("unresolved", 1), ("mixed", 2)):
        path = write_dragonshield_collection(ctx.work / f"ds-{label}.csv", rows, ctx.size,
                                             unknown_every=every)  # fmt: skip
        runs[label] = best_of(ctx.repeat, partial(_collection_import, ctx, path))
        path.unlink()
    # CPU time (the child's user + system) compares the two: wall time on a shared machine
    # varies more than the difference measured.
    ratio = runs["unresolved"].cpu_seconds / runs["resolved"].cpu_seconds
    per_row = {label: run.cpu_seconds / rows * 1000 for label, run in runs.items()}
    return {
        "twgp": f"{runs['mixed'].seconds:.1f} s for {rows:,} rows",
        "baseline": f"{runs['resolved'].seconds:.1f} s",
        "baseline_is": "the same rows, all resolved",
        "rows": rows,
        "seconds": {label: run.seconds for label, run in runs.items()},
        "cpu_seconds": {label: run.cpu_seconds for label, run in runs.items()},
        "cpu_ms_per_row": per_row,
        "peak_mb": max(run.sampled_mb for run in runs.values()),
        "ratio": ratio,
        "ratio_text": f"unresolved {ratio:.2f}× CPU",
        "target": "< 60 s; unresolved ≤ 1×",
        "met": runs["mixed"].seconds < 60 and ratio <= 1.0,
    }


def collection_memory(ctx: Context) -> Figure:
    """Peak memory of a 1,000,000-row collection import (half its rows unresolved)."""
    rows = 20_000 if ctx.smoke else MEMORY_ROWS
    path = write_dragonshield_collection(ctx.work / "ds-million.csv", rows, ctx.size,
                                         unknown_every=2)  # fmt: skip
    run = _collection_import(ctx, path)
    path.unlink()
    return {
        "twgp": f"{run.sampled_mb:.0f} MB",
        "baseline": "—",
        "rows": rows,
        "peak_mb": run.sampled_mb,
        "ru_maxrss_mb": run.peak_mb,
        "seconds": run.seconds,
        "cpu_seconds": run.cpu_seconds,
        "ratio_text": f"{run.seconds:.0f} s",
        "target": "≤ 300 MB",
        "met": run.sampled_mb <= 300,
    }


def service(ctx: Context) -> Figure:
    """Search and validation over HTTP (`twgp serve`, 1 and 2 workers) and a burst, beside the
    same work in-process (measured here, for the ratios): benchmarks/service.py."""
    from benchmarks import service as http

    db, text = search_catalog(ctx), full_deck_text(ctx.size)
    times, _ = _time_queries(db, SEARCH_QUERIES, 20 if ctx.smoke else 100)
    pooled = [t for values in times.values() for t in values]
    in_process = {
        "search_p50_ms": percentile(pooled, 50) * 1000,
        "search_p99_ms": percentile(pooled, 99) * 1000,
        "validate_rps": validation_rate(db, text, 200 if ctx.smoke else 2000)[0],
        **http.lookup_times(db, *http.typing_mix(ctx.size), 5 if ctx.smoke else 50),
    }
    return http.measure(ctx, db, text, SEARCH_QUERIES, in_process)


def bulk(ctx: Context) -> Figure:
    """`twgp bulk export` of the N-card catalog (benchmarks/service.py)."""
    from benchmarks import service as http

    return http.bulk_export(ctx, catalog(ctx))


ALL: dict[str, Callable[[Context], Figure]] = {
    "startup": startup,
    "convert": convert,
    "import": import_,
    "re-import": reimport,
    "memory": memory,
    "search": search,
    "owned-search": owned_search,
    "validate": validate,
    "tui": tui,
    "fetch": fetch,
    "collection": collection,
    "coll-mem": collection_memory,
    "service": service,
    "bulk": bulk,
}
