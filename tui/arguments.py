"""The command line's words as the user typed them, in any locale.

Where the locale is not UTF-8 (`LC_ALL=C PYTHONUTF8=0`), Python reads the command line's bytes
with `surrogateescape`: `twgp search 稲妻` arrives as six stand-in characters (U+DCE7 …), which
a query refuses and a name would keep. `decode_text_arguments` makes every text value a
command receives the UTF-8 text its bytes are (U+FFFD for bytes that are not UTF-8), once,
before any command runs (tui/cli.py `main`).

Paths keep the bytes the system gave: a `Path` value is never touched, nor is a text value
that names a file or a catalog (`PATH_TEXT`), so a file whose name is not UTF-8 still opens,
and so does one whose name is (the file system is asked for the bytes typed). In a UTF-8
locale nothing changes but undecodable bytes in a text value."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from catalog.base.safe_output import utf8

#: the parameters typed `str` whose value is a path (or a URL naming one), kept as given
PATH_TEXT = frozenset({"db", "read_db", "file"})
#: the characters `surrogateescape` puts for the bytes 0x80–0xFF it could not decode
_ESCAPED = range(0xDC80, 0xDD00)


def escaped(text: str) -> bool:
    """Whether `text` holds bytes the locale could not decode."""
    return not text.isascii() and any(ord(char) in _ESCAPED for char in text)


def as_typed(value: Any) -> Any:
    """A text value (or a list of them) as the UTF-8 text its bytes are; anything else, and
    text holding no undecodable bytes, as it is."""
    if isinstance(value, str):
        return utf8(value).decode("utf-8") if escaped(value) else value
    if isinstance(value, (list, tuple)):
        return type(value)(as_typed(item) for item in value)
    return value


def decode_text_arguments(command: object) -> None:
    """Make the callback of `command` (a Click command of the built app) and of every command
    under it receive its text values `as_typed`, its paths as given."""
    callback = getattr(command, "callback", None)
    if callback is not None:
        command.callback = _as_typed(callback)  # type: ignore[attr-defined]
    for each in getattr(command, "commands", {}).values():
        decode_text_arguments(each)


def _as_typed(callback: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(callback)
    def decoded(*args: Any, **params: Any) -> Any:
        texts = {name: value if name in PATH_TEXT else as_typed(value)
                 for name, value in params.items()}  # fmt: skip
        return callback(*args, **texts)

    return decoded
