"""Card views: the fast constructor of a search page's views builds exactly the frozen
dataclass its own __init__ builds."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.cards.views import CardView, _new_view
from catalog.lookup.search import search_cards
from converters.base import CardType
from tests.catalog.helpers import load


def _values() -> dict[str, Any]:
    return {
        "id": 7, "game": "mtg", "source_id": "bolt", "name": "Lightning Bolt",
        "name_ja": "稲妻", "identity": "mtg:lightning bolt", "grade": 1,
        "card_type": CardType.CHARGE_EFFECT, "grade_reason": "cmc 1", "type_reason": "instant",
        "effects": ("damage",), "text": "deals 3 damage", "reading": "…", "stats": {"cmc": 1},
        "set_code": "lea", "collector_number": "161", "lang": "en", "warnings": ("w",),
        "owned": 2, "override": None, "source_grade": 1, "source_type": CardType.CHARGE_EFFECT,
        "effect_reasons": {"damage": "deals 3 damage"},
    }  # fmt: skip


def test_the_fast_view_is_the_dataclass() -> None:
    values = _values()
    assert set(values) == {field.name for field in dataclasses.fields(CardView)}
    fast, slow = _new_view(**values), CardView(**values)
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
