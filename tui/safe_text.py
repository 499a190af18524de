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

import re
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␛ … ␟: the Unicode control pictures
    if code == 0x7F:
        return "\u2421"  # ␡
    if code <= 0x9F:
        return "\ufffd"
    return ""  # a bidirectional override or isolate: it could disguise the text around it


def plain(value: object) -> str:
    """`value` as text with every control character made visible (tab and newline kept)."""
    text = "" if value is None else str(value)
    return _CONTROLS.sub(_visible, text)


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
    """Write a document (a decklist, a CSV or Markdown export) to stdout as it is, for a file
    or a pipe; on a terminal, with its control characters made visible (`plain`)."""
    sys.stdout.write(plain(document) if sys.stdout.isatty() else document)
    sys.stdout.flush()
