"""`printings`: every printing of one card identity, found by the identity itself (so a
printing whose name differs, or a card of the same name in another game, is told apart)."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.lookup.repository import printings
from converters.base import CardType
from tests.catalog.helpers import card, load

#: the same name in two games, and a reprint whose (English) name was changed
CARDS = [
    card("bolt-ja", "Lightning Bolt", 1, CardType.CHARGE_EFFECT, name_ja="稲妻", set_code="4ed",
         lang="ja", identity="mtg:lightning bolt"),
    card("bolt-lea", "Lightning Bolt", 1, CardType.CHARGE_EFFECT, set_code="lea"),
    card("bolt-renamed", "Lightning Bolt (Retro)", 1, CardType.CHARGE_EFFECT, set_code="2x2",
         identity="mtg:lightning bolt"),
    card("dm-bolt", "Lightning Bolt", 3, CardType.CHARGE_EFFECT, game="dm"),
    card("bears", "Grizzly Bears", 2, CardType.UNIT, set_code="lea"),
]  # fmt: skip


@pytest.fixture
def loaded(engine: Engine, session: Session) -> Session:
    load(engine, CARDS)
    return session


@pytest.mark.parametrize(
    ("identity", "source_ids"),
    [
        pytest.param(
            "mtg:lightning bolt",
            {"bolt-lea", "bolt-ja", "bolt-renamed"},
            id="English, Japanese and a renamed reprint; not the dm card of that name",
        ),
        pytest.param("dm:lightning bolt", {"dm-bolt"}, id="the other game's card alone"),
        pytest.param("mtg:grizzly bears", {"bears"}, id="a card with one printing"),
        pytest.param("mtg:nothing", set(), id="an identity the catalog lacks"),
    ],
)
def test_printings_of_an_identity(loaded: Session, identity: str, source_ids: set[str]) -> None:
    found = printings(session=loaded, identity=identity)
    assert {view.source_id for view in found} == source_ids
    assert all(view.identity == identity for view in found)


def test_an_english_printing_comes_before_a_japanese_one(loaded: Session) -> None:
    langs = [view.lang for view in printings(session=loaded, identity="mtg:lightning bolt")]
    assert langs.index("ja") > 0
