"""Keys that cannot misfire: letters typed right after Esc belong to the search box.

A terminal sends Esc as one byte. When more bytes follow within the escape delay (ESCDELAY,
100 ms by default: a fast typist, an SSH link or a busy machine delivers them together), the
terminal parser cannot tell "Esc, then t" from "Alt+t"; and even when Esc arrives alone, the
letters after it may be handled before Esc has moved the focus to the search box. Either way
those letters would land on the card list, where each one is a deck command.

`KeyGuard.route` decides, for each key on the main screen, whether it goes where Textual would
send it or to the search box: an Alt+letter is Esc followed by that letter; a printable key
within `WINDOW` of an Esc (or of another key so diverted) is typing, not a command."""

from __future__ import annotations

from dataclasses import dataclass

from textual import constants

#: how long after Esc a printable key is taken as typing: the parser's escape delay plus
#: time for the focus to move (no person presses Esc, moves back to the list and presses a
#: command key within half a second)
WINDOW = constants.ESCAPE_DELAY + 0.4
#: the key names the parser gives Esc when it cannot place it (Esc + a long burst)
ESCAPE_KEYS = frozenset({"escape", "circumflex_accent"})


@dataclass(frozen=True)
class Divert:
    """Send `text` (possibly empty) to the search box instead."""

    text: str


class KeyGuard:
    def __init__(self, window: float = WINDOW) -> None:
        self.window = window
        self._escape_at: float | None = None

    def route(self, key: str, character: str | None, at: float, *, typing: bool) -> Divert | None:
        """None: let the key go its usual way; a Divert: type it into the search box.
        `at` is when the key arrived (the event's time); `typing` is True while a text box
        has the focus (keys there are text already)."""
        if key == "escape" or (key in ESCAPE_KEYS and not typing):
            self._escape_at = at
            return None if key == "escape" else Divert("")  # "^": an Esc the parser gave up on
        alt_letter = _alt_character(key, character)
        if alt_letter is not None:
            self._escape_at = at
            return None if typing else Divert(alt_letter)
        printable = character is not None and len(character) == 1 and character.isprintable()
        if printable and not typing and self._follows_escape(at):
            self._escape_at = at  # the rest of the burst follows it
            return Divert(character or "")
        return None

    def _follows_escape(self, at: float) -> bool:
        return self._escape_at is not None and 0 <= at - self._escape_at <= self.window


def _alt_character(key: str, character: str | None) -> str | None:
    """The character of an Alt+key that stands for Esc then a printable key, else None."""
    if not key.startswith("alt+"):
        return None
    rest = key.removeprefix("alt+")
    if character and len(character) == 1 and character.isprintable():
        return character
    if rest.startswith("shift+") and len(rest) == len("shift+") + 1:
        return rest[-1].upper()
    return rest if len(rest) == 1 else None
