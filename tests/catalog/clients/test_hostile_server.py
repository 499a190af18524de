"""The clients against a hostile server on 127.0.0.1 (tests/catalog/clients/hostile.py): every
misbehaviour ends in one clear twgp error, within the deadline and the memory cap, with nothing
stored and nothing cached."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.base.errors import SourceUnavailableError
from catalog.lookup.repository import find_cards
from catalog.sources.clients import Limits, OnlineSettings, build_client
from catalog.sources.clients.errors import SourceResponseError
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.sources import SCRYFALL
from catalog.sources.online import fetch_cards
from catalog.store.db import open_engine, session_scope
from tests.catalog.clients import hostile
from tests.catalog.clients.fakes import FakeTime, make_settings, record, scryfall_card, ygo_card

NAMED = "/cards/named"
MiB = 1 << 20
#: the deadline of the tests about stalling servers: short, so they are cut off quickly
STALL_DEADLINE = 0.5
#: every other test's: room for any honest answer on a loaded machine (a test about a size
#: cap or a bad answer must meet that guard, not this one), below hostile.GIVE_UP
DEADLINE = 10.0
BOLT = record("scryfall_lightning_bolt")


@pytest.fixture
def server() -> Iterator[hostile.Server]:
    with hostile.hostile_server() as server:
        yield server


@pytest.fixture
def fake() -> FakeTime:
    return FakeTime()


def settings_for(
    server: hostile.Server,
    tmp_path: Path,
    fake: FakeTime,
    *,
    max_bytes: int = MiB,
    deadline: float = DEADLINE,
) -> OnlineSettings:
    """Settings pointing every source at the server, with a 1 MiB cap."""
    environ = {"TWGP_SCRYFALL_URL": server.url, "TWGP_YGOPRODECK_URL": server.url}
    limits = Limits(deadline=deadline, max_bytes=max_bytes)
    return make_settings(tmp_path, fake, environ=environ, limits=limits)


@pytest.fixture
def scryfall(server: hostile.Server, tmp_path: Path, fake: FakeTime) -> Iterator[ScryfallClient]:
    with build_client(SCRYFALL, settings_for(server, tmp_path, fake)) as http:
        yield ScryfallClient(http)


def cached_entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").rglob("*.json"))


# --- time: an overall deadline per attempt ----------------------------------------------------


@pytest.mark.parametrize(
    "behaviour",
    [
        pytest.param(hostile.drip_body, id="body dripped byte by byte"),
        pytest.param(hostile.drip_headers, id="headers dripped byte by byte"),
        pytest.param(hostile.silent, id="never answers"),
    ],
)
def test_a_stalling_server_is_cut_off_at_the_deadline_and_not_retried(
    server: hostile.Server, tmp_path: Path, fake: FakeTime, behaviour: hostile.Behaviour
) -> None:
    server.routes[NAMED] = behaviour
    settings = settings_for(server, tmp_path, fake, deadline=STALL_DEADLINE)
    with build_client(SCRYFALL, settings) as http, pytest.raises(SourceUnavailableError) as caught:
        ScryfallClient(http).named("Lightning Bolt")
    assert "did not finish answering within 0.5 s" in caught.value.message
    assert "'Lightning Bolt'" in caught.value.message
    assert server.hits[NAMED] == 1  # a server that drips once drips again


# --- memory: the decoded body is capped while it streams --------------------------------------


@pytest.mark.parametrize(
    "behaviour",
    [
        pytest.param(hostile.endless, id="endless body"),
        pytest.param(hostile.raw(b"[" + b"0," * (2 * MiB) + b"0]"), id="4 MiB answer"),
        pytest.param(hostile.gzip_bomb(64 * MiB), id="gzip bomb: 64 MiB in 64 KiB"),
    ],
)
def test_an_answer_past_the_size_cap_is_refused_in_bounded_memory(
    server: hostile.Server, scryfall: ScryfallClient, tmp_path: Path, behaviour: hostile.Behaviour
) -> None:
    server.routes[NAMED] = behaviour
    tracemalloc.start()
    try:
        with pytest.raises(SourceResponseError) as caught:
            scryfall.named("Lightning Bolt")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "more than 1 MiB (twgp's limit)" in caught.value.message
    assert "nothing was stored" in caught.value.message
    assert peak < 16 * MiB  # the cap (1 MiB) plus buffers, never the whole answer
    assert cached_entries(tmp_path) == []


def test_an_encoding_twgp_did_not_ask_for_is_refused(
    server: hostile.Server, scryfall: ScryfallClient
) -> None:
    server.routes[NAMED] = hostile.raw(b"\x00" * 64, headers={"Content-Encoding": "br"})
    with pytest.raises(SourceResponseError, match=r"content encoding twgp did not ask for \(br\)"):
        scryfall.named("Lightning Bolt")


def test_a_gzipped_answer_within_the_cap_is_read(
    server: hostile.Server, scryfall: ScryfallClient
) -> None:
    import gzip
    import json

    server.routes[NAMED] = hostile.raw(
        gzip.compress(json.dumps(BOLT).encode()), headers={"Content-Encoding": "gzip"}
    )
    assert scryfall.named("Lightning Bolt")["id"] == BOLT["id"]
    assert scryfall.named("Lightning Bolt")["id"] == BOLT["id"]  # and from the cache
    assert server.hits[NAMED] == 1


# --- JSON: invalid or deeply nested ------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        pytest.param(b"[" * 100_000 + b"]" * 100_000, "depth limit exceeded", id="100,000 deep"),
        pytest.param(b"[" * 100 + b"]" * 100, "nested more than 64 levels", id="100 deep"),
        pytest.param(b'{"object": "card", "name": ', "malformed JSON", id="cut short"),
        pytest.param("カード".encode("utf-16"), "malformed JSON", id="UTF-16"),
        pytest.param(b"\xff\xfe\x00garbage", "malformed JSON", id="bytes"),
        pytest.param(b'{"a": 1e999}', "malformed JSON", id="infinite number"),
    ],
)
def test_invalid_or_deeply_nested_json_is_a_clear_error_and_not_cached(
    server: hostile.Server, scryfall: ScryfallClient, tmp_path: Path, body: bytes, reason: str
) -> None:
    server.routes[NAMED] = hostile.raw(body, headers={"Content-Type": "application/json"})
    for attempt in (1, 2):
        with pytest.raises(SourceResponseError, match=reason) as caught:
            scryfall.named("Lightning Bolt")
        assert "nothing was stored" in caught.value.message
        assert server.hits[NAMED] == attempt  # a malformed 200 is never served from the cache
    assert cached_entries(tmp_path) == []


# --- redirects --------------------------------------------------------------------------------


def test_a_redirect_loop_is_a_clear_error(server: hostile.Server, scryfall: ScryfallClient) -> None:
    server.routes[NAMED] = hostile.redirect("/cards/named?exact=again")
    with pytest.raises(SourceResponseError, match=r"redirected twgp more than 5 times \(a redirect"):
        scryfall.named("Lightning Bolt")
    assert server.hits[NAMED] == 6


@pytest.mark.parametrize(
    "elsewhere",
    [
        pytest.param("http://localhost:{port}/cards/elsewhere", id="another host name"),
        pytest.param("http://127.0.0.1:1/cards/elsewhere", id="another port"),
        pytest.param("ftp://127.0.0.1:{port}/cards/elsewhere", id="another scheme"),
    ],
)
def test_a_redirect_to_another_server_is_refused(
    server: hostile.Server, scryfall: ScryfallClient, elsewhere: str
) -> None:
    server.routes[NAMED] = hostile.redirect(elsewhere.format(port=server.server_address[1]))
    server.routes["/cards/elsewhere"] = hostile.answer(BOLT)
    with pytest.raises(SourceResponseError, match="redirected twgp to another server"):
        scryfall.named("Lightning Bolt")
    assert server.hits["/cards/elsewhere"] == 0


def test_a_redirect_on_the_same_server_is_followed(
    server: hostile.Server, scryfall: ScryfallClient
) -> None:
    server.routes[NAMED] = hostile.redirect("/cards/moved")
    server.routes["/cards/moved"] = hostile.answer(BOLT)
    assert scryfall.named("Lightning Bolt")["name"] == "Lightning Bolt"


# --- 429 with an absurd Retry-After ------------------------------------------------------------


@pytest.mark.parametrize(
    ("retry_after", "said"),
    [
        pytest.param("9" * 40, "more than a year", id="40 digits"),
        pytest.param("9" * 5000, "more than a year", id="5,000 digits"),
        pytest.param("Fri, 31 Dec 9999 23:59:59 GMT", "more than a year", id="year 9999"),
        pytest.param("7200", "2 h", id="two hours"),
    ],
)
def test_a_429_asking_for_too_long_is_not_waited_for_and_says_so(
    server: hostile.Server, scryfall: ScryfallClient, fake: FakeTime, retry_after: str, said: str
) -> None:
    server.routes[NAMED] = hostile.too_many(retry_after)
    with pytest.raises(SourceUnavailableError) as caught:
        scryfall.named("Lightning Bolt")
    assert f"asks twgp to wait {said}, longer than the 60 s twgp waits" in caught.value.message
    assert "try again in a few minutes" in caught.value.hint
    assert server.hits[NAMED] == 1
    assert fake.sleeps == []


def test_a_429_with_a_short_retry_after_is_waited_for(
    server: hostile.Server, scryfall: ScryfallClient, fake: FakeTime
) -> None:
    answers = iter([hostile.too_many("3"), hostile.answer(BOLT)])
    server.routes[NAMED] = lambda h: next(answers)(h)
    assert scryfall.named("Lightning Bolt")["name"] == "Lightning Bolt"
    assert fake.sleeps[-1] == 3.0


# --- answers that do not answer the question ---------------------------------------------------


def test_an_answer_about_another_card_is_refused_and_not_cached(
    server: hostile.Server, scryfall: ScryfallClient, tmp_path: Path
) -> None:
    server.routes[NAMED] = hostile.answer(scryfall_card("Counterspell"))
    for attempt in (1, 2):
        with pytest.raises(SourceResponseError, match="'Counterspell'; nothing was stored"):
            scryfall.named("Lightning Bolt")
        assert server.hits[NAMED] == attempt
    assert cached_entries(tmp_path) == []


def test_a_name_lookup_answered_with_30000_unrelated_cards_stores_nothing(
    server: hostile.Server, tmp_path: Path, fake: FakeTime
) -> None:
    """The hostile run's case: one name look-up stored 300,000 unrelated cards."""
    cards = [ygo_card(f"Stranger {n}", 10_000_000 + n) for n in range(30_000)]
    server.routes["/cardinfo.php"] = hostile.answer({"data": cards})
    engine: Engine = open_engine(str(tmp_path / "catalog.store.db"), load_starter=False)
    settings = settings_for(server, tmp_path, fake, max_bytes=64 * MiB)
    try:
        with pytest.raises(SourceResponseError, match="30000 cards where at most 1 can answer"):
            fetch_cards(engine, "yugioh", ["Dark Magician"], settings=settings)
        with session_scope(engine) as session:
            assert find_cards(session=session, game="yugioh", limit=None) == []
    finally:
        engine.dispose()
    assert cached_entries(tmp_path) == []


def test_a_right_answer_from_the_same_server_is_stored(
    server: hostile.Server, tmp_path: Path, fake: FakeTime
) -> None:
    server.routes["/cardinfo.php"] = hostile.by_query(
        lambda q: {"data": [ygo_card(q["name"], 46986414)]}
    )
    engine = open_engine(str(tmp_path / "catalog.store.db"), load_starter=False)
    try:
        report = fetch_cards(
            engine, "yugioh", ["Dark Magician"], settings=settings_for(server, tmp_path, fake)
        )
    finally:
        engine.dispose()
    assert [c.name for c in report.cards] == ["Dark Magician"]
    assert len(cached_entries(tmp_path)) == 1


# --- downloads: large and slow is fine, stalled or endless is not -----------------------------


@pytest.mark.parametrize(
    ("behaviour", "window", "error", "said"),
    [
        pytest.param(hostile.drip_body, (MiB, STALL_DEADLINE), SourceUnavailableError,
                     "within 0.5 s", id="stalled"),
        pytest.param(hostile.endless, (MiB, DEADLINE), SourceResponseError, "more than 2 MiB",
                     id="endless"),
    ],
)  # fmt: skip
def test_a_download_must_keep_moving_and_stay_under_its_cap(
    server: hostile.Server,
    tmp_path: Path,
    fake: FakeTime,
    behaviour: hostile.Behaviour,
    window: tuple[int, float],
    error: type[Exception],
    said: str,
) -> None:
    server.routes["/bulk.json"] = behaviour
    limits = Limits(window=window, max_download=2 * MiB)
    settings = make_settings(
        tmp_path, fake, environ={"TWGP_SCRYFALL_URL": server.url}, limits=limits
    )
    dest = tmp_path / "bulk" / "cards.json"
    with build_client(SCRYFALL, settings) as http, pytest.raises(error, match=said):
        ScryfallClient(http).download(f"{server.url}/bulk.json", dest, what="a bulk file")
    assert not dest.exists()
    assert list(dest.parent.glob("*")) == []  # no partial file left behind


def test_a_download_within_its_limits_is_written(
    server: hostile.Server, tmp_path: Path, fake: FakeTime
) -> None:
    body = b"[" + b'{"name": "x"},' * 200_000 + b'{"name": "y"}]'
    server.routes["/bulk.json"] = hostile.raw(body)
    settings = make_settings(tmp_path, fake, environ={"TWGP_SCRYFALL_URL": server.url})
    dest = tmp_path / "bulk" / "cards.json"
    with build_client(SCRYFALL, settings) as http:
        ScryfallClient(http).download(f"{server.url}/bulk.json", dest, what="a bulk file")
    assert dest.read_bytes() == body
