"""How the ids of a search page are found (catalog/lookup/terms.py compiles the terms).

On SQLite, a query made only of filters the browse index holds (grade, type, game, and
effects by card id) first walks the cards in name order within a bounded window: the first
WINDOW cards in that order (more for a later page), checking each filter row by row, in one
statement that stops as soon as the page is full. A filter that matches many cards fills a
page within a few hundred rows, which is most pages of such a query. When the window holds
fewer matches than the page needs, the page is planned as before: each filter asks a capped
count of its index whether it matches many cards (then it is checked row by row in a walk
that is not bounded) or few (then its index drives and the few are sorted).

Whatever the plan, the page is the same: the window only bounds how far the first try
looks, and a page the window cannot fill is asked again without it.

Two more bounded first tries, on SQLite: a query with an `effect:` (and other walkable
filters) in name order reads that effect's rows in name order from ix_card_effect_order
(`_effect_page`); a broad full-text match spread through the name order is walked in name
order with each card's keys matched as substrings (`_broad_match_page`). Matches bunched
further on in the name order (every printing of one name) are still read whole and sorted.

`sort:owned` pages are read in two parts, so that neither sorts the whole catalog by a
looked-up total: the cards owning none (in name order, as a walk) and the cards owning some
(the kept totals joined to their cards, by copies, then name); ascending, the first part
comes first. Descending with no filter, on SQLite, the owning cards are taken one count of
copies at a time, and the first page walks a count that many identities share in name order
(`_owning_by_copies`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeGuard

from sqlalchemy import (
    ColumnElement,
    Connection,
    Select,
    bindparam,
    exists,
    func,
    literal,
    not_,
    select,
    true,
)

from catalog.base.keys import name_key
from catalog.lookup.query import And, Filter, Node, Query
from catalog.lookup.terms import Terms, order_by, walkable
from catalog.schema.dialects import SEARCH_TABLE, contains, fts_phrases, uses_fts
from catalog.schema.models import CARD, CARD_EFFECT, CARD_NAME, OWNED_TOTAL

#: cards in name order the first, bounded walk looks at (at least)
WINDOW = 2000
#: ... and at least this many times the cards the page needs (offset + limit)
WINDOW_PER_CARD = 20


def page_ids(connection: Connection, query: Query, *, limit: int, offset: int = 0) -> list[int]:
    """The ids of the cards of one page of `query`, in its order."""
    fts = uses_fts(connection)
    sqlite = connection.dialect.name == "sqlite"
    if query.sort == "owned":
        return _by_owned(connection, query, limit=limit, offset=offset)
    root = query.root
    if isinstance(root, Filter) and root.key == "name" and root.op == "=":
        return _exact_name(connection, query, str(root.value), limit=limit, offset=offset)
    order = order_by(query)
    walked = False
    by_effect = _effect_page(connection, query, limit=limit, offset=offset) if sqlite else None
    if by_effect is not None:
        return by_effect
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
    by_words = _broad_match_page(connection, query, limit=limit, offset=offset) if fts else None
    if by_words is not None:
        return by_words
    terms = Terms(fts, connection if sqlite else None, walked=walked, join=True)
    source, where = terms.plan(query)
    page = select(CARD.c.id).select_from(source).where(where)
    if terms.driven and query.sort in (None, "name"):
        # The match drives; each card it found is read for its place in the name order
        # from the narrow ix_card_order, never from the wide rows (SQLite's sampled
        # statistics otherwise choose the table at some sizes: 5× the CPU at 400k cards).
        page = page.with_hint(CARD, "INDEXED BY ix_card_order", "sqlite")
    return list(connection.execute(page.order_by(*order).limit(limit).offset(offset)).scalars())


def _effect_page(
    connection: Connection, query: Query, *, limit: int, offset: int
) -> list[int] | None:
    """SQLite, a query in name order (ascending) made of walkable filters with an `effect:`
    among its top-level terms: the effect's rows in the search order (ix_card_effect_order:
    effect, name key, game, card id) drive, each card checked against the other terms, so
    the page stops after its last card. Bounded like the walk in name order: among the
    first `window` cards of the effect; None when they hold too few matches (the other
    terms are rare among the effect's cards: planned as before)."""
    root = query.root
    if root is None or query.sort not in (None, "name") or query.descending:
        return None
    if not walkable(root):
        return None
    operands = root.operands if isinstance(root, And) else (root,)
    effect = next((o for o in operands if _is_effect(o)), None)
    if effect is None:
        return None
    rows = CARD_EFFECT.alias("ordered")  # other effect terms probe card_effect itself
    tagged = rows.c.effect == effect.value
    window = max(WINDOW, WINDOW_PER_CARD * (offset + limit))
    edge = connection.execute(
        select(rows.c.name_key).where(tagged).order_by(rows.c.name_key).limit(1).offset(window)
    ).scalar()
    terms = Terms(uses_fts(connection), walk=True)
    where = [terms.node(operand) for operand in operands if operand is not effect]
    if edge is not None:
        where.append(rows.c.name_key <= edge)
    page = (
        select(rows.c.card_id)
        .select_from(rows.join(CARD, CARD.c.id == rows.c.card_id))
        .where(tagged, *where)
        .order_by(rows.c.name_key, rows.c.game, rows.c.card_id)
        .limit(limit)
        .offset(offset)
    )
    ids = list(connection.execute(page).scalars())
    return ids if len(ids) == limit or edge is None else None


#: matches of a full-text term read (in the index's order, the card ids') to tell a broad match
SAMPLE = 500
#: the most cards in name order a walk checking a full-text term row by row may read
WALK_MOST = 20_000


def _broad_match_page(
    connection: Connection, query: Query, *, limit: int, offset: int
) -> list[int] | None:
    """SQLite with FTS5, a query in name order made of words / `name:` / `text:` terms (and
    walkable filters): when the match is broad and spread through the name order, the cards
    are walked in name order and each checked by a substring match of its keys (what the
    trigram index answers), so the page stops after its last card instead of every match
    being looked up and sorted. Whether to: the first SAMPLE matches in id order tell the
    match's density (so how many cards in name order hold the page, 4 times over: the
    window) and, by their names, whether any match lies in that window at all (matches
    bunched further on in the name order: not walked). Bounded by the window; None when it
    does not hold the page (planned as before: the match read whole and sorted)."""
    root = query.root
    if root is None or query.sort not in (None, "name"):
        return None
    terms = Terms(True, walk=True)
    operands = root.operands if isinstance(root, And) else (root,)
    keys: dict[str, list[str]] = {}
    rest = []
    for operand in operands:
        term = terms.text_term(operand)
        if term is not None:
            keys.setdefault(term[0], []).append(term[1])
        elif walkable(operand):
            rest.append(operand)
        else:
            return None
    if not keys:
        return None
    field, first = next(iter(keys.items()))
    window = _match_window(connection, field, first, offset + limit, query.descending)
    if window is None:
        return None
    edge, bound = window
    likes = [contains(f, key, fts=False) for f, found in keys.items() for key in found]
    page = (
        select(CARD.c.id)
        .with_hint(CARD, "INDEXED BY ix_card_browse", "sqlite")
        .where(*likes, *(terms.node(operand) for operand in rest), bound)
        .order_by(*order_by(query))
        .limit(limit)
        .offset(offset)
    )
    ids = list(connection.execute(page).scalars())
    return ids if len(ids) == limit or edge is None else None


#: the probes of `_match_window`, run on the driver (a page's overhead, built once): the first
#: matches in id order with their names; the catalog's id range and the window's last name
_SAMPLE_SQL = (
    f"SELECT f.rowid, c.name_key FROM {SEARCH_TABLE} f JOIN card c INDEXED BY ix_card_order "
    "ON c.id = f.rowid WHERE f.{field} MATCH ? LIMIT ?"
)
_EDGE_SQL = (
    "SELECT (SELECT min(id) FROM card), (SELECT max(id) FROM card), "
    "(SELECT name_key FROM card ORDER BY name_key {direction} LIMIT 1 OFFSET ?)"
)


def _match_window(
    connection: Connection, field: str, keys: list[str], needed: int, descending: bool
) -> tuple[str | None, ColumnElement[bool]] | None:
    """(the last name of the window, the window as a condition on the name) of a broad match
    spread through the name order, else None (see `_broad_match_page`)."""
    assert field in ("search_key", "text_key")
    driver = connection.connection.driver_connection
    assert driver is not None
    sample = driver.execute(
        _SAMPLE_SQL.format(field=field), (fts_phrases(keys), SAMPLE)
    ).fetchall()
    if len(sample) < SAMPLE:
        return None  # few matches: read whole and sorted at once
    density = SAMPLE / (sample[-1][0] - sample[0][0] + 1)  # matches per card id
    window = int(4 * needed / density) + 1
    if window > WALK_MOST:
        return None
    direction = "DESC" if descending else "ASC"
    low, high, edge = driver.execute(_EDGE_SQL.format(direction=direction), (window,)).fetchone()
    name = CARD.c.name_key
    if edge is None:
        return None, true()
    inside = sum(1 for _, key in sample if (key >= edge if descending else key <= edge))
    if inside == 0 and SAMPLE * window / (high - low + 1) >= 1:
        return None  # the matches lie further on in the name order
    return edge, name >= edge if descending else name <= edge


def _is_effect(node: Node) -> TypeGuard[Filter]:
    return isinstance(node, Filter) and node.key == "effect" and node.op != "!="


#: the statement of an exact-name look-up per (sort, descending), built once: such a page
#: costs its execution, not the building and compiling of its statement
_EXACT_NAME: dict[tuple[str | None, bool], Select[Any]] = {}


def _exact_name(
    connection: Connection, query: Query, value: str, *, limit: int, offset: int
) -> list[int]:
    """A page of `name=...` alone (an exact-name look-up): the cards with that name key
    (catalog/lookup/terms.py `Terms.name`), in the query's order, through one prepared
    statement."""
    statement = _EXACT_NAME.get((query.sort, query.descending))
    if statement is None:
        exact = select(CARD_NAME.c.card_id).where(CARD_NAME.c.key == bindparam("key"))
        statement = (
            select(CARD.c.id)
            .where(CARD.c.id.in_(exact))
            .order_by(*order_by(query))
            .limit(bindparam("limit"))
            .offset(bindparam("offset"))
        )
        _EXACT_NAME[(query.sort, query.descending)] = statement
    found = connection.execute(
        statement, {"key": name_key(value), "limit": limit, "offset": offset}
    )
    return list(found.scalars())


def _by_owned(connection: Connection, query: Query, *, limit: int, offset: int) -> list[int]:
    """A page of `sort:owned`: the cards owning none, then those owning some by copies (the
    other way round descending); ties by name, game and id, as every order."""
    sqlite = connection.dialect.name == "sqlite"
    source, where = Terms(uses_fts(connection), connection if sqlite else None, join=True).plan(
        query
    )
    totals = OWNED_TOTAL
    mine = totals.c.identity == CARD.c.identity
    # SQLite, no filter: the totals drive (through their copies index), each looking up its
    # cards; an expression on their identity keeps the planner from walking every card
    # instead. A filter or a full-text match is left to drive as it would.
    alone = sqlite and query.root is None
    driven = totals.c.identity.concat("") == CARD.c.identity if alone else mine
    ties = (CARD.c.name_key, CARD.c.game, CARD.c.id)
    copies = totals.c.copies.desc() if query.descending else totals.c.copies.asc()
    owning = (
        select(CARD.c.id)
        .select_from(source.join(totals, driven))
        .where(where, totals.c.copies > 0)
        .order_by(copies, *ties)
    )
    none = (
        select(CARD.c.id)
        .select_from(source)
        .where(where, not_(exists().where(mine, totals.c.copies > 0)))
        .order_by(*ties)
    )
    parts: Any = (owning, none) if query.descending else (none, owning)
    if alone and query.descending:
        parts = (*_owning_by_copies(connection, walk=offset == 0), none)
    ids: list[int] = []
    for part in parts:
        found = list(connection.execute(part.limit(limit - len(ids)).offset(offset)).scalars())
        ids += found
        if len(ids) == limit:
            break
        offset = 0 if found else max(0, offset - _count(connection, part))
    return ids


#: owning identities of one count from which its cards are found by walking the name index
#: (fewer: joined and sorted)
WALK_COPIES_FROM = 2000


def _owning_by_copies(connection: Connection, *, walk: bool) -> Iterator[Select[tuple[int]]]:
    """SQLite, `sort:owned order:desc` with no filter: the owning cards one count of copies at a
    time, the highest first (a page seldom needs more than the first). Many cards share a
    count (1–4 copies each in most collections), and sorting a count's cards by name read
    every one of them for each page: a count held by many identities is walked in name
    order instead, each card checked against its total, so a page stops after a few hundred
    cards; a count held by few is joined and sorted (a walk would read most of the catalog).
    Only a first page (`walk`) walks: a later one would walk past every card before it, and
    past the whole catalog to count a count it skips."""
    totals = OWNED_TOTAL
    ties = (CARD.c.name_key, CARD.c.game, CARD.c.id)
    below: int | None = None
    while True:
        highest = select(func.max(totals.c.copies)).where(totals.c.copies > 0)
        if below is not None:
            highest = highest.where(totals.c.copies < below)
        copies = connection.execute(highest).scalar()
        if copies is None:
            return
        held = select(totals.c.identity).where(totals.c.copies == copies)
        many = walk and connection.execute(
            select(func.count()).select_from(held.limit(WALK_COPIES_FROM).subquery())
        ).scalar_one() >= WALK_COPIES_FROM
        if many:
            mine = exists().where(totals.c.identity == CARD.c.identity, totals.c.copies == copies)
            part = (
                select(CARD.c.id)
                .with_hint(CARD, "INDEXED BY ix_card_browse", "sqlite")
                .where(mine)
                .order_by(*ties)
            )
        else:
            part = (
                select(CARD.c.id)
                .select_from(CARD.join(totals, totals.c.identity.concat("") == CARD.c.identity))
                .where(totals.c.copies == copies)
                .order_by(*ties)
            )
        yield part
        below = copies


def _count(connection: Connection, part: Select[tuple[int]]) -> int:
    counted = select(func.count()).select_from(part.order_by(None).subquery())
    return int(connection.execute(counted).scalar_one())


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
