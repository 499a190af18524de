"""The shared client machinery: headers, base-URL overrides, rate limits, retries, errors,
and the API key that never shows."""

from __future__ import annotations

import logging
import socket
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import httpx
import pytest
import respx

from catalog.base.errors import SourceUnavailableError
from catalog.sources.clients import OnlineSettings, Secret, build_client
from catalog.sources.clients.errors import SourceResponseError
from catalog.sources.clients.pokemontcg import PokemonTcgClient
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.sources import (
    POKEMONTCG,
    SCRYFALL,
    TCGDEX,
    YGOPRODECK,
    SourceConfigError,
)
from catalog.sources.clients.tcgdex import TcgdexClient
from catalog.sources.clients.ygoprodeck import YgoProDeckClient
from tests.catalog.clients.fakes import (
    POKEMONTCG as PTCG_URL,
)
from tests.catalog.clients.fakes import (
    SCRYFALL as SCRYFALL_URL,
)
from tests.catalog.clients.fakes import (
    FakeTime,
    make_settings,
    pokemon_card,
    record,
    scryfall_card,
)

BOLT = record("scryfall_lightning_bolt")


# --- politeness: headers and spacing -----------------------------------------------------------


def test_user_agent_names_twgp_and_its_version_and_accept_is_json(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(json=BOLT)
    scryfall.named("Lightning Bolt")
    request = route.calls.last.request
    assert request.headers["User-Agent"].startswith("twgp/")
    assert request.headers["User-Agent"] != "twgp/"
    assert request.headers["Accept"] == "application/json"


def test_scryfall_strict_endpoints_are_500_ms_apart(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    respx_mock.get(f"{SCRYFALL_URL}/cards/named").mock(
        side_effect=lambda request: httpx.Response(
            200, json=scryfall_card(request.url.params["exact"])
        )
    )
    for name in ("a", "b", "c"):
        scryfall.named(name)
    assert fake.sleeps == pytest.approx([0.5, 0.5])


def test_scryfall_other_endpoints_are_100_ms_apart(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    respx_mock.get(url__regex=rf"{SCRYFALL_URL}/cards/[0-9a-f-]+$").mock(
        side_effect=lambda request: httpx.Response(
            200, json={**BOLT, "id": request.url.path.rsplit("/", 1)[1]}
        )
    )
    for n in range(3):
        scryfall.by_id(f"0000000{n}-0000-4000-8000-000000000000")
    assert fake.sleeps == pytest.approx([0.1, 0.1])


def test_a_strict_request_after_another_endpoint_waits_only_the_host_spacing(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(json=BOLT)
    respx_mock.get(f"{SCRYFALL_URL}/cards/m10/146").respond(json=BOLT)
    scryfall.by_number("m10", "146")
    scryfall.named("Lightning Bolt")
    assert fake.sleeps == pytest.approx([0.1])


@pytest.mark.parametrize(
    ("source", "key", "spacing"),
    [
        pytest.param(YGOPRODECK, None, 0.05, id="YGOPRODeck 20 requests/s"),
        pytest.param(POKEMONTCG, None, 2.0, id="pokemontcg.io without key 30/min"),
        pytest.param(POKEMONTCG, "k-123", 0.1, id="pokemontcg.io with a key"),
        pytest.param(TCGDEX, None, 0.1, id="TCGdex (no documented limit) 10/s"),
    ],
)
def test_each_source_has_its_documented_spacing(
    respx_mock: respx.MockRouter,
    tmp_path: Path,
    fake: FakeTime,
    source: object,
    key: str | None,
    spacing: float,
) -> None:
    settings = make_settings(tmp_path, fake, key=key)
    respx_mock.get(url__startswith="https://").respond(json={"data": []})
    with build_client(source, settings) as http:  # type: ignore[arg-type]
        for n in range(3):
            http.get(f"/x{n}")
    assert fake.sleeps == pytest.approx([spacing, spacing])
    assert settings.stats.requests == 3


# --- base URL overrides ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "default"),
    [
        pytest.param(SCRYFALL, "https://api.scryfall.com", id="scryfall"),
        pytest.param(YGOPRODECK, "https://db.ygoprodeck.com/api/v7", id="ygoprodeck"),
        pytest.param(POKEMONTCG, "https://api.pokemontcg.io/v2", id="pokemontcg"),
        pytest.param(TCGDEX, "https://api.tcgdex.net/v2", id="tcgdex"),
    ],
)
def test_documented_bases_and_their_env_variables(source: object, default: str) -> None:
    assert source.default_base == default  # type: ignore[attr-defined]
    assert source.base_url({}) == default  # type: ignore[attr-defined]
    env = {source.env_var: "http://127.0.0.1:8765/mirror/"}  # type: ignore[attr-defined]
    assert source.base_url(env) == "http://127.0.0.1:8765/mirror"  # type: ignore[attr-defined]


def test_env_override_replaces_the_base_exactly_plain_http_included(
    respx_mock: respx.MockRouter, tmp_path: Path, fake: FakeTime
) -> None:
    env = {"TWGP_SCRYFALL_URL": "http://127.0.0.1:8765/scry"}
    route = respx_mock.get("http://127.0.0.1:8765/scry/cards/named").respond(json=BOLT)
    with build_client(SCRYFALL, make_settings(tmp_path, fake, environ=env)) as http:
        card = ScryfallClient(http).named("Lightning Bolt")
    assert card["name"] == "Lightning Bolt"
    assert route.calls.last.request.url.params["exact"] == "Lightning Bolt"


def test_env_override_for_ygoprodeck_keeps_the_endpoint_path(
    respx_mock: respx.MockRouter, tmp_path: Path, fake: FakeTime
) -> None:
    env = {"TWGP_YGOPRODECK_URL": "http://127.0.0.1:9000"}
    route = respx_mock.get("http://127.0.0.1:9000/cardinfo.php").respond(
        json=record("ygoprodeck_dark_magician")
    )
    with build_client(YGOPRODECK, make_settings(tmp_path, fake, environ=env)) as http:
        cards = YgoProDeckClient(http).by_names(["Dark Magician"])
    assert [c["id"] for c in cards] == [46986414]
    assert route.called


def test_an_env_override_that_is_not_a_url_is_a_clear_error() -> None:
    with pytest.raises(SourceConfigError, match="TWGP_TCGDEX_URL"):
        TCGDEX.base_url({"TWGP_TCGDEX_URL": "api.tcgdex.net/v2"})


# --- retries -----------------------------------------------------------------------------------


def test_429_with_retry_after_seconds_waits_that_long_then_succeeds(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").mock(
        side_effect=[
            httpx.Response(429, headers={"Retry-After": "7"}),
            httpx.Response(200, json=BOLT),
        ]
    )
    assert scryfall.named("Lightning Bolt")["name"] == "Lightning Bolt"
    assert route.call_count == 2
    assert 7.0 in fake.sleeps


def test_429_with_retry_after_as_http_date(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=45), usegmt=True)
    respx_mock.get(f"{SCRYFALL_URL}/cards/named").mock(
        side_effect=[
            httpx.Response(429, headers={"Retry-After": when}),
            httpx.Response(200, json=BOLT),
        ]
    )
    scryfall.named("Lightning Bolt")
    # the date is read against the real clock: whole seconds, and room for a loaded machine
    assert any(35.0 <= s <= 45.0 for s in fake.sleeps)


def test_429_without_retry_after_backs_off_for_the_lockout(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").mock(
        side_effect=[
            httpx.Response(429),
            httpx.Response(200, json=BOLT),
        ]
    )
    scryfall.named("Lightning Bolt")
    assert route.call_count == 2
    assert max(fake.sleeps) >= 30.0  # Scryfall locks a client out for 30 s after a 429


def test_500_500_200_succeeds_after_exponential_backoff(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").mock(
        side_effect=[
            httpx.Response(500),
            httpx.Response(500),
            httpx.Response(200, json=BOLT),
        ]
    )
    assert scryfall.named("Lightning Bolt")["name"] == "Lightning Bolt"
    assert route.call_count == 3
    backoffs = [s for s in fake.sleeps if s >= 1.0]
    assert len(backoffs) == 2
    assert backoffs[0] < 3.0  # 1 s + at most 1 s of jitter (+ rate spacing)
    assert backoffs[1] >= 2.0  # doubled


def test_timeouts_retry_a_bounded_number_of_times_then_fail_clearly(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").mock(
        side_effect=httpx.ConnectTimeout("timed out")
    )
    with pytest.raises(SourceUnavailableError) as caught:
        scryfall.named("Lightning Bolt")
    assert route.call_count == 4
    error = caught.value
    assert "Scryfall" in error.message
    assert "'Lightning Bolt'" in error.message
    assert "did not answer in time" in error.message
    assert "TWGP_OFFLINE=1" in error.hint
    assert "--offline" not in error.hint  # the app has no such option


def test_persistent_5xx_fails_naming_source_and_card(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient
) -> None:
    respx_mock.get(f"{'https://db.ygoprodeck.com/api/v7'}/cardinfo.php").respond(503)
    with pytest.raises(
        SourceUnavailableError, match=r"YGOPRODeck answered HTTP 503 .*Pot of Greed"
    ):
        ygo.by_names(["Pot of Greed"])


def test_persistent_429_fails_with_when_to_try_again(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(429, headers={"Retry-After": "5"})
    with pytest.raises(SourceUnavailableError) as caught:
        scryfall.named("Lightning Bolt")
    assert "HTTP 429" in caught.value.message
    assert "in 5 s" in caught.value.hint


def test_a_long_retry_after_is_not_waited_for(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient, fake: FakeTime
) -> None:
    route = respx_mock.get("https://db.ygoprodeck.com/api/v7/cardinfo.php").respond(
        429, headers={"Retry-After": "3600"}
    )
    with pytest.raises(SourceUnavailableError, match="HTTP 429"):
        ygo.by_names(["Pot of Greed"])
    assert route.call_count == 1
    assert all(s < 3600 for s in fake.sleeps)


# --- unreadable answers ------------------------------------------------------------------------


def test_malformed_json_names_the_source_and_endpoint(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(200, text="{not json")
    with pytest.raises(SourceResponseError) as caught:
        scryfall.named("Lightning Bolt")
    assert "Scryfall answered GET /cards/named with malformed JSON" in caught.value.message
    assert "TWGP_SCRYFALL_URL" in caught.value.hint


def test_unexpected_json_shape_is_a_clear_error(
    respx_mock: respx.MockRouter, ptcg: PokemonTcgClient
) -> None:
    respx_mock.get(f"{PTCG_URL}/cards").respond(json={"cards": []})
    with pytest.raises(SourceResponseError, match=r"pokemontcg.io answered /cards with unexpected"):
        list(ptcg.search("name:Pikachu"))


def test_connection_refused_is_source_unavailable(
    respx_mock: respx.MockRouter, tcgdex: TcgdexClient
) -> None:
    respx_mock.get(url__startswith="https://api.tcgdex.net/").mock(
        side_effect=httpx.ConnectError("connection refused")
    )
    with pytest.raises(SourceUnavailableError, match="TCGdex could not be reached"):
        tcgdex.card("swsh3-136")


def _no_name_resolution(*args: object, **kwargs: object) -> None:
    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")


def test_a_dns_failure_is_not_retried_and_names_twgp_offline(
    monkeypatch: pytest.MonkeyPatch, settings: OnlineSettings, fake: FakeTime
) -> None:
    """No network: the name of the host cannot be resolved. Through the real stack (httpcore's
    sockets), not a mock of httpx: one attempt, no back-off, the real setting named."""
    monkeypatch.setattr(socket, "create_connection", _no_name_resolution)
    with build_client(SCRYFALL, settings) as http, pytest.raises(SourceUnavailableError) as caught:
        ScryfallClient(http).named("Lightning Bolt")
    error = caught.value
    assert error.message.startswith("cannot find api.scryfall.com: the name could not be resolved")
    assert "'Lightning Bolt'" in error.message
    assert error.hint.endswith("set TWGP_OFFLINE=1")
    assert "--offline" not in error.hint
    assert settings.stats.requests == 1
    assert fake.sleeps == []  # no back-off: resolving again would fail the same way


def test_other_connection_failures_are_still_retried(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").mock(
        side_effect=httpx.ConnectError("[Errno 111] Connection refused")
    )
    with pytest.raises(SourceUnavailableError, match="could not be reached"):
        scryfall.named("Lightning Bolt")
    assert route.call_count == 4


# --- the API key -------------------------------------------------------------------------------

KEY = "sk-test-0123456789abcdef"


@pytest.fixture
def keyed(tmp_path: Path, fake: FakeTime) -> OnlineSettings:
    return make_settings(tmp_path, fake, key=KEY)


def test_api_key_header_is_sent_when_set(
    respx_mock: respx.MockRouter, keyed: OnlineSettings
) -> None:
    route = respx_mock.get(f"{PTCG_URL}/cards").respond(
        json={"data": [pokemon_card("Pikachu", "base1-58")], "totalCount": 1}
    )
    with build_client(POKEMONTCG, keyed) as http:
        list(PokemonTcgClient(http).search('!name:"Pikachu"'))
    assert route.calls.last.request.headers["X-Api-Key"] == KEY


def test_no_api_key_header_without_a_key(
    respx_mock: respx.MockRouter, ptcg: PokemonTcgClient
) -> None:
    route = respx_mock.get(f"{PTCG_URL}/cards").respond(json={"data": [], "totalCount": 0})
    list(ptcg.search('!name:"Pikachu"'))
    assert "X-Api-Key" not in route.calls.last.request.headers


def test_api_key_goes_to_no_other_source(
    respx_mock: respx.MockRouter, keyed: OnlineSettings
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(json=BOLT)
    with build_client(SCRYFALL, keyed) as http:
        ScryfallClient(http).named("Lightning Bolt")
    assert "X-Api-Key" not in route.calls.last.request.headers


def test_api_key_is_absent_from_logs_reprs_and_errors(
    respx_mock: respx.MockRouter, keyed: OnlineSettings, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    respx_mock.get(f"{PTCG_URL}/cards/base1-4").mock(
        side_effect=[
            httpx.Response(500),
            httpx.Response(200, json=record("pokemontcg_charizard_base1_4")),
        ]
    )
    respx_mock.get(f"{PTCG_URL}/cards/base1-5").mock(side_effect=httpx.ReadTimeout("slow"))
    respx_mock.get(f"{PTCG_URL}/sets").respond(json={"data": []})
    shown: list[str] = []
    with build_client(POKEMONTCG, keyed) as http:
        client = PokemonTcgClient(http)
        client.card("base1-4")
        response = http.get("/sets")
        assert "X-Api-Key" not in response.request.headers  # the caller's request stays clean
        with pytest.raises(SourceUnavailableError) as caught:
            client.card("base1-5")
        shown += [repr(client), repr(http), repr(http.headers), str(http.headers)]
        error = caught.value
        shown += [str(error), repr(error), error.hint]
        chained = error.__cause__ or error.__context__
        if chained is not None:
            shown.append(repr(getattr(chained, "request", None)))
    shown += [repr(keyed), str(keyed), repr(keyed.pokemontcg_key), caplog.text]
    assert caplog.records  # the retry and the requests were logged
    for text in shown:
        assert KEY not in text
    assert repr(Secret(KEY)) == "Secret('***')"


def test_api_key_is_read_from_the_environment(tmp_path: Path) -> None:
    settings = OnlineSettings.from_env(environ={"TWGP_POKEMONTCG_API_KEY": KEY})
    assert settings.pokemontcg_key is not None
    assert settings.pokemontcg_key.reveal() == KEY
    assert KEY not in repr(settings)


@pytest.mark.parametrize(
    ("value", "offline"),
    [
        pytest.param("1", True, id="1"),
        pytest.param("true", True, id="true"),
        pytest.param("0", False, id="0"),
        pytest.param("", False, id="empty"),
    ],
)
def test_twgp_offline_variable(value: str, offline: bool) -> None:
    assert OnlineSettings.from_env(environ={"TWGP_OFFLINE": value}).offline is offline
