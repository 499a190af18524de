"""The assistant's words: why each card is in the built deck, and why no legal deck exists
(the rules that cannot be met together, with the numbers), in English and Japanese."""

from __future__ import annotations

from collections.abc import Sequence

from converters.effects import EFFECT_NAMES_JA
from deckbuilder.assistant.model import Candidate, Rule, half_keys, life_size
from deckbuilder.deck import DeckFormat
from deckbuilder.rule_facts import FREE_SUMMON_MAX, HALF_DECK_SIZE, fill, life_need

Words = tuple[str, str]  # (English, Japanese)


def _effects(card: Candidate) -> Words:
    effects = card.card.effects
    if not effects:
        return "", ""
    en = ", ".join(effects)
    ja = "・".join(EFFECT_NAMES_JA.get(e.casefold(), e) for e in effects)
    return f"; effects {en}", f"。効果 {ja}"


def why(card: Candidate, half: str, *, included: bool, kept: bool, acquire: int) -> Words:
    """Why `card` is in `half` (a section key, `life` for the life set)."""
    card_type = card.card.card_type
    assert card_type is not None
    grade = card.unit_grade
    if grade is not None and grade <= FREE_SUMMON_MAX:
        en, ja = (f"free-summon unit, grade {grade:02d}",
                  f"フリー召喚できるユニット（戦闘力{grade:02d}）")  # fmt: skip
    elif grade is not None:
        en, ja = (f"grade {grade:02d} unit, reachable by a grade summon with the cards in play "
                  f"by {half}", f"戦闘力{grade:02d}のユニット。{half} までの場のカードで"
                  "グレード召喚できます")  # fmt: skip
    elif card.helps:
        en, ja = ("weapon: +1 to the stack under it (summon material)",
                  "ウェポン：スタックに＋1（召喚の素材）")
    elif card.is_life:
        en, ja = f"{card_type.label} for the life set", f"ライフ用の{card_type.label_ja}"
    else:
        en, ja = card_type.label, card_type.label_ja
    more_en, more_ja = _effects(card)
    en, ja = en + more_en, ja + more_ja
    if kept:
        en, ja = f"kept from the deck; {en}", f"元のデッキから。{ja}"
    elif included:
        en, ja = f"asked for (--include); {en}", f"指定（--include）。{ja}"
    if acquire:
        en, ja = f"{en} — acquire {acquire}", f"{ja}（{acquire}枚入手）"
    return en, ja


def infeasible(rules: Sequence[Rule], fmt: DeckFormat, candidates: Sequence[Candidate],
               time_limit: float) -> list[tuple[Rule | None, str, str]]:  # fmt: skip
    """Each rule that cannot be met, with the numbers of the collection: "you have 2 free life
    cards; a full deck needs exactly 5"."""
    if not rules:
        return [(None, f"no legal deck was found within the time limit of {time_limit:g} s; "
                 "give a longer --time-limit",
                 f"制限時間{time_limit:g}秒内に正規のデッキが見つかりませんでした。"
                 "--time-limit を長くしてください")]  # fmt: skip
    life = [c for c in candidates if c.is_life and (c.free > 0 or c.acquirable)]
    deck = [c for c in candidates if not c.is_life and c.card.card_type is not None
            and (c.free > 0 or c.acquirable)]  # fmt: skip
    halves = len(half_keys(fmt, 1))
    need, need_ja = life_need(fmt), life_need(fmt, "ja")
    copies = sum(min(c.free, halves) for c in deck)
    found: list[tuple[Rule | None, str, str]] = []
    for rule in rules:
        if rule is Rule.LIFE:
            found.append((rule, f"you have {len(life)} free life cards ("
                          + fill("{{LIFE_TYPES_OR}}") + f", each once); a {fmt.value} deck "
                          f"needs {need} ({life_size(fmt, 0)})",
                          "空いているライフ・カード（" + fill("{{LIFE_TYPES_OR}}", "ja") + "、"
                          f"各1枚）は{len(life)}枚です。"
                          f"{fmt.label_ja}のデッキには{need_ja}必要です"))
        elif rule is Rule.HALVES:
            found.append((rule, f"you have {len(deck)} different free deck cards ({copies} "
                          f"copies usable); {halves} half deck(s) of {HALF_DECK_SIZE} different "
                          f"cards need at least {HALF_DECK_SIZE} different cards and "
                          f"{HALF_DECK_SIZE * halves} copies",
                          f"空いているデッキ用カードは{len(deck)}種類（使える枚数{copies}枚）です。"
                          f"{HALF_DECK_SIZE}種類ずつのハーフデッキ{halves}個には{HALF_DECK_SIZE}"
                          f"種類以上・{HALF_DECK_SIZE * halves}枚が必要です"))  # fmt: skip
        elif rule is Rule.FREE_SUMMON:
            found.append((rule, fill("you have no free unit of grade {{FREE_MAX}} or less for "
                                     "the entry deck"),
                          fill("エントリーデッキに入れる戦闘力{{FREE_MAX}}以下の空いているユニットが"
                               "ありません", "ja")))
        elif rule is Rule.REACH:
            found.append((rule, fill("units of grade {{GRADE_SUMMON_MIN}} or more cannot all "
                                     "be grade-summoned with the materials in play, and too "
                                     "few other cards fill the half decks"),
                          fill("戦闘力{{GRADE_SUMMON_MIN}}以上のユニットを場の素材でグレード召喚"
                               "できず、代わりにハーフデッキを埋めるカードが足りません",
                               "ja")))  # fmt: skip
        elif rule is Rule.INCLUDE:
            found.append((rule, "the cards asked for with --include cannot all be placed",
                          "--include で指定したカードをすべては入れられません"))
        else:
            found.append((rule, "the lines kept from the deck (--complete) cannot all stay "
                          "where they are", "--complete のデッキの行をそのままでは残せません"))
    return found
