"""The matrix rules a reading cannot rewrite but must mention (docs/rules.md §6): a short note,
in the text's language, appended to the reading of text they concern."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from converters.needles import Screen

_I = re.IGNORECASE
_ZONE = r"(?:graveyard|GY|waiting room|trash|discard pile)"


class Note(NamedTuple):
    """A note, given when `pattern` matches in a sentence that also matches `context` (if
    any). Several notes may share a message: it is given once."""

    pattern: re.Pattern[str]
    english: str
    japanese: str
    context: re.Pattern[str] | None = None


_MILL = (
    "TWGP: library reduction is capped at 4 cards a turn (full) / 2 (half); more is void.",
    "TWGP：山札減少効果は1ターンにフル4枚／ハーフ2枚まで（超える枚数は無効）。",
)
_REUSE = (
    "TWGP: cards discarded this turn cannot be reused or returned to the hand this turn.",
    "TWGP：捨札になったターンの間は、そのカードを再利用にも手札にも選べない。",
)


NOTES: tuple[Note, ...] = (
    Note(
        re.compile(
            rf"\btop (?:[\dX]+|\w+) cards? of [^.]{{0,40}}?\b(?:library|deck)\b[^.]{{0,30}}?"
            rf"\b(?:into|to|in) (?:his or her |their |your |its owner's |the )?{_ZONE}|"
            r"\bmills? (?:[\dX]+|\w+) cards?\b|\bdiscards? the top (?:[\dX]+|\w+ )?cards? of\b|"
            r"(?:デッキ|山札)の上から[^。]{0,12}(?:墓地|控え室|トラッシュ|除外)|"
            r"(?:デッキ|山札)の上から[^。]{0,12}捨て",
            _I,
        ),
        *_MILL,
    ),
    # (a note of its own: "card" and "exile" would let the whole pattern above run on most texts)
    Note(
        re.compile(
            rf"\b(?:card|cards) from the top of [^.]{{0,30}}?\b(?:deck|library)\b"
            rf"[^.]{{0,30}}?\b(?:to|into) (?:the |your |their |his or her )?{_ZONE}|"
            r"\b(?:banish|exile)\w* (?:the top )?(?:[\dX]+|\w+) cards? (?:from the top )?of "
            r"(?:your|their|his or her|target player's|that player's) (?:deck|library)\b",
            _I,
        ),
        *_MILL,
    ),
    Note(
        re.compile(
            r"\bdoubl\w*\b[^.]*\bagain\b|\bdoubled? (?:it|that|the \w+) twice\b|"
            r"\b(?:quadruple|triple)\w*|\bdouble\w*[^.]*\bfor each\b|"
            # 倍にする。さらに…倍: the next sentence may chain it (not only the same one)
            r"倍[^。\n]*。?[^。\n]*(?:さらに|更に)[^。\n]*倍|倍の[\d０-９]*倍|"
            r"(?:につき|ごとに)[、,]?[^。]{0,30}倍にする",
            _I,
        ),
        "TWGP: chained multiplication is void.",
        "TWGP：掛け算を連続する処理は無効。",
    ),
    Note(
        re.compile(
            r"\b(?:gain|gains|gained|gaining|lose|loses|lost|losing)\s+(?:[\dX½,]+\s+|that much\s+"
            r"|half (?:of )?(?:their|your|his or her)\s+)?(?:life|LP|life points)\b|"
            r"\blife (?:total|equal to)\b|\b(?:gain|lose)s? life\b|"
            r"(?:ライフ|LP|ＬＰ)を?[\d０-９]*(?:回復|失)|点のライフを(?:得|失)|ライフを(?:得|失)",
            _I,
        ),
        "TWGP: life gain and loss go through the clockwise count.",
        "TWGP：ライフ増減は時計廻しカウント・システムで処理する。",
    ),
    # a card taken from the graveyard: brought back (not "exile target card from a graveyard")
    Note(
        re.compile(rf"\bfrom (?:your|their|his or her|a|any|an opponent's) {_ZONE}\b", _I),
        *_REUSE,
        context=re.compile(r"\b(?:return|put|add|attach|special summon|shuffle|play|cast)", _I),
    ),
    Note(
        re.compile(
            rf"\b(?:in|from) (?:your|their|his or her) {_ZONE} (?:to|into|onto)\b|"
            rf"\bin (?:your|either|their|a|any) {_ZONE}\b[^.]{{0,60}}\b(?:special summon|"
            r"return|add)\w*|"
            rf"\bin (?:your|their) {_ZONE}\b[^.]{{0,40}}\b(?:return|put|add)\w* (?:it|them) "
            r"(?:to|into) (?:your|their) hand\b|"
            r"(?:墓地|控え室|トラッシュ)から[^。]{0,30}(?:手札|特殊召喚|戻|加え|出|つけ|登場)|"
            r"(?:墓地|控え室|トラッシュ)の[^。]{0,20}手札に(?:戻|加え)|"
            r"自分の(?:墓地|控え室|トラッシュ)の[^。]{0,20}対象[^\n]{0,40}?(?:手札に(?:戻|加え)|特殊召喚)",
            _I,
        ),
        *_REUSE,
    ),
)
_SENTENCE_END = re.compile(r"[.。\n]")


@lru_cache(maxsize=1)
def _screened() -> tuple[tuple[Note, Screen], ...]:
    return tuple((note, Screen(note.pattern)) for note in NOTES)


def notes_for(text: str, *, japanese: bool) -> tuple[str, ...]:
    """The notes `text` needs, in the text's language."""
    lowered = text.lower()
    found = (
        note.japanese if japanese else note.english
        for note, screen in _screened()
        if screen.worth_running(lowered, japanese) and _applies(note, text)
    )
    return tuple(dict.fromkeys(found))


def _applies(note: Note, text: str) -> bool:
    if note.context is None:
        return note.pattern.search(text) is not None
    for match in note.pattern.finditer(text):
        start = max(text.rfind(end, 0, match.start()) for end in ".。\n") + 1
        after = _SENTENCE_END.search(text, match.end())
        if note.context.search(text, start, after.start() if after else len(text)):
            return True
    return False
