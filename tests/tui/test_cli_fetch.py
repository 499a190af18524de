"""`twgp fetch` from the command line: stored cards on stdout (table or JSON Lines), misses
and the summary on stderr, exit codes, --offline, the base-URL override."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest
import respx
from typer.testing import CliRunner

from tests.catalog.clients.fakes import FakeTime, record, scryfall_list
from tui.cli import app

runner = CliRunner()
SCRYFALL = "https://api.scryfall.com"
BOLT = record("scryfall_lightning_bolt")
pytestmark = pytest.mark.usefixtures("no_real_waiting")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "catalog.store.db")


def collection(request: httpx.Request) -> httpx.Response:
    names = [i["name"] for i in json.loads(request.content)["identifiers"]]
    found = [BOLT for n in names if n == "Lightning Bolt"]
    gone = [{"name": n} for n in names if n != "Lightning Bolt"]
    return httpx.Response(200, json=scryfall_list(found, not_found=gone))


def test_fetch_prints_the_stored_card_as_json(respx_mock: respx.MockRouter, db: str) -> None:
    respx_mock.post(f"{SCRYFALL}/cards/collection").mock(side_effect=collection)
    result = runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "--json", "--db", db])
    assert result.exit_code == 0, result.output
    card = json.loads(result.stdout.splitlines()[0])
    assert (card["name"], card["grade"], card["type"]) == ("Lightning Bolt", "01", "charge_effect")
    assert "Scryfall: stored 1 (new 1" in result.stderr
    assert "1 request(s)" in result.stderr


def test_fetch_prints_a_table(respx_mock: respx.MockRouter, db: str) -> None:
    respx_mock.post(f"{SCRYFALL}/cards/collection").mock(side_effect=collection)
    result = runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "--db", db])
    assert result.exit_code == 0, result.output
    assert "Lightning Bolt" in result.stdout
    assert "Charge Effect" in result.stdout


def test_partial_misses_store_the_hits_and_exit_1(respx_mock: respx.MockRouter, db: str) -> None:
    respx_mock.post(f"{SCRYFALL}/cards/collection").mock(side_effect=collection)
    respx_mock.get(f"{SCRYFALL}/cards/autocomplete").respond(
        json={"object": "catalog", "data": ["Lightning Bolt"]}
    )
    result = runner.invoke(
        app, ["fetch", "mtg", "Lightning Bolt", "Lightnig Blot", "--json", "--db", db]
    )
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 1
    assert "card not found: Lightnig Blot (did you mean: Lightning Bolt" in result.stderr


def test_a_single_miss_is_an_error_with_closest_names(
    respx_mock: respx.MockRouter, db: str
) -> None:
    respx_mock.post(f"{SCRYFALL}/cards/collection").mock(side_effect=collection)
    respx_mock.get(f"{SCRYFALL}/cards/autocomplete").respond(
        json={"object": "catalog", "data": ["Lightning Bolt", "Lightning Helix"]}
    )
    result = runner.invoke(app, ["fetch", "mtg", "Lightnig Bolt", "--db", db])
    assert result.exit_code == 1
    assert "error: card not found: Lightnig Bolt" in result.stderr
    assert "did you mean: Lightning Bolt, Lightning Helix" in result.stderr
    assert result.stdout == ""


def test_offline_says_which_cards_needed_the_network(respx_mock: respx.MockRouter, db: str) -> None:
    route = respx_mock.post(f"{SCRYFALL}/cards/collection").mock(side_effect=collection)
    result = runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "Opt", "--offline", "--db", db])
    assert result.exit_code == 1
    assert "offline: not in the cache: Lightning Bolt, Opt" in result.stderr
    assert not route.called


def test_no_network_is_one_quick_attempt_naming_twgp_offline(
    monkeypatch: pytest.MonkeyPatch, db: str, request: pytest.FixtureRequest
) -> None:
    fake: FakeTime = request.getfixturevalue("no_real_waiting")
    def no_dns(*args: object, **kwargs: object) -> None:
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "create_connection", no_dns)
    result = runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "--db", db])
    assert result.exit_code != 0
    assert "cannot find api.scryfall.com" in result.stderr
    assert "set TWGP_OFFLINE=1" in result.stderr
    assert "Traceback" not in result.output
    assert fake.sleeps == []  # not retried


def test_cache_then_offline_works(respx_mock: respx.MockRouter, db: str) -> None:
    route = respx_mock.post(f"{SCRYFALL}/cards/collection").mock(side_effect=collection)
    assert runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "--db", db]).exit_code == 0
    again = runner.invoke(
        app, ["fetch", "mtg", "Lightning Bolt", "--offline", "--json", "--db", db]
    )
    assert again.exit_code == 0, again.output
    assert "0 request(s), 1 answered from the cache" in again.stderr
    assert route.call_count == 1


def test_base_url_override_from_the_environment(
    respx_mock: respx.MockRouter, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TWGP_SCRYFALL_URL", "http://127.0.0.1:8931")
    route = respx_mock.post("http://127.0.0.1:8931/cards/collection").mock(side_effect=collection)
    result = runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "--json", "--db", db])
    assert result.exit_code == 0, result.output
    assert route.called


def test_source_down_is_a_clear_error(respx_mock: respx.MockRouter, db: str) -> None:
    respx_mock.post(f"{SCRYFALL}/cards/collection").mock(
        side_effect=httpx.ConnectError("connection refused")
    )
    result = runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "--db", db])
    assert result.exit_code == 1
    assert "error: Scryfall could not be reached" in result.stderr
    assert "Traceback" not in result.output


def test_whole_set(respx_mock: respx.MockRouter, db: str) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/search").respond(json=scryfall_list([BOLT]))
    result = runner.invoke(app, ["fetch", "mtg", "--set", "m10", "--json", "--db", db])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["set"] == "m10"


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["fetch", "mtg"], id="nothing to fetch"),
        pytest.param(["fetch", "mtg", "Opt", "--bulk"], id="bulk with names"),
    ],
)
def test_usage_errors(args: list[str], db: str) -> None:
    result = runner.invoke(app, [*args, "--db", db])
    assert result.exit_code == 2


def test_a_game_without_a_source(db: str) -> None:
    result = runner.invoke(app, ["fetch", "ws", "Some Card", "--db", db])
    assert result.exit_code == 2
    assert "ws has no online source" in result.stderr
