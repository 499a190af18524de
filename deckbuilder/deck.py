"""The deck model: a named TWGP deck of one format, its sections and their card lines.

Sections (docs/rules.md §3): `life`, the entry half deck split into `entry.library` (15) and
`entry.archive` (5), `final.1`…`final.3` (full: candidate final halves), `half.2`, `half.3`…
(trial: the halves added in order) and `pool` (the variant rule's card pool).

A deck of another game's format (a plugin under `twgp.formats`, such as `ev-tag-b`) names it in
`plugin_format`, has that format's sections (`main`, `side`, `roster`…) and may carry the header
`fields` the format reads (`character`); `format_id` is the declared format either way."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

LIFE = "life"
LIBRARY = "entry.library"
ARCHIVE = "entry.archive"
ENTRY = "entry"  # the entry half deck as a whole (library + archive), in reports
POOL = "pool"
DECK = "deck"  # the deck as a whole, in reports
TEAM = "team"  # several decks validated together (a tag team's), in reports
FINAL_PREFIX = "final."
HALF_PREFIX = "half."

GAME_RE = re.compile(r"[a-z0-9][a-z0-9_.-]*\Z")
_NUMBERED = re.compile(r"(final|half)\.0*(\d{1,4})\Z")
#: a deck format id (TWGP's or a plugin's): "full", "ev-tag-b"
FORMAT_ID_RE = re.compile(r"[a-z0-9][a-z0-9_.-]{0,39}\Z")
#: a section key of a plugin format: "main", "side", "roster"
PLUGIN_SECTION_RE = re.compile(r"[a-z][a-z0-9_-]*(?:\.[0-9]+)?\Z")
MAX_QTY = 999
_FIELD_KEY = re.compile(r"[a-z][a-z_-]*\Z")


class DeckFormat(StrEnum):
    """half: one half deck and 3 life; full: entry + 1–3 finals and 5 life; trial: 3+ halves
    and 8+ life."""

    HALF = "half"
    FULL = "full"
    TRIAL = "trial"

    @property
    def label_ja(self) -> str:
        return {"half": "ハーフ", "full": "フル", "trial": "トライアル"}[self.value]


def section_key(text: str) -> str | None:
    """The canonical section key of a header's text ("Entry.Library" → "entry.library",
    "final.01" → "final.1"), or None when it names no section."""
    key = text.strip().casefold()
    if key in (LIFE, LIBRARY, ARCHIVE, POOL):
        return key
    numbered = _NUMBERED.match(key)
    if numbered is None:
        return None
    kind, number = numbered.group(1), int(numbered.group(2))
    if (kind == "final" and number < 1) or (kind == "half" and number < 2):
        return None
    return f"{kind}.{number}"


def plugin_section_key(text: str) -> str | None:
    """The key of a header that names no TWGP section but may be a plugin format's ("Side" →
    "side"), or None when it cannot be a section name at all."""
    key = text.strip().casefold()
    return key if PLUGIN_SECTION_RE.match(key) else None


def section_order(key: str) -> tuple[int, int]:
    """Sort key putting sections in the order a deck is written and played (a plugin format's
    sections come after TWGP's, in the order they were given)."""
    fixed = {LIFE: 0, LIBRARY: 1, ARCHIVE: 2, POOL: 9}
    if key in fixed:
        return fixed[key], 0
    numbered = _NUMBERED.match(key)
    if numbered is None:
        return 10, 0
    return (3 if numbered.group(1) == "final" else 4), int(numbered.group(2))


def split_format_id(format_id: str) -> tuple[DeckFormat, str | None]:
    """(`Deck.format`, `Deck.plugin_format`) for a declared format id: ("full", None) for a
    TWGP format, (FULL, "ev-tag-b") for a plugin's. Raises ValueError for a malformed id."""
    key = format_id.strip().casefold()
    if key in set(DeckFormat):
        return DeckFormat(key), None
    if not FORMAT_ID_RE.match(key):
        raise ValueError(f"format {format_id!r} is not a format id")
    return DeckFormat.FULL, key


@dataclass(frozen=True)
class Entry:
    """One card line: `QTY GAME NAME [SOURCE_ID]`. `line` is where it was read (not compared)."""

    qty: int
    game: str
    name: str
    source_id: str | None = None
    line: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.qty <= MAX_QTY:
            raise ValueError(f"quantity {self.qty} is outside 1–{MAX_QTY}")
        if not GAME_RE.match(self.game):
            raise ValueError(f"game {self.game!r} is not a converter id")
        if not self.name or self.name != self.name.strip() or _breaks_line(self.name):
            raise ValueError(f"card name {self.name!r} cannot be written on one decklist line")
        if self.source_id is not None and (
            not self.source_id.strip() or _breaks_line(self.source_id) or "[" in self.source_id
            or "]" in self.source_id or self.source_id != self.source_id.strip()
        ):
            raise ValueError(f"source id {self.source_id!r} cannot be written in [brackets]")

    @property
    def label(self) -> str:
        """How the card is named in reports: "mtg Fire // Ice"."""
        return f"{self.game} {self.name}"


def _breaks_line(text: str) -> bool:
    """A newline, or a `#` after whitespace (a comment), cannot be part of a card line."""
    if len(text.splitlines()) > 1 or text.endswith(("\n", "\r")):
        return True
    return any(ch == "#" and (i == 0 or text[i - 1].isspace()) for i, ch in enumerate(text))


@dataclass(frozen=True)
class Deck:
    """A deck: its name, format and sections (key → entries, in file order).

    Empty sections are kept (a template lists them) but count as absent in the rules.
    `plugin_format` is a format plugin's id (None for a TWGP deck; `format` is then FULL and
    not read); `fields` are the other header lines that format reads (`character: …`)."""

    name: str = ""
    format: DeckFormat = DeckFormat.FULL
    sections: Mapping[str, tuple[Entry, ...]] = field(default_factory=dict)
    plugin_format: str | None = None
    fields: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.name != self.name.strip() or _breaks_line(self.name):
            raise ValueError(f"deck name {self.name!r} cannot be written on one line")
        if self.plugin_format is not None and (
            not FORMAT_ID_RE.match(self.plugin_format) or self.plugin_format in set(DeckFormat)
        ):
            raise ValueError(f"plugin format {self.plugin_format!r} is not a plugin's format id")
        for key, value in self.fields.items():
            if key in ("name", "format") or not _FIELD_KEY.match(key):
                raise ValueError(f"field {key!r} cannot be a header field")
            if not value or value != value.strip() or _breaks_line(value):
                raise ValueError(f"field {key}: {value!r} cannot be written on one line")

    @property
    def format_id(self) -> str:
        """The declared format: "half", "full", "trial" or a plugin's id ("ev-tag-b")."""
        return self.plugin_format or self.format.value

    def with_format(self, format_id: str) -> Deck:
        """This deck declaring another format (ValueError for a malformed id)."""
        deck_format, plugin = split_format_id(format_id)
        return replace(self, format=deck_format, plugin_format=plugin)

    def section(self, key: str) -> tuple[Entry, ...]:
        return self.sections.get(key, ())

    def ordered_sections(self) -> list[tuple[str, tuple[Entry, ...]]]:
        return sorted(self.sections.items(), key=lambda item: section_order(item[0]))

    def numbered(self, prefix: str) -> list[str]:
        """Keys of the non-empty `final.N` or `half.N` sections, in order."""
        keys = [k for k, v in self.sections.items() if k.startswith(prefix) and v]
        return sorted(keys, key=section_order)

    def entries(self) -> Iterator[tuple[str, Entry]]:
        for key, entries in self.ordered_sections():
            for entry in entries:
                yield key, entry

    @property
    def card_count(self) -> int:
        return sum(entry.qty for _, entry in self.entries())
