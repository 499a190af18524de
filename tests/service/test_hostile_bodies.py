"""Hostile request bodies (issue 22 item 10): every one is refused with a 4xx whose words are
ours (never an exception's class or message), the log holds no traceback for it, and the
request's time limit holds however large the body (its decoding and parsing run off the
event loop)."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterator

import httpx
import pytest

from deckbuilder import twgp_format
from service.app import UNREADABLE
from tests.deckbuilder.sample_cards import full_deck
from tests.service.conftest import Service, make_settings

#: words of Python's and the parsers' own messages, which a client must never be shown
INTERNAL = re.compile(
    r"\b\w+(Error|Exception)\b|Traceback|invalid literal|object is not|codec|"
    r"Expecting|recursion|not subscriptable|NoneType|right here|premature EOF|\(char \d+\)",
)
DECK_PATHS = ("/v1/decks/validate", "/v1/decks/stats", "/v1/decks/export?to=md")
JSON_BODIES = [
    b'{"a": ' * 5000,  # nesting past Python's recursion limit
    b"[" + b"9" * 5000 + b"]",  # an integer past Python's 4,300 digits
    b'{"name": "x", "format": "full", "sections": 5}',
    b'{"name": "x", "format": "full", "sections": {"pool": [{"qty": "x", "game": "mtg", '
    b'"name": "Bolt"}]}}',
    b'{"name": "x", "format": "full", "sections": {"pool": [5]}}',
    b'{"name": "x", "format": "full", "sections": {"pool": [{"qty": 1e999, "game": "mtg", '
    b'"name": "Bolt"}]}}',
    b'{"format": "fu ll!", "sections": {}}',
    b'{"format": "full", "sections": {}, "fields": []}',
    b"\xff\xfe\x00",
    b"null",
    b"[]",
    b'"x"',
    b"{",
]
TEXT_BODIES = [
    ("text/plain; charset=bogus", b"name: x\n"),
    ("text/plain; charset=utf-16", b"\xff"),
    ("text/plain; charset=utf-8", b"\xff\xfe\xfd"),
    ("text/plain", b"\x00" * 1000),
    ("text/plain", b"name: x\nformat: full\n[pool]\n99999999999999999999999999 mtg Bolt\n"),
    ("text/plain", "name: \u202e\x1b]0;x\x07\nformat: zz\n".encode()),
    ("text/plain", b"format: " + b"9" * 5000 + b"\n"),
    ("text/csv", b'"' * 10000),
    ("application/json", b'{"a": 1'),
    ("application/json", b"[1,2,"),
    ("application/json", b'[{"cmc": 1e400}]'),
    ("application/x-ndjson", b'{"a":1}\n{bad'),
    ("application/json", b'{"data": [{"x": }]}'),
]


@pytest.fixture
def service(db: str) -> Iterator[Service]:
    made = Service(make_settings(db, time_limit=30.0))
    yield made
    made.engines.dispose()


def no_internal_words(answer: httpx.Response) -> None:
    assert answer.status_code < 500, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    detail = answer.json()["detail"]
    assert not INTERNAL.search(detail), detail


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    shown = [r for r in caplog.records if r.levelno >= logging.INFO and r.name.startswith("twgp")]
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not shown, [r.getMessage() for r in shown]  # the access log's line is the one line


@pytest.mark.parametrize("body", JSON_BODIES, ids=range(len(JSON_BODIES)))
async def test_hostile_json_decks_are_refused_in_our_words(
    service: Service, body: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="twgp")
    async with service.client() as client:
        for path in DECK_PATHS:
            answer = await client.post(path, content=body,
                                       headers={"content-type": "application/json"})  # fmt: skip
            assert answer.status_code == 400, (path, answer.text)
            no_internal_words(answer)
    no_tracebacks(caplog)


@pytest.mark.parametrize(("content_type", "body"), TEXT_BODIES, ids=range(len(TEXT_BODIES)))
async def test_hostile_text_bodies_are_refused_in_our_words(
    service: Service, content_type: str, body: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="twgp")
    async with service.client() as client:
        for path in (*DECK_PATHS, "/v1/decks/import", "/v1/convert/mtg",
                     "/v1/convert/pokemon?filename=a.csv"):  # fmt: skip
            answer = await client.post(path, content=body, headers={"content-type": content_type})
            if answer.status_code != 200:
                no_internal_words(answer)
    no_tracebacks(caplog)


async def test_a_reader_failing_unexpectedly_is_a_400_that_names_nothing_inside(
    service: Service, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*_args: object, **_kwargs: object) -> object:
        raise ValueError("secret internals of the reader")

    monkeypatch.setattr("service.routes.decks.parse", failing)
    caplog.set_level(logging.DEBUG, logger="twgp")
    async with service.client() as client:
        answer = await client.post("/v1/decks/validate", content=full_deck())
    assert answer.status_code == 400
    problem = answer.json()
    assert (problem["code"], problem["detail"]) == ("UnreadableInput", UNREADABLE)
    assert "secret" not in answer.text
    assert "ValueError" not in answer.text
    no_tracebacks(caplog)
    logged = [r.getMessage() for r in caplog.records if r.name == "twgp.service"]
    assert len(logged) == 1
    assert "secret internals" in logged[0]  # the operator (debug) learns what failed


def test_the_event_loop_never_parses(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A parse that takes seconds (a body of many megabytes) does not hold the answer past
    the time limit: 503 on time."""
    real_parse = twgp_format.parse

    def slow_parse(*args: object, **kwargs: object) -> object:
        time.sleep(3)
        return real_parse(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("service.routes.decks.parse", slow_parse)
    service = Service(make_settings(db, time_limit=0.5))
    try:
        started = time.monotonic()
        answer = _post_sync(service, "/v1/decks/validate", full_deck().encode())
        took = time.monotonic() - started
    finally:
        service.engines.dispose()
    assert answer.status_code == 503
    assert answer.json()["code"] == "RequestTimeout"
    assert took < 2.5, f"answered after {took:.1f} s against a 0.5 s limit"


def test_a_15_mb_validate_is_answered_within_the_time_limit(db: str) -> None:
    # 15 MB of card lines: seconds to parse (parsed on the event loop, the answer came after
    # the parse, however long it took)
    body = full_deck().encode() + b"1 mtg Lightning Bolt\n" * 720_000
    assert len(body) > 15_000_000
    service = Service(make_settings(db, time_limit=2.0))
    try:
        started = time.monotonic()
        answer = _post_sync(service, "/v1/decks/validate", body)
        took = time.monotonic() - started
    finally:
        service.engines.dispose()
    assert answer.status_code in (200, 503), answer.text
    assert took < 8, f"answered after {took:.1f} s against a 2 s limit"


def _post_sync(service: Service, path: str, body: bytes) -> httpx.Response:
    import asyncio

    async def post() -> httpx.Response:
        async with service.client() as client:
            return await client.post(path, content=body)

    return asyncio.run(post())
