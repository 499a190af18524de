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
and what was expected. `parse(dump(deck)) == deck` for every deck.

A deck of another game's format (a `twgp.formats` plugin) declares it and has that format's
sections and header fields, the same card lines:

```
format: darkside-roster
character: 羅堂エリ
[roster]
1 darkside 羅堂エリ
```

`format:` may come after the sections it governs: headers and fields are checked once the
format is known (at the latest, at the end, as full)."""

from __future__ import annotations

import re

from converters.game_names import parse_game
from deckbuilder.deck import (
    FORMAT_ID_RE,
    GAME_RE,
    MAX_QTY,
    Deck,
    DeckFormat,
    Entry,
    plugin_section_key,
    section_key,
    section_order,
    split_format_id,
)
from deckbuilder.errors import DecklistFormatError, UnknownFormatError
from deckbuilder.play_formats.base import DeckFormatRules
from deckbuilder.play_formats.registry import format_ids, load_format

_CARD = re.compile(r"([0-9]+)[xX]?\s+(\S+)\s+(.+)\Z")
_FIELD = re.compile(r"([A-Za-z][A-Za-z_-]*)\s*:(.*)\Z")
_FIELDS = ("name", "format")
SECTIONS_HELP = (
    "[life], [entry.library], [entry.archive], [final.1]…[final.3], [half.2], [half.3]… or [pool]"
)
CARD_HELP = "a card line `QTY GAME NAME [SOURCE_ID]`"
_TWGP_IDS = frozenset(DeckFormat)


def strip_comment(line: str) -> str:
    """The line without its comment (a `#` at the start or after whitespace)."""
    for i, ch in enumerate(line):
        if ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def parse(text: str, *, source: str = "", format_id: str | None = None) -> Deck:
    """Read a `.twgp` decklist. Raises DecklistFormatError naming the line and what was
    expected; `source` (a file name) prefixes the message.

    `format_id` is the format the caller reads the file as (`--format`): the format of a file
    that declares none (else full), and a file declaring another is an error. A plugin
    format's sections and header fields are the ones it lists; an unknown format id raises
    UnknownFormatError naming the installed ones."""
    reader = _Reader(source, format_id)
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        reader.read(number, strip_comment(raw).strip())
    return reader.deck()


def _load_format(format_id: str) -> DeckFormatRules:
    return load_format(format_id)


def _plugin_ids() -> list[str]:
    return [fid for fid in format_ids() if fid not in _TWGP_IDS]


class _Reader:
    def __init__(self, source: str, expected: str | None = None) -> None:
        self.source = source
        self.expected = expected.strip().casefold() if expected else None
        self.fields: dict[str, tuple[str, int]] = {}
        self.sections: dict[str, list[Entry]] = {}
        self.section_lines: dict[str, int] = {}
        self.current: str | None = None
        #: the deck's format, once declared; until then headers and fields wait in `pending`
        self.rules: DeckFormatRules | None = None
        self.pending: list[tuple[int, str, str]] = []  # (line, "section" or "field", text)

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
                number, f"expected {CARD_HELP}, a section header such as {self.example()}, "
                f"`name:` or `format:`; got {line[:40]!r}"
            )

    # -- the format and what it allows ---------------------------------------------------------

    def is_twgp(self) -> bool:
        return self.rules is None or self.rules.format_id in _TWGP_IDS

    def example(self) -> str:
        return "[entry.library]" if self.is_twgp() or self.rules is None else (
            f"[{self.rules.sections[0]}]" if self.rules.sections else "[main]"
        )

    def sections_help(self) -> str:
        if self.is_twgp() or self.rules is None:
            return SECTIONS_HELP
        return " or ".join(f"[{key}]" for key in self.rules.sections) or "no section"

    def fields_help(self) -> str:
        extra = () if self.rules is None else self.rules.fields
        names = [f"`{key}:`" for key in (*_FIELDS, *extra)]
        return f"{', '.join(names[:-1])} or {names[-1]}"

    def unknown_section(self, text: str) -> str:
        where = "" if self.is_twgp() or self.rules is None else f" in a {self.rules.format_id} deck"
        return f"unknown section [{text[:30]}]{where}; expected {self.sections_help()}"

    def judge(self, number: int, what: str, text: str) -> None:
        """Check a header or field against the format now, or once it is declared."""
        if self.rules is None:
            self.pending.append((number, what, text))
        else:
            self.check(number, what, text)

    def check(self, number: int, what: str, text: str) -> None:
        rules = self.rules
        assert rules is not None
        if what == "section":
            key = text.strip().casefold()
            twgp = rules.format_id in _TWGP_IDS
            if (section_key(text) != key) if twgp else (key not in rules.sections):
                raise self.fail(number, self.unknown_section(text))
        elif text not in rules.fields:
            where = "" if self.is_twgp() else f" in a {rules.format_id} deck"
            expected = self.fields_help()
            raise self.fail(number, f"unknown field `{text}:`{where}; expected {expected}")

    def set_format(self, number: int | None, value: str) -> None:
        format_id = value.casefold()
        if number is not None and self.expected is not None and format_id != self.expected:
            raise self.fail(number, f"the deck declares format {format_id!r}, but it is read as "
                            f"{self.expected!r} (--format)")
        if number is None:
            self.rules = _load_format(format_id)
        elif format_id in _TWGP_IDS or (
            FORMAT_ID_RE.match(format_id) and format_id in (plugins := _plugin_ids())
        ):
            try:
                self.rules = _load_format(format_id)
            except UnknownFormatError as exc:
                raise self.fail(number, exc.message) from exc
        else:
            installed = ", ".join(plugins) if FORMAT_ID_RE.match(format_id) else ""
            plugins_help = f", or an installed format: {installed}" if installed else ""
            raise self.fail(number, f"unknown format {value!r}; expected half, full or trial"
                            f"{plugins_help}")
        pending, self.pending = self.pending, []
        for line, what, text in pending:
            self.check(line, what, text)

    # -- lines -----------------------------------------------------------------------------------

    def header(self, number: int, text: str) -> None:
        key = section_key(text) or plugin_section_key(text)
        if key is None:
            raise self.fail(number, self.unknown_section(text))
        if key in self.sections:
            first = self.section_lines[key]
            raise self.fail(number, f"section [{key}] appears twice (first on line {first})")
        self.judge(number, "section", text)
        self.sections[key] = []
        self.section_lines[key] = number
        self.current = key

    def field(self, number: int, key: str, value: str) -> None:
        if key in self.fields:
            raise self.fail(number, f"`{key}:` appears twice (first on line {self.fields[key][1]})")
        if key == "format":
            self.set_format(number, value)
        elif key != "name":
            self.judge(number, "field", key)
        self.fields[key] = (value, number)

    def card(self, number: int, line: str) -> None:
        found = _CARD.match(line)
        if found is None:
            raise self.fail(number, f"expected {CARD_HELP}; got {line[:40]!r}")
        if self.current is None:
            raise self.fail(
                number, "a card line before any section; expected a header such as "
                f"{self.sections_help()}"
            )
        digits, game, rest = found.group(1), found.group(2).lower(), found.group(3).strip()
        game = parse_game(game) or game  # a usual name: `magic`, `ygo`, `pokémon` → its id
        if len(digits.lstrip("0")) > len(str(MAX_QTY)):  # measured before int(): 5,000 digits
            shown = f"{digits[:12]}… ({len(digits):,} digits)" if len(digits) > 40 else digits
            raise self.fail(number, f"expected a quantity from 1 to {MAX_QTY}; got {shown}")
        qty = int(digits)
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
        if self.rules is None:
            self.set_format(None, self.expected or DeckFormat.FULL.value)
        assert self.rules is not None
        name = self.fields.get("name", ("", 0))[0]
        deck_format, plugin = split_format_id(self.rules.format_id)
        extra = {
            key: value for key, (value, _) in self.fields.items() if key not in _FIELDS and value
        }
        keys = list(self.sections)
        if plugin is not None:
            order = {key: i for i, key in enumerate(self.rules.sections)}
            keys.sort(key=lambda key: order.get(key, len(order)))
        sections = {key: tuple(self.sections[key]) for key in keys}
        return Deck(name, deck_format, sections, plugin, extra)


def dump(deck: Deck) -> str:
    """The deck as `.twgp` text, sections in play order (comments are not kept)."""
    lines: list[str] = []
    if deck.name:
        lines.append(f"name: {deck.name}")
    lines.append(f"format: {deck.format_id}")
    lines += [f"{key}: {value}" for key, value in deck.fields.items()]
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
