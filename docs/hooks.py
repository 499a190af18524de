"""MkDocs hook: expand the include and table markers of a page exactly as `twgp docs` does
(tui/docs_pages.py), so the site and the terminal show one text. The rules pages also get
anchors named as the app names their sections (`rules.md#effects`), the same in English and
Japanese."""

from __future__ import annotations

from typing import Any

from tui.docs_pages import expand, section_anchors


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    markdown = expand(markdown, "ja" if page.file.src_uri.endswith(".ja.md") else "en")
    if page.file.src_uri in ("rules.md", "rules.ja.md"):
        from tui.screens.rules import SECTIONS

        markdown = section_anchors(markdown, SECTIONS)
    return markdown
