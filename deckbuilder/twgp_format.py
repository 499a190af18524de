"""The `.twgp` decklist: `parse(text) -> Deck` and `dump(deck) -> str`.

```
# comments start with #
name: Mixed Beatdown
format: full                  # half | full | trial
[life]
1 yugioh Skill Drain
[entry.library]
1 pokemon Pikachu [base1-58]  # optional [SOURCE_ID] picks the exact printing
```

A `#` at the start of a line or after whitespace starts a comment. Parse errors name the line
and what was expected. `parse(dump(deck)) == deck` for every deck."""

from __future__ import annotations

import re

from deckbuilder.deck import GAME_RE, MAX_QTY, Deck, DeckFormat, Entry, section_key, section_order
from deckbuilder.errors import DecklistFormatError

_CARD = re.compile(r"([0-9]+)[xX]?\s+(\S+)\s+(.+)\Z")
_FIELD = re.compile(r"([A-Za-z][A-Za-z_-]*)\s*:(.*)\Z")
_FIELDS = ("name", "format")
SECTIONS_HELP = (
    "[life], [entry.library], [entry.archive], [final.1]…[final.3], [half.2], [half.3]… or [pool]"
)
CARD_HELP = "a card line `QTY GAME NAME [SOURCE_ID]`"


def strip_comment(line: str) -> str:
    """The line without its comment (a `#` at the start or after whitespace)."""
    for i, ch in enumerate(line):
        if ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def parse(text: str, *, source: str = "") -> Deck:
    """Read a `.twgp` decklist. Raises DecklistFormatError naming the line and what was
    expected; `source` (a file name) prefixes the message."""
    reader = _Reader(source)
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        reader.read(number, strip_comment(raw).strip())
    return reader.deck()


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.fields: dict[str, tuple[str, int]] = {}
        self.sections: dict[str, list[Entry]] = {}
        self.section_lines: dict[str, int] = {}
        self.current: str | None = None

    def fail(self, line: int, message: str) -> DecklistFormatError:
        return DecklistFormatError(message, line=line, source=self.source)

    def read(self, number: int, line: str) -> None:
        if not line:
            return
        if line.startswith("[") and line.endswith("]"):
            self.header(number, line[1:-1])
        elif line[0].isascii() and line[0].isdigit():
            self.card(number, line)
        elif (found := _FIELD.match(line)) is not None:
            self.field(number, found.group(1).casefold(), found.group(2).strip())
        else:
            raise self.fail(
                number, f"expected {CARD_HELP}, a section header such as [entry.library], "
                f"`name:` or `format:`; got {line[:40]!r}"
            )

    def header(self, number: int, text: str) -> None:
        key = section_key(text)
        if key is None:
            raise self.fail(number, f"unknown section [{text[:30]}]; expected {SECTIONS_HELP}")
        if key in self.sections:
            first = self.section_lines[key]
            raise self.fail(number, f"section [{key}] appears twice (first on line {first})")
        self.sections[key] = []
        self.section_lines[key] = number
        self.current = key

    def field(self, number: int, key: str, value: str) -> None:
        if key not in _FIELDS:
            raise self.fail(number, f"unknown field `{key}:`; expected `name:` or `format:`")
        if key in self.fields:
            raise self.fail(number, f"`{key}:` appears twice (first on line {self.fields[key][1]})")
        if key == "format" and value.casefold() not in set(DeckFormat):
            raise self.fail(number, f"unknown format {value!r}; expected half, full or trial")
        self.fields[key] = (value, number)

    def card(self, number: int, line: str) -> None:
        found = _CARD.match(line)
        if found is None:
            raise self.fail(number, f"expected {CARD_HELP}; got {line[:40]!r}")
        if self.current is None:
            raise self.fail(
                number, f"a card line before any section; expected a header such as {SECTIONS_HELP}"
            )
        qty, game, rest = int(found.group(1)), found.group(2).lower(), found.group(3).strip()
        if not 1 <= qty <= MAX_QTY:
            raise self.fail(number, f"expected a quantity from 1 to {MAX_QTY}; got {qty}")
        if not GAME_RE.match(game):
            raise self.fail(number, f"expected a game id such as mtg or yugioh; got {game!r}")
        name, source_id = self.split_source_id(number, rest)
        try:
            entry = Entry(qty, game, name, source_id, line=number)
        except ValueError as exc:
            raise self.fail(number, str(exc)) from exc
        self.sections[self.current].append(entry)

    def split_source_id(self, number: int, rest: str) -> tuple[str, str | None]:
        if not rest.endswith("]") or "[" not in rest:
            return rest, None
        start = rest.rfind("[")
        inner, name = rest[start + 1 : -1].strip(), rest[:start].strip()
        if "]" in inner:
            raise self.fail(number, "expected a [SOURCE_ID] without brackets inside it")
        if not name:
            raise self.fail(number, f"expected a card name before [{inner}]")
        return name, inner or None

    def deck(self) -> Deck:
        name = self.fields.get("name", ("", 0))[0]
        fmt = self.fields.get("format", (DeckFormat.FULL.value, 0))[0].casefold()
        sections = {key: tuple(entries) for key, entries in self.sections.items()}
        return Deck(name=name, format=DeckFormat(fmt), sections=sections)


def dump(deck: Deck) -> str:
    """The deck as `.twgp` text, sections in play order (comments are not kept)."""
    lines: list[str] = []
    if deck.name:
        lines.append(f"name: {deck.name}")
    lines.append(f"format: {deck.format.value}")
    for key, entries in sorted(deck.sections.items(), key=lambda item: section_order(item[0])):
        lines += ["", f"[{key}]"]
        lines += [card_line(entry) for entry in entries]
    return "\n".join(lines) + "\n"


def card_line(entry: Entry) -> str:
    """`QTY GAME NAME [SOURCE_ID]`; a name ending in "]" gets an empty `[]` so that it is
    not read back as a source id."""
    line = f"{entry.qty} {entry.game} {entry.name}"
    if entry.source_id is not None:
        return f"{line} [{entry.source_id}]"
    return f"{line} []" if entry.name.endswith("]") else line
