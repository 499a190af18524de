"""Read card text into TWGP's tactical effects (docs/rules.md §6), each with the phrase of the
text that gave it. The wordings live in converters/effect_rules.py; this module applies them
sentence by sentence, with the context the policy asks for (cures, immunity, the card's own
side, names and labels are not text, Japanese words match as words). Which cards carry
effects at all is converters/card_effects.py."""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from converters.effect_rules import (
    CURE,
    GAME_RESULT,
    IMMUNE,
    NOT_EFFECT,
    OPPONENT,
    RULES,
    SELF,
    Kind,
    Rule,
)
from converters.ja_words import JAPANESE, is_word
from converters.needles import Screen

EFFECT_NAMES: tuple[str, ...] = (
    "plus", "down", "accel", "slow", "crack", "reflect", "copy", "poison", "potion", "hack",
    "hazard", "medical",
)  # fmt: skip

EFFECT_NAMES_JA: dict[str, str] = {
    "plus": "プラス",
    "down": "ダウン",
    "accel": "アクセル",
    "slow": "スロー",
    "crack": "クラック",
    "reflect": "リフレクト",
    "copy": "コピー",
    "poison": "ポイズン",
    "potion": "ポーション",
    "hack": "ハック",
    "hazard": "ハザード",
    "medical": "メディカル",
}

REASON_CHARS = 90  # a reason longer than this is cut around the words that matched

_SENTENCE = re.compile(r"[^.!?。\n•●]+[.!?。]?")
_CLAUSE_BREAK = re.compile(r"[,;:、，：]")
# Names and labels are not text: quoted names ("Dark Magician", 「ブラック・マジシャン」) and
# reminder text in parentheses. A quote with sentence punctuation is granted rules text.
_MASKED = re.compile(r"\"[^\".:;\n]{1,60}\"|“[^”.:;\n]{1,60}”|"
                     r"[「『《](?![-+\d]|(?:どく|やけど|マヒ|ねむり|こんらん|ポイズン|スピードアタッカー)」)"
                     r"[^」』》\n]{1,40}[」』》]|"
                     r"\([^()\n]*\)|（[^（）\n]*）")  # fmt: skip
#: who gains life when it is not the card's own side
_OTHER_SIDE = re.compile(
    r"\bopponents?\b|\bits (?:controller|owner)\b(?!')|\bthat player\b|相手", re.IGNORECASE
)
#: a Japanese sentence whose topic is another player (それのコントローラーは、…ライフを得る)
_OTHER_TOPIC = re.compile(r"(?:相手|コントローラー|持ち主)は、")
#: control taken (not confusion), and a restriction on "it", "that monster" (the card taken)
_TAKEN = re.compile(r"\bcontrol\b|コントロール", re.IGNORECASE)
_BACK_REFERENCE = re.compile(
    r"^\s*(?:but )?(?:it|they|that monster|those monsters)\b|^\s*その(?:モンスター|クリーチャー)は",
    re.IGNORECASE,
)
#: "you" as the one who acts, naming no card of one's own ("You may tap target creature")
_YOU_ACT = re.compile(r"\s*(?:then,? )?you (?:may |can )?", re.IGNORECASE)
#: the card tapped is one's own: "tap target creature you control"
_YOURS_AFTER = re.compile(r"[^,.;:]{0,40}?\b(?:you control|of yours)\b", re.IGNORECASE)
#: "it" at the start of a clause: the card itself, unless the sentence named an opposing card
_IT = re.compile(r"^\s*it\b", re.IGNORECASE)
#: a cure whose only condition is poison is Potion, not Medical as well (毒消し, どくけし)
_POISON_WORD = re.compile(r"\bpoison\w*|毒|どく|ポイズン", re.IGNORECASE)
_OTHER_CURE = re.compile(
    r"(?<![a-z])hp(?![a-z])|\bdamage\b|special condition|\bparaly|\basleep|\bconfus|\bburn|"
    r"ダメージ|ダメカン|特殊状態|マヒ|麻痺|ねむり|眠り|こんらん|混乱|やけど|ライフ|\blife\b|\blp\b",
    re.IGNORECASE,
)
#: a condition the card would suffer, replaced: 毒状態になる代わりに, "would be Poisoned, instead"
_REPLACED_AFTER = re.compile(r"(?:状態)?(?:に|と)?(?:なる|なった)(?:代わり|かわり)")
_REPLACED_BEFORE = re.compile(r"\b(?:would (?:be|become)|instead of (?:being|becoming)) $", re.I)
_FOLDS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2019": "'"})
_HALF = "\u00bd"  # the Un-sets' ½ is dropped ("2½ life" reads as "2 life"; NFKC writes "1⁄2")


def normalise(text: str) -> str:
    """NFKC (full-width digits and signs to ASCII) with the minus sign and curly apostrophe
    folded, so that one pattern reads every game's typography."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text.replace(_HALF, ""))
    return text.translate(_FOLDS)


@lru_cache(maxsize=1)
def _screened_rules() -> tuple[tuple[Rule, Screen], ...]:
    """Each rule with its pre-checks (built on first use: parsing the patterns takes time)."""
    return tuple((rule, Screen(rule.pattern)) for rule in RULES)


@lru_cache(maxsize=1)
def _not_effect_screen() -> Screen:
    return Screen(NOT_EFFECT)


@dataclass(frozen=True)
class _Text:
    """A card text cut for matching: its sentences, and the spans no match may use."""

    normal: str
    sentences: list[tuple[int, str]]  # (where it starts, the sentence)
    starts: list[int]
    void: set[int]  # sentences about winning or losing the game: void in TWGP
    names: list[tuple[int, int]]  # where the card's own name stands
    masked: list[tuple[int, int]]  # names and labels, not text
    not_effects: list[tuple[int, int]]  # "can't be negated", "攻撃を無効に"


def _cut(normal: str, names: list[tuple[int, int]], lowered: str, japanese: bool) -> _Text:
    sentences = list(_sentences(normal))
    void: set[int] = set()
    if GAME_RESULT.search(normal):
        void = {i for i, (_, sentence) in enumerate(sentences) if GAME_RESULT.search(sentence)}
    not_effects: list[tuple[int, int]] = []
    if _not_effect_screen().worth_running(lowered, japanese):
        not_effects = [m.span() for m in NOT_EFFECT.finditer(normal)]
    return _Text(
        normal=normal,
        sentences=sentences,
        starts=[start for start, _ in sentences],
        void=void,
        names=names,
        masked=_masked_spans(normal) + names,
        not_effects=not_effects,
    )


def _sentence_of(text: _Text, begin: int, end: int) -> int:
    """The index of the sentence a match at text[begin:end] stands in, or -1 when the match
    is void: empty, in a sentence about the game's result, on a name or label, not a whole
    word, or part of a phrase that is no effect."""
    index = bisect_right(text.starts, begin) - 1
    if begin == end or index < 0 or index in text.void:
        return -1
    if any(a < end and begin < b for a, b in text.masked):
        return -1
    if not is_word(text.normal, begin, end):
        return -1
    if any(a <= begin < b for a, b in text.not_effects):
        return -1
    return index


def _apply(
    rule: Rule, text: _Text, found: dict[str, tuple[int, str]], prefixes: dict[str, str]
) -> None:
    """Record in `found` (effect → (where, the phrase)) and `prefixes` (effect → the words of
    its clause before the match) what `rule` gives, its earliest match kept."""
    plain = rule.kind is not Kind.CONDITION  # a condition may give another effect (a cure)
    for match in rule.pattern.finditer(text.normal):
        begin, end = match.span()
        index = _sentence_of(text, begin, end)
        if index < 0:
            continue
        start, sentence = text.sentences[index]
        span = (begin - start, min(end, start + len(sentence)) - start)
        named = [a - start for a, b in text.names if start <= a and b <= begin]
        effect = _judge(rule, sentence, *span, named=named)
        if effect and (effect not in found or begin < found[effect][0]):
            found[effect] = (begin, _phrase(sentence, *span))
            prefixes[effect] = _clause_prefix(sentence, span[0])
            if plain:
                return  # the rule's earliest match is kept


def _explain(text: str, name: str) -> tuple[tuple[str, str], ...]:
    """The effects of `text` (not empty) and their phrases; `name` is the card's own name."""
    name = _name_in(text, name)
    return _explained(text, tuple(_name_spans(normalise(text), normalise(name))) if name else ())


# The reading depends on the name only through where it stands in the text, so it is
# memoised by the text and those spans: every card printing the same words shares one
# reading, whatever it is called (a memo keyed on the name missed on every new name that
# the text mentions — a split card's face, a reprint under a new name).
@lru_cache(maxsize=1 << 16)
def _explained(text: str, names: tuple[tuple[int, int], ...]) -> tuple[tuple[str, str], ...]:
    normal = normalise(text)
    lowered, japanese = normal.lower(), bool(JAPANESE.search(normal))
    rules = [rule for rule, screen in _screened_rules() if screen.worth_running(lowered, japanese)]
    if not rules:
        return ()
    cut = _cut(normal, list(names), lowered, japanese)
    found: dict[str, tuple[int, str]] = {}  # effect → (where, the phrase), the earliest kept
    prefixes: dict[str, str] = {}  # effect → the words of its clause before the match
    for rule in rules:
        if rule.kind is not Kind.CONDITION and rule.effect in found:
            continue
        _apply(rule, cut, found, prefixes)
    if _restricts_the_taken_card(found, prefixes):
        del found["hazard"]
    return tuple((effect, found[effect][1]) for effect in EFFECT_NAMES if effect in found)


def _restricts_the_taken_card(found: dict[str, tuple[int, str]], prefixes: dict[str, str]) -> bool:
    """A card that takes control of a monster and then says "it cannot attack" (Mind Control,
    精神操作) restricts the monster it took, now on its own side: no Hazard."""
    if "hack" not in found or "hazard" not in found:
        return False
    return bool(_TAKEN.search(found["hack"][1]) and _BACK_REFERENCE.search(prefixes["hazard"]))


def explain_effects(text: str, name: str = "") -> dict[str, str]:
    """Effect → the phrase of `text` that gave it, in the rules' order. `name` is the card's
    own name, never read as text ("Boros Charm" is no charm). Cached: reprints share texts."""
    if not text:
        return {}
    return dict(_explain(text, name))


def tag_effects(text: str, name: str = "") -> tuple[str, ...]:
    """The effects `text` implies, in the rules' order, each once."""
    return tuple(effect for effect, _ in _explain(text, name)) if text else ()


def _name_in(text: str, name: str) -> str:
    """`name` when the text mentions it, else "": the cache then serves every card with the
    same text, whatever it is called (reprints, and other cards printing the same words)."""
    if not name:
        return ""
    folded = text.casefold()
    faces = (face.strip().casefold() for face in name.split("//"))
    return name if any(len(face) >= 3 and face in folded for face in faces) else ""


def _judge(rule: Rule, sentence: str, start: int, end: int, *, named: Sequence[int] = ()) -> str:
    """The effect a match at sentence[start:end] stands for, or "" when the context of its
    sentence rules it out. `named`: where the card's own name stands before it."""
    if rule.effect == "medical" and _cures_only_poison(sentence):
        return ""  # "Cure Poison", 「ポイズン」を回復する: Potion alone
    if rule.kind is Kind.PLAIN:
        return rule.effect
    prefix = _clause_prefix(sentence, start)
    clause_start = start - len(prefix)
    own_side = _own_side(prefix, sentence[:start]) or (
        any(at >= clause_start for at in named) and not OPPONENT.search(prefix)
    )
    if rule.kind is Kind.OWN:
        other = _OTHER_SIDE.search(prefix) or _OTHER_TOPIC.search(sentence, 0, start)
        if other:
            return ""
        return rule.effect
    if rule.kind is Kind.OPPONENT:
        if rule.effect == "hazard":  # "you may tap target …" is the opponent's creature,
            own_side = bool(_YOURS_AFTER.match(sentence, end)) or (  # "…you control" is not
                own_side and not _YOU_ACT.fullmatch(prefix)
            )
        return rule.effect if OPPONENT.search(sentence) and not own_side else ""
    if rule.kind is Kind.NOT_OWN:
        return "" if own_side else rule.effect
    if IMMUNE.search(sentence) or _replaced(sentence, start, end):
        return ""
    if CURE.search(sentence):
        return "potion" if rule.effect == "poison" else "medical"
    return "" if own_side else rule.effect


def _own_side(prefix: str, before: str) -> bool:
    """Whether the words before a match (its clause) name the card's own side. A bare "it"
    does only when the sentence has not named an opposing card before it."""
    if OPPONENT.search(prefix):
        return False
    if SELF.search(prefix):
        return True
    return bool(_IT.search(prefix)) and not OPPONENT.search(before)


def _replaced(sentence: str, start: int, end: int) -> bool:
    """Whether the condition at sentence[start:end] is one the card would suffer, replaced by
    something else (毒状態になる代わりに…, "if this Pokémon would be Poisoned, instead…"):
    neither the condition nor its cure."""
    return bool(_REPLACED_AFTER.match(sentence, end) or _REPLACED_BEFORE.search(sentence[:start]))


def _cures_only_poison(sentence: str) -> bool:
    return bool(_POISON_WORD.search(sentence)) and not _OTHER_CURE.search(sentence)


def _clause_prefix(sentence: str, start: int) -> str:
    breaks = [m.end() for m in _CLAUSE_BREAK.finditer(sentence, 0, start)]
    return sentence[breaks[-1] if breaks else 0 : start]


def _phrase(sentence: str, start: int, end: int) -> str:
    """The clause around sentence[start:end], as printed (cut to REASON_CHARS around it)."""
    before = [m.end() for m in _CLAUSE_BREAK.finditer(sentence, 0, start)]
    after = _CLAUSE_BREAK.search(sentence, end)
    left = before[-1] if before else 0
    right = after.start() if after else len(sentence)
    if right - left > REASON_CHARS:
        left = max(left, start - (REASON_CHARS - (end - start)) // 2)
        right = min(right, left + REASON_CHARS)
    return sentence[left:right].strip(" .。")


def _sentences(text: str) -> Iterator[tuple[int, str]]:
    for match in _SENTENCE.finditer(text):
        if match.group().strip():
            yield match.start(), match.group()


def _masked_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _MASKED.finditer(text)]


def _name_spans(text: str, name: str) -> list[tuple[int, int]]:
    """Where the card's own name (each face of "A // B") stands in the text."""
    spans: list[tuple[int, int]] = []
    lowered = text.lower()
    if len(lowered) != len(text):  # a rare letter whose lower case is longer: offsets shift
        lowered = text
    for face in (part.strip().lower() for part in name.split("//")):
        at = lowered.find(face) if len(face) >= 3 else -1
        while at >= 0:
            spans.append((at, at + len(face)))
            at = lowered.find(face, at + len(face))
    return spans


def parse_effect(word: str) -> str:
    """An effect name from its English or Japanese name; raises ValueError listing the names."""
    key = unicodedata.normalize("NFKC", word).strip().casefold()
    for name, name_ja in EFFECT_NAMES_JA.items():
        if key in (name, unicodedata.normalize("NFKC", name_ja).casefold()):
            return name
    raise ValueError(f"unknown effect {word!r}; expected one of {', '.join(EFFECT_NAMES)}")


def merge_reasons(*parts: Mapping[str, str]) -> dict[str, str]:
    """Several effect → reason maps as one, the first reason of each effect kept, in the
    rules' order."""
    merged: dict[str, str] = {}
    for part in parts:
        for effect, reason in part.items():
            merged.setdefault(effect, reason)
    return {name: merged[name] for name in EFFECT_NAMES if name in merged}
