"""The TWGP reading of a card's text: the rules' "matrix" rewrites (docs/rules.md §7) applied
to English and Japanese text, so the original and the reading can be shown side by side."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

Rewrite = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]

_JA_ENDINGS = {"る": "く", "て": "いて", "た": "いた"}
_NUMBER_WORDS = r"(?:a|an|one|two|three|four|five|six|seven|X|\d+)"

REWRITES: tuple[Rewrite, ...] = (
    # "Pay N life" → "pay 1 life card", whatever N is.
    (
        re.compile(r"\b([Pp])ay (?:\d+|X|an amount of|half your) life(?: points)?", re.IGNORECASE),
        lambda m: f"{m.group(1)}ay 1 life card",
    ),
    (
        re.compile(r"(?:ライフ(?:ポイント)?を?\s*[0-9０-９XＸ]+\s*(?:ポイント)?払)"),
        "ライフ・カードを1枚払",
    ),
    (re.compile(r"(?:[0-9０-９]+\s*ライフ(?:ポイント)?を払)"), "ライフ・カードを1枚払"),
    # "Discard a card" → "put a card from your hand on the bottom of your library".
    (
        re.compile(rf"\b([Dd])iscards? ({_NUMBER_WORDS}) (cards?)(?: from (?:your|their) hand)?"),
        lambda m: (
            f"{'P' if m.group(1) == 'D' else 'p'}ut {m.group(2)} {m.group(3)} from hand "
            "on the bottom of the library"
        ),
    ),
    (
        re.compile(r"\b([Dd])iscard (?:your|their) hand"),
        lambda m: f"{'P' if m.group(1) == 'D' else 'p'}ut the hand on the bottom of the library",
    ),
    (
        re.compile(r"手札(?:を|から)([^。、]*?)捨て(る|て|た)"),
        lambda m: f"手札から{m.group(1)}ライブラリの一番下に置{_JA_ENDINGS[m.group(2)]}",
    ),
    # "Search your library for a card" → the 2nd or later card of the library just shuffled.
    (
        re.compile(r"\b([Ss])earch (your|their|its owner's) (?:library|deck) for"),
        lambda m: (
            f"{'T' if m.group(1) == 'S' else 't'}ake from the 2nd or later card of "
            f"{m.group(2)} just-shuffled library"
        ),
    ),
    (
        re.compile(r"\b([Aa])dd (\w+) ([^.]*?) from your Deck to your hand"),
        lambda m: (
            f"{'A' if m.group(1) == 'A' else 'a'}dd {m.group(2)} {m.group(3)} from the 2nd or "
            "later card of your just-shuffled library to your hand"
        ),
    ),
    (
        re.compile(r"(?:デッキ|山札)から([^。]*?)(手札に加え)"),
        r"シャッフルしたライブラリの2枚目以降から\1\2",
    ),
)


@lru_cache(maxsize=1 << 16)
def twgp_reading(text: str) -> str:
    """The text with the matrix rewrites applied; identical to `text` when none applies."""
    for pattern, replacement in REWRITES:
        text = pattern.sub(replacement, text)
    return text
