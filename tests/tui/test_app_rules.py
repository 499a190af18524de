"""TWGP explained in the app (issue 13 item 4): the rules pages shipped in the package (every
installed game's grade rule, the seven types, the twelve effects, every problem code, in
English and Japanese), the Rules screen from F5 and from the palette, opened at the section of
the problem at hand."""

from __future__ import annotations

import re

import pytest
from textual.widgets import MarkdownViewer

from converters.base import CardType
from converters.effects import EFFECT_NAMES, EFFECT_NAMES_JA
from converters.registry import converter_ids, load_converter
from deckbuilder.codes import Code
from tests.tui.conftest import SIZE, search, settle
from tui.app import TwgpApp
from tui.rules_sections import PROBLEM_SECTIONS, SECTIONS
from tui.screens.rules import RulesScreen, rules_text, section_heading
from tui.widgets.problems import ProblemsPanel


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_names_every_game_type_effect_and_problem(lang: str) -> None:
    text = rules_text(lang)
    for game in converter_ids():
        converter = load_converter(game)
        name = converter.display_name_ja if lang == "ja" else converter.display_name
        assert f"| {name} |" in text, name
    for card_type in CardType:
        assert (card_type.label_ja if lang == "ja" else card_type.label) in text
    for effect in EFFECT_NAMES:
        assert (EFFECT_NAMES_JA[effect] if lang == "ja" else effect.capitalize()) in text
    for code in Code:
        assert f"`{code.value}`" in text
    headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    for section in SECTIONS:
        assert section_heading(headings, section) is not None, section
    assert "../" not in text  # nothing outside the repository
    assert "http" not in text


def test_every_problem_code_has_its_section() -> None:
    assert set(PROBLEM_SECTIONS) == {code.value for code in Code}
    assert set(PROBLEM_SECTIONS.values()) <= set(SECTIONS)


def test_japanese_paragraphs_are_not_broken_inside_sentences() -> None:
    """A line break inside a Japanese paragraph becomes a space when rendered."""
    previous = ""
    for line in rules_text("ja").splitlines():
        continued = line and previous and not line.startswith(("#", "|", "* ", "- "))
        assert not (continued and not previous.startswith(("#", "|"))), line
        previous = line


def page(app: TwgpApp) -> str:
    screen = app.screen
    assert isinstance(screen, RulesScreen)
    return screen.query_one(MarkdownViewer).document.source


@pytest.mark.parametrize("query", ["rules", "ルール", "help", "grade"])
async def test_the_palette_finds_the_rules(app: TwgpApp, query: str) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*query)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "## 1. Grade" in page(app)


async def test_f5_opens_the_rules_and_f3_switches_their_language(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")  # the app in Japanese: the rules too
        await pilot.press("f5")
        await settle(pilot)
        assert "## 2. カードの種類" in page(app)
        await pilot.press("f3")
        await settle(pilot)
        assert "## 2. Card types" in page(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.main


async def test_f5_on_a_problem_opens_the_section_that_explains_it(app: TwgpApp) -> None:
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Grizzly Bears"')
        await pilot.press("l")  # a unit in the life set: LIFE_CARD_TYPE
        await settle(pilot)
        panel = app.screen.query_one(ProblemsPanel)
        panel.focus()
        await pilot.pause()
        panel.highlighted = next(
            i for i, p in enumerate(panel.problems) if p.code is Code.LIFE_CARD_TYPE
        )
        await pilot.press("f5")
        await settle(pilot)
        viewer = app.screen.query_one(MarkdownViewer)
        contents = viewer.document.table_of_contents
        target = next(block for _, title, block in contents if title.startswith("2. "))
        heading = viewer.document.query_one(f"#{target}")
        assert viewer.scroll_y > 0
        assert viewer.region.y <= heading.region.y <= viewer.region.y + 3  # its top margin


@pytest.mark.parametrize(
    ("lang", "life_card", "sizes"),
    [
        ("en", "F5 → 2. Card types", "F5 → 3. Decks and life sets"),
        ("ja", "F5 → 2. カードの種類", "F5 → 3. デッキとライフ"),
    ],
)
async def test_the_focused_problem_names_the_rules_section_f5_opens(
    app: TwgpApp, lang: str, life_card: str, sizes: str
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if lang == "ja":
            await pilot.press("f3")
        await search(pilot, 'name="Grizzly Bears"')
        await pilot.press("l")  # a unit in the life set: LIFE_CARD_TYPE; the sizes are short
        await settle(pilot)
        panel = app.screen.query_one(ProblemsPanel)
        assert panel.border_subtitle == ""  # not while another pane has the focus
        panel.focus()
        await pilot.pause()
        codes = [p.code for p in panel.problems]
        panel.highlighted = codes.index(Code.LIFE_CARD_TYPE)
        await pilot.pause()
        assert panel.border_subtitle == life_card
        panel.highlighted = codes.index(
            Code.HALF_SIZE if Code.HALF_SIZE in codes else Code.FINAL_COUNT
        )
        await pilot.pause()
        assert panel.border_subtitle == sizes
        app.screen.query_one("#search").focus()
        await pilot.pause()
        assert panel.border_subtitle == ""
