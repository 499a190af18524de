"""A burst on PostgreSQL: `twgp serve --workers 2` on a loopback port over a PostgreSQL catalog
of the starter cards, 200 requests at once (searches and deck validations, half each), open
and `--private`. Every one is answered 200 within the server's per-request time limit: none
waits past it for a database connection, a worker thread or the event loop."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from service.settings import DEFAULT_TIME_LIMIT
from tests.catalog.conftest import POSTGRES_URL, postgres_schema
from tests.service.twins import cli

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not POSTGRES_URL, reason="TWGP_TEST_POSTGRES_URL is not set"),
]

BURST = 200
#: the server's --time-limit (the default): a request past it would be a 503 RequestTimeout
TIME_LIMIT = DEFAULT_TIME_LIMIT
QUERIES = ("lightning bolt", "grade>=3", "game:mtg type:unit", "text:damage", "serra angel",
           "game:yugioh", "dragon", "セラの天使")  # fmt: skip
#: a deck of starter cards (legal or not: validation is the work measured, not its verdict)
DECK = "format: full\n[life]\n1 mtg Glorious Anthem\n[entry.library]\n" + "".join(
    f"1 mtg {name}\n" for name in ("Lightning Bolt", "Grizzly Bears", "Serra Angel",
                                   "Llanowar Elves", "Savannah Lions", "Goblin Guide",
                                   "Hill Giant", "Giant Spider", "Shivan Dragon", "Counterspell",
                                   "Giant Growth", "Pacifism", "Sol Ring", "Rancor", "Crusade"))


@pytest.fixture(scope="module")
def catalog() -> Iterator[str]:
    """A PostgreSQL catalog (a schema of its own) of the starter cards, with one API key."""
    for url in postgres_schema():
        code, _, err = cli("serve", "--migrate-only", "--db", url)
        assert code == 0, err
        yield url


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(url: str, tmp_path: Path, *flags: str) -> Iterator[str]:
    port = _free_port()
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--db", url, "--workers", "2",
         "--port", str(port), "--time-limit", str(TIME_LIMIT), "--log-level", "warning", *flags],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "TWGP_NO_STARTER": "0"},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, (tmp_path / "server.log").read_text()
            assert time.monotonic() < deadline, "the server did not become ready"
            try:
                if httpx.get(f"{base}/readyz", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.3)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


async def burst(base: str, headers: dict[str, str]) -> list[tuple[int, float, str]]:
    """BURST requests sent at once: (status, seconds, what) of each."""
    limits = httpx.Limits(max_connections=BURST, max_keepalive_connections=BURST)
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits,
                                 timeout=TIME_LIMIT * 3) as client:  # fmt: skip

        async def one(index: int) -> tuple[int, float, str]:
            start = time.perf_counter()
            if index % 2:
                query = QUERIES[index % len(QUERIES)]
                answer = await client.get("/v1/cards", params={"q": query})
                what = f"search {query!r}"
            else:
                answer = await client.post("/v1/decks/validate", content=DECK.encode(),
                                           headers={"content-type": "text/plain"})  # fmt: skip
                what = "validate"
            return answer.status_code, time.perf_counter() - start, what

        return list(await asyncio.gather(*(one(index) for index in range(BURST))))


@pytest.mark.parametrize("private", [False, True], ids=["open", "private"])
def test_a_burst_of_200_is_answered_within_the_time_limit(
    catalog: str, tmp_path: Path, private: bool
) -> None:
    headers: dict[str, str] = {}
    flags: list[str] = []
    if private:
        code, key, err = cli("apikey", "create", f"burst-{time.time_ns()}", "--db", catalog)
        assert code == 0, err
        headers["authorization"] = f"Bearer {key.strip()}"
        flags.append("--private")
    with serving(catalog, tmp_path, *flags) as base:
        answers = asyncio.run(burst(base, headers))
        if private:  # the key was what let the burst in
            assert httpx.get(f"{base}/v1/cards", timeout=10).status_code == 401
    failed = [(status, f"{seconds:.1f} s", what) for status, seconds, what in answers
              if status != 200]  # fmt: skip
    assert failed == [], (tmp_path / "server.log").read_text()[-3000:]
    slowest = max(seconds for _, seconds, _ in answers)
    assert slowest < TIME_LIMIT, f"the slowest answer took {slowest:.1f} s"
