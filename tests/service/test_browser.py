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
from typing import TYPE_CHECKING

import httpx
import pytest
import uvicorn

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine
from converters.mtg import MtgConverter
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
#: a card as Scryfall gives it, converted by the MTG converter: its reasons and reading are the
#: converter's own phrases, which the API renders in Japanese
SPARK = {"object": "card", "id": "spark-elemental-en", "oracle_id": "oracle-spark-elemental",
         "name": "Spark Elemental", "lang": "en", "layout": "normal", "mana_cost": "{R}",
         "cmc": 1.0, "type_line": "Creature — Elemental", "power": "3", "toughness": "1",
         "oracle_text": "Trample, haste\nAt the beginning of the end step, sacrifice Spark "
                        "Elemental.", "set": "tst", "collector_number": "1",
         "set_type": "expansion"}  # fmt: skip


@pytest.fixture(scope="module")
def catalog_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A catalog of the sample cards plus a card whose name is markup."""
    path = tmp_path_factory.mktemp("browser") / "catalog.sqlite3"
    build_sample_catalog(path)
    engine = open_engine(str(path))
    hostile = converted("mtg", "hostile-1", HOSTILE, None, "hostile", 1, None)
    import_cards(engine, [hostile, MtgConverter().convert(SPARK)], source="tests")
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


# -- for players: a phone's width, the keyboard, the other language, axe-core -------------

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _search(page: object, query: str) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.fill("#q", query)
    page.click("#search-button")
    expect(page.locator("tr.card-row").first).to_be_visible()


def _inside_viewport(page: object, selector: str) -> list[str]:
    """What of `selector` sticks out of the viewport, sideways: one line for each."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    width = page.evaluate("window.innerWidth")
    out = []
    for index, found in enumerate(page.locator(selector).all()):
        box = found.bounding_box()
        assert box is not None, f"{selector} #{index} is not shown"
        if box["x"] < 0 or box["x"] + box["width"] > width + 0.5:
            out.append(f"{selector} #{index}: {box}")
    return out


def test_keyboard_only_skip_link_search_and_the_card_dialog(page: object) -> None:
    """Tab reaches the skip link first; from there the search box; Enter on a row's button
    opens the card's detail as a modal dialog with focus inside it; Escape closes it and puts
    focus back on that row's button."""
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto("/")
    page.keyboard.press("Tab")
    expect(page.locator("a.skip")).to_be_focused()
    expect(page.locator("a.skip")).to_be_in_viewport()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#q")).to_be_focused()
    page.keyboard.type("lightning bolt")
    page.keyboard.press("Enter")
    button = page.locator("tr.card-row button.card-open").first
    expect(button).to_contain_text("Lightning Bolt")
    page.keyboard.press("Tab")  # the search button
    page.keyboard.press("Tab")  # the first row's button
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog#card")
    expect(dialog).to_be_visible()
    expect(page.locator("#card-name")).to_contain_text("Lightning Bolt")
    assert page.evaluate("document.getElementById('card').matches(':modal')")
    assert page.evaluate("document.getElementById('card').contains(document.activeElement)")
    expect(dialog).to_be_in_viewport()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    # the Close button does the same
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.locator("#card-close").focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nothing_is_off_screen_on_a_phone(browser: object, base_url: str, lang: str) -> None:
    """At 390 px: no sideways scrolling, every row's grade and type on screen, the card's
    detail opened where the player is looking, within the screen too."""
    from playwright.sync_api import Browser, expect

    from tests.deckbuilder.sample_cards import full_deck

    assert isinstance(browser, Browser)
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    page.goto(f"/?lang={lang}")
    _search(page, "bolt")  # the markup-named card's long name among them
    assert page.locator("tr.card-row").count() >= 2
    page.fill("#deck-text", full_deck())
    page.click("#check")
    expect(page.locator("#verdict")).to_have_class("legal")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
        page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]"))
    assert _inside_viewport(page, "tr.card-row td.grade") == []
    assert _inside_viewport(page, "tr.card-row td.type") == []
    page.locator("tr.card-row", has_text="onerror").locator("button").click()
    dialog = page.locator("dialog#card")
    expect(dialog).to_be_visible()
    expect(dialog).to_be_in_viewport()
    expect(page.locator("#card-source")).to_contain_text("hostile-1")  # the id, in the detail
    assert _inside_viewport(page, "dialog#card") == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


def test_the_other_language_keeps_the_query_and_the_deck(page: object) -> None:
    """Switching to Japanese keeps the search (its results shown again) and the decklist;
    the card's reasons and reading come in Japanese."""
    from playwright.sync_api import Page, expect

    from tests.deckbuilder.sample_cards import full_deck

    assert isinstance(page, Page)
    page.goto("/")
    _search(page, "spark elemental")
    deck = full_deck()
    page.fill("#deck-text", deck)
    page.click("#other-lang")
    page.wait_for_url(re.compile(r"lang=ja"))
    expect(page.locator("h1")).to_contain_text("TWGPのカードとデッキ")
    expect(page.locator("#q")).to_have_value("spark elemental")
    expect(page.locator("#deck-text")).to_have_value(deck)
    row = page.locator("tr.card-row").first
    expect(row).to_contain_text("Spark Elemental")
    expect(row.locator("td.type")).to_have_text("ユニット")
    row.locator("button").click()
    expect(page.locator("#card-type")).to_have_text(JAPANESE)
    expect(page.locator("#card-grade-reason")).to_have_text(JAPANESE)
    expect(page.locator("#card-type-reason")).to_have_text(JAPANESE)
    expect(page.locator("#card-reading")).to_have_text(JAPANESE)
    page.keyboard.press("Escape")
    page.click("#check")
    expect(page.locator("#verdict")).to_contain_text("適正")
    page.click("#other-lang")  # and back, the same way
    page.wait_for_url(re.compile(r"lang=en"))
    expect(page.locator("#q")).to_have_value("spark elemental")
    expect(page.locator("#deck-text")).to_have_value(deck)


def _serious(page: object) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page).response
    assert results["testEngine"]["name"] == "axe-core"
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} — "
        + "; ".join(str(node["target"]) for node in violation["nodes"])
        for violation in results["violations"]
        if violation["impact"] in {"serious", "critical"}
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_axe_finds_no_serious_violation(browser: object, base_url: str, lang: str,
                                        viewport: dict[str, int]) -> None:  # fmt: skip
    """axe-core (as packaged by axe-playwright-python) over the page with results and a
    checked deck, then with a card's detail open (the page behind a modal dialog is inert,
    so axe checks the dialog alone): no serious or critical violation either time."""
    from playwright.sync_api import Browser, expect

    from tests.deckbuilder.sample_cards import full_deck

    assert isinstance(browser, Browser)
    context = browser.new_context(base_url=base_url, viewport=viewport)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"/?lang={lang}")
    _search(page, "bolt")
    page.fill("#deck-text", full_deck())
    page.click("#check")
    expect(page.locator("#verdict")).to_have_class("legal")
    page.click("#build-box summary")  # the Build for me form open too
    on_the_page = _serious(page)
    page.locator("tr.card-row button").first.click()
    expect(page.locator("dialog#card")).to_be_visible()
    in_the_dialog = _serious(page)
    context.close()
    assert on_the_page == [], "\n".join(on_the_page)
    assert in_the_dialog == [], "\n".join(in_the_dialog)
