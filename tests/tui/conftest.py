"""Fixtures for the app's tests: a small real catalog, services on it, and the app; a catalog
of the seed games whose decks have their own formats, and an app on it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from textual.pilot import Pilot
from textual.widgets import Input

from catalog.sources.clients import RateLimiter
from catalog.sources.online import OnlineSettings
from catalog.store.db import open_engine
from tests.catalog.clients.fakes import FakeTime
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.format_samples import build_format_catalog
from tests.tui.cards import build_catalog
from tui.app import TwgpApp, make_app
from tui.config import UiSettings
from tui.screens.main import MainScreen
from tui.services import Services

SIZE = (120, 36)
#: five units for ミナ's roster: three of hers that cannot be lent, two anyone may borrow
MINA = ["ラマルトゥ", "シェミハザ", "なわて", "バイオTレックス", "阿久津さん"]


@pytest.fixture(autouse=True)
def _no_settling(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app waits a moment after results arrive before counting them and loading the
    first card in full (so typing stays fast); tests need not wait."""
    from tui.screens import main

    monkeypatch.setattr(main, "SETTLE", 0.002)


@pytest.fixture
def no_real_waiting(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    """Rate limits and retry back-off of the online commands, on a fake clock (the fetch
    tests use it for every test: `pytestmark = pytest.mark.usefixtures("no_real_waiting")`)."""
    fake = FakeTime()
    limiter = RateLimiter(clock=fake.clock, sleep=fake.sleep)
    from_env = OnlineSettings.from_env

    def patched(**kwargs: Any) -> OnlineSettings:
        return from_env(**kwargs, limiter=limiter, sleep=fake.sleep)

    monkeypatch.setattr(OnlineSettings, "from_env", staticmethod(patched))
    return fake


@pytest.fixture
def catalog(tmp_path: Path) -> Iterator[Engine]:
    engine = build_catalog(tmp_path)
    yield engine
    engine.dispose()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The sample catalog's file (tests/deckbuilder/catalog_samples.py), for the CLI's tests."""
    return build_sample_catalog(tmp_path / "catalog.sqlite3")


@pytest.fixture
def services(catalog: Engine) -> Services:
    return Services(catalog, label="test catalog")


@pytest.fixture
def app(services: Services) -> TwgpApp:
    return make_app(services=services, settings=UiSettings())


@pytest.fixture
def format_services(tmp_path: Path) -> Iterator[Services]:
    engine = open_engine(build_format_catalog(tmp_path / "formats.sqlite3"), load_starter=False)
    yield Services(engine, label="format catalog")
    engine.dispose()


@pytest.fixture
def format_app(format_services: Services) -> TwgpApp:
    return make_app(services=format_services, settings=UiSettings())


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


async def settle(pilot: Pilot[None]) -> None:
    """Let workers finish and their messages (which may start more workers) be handled."""
    for _ in range(4):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def wait_until(
    pilot: Pilot[None], condition: Callable[[], object], within: float = 30
) -> None:
    """Settle until `condition` holds or `within` seconds pass (a loaded machine may run a
    timer, a worker or a screen change late); the test asserts the condition after."""
    deadline = time.monotonic() + within
    await settle(pilot)
    while not condition() and time.monotonic() < deadline:
        await pilot.pause(0.05)
        await settle(pilot)


def main_screen(app: TwgpApp) -> MainScreen:
    return app.main


def assert_deck_open_from(app: TwgpApp, path: Path) -> None:
    """The main screen is back, editing the deck of the file at `path`."""
    assert app.screen is app.main
    assert app.main.place is not None
    assert app.main.place.path == path


async def search(pilot: Pilot[None], query: str) -> None:
    """Type a query into the search box and submit it (enter skips the debounce)."""
    box = pilot.app.screen.query_one("#search", Input)
    box.focus()
    box.value = query
    await pilot.press("enter")
    await settle(pilot)
