"""`twgp docs [PAGE]`: the documentation in the terminal, offline, from the pages installed with
this twgp (tui/docs_pages.py) — the same text as the site."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from tui.docs_pages import PAGES, DocsError, docs_dir, find_page, page_path, page_text


def register(app: typer.Typer) -> None:
    app.command("docs")(docs)


def docs(
    page: Annotated[
        str | None,
        typer.Argument(help="A page: getting-started, rules, decks… (a unique prefix will do)."),
    ] = None,
    lang: Annotated[
        str, typer.Option("--lang", help="en or ja (pages without a Japanese version: en).")
    ] = "en",
    path: Annotated[
        bool, typer.Option("--path", help="Print only the page's file (to open it elsewhere).")
    ] = False,
) -> None:
    """The documentation: with no PAGE, the list of pages; with one, the page itself (the
    text of the documentation site, read from the files installed with this twgp)."""
    if lang not in ("en", "ja"):
        raise DocsError(f"--lang {lang!r}: use en or ja")
    out = Console(highlight=False, emoji=False)
    if page is None:
        out.print(pages_table(lang))
        folder = docs_dir()
        if folder is not None:
            out.print(f"The pages are in {folder}.", soft_wrap=True)
        return
    found = find_page(page)
    if path:
        out.print(str(page_path(found, lang)), soft_wrap=True)
        return
    text = page_text(found, lang)
    markdown = Markdown(text, hyperlinks=False)
    if out.is_terminal:
        with out.pager(styles=True):
            out.print(markdown)
    else:
        out.print(markdown)


def pages_table(lang: str) -> Table:
    table = Table("page", "title", "日本語", title="twgp docs PAGE")
    for page in PAGES:
        title = page.title_ja if lang == "ja" and page.title_ja else page.title
        table.add_row(page.id, title, "✓" if page.title_ja else "")
    return table
