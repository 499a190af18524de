"""Card views: the fast constructor of a search page's views builds exactly the frozen
dataclass its own __init__ builds."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.cards.views import CardView
from catalog.lookup.search import search_cards
from tests.catalog.helpers import load


def test_a_searched_view_is_the_dataclass(engine: Engine, session: Session) -> None:
    """A search builds its views without the dataclass's __init__: each is the view that
    __init__ builds of the same values (every field set, no other), and frozen."""
    load(engine)
    views = search_cards(session=session, query="game:mtg", limit=50)
    assert views
    names = {field.name for field in dataclasses.fields(CardView)}
    for fast in views:
        assert set(vars(fast)) == names
        slow = CardView(**{name: getattr(fast, name) for name in names})
        assert fast == slow
        assert fast.to_json() == slow.to_json()
        assert dataclasses.replace(fast, owned=3) == dataclasses.replace(slow, owned=3)
        with pytest.raises(dataclasses.FrozenInstanceError):
            fast.owned = 5  # type: ignore[misc]


def test_search_pages_and_whole_lists_build_the_same_views(
    engine: Engine, session: Session
) -> None:
    load(engine)
    page = search_cards(session=session, query="game:mtg", limit=50)
    whole = search_cards(session=session, query="game:mtg", limit=None)
    assert page == whole
    assert len(page) > 3
