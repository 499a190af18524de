"""Smoke tests against the real public APIs: `pytest -m online` runs them (deselected by
default; CI and the team machines have no network). One polite request per source."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog.sources.clients import OnlineSettings, build_client
from catalog.sources.clients.pokemontcg import PokemonTcgClient
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.sources import POKEMONTCG, SCRYFALL, TCGDEX, YGOPRODECK
from catalog.sources.clients.tcgdex import TcgdexClient
from catalog.sources.clients.ygoprodeck import YgoProDeckClient

pytestmark = pytest.mark.online


@pytest.fixture
def real(tmp_path: Path) -> OnlineSettings:
    return OnlineSettings.from_env(cache_dir=tmp_path / "cache")


def test_scryfall_named(real: OnlineSettings) -> None:
    with build_client(SCRYFALL, real) as http:
        card = ScryfallClient(http).named("Lightning Bolt")
    assert (card["name"], card["cmc"]) == ("Lightning Bolt", 1.0)


def test_scryfall_collection_not_found(real: OnlineSettings) -> None:
    with build_client(SCRYFALL, real) as http:
        result = ScryfallClient(http).collection(
            [{"name": "Lightning Bolt"}, {"name": "Not A Real Card Name Xyzzy"}]
        )
    assert [c["name"] for c in result.cards] == ["Lightning Bolt"]
    assert result.not_found == [{"name": "Not A Real Card Name Xyzzy"}]


def test_ygoprodeck_names(real: OnlineSettings) -> None:
    with build_client(YGOPRODECK, real) as http:
        cards = YgoProDeckClient(http).by_names(["Dark Magician", "Pot of Greed"])
    assert {c["id"] for c in cards} == {46986414, 55144522}


def test_pokemontcg_card(real: OnlineSettings) -> None:
    with build_client(POKEMONTCG, real) as http:
        card = PokemonTcgClient(http).card("base1-4")
    assert (card["name"], card["hp"]) == ("Charizard", "120")


def test_tcgdex_japanese(real: OnlineSettings) -> None:
    with build_client(TCGDEX, real) as http:
        briefs = TcgdexClient(http).find("ピカチュウ", lang="ja")
    assert briefs
    assert all(b["name"] == "ピカチュウ" for b in briefs)
