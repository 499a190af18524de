"""MkDocs hook: expand the include and table markers of a page exactly as `twgp docs` does
(tui/docs_pages.py), so the site and the terminal show one text."""

from __future__ import annotations

from typing import Any

from tui.docs_pages import expand


def on_page_markdown(markdown: str, **_: Any) -> str:
    return expand(markdown)
