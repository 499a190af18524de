"""Decklists of card codes (FORMATS.md §3.5): One Piece and Dragon Ball Super Fusion World as
OPTCGSim and egman's deck builders share them (`4xOP01-016`, one line per card), Digimon as
its deck sites and simulators do (`4 Agumon BT1-010`, `4x BT1-010`, `4 BT1-010`).

A card line is a quantity (`4x`, `4 x`, `4`), then an optional name, then the code, maybe in
parentheses or brackets; a parallel's code (`OP01-016_p1`, `FB01-001-p1`, `BT1-010_P1`) names
its card too, and is read as the card's number (`OP01-016`), the id of its first print in
the catalog. Every other line (`Leader`, `// Digi-Egg Deck`, `Main Deck (50)`) is noted and
passed over: the cards are what count (a leader or a Digi-Egg is a card of the list).

The game is told by the codes (`game_of`): Fusion World's sets are FB/FS/FP/SB…, Digimon's
numbers have no leading zero (`BT1-010`, `ST1-01`), One Piece's have (`OP01-016`, `ST01-001`).
Codes that fit no game, or as many of two, leave the format's own game (`optcg`: One Piece,
`digimon`: Digimon)."""

from __future__ import annotations

import re
from collections import Counter

from deckbuilder.decklists.base import MAIN, ForeignDeck, ForeignLine, quantity

ONE_PIECE, FUSION_WORLD, DIGIMON = "onepiece", "dbs-fusion-world", "digimon"
#: game → the shape of its card codes (the card number, without a parallel suffix)
GAME_CODES: dict[str, re.Pattern[str]] = {
    ONE_PIECE: re.compile(r"^(?:OP|ST|EB|PRB)\d{2}-\d{3}$|^P-\d{3}$"),
    FUSION_WORLD: re.compile(r"^(?:FB|FS|FP|SB|FY)\d{2}-\d{2,3}$|^FP-\d{3}$"),
    DIGIMON: re.compile(r"^(?:BT|EX|RB|LM|AD|BO)[1-9]\d?-\d{3}$|^ST[1-9]\d?-\d{2}$|^P-\d{3}$"),
}
_CODE = r"[A-Z]{1,4}\d{0,2}-\d{2,3}(?:[_-][Pp]\d*)?"
#: `4xOP01-016`, `4 x OP01-016`, `4 Agumon BT1-010`, `4 Agumon (BT1-010)`, `4 [FB01-001]`
CARD_LINE = re.compile(
    rf"^\s*([0-9０-９]+)\s*[xX×]?\s*(?:(.*?\S)\s+)??[(\[]?({_CODE})[)\]]?\s*$",
    re.IGNORECASE,
)
_PARALLEL = re.compile(r"[_-][Pp]\d*$")
_COMMENT = re.compile(r"^\s*(?://|#)")


def card_number(code: str) -> str:
    """The card's number of a code: upper case, without a parallel suffix."""
    return _PARALLEL.sub("", code.strip()).upper()


def game_of(codes: list[str]) -> str | None:
    """The game most of the codes belong to (None: none, or a tie)."""
    votes = Counter(game for code in codes for game, shape in GAME_CODES.items()
                    if shape.match(card_number(code)))  # fmt: skip
    ranked = votes.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def parse_optcg(text: str, source: str = "") -> ForeignDeck:
    return read_codes(ForeignDeck("optcg"), text)


def parse_digimon(text: str, source: str = "") -> ForeignDeck:
    return read_codes(ForeignDeck("digimon"), text)


def read_codes(deck: ForeignDeck, text: str) -> ForeignDeck:
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or _COMMENT.match(line):
            continue
        found = CARD_LINE.match(line)
        if found is None:
            deck.notes.append(f"line {number}: {line[:40]!r} is not a card line (skipped)")
            continue
        digits, name, code = found.groups()
        deck.add(ForeignLine(number, quantity(digits, number), name or "", MAIN,
                             source_id=card_number(code), text=raw.strip()))  # fmt: skip
    deck.game = game_of([line.source_id or "" for line in deck.lines]) or ""
    return deck


def is_code_list(lines: list[str]) -> bool:
    """Whether most of the lines (at least one) are card-code lines."""
    cards = [line for line in lines if line.strip() and not _COMMENT.match(line)]
    matched = sum(1 for line in cards if CARD_LINE.match(line.strip()))
    return matched > 0 and matched * 5 >= len(cards) * 4


def code_lines(lines: list[str]) -> list[str]:
    """The codes of the card-code lines among `lines`."""
    found = (CARD_LINE.match(line.strip()) for line in lines)
    return [match.group(3) for match in found if match is not None]
