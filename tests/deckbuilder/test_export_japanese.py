"""Markdown and HTML exports name each card in Japanese when the catalog has a Japanese name
for its identity, even when only another printing carries it (稲妻 is printed only on the
Japanese Fourth Edition card, yet the English Lightning Bolt's line shows it too)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.lookup import repository
from catalog.store.db import open_engine, session_scope
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.export import export_deck
from deckbuilder.resolve import resolve_deck
from deckbuilder.twgp_format import parse

CARDS = [("Lightning Bolt", "稲妻"), ("Counterspell", "対抗呪文")]


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A catalog holding the bundled starter cards."""
    engine = open_engine(str(tmp_path_factory.mktemp("starter") / "catalog.sqlite3"))
    yield engine
    engine.dispose()


def english_printing(engine: Engine, name: str) -> str:
    """The source id of the card's printing that has no Japanese name."""
    with session_scope(engine) as session:
        found = repository.find_cards(session=session, game="mtg", name=name)
    english = [card for card in found if card.name_ja is None]
    assert english, f"the starter catalog has no printing of {name} without a Japanese name"
    assert any(card.name_ja for card in found), f"no printing of {name} is named in Japanese"
    return english[0].source_id


def exported(engine: Engine, lines: list[str], fmt: str) -> str:
    deck = parse("format: half\n[entry.library]\n" + "\n".join(lines) + "\n")
    with session_scope(engine) as session:
        return export_deck(resolve_deck(deck, CatalogResolver(session)), fmt)


@pytest.mark.parametrize("fmt", ["md", "html", "csv", "json"])
@pytest.mark.parametrize(("name", "name_ja"), CARDS)
def test_a_line_by_name_shows_the_identitys_japanese_name(
    starter: Engine, fmt: str, name: str, name_ja: str
) -> None:
    assert name_ja in exported(starter, [f"1 mtg {name}"], fmt)


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize(("name", "name_ja"), CARDS)
def test_a_line_naming_the_english_printing_shows_the_japanese_name(
    starter: Engine, fmt: str, name: str, name_ja: str
) -> None:
    """A line written as [SOURCE_ID] (how the app writes every card it adds) of the printing
    that carries no Japanese name."""
    source_id = english_printing(starter, name)
    text = exported(starter, [f"1 mtg {name} [{source_id}]"], fmt)
    assert name_ja in text
    if fmt == "md":
        assert f"| {name} | {name_ja} |" in text


def test_a_card_with_no_japanese_name_anywhere_stays_blank(starter: Engine) -> None:
    text = exported(starter, ["1 mtg Savannah Lions"], "md")
    assert "| 1 | mtg | Savannah Lions |  |" in text


def test_the_line_keeps_its_own_printing(starter: Engine, tmp_path: Path) -> None:
    """The Japanese name is the identity's; the line still names the printing it chose."""
    source_id = english_printing(starter, "Lightning Bolt")
    text = exported(starter, [f"1 mtg Lightning Bolt [{source_id}]"], "json")
    assert f'"source_id": "{source_id}"' in text
    assert '"name_ja": "稲妻"' in text
