"""`twgp search` and `twgp show`: find cards in the catalog with the query language, and
show everything about one card."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console
from sqlmodel import Session

from catalog.base.safe_output import json_text
from catalog.lookup.card_lookups import fuzzy_card, random_card
from catalog.lookup.repository import get_card
from catalog.lookup.search import count_cards, count_identities, search_cards
from catalog.store.db import open_engine, session_scope
from tui.card_groups import Group, group_cards
from tui.commands.catalog_cmds import catalog_db
from tui.commands.options import DbOption, Lang, LangOption
from tui.render_catalog import card_page, search_table
from tui.terms import count

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
        typer.Option(
            "--json",
            help="JSON Lines, one per printing: the `convert --json` fields, owned, override.",
        ),
    ] = False,
    limit: Annotated[
        int,
        typer.Option("--limit", min=1, help="At most this many cards (--json: printings)."),
    ] = 50,
    random: Annotated[
        bool,
        typer.Option("--random", help="One card matching the query, each equally likely "
                     "(with --json: one JSON object)."),
    ] = False,
    db: DbOption = None,
) -> None:
    text = " ".join(query or [])
    engine = open_engine(catalog_db(ctx, db))
    try:
        with session_scope(engine) as session:
            if random:
                views = [random_card(session=session, query=text)]
            elif as_json:
                views = search_cards(session=session, query=text, limit=limit)
                total = len(views)
                if total == limit:
                    total = count_cards(session=session, query=text)
            else:
                groups, more = first_cards(session, text, limit)
                printings = count_cards(session=session, query=text)
                cards = count_identities(session=session, query=text) if more else len(groups)
    finally:
        engine.dispose()
    if random:
        if as_json:
            typer.echo(json_text(views[0].to_json()))
        else:
            Console().print(card_page(views[0], "en"))
        return
    err = Console(stderr=True, highlight=False)
    if as_json:
        for view in views:
            sys.stdout.write(json_text(view.to_json()) + "\n")
        sys.stdout.flush()
        more_text = f" (the first {len(views)} shown; --limit for more)"
        err.print(count(total, "card") + (more_text if total > len(views) else ""), markup=False)
        return
    if groups:
        Console().print(search_table(groups))
    shown = f"; the first {len(groups)} shown, --limit for more" if more else ""
    err.print(f"{count(cards, 'card')} ({count(printings, 'printing')}{shown})", markup=False)


def first_cards(session: Session, query: str, limit: int) -> tuple[list[Group], bool]:
    """The first `limit` cards (identities) the query finds, each with its printings, and
    whether there are more: pages of printings are read until one card more is seen."""
    page = max(limit * 2, 100)
    groups: list[Group] = []
    offset = 0
    while True:
        views = search_cards(session=session, query=query, limit=page, offset=offset)
        group_cards(views, "en", groups)
        offset += len(views)
        if len(groups) > limit or len(views) < page:
            return groups[:limit], len(groups) > limit


def show(
    ctx: typer.Context,
    card: Annotated[str, typer.Argument(help="game:source_id, game:name or a name.")],
    as_json: Annotated[bool, typer.Option("--json", help="The card as one JSON object.")] = False,
    fuzzy: Annotated[
        bool,
        typer.Option("--fuzzy", help="CARD is a name as typed (`game:` before it allowed): "
                     "a name matching none is read as the closest catalog name."),
    ] = False,
    db: DbOption = None,
    lang: LangOption = Lang.en,
) -> None:
    """Everything about one card: grade and type with their explanations, the override if
    any, effects, source stats, copies owned, and the rules text beside its TWGP reading.
    An ambiguous name lists the candidates.

    `--fuzzy`: typos forgiven (`twgp show --fuzzy "lightnin bolt"`), as the service's
    `/v1/cards/named?fuzzy=` reads names.

    `--lang ja`: the explanations and the reading's notes in Japanese (--json stays as
    stored)."""
    engine = open_engine(catalog_db(ctx, db))
    try:
        with session_scope(engine) as session:
            if fuzzy:
                view = fuzzy_card(session=session, card_ref=card)
            else:
                view = get_card(session=session, card_ref=card)
    finally:
        engine.dispose()
    if as_json:
        typer.echo(json_text(view.to_json()))
    else:
        Console().print(card_page(view, lang))
