"""The web page's shell: its decklist format choice starts at `auto` (the default of
`POST /v1/decks/import`), labelled in the page's language, with `.twgp` beside it."""

from __future__ import annotations

from html.parser import HTMLParser

import httpx
import pytest

from service.page_text import TEXTS


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
