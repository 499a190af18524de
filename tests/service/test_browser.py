"""The web page in a real browser: Playwright driving the operating system's Chromium (never a
downloaded one) against `twgp serve`'s app on a loopback port. Skipped where Chromium is not
installed; CI installs it (.ci/run)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine
from service.app import create_app
from tests.deckbuilder import foreign_samples as samples
from tests.deckbuilder.catalog_samples import build_sample_catalog, converted
from tests.service.conftest import make_settings

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: CI installs Chromium: there a missing one is a failure, not a skip
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists() and not os.environ.get("CI"),
                                reason="no Chromium installed (apt-get install chromium)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]  # fmt: skip
HOSTILE = '<img src=x onerror="document.title=\'pwned\'">Bolt'


@pytest.fixture(scope="module")
def catalog_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A catalog of the sample cards plus a card whose name is markup."""
    path = tmp_path_factory.mktemp("browser") / "catalog.sqlite3"
    build_sample_catalog(path)
    engine = open_engine(str(path))
    hostile = converted("mtg", "hostile-1", HOSTILE, None, "hostile", 1, None)
    import_cards(engine, [hostile], source="tests")
    engine.dispose()
    return str(path)


@pytest.fixture(scope="module")
def base_url(catalog_path: str) -> Iterator[str]:
    """The app, served by uvicorn in a thread."""
    yield from _serve(catalog_path)


@pytest.fixture(scope="module")
def private_url(catalog_path: str) -> Iterator[str]:
    """The app as a `--private` server."""
    yield from _serve(catalog_path, private=True)


def _serve(catalog: str, **settings: object) -> Iterator[str]:
    # The socket is bound and listening before uvicorn starts: no other program can take the
    # port in between, and the browser's first connection waits in its backlog if it comes
    # before uvicorn accepts.
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    config = uvicorn.Config(create_app(make_settings(catalog, **settings)),
                            log_level="warning", lifespan="on")  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        listening.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: object, base_url: str) -> Iterator[object]:
    context = browser.new_context(base_url=base_url)  # type: ignore[attr-defined]
    opened = context.new_page()
    yield opened
    context.close()


def test_a_pasted_arena_list_is_drafted_and_validated(page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto("/")
    page.select_option("#deck-format", "mtga")
    page.fill("#deck-text", samples.MTGA)
    page.click("#check")
    expect(page.locator("#verdict")).to_contain_text("ILLEGAL")
    expect(page.locator("#draft")).to_contain_text("Lightning Bolt")
    expect(page.locator("#violations")).to_contain_text("HALF_SIZE")
    expect(page.locator("#unresolved")).to_contain_text("Jegantha, the Wellspring")


@pytest.mark.parametrize(("lang", "auto_label"), [("en", "Auto"), ("ja", "自動")])
def test_a_pasted_list_is_read_in_the_format_told_from_its_text(
    page: object, lang: str, auto_label: str
) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(f"/?lang={lang}")
    expect(page.locator("#deck-format option[value=ydk]")).to_be_attached()
    expect(page.locator("#deck-format")).to_have_value("auto")
    expect(page.locator("#deck-format option:checked")).to_contain_text(auto_label)
    page.fill("#deck-text", samples.MTGA)  # an Arena list: no format picked
    page.click("#check")
    expect(page.locator("#draft")).to_contain_text("Lightning Bolt")
    expect(page.locator("#unresolved")).to_contain_text("Jegantha, the Wellspring")


def test_an_uploaded_ydk_is_drafted_and_validated(page: object, tmp_path: Path) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    deck = tmp_path / "kaiba.ydk"
    deck.write_text(samples.YDK, encoding="utf-8", newline="")
    page.goto("/")
    expect(page.locator("#deck-format option[value=ydk]")).to_be_attached()
    page.set_input_files("#deck-file", str(deck))
    expect(page.locator("#deck-format")).to_have_value("ydk")
    page.click("#check")
    expect(page.locator("#verdict")).to_contain_text("ILLEGAL")
    expect(page.locator("#draft")).to_contain_text("Blue-Eyes White Dragon")
    with page.expect_download() as download:
        page.select_option("#export-format", "csv")
        page.click("#download")
    saved = tmp_path / "deck.csv"
    download.value.save_as(saved)
    assert saved.read_text(encoding="utf-8").startswith("section,qty,game,name")


def test_a_legal_twgp_deck_in_japanese(page: object) -> None:
    from playwright.sync_api import Page, expect

    from tests.deckbuilder.sample_cards import full_deck

    assert isinstance(page, Page)
    page.goto("/?lang=ja")
    expect(page.locator("h1")).to_contain_text("TWGPのカードとデッキ")
    page.fill("#deck-text", full_deck())
    page.click("#check")
    expect(page.locator("#verdict")).to_contain_text("適正")


def test_build_for_me_puts_a_legal_deck_in_the_decklist_box(page: object) -> None:
    """The Build for me form: a listed collection, a half deck in a tiny time limit; the deck
    built lands in the decklist box and is checked there: legal."""
    from playwright.sync_api import Page, expect

    from tests.deckbuilder.sample_cards import ROWS

    assert isinstance(page, Page)
    owned = "\n".join(f"1 {game}:{source_id}" for game, source_id, *_, kind in ROWS
                      if kind is not None and source_id != "m10-bolt-ja")  # fmt: skip
    page.goto("/")
    page.click("#build-box summary")
    page.select_option("#build-format", "half")
    page.select_option("#build-source", "owned")
    page.fill("#build-time", "2")
    page.fill("#build-collection", owned)
    expect(page.locator("#deck-text")).to_have_value("")
    page.click("#build")
    built = 60_000  # the solver's time limit, then the check, on a loaded machine
    expect(page.locator("#build-summary")).to_have_class("legal", timeout=built)
    expect(page.locator("#build-cards tbody tr").first).to_be_visible()
    expect(page.locator("#deck-text")).to_have_value(re.compile(r"^format: half$", re.M),
                                                     timeout=built)  # fmt: skip
    expect(page.locator("#deck-format")).to_have_value("twgp")
    expect(page.locator("#verdict")).to_have_class("legal", timeout=built)
    expect(page.locator("#verdict")).to_contain_text(re.compile(r"^LEGAL \(half\)"))
    assert page.locator("#violations li").count() == 0
    decklist = page.locator("#deck-text").input_value()
    assert sum(int(n) for n in re.findall(r"^(\d+) \w+ ", decklist, re.M)) == 23  # 20 + life


def test_search_shows_a_card_with_its_reading(page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto("/")
    page.fill("#q", "lightning bolt")
    page.click("#search-button")
    row = page.locator("tr.card-row").first
    expect(row).to_contain_text("Lightning Bolt")
    row.click()
    expect(page.locator("#card-name")).to_contain_text("Lightning Bolt")
    expect(page.locator("#card-grade")).to_have_text("01")
    expect(page.locator("#card-type")).to_have_text("Charge Effect")


def test_card_text_is_shown_never_run(page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto("/")
    page.fill("#q", "bolt")
    page.click("#search-button")
    hostile = page.locator("tr.card-row", has_text="onerror")
    expect(hostile).to_contain_text(HOSTILE)
    hostile.click()
    expect(page.locator("#card-name")).to_contain_text(HOSTILE)
    assert page.locator("#results img").count() == 0
    assert page.title() != "pwned"


def test_a_private_server_page_sends_the_key_given(browser: object, private_url: str,
                                                    catalog_path: str) -> None:
    from playwright.sync_api import Browser, expect

    from catalog.store.apikeys import create_key
    from catalog.store.db import session_scope

    assert isinstance(browser, Browser)
    engine = open_engine(catalog_path)
    with session_scope(engine) as session:
        key, _ = create_key(session=session, name="browser")
    engine.dispose()
    context = browser.new_context(base_url=private_url)
    page = context.new_page()
    page.goto("/")
    page.fill("#q", "lightning bolt")
    page.click("#search-button")
    expect(page.locator("#search-status")).to_contain_text("API key")
    page.fill("#api-key", key)
    page.click("#use-key")
    expect(page.locator("#deck-format option[value=ydk]")).to_be_attached()
    page.click("#search-button")
    expect(page.locator("tr.card-row").first).to_contain_text("Lightning Bolt")
    context.close()


def test_the_api_docs_render_every_operation(page: object, base_url: str) -> None:
    """/docs (Swagger UI 5, served by twgp) reads the OpenAPI 3.1 document and lists every
    operation of it; no request leaves this server."""
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    schema = httpx.get(f"{base_url}/openapi.json").json()
    operations = sorted(f"{method.upper()} {path}" for path, methods in schema["paths"].items()
                        for method in methods)  # fmt: skip
    elsewhere: list[str] = []
    page.on("request", lambda request: None if request.url.startswith(base_url)
            or request.url.startswith("data:") else elsewhere.append(request.url))  # fmt: skip
    page.goto("/docs")
    blocks = page.locator(".opblock-summary")
    # under each of its tags: GET /v1/collection is listed under catalog and writes
    tagged = sum(len(methods[m].get("tags", [""])) for methods in schema["paths"].values()
                 for m in methods)  # fmt: skip
    expect(blocks).to_have_count(tagged)
    shown = {
        f"{block.locator('.opblock-summary-method').inner_text().strip()} "
        f"{block.locator('.opblock-summary-path').get_attribute('data-path')}"
        for block in blocks.all()
    }
    assert sorted(shown) == operations
    expect(page.locator("body")).not_to_contain_text("Unable to render")
    expect(page.locator(".swagger-ui .auth-wrapper .authorize")).to_be_visible()  # the key
    assert elsewhere == []
