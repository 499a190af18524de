"""Search the catalog with the query language of catalog/lookup/query.py: pages, counts and
whole lists. catalog/lookup/terms.py compiles the syntax tree to a SQLAlchemy expression
(every value a bound parameter) over the effective grade and type.

Free words and `name:` match every name key (English, Japanese, the faces of "A // B"),
case-, width- and kana-insensitively; `text:` matches the rules text the same way.

Speed (a page of 50 from 100,000 cards in a few milliseconds): a page is found in two steps,
its ids sorted through narrow indexes, then only those rows read (catalog/lookup/search_plan.py
chooses how the ids are found). Words of one query are one full-text match, and the match
drives the query (the index joined to the cards) when the words stand at the top level.
On SQLite a filter can be written so that it is checked row by row while the cards are
walked in the page's order (`walk`), rather than collected through its index and sorted."""

from __future__ import annotations

from sqlalchemy import distinct, func, literal, select
from sqlmodel import Session

from catalog.base.errors import QuerySyntaxError
from catalog.cards.views import VIEW_COLUMNS, CardView, card_views, views_by_id
from catalog.lookup.query import parse_query
from catalog.lookup.search_plan import page_ids
from catalog.lookup.terms import Terms, card_filter, order_by
from catalog.schema.dialects import uses_fts
from catalog.schema.models import CARD

__all__ = ["QuerySyntaxError", "card_filter", "count_cards", "parse_query", "search_cards"]


def search_cards(
    *, session: Session, query: str, limit: int | None = 50, offset: int = 0
) -> list[CardView]:
    """The cards matching `query`, in the query's order (default: by name)."""
    parsed = parse_query(query)
    connection = session.connection()
    if limit is None:
        where = card_filter(parsed, connection)
        statement = select(*VIEW_COLUMNS).where(where).order_by(*order_by(parsed)).offset(offset)
        return card_views(session, list(session.execute(statement)))
    ids = page_ids(connection, parsed, limit=limit, offset=offset)
    return views_by_id(session, ids) if ids else []


def count_cards(*, session: Session, query: str, at_most: int | None = None) -> int:
    """How many cards match `query`; with `at_most`, counting stops past it (a capped count
    of a query matching most of the catalog costs a fraction of the full one): the result is
    then at most `at_most + 1`."""
    parsed = parse_query(query)
    connection = session.connection()
    source, where = Terms(uses_fts(connection), join=True).plan(parsed)
    if at_most is None:
        statement = select(func.count()).select_from(source).where(where)
    else:
        capped = select(literal(1)).select_from(source).where(where).limit(at_most + 1)
        statement = select(func.count()).select_from(capped.subquery())
    return int(connection.execute(statement).scalar_one())


def count_identities(*, session: Session, query: str) -> int:
    """How many different cards (identities, every printing of one counted once) match
    `query`: the rows `twgp search` and the app's card list show."""
    parsed = parse_query(query)
    source, where = Terms(uses_fts(session.connection()), join=True).plan(parsed)
    statement = select(func.count(distinct(CARD.c.identity))).select_from(source).where(where)
    return int(session.connection().execute(statement).scalar_one())
