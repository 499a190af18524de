"""`twgp fetch`: look cards up in the public card APIs, convert them, store them in the catalog
and print what was stored (the table or JSON Lines of `twgp convert`)."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

from catalog.base.errors import CardNotFoundError
from catalog.base.safe_output import json_text
from catalog.sources.clients.errors import OfflineError
from catalog.sources.online import (
    ONLINE_SOURCES,
    FetchProgress,
    FetchReport,
    OnlineSettings,
    OnProgress,
    fetch_bulk,
    fetch_cards,
    fetch_set,
)
from catalog.store.db import open_engine
from converters.base import ConvertedCard
from converters.registry import installed_id
from tui.commands.options import DbOption
from tui.render import card_table
from tui.safe_text import SafeLines
from tui.terms import count

ROWS_PER_TABLE = 200
GAMES_HELP = ", ".join(f"{game} ({source})" for game, source in ONLINE_SOURCES.items())


def register(app: typer.Typer) -> None:
    app.command("fetch")(fetch)


def fetch(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=f"The game: {GAMES_HELP}.")],
    names: Annotated[
        list[str] | None,
        typer.Argument(
            help="Card names (or ids: a Scryfall id, a Yu-Gi-Oh! passcode, base1-4).",
            show_default=False,
        ),
    ] = None,
    set_code: Annotated[
        str | None,
        typer.Option("--set", help="Only this set; with no NAME, the whole set."),
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Printings in this language (ja: Japanese).")
    ] = None,
    fuzzy: Annotated[bool, typer.Option("--fuzzy", help="Allow misspelt names.")] = False,
    bulk: Annotated[
        bool, typer.Option("--bulk", help="Download and import the whole card database.")
    ] = False,
    bulk_type: Annotated[
        str | None,
        typer.Option(
            "--bulk-type",
            help="Scryfall bulk file: oracle_cards (default), "
            "default_cards, unique_artwork or all_cards.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON Lines, one object per stored card.")
    ] = False,
    refresh: Annotated[
        bool, typer.Option("--refresh", help="Ask the source again, ignoring the cache.")
    ] = False,
    offline: Annotated[
        bool,
        typer.Option(
            "--offline",
            help="Never use the network (also TWGP_OFFLINE=1); list what would have needed it.",
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Look cards up online, convert them to TWGP and store them in the catalog.

    `twgp fetch mtg "Lightning Bolt" Counterspell`, `twgp fetch pokemon ピカチュウ --lang ja`,
    `twgp fetch mtg --set neo`, `twgp fetch yugioh --bulk`. Answers are cached on disk (a
    day unless the source says otherwise); each batch is stored as it arrives, so Ctrl-C
    keeps what was stored. Exit 1 when a card was not found."""
    game = installed_id(game)  # `magic`, `ygo`, `pokémon`: the game's usual names too
    names = [n for n in names or [] if n.strip()]
    if bulk and (names or set_code):
        raise typer.BadParameter("--bulk takes no NAME or --set", param_hint="--bulk")
    if not bulk and not names and not set_code:
        raise typer.BadParameter("give card names, --set SET or --bulk", param_hint="NAME")
    settings = OnlineSettings.from_env(offline=offline, refresh=refresh)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    engine = open_engine(_db(ctx, db))
    try:
        with _progress(err) as on_progress:
            if bulk:
                report = fetch_bulk(
                    engine, game, kind=bulk_type, settings=settings, progress=on_progress
                )
            elif names:
                report = fetch_cards(
                    engine,
                    game,
                    names,
                    set_code=set_code,
                    lang=lang,
                    fuzzy=fuzzy,
                    settings=settings,
                    progress=on_progress,
                )
            else:
                report = fetch_set(
                    engine, game, set_code or "", lang=lang, settings=settings, progress=on_progress
                )
    finally:
        engine.dispose()
    _finish(report, as_json=as_json, console=err)


def _db(ctx: typer.Context, db: str | None) -> str | None:
    """The command's `--db`, else the root's (`twgp --db X fetch …`)."""
    if db:
        return db
    obj = ctx.find_root().obj
    value = obj.get("db") if isinstance(obj, dict) else None
    return value if isinstance(value, str) else None


def _finish(report: FetchReport, *, as_json: bool, console: Console) -> None:
    """Print the stored cards, then problems and the summary on stderr; pick the exit code."""
    err = SafeLines(console)  # the misses quote what the user and the sources wrote
    if report.stored == 0 and not report.interrupted:
        _raise_if_nothing(report)
    if as_json:
        _print_json(report.cards)
    else:
        _print_tables(report.cards)
    for miss in report.misses:
        hint = f" (did you mean: {', '.join(miss.suggestions)}?)" if miss.suggestions else ""
        what = "card not found" if miss.reason == "not found" else miss.reason
        err.print(f"{what}: {miss.query}{hint}", markup=False)
    if report.offline:
        known = (
            f"; already in the catalog: {', '.join(report.in_catalog)}"
            if (report.in_catalog)
            else ""
        )
        err.print(
            f"offline: not in the cache (would need the network): "
            f"{', '.join(report.offline)}{known}",
            markup=False,
        )
    for line in summary(report):
        err.print(line, markup=False)
    if report.interrupted:
        err.print(f"interrupted: {count(report.stored, 'card')} stored before it", markup=False)
        raise typer.Exit(130)
    if report.misses or report.offline or report.imported.failed:
        raise typer.Exit(1)


def _raise_if_nothing(report: FetchReport) -> None:
    """Nothing stored: the whole fetch failed, so it is an error with a hint."""
    if report.offline and not report.misses:
        known = (
            f" ({', '.join(report.in_catalog)} already in the catalog)"
            if (report.in_catalog)
            else ""
        )
        raise OfflineError(
            f"offline: not in the cache: {', '.join(report.offline)}{known}",
            hint="run without --offline (and unset TWGP_OFFLINE) to fetch them",
        )
    if len(report.misses) == 1:
        miss = report.misses[0]
        raise CardNotFoundError(f"card not found: {miss.query}", closest=miss.suggestions)
    if report.misses:
        raise CardNotFoundError(
            f"cards not found: {', '.join(m.query for m in report.misses)}",
            hint="check the spelling, or try --fuzzy",
        )


def summary(report: FetchReport) -> list[str]:
    imported = report.imported
    lines = [
        f"{report.source}: stored {report.stored} (new {imported.new}, updated "
        f"{imported.updated}, unchanged {imported.unchanged}), skipped {imported.skipped}, "
        f"failed {imported.failed}, not found {len(report.misses)}; {report.requests} "
        f"request(s), {report.cache_hits} answered from the cache"
    ]
    lines += [f"  skipped {n}× {why}" for why, n in sorted(imported.skip_reasons.items())]
    lines += [f"  failed {f.where}: {f.reason}" for f in imported.failures[:20]]
    if report.bulk_file is not None:
        lines.append(f"  bulk file: {report.bulk_file}")
    return lines


def _print_json(cards: Sequence[ConvertedCard]) -> None:
    for card in cards:
        sys.stdout.write(json_text(card.to_json()) + "\n")
    sys.stdout.flush()


def _print_tables(cards: Sequence[ConvertedCard]) -> None:
    console = Console()
    for start in range(0, len(cards), ROWS_PER_TABLE):
        console.print(card_table(cards[start : start + ROWS_PER_TABLE]))


@contextmanager
def _progress(err: Console) -> Iterator[OnProgress | None]:
    """Cards (or bytes), requests and ETA on a terminal; nothing when stderr is not one."""
    if not err.is_terminal:
        yield None
        return
    columns = (
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[requests]} requests"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True) as progress:
        tasks: dict[str, TaskID] = {}

        def update(event: FetchProgress) -> None:
            if event.phase not in tasks:
                tasks[event.phase] = progress.add_task(
                    event.phase, total=event.total, requests=event.requests
                )
            label = event.phase if event.unit != "bytes" else f"{event.phase} (bytes)"
            progress.update(
                tasks[event.phase],
                completed=event.done,
                total=event.total,
                description=f"{label}: {event.stored} stored",
                requests=event.requests,
            )

        yield update
