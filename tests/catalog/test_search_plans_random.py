"""Property: on a random catalog, every plan of a page (an effect's rows in name order, the
bounded walk in name order, a broad full-text match checked row by row in name order or read
whole and sorted, filters by index or row by row) gives the page the plain WHERE clause and
ORDER BY give, at every offset."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, delete, select
from sqlmodel import Session

from catalog.lookup import search_plan, terms
from catalog.lookup.search import card_filter, parse_query, search_cards
from catalog.schema.models import CARD
from catalog.store.db import open_engine
from converters.base import CardType, ConvertedCard
from tests.catalog.helpers import card, load

WORDS = ("serra", "angel", "bolt", "fire", "ice", "bear")
TEXTS = (
    "",
    "Flying, vigilance.",
    "Lightning Bolt deals 3 damage to any target.",
    "Fire deals 2 damage divided as you choose. Tap target permanent.",
    "Tap target permanent. Deals 3 damage to you.",
    "Target creature gets -2/-2.",
)
QUERIES = (
    "effect:hazard",
    "game:mtg effect:hazard",
    "effect:hazard grade>=3",
    "effect:hazard type:unit",
    "effect:hazard -game:pokemon",
    "effect:hazard order:desc",
    "effect:hazard effect:down",
    "serra angel",
    "angel game:mtg",
    'text:"deals 3 damage"',
    'text:"deals 3 damage" grade<5',
    "bolt text:damage",
    "grade>=3 type:unit",
    "angel order:desc",
    'serra text:"3 damage" -type:unit',
    "name:gel bolt",
)


@st.composite
def _cards(draw: st.DrawFn) -> list[ConvertedCard]:
    count = draw(st.integers(min_value=1, max_value=24))
    cards = []
    for index in range(count):  # text effects (hazard, down) are read for non-unit types
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))
        cards.append(
            card(
                f"r{index}",
                " ".join(words).title(),
                draw(st.none() | st.integers(min_value=0, max_value=9)),
                draw(st.none() | st.sampled_from([CardType.UNIT, CardType.CHARGE_EFFECT, CardType.CHARGE_TRAP])),
                game=draw(st.sampled_from(["mtg", "pokemon"])),
                text=draw(st.sampled_from(TEXTS)),
                identity=f"random:{index}",
            )
        )
    return cards


@pytest.fixture
def random_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    path = tmp_path_factory.mktemp("random") / "catalog.sqlite3"
    engine = open_engine(f"sqlite:///{path}", load_starter=False)
    yield engine
    engine.dispose()


def _plain(session: Session, query: str) -> list[int]:
    parsed = parse_query(query)
    statement = (
        select(CARD.c.id)
        .where(card_filter(parsed, session.connection()))
        .order_by(*terms.order_by(parsed))
    )
    return list(session.execute(statement).scalars())


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    cards=_cards(),
    window=st.sampled_from([1, 3, 10**6]),
    sample=st.sampled_from([1, 2, 500]),
    size=st.integers(1, 4),
)
def test_every_plan_gives_the_plain_pages_at_every_offset(
    random_engine: Engine, cards: list[ConvertedCard], window: int, sample: int, size: int
) -> None:
    with random_engine.begin() as connection:
        connection.execute(delete(CARD))
    load(random_engine, cards)
    saved = (search_plan.WINDOW, search_plan.WINDOW_PER_CARD, search_plan.SAMPLE)
    search_plan.WINDOW, search_plan.WINDOW_PER_CARD, search_plan.SAMPLE = window, 1, sample
    try:
        with Session(random_engine) as session:
            for query in QUERIES:
                expected = _plain(session, query)
                for offset in range(len(expected) + 1):
                    page = search_cards(session=session, query=query, limit=size, offset=offset)
                    assert [view.id for view in page] == expected[offset : offset + size], (
                        query,
                        offset,
                    )
    finally:
        search_plan.WINDOW, search_plan.WINDOW_PER_CARD, search_plan.SAMPLE = saved
