"""Yu-Gi-Oh! decks (FORMATS.md §3.1–3.2): `.ydk` (one passcode per copy under `#main`,
`#extra`, `!side`; other `#` lines are comments) and `ydke://main!extra!side!` URLs (three
Base64 strings of little-endian unsigned 32-bit passcodes)."""

from __future__ import annotations

import base64
import binascii
import re
import struct
from urllib.parse import unquote

from deckbuilder.decklists.base import EXTRA, MAIN, SIDE, ForeignDeck, ForeignLine
from deckbuilder.decklists.limits import MAX_YDKE_CHARS
from deckbuilder.errors import DecklistFormatError

_MARKERS = {"#main": MAIN, "#extra": EXTRA, "!side": SIDE}
_MAX_PASSCODE_DIGITS = 10  # passcodes are unsigned 32-bit numbers (ydke's encoding)
#: a passcode, with the card's name or a comment after it (`89631139 -- Blue-Eyes`)
_PASSCODE = re.compile(r"^([0-9]+)(?:\s+(?:#|//|--|;).*)?$")
#: `ydke://`, also URL-escaped as a whole (`ydke%3A%2F%2F…%21`, a link's query parameter)
URL_START = re.compile(r"ydke(?::|%3A)(?://|%2F%2F)", re.IGNORECASE)
_PART = r"([A-Za-z0-9+/=%]*?)(?:!|%21)"
_LAST = r"([A-Za-z0-9+/=%]*?)(?:!|%21|(?=[^A-Za-z0-9+/=%])|$)"  # some tools omit the last `!`
_URL = re.compile(URL_START.pattern + _PART * 2 + _LAST, re.IGNORECASE)


def parse(text: str, source: str = "") -> ForeignDeck:
    deck = ForeignDeck("ydk")
    zone = MAIN
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.lower() in _MARKERS:
            zone = _MARKERS[line.lower()]
        elif line.startswith(("#", "!")):
            if line.lower().startswith("#created by"):
                deck.notes.append(f"line {number}: {line[1:].strip()}")
        elif (found := _PASSCODE.match(line)) and len(
            found.group(1).lstrip("0")
        ) <= _MAX_PASSCODE_DIGITS:
            deck.add(passcode_line(number, int(found.group(1)), zone, line))
        else:
            deck.notes.append(f"line {number}: {line[:40]!r} is not a passcode (skipped)")
    return deck


def passcode_line(number: int, passcode: int, zone: str, text: str) -> ForeignLine:
    """Passcodes compare as integers (`05318639` is `5318639`)."""
    return ForeignLine(number, 1, "", zone, source_id=str(passcode), text=text)


def parse_ydke(text: str, source: str = "") -> ForeignDeck:
    """The deck of the `ydke://` URL in the text (it may sit inside chat text). Of several
    URLs, empty ones (a template's `ydke://!!!`) are skipped and copies of one deck read once;
    several different decks are a DecklistFormatError naming their lines, to pick one."""
    decks: list[tuple[int, ForeignDeck]] = []
    skipped: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        for found in _URL.finditer(raw):
            deck = _url_deck(found, number, source)
            if not deck.lines:
                skipped.append(f"line {number}: an empty ydke:// URL (skipped)")
            elif all(_cards(deck) != _cards(other) for _, other in decks):
                decks.append((number, deck))
    if len(decks) > 1:
        where = ", ".join(str(number) for number, _ in decks)
        raise DecklistFormatError(
            f"the text holds {len(decks)} ydke:// URLs of different decks (lines {where})",
            source=source, hint="import one of them: give that URL alone",
        )
    if not decks and not skipped:
        raise DecklistFormatError(
            "expected a ydke:// URL (ydke://MAIN!EXTRA!SIDE!)", line=None, source=source
        )
    deck = decks[0][1] if decks else ForeignDeck("ydke")
    deck.notes[:0] = skipped
    return deck


def _url_deck(found: re.Match[str], number: int, source: str) -> ForeignDeck:
    if found.end() - found.start() > MAX_YDKE_CHARS:
        raise DecklistFormatError(
            f"a ydke:// URL of {found.end() - found.start():,} characters holds more cards "
            f"than a deck (at most {MAX_YDKE_CHARS:,} characters)", line=number, source=source,
        )
    deck = ForeignDeck("ydke")
    for zone, part in zip((MAIN, EXTRA, SIDE), found.groups(), strict=True):
        for passcode in decode_part(unquote(part), number, source):
            deck.add(passcode_line(number, passcode, zone, str(passcode)))
    return deck


def _cards(deck: ForeignDeck) -> list[tuple[str, str | None]]:
    return [(line.zone, line.source_id) for line in deck.lines]


def decode_part(part: str, line: int, source: str = "") -> list[int]:
    """One Base64 section → passcodes. Raises DecklistFormatError for bad Base64 or a length
    that is not a multiple of 4 bytes."""
    try:
        raw = base64.b64decode(part, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise DecklistFormatError(
            f"ydke: {part[:20]!r} is not Base64", line=line, source=source
        ) from exc
    if len(raw) % 4:
        raise DecklistFormatError(
            f"ydke: a section of {len(raw)} bytes is not whole 32-bit passcodes", line=line,
            source=source,
        )
    return [value for (value,) in struct.iter_unpack("<I", raw)]


def encode_ydke(main: list[int], extra: list[int], side: list[int]) -> str:
    """The ydke:// URL of three passcode lists (each section followed by `!`)."""
    parts = [
        base64.b64encode(struct.pack(f"<{len(p)}I", *p)).decode("ascii")
        for p in (main, extra, side)
    ]
    return "ydke://" + "".join(f"{part}!" for part in parts)
