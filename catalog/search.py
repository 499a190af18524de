"""Search the catalog with the query language of catalog/query.py: the syntax tree becomes a
SQLAlchemy expression (every value a bound parameter) over the effective grade and type.

Free words and `name:` match every name key (English, Japanese, the faces of "A // B"),
case-, width- and kana-insensitively; `text:` matches the rules text the same way."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from sqlalchemy import ColumnElement, Connection, and_, func, not_, or_, select, true
from sqlalchemy.sql.elements import UnaryExpression
from sqlmodel import Session

from catalog.dialects import contains, uses_fts
from catalog.errors import QuerySyntaxError
from catalog.keys import name_key, text_key
from catalog.models import CARD, CARD_EFFECT, CARD_NAME, COLLECTION_ROW
from catalog.query import And, Filter, Node, Not, Or, Query, Word, parse_query
from catalog.views import VIEW_COLUMNS, CardView, card_views
from converters.base import CardType

__all__ = ["QuerySyntaxError", "card_filter", "count_cards", "parse_query", "search_cards"]

_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    ":": operator.eq,
    "=": operator.eq,
    "!=": operator.ne,
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
}


def search_cards(
    *, session: Session, query: str, limit: int | None = 50, offset: int = 0
) -> list[CardView]:
    """The cards matching `query`, in the query's order (default: by name)."""
    parsed = parse_query(query)
    statement = (
        select(*VIEW_COLUMNS)
        .where(card_filter(parsed, session.connection()))
        .order_by(*_order(parsed))
        .limit(limit)
        .offset(offset)
    )
    return card_views(session, list(session.execute(statement)))


def count_cards(*, session: Session, query: str) -> int:
    parsed = parse_query(query)
    statement = (
        select(func.count()).select_from(CARD).where(card_filter(parsed, session.connection()))
    )
    return int(session.execute(statement).scalar_one())


def card_filter(query: Query | str, connection: Connection) -> ColumnElement[bool]:
    """The WHERE clause of a query (text or parsed), for searches of the card table."""
    parsed = parse_query(query) if isinstance(query, str) else query
    if parsed.root is None:
        return true()
    return _Compiler(uses_fts(connection)).node(parsed.root)


class _Compiler:
    def __init__(self, fts: bool) -> None:
        self.fts = fts

    def node(self, node: Node) -> ColumnElement[bool]:
        if isinstance(node, Word):
            return contains("search_key", name_key(node.text), fts=self.fts)
        if isinstance(node, Not):
            return not_(self.node(node.operand))
        if isinstance(node, And):
            return and_(*(self.node(operand) for operand in node.operands))
        if isinstance(node, Or):
            return or_(*(self.node(operand) for operand in node.operands))
        return self.filter(node)

    def filter(self, term: Filter) -> ColumnElement[bool]:
        if term.key == "owned":
            return _owned(term.op, int(str(term.value)))
        equal = self.positive(term)
        return not_(equal) if term.op == "!=" else equal

    def positive(self, term: Filter) -> ColumnElement[bool]:
        """The term with `!=` read as `=` (the caller negates it). Null-safe: a card without a
        grade is not `grade<3`, so `-grade<3` finds it."""
        value = term.value
        compare = _COMPARE["=" if term.op == "!=" else term.op]
        if term.key == "grade":
            column = CARD.c.grade
            if value is None:
                return column.is_(None)
            return and_(column.is_not(None), compare(column, value))
        if term.key == "type":
            if value is None:
                return CARD.c.card_type.is_(None)
            assert isinstance(value, CardType)
            return and_(CARD.c.card_type.is_not(None), CARD.c.card_type == value.value)
        if term.key == "game":
            return CARD.c.game == value
        if term.key == "effect":
            return CARD.c.id.in_(select(CARD_EFFECT.c.card_id).where(CARD_EFFECT.c.effect == value))
        if term.key == "text":
            return contains("text_key", text_key(str(value)), fts=self.fts)
        if term.key == "name":
            return self.name(term.op, str(value))
        column = CARD.c.set_code if term.key == "set" else CARD.c.lang
        return and_(column.is_not(None), func.lower(column) == str(value).casefold())

    def name(self, op: str, value: str) -> ColumnElement[bool]:
        if op == ":":
            return contains("search_key", name_key(value), fts=self.fts)
        exact = select(CARD_NAME.c.card_id).where(CARD_NAME.c.key == name_key(value))
        return CARD.c.id.in_(exact)


def _owned(op: str, count: int) -> ColumnElement[bool]:
    """Copies owned of the card's identity, compared: identities are totalled once (not per
    card), starting from the collection rows (small) rather than the catalog (large); when 0
    copies satisfy the comparison, cards with no collection rows match too."""
    compare = _COMPARE[op]
    rows = COLLECTION_ROW
    per_card = select(func.sum(rows.c.quantity)).where(rows.c.card_id == CARD.c.id)
    owned = (
        select(CARD.c.identity)
        .where(CARD.c.id.in_(select(rows.c.card_id)))
        .group_by(CARD.c.identity)
    )
    total = func.sum(per_card.scalar_subquery())
    if compare(0, count):
        return CARD.c.identity.not_in(owned.having(not_(compare(total, count))))
    return CARD.c.identity.in_(owned.having(compare(total, count)))


def _order(query: Query) -> list[UnaryExpression[Any] | Any]:
    direction: Callable[[Any], Any] = (
        (lambda c: c.desc()) if query.descending else (lambda c: c.asc())
    )
    keys: dict[str | None, list[Any]] = {
        None: [CARD.c.name_key],
        "name": [CARD.c.name_key],
        "grade": [CARD.c.grade],
        "game": [CARD.c.game],
        "type": [CARD.c.card_type],
        "set": [CARD.c.set_code, CARD.c.collector_number],
    }
    primary = [direction(column).nulls_last() for column in keys[query.sort]]
    return [*primary, CARD.c.name_key, CARD.c.game, CARD.c.id]
