"""Online look-up of Disney Lorcana (Lorcast) and Digimon (digimoncard.io) (issue 24 item 5):
answers checked, polite intervals, cached, offline by choice, stored through the converter.
Responses are respx mocks in each API's shape (card facts of real cards); the converter is a
stub registered here, so these tests hold whatever the games' converters decide."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
import respx
from sqlalchemy import Engine

from catalog.base.errors import CardNotFoundError
from catalog.lookup.repository import find_cards
from catalog.sources import online
from catalog.sources.clients import OnlineSettings, build_client
from catalog.sources.clients.digimoncard import DigimonCardClient
from catalog.sources.clients.errors import SourceResponseError
from catalog.sources.clients.lorcast import LorcastClient
from catalog.sources.clients.sources import DIGIMONCARD, LORCAST, SourceConfigError
from catalog.sources.online import fetch_bulk, fetch_cards, fetch_set
from catalog.store.db import open_engine, session_scope
from converters.base import CardType, Converter, Record
from converters.generic import GenericConverter
from converters.registry import load_converter
from tests.catalog.clients.fakes import FakeTime, make_settings

LORCAST_URL = LORCAST.default_base
DIGIMON_URL = DIGIMONCARD.default_base


def lorcast_card(name: str, version: str, number: str, set_code: str = "1") -> dict[str, Any]:
    """A Lorcast card object (the fields SOURCES.md §6 lists)."""
    return {"id": f"crd_{set_code}_{number}", "name": name, "version": version, "cost": 4,
            "inkwell": True, "ink": "Amber", "type": ["Character"], "strength": 3,
            "willpower": 4, "lore": 2, "collector_number": number, "lang": "en",
            "set": {"id": f"set_{set_code}", "code": set_code, "name": "The First Chapter"}}  # fmt: skip


ARIEL = lorcast_card("Ariel", "On Human Legs", "1")
ARIEL_SINGER = lorcast_card("Ariel", "Spectacular Singer", "2")


def digimon_card(name: str, number: str, **extra: Any) -> dict[str, Any]:
    """A digimoncard.io card (SOURCES.md §5)."""
    return {"name": name, "type": "Digimon", "cardnumber": number, "level": 3, "play_cost": 3,
            "dp": 2000, "color": "Red", "series": "Digimon Card Game", **extra}  # fmt: skip


AGUMON = digimon_card("Agumon", "BT1-010")


class StubConverter(GenericConverter):
    """Stands for a game's converter: stores the record under its id."""

    id_field: ClassVar[str] = "id"

    def source_id(self, record: Record) -> str:
        return str(record[self.id_field])


class LorcanaStub(StubConverter):
    game_id = "lorcana"


class DigimonStub(StubConverter):
    game_id = "digimon"
    id_field = "cardnumber"


@pytest.fixture(autouse=True)
def _stub_converters(monkeypatch: pytest.MonkeyPatch) -> None:
    stubs: dict[str, Converter] = {"lorcana": LorcanaStub(), "digimon": DigimonStub()}
    real = load_converter
    monkeypatch.setattr(online, "load_converter", lambda game: stubs.get(game) or real(game))


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = open_engine(str(tmp_path / "catalog.store.db"), load_starter=False)
    yield engine
    engine.dispose()


@pytest.fixture
def lorcast(settings: OnlineSettings) -> Iterator[LorcastClient]:
    with build_client(LORCAST, settings) as http:
        yield LorcastClient(http)


@pytest.fixture
def digimon(settings: OnlineSettings) -> Iterator[DigimonCardClient]:
    with build_client(DIGIMONCARD, settings) as http:
        yield DigimonCardClient(http)


def stored(engine: Engine, game: str) -> set[str]:
    with session_scope(engine) as session:
        return {card.source_id for card in find_cards(session=session, game=game, limit=None)}


# --- Lorcast ----------------------------------------------------------------------------------


def test_lorcast_search_reads_its_envelope_and_a_bare_list(
    respx_mock: respx.MockRouter, lorcast: LorcastClient
) -> None:
    respx_mock.get(f"{LORCAST_URL}/cards/search", params={"q": "Ariel"}).respond(
        json={"results": [ARIEL, ARIEL_SINGER]}
    )
    respx_mock.get(f"{LORCAST_URL}/cards/search", params={"q": "Stitch"}).respond(json=[])
    assert [card["version"] for card in lorcast.search("Ariel")] == [
        "On Human Legs", "Spectacular Singer"]  # fmt: skip
    assert lorcast.search("Stitch") == []


def test_lorcast_card_by_set_and_number_is_that_card(
    respx_mock: respx.MockRouter, lorcast: LorcastClient
) -> None:
    respx_mock.get(f"{LORCAST_URL}/cards/1/1").respond(json=ARIEL)
    respx_mock.get(f"{LORCAST_URL}/cards/1/3").respond(json=ARIEL_SINGER)
    respx_mock.get(f"{LORCAST_URL}/cards/1/999").respond(404, json={"error": "not found"})
    assert lorcast.card("1", "1")["name"] == "Ariel"
    with pytest.raises(SourceResponseError, match="set 1 #2"):
        lorcast.card("1", "3")  # the answer is another card
    with pytest.raises(CardNotFoundError, match="set 1 #999"):
        lorcast.card("1", "999")


def test_lorcast_set_lists_only_its_own_cards(
    respx_mock: respx.MockRouter, lorcast: LorcastClient
) -> None:
    respx_mock.get(f"{LORCAST_URL}/sets/1/cards").respond(json=[ARIEL, ARIEL_SINGER])
    respx_mock.get(f"{LORCAST_URL}/sets/2/cards").respond(json=[ARIEL])
    assert len(lorcast.set_cards("1")) == 2
    with pytest.raises(SourceResponseError, match="not asked for"):
        lorcast.set_cards("2")


def test_a_lorcana_name_is_fetched_by_its_full_name(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings, fake: FakeTime
) -> None:
    route = respx_mock.get(f"{LORCAST_URL}/cards/search").respond(
        json={"results": [ARIEL, ARIEL_SINGER]}
    )
    report = fetch_cards(engine, "lorcana", ["Ariel – On Human Legs", "Ariel - Nobody"],
                         settings=settings)  # fmt: skip
    assert stored(engine, "lorcana") == {"crd_1_1"}
    assert [miss.query for miss in report.misses] == ["Ariel - Nobody"]
    assert "Ariel - Spectacular Singer" in report.misses[0].suggestions
    assert route.call_count >= 2
    assert all(wait <= LORCAST.interval + 1e-9 for wait in fake.sleeps)  # polite, not slow


def test_a_lorcana_set_is_fetched_and_there_is_no_bulk_file(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    respx_mock.get(f"{LORCAST_URL}/sets/1/cards").respond(json=[ARIEL, ARIEL_SINGER])
    assert fetch_set(engine, "lorcana", "1", settings=settings).stored == 2
    with pytest.raises(SourceConfigError, match="Lorcast publishes no bulk file"):
        fetch_bulk(engine, "lorcana", settings=settings)


# --- digimoncard.io ---------------------------------------------------------------------------


def test_digimon_by_number_keeps_to_the_series_and_refuses_strangers(
    respx_mock: respx.MockRouter, digimon: DigimonCardClient
) -> None:
    route = respx_mock.get(f"{DIGIMON_URL}/search", params={"card": "BT1-010"}).respond(
        json=[AGUMON, {**AGUMON, "cardnumber": "BT1-010_P1"}]
    )
    respx_mock.get(f"{DIGIMON_URL}/search", params={"card": "BT1-011"}).respond(json=[AGUMON])
    assert len(digimon.by_number("BT1-010_P1")) == 2  # a parallel's number asks for its card
    assert route.calls[0].request.url.params["series"] == "Digimon Card Game"
    with pytest.raises(SourceResponseError, match="not asked for"):
        digimon.by_number("BT1-011")


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param({"json": {"error": "No results found"}}, id="error object"),
        pytest.param({"status_code": 400, "json": {"error": "bad"}}, id="400"),
        pytest.param({"json": []}, id="empty"),
    ],
)
def test_digimon_nothing_found_in_every_form(
    respx_mock: respx.MockRouter, digimon: DigimonCardClient, answer: dict[str, Any]
) -> None:
    respx_mock.get(f"{DIGIMON_URL}/search").respond(**answer)
    assert digimon.by_name("Nobodymon") == []


def test_digimon_cards_are_fetched_by_number_and_by_name_politely(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings, fake: FakeTime
) -> None:
    respx_mock.get(f"{DIGIMON_URL}/search", params={"card": "BT1-010"}).respond(json=[AGUMON])
    respx_mock.get(f"{DIGIMON_URL}/search", params={"n": "Gabumon"}).respond(
        json=[digimon_card("Gabumon", "BT1-011"), digimon_card("Gabumon (X Antibody)", "BT9-020")]
    )
    report = fetch_cards(engine, "digimon", ["BT1-010", "Gabumon"], settings=settings)
    assert stored(engine, "digimon") == {"BT1-010", "BT1-011"}
    assert report.misses == []
    assert fake.sleeps
    assert all(wait >= DIGIMONCARD.interval - 1e-9 for wait in fake.sleeps)  # 15 per 10 s


def test_digimon_is_cached_and_offline_touches_no_network(
    respx_mock: respx.MockRouter, engine: Engine, tmp_path: Path, fake: FakeTime
) -> None:
    route = respx_mock.get(f"{DIGIMON_URL}/search").respond(json=[AGUMON])
    fetch_cards(engine, "digimon", ["BT1-010"], settings=make_settings(tmp_path, fake))
    again = make_settings(tmp_path, fake)
    fetch_cards(engine, "digimon", ["BT1-010"], settings=again)
    assert route.call_count == 1
    assert again.stats.cache_hits == 1
    offline = make_settings(tmp_path, fake, offline=True)
    report = fetch_cards(engine, "digimon", ["BT1-011"], settings=offline)
    assert report.offline == ["BT1-011"]
    assert offline.stats.requests == 0


def test_a_digimon_pack_is_fetched(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    respx_mock.get(f"{DIGIMON_URL}/search", params={"pack": "BT01"}).respond(
        json=[AGUMON, digimon_card("Gabumon", "BT1-011")]
    )
    assert fetch_set(engine, "digimon", "BT01", settings=settings).stored == 2


def test_the_games_without_a_public_api_say_so(engine: Engine, settings: OnlineSettings) -> None:
    with pytest.raises(SourceConfigError, match="ws has no online source"):
        fetch_cards(engine, "ws", ["x"], settings=settings)


@pytest.mark.parametrize(
    ("game", "record", "grade", "name"),
    [
        pytest.param("lorcana", ARIEL, 4, "Ariel - On Human Legs", id="lorcast"),
        pytest.param("digimon", AGUMON, 3, "Agumon", id="digimoncard.io"),
    ],
)
def test_the_answers_convert_with_the_games_converters(
    game: str, record: dict[str, Any], grade: int, name: str
) -> None:
    card = load_converter(game).convert(record)
    assert (card.name, card.grade.value, card.card_type.value) == (name, grade, CardType.UNIT)
