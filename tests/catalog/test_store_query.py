"""The query language parser: what parses to what, and every mistake reported with its
position. Hypothesis: any text either parses or raises QuerySyntaxError, nothing else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.base.errors import QuerySyntaxError
from catalog.lookup.query import And, Filter, Not, Or, Word, parse_query
from converters.base import CardType


@pytest.mark.parametrize(
    ("text", "root"),
    [
        pytest.param("", None, id="empty matches all"),
        pytest.param("pika", Word("pika", 0), id="free word"),
        pytest.param('"fire // ice"', Word("fire // ice", 0), id="quoted words"),
        pytest.param("grade:04", Filter("grade", ":", 4, 0), id="grade two digits"),
        pytest.param("grade>=6", Filter("grade", ">=", 6, 0), id="grade at least"),
        pytest.param("grade<3", Filter("grade", "<", 3, 0), id="grade below"),
        pytest.param("grade:none", Filter("grade", ":", None, 0), id="no grade"),
        pytest.param("grade:０４", Filter("grade", ":", 4, 0), id="full-width digits"),
        pytest.param("type:unit", Filter("type", ":", CardType.UNIT, 0), id="type id"),
        pytest.param("t:weapon", Filter("type", ":", CardType.WEAPON, 0), id="type alias"),
        pytest.param("type:\"life trap\"", Filter("type", ":", CardType.LIFE_TRAP, 0), id="label"),
        pytest.param("type:ライフ・カウンター", Filter("type", ":", CardType.LIFE_COUNTER, 0),
                     id="Japanese type"),
        pytest.param("GAME:MTG", Filter("game", ":", "mtg", 0), id="keys and games any case"),
        pytest.param("effect:ハザード", Filter("effect", ":", "hazard", 0), id="Japanese effect"),
        pytest.param('text:"deals 3"', Filter("text", ":", "deals 3", 0), id="text phrase"),
        pytest.param("owned>0", Filter("owned", ">", 0, 0), id="owned"),
        pytest.param("set:LEA", Filter("set", ":", "LEA", 0), id="set"),
        pytest.param("-type:unit", Not(Filter("type", ":", CardType.UNIT, 1), 0), id="negation"),
        pytest.param("a b", And((Word("a", 0), Word("b", 2))), id="implicit and"),
        pytest.param("a and b", And((Word("a", 0), Word("b", 6))), id="explicit and"),
        pytest.param("a or b c", Or((Word("a", 0), And((Word("b", 5), Word("c", 7))))),
                     id="and binds tighter than or"),
        pytest.param("(a or b) c", And((Or((Word("a", 1), Word("b", 6))), Word("c", 9))),
                     id="parentheses"),
        pytest.param("-(a OR b)", Not(Or((Word("a", 2), Word("b", 7))), 0), id="negated group"),
        pytest.param("Gaea's", Word("Gaea's", 0), id="apostrophe inside a word"),
        pytest.param("x-ray", Word("x-ray", 0), id="hyphen inside a word"),
    ],
)  # fmt: skip
def test_parse(text: str, root: object) -> None:
    assert parse_query(text).root == root


def test_sort_and_order_are_taken_out_of_the_tree() -> None:
    query = parse_query("game:mtg sort:grade order:desc")
    assert (query.sort, query.descending) == ("grade", True)
    assert query.root == Filter("game", ":", "mtg", 0)


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        pytest.param("colour:red", 0, "unknown key 'colour'", id="unknown key"),
        pytest.param("grade:abc", 6, "not a grade", id="bad grade"),
        pytest.param("grade:100", 6, "not a grade", id="grade above 99"),
        pytest.param("grade>none", 5, "cannot be compared", id="none compared"),
        pytest.param("type:wizard", 5, "unknown TWGP type", id="unknown type"),
        pytest.param("effect:sparkle", 7, "sparkle", id="unknown effect"),
        pytest.param("game:magik", 5, "did you mean mtg", id="unknown game"),
        pytest.param("type>unit", 4, "type takes", id="wrong operator"),
        pytest.param("owned>-1", 6, "not a number", id="negative owned"),
        pytest.param("sort:price", 5, "not one of", id="unknown sort"),
        pytest.param("text:", 5, "needs a value", id="missing value"),
        pytest.param("(a or b", 0, "never closed", id="unclosed paren"),
        pytest.param("a) b", 1, "unmatched ')'", id="stray close paren"),
        pytest.param("()", 0, "empty parentheses", id="empty parens"),
        pytest.param("a or", 2, "both sides", id="dangling or"),
        pytest.param("or a", 0, "expected a search term", id="leading or"),
        pytest.param("a and", 2, "both sides", id="dangling and"),
        pytest.param("- a", 0, "right before a term", id="lonely minus"),
        pytest.param('name:"abc', 5, "never closed", id="unterminated quote"),
        pytest.param("(a or sort:name)", 6, "whole query", id="sort inside or"),
        pytest.param("-sort:name", 1, "whole query", id="negated sort"),
        pytest.param("a\x00b", 1, "U+0000", id="NUL character"),
    ],
)
def test_mistakes_point_at_the_offending_part(text: str, position: int, words: str) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(text)
    assert caught.value.position == position
    assert words in caught.value.message
    lines = caught.value.message.splitlines()
    assert lines[-1].index("^") - 2 == position  # the caret sits under the fault


def test_the_caret_counts_japanese_characters_as_two_columns() -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query("ピカ grade:x")
    _query, caret_line = caught.value.message.splitlines()[-2:]
    assert caret_line.index("^") == len("  ピカ grade:") + 2


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_any_text_parses_or_raises_our_error(text: str) -> None:
    _parses_or_raises_our_error(text)


_QUERY_PIECES = st.sampled_from(
    ["a", "-", "(", ")", " ", "or", "and", "grade", ":", ">=", "<", "04", "type", "unit", '"',
     "'", "\\", "sort", "name", "=", "!=", "owned", "effect", "hazard", "ピカ", "ｶ", "\t"]
)  # fmt: skip


@settings(max_examples=1000, deadline=None)
@given(st.lists(_QUERY_PIECES, max_size=12).map("".join))
def test_query_shaped_text_parses_or_raises_our_error(text: str) -> None:
    _parses_or_raises_our_error(text)


def _parses_or_raises_our_error(text: str) -> None:
    position = 0
    try:
        parse_query(text)
    except QuerySyntaxError as exc:  # anything else fails the test
        position = exc.position
    assert 0 <= position <= len(text)
