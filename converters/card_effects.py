"""Which cards carry effects (docs/rules.md §6, "Which cards carry effects", decided):

* Recoil, Charge Trap, Charge Effect, Life Trap and Life Counter cards: the effects of their
  text (converters/effects.py), plus those of their game's own keywords;
* Unit cards: their text is void; only a species/type name containing "poison", "venom" or
  毒 gives Poison;
* Weapon cards: their text is void; a weapon that lowers the unit it is under is a curse
  (−1 instead of +1 in the reach analysis, §1/§2), flagged with the phrase that says so;
* cards with no TWGP type: nothing."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from converters.effect_rules import RULES
from converters.effects import explain_effects, merge_reasons, normalise

#: the types whose text carries effects (CardType values; a StrEnum compares equal to them)
TEXT_TYPES = frozenset({"recoil", "charge_trap", "charge_effect", "life_trap", "life_counter"})
#: the types whose text is void in TWGP
VOID_TYPES = frozenset({"unit", "weapon"})

POISON_SPECIES = re.compile(r"poison|venom|毒", re.IGNORECASE)
#: how the reason of a species' Poison begins ("species/type Poison Elemental")
SPECIES_REASON = "species/type"

#: the card the weapon is under, in each game's words
_EQUIPPED = re.compile(
    r"\b(?:equipped|enchanted) (?:creature|monster|pokémon|character|unit)\b|"
    r"\b(?:pokémon|monster|creature|character) (?:this card is )?(?:attached|equipped) to\b|"
    r"\bthis card is attached to\b|装備(?:モンスター|クリーチャー|キャラ)|"
    r"このカードを(?:つけている|つけた|装備している|装備した)",
    re.IGNORECASE,
)
_WORSE = re.compile(
    r"\b(?:can't|cannot) (?:attack|block)\b|\bdoesn't untap\b|攻撃できない|"
    r"\btakes? [\dX]+ more damage\b",
    re.IGNORECASE,
)
_DOWN = tuple(rule.pattern for rule in RULES if rule.effect == "down")
_PLUS = tuple(rule.pattern for rule in RULES if rule.effect == "plus")
_CURSE_WORDS = re.compile(r"\b(?:curse[sd]?|bug|error)\b|呪い|バグ|エラー", re.IGNORECASE)


def card_effects(
    card_type: str | None,
    text: str,
    *,
    name: str = "",
    species: str = "",
    keywords: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Effect → reason for a card of `card_type` (a CardType or its value; None: no type).
    `species` is the card's species/type names (race, subtype, trait, 種族); `keywords` the
    effects its game's own keywords give (effect → the keyword as printed)."""
    if card_type is None:
        return {}
    if card_type == "unit":
        found = POISON_SPECIES.search(species or "")
        return {"poison": f"{SPECIES_REASON} {species.strip()}"} if found else {}
    if card_type not in TEXT_TYPES:
        return {}
    return merge_reasons(explain_effects(text, name), keywords or {})


@lru_cache(maxsize=1 << 12)
def curse_reason(text: str, name: str = "") -> str | None:
    """Why a Weapon is a curse (it lowers or disables the unit it is under, or calls itself
    a curse, bug or error), or None when it is an ordinary +1 weapon."""
    found = _text_curse(text)
    if found is None and _CURSE_WORDS.search(normalise(name)):
        return f"the name {name} calls it a curse"
    return found


@lru_cache(maxsize=1 << 14)  # reprints share their text under names of their own
def _text_curse(text: str) -> str | None:
    """The sentence of `text` that makes a Weapon a curse, or None."""
    for sentence in re.split(r"(?<=[.。])\s*|\n", normalise(text)):
        if not _EQUIPPED.search(sentence):
            continue
        disabled = _WORSE.search(sentence)
        lowered = any(p.search(sentence) for p in _DOWN)
        if disabled or (lowered and not any(p.search(sentence) for p in _PLUS)):
            return sentence.strip()
    return None
