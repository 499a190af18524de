"""Telling a decklist's format from its text (FORMATS.md §6), for `--from auto` and for lists
given as `plain` that are unmistakably another format (an XMage `.dck` saved as `.txt`); and
refusing a format asked for that does not read a text another format reads."""

from __future__ import annotations

import re

from deckbuilder.decklists import parser
from deckbuilder.decklists.cardcodes import DIGIMON, code_lines, game_of, is_code_list
from deckbuilder.decklists.lorcana import is_lorcana_list
from deckbuilder.decklists.ydk import URL_START
from deckbuilder.errors import DecklistFormatError

_XML_ROOTS = (("<cockatrice_deck", "cod"), ("<deck", "mtgo"))
_YDK_MARKERS = re.compile(r"^\s*(?:#main|#extra|!side)\s*$", re.IGNORECASE | re.MULTILINE)
_XMAGE = re.compile(r"^\s*(?:SB:\s*)?\d*\s*\[[^\]:\s]+:[^\]\s]+\]", re.MULTILINE)
_FORGE = re.compile(r"^\s*\[(?:metadata|main|sideboard|commander)\]\s*$", re.IGNORECASE | re.M)
_FORGE_LINE = re.compile(r"^\s*\d+\s+[^|\n]+\|[A-Z0-9]{2,6}(?:\|\d+)?\s*$", re.MULTILINE)
_PTCGL = re.compile(
    r"^\s*(?:##\s*)?(?:pok\S{0,4}mon|trainer|energy|dresseur|[ée]nergie|entrenador|energ[íi]a|"
    r"allenatore|treinador|ポケモン|トレーナーズ|エネルギー)\s*(?::|：|\s-)\s*\d+\s*$"
    r"|^\s*total cards\s*[:\-]",
    re.IGNORECASE | re.MULTILINE,
)
_ARENA = re.compile(r"^\s*\d+\s+.+\s\([A-Z0-9]{2,6}\)\s+\S+\s*$", re.MULTILINE)
#: Arena's headers, also as its localised clients write them (Japanese, Spanish, Italian,
#: Portuguese, French, German)
_ARENA_HEADERS = re.compile(
    r"^\s*(?:About|Deck|Commander|Companion|デッキ|統率者|相棒|Mazo|Mazzo|Comandante|Commandant|"
    r"Kommandeur)\s*$",
    re.MULTILINE,
)


def detect(text: str) -> str:
    """The format id the text is written in; `plain` when nothing more specific fits."""
    head = text.lstrip("\ufeff \t\r\n")[:400].casefold()
    for root, format_id in _XML_ROOTS:
        if head.startswith("<") and root in head:
            return format_id
    if URL_START.search(text):
        return "ydke"
    if _YDK_MARKERS.search(text):
        return "ydk"
    if _FORGE.search(text) or _XMAGE.search(text) or _FORGE_LINE.search(text):
        return "dck"
    if _PTCGL.search(text):
        return "ptcgl"
    if _ARENA_HEADERS.search(text) and _ARENA.search(text):
        return "mtga"
    lines = text.splitlines()
    if is_code_list(lines):
        return "digimon" if game_of(code_lines(lines)) == DIGIMON else "optcg"
    if is_lorcana_list(lines):
        return "lorcana"
    return "plain"


#: formats whose text no other reader should read (a `.ydk`'s passcodes are not card names)
UNMISTAKABLE = frozenset({"ydk", "ydke", "cod", "dck", "ptcgl"})


def refuse_wrong_format(text: str, asked: str, fits: str, source: str) -> None:
    """A DecklistFormatError when the format asked for (`--from ydk`) read no card, or the
    text is unmistakably another format (a `.ydk` asked as `mtga`), while the format it is
    written in (`fits`, what `detect` told of the text) reads it: never "0 cards resolved,
    7 lines unresolved" for a readable file."""
    if fits == asked:
        return
    try:
        readable = bool(parser(fits)(text, source).lines)
    except DecklistFormatError:
        readable = False
    if readable:
        raise DecklistFormatError(
            f"--from {asked} reads no card from this list, which is written as {fits}",
            source=source, hint=f"import it with --from {fits} (or --from auto)",
        )
