"""The compiler of the search query language (catalog/lookup/query.py): a query's terms become
SQL over the card table, and its sort an ORDER BY. catalog/lookup/search.py runs searches
with it; catalog/lookup/search_plan.py chooses how a page's ids are found."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    FromClause,
    Table,
    and_,
    exists,
    func,
    literal,
    not_,
    or_,
    select,
    true,
)
from sqlalchemy.sql.elements import UnaryExpression

from catalog.base.keys import name_key, romaji_keys, text_key
from catalog.lookup.query import And, Filter, Node, Not, Or, Query, Word, parse_query
from catalog.schema.dialects import (
    TRIGRAM,
    contains,
    contains_all,
    fts_match,
    search_index,
    uses_fts,
)
from catalog.schema.models import CARD, CARD_EFFECT, CARD_NAME, OWNED_TOTAL
from converters.base import CardType

_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    ":": operator.eq,
    "=": operator.eq,
    "!=": operator.ne,
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
}


#: a filter matching fewer cards than this drives the search through its index
SELECTIVE = 500
#: the same for an effect, once a walk in name order found too few of its cards near the
#: start: its cards come sorted cheaply through narrow indexes (card_effect, ix_card_order),
#: while the walk would go on through every card after the window
EFFECT_SELECTIVE = 20_000


def card_filter(
    query: Query | str, connection: Connection, *, plan: bool = False
) -> ColumnElement[bool]:
    """The WHERE clause of a query (text or parsed), for searches of the card table. With
    `plan`, filters that match many cards are written so that SQLite checks them row by row
    (for a page in name order) instead of collecting them through their index (for counts
    and whole lists)."""
    parsed = parse_query(query) if isinstance(query, str) else query
    if parsed.root is None:
        return true()
    probe = connection if plan and connection.dialect.name == "sqlite" else None
    return Terms(uses_fts(connection), probe).node(parsed.root)


#: the filters a walk in name order can check from the browse index (and the effect table)
WALKABLE_KEYS = frozenset({"grade", "type", "game", "effect", "owned"})


def walkable(node: Node) -> bool:
    """Whether every term of `node` can be checked on the cards walked in name order without
    reading their rows (ix_card_browse holds name, game, grade and type)."""
    if isinstance(node, Filter):
        return node.key in WALKABLE_KEYS
    if isinstance(node, Not):
        return walkable(node.operand)
    if isinstance(node, And | Or):
        return all(walkable(operand) for operand in node.operands)
    return False


def excludes_types(node: Node) -> bool:
    """Whether `node`, negated, excludes TWGP types (`type:unit`, `type:weapon or
    type:recoil`): such a query asks for cards of the other types, so a card with no type
    (a basic land) is not among them. `type:none` is not a type to exclude."""
    if isinstance(node, Filter):
        return node.key == "type" and node.value is not None
    if isinstance(node, And | Or):
        return all(excludes_types(operand) for operand in node.operands)
    return False


class Terms:
    """Compiles a query's terms. `probe` (a SQLite connection): each indexed filter asks a
    capped count whether it matches many cards, and is then written to be checked row by
    row; `walk`: every indexed filter is written so, without asking; `walked`: a bounded
    walk found too few cards (an effect then drives unless it matches very many); `join`:
    the full-text match of the top-level words is returned by `plan` as a join of the
    index, not as a subquery (the match then drives the query, and a capped count stops
    early)."""

    def __init__(
        self,
        fts: bool,
        probe: Connection | None = None,
        *,
        walk: bool = False,
        walked: bool = False,
        join: bool = False,
    ) -> None:
        self.fts = fts
        self.probe = probe
        self.walk = walk
        self.walked = walked
        self.join = join and fts
        self._driver: ColumnElement[bool] | None = None

    def plan(self, query: Query) -> tuple[FromClause, ColumnElement[bool]]:
        """The FROM clause (the cards, with the full-text index joined when a top-level match
        drives) and the WHERE clause of `query`."""
        root = query.root
        if root is None:
            return CARD, true()
        operands = root.operands if isinstance(root, And) else (root,)
        where = and_(true(), *self.conjunction(operands, top=True))
        if self._driver is None:
            return CARD, where
        index = search_index()
        return CARD.join(index, index.c.rowid == CARD.c.id), and_(self._driver, where)

    @property
    def driven(self) -> bool:
        """Whether `plan` made a full-text match drive the query (the index joined)."""
        return self._driver is not None

    def node(self, node: Node) -> ColumnElement[bool]:
        if isinstance(node, Word):
            key = name_key(node.text)
            keys = (key, *romaji_keys(key))  # kana find the Latin name too: ぴかちゅう, Pikachu
            return or_(*(contains("search_key", k, fts=self.fts) for k in keys))
        if isinstance(node, Not):
            if excludes_types(node.operand):  # `-type:unit`: other types, not untyped cards
                return and_(CARD.c.card_type.is_not(None), not_(self.node(node.operand)))
            return not_(self.node(node.operand))
        if isinstance(node, And):
            return and_(*self.conjunction(node.operands))
        if isinstance(node, Or):
            return or_(*(self.node(operand) for operand in node.operands))
        return self.filter(node)

    def conjunction(
        self, operands: tuple[Node, ...], *, top: bool = False
    ) -> list[ColumnElement[bool]]:
        """The words (and `name:`/`text:` terms) of one field become one full-text match; at
        the top level, with `join`, the first such match becomes the driver of the query."""
        keys: dict[str, list[str]] = {}
        rest: list[ColumnElement[bool]] = []
        for operand in operands:
            term = self.text_term(operand)
            if term is None:
                rest.append(self.node(operand))
            else:
                keys.setdefault(term[0], []).append(term[1])
        matches = []
        for field, found in keys.items():
            if top and self.join and self._driver is None:
                self._driver = fts_match(field, found)  # every key is long enough (text_term)
            else:
                matches.append(contains_all(field, found, fts=self.fts))
        return [*matches, *rest]

    def text_term(self, node: Node) -> tuple[str, str] | None:
        """(field, key) of a term the full-text index can answer, else None."""
        if not self.fts:
            return None
        if isinstance(node, Word):
            field, key = "search_key", name_key(node.text)
            if romaji_keys(key):
                return None  # several spellings: matched on their own (`node`)
        elif isinstance(node, Filter) and node.op == ":" and node.key in ("name", "text"):
            value = str(node.value)
            field, key = (
                ("search_key", name_key(value))
                if node.key == "name"
                else ("text_key", text_key(value))
            )
        else:
            return None
        return (field, key) if len(key) >= TRIGRAM else None

    def dense(self, condition: ColumnElement[bool]) -> bool:
        """Whether `condition` (on an indexed column) is better checked row by row while the
        cards are walked in the page's order: always when walking, else when it matches many
        cards."""
        return self.walk or self._count_reaches(CARD, condition)

    def _count_reaches(
        self, table: Table, condition: ColumnElement[bool], many: int = SELECTIVE
    ) -> bool:
        if self.probe is None:
            return False
        capped = select(literal(1)).select_from(table).where(condition).limit(many)
        count = self.probe.execute(select(func.count()).select_from(capped.subquery()))
        return int(count.scalar_one()) >= many

    def filter(self, term: Filter) -> ColumnElement[bool]:
        if term.key == "owned":
            return self.owned(term.op, int(str(term.value)))
        equal = self.positive(term)
        if term.op != "!=":
            return equal
        if excludes_types(term):  # `type!=unit`: a card of another type, never an untyped one
            return and_(CARD.c.card_type.is_not(None), not_(equal))
        return not_(equal)

    def positive(self, term: Filter) -> ColumnElement[bool]:
        """The term with `!=` read as `=` (the caller negates it). Null-safe: a card without a
        grade is not `grade<3`, so `-grade<3` finds it."""
        value = term.value
        compare = _COMPARE["=" if term.op == "!=" else term.op]
        if term.key == "grade":
            column: ColumnElement[Any] = CARD.c.grade
            if value is None:
                return (column + 0 if self.walk else column).is_(None)
            if self.dense(and_(column.is_not(None), compare(column, value))):
                column = CARD.c.grade + 0  # an expression: SQLite leaves the index alone
            positive: ColumnElement[bool] = and_(column.is_not(None), compare(column, value))
            return positive
        if term.key == "type":
            column = CARD.c.card_type
            if value is None:
                return (column.concat("") if self.walk else column).is_(None)
            assert isinstance(value, CardType)
            if self.dense(column == value.value):
                column = CARD.c.card_type.concat("")
            return and_(column.is_not(None), column == value.value)
        if term.key == "game":
            column = CARD.c.game
            if self.dense(column == value):
                column = CARD.c.game.concat("")
            return column == value
        if term.key == "effect":
            tagged = CARD_EFFECT.c.effect == value
            many = EFFECT_SELECTIVE if self.walked else SELECTIVE
            if self.walk or self._count_reaches(CARD_EFFECT, tagged, many):
                return exists().where(tagged, CARD_EFFECT.c.card_id == CARD.c.id)
            return CARD.c.id.in_(select(CARD_EFFECT.c.card_id).where(tagged))
        if term.key == "text":
            return contains("text_key", text_key(str(value)), fts=self.fts)
        if term.key == "name":
            return self.name(term.op, str(value))
        column = CARD.c.set_code if term.key == "set" else CARD.c.lang
        return and_(column.is_not(None), func.lower(column) == str(value).casefold())

    def owned(self, op: str, count: int) -> ColumnElement[bool]:
        """Copies owned of the card's identity (the kept totals, catalog/cards/owned_totals.py),
        compared; when 0 copies satisfy the comparison, cards owning none match too. Checked
        per card while walking, or when many identities match; else the few matching
        identities drive (through the identity index) and their cards are sorted."""
        compare = _COMPARE[op]
        totals = OWNED_TOTAL
        mine = totals.c.identity == CARD.c.identity
        if compare(0, count):
            return not_(exists().where(mine, not_(compare(totals.c.copies, count))))
        matching: ColumnElement[bool] = compare(totals.c.copies, count)
        if self.walk or self._count_reaches(totals, matching):
            return exists().where(mine, matching)
        return CARD.c.identity.in_(select(totals.c.identity).where(matching))

    def name(self, op: str, value: str) -> ColumnElement[bool]:
        if op == ":":
            return contains("search_key", name_key(value), fts=self.fts)
        exact = select(CARD_NAME.c.card_id).where(CARD_NAME.c.key == name_key(value))
        return CARD.c.id.in_(exact)


#: sort columns that are never NULL (a NULLS LAST on them would keep SQLite off the index)
_NOT_NULL = (CARD.c.name_key, CARD.c.game)


def _owned_copies() -> Any:
    """Copies owned of the card's identity (all printings), for `sort:owned`: the kept total,
    looked up per card."""
    copies = select(OWNED_TOTAL.c.copies).where(OWNED_TOTAL.c.identity == CARD.c.identity)
    return func.coalesce(copies.scalar_subquery(), 0)


def order_by(query: Query) -> list[UnaryExpression[Any] | Any]:
    """ORDER BY of `query`: its sort, then name, game and id. Only the asked sort's columns
    are built (every search builds its order: the owned total's subquery is left out unless
    `sort:owned` asks for it)."""
    direction: Callable[[Any], Any] = (
        (lambda c: c.desc()) if query.descending else (lambda c: c.asc())
    )
    sort = query.sort
    columns: list[Any]
    if sort == "owned":
        columns = [_owned_copies()]
    elif sort == "set":
        columns = [CARD.c.set_code, CARD.c.collector_number]
    else:
        columns = [_SORT_COLUMNS[sort]]
    primary = [
        direction(column) if column in _NOT_NULL else direction(column).nulls_last()
        for column in columns
    ]
    return [*primary, CARD.c.name_key, CARD.c.game, CARD.c.id]


#: the column of each one-column sort (None: the default, by name)
_SORT_COLUMNS: dict[str | None, Any] = {
    None: CARD.c.name_key,
    "name": CARD.c.name_key,
    "grade": CARD.c.grade,
    "game": CARD.c.game,
    "type": CARD.c.card_type,
    "name_ja": CARD.c.name_ja,
}
