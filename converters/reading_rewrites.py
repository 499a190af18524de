"""The matrix's three rewrites (docs/rules.md §6) in every source game's English and Japanese:

* a life payment as a cost — any number, LP, half your LP — reads "pay 1 life card";
* the hand is never discarded: discarding from the hand, or moving cards from the hand to the
  graveyard / GY / waiting room / trash / discard pile, reads "put … on the bottom of the
  library"; discarding cards in play (attached Energy, field cards, and the card itself when
  its sentence attaches it or discards it as a turn ends: "When your turn ends, discard this
  card") stays;
* choosing a card from the library (search, add / Special Summon / send from the Deck) reads
  "take … from the 2nd or later cards of the library just shuffled"; looking at the top cards
  stays (they are not chosen from the whole library).

Each rewrite keeps the sentence grammatical: verbs keep their person and tense ("discards" →
"puts"), Japanese verbs their conjugation (捨てて → 戻して)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from converters.needles import Screen

Replacement = Callable[[re.Match[str]], str]

LIBRARY_BOTTOM = "on the bottom of the library"
LIBRARY_BOTTOM_JA = "ライブラリの一番下に戻"
SHUFFLED = "the 2nd or later cards of the library just shuffled"
SHUFFLED_JA = "直前にシャッフルしたライブラリの2枚目以降"
LIFE_CARD = "1 life card"
LIFE_CARD_JA = "ライフ・カードを1枚"

_I = re.IGNORECASE


def _cased(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _verb(forms: dict[str, str]) -> Callable[[str], str]:
    """A verb's replacement in the same person/tense and capitalisation."""
    return lambda verb: _cased(forms[verb.lower()], verb)


_PUT = _verb({"discard": "put", "discards": "puts", "discarding": "putting", "send": "put",
              "sends": "puts", "sending": "putting", "trash": "put", "trashes": "puts",
              "trashing": "putting", "put": "put", "puts": "puts",
              "putting": "putting"})  # fmt: skip
_TAKE = _verb({"search": "take", "searches": "takes", "searching": "taking"})

# --- Life payment ----------------------------------------------------------------------------

_PAY_LIFE = re.compile(
    r"\b(?P<verb>pay|pays|paying|paid)\s+(?:(?:\d[\d,]*|X|half(?: of)?|an amount of|any amount "
    r"of)\s+)?(?:(?:your|their|his or her)\s+)?(?:life points|life|LP)\b"
    r"(?:\s+(?:equal to|so that)\b[^,.;:]*)?",
    _I,
)
_PAY_LIFE_JA = re.compile(
    r"(?:ライフポイント|ライフ|LP|ＬＰ)を?\s*(?:[\d０-９,]+|半分)\s*(?:ポイント)?(?:を)?(?=支?払)|"
    r"[\d０-９,]+\s*(?:ライフポイント|ライフ|LP|ＬＰ)(?:ポイント)?を?(?=支?払)|"
    r"[\d０-９XＸ]+点のライフを(?=支?払)"
)

# --- Discarding from the hand ----------------------------------------------------------------

_CLAUSE_END = (r"(?=\s+(?:and|then|unless|until|to|in order to)\s|\s+as (?!many|much|possible)|"
               r"\s+at random\b|"
               r"\s+or (?:pay|sacrifice|exile|return|put|tap|reveal|lose|remove)\b|"
               r"[.,;:()\[\]【】\n]|$)")
_DISCARD = re.compile(
    rf"\b(?P<verb>discard|discards|discarding)(?! pile)\s+(?P<obj>[^.,;:()\n]*?){_CLAUSE_END}", _I
)
_FROM_HAND = re.compile(r"\b(?:from|in) (?:your|their|his or her|the|that player's) hands?\b|"
                        r"\b(?:your|their|his or her) hands?\b", _I)  # fmt: skip
#: a discard of cards just looked at ("Look at the top 2 cards… Discard the other card")
_LOOKED_AT = re.compile(r"(?:the )?(?:other|rest|remaining)\b", _I)
#: a discard that is not from the hand: cards in play, energy attached, the top of the library
_IN_PLAY = re.compile(r"\b(?:attached|in play|from play|battlefield|field|top|bottom|deck|library|"
                      r"pokémon|stadium|from (?:this|that|it))\b", _I)  # fmt: skip
#: the card itself or a card just named ("discard this card", "discard it", "discard Fluffy Berry")
_SELF_OBJECT = re.compile(r"(?:this (?:card|pokémon tool|stadium|supporter)|it|them|"
                          r"(?-i:(?!(?:A|An|The|One|Two|Three|All|Any|Each|Up|X)\b)"
                          r"[A-Z][\w'’!.-]*(?: (?:[A-Z][\w'’!.-]*|of|the))*))", _I)  # fmt: skip
_HAND = re.compile(r"\bhands?\b", _I)
_WHEN = re.compile(r"\s+(?:at the end of|when|if|during)\b.*", _I)
#: a sentence placing that card in play: attached, next to the Active Pokémon, discarded when a
#: turn ends or another Stadium comes into play (old Supporters and Pokémon Tools)
_PLACED = re.compile(r"\battach(?:ed|es)?\b|\bin play\b|\bnext to\b|\bturn ends\b|"
                     r"\bend of (?:your|each|the|that|this|your opponent's|his or her|their) "
                     r"(?:next )?turn\b|\bcomes into play\b", _I)  # fmt: skip
_SEND_FROM_HAND = re.compile(
    r"\b(?P<verb>send|sends|sending|put|puts|putting|trash|trashes|trashing)\s+"
    r"(?P<obj>[^.;:\n]*?\b(?:from|in) (?:your|their|his or her) hand)"
    r"(?:\s+(?:to|into) (?:the|your|their|his or her) "
    r"(?:GY|graveyard|waiting room|trash|discard pile))?"
    r"(?=[\s.,;:)\]】]|$)",
    _I,
)
#: YGO: "send your entire hand to the GY"
_SEND_HAND = re.compile(
    r"\b(?P<verb>send|sends|sending)\s+(?P<obj>(?:your|their|his or her) (?:entire )?hand)\s+"
    r"to (?:the|your|their|his or her) (?:GY|graveyard)\b",
    _I,
)
#: WS: "choose a card in your hand, and put it into your waiting room"
_CHOSEN_FROM_HAND = re.compile(
    r"\b(?P<head>choose (?:a|an|one|\d+|up to \d+) cards? in your hand,? and )(?P<verb>put) "
    r"(?P<obj>it|them) into your (?:waiting room|graveyard|trash|discard pile)\b",
    _I,
)
_CLAUSE_AFTER = re.compile(r"[.,;:\n]")
_TO_DISCARD_ZONE = re.compile(r"\b(?:to|into) (?:the|your|their|his or her) (?:GY|graveyard|"
                              r"waiting room|trash|discard pile)\b", _I)  # fmt: skip

_JA_HAND = r"(?P<head>手札(?:(?!加え|デッキ|山札|フィールド|場|。)[^。]){0,30}?)"
_JA_DISCARDS: tuple[tuple[str, dict[str, str]], ...] = (
    (r"捨て(?!札)(?P<c>させる|させて|させ|なければ|る|て|た|れば|ず|、|)",
     {"させる": "させる", "させて": "させて", "させ": "させ", "なければ": "さなければ", "る": "す",
      "て": "して", "た": "した", "れば": "せば", "ず": "さず", "、": "し、", "": "し"}),
    (r"墓地(?:へ|に)送(?P<c>る|って|った|り|れば|らなければ)",
     {"る": "す", "って": "して", "った": "した", "り": "し", "れば": "せば",
      "らなければ": "さなければ"}),
    (r"(?:控え室|トラッシュ)に置(?P<c>く|いて|いた|き|けば|かなければ)",
     {"く": "す", "いて": "して", "いた": "した", "き": "し", "けば": "せば",
      "かなければ": "さなければ"}),
    (r"トラッシュ(?P<c>する|して|した|しなければ|し|すれば)",
     {"する": "す", "して": "して", "した": "した", "しなければ": "さなければ", "し": "し",
      "すれば": "せば"}),
    # Digimon: 自分の手札1枚を破棄する
    (r"破棄(?P<c>する|して|した|しなければ|し|すれば)",
     {"する": "す", "して": "して", "した": "した", "しなければ": "さなければ", "し": "し",
      "すれば": "せば"}),
)  # fmt: skip
#: 捨てる with no 手札 in its sentence is still a discard from the hand (MTG, DM: そのプレイヤーは
#: カードを2枚捨てる), unless the sentence names the deck, the field or energy
_JA_BARE_DISCARD = (r"(?m)(?:^|(?<=。))"
                    r"(?P<head>(?:(?!手札|山札|デッキ|フィールド|場|エネルギー|上から)[^\n。]){0,40}?)")
_JA_PLACED = re.compile(
    r"(?:(?:番|ターン)の終わり|終了時|(?:つい|つけ|付い|付け)ている)[^。]*このカードを$"
)

# --- Choosing from the library ---------------------------------------------------------------

_SEARCH = re.compile(
    r"\b(?P<verb>search|searches|searching)\s+(?:your|their|his or her|its owner's|that "
    r"player's|target player's|your opponent's)\s+(?:library|deck)\s+for\s+"
    r"(?P<obj>[^,.;\n]*?)(?=,|\.|;|\s+and\s|\s+then\s|\n|$)",
    _I,
)
_FROM_DECK = re.compile(
    r"\b(?P<lead>(?:from|in) (?:your|their|his or her|its owner's) (?:(?:hand|GY|Graveyard)"
    r"(?:,| or| and/or) )*)(?:Deck|library)\b",
    _I,
)
#: a clause with these words does not choose from the whole library
_NOT_A_CHOICE = re.compile(r"\b(?:top|bottom|draw|draws|shuffle \w+ into|mill)\b", _I)
_FROM_DECK_JA = re.compile(
    r"(?:自分の)?(?:デッキ|山札)(?P<p>から|を見て)(?![^。、]{0,6}?(?:ドロー|引))"
    r"(?=[^。]*?(?:加え|特殊召喚|送|選|出|置|つけ|除外))"
)


def _pay_life(match: re.Match[str]) -> str:
    return f"{match.group('verb')} {LIFE_CARD}"


def _discard(match: re.Match[str]) -> str:
    obj = match.group("obj")
    after = match.string[match.end() : match.end() + 40]
    from_hand = _FROM_HAND.search(obj)
    if not from_hand and (_IN_PLAY.search(obj) or _IN_PLAY.match(after.strip())):
        return match.group()
    if _LOOKED_AT.match(obj) or _discards_a_card_in_play(match):
        return match.group()
    where = "" if from_hand else " from the hand"
    return f"{_PUT(match.group('verb'))} {obj}{where} {LIBRARY_BOTTOM}"


def _discards_a_card_in_play(match: re.Match[str]) -> bool:
    """Whether a discard of "this card" / "it" / a card's name is of a card in play: its
    sentence attaches it, puts it next to the Active Pokémon or discards it when a turn ends,
    and names no hand before the discard ("choose a card from your opponent's hand … and
    discard it" is a discard from the hand)."""
    obj = _WHEN.sub("", match.group("obj")).strip()  # "Fluffy Berry at the end of your turn"
    if not _SELF_OBJECT.fullmatch(obj):
        return False
    text = match.string
    start = max(text.rfind(end, 0, match.start()) for end in ".\n") + 1
    end = _CLAUSE_AFTER.search(text, match.end())
    before = text[start : match.start()]
    context = text[start : end.start() if end else len(text)]  # up to the discard's clause end
    return bool(_PLACED.search(context)) and not _HAND.search(before)


def _send_from_hand(match: re.Match[str]) -> str:
    whole = match.group()
    verb = match.group("verb").lower()
    if verb.startswith(("put", "send")) and not _TO_DISCARD_ZONE.search(whole):
        return whole  # "put a card from your hand onto the battlefield" stays
    return f"{_PUT(match.group('verb'))} {match.group('obj')} {LIBRARY_BOTTOM}"


def _search(match: re.Match[str]) -> str:
    return f"{_TAKE(match.group('verb'))} {match.group('obj')} from {SHUFFLED}"


def _from_deck(match: re.Match[str]) -> str:
    clause_start = max(match.string.rfind(c, 0, match.start()) for c in ".;:\n")
    clause = match.string[clause_start + 1 : match.end() + 30]
    if _NOT_A_CHOICE.search(clause):
        return match.group()
    lead = match.group("lead")
    other_zones = re.search(r"hand|GY|graveyard", lead, _I)
    return f"{lead}{SHUFFLED}" if other_zones else f"{lead.split()[0]} {SHUFFLED}"


def _ja_discard(forms: dict[str, str]) -> Replacement:
    return lambda m: f"{m.group('head')}{LIBRARY_BOTTOM_JA}{forms[m.group('c')]}"


def _ja_bare_discard(forms: dict[str, str]) -> Replacement:
    """捨てる with no 手札: from the hand, unless it is the card itself, in play (ついている,
    横に置いた) or discarded when a turn ends (自分の番の終わりに、このカードを捨てる)."""
    replace = _ja_discard(forms)
    return lambda m: m.group() if _JA_PLACED.search(m.group("head")) else replace(m)


REWRITES: tuple[tuple[re.Pattern[str], Replacement | str], ...] = (
    (_PAY_LIFE, _pay_life),
    (_PAY_LIFE_JA, LIFE_CARD_JA),
    (_SEND_FROM_HAND, _send_from_hand),
    (_SEND_HAND, lambda m: f"{_PUT(m.group('verb'))} {m.group('obj')} {LIBRARY_BOTTOM}"),
    (_CHOSEN_FROM_HAND, lambda m: f"{m.group('head')}put {m.group('obj')} {LIBRARY_BOTTOM}"),
    (_DISCARD, _discard),
    *((re.compile(_JA_HAND + verb), _ja_discard(forms)) for verb, forms in _JA_DISCARDS),
    (re.compile(_JA_BARE_DISCARD + _JA_DISCARDS[0][0]), _ja_bare_discard(_JA_DISCARDS[0][1])),
    (_SEARCH, _search),
    (_FROM_DECK, _from_deck),
    (_FROM_DECK_JA, lambda m: f"{SHUFFLED_JA}{m.group('p')}"),
)


@lru_cache(maxsize=1)
def _screened() -> tuple[tuple[re.Pattern[str], Replacement | str, Screen], ...]:
    return tuple((pattern, replacement, Screen(pattern)) for pattern, replacement in REWRITES)


def rewrite(text: str, *, japanese: bool) -> str:
    """`text` with the three rewrites applied (unchanged when none applies)."""
    lowered = text.lower()
    for pattern, replacement, screen in _screened():
        if screen.worth_running(lowered, japanese):
            text = pattern.sub(replacement, text)
    return text
