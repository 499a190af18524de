"""Card-derived text made safe for a terminal: shown as the characters it holds, never run.

Two dangers: Rich reads `[...]` in a string as markup (`[/]` in a card name crashed `twgp
convert` and `twgp show` with MarkupError; `[link=…]` would have rendered a link) and `:name:`
as an emoji code; and the terminal runs control characters (ANSI/OSC escape sequences can
recolour, retitle, hide text or write hyperlinks). So every string that comes from a card, a
file or a user goes through here before it is printed — the CLI's tables and messages and the
app's widgets alike:

* `plain(text)`: control characters (C0 but tab and newline, DEL, C1) shown as visible symbols
  (ESC as ␛), and bidirectional overrides dropped;
* `markup(text)`: `plain` text escaped for Rich markup, to put inside a markup string;
* `text(value, style)`: a Rich `Text` (never parsed as markup or emoji) of `plain` text.
"""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from catalog.base.safe_output import inert, inert_document


def plain(value: object) -> str:
    """`value` as text with every control character made visible (tab and newline kept):
    `inert` of catalog/base/safe_output.py, the one place for this."""
    return inert(value)


def markup(value: object) -> str:
    """`plain(value)` escaped for a Rich markup string (`[` as `\\[`)."""
    return escape(plain(value))


def text(value: object, style: str = "") -> Text:
    """A Rich Text of `plain(value)`: printed as it is, whatever brackets or colons it holds."""
    return Text(plain(value), style=style)


class SafeLines:
    """A console for lines of plain text: `print` shows each string as `plain` text, never
    markup (for messages that quote card names, file lines and other input)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def print(self, line: object = "", **kwargs: Any) -> None:
        kwargs["markup"] = False
        self.console.print(plain(line), **kwargs)


def echo_document(document: str) -> None:
    """Write a document (a decklist, a CSV or Markdown export) to stdout with its control
    characters made visible and bidirectional overrides dropped (`inert_document`): to a
    terminal, a file or a pipe alike (a pipe may end in a terminal: `| less -R`, `| cat`)."""
    sys.stdout.write(inert_document(document))
    sys.stdout.flush()
