"""How the ids of a search page are found (catalog/search.py compiles the terms).

On SQLite, a query made only of filters the browse index holds (grade, type, game, and
effects by card id) first walks the cards in name order within a bounded window: the first
WINDOW cards in that order (more for a later page), checking each filter row by row, in one
statement that stops as soon as the page is full. A filter that matches many cards fills a
page within a few hundred rows, which is most pages of such a query. When the window holds
fewer matches than the page needs, the page is planned as before: each filter asks a capped
count of its index whether it matches many cards (then it is checked row by row in a walk
that is not bounded) or few (then its index drives and the few are sorted).

Whatever the plan, the page is the same: the window only bounds how far the first try
looks, and a page the window cannot fill is asked again without it."""

from __future__ import annotations

from sqlalchemy import ColumnElement, Connection, func, literal, select

from catalog.dialects import uses_fts
from catalog.models import CARD
from catalog.query import Query
from catalog.search import Terms, _order, walkable

#: cards in name order the first, bounded walk looks at (at least)
WINDOW = 2000
#: ... and at least this many times the cards the page needs (offset + limit)
WINDOW_PER_CARD = 20


def page_ids(connection: Connection, query: Query, *, limit: int, offset: int = 0) -> list[int]:
    """The ids of the cards of one page of `query`, in its order."""
    fts = uses_fts(connection)
    order = _order(query)
    sqlite = connection.dialect.name == "sqlite"
    walked = False
    if sqlite and query.root is not None and query.sort in (None, "name") and walkable(query.root):
        _source, where = Terms(fts, walk=True).plan(query)
        window = max(WINDOW, WINDOW_PER_CARD * (offset + limit))
        bounded = (
            select(CARD.c.id)
            .where(where, _within(window, descending=query.descending))
            .order_by(*order)
            .limit(limit)
            .offset(offset)
        )
        ids = list(connection.execute(bounded).scalars())
        if len(ids) == limit:
            return ids
        walked = True
    terms = Terms(fts, connection if sqlite else None, walked=walked, join=True)
    source, where = terms.plan(query)
    page = select(CARD.c.id).select_from(source).where(where)
    return list(connection.execute(page.order_by(*order).limit(limit).offset(offset)).scalars())


def _within(window: int, *, descending: bool) -> ColumnElement[bool]:
    """The cards among the first `window` in name order (ties included): a range of the
    name index, so the walk stops at its end. A catalog smaller than the window: all."""
    name = CARD.c.name_key
    edge = (
        select(name)
        .order_by(name.desc() if descending else name)
        .limit(1)
        .offset(window)
        .scalar_subquery()
    )
    if descending:
        return name >= func.coalesce(edge, "")  # "" sorts before every name
    return name <= func.coalesce(edge, literal(b""))  # a BLOB sorts after all text
