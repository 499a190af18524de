"""The web page's shell: its decklist format choice starts at `auto` (the default of
`POST /v1/decks/import`), labelled in the page's language, with `.twgp` beside it."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlencode

import httpx
import pytest

from service.page_text import TEXTS
from tests.deckbuilder.sample_cards import ROWS


class _Options(HTMLParser):
    """(value, label, selected) of each option of the `#deck-format` select."""

    def __init__(self) -> None:
        super().__init__()
        self.options: list[tuple[str, str, bool]] = []
        self._in_select = self._in_option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "select":
            self._in_select = named.get("id") == "deck-format"
        elif tag == "option" and self._in_select:
            self.options.append((named.get("value") or "", "", "selected" in named))
            self._in_option = True

    def handle_endtag(self, tag: str) -> None:
        self._in_option &= tag != "option"
        self._in_select &= tag != "select"

    def handle_data(self, data: str) -> None:
        if self._in_option:
            value, label, selected = self.options[-1]
            self.options[-1] = (value, label + data, selected)


@pytest.mark.parametrize(
    ("lang", "auto_label"),
    [("en", "Auto (told from the text)"), ("ja", "自動（テキストから判別）")],
)
async def test_the_deck_format_choice_starts_at_auto(
    client: httpx.AsyncClient, lang: str, auto_label: str
) -> None:
    answer = await client.get("/", params={"lang": lang})
    assert answer.status_code == 200
    options = _Options()
    options.feed(answer.text)
    assert options.options == [("auto", auto_label, True),
                               ("twgp", TEXTS[lang]["twgp_format"], False)]  # fmt: skip
    assert TEXTS[lang]["auto_format"] in answer.text  # the script's copy of the label too


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_build_for_me_button_and_what_it_sends(client: httpx.AsyncClient,
                                                         lang: str) -> None:  # fmt: skip
    """The page's Build for me form (service/static/app.js sends its fields as the JSON of
    POST /v1/decks/build: format, goal, time_limit, from, lang and the listed collection)."""
    page = await client.get("/", params={"lang": lang})
    assert page.status_code == 200
    for key in ("build", "build_help", "build_source", "build_owned", "build_catalog"):
        assert TEXTS[lang][key] in page.text
    for element in ('id="build-form"', 'id="build"', 'id="build-collection"',
                    'id="build-format"', 'id="build-goal"', 'id="build-time"',
                    'id="build-result"', 'id="build-cards"'):  # fmt: skip
        assert element in page.text
    script = await client.get("/static/app.js")
    assert '"/v1/decks/build"' in script.text
    sent = {"format": "half", "goal": "strongest", "time_limit": 5, "from": "owned",
            "lang": lang, "collection": [
                {"card": f"{game}:{source_id}", "quantity": 1} for game, source_id, *_, kind
                in ROWS if kind is not None and source_id != "m10-bolt-ja"]}  # fmt: skip
    answer = await client.post("/v1/decks/build", json=sent)
    assert answer.status_code == 200, answer.text
    built = answer.json()
    assert built["built"] is True
    assert {"summary", "problems", "acquire", "cards", "deck"} <= set(built)
    assert all({"section", "card", "why", "acquire"} <= set(row) for row in built["cards"])


class _Controls(HTMLParser):
    """The page's form controls and whether each is labelled (an `aria-label`, or inside a
    `<label>`), its links, its dialog and its live regions."""

    CONTROLS = frozenset({"input", "select", "textarea"})

    def __init__(self) -> None:
        super().__init__()
        self.controls: dict[str, bool] = {}
        self.links: dict[str, dict[str, str | None]] = {}
        self.dialogs: dict[str, dict[str, str | None]] = {}
        self.live: set[str] = set()
        self.values: dict[str, str | None] = {}
        self._labels = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        ident = named.get("id") or ""
        if tag == "label":
            self._labels += 1
        elif tag in self.CONTROLS:
            self.controls[ident] = self._labels > 0 or bool(named.get("aria-label"))
            self.values[ident] = named.get("value")
        elif tag == "a":
            self.links[ident or named.get("class") or ""] = named
        elif tag == "dialog":
            self.dialogs[ident] = named
        if named.get("role") in {"status", "alert"} or named.get("aria-live"):
            self.live.add(ident)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self._labels -= 1


def _controls(html: str) -> _Controls:
    parsed = _Controls()
    parsed.feed(html)
    return parsed


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_control_is_labelled_and_the_page_has_a_skip_link(
    client: httpx.AsyncClient, lang: str
) -> None:
    answer = await client.get("/", params={"lang": lang})
    page = _controls(answer.text)
    assert {"q", "deck-text", "deck-file", "deck-format", "export-format",
            "build-collection"} <= set(page.controls)  # fmt: skip
    assert [ident for ident, labelled in page.controls.items() if not labelled] == []
    skip = page.links["skip"]
    assert skip["href"] == "#main"
    assert 'id="main"' in answer.text
    assert answer.text.index('class="skip"') < answer.text.index("<header>")  # first to Tab to
    assert TEXTS[lang]["skip"] in answer.text
    assert page.dialogs["card"]["aria-labelledby"] == "card-name"
    assert {"verdict", "search-status", "deck-error"} <= page.live


@pytest.mark.parametrize(("lang", "other"), [("en", "ja"), ("ja", "en")])
async def test_the_other_language_keeps_the_query(client: httpx.AsyncClient, lang: str,
                                                  other: str) -> None:  # fmt: skip
    """`?q=` fills the search box (the script then runs it) and the link to the other
    language carries it, escaped."""
    query = 'bolt "<b>" & grade>=1'
    answer = await client.get("/", params={"lang": lang, "q": query})
    assert answer.status_code == 200
    page = _controls(answer.text)
    assert page.values["q"] == query
    assert page.links["other-lang"]["href"] == f"/?{urlencode({'lang': other, 'q': query})}"
    assert "<b>" not in answer.text
    plain = _controls((await client.get("/", params={"lang": lang})).text)
    assert plain.links["other-lang"]["href"] == f"/?lang={other}"
    assert plain.values["q"] == ""
    too_long = await client.get("/", params={"q": "x" * 1001})
    assert too_long.status_code == 422
