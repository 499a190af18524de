"""The query parser's limits and its answer to any text: a parsed query or a
QuerySyntaxError with a position — never RecursionError or anything else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.base.errors import QuerySyntaxError
from catalog.base.limits import MAX_QUERY_CHARS, MAX_QUERY_DEPTH
from catalog.lookup.query import parse_query
from tests.helpers.records import FUZZ_EXAMPLES


@pytest.mark.parametrize(
    "query",
    [
        pytest.param("(" * 500 + "bolt" + ")" * 500, id="500 nested parentheses"),
        pytest.param("-" * 900 + "bolt", id="900 minus signs"),
        pytest.param("(-" * 40 + "bolt" + ")" * 40, id="mixed"),
    ],
)
def test_deep_nesting_is_a_syntax_error(query: str) -> None:
    with pytest.raises(QuerySyntaxError, match=f"nested deeper than {MAX_QUERY_DEPTH} levels"):
        parse_query(query)


def test_nesting_up_to_the_limit_parses() -> None:
    depth = MAX_QUERY_DEPTH
    assert parse_query("(" * depth + "bolt" + ")" * depth).root is not None


def test_a_query_over_the_length_limit_is_refused_without_echoing_it_whole() -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query("bolt " * 1000)
    assert f"the limit is {MAX_QUERY_CHARS:,}" in caught.value.message
    assert len(caught.value.message) < 300


QUERY_PARTS = st.sampled_from(
    ["(", ")", "-", " ", "or", "and", "grade>=", "grade:04", "type:unit", "name=", '"', "'",
     "\\", "bolt", "稲妻", "game:mtg", "sort:name", "effect:", ":", "x", "\t", "\u0000"]
)  # fmt: skip


@settings(max_examples=max(500, FUZZ_EXAMPLES), deadline=None)
@given(st.lists(QUERY_PARTS, max_size=60).map("".join) | st.text(max_size=200))
def test_any_text_parses_or_is_a_clean_syntax_error(text: str) -> None:
    error: QuerySyntaxError | None = None
    try:
        parse_query(text)
    except QuerySyntaxError as exc:
        error = exc
    if error is not None:
        assert 0 <= error.position <= len(text)
        assert error.message.startswith("query error at position")
