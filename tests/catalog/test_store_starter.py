"""The bundled starter catalog: loaded into an empty catalog through the converters, every
record converts, and it holds enough for a legal full TWGP deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.cards.views import CardView
from catalog.ingest.starter import load_starter_cards, starter_files
from catalog.lookup.search import count_cards, search_cards
from catalog.store.db import open_engine, session_scope
from converters.base import CardType

MINIMUM = {"mtg": 30, "yugioh": 30, "pokemon": 30, "ws": 10, "dm": 10, "dqbr": 10,
           "dinoking": 10, "liveon": 10}  # fmt: skip


@pytest.fixture(scope="module")
def starter_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A catalog file opened for the first time: it gets the starter cards."""
    engine = open_engine(str(tmp_path_factory.mktemp("starter") / "c.db"))
    yield engine
    engine.dispose()


@pytest.fixture(scope="module")
def starter(starter_engine: Engine) -> list[CardView]:
    with session_scope(starter_engine) as session:
        return search_cards(session=session, query="", limit=None)


def test_every_game_has_its_starter_cards(starter: list[CardView]) -> None:
    per_game = Counter(card.game for card in starter)
    for game, minimum in MINIMUM.items():
        assert per_game[game] >= minimum, game


def test_every_starter_record_converts(engine: Engine) -> None:
    reports = load_starter_cards(engine)
    assert {name for _, name in ((g, p.name) for g, p in starter_files())} == set(reports)
    for name, report in reports.items():
        assert (report.failed, report.skipped) == (0, 0), (name, report.failures)
        assert report.new > 0


def test_loading_twice_changes_nothing(engine: Engine) -> None:
    load_starter_cards(engine)
    again = load_starter_cards(engine)
    assert all(r.new == r.updated == 0 for r in again.values())


def test_an_empty_catalog_gets_the_starter_cards_once(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    engine = open_engine(path)
    with session_scope(engine) as session:
        first = count_cards(session=session, query="")
    engine.dispose()
    engine = open_engine(path)
    with session_scope(engine) as session:
        assert count_cards(session=session, query="") == first >= sum(MINIMUM.values())
    engine.dispose()


def _distinct(cards: list[CardView], *types: CardType) -> set[str]:
    return {card.identity for card in cards if card.card_type in types}


def test_a_full_twgp_deck_can_be_built(starter: list[CardView]) -> None:
    """Life 5 (distinct), entry half 15 + 5 and a final half of 20: 20 distinct deck cards
    suffice, as the same card may appear in two halves."""
    assert len(_distinct(starter, CardType.LIFE_TRAP)) >= 5
    assert len(_distinct(starter, CardType.LIFE_COUNTER)) >= 5
    deck_types = (CardType.UNIT, CardType.RECOIL, CardType.WEAPON, CardType.CHARGE_TRAP,
                  CardType.CHARGE_EFFECT)  # fmt: skip
    assert len(_distinct(starter, *deck_types)) >= 40
    for card_type in deck_types:
        assert _distinct(starter, card_type), card_type


def test_low_grade_units_in_every_game_but_dinosaur_king(starter: list[CardView]) -> None:
    games = {c.game for c in starter if c.card_type is CardType.UNIT and (c.grade or 0) <= 5}
    assert games == set(MINIMUM) - {"dinoking"}


@pytest.mark.parametrize(
    ("query", "name"),
    [
        pytest.param("稲妻", "Lightning Bolt", id="MTG Japanese printing"),
        pytest.param("青眼の白龍", "Blue-Eyes White Dragon", id="Yu-Gi-Oh! Japanese name"),
        pytest.param("ぴかちゅう", "ピカチュウ", id="Pokémon Japanese record, hiragana"),
        pytest.param("ボルシャック", "Bolshack Dragon", id="Duel Masters Japanese name"),
    ],
)
def test_japanese_names_are_searchable(starter_engine: Engine, query: str, name: str) -> None:
    with Session(starter_engine) as session:
        assert name in {card.name for card in search_cards(session=session, query=query)}
