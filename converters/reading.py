"""The TWGP reading of a card's text: the rules' matrix (docs/rules.md §6, "Text rules") applied
to every game's own English and Japanese wording, so that the original and the reading can be
shown side by side.

* Unit and Weapon text is void: the reading says so (the original is still shown beside it);
  text about winning or losing the game is void on any card;
* the three rewrites (converters/reading_rewrites.py): a life payment reads "pay 1 life card",
  discarding from the hand reads "put it on the bottom of the library", choosing a card from the
  library (looking at the top N cards and taking one into the hand too) reads "take … from the
  2nd or later cards of the library just shuffled";
* the notes (converters/reading_notes.py): the mill cap, chained multiplication, life gain and
  loss through the clockwise count, and no reuse of cards discarded this turn."""

from __future__ import annotations

import re
from functools import lru_cache

from converters.effect_rules import GAME_RESULT
from converters.ja_words import JAPANESE
from converters.reading_notes import notes_for
from converters.reading_rewrites import rewrite

#: (English, Japanese) of the void statement of a Unit's and a Weapon's text
VOID_TEXT: dict[str, tuple[str, str]] = {
    "unit": (
        "Void in TWGP: the text of a Unit card is void (a unit fights with its grade alone).",
        "TWGPでは無効：ユニットのテキストは無効（ユニットは戦闘力だけで戦う）。",
    ),
    "weapon": (
        "Void in TWGP: the text of a Weapon card is void (a weapon is +1 under a unit, −1 if "
        "it is a curse).",
        "TWGPでは無効：ウェポンのテキストは無効（ウェポンはユニットの下で+1、呪いなら−1）。",
    ),
}
GAME_RESULT_VOID = ("[Void in TWGP: {}]", "［TWGPでは無効：{}］")

_SENTENCE = re.compile(r"[^.。\n]+[.。]?")


def is_japanese(text: str) -> bool:
    return bool(JAPANESE.search(text))


def twgp_reading(text: str, card_type: str | None = None) -> str:
    """The text as TWGP reads it for a card of `card_type` (a CardType or its value); the
    text itself when no rule applies."""
    if not text:
        return text
    if card_type in VOID_TEXT:
        english, japanese = VOID_TEXT[str(card_type)]
        return japanese if is_japanese(text) else english
    return _reading(text)


@lru_cache(maxsize=1 << 16)
def _reading(text: str) -> str:
    japanese = is_japanese(text)
    void = GAME_RESULT_VOID[1 if japanese else 0]
    read = text
    if GAME_RESULT.search(text):  # only then is each sentence looked at
        read = _SENTENCE.sub(
            lambda m: _void(m.group(), void) if GAME_RESULT.search(m.group()) else m.group(), text
        )
    read = rewrite(read, japanese=japanese)
    notes = notes_for(text, japanese=japanese)
    return "\n".join((read, *notes)) if notes else read


def _void(sentence: str, template: str) -> str:
    lead = sentence[: len(sentence) - len(sentence.lstrip())]
    return lead + template.format(sentence.strip())
