"""Deck cases derived from the rules (TWGP_RULES.md §1 grade summons, §4 decks and life sets,
and the policies written beside them), each with the verdict the rules give: the violations
and warnings, as `CODE@section` (and the unit, for UNSUMMONABLE).

Cards: tests/deckbuilder/rule_cases.py (grades in brackets below). Free units: Llanowar Elves
[01], Kuriboh [01], Grizzly Bears [02], Sangan [03], Pikachu [04], Serra Angel, Baneslayer
Angel, Sengir Vampire, Cyber Dragon [05], Effect Veiler, Ash Blossom [00]. Grade units: Shivan
Dragon [06], Dark Magician [07], Raichu [08], Snorlax [09], Blastoise, Machamp [10], Charizard
[12], Emrakul [15], Pikachu ex [20]. Weapons: Bonesplitter, Axe of Despair, Black Pendant, Mind
Control (mtg), and Mask of the Accursed, a curse (−1)."""

from __future__ import annotations

import pytest

from deckbuilder.codes import Code, FormatCode, Violation
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse
from tests.deckbuilder.rule_cases import ELVES, LIFE, deck, filler_pool, half, resolver
from tests.deckbuilder.sample_cards import LIFE5

SERRA, BANESLAYER, SENGIR = "mtg Serra Angel", "mtg Baneslayer Angel", "mtg Sengir Vampire"
CYBER, PIKACHU, SANGAN = "yugioh Cyber Dragon", "pokemon Pikachu", "yugioh Sangan"
BEARS, KURIBOH = "mtg Grizzly Bears", "yugioh Kuriboh"
VEILER, ASH = "yugioh Effect Veiler", "yugioh Ash Blossom & Joyous Spring"
SHIVAN, DM, RAICHU = "mtg Shivan Dragon", "yugioh Dark Magician", "pokemon Raichu"
SNORLAX, BLASTOISE, MACHAMP = "pokemon Snorlax", "pokemon Blastoise", "pokemon Machamp"
CHARIZARD, EMRAKUL, PIKA_EX = "pokemon Charizard", "mtg Emrakul, the Aeons Torn", "pokemon Pikachu ex"
WEAPONS = ["mtg Bonesplitter", "yugioh Axe of Despair", "yugioh Black Pendant",
           "mtg Mind Control", "mtg Sword of Fire and Ice", "mtg Umezawa's Jitte",
           "yugioh Lightning Blade"]
CURSE = "yugioh Mask of the Accursed"
LIFE12 = [*LIFE["trial"], "yugioh Gravity Bind", "yugioh Messenger of Peace",
          "mtg Ensnaring Bridge", "mtg Propaganda"]


def unsummonable(section: str, card: str) -> str:
    return f"UNSUMMONABLE@{section}:{card}"


CASES = [
    # --- §4: sizes of each format, the entry's 15 + 5 -----------------------------------------
    pytest.param(deck("half"), [], "", id="half: 20 cards, life 3: legal"),
    pytest.param(deck("full", final_1=[]), [], "", id="full: entry + one final, life 5: legal"),
    pytest.param(deck("full", final_1=[], final_2=[], final_3=[]), [], "",
                 id="full: three candidate finals: legal"),
    pytest.param(deck("full", final_1=[], final_2=[], final_3=[], final_4=[]),
                 ["FINAL_COUNT@deck"], "it has 4", id="full: four finals"),
    pytest.param(deck("full"), ["FINAL_COUNT@deck"], "it has 0", id="full: no final"),
    pytest.param(deck("half", final_1=[]), ["FINAL_COUNT@deck"], "", id="half: with a final"),
    pytest.param(deck("trial", half_2=[], half_3=[]), [], "", id="trial: three halves: legal"),
    pytest.param(deck("trial", life=LIFE12[:9], half_2=[], half_3=[], half_4=[], half_5=[]), [],
                 "", id="trial: five halves, life 9: legal"),
    pytest.param(deck("trial", half_2=[]), ["TRIAL_HALVES@deck"], "it has 2",
                 id="trial: two halves (40 cards)"),
    pytest.param(deck("trial"), ["TRIAL_HALVES@deck"], "it has 1", id="trial: the entry only"),
    pytest.param(deck("full", final_1=[], half_2=[]), ["TRIAL_HALVES@deck"], "only trial",
                 id="full: an added half"),
    pytest.param(deck("trial", final_1=[], half_2=[], half_3=[]), ["FINAL_COUNT@deck"], "",
                 id="trial: a final"),
    pytest.param(deck("full", final_1=[], library=14), ["ENTRY_SPLIT@entry", "HALF_SIZE@entry"],
                 "14 library and 5 archive", id="entry 14 + 5"),
    pytest.param(deck("full", final_1=[], library=16), ["ENTRY_SPLIT@entry", "HALF_SIZE@entry"],
                 "has 21 cards", id="entry 16 + 5"),
    pytest.param(deck("full", final_1=[], library=16, archive=4), ["ENTRY_SPLIT@entry"], "",
                 id="entry 16 + 4: 20 cards, split wrong"),
    pytest.param(deck("half", archive=6), ["ENTRY_SPLIT@entry", "HALF_SIZE@entry"], "",
                 id="entry 15 + 6"),
    pytest.param(deck("full", final_1=["=", *half(size=19)]), ["HALF_SIZE@final.1"],
                 "has 19 cards", id="final of 19"),
    pytest.param(deck("full", final_1=["=", *half(size=21)]), ["HALF_SIZE@final.1"],
                 "has 21 cards", id="final of 21"),
    pytest.param(deck("trial", half_2=[], half_3=["=", *half(size=19)]), ["HALF_SIZE@half.3"],
                 "", id="trial: half.3 of 19"),
    # --- §4: life sets ------------------------------------------------------------------------
    pytest.param(deck("half", life=LIFE5[:2]), ["LIFE_SIZE@life"], "exactly 3",
                 id="half: life 2"),
    pytest.param(deck("half", life=LIFE5[:4]), ["LIFE_SIZE@life"], "", id="half: life 4"),
    pytest.param(deck("full", final_1=[], life=LIFE5[:4]), ["LIFE_SIZE@life"], "exactly 5",
                 id="full: life 4"),
    pytest.param(deck("full", final_1=[], life=LIFE12[:6]), ["LIFE_SIZE@life"], "",
                 id="full: life 6"),
    pytest.param(deck("trial", life=LIFE12[:7], half_2=[], half_3=[]), ["LIFE_SIZE@life"],
                 "at least 8", id="trial: life 7"),
    pytest.param(deck("trial", life=LIFE12, half_2=[], half_3=[]), [], "",
                 id="trial: life 12 (no upper limit): legal"),
    pytest.param(deck("half", life=[*LIFE5[:2], LIFE5[0]]), ["DUPLICATE_IN_LIFE@life"], "",
                 id="life: one card twice"),
    pytest.param(deck("half", life=[LIFE5[0], "2 " + LIFE5[1]]), ["DUPLICATE_IN_LIFE@life"],
                 "2 copies", id="life: a quantity of 2"),
    pytest.param(deck("half", life=[*LIFE5[:2], "yugioh Mirror Force"]),
                 ["LIFE_CARD_TYPE@life"], "Charge Trap", id="life: a charge trap"),
    pytest.param(deck("half", life=[*LIFE5[:2], SERRA]), ["LIFE_CARD_TYPE@life"], "Unit",
                 id="life: a unit"),
    pytest.param(deck("half", life=[*LIFE5[:2], "mtg Bonesplitter"]), ["LIFE_CARD_TYPE@life"],
                 "", id="life: a weapon"),
    pytest.param(deck("half", ELVES, "yugioh Skill Drain"), ["DECK_CARD_TYPE@entry"], "",
                 id="a life trap in the entry"),
    pytest.param(deck("full", final_1=["mtg Glorious Anthem"], life=LIFE12[4:9]),
                 ["DECK_CARD_TYPE@final.1"], "", id="a life counter in a final"),
    # --- §4: no duplicates within one half (identity, not name) -------------------------------
    pytest.param(deck("half", ELVES, "mtg Lightning Bolt", "mtg Lightning Bolt"),
                 ["DUPLICATE_IN_HALF@entry"], "2 copies", id="one card twice in the entry"),
    pytest.param(deck("full", final_1=["2 mtg Lightning Bolt"]), ["DUPLICATE_IN_HALF@final.1"],
                 "", id="a quantity of 2 in a final"),
    pytest.param(deck("half", ELVES, "mtg Lightning Bolt", "mtg 稲妻"),
                 ["DUPLICATE_IN_HALF@entry"], "", id="one card in English and Japanese"),
    pytest.param(deck("half", ELVES, "mtg Lightning Bolt [m10-bolt]",
                      "mtg Lightning Bolt [m10-bolt-ja]"), ["DUPLICATE_IN_HALF@entry"], "",
                 id="two printings of one card"),
    pytest.param(deck("full", ELVES, "mtg Lightning Bolt", final_1=["mtg Lightning Bolt"]), [],
                 "", id="one card in the entry and in a final: legal"),
    pytest.param(deck("full", final_1=["mtg Lightning Bolt"], final_2=["mtg Lightning Bolt"]),
                 [], "", id="one card in two finals: legal"),
    pytest.param(deck("half", ELVES, "mtg Mind Control", "yugioh Mind Control"), [], "",
                 id="one name in two games: two cards, legal"),
    pytest.param(deck("full", final_1=["mtg Black Lotus"]), ["UNKNOWN_CARD@final.1"],
                 "no mtg card named", id="a card the catalog lacks"),
    pytest.param(deck("full", final_1=["mtg Forest"]), ["UNCONVERTED@final.1"], "",
                 id="a card with no TWGP type"),
    # --- §4 policy: the variant pool ----------------------------------------------------------
    pytest.param(deck("half", pool=filler_pool(20)), ["POOL@pool"], "a half deck has no pool",
                 id="pool in a half deck"),
    pytest.param(deck("full", pool=filler_pool(20)), [], "", id="full: the final from a pool"),
    pytest.param(deck("full", pool=filler_pool(19)), ["POOL@pool"], "19 different usable",
                 id="full: a pool of 19"),
    pytest.param(deck("full", pool=[*filler_pool(19), "mtg Glorious Anthem"]), ["POOL@pool"],
                 "19 different usable", id="full: a pool of 20 with a life card"),
    pytest.param(deck("full", final_1=[], pool=filler_pool(20)), [], "",
                 id="full: finals and a pool"),
    pytest.param(deck("trial", pool=filler_pool(20)), ["TRIAL_HALVES@deck"],
                 "1 written and 1 from its pool of 20 cards", id="trial: entry + pool of 20"),
    pytest.param(deck("trial", pool=filler_pool(39)), ["TRIAL_HALVES@deck"],
                 "1 from its pool of 39", id="trial: entry + pool of 39"),
    pytest.param(deck("trial", pool=filler_pool(40)), [], "", id="trial: entry + pool of 40"),
    pytest.param(deck("trial", half_2=[], pool=filler_pool(20)), [], "",
                 id="trial: two halves + pool of 20"),
    pytest.param(deck("trial", pool=[f"2 {c}" for c in filler_pool(20)]), [], "",
                 id="trial: pool of 20 cards twice"),
    pytest.param(deck("trial", pool=[f"21 {filler_pool(1)[0]}", *filler_pool(20)[1:]]),
                 ["TRIAL_HALVES@deck"], "1 from its pool of 40",
                 id="trial: pool of 40 with one card 21 times"),
    pytest.param(deck("trial", pool=filler_pool(19)), ["POOL@pool", "TRIAL_HALVES@deck"], "",
                 id="trial: entry + pool of 19"),
    # --- §1: free summons and grade summons, materials used up --------------------------------
    pytest.param(deck("half", DM), ["NO_FREE_SUMMON@entry", unsummonable("entry", DM)],
                 "fewer than two units", id="entry with no free unit"),
    pytest.param(deck("half", SERRA), [], "", id="one free unit, nothing to summon"),
    pytest.param(deck("half", SERRA, PIKACHU, RAICHU), [], "", id="05 + 04 bring 08"),
    pytest.param(deck("half", ELVES, BEARS, DM), [unsummonable("entry", DM)],
                 "reach only 03 (mtg Grizzly Bears 02 + mtg Llanowar Elves 01)",
                 id="01 + 02 cannot bring 07"),
    pytest.param(deck("half", ELVES, DM), [unsummonable("entry", DM)], "fewer than two",
                 id="one free unit cannot grade-summon"),
    pytest.param(deck("half", SERRA, BANESLAYER, BLASTOISE, EMRAKUL),
                 [unsummonable("entry", EMRAKUL)],
                 "reach only 10 (mtg Serra Angel 05 + mtg Baneslayer Angel 05)",
                 id="the rules' example: 05, 05, 10 and a 15"),
    pytest.param(deck("half", SERRA, BANESLAYER, SENGIR, BLASTOISE, EMRAKUL), [], "",
                 id="a third 05 partners the 10 for the 15"),
    pytest.param(deck("half", SERRA, BANESLAYER, SENGIR, CYBER, BLASTOISE, MACHAMP, PIKA_EX),
                 [], "", id="two 10s, each on 05 + 05, bring a 20"),
    pytest.param(deck("half", SERRA, PIKACHU, RAICHU, CHARIZARD),
                 [unsummonable("entry", CHARIZARD)], "reach only 09",
                 id="the 08 absorbs 05 + 04: no pair left for the 12"),
    pytest.param(deck("half", SERRA, PIKACHU, SANGAN, RAICHU, CHARIZARD), [], "",
                 id="a summoned 08 + 04 bring the 12"),
    pytest.param(deck("half", SERRA, PIKACHU, *WEAPONS[:3], CHARIZARD), [], "",
                 id="05 + 04 + 3 weapons bring the 12"),
    pytest.param(deck("half", SERRA, PIKACHU, *WEAPONS[:2], CHARIZARD),
                 [unsummonable("entry", CHARIZARD)], "reach only 11 (mtg Serra Angel 05 + "
                 "pokemon Pikachu 04 + 2 weapons)", id="05 + 04 + 2 weapons fall short of 12"),
    pytest.param(deck("half", SERRA, PIKACHU, *WEAPONS[:2], CURSE, CHARIZARD),
                 [unsummonable("entry", CHARIZARD)], "reach only 11",
                 id="a curse-like weapon never raises a stack"),
    pytest.param(deck("half", SERRA, BANESLAYER, BLASTOISE, BEARS, *WEAPONS[:3], EMRAKUL), [], "",
                 id="a summoned 10 with its own 3 weapons + 02 bring the 15"),
    pytest.param(deck("half", SERRA, BANESLAYER, BLASTOISE, BEARS, EMRAKUL),
                 [unsummonable("entry", EMRAKUL)], "reach only 12",
                 id="without weapons the 10 + 02 reach 12"),
    pytest.param(deck("half", VEILER, SERRA, *WEAPONS[:3], RAICHU), [], "",
                 id="05 + 3 weapons on a 00 partner bring 08"),
    pytest.param(deck("half", VEILER, ASH, *WEAPONS, SHIVAN), [unsummonable("entry", SHIVAN)],
                 "reach only 00", id="00 units carry no weapons"),
    pytest.param(deck("half", ELVES, KURIBOH, *WEAPONS, SNORLAX),
                 [unsummonable("entry", SNORLAX)], "reach only 08 (mtg Llanowar Elves 01 + "
                 "yugioh Kuriboh 01 + 6 weapons)", id="at most 3 weapons a stack"),
    pytest.param(deck("full", ELVES, BEARS, DM, final_1=[SERRA, PIKACHU, SANGAN, CHARIZARD]),
                 [unsummonable("entry", DM)], "", id="a final is judged with the entry in play"),
    pytest.param(deck("full", SERRA, PIKACHU, final_1=[RAICHU]), [], "",
                 id="the entry's units bring a final's 08"),
    pytest.param(deck("full", ELVES, CHARIZARD, final_1=[SERRA, PIKACHU]),
                 [unsummonable("entry", CHARIZARD)], "", id="a final's units come too late"),
    pytest.param(deck("full", final_1=[SERRA, PIKACHU], final_2=[RAICHU]),
                 [unsummonable("final.2", RAICHU)], "",
                 id="one final does not see another"),
    pytest.param(deck("trial", SANGAN, half_2=[SERRA], half_3=[RAICHU]), [], "",
                 id="trial: half.3 sees the entry and half.2"),
    pytest.param(deck("trial", half_2=[RAICHU], half_3=[SERRA, PIKACHU]),
                 [unsummonable("half.2", RAICHU)], "", id="trial: half.2 cannot wait for half.3"),
    pytest.param(deck("full", ELVES, pool=[CHARIZARD, *filler_pool(19)]),
                 [unsummonable("pool", CHARIZARD)], "", id="a pool's unit with the entry in play"),
    pytest.param(deck("full", SERRA, PIKACHU, pool=[RAICHU, *filler_pool(19)]), [], "",
                 id="the entry's units bring a pool's 08"),
]


def tag(v: Violation) -> str:
    where = f"{v.code.value}@{v.section}"
    return f"{where}:{v.cards[0]}" if v.code is Code.UNSUMMONABLE else where


def test_there_are_at_least_60_cases() -> None:
    assert len(CASES) >= 60


@pytest.mark.parametrize(("text", "verdict", "said"), CASES)
def test_the_verdict_the_rules_give(text: str, verdict: list[str], said: str) -> None:
    report = validate_deck(parse(text), resolver())
    problems = [*report.violations, *report.warnings]
    assert sorted(tag(v) for v in problems) == sorted(verdict)
    warned = [v for v in problems if isinstance(v.code, Code | FormatCode) and v.code.is_warning]
    assert report.legal is (len(warned) == len(problems))
    if said:
        assert any(said in v.message for v in problems), [v.message for v in problems]
        assert all(v.message_ja for v in problems)
