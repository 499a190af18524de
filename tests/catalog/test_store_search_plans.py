"""The planned search (a page's ids first; filters matching many cards checked row by row,
first within a bounded window of the name order; words of a query in one full-text match,
joined to the cards) finds exactly what the plain WHERE clause finds, in the same order,
page by page — whichever way each filter goes and however far the window reaches."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, event, select
from sqlmodel import Session

from catalog.lookup import search_plan, terms
from catalog.lookup.search import card_filter, count_cards, parse_query, search_cards
from catalog.schema.models import CARD
from converters.base import CardType
from tests.catalog.helpers import CARDS, card, load

QUERIES = [
    pytest.param("", id="everything"),
    pytest.param("bolt", id="one word"),
    pytest.param("lightning bolt", id="two words, one match"),
    pytest.param("bolt game:mtg", id="word and game"),
    pytest.param("type:unit", id="type"),
    pytest.param("grade>=2 type:unit", id="grade and type"),
    pytest.param("-type:unit", id="negated type"),
    pytest.param("type:unit or game:pokemon", id="or of filters"),
    pytest.param("game:mtg effect:hazard", id="game and effect"),
    pytest.param("grade:none", id="no grade"),
    pytest.param("-grade<3", id="null-safe negation"),
    pytest.param('text:"damage" game:mtg', id="text phrase and game"),
    pytest.param("game:pokemon sort:grade order:desc", id="sorted by grade"),
    pytest.param("稲妻 game:mtg", id="short Japanese key (LIKE) and game"),
    pytest.param("grade>=1 order:desc", id="walk in descending name order"),
    pytest.param("-effect:hazard -type:unit", id="walk with negated effect and type"),
    pytest.param("grade:none or type:none", id="walk with no grade or no type"),
    pytest.param("bolt grade<5", id="top-level words joined, and a filter"),
    pytest.param("bolt or grade:04", id="words under or (not joined)"),
    pytest.param('name="lightning bolt"', id="exact name, two printings (prepared look-up)"),
    pytest.param('name="PIKACHU" order:desc', id="exact name, descending"),
    pytest.param('name="pikachu" sort:grade order:desc', id="exact name sorted by grade"),
    pytest.param('name="稲妻"', id="exact Japanese name"),
    pytest.param('name="lightning bolt" game:mtg', id="exact name and a filter (planned)"),
]


@pytest.fixture
def loaded(engine: Engine, session: Session) -> Session:
    load(engine, [*CARDS, card("pika-kana", "Pikachu", 6, CardType.UNIT, game="pokemon",
                               name_ja="ぴかちゅう", identity="pokemon:pikachu-hira")])  # fmt: skip
    return session


def _plain_ids(session: Session, query: str) -> list[int]:
    parsed = parse_query(query)
    statement = (
        select(CARD.c.id)
        .where(card_filter(parsed, session.connection()))
        .order_by(*terms.order_by(parsed))
    )
    return list(session.execute(statement).scalars())


def _paged_ids(session: Session, query: str, size: int) -> list[int]:
    found: list[int] = []
    while page := search_cards(session=session, query=query, limit=size, offset=len(found)):
        found += [view.id for view in page]
    return found


@pytest.mark.parametrize("window", [pytest.param(10**6, id="window holds every card"),
                                    pytest.param(1, id="window holds only the page")])  # fmt: skip
@pytest.mark.parametrize("selective", [pytest.param(10**9, id="filters via indexes"),
                                       pytest.param(1, id="filters row by row")])  # fmt: skip
@pytest.mark.parametrize("query", QUERIES)
def test_pages_match_the_plain_search(
    loaded: Session, monkeypatch: pytest.MonkeyPatch, query: str, selective: int, window: int
) -> None:
    expected = _plain_ids(loaded, query)
    monkeypatch.setattr(terms, "SELECTIVE", selective)
    monkeypatch.setattr(terms, "EFFECT_SELECTIVE", selective)
    monkeypatch.setattr(search_plan, "WINDOW", window)
    monkeypatch.setattr(search_plan, "WINDOW_PER_CARD", 1 if window == 1 else 20)
    assert _paged_ids(loaded, query, 3) == expected
    assert [view.id for view in search_cards(session=loaded, query=query, limit=None)] == expected
    assert count_cards(session=loaded, query=query) == len(expected)


def test_the_queries_are_not_trivial(loaded: Session) -> None:
    sizes = {query.values[0]: len(_plain_ids(loaded, str(query.values[0]))) for query in QUERIES}
    assert sizes[""] > sizes["type:unit"] > 0
    assert all(size > 0 for size in sizes.values()), sizes


@pytest.mark.parametrize(
    ("query", "hinted"),
    [
        pytest.param("lightning bolt", True, id="words in name order"),
        pytest.param('text:"damage" order:desc', True, id="text, descending name order"),
        pytest.param("bolt sort:grade", False, id="words sorted by grade (the table's rows)"),
        pytest.param("type:unit", False, id="no full-text match"),
    ],
)
def test_a_driving_match_reads_the_name_order_from_the_narrow_index(
    loaded: Session, engine: Engine, query: str, hinted: bool
) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("an SQLite index hint")
    statements: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        found = [view.id for view in search_cards(session=loaded, query=query, limit=50)]
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert found == _plain_ids(loaded, query)
    assert any("INDEXED BY ix_card_order" in s for s in statements) is hinted
