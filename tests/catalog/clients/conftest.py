"""Clients built exactly as the app builds them (cache, retries, limits), with a fake clock and
everything on disk inside the test's tmp_path. Requests are answered by respx."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from catalog.sources.clients import OnlineSettings, build_client
from catalog.sources.clients.pokemontcg import PokemonTcgClient
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.sources import POKEMONTCG, SCRYFALL, TCGDEX, YGOPRODECK
from catalog.sources.clients.tcgdex import TcgdexClient
from catalog.sources.clients.ygoprodeck import YgoProDeckClient


@pytest.fixture
def scryfall(settings: OnlineSettings) -> Iterator[ScryfallClient]:
    with build_client(SCRYFALL, settings) as http:
        yield ScryfallClient(http)


@pytest.fixture
def ygo(settings: OnlineSettings) -> Iterator[YgoProDeckClient]:
    with build_client(YGOPRODECK, settings) as http:
        yield YgoProDeckClient(http)


@pytest.fixture
def ptcg(settings: OnlineSettings) -> Iterator[PokemonTcgClient]:
    with build_client(POKEMONTCG, settings) as http:
        yield PokemonTcgClient(http)


@pytest.fixture
def tcgdex(settings: OnlineSettings) -> Iterator[TcgdexClient]:
    with build_client(TCGDEX, settings) as http:
        yield TcgdexClient(http)


def sent(route: object) -> list[httpx.Request]:
    """The requests a respx route received."""
    return [call.request for call in route.calls]  # type: ignore[attr-defined]
