"""`twgp search` and `twgp show`: find cards in the catalog with the query language, and
show everything about one card."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console

from catalog.db import open_engine, session_scope
from catalog.repository import get_card
from catalog.safe_output import json_text
from catalog.search import count_cards, search_cards
from tui.commands.catalog_cmds import DbOption, catalog_db
from tui.render_catalog import card_page, search_table

QUERY_HELP = """Search the catalog. QUERY words are joined with spaces (quote the whole query
for your shell when it holds > < or quotes).

Free words match names (English or Japanese; case, width and kana do not matter).
Keys: game:mtg · grade:04 grade>=6 grade<3 grade:none · type:unit (weapon, recoil,
charge_trap, charge_effect, life_trap, life_counter, or the Japanese names) · effect:hazard ·
text:"draw a card" · name:bolt name="Fire // Ice" · set:lea · lang:ja · owned>0 ·
sort:name|grade|game|type|set · order:asc|desc. Combine with spaces (and), `or`,
parentheses and `-` (not): `game:yugioh (type:life_trap or type:life_counter) -owned:0`."""


def register(app: typer.Typer) -> None:
    # a query may begin with `-` (not): `twgp search -game:mtg bolt` is a query, not options
    app.command("search", help=QUERY_HELP,
                context_settings={"ignore_unknown_options": True})(search)
    app.command("show")(show)


def search(
    ctx: typer.Context,
    query: Annotated[
        list[str] | None, typer.Argument(help="The query (empty: every card).")
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="JSON Lines: the `convert --json` fields, owned, override."),
    ] = False,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many cards.")] = 50,
    db: DbOption = None,
) -> None:
    text = " ".join(query or [])
    engine = open_engine(catalog_db(ctx, db))
    try:
        with session_scope(engine) as session:
            views = search_cards(session=session, query=text, limit=limit)
            total = count_cards(session=session, query=text) if len(views) == limit else len(views)
    finally:
        engine.dispose()
    if as_json:
        for view in views:
            sys.stdout.write(json_text(view.to_json()) + "\n")
        sys.stdout.flush()
    elif views:
        Console().print(search_table(views))
    more = f" (the first {len(views)} shown; --limit for more)" if total > len(views) else ""
    plural = "" if total == 1 else "s"
    Console(stderr=True, highlight=False).print(f"{total} card{plural}{more}", markup=False)


def show(
    ctx: typer.Context,
    card: Annotated[str, typer.Argument(help="game:source_id, game:name or a name.")],
    as_json: Annotated[bool, typer.Option("--json", help="The card as one JSON object.")] = False,
    db: DbOption = None,
) -> None:
    """Everything about one card: grade and type with their explanations, the override if
    any, effects, source stats, copies owned, and the rules text beside its TWGP reading.
    An ambiguous name lists the candidates."""
    engine = open_engine(catalog_db(ctx, db))
    try:
        with session_scope(engine) as session:
            view = get_card(session=session, card_ref=card)
    finally:
        engine.dispose()
    if as_json:
        typer.echo(json_text(view.to_json()))
    else:
        Console().print(card_page(view))
