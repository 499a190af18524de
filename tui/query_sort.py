"""Sorting the card list by a column: the sort is written into the search query (`sort:grade
order:desc`), so the catalog sorts every page alike and the user sees (and may edit) it."""

from __future__ import annotations

from catalog.base.errors import QuerySyntaxError
from catalog.lookup.query import DIRECTIVES, parse_query
from catalog.lookup.query_tokens import tokenize

#: the card list's column → the `sort:` value that orders it; the name columns swap in
#: Japanese, where the first name shown is the Japanese one
COLUMN_SORTS = {"game": "game", "name": "name", "other_name": "name_ja", "set": "set",
                "grade": "grade", "type": "type", "owned": "owned"}  # fmt: skip


def column_sort(column: str, lang: str) -> str:
    """The `sort:` value of a column of the card list in `lang`."""
    if lang == "ja" and column in ("name", "other_name"):
        column = "other_name" if column == "name" else "name"
    return COLUMN_SORTS[column]


def sorted_column(sort: str | None, lang: str) -> str | None:
    """The column a `sort:` value orders (None for none or no column)."""
    return next((c for c in COLUMN_SORTS if sort and column_sort(c, lang) == sort), None)


def sort_of(query: str) -> tuple[str | None, bool]:
    """(the query's `sort:`, whether `order:desc`); (None, False) for a query that cannot
    be read (its error is the search's to report)."""
    try:
        parsed = parse_query(query)
    except QuerySyntaxError:
        return None, False
    return parsed.sort, parsed.descending


def with_sort(query: str, sort: str, descending: bool) -> str:
    """`query` with its `sort:`/`order:` terms replaced by these (added at the end)."""
    kept = query
    try:
        tokens = tokenize(query)
    except QuerySyntaxError:
        tokens = []
    for token in reversed(tokens):  # from the end, so that earlier positions stay right
        if token.kind == "term" and token.key.casefold() in DIRECTIVES:
            end = token.value_position
            while end < len(kept) and not kept[end].isspace() and kept[end] != ")":
                end += 1
            kept = f"{kept[: token.position].rstrip()} {kept[end:].lstrip()}"
    order = " order:desc" if descending else ""
    return f"{kept.strip()} sort:{sort}{order}".lstrip()


def next_sort(query: str, sort: str) -> str:
    """The query sorted by `sort`: ascending, or the other way round when it already is."""
    current, descending = sort_of(query)
    return with_sort(query, sort, not descending if current == sort else False)
