"""F5: the TWGP rules in the project's own words (tui/rules/en.md and ja.md, the same pages the
documentation site shows), opened at the section the problem or card at hand is about."""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import MarkdownViewer

from tui.docs_pages import expand
from tui.rules_sections import SECTIONS
from tui.terms import term

#: the table of contents shows from this screen width on
TOC_WIDTH = 110


def rules_text(lang: str) -> str:
    """The rules page in `lang` ("en" or "ja"), as shipped with the package, its tables and rule
    facts filled as the site's are (tui/docs_pages.expand)."""
    name = "ja.md" if lang == "ja" else "en.md"
    raw = files("tui").joinpath("rules").joinpath(name).read_text(encoding="utf-8")
    return expand(raw, "ja" if lang == "ja" else "en")


@cache
def section_title(section: str, lang: str) -> str:
    """The heading of `section` on the rules page in `lang` ("3. Decks and life sets")."""
    prefix = f"{SECTIONS[section]}. "
    headings = re.findall(r"^## (.+)$", rules_text(lang), flags=re.MULTILINE)
    return next((h for h in headings if h.startswith(prefix)), prefix.strip())


def section_heading(headings: list[str], section: str) -> int | None:
    """The index of the heading of `section` among a page's headings ("2. Card types")."""
    number = SECTIONS.get(section)
    prefix = f"{number}. "
    return next((i for i, h in enumerate(headings) if h.startswith(prefix)), None)


class RulesScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f5", "close", "Close", show=False),
        Binding("f3", "toggle_lang", "日本語 / English", show=False),
        Binding("f7", "toggle_contents", "Contents", show=False),
    ]

    def __init__(self, lang: str = "en", section: str | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.section = section

    def compose(self) -> ComposeResult:
        with Vertical(id="rules", classes="dialog wide") as box:
            box.border_title = term("rules_title", self.lang)
            box.border_subtitle = term("rules_keys", self.lang)
            yield MarkdownViewer(show_table_of_contents=False, open_links=False)

    async def on_mount(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = self.app.size.width >= TOC_WIDTH
        await self.load()

    async def load(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        await viewer.document.update(rules_text(self.lang))
        viewer.document.focus()
        if self.section is not None:
            self.call_after_refresh(self.go_to, self.section)

    def go_to(self, section: str) -> bool:
        """Scroll to the heading of `section`; False when the page has none."""
        document = self.query_one(MarkdownViewer).document
        contents = document.table_of_contents
        found = section_heading([title for _, title, _ in contents], section)
        if found is None:
            return False
        document.query_one(f"#{contents[found][2]}").scroll_visible(top=True, animate=False)
        return True

    async def action_toggle_lang(self) -> None:
        self.lang = "en" if self.lang == "ja" else "ja"
        box = self.query_one("#rules")
        box.border_title = term("rules_title", self.lang)
        box.border_subtitle = term("rules_keys", self.lang)
        await self.load()

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.dismiss(None)
