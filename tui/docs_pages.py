"""The documentation pages (docs/*.md), one place for what they are and where they live, used
by `twgp docs`, the "Docs: twgp docs PAGE" line ending each command's help, and the site's
build hook (docs/hooks.py).

Pages are read from the repository's docs/ folder (a clone, an editable install) or from the
copy a wheel carries inside the package (tui/docs, pyproject's force-include), so a page always
matches the installed twgp and works offline. A page may hold two kinds of marker, expanded
the same way for the site and for the terminal:

* `<!-- include: tui/rules/en.md -->` — another file of the repository, whole (the rules text
  the app shows is the rules page of the site: one text, two places it is read);
* `<!-- table: keys -->` — a table built from the code (tui/keys.py, deckbuilder/codes.py), so
  the docs cannot drift from it;
* `{{HALF}}` — a rule fact (deck sizes, life sizes, limits: deckbuilder/rule_facts.py) in the
  page's language, so no page states a number the checks do not use.

Kept light: `twgp --help` imports this module, so it needs nothing beyond the standard
library and twgp's error class; the code that builds tables is imported only when a table is
asked for."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from converters.errors import TwgpError
from converters.exit_codes import ExitCode

#: the folder holding the packages (the repository in a clone, site-packages in a wheel)
ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Page:
    id: str  # the file's stem: docs/<id>.md (and docs/<id>.ja.md when translated)
    title: str
    title_ja: str | None = None  # set when the page has a Japanese version

    @property
    def file(self) -> str:
        return f"{self.id}.md"

    def file_for(self, lang: str) -> str:
        return f"{self.id}.ja.md" if lang == "ja" and self.title_ja else self.file


# fmt: off
PAGES: tuple[Page, ...] = (
    Page("index", "Overview", "概要"),
    Page("getting-started", "Getting started", "はじめに"),
    Page("rules", "The rules", "ルール"),
    Page("conversion", "Converting cards"),
    Page("catalog", "The catalog"),
    Page("search", "Search: the query language"),
    Page("collections", "Collections"),
    Page("decks", "Decks: the .twgp format, validation codes, import and export"),
    Page("deck-assistant", "The deck assistant: build, complete, missing copies"),
    Page("deck-formats", "Deck formats of other games"),
    Page("app", "The app: screens and keys"),
    Page("online", "Online sources"),
    Page("service", "The HTTP service"),
    Page("policies", "Conversion policies"),
    Page("effects", "Effects and the TWGP reading"),
    Page("identity", "Card identity"),
    Page("input", "Input files, limits and errors"),
    Page("plugins", "Plugins"),
    Page("speed", "Speed and scale"),
    Page("architecture", "Architecture"),
    Page("testing", "Testing"),
    Page("changelog", "Changelog"),
)
#: each command (and command group) of the CLI → the page that documents it
COMMAND_PAGES: dict[str, str] = {
    "games": "conversion", "convert": "conversion", "import": "catalog",
    "override": "catalog", "doctor": "catalog", "backup": "catalog", "restore": "catalog",
    "search": "search", "show": "search", "tui": "app", "fetch": "online",
    "serve": "service", "apikey": "service", "collection": "collections", "deck": "decks",
    "docs": "index", "bulk": "service",
}
# fmt: on

_INCLUDE = re.compile(r"^<!-- include: (?P<path>[\w./-]+) -->$", re.MULTILINE)
_TABLE = re.compile(r"^<!-- table: (?P<name>[\w-]+) -->$", re.MULTILINE)
_NUMBERED = re.compile(r"^## (?P<number>\d+)\. .*$", re.MULTILINE)


class DocsError(TwgpError):
    """A page that does not exist, or pages that cannot be found (a usage error)."""

    exit_code = ExitCode.USAGE


def docs_dir() -> Path | None:
    """Where the pages are: the repository's docs/, else the wheel's copy; None if neither."""
    for folder in (ROOT / "docs", ROOT / "tui" / "docs"):
        if (folder / "index.md").is_file():
            return folder
    return None


def find_page(name: str) -> Page:
    """A page by id, title word or unique prefix: "decks", "getting", "rules"."""
    wanted = name.strip().lower().removesuffix(".md")
    exact = [page for page in PAGES if page.id == wanted]
    if exact:
        return exact[0]
    found = [page for page in PAGES if page.id.startswith(wanted)] if wanted else []
    if len(found) == 1:
        return found[0]
    known = ", ".join(page.id for page in PAGES)
    what = "names several pages" if found else "is not a page"
    raise DocsError(f"{name!r} {what}; the pages are: {known}", hint="twgp docs lists them")


def page_path(page: Page, lang: str = "en") -> Path:
    folder = docs_dir()
    if folder is None:
        raise DocsError("the documentation pages are not installed with this twgp")
    return folder / page.file_for(lang)


def page_text(page: Page, lang: str = "en") -> str:
    """The page as the site shows it: includes, tables and rule facts expanded."""
    shown = lang if page.file_for(lang) != page.file else "en"  # an English page stays English
    return expand(page_path(page, lang).read_text(encoding="utf-8"), shown)


def expand(markdown: str, lang: str = "en") -> str:
    """Replace the include, table and rule-fact markers (see the module docstring); `lang`
    ("en" or "ja") is the page's language, for the tables and facts that have words."""

    def include(match: re.Match[str]) -> str:
        path = ROOT / match["path"]
        if not path.is_file():
            raise DocsError(f"a page includes {match['path']}, which does not exist")
        return path.read_text(encoding="utf-8").rstrip("\n")

    def table(match: re.Match[str]) -> str:
        builder = _tables().get(match["name"])
        if builder is None:
            raise DocsError(f"a page asks for the table {match['name']!r}, which twgp lacks")
        return builder(lang)

    from deckbuilder.rule_facts import fill  # standard library and the card types only

    try:
        return fill(_TABLE.sub(table, _INCLUDE.sub(include, markdown)), lang)
    except ValueError as error:
        raise DocsError(str(error)) from error


def section_anchors(markdown: str, sections: dict[str, int]) -> str:
    """Give each numbered section heading (`## 6. The twelve effects`, `## 6. 十二の効果`) the
    anchor named in `sections` (`#effects`), so one link finds the section in every language.
    For the site only: a terminal would show the `{#…}`."""
    names = {number: name for name, number in sections.items()}

    def anchor(match: re.Match[str]) -> str:
        name = names.get(int(match["number"]))
        return f"{match[0]} {{#{name}}}" if name else match[0]

    return _NUMBERED.sub(anchor, markdown)


#: the line that ends `twgp --help`
ROOT_EPILOG = "Docs: twgp docs (the list of pages), twgp docs getting-started"


def help_epilog(command: str) -> str:
    """The line that ends a command's help: where its documentation is."""
    page = COMMAND_PAGES.get(command)
    return f"Docs: twgp docs {page}" if page else "Docs: twgp docs"


def _tables() -> dict[str, Callable[[str], str]]:
    from tui import docs_tables  # imports the app's key table and the deck codes

    return docs_tables.TABLES
