"""`twgp --help` in a fraction of a second: the root's help built from the one-line summary of
each command below, without importing the command modules (their catalog, HTTP and server
stacks take seconds to load). A test checks that this help is exactly the one the full app
prints: when a command or its first paragraph changes, update its line here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from tui.docs_pages import ROOT_EPILOG

#: (name, first paragraph of its help, whether it is a group), in the order the app lists them
SUMMARIES: tuple[tuple[str, str, bool], ...] = (
    (
        "games",
        "List the installed converters: id, names, grade rule and the formats each reads.",
        False,
    ),
    (
        "convert",
        "Convert source records to TWGP (grade, type, effects, reading) without storing them.",
        False,
    ),
    (
        "import",
        "Convert cards and store them in the catalog (idempotent: a re-import of the same file\n"
        "changes nothing; overrides and collection counts always survive).",
        False,
    ),
    (
        "override",
        "Override a card's grade and/or type (every printing of it). Search, validation and\n"
        "exports use the override; it is shown as such and survives re-imports.",
        False,
    ),
    (
        "search",
        "Search the catalog. QUERY words are joined with spaces (quote the whole query\n"
        "for your shell when it holds > < or quotes).",
        False,
    ),
    (
        "show",
        "Everything about one card: grade and type with their explanations, the override if\n"
        "any, effects, source stats, copies owned, and the rules text beside its TWGP reading.\n"
        "An ambiguous name lists the candidates.",
        False,
    ),
    (
        "tui",
        "Browse the catalog and build TWGP decks in the terminal.",
        False,
    ),
    (
        "fetch",
        "Look cards up online, convert them to TWGP and store them in the catalog.",
        False,
    ),
    (
        "serve",
        "Run the HTTP API (under /v1, OpenAPI at /openapi.json, docs at /docs) and the web page\n"
        "(/) over the catalog. Stop with Ctrl-C or SIGTERM: requests under way are finished.",
        False,
    ),
    (
        "doctor",
        "Check the catalog — SQLite's integrity check, the schema version, tables and indexes,\n"
        "the full-text index, orphan rows — and repair what can be rebuilt without losing\n"
        "anything (an upgrade, indexes, the search index, keys of cards that are gone). Says what\n"
        "it did. Exit 0 when the catalog is (now) sound, 1 when a problem remains.",
        False,
    ),
    (
        "backup",
        "Copy the catalog to a file, safely even while the app or an import is using it\n"
        "(SQLite's backup API: a consistent snapshot, checked before it is given its name).\n"
        "For a PostgreSQL catalog use pg_dump.",
        False,
    ),
    (
        "restore",
        "Replace the catalog with a backup. The backup is checked first; the replacement is\n"
        "one transaction (an interruption leaves the old catalog). Asks before replacing a\n"
        "catalog (on a terminal; elsewhere give --force). For PostgreSQL use pg_restore.",
        False,
    ),
    (
        "docs",
        "The documentation: with no PAGE, the list of pages; with one, the page itself (the\n"
        "text of the documentation site, read from the files installed with this twgp).",
        False,
    ),
    (
        "collection",
        "Your collection: import other apps' CSV, list, export.",
        False,
    ),
    (
        "deck",
        "TWGP decks: validate, analyse, save, import and export.",
        False,
    ),
    (
        "apikey",
        "API keys of `twgp serve` (writes need one).",
        False,
    ),
    (
        "bulk",
        "Bulk files: the whole converted catalog, per game, to download.",
        False,
    ),
)


def _stub() -> None:
    """Never run: only `--help` is asked of this app."""


#: the root's context settings: `-h` is `--help`, for the root and every command under it
HELP_OPTIONS = ("-h", "--help")
HELP_SETTINGS: dict[str, Any] = {"help_option_names": list(HELP_OPTIONS)}


def help_app(root_help: str, group_class: type, root: Callable[..., None]) -> typer.Typer:
    """A root (its options from `root`) with one stub per command, for `twgp --help` alone."""
    built = typer.Typer(
        name="twgp", cls=group_class, help=root_help, epilog=ROOT_EPILOG, add_completion=False,
        context_settings=HELP_SETTINGS,
    )
    built.callback(invoke_without_command=True)(root)
    for name, summary, group in SUMMARIES:
        if group:
            built.add_typer(typer.Typer(help=summary), name=name)
        else:
            built.command(name, help=summary)(_stub)
    return built


#: a paragraph laid out by hand: a list, or lines indented under the first
_LAID_OUT = re.compile(r"\n(?:\s|[-*•] )")


def prose(text: str | None) -> str | None:
    """Help text with each paragraph on one line, for the terminal to wrap at its own width
    (the line breaks of the source would otherwise break sentences in the middle); a
    paragraph laid out by hand (a list, indented lines, Click's `\b`) is kept as written."""
    if not text:
        return text
    paragraphs = text.strip("\n").split("\n\n")
    return "\n\n".join(
        p if p.startswith("\b") or _LAID_OUT.search(p) else " ".join(p.split("\n"))
        for p in paragraphs
    )


def tidy(command: TyperCommand | TyperGroup) -> None:
    """Every help under `command` as prose (`prose`), and no flag showing a value (`<bool>`):
    Typer writes the type of each option, a flag's too, unless it has a metavar."""
    command.help = prose(command.help)
    context = typer.Context(command, help_option_names=list(HELP_OPTIONS))
    help_option = command.get_help_option(context)  # made once (`-h`, `--help`), then kept
    for param in [*command.params, *([help_option] if help_option else [])]:
        if isinstance(param, TyperOption) and param.is_flag:
            param.metavar = ""
        if isinstance(param, TyperOption | TyperArgument):
            param.help = prose(param.help)
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            if isinstance(sub, TyperCommand | TyperGroup):
                tidy(sub)


def asks_root_help(argv: list[str]) -> bool:
    return len(argv) == 1 and argv[0] in HELP_OPTIONS
