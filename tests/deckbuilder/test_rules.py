"""Every violation code and warning, triggered and not, on decks of several games."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deckbuilder.codes import MEANINGS, MESSAGES, Code
from deckbuilder.resolve import CardInfo, MemoryResolver, resolve_deck
from deckbuilder.service import ValidationReport, validate_deck
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import (
    ARCHIVE,
    FINAL,
    LC,
    LIBRARY,
    LIFE5,
    LIFE_EXTRA,
    U,
    decklist,
    full_deck,
    sample_cards,
    sample_resolver,
)
from tests.helpers.decks import check


def codes(report: ValidationReport) -> list[str]:
    return sorted(v.code.value for v in report.violations)


def warning_codes(report: ValidationReport) -> list[str]:
    return sorted(w.code.value for w in report.warnings)


def test_the_sample_full_deck_is_legal_without_warnings() -> None:
    report = check(full_deck())
    assert report.legal
    assert report.violations == ()
    assert report.warnings == ()


def test_a_half_and_a_trial_deck_are_legal() -> None:
    half = check(decklist("half", life=LIFE5[:3], entry_library=LIBRARY, entry_archive=ARCHIVE))
    trial = check(
        decklist("trial", life=LIFE5 + LIFE_EXTRA, entry_library=LIBRARY, entry_archive=ARCHIVE,
                 half_2=FINAL, half_3=FINAL)
    )
    assert (half.violations, trial.violations) == ((), ())


def test_every_code_has_both_sentences_and_a_meaning() -> None:
    for code in Code:
        assert (code, "") in MESSAGES
        assert MEANINGS[code]
    assert {c for c in Code if c.is_warning} == {Code.NO_FREE_SUMMON, Code.UNSUMMONABLE,
                                                 Code.NOT_OWNED, Code.COMMITTED_ELSEWHERE}


@pytest.mark.parametrize(
    ("changes", "expected", "section"),
    [
        pytest.param({"final_1": FINAL[:19]}, ["HALF_SIZE"], "final.1", id="final of 19"),
        pytest.param({"final_1": [*FINAL, "yugioh Sangan"]}, ["DUPLICATE_IN_HALF", "HALF_SIZE"],
                     "final.1", id="final of 21 with a duplicate"),
        pytest.param({"entry_library": LIBRARY[:14]}, ["ENTRY_SPLIT", "HALF_SIZE"], "entry",
                     id="entry 14 + 5"),
        pytest.param({"entry_library": [*LIBRARY, "pokemon Bill"],
                      "entry_archive": ["pokemon Pikachu", "pokemon Raichu", "pokemon Potion",
                                        "yugioh Pot of Greed"]},
                     ["ENTRY_SPLIT"], "entry", id="entry 16 + 4: split only"),
        pytest.param({"life": LIFE5[:4]}, ["LIFE_SIZE"], "life", id="full life of 4"),
        pytest.param({"life": [*LIFE5, "mtg Bad Moon"]}, ["LIFE_SIZE"], "life", id="full life 6"),
        pytest.param({"life": [*LIFE5[:4], "yugioh Skill Drain"]}, ["DUPLICATE_IN_LIFE"], "life",
                     id="life duplicate"),
        pytest.param({"life": [*LIFE5[:4], "yugioh Mirror Force"]}, ["LIFE_CARD_TYPE"], "life",
                     id="charge trap in life"),
        pytest.param({"final_1": [*FINAL[:19], "mtg Glorious Anthem"]}, ["DECK_CARD_TYPE"],
                     "final.1", id="life counter in a final"),
        pytest.param({"final_1": [], "final_2": []}, ["FINAL_COUNT"], "deck", id="no final"),
        pytest.param({"final_2": FINAL, "final_3": FINAL, "final_4": FINAL}, ["FINAL_COUNT"],
                     "deck", id="four finals"),
        pytest.param({"pool": FINAL[:12]}, ["POOL"], "pool", id="pool of 12"),
        pytest.param({"final_1": [*FINAL[:19], "mtg Black Lotus"]}, ["UNKNOWN_CARD"], "final.1",
                     id="unknown card"),
        pytest.param({"final_1": [*FINAL[:19], "mtg Forest"]}, ["UNCONVERTED"], "final.1",
                     id="land: no type"),
    ],
)
def test_violations(changes: dict[str, list[str]], expected: list[str], section: str) -> None:
    report = check(full_deck(**changes))
    assert codes(report) == expected
    assert not report.legal
    assert report.violations[0].section == section


def test_one_card_in_two_languages_is_a_duplicate() -> None:
    archive = [*ARCHIVE[:4], "mtg 稲妻"]
    report = check(full_deck(entry_archive=archive))
    (dup,) = report.violations
    assert dup.code is Code.DUPLICATE_IN_HALF
    assert dup.section == "entry"
    assert dup.cards == ("mtg Lightning Bolt", "mtg 稲妻")
    assert "2 copies" in dup.message
    assert "同じカードが2枚" in dup.message_ja


def test_cards_sharing_a_name_in_different_games_are_not_duplicates() -> None:
    final = [*FINAL[:18], "mtg Mind Control", "yugioh Mind Control"]
    assert check(full_deck(final_1=final)).violations == ()


def test_the_same_card_in_two_half_decks_is_fine() -> None:
    assert set(LIBRARY) & set(FINAL)
    assert check(full_deck()).legal


def test_a_quantity_writes_a_duplicate() -> None:
    final = [c for c in FINAL if c not in ("mtg Counterspell", "pokemon Recycle")]
    final.append("2 mtg Counterspell")
    report = check(full_deck(final_1=final))
    assert codes(report) == ["DUPLICATE_IN_HALF"]
    assert report.violations[0].cards == ("mtg Counterspell",)


def test_unknown_card_names_the_line_and_closest_names() -> None:
    report = check(full_deck(final_1=[*FINAL[:19], "mtg Lightning Blot"]))
    (unknown,) = report.violations
    assert unknown.message.startswith("line 51: no mtg card named 'Lightning Blot'")
    assert unknown.message.endswith("closest: Lightning Bolt")
    assert unknown.cards == ("mtg Lightning Blot",)


def test_ambiguous_name_asks_for_a_source_id() -> None:
    # A second Pikachu with other stats is another card identity: the bare name is ambiguous.
    jungle = CardInfo("pokemon", "jungle-60", "Pikachu", "pokemon:pikachu|50|spark", 5, U)
    resolver = MemoryResolver([*sample_cards(), jungle])
    report = validate_deck(parse(full_deck()), resolver)
    assert codes(report) == ["UNKNOWN_CARD", "UNKNOWN_CARD"]
    assert "2 different pokemon cards" in report.violations[0].message
    assert "[SOURCE_ID]" in report.violations[0].message
    pinned = [c.replace("pokemon Pikachu", "pokemon Pikachu [base1-58]") for c in FINAL]
    archive = [c.replace("pokemon Pikachu", "pokemon Pikachu [base1-58]") for c in ARCHIVE]
    assert validate_deck(parse(full_deck(final_1=pinned, entry_archive=archive)), resolver).legal


def test_unconverted_says_why_and_how_to_fix() -> None:
    report = check(full_deck(final_1=[*FINAL[:19], "mtg Forest"]))
    assert "land: lands have no TWGP type" in report.violations[0].message
    assert "override" in report.violations[0].message


def test_format_specific_sections() -> None:
    half = check(decklist("half", life=LIFE5[:3], entry_library=LIBRARY, entry_archive=ARCHIVE,
                          final_1=FINAL, half_2=FINAL))
    assert codes(half) == ["FINAL_COUNT", "TRIAL_HALVES"]
    assert "half deck has no final" in half.violations[0].message


@pytest.mark.parametrize(
    ("fmt", "life", "expected"),
    [
        pytest.param("half", LIFE5[:3], [], id="half: 3"),
        pytest.param("half", LIFE5[:4], ["LIFE_SIZE"], id="half: 4"),
        pytest.param("trial", LIFE5 + LIFE_EXTRA, [], id="trial: 8"),
        pytest.param("trial", LIFE5 + LIFE_EXTRA[:2], ["LIFE_SIZE"], id="trial: 7"),
    ],
)
def test_life_sizes(fmt: str, life: list[str], expected: list[str]) -> None:
    halves = {"half_2": FINAL, "half_3": FINAL} if fmt == "trial" else {}
    report = check(decklist(fmt, life=life, entry_library=LIBRARY, entry_archive=ARCHIVE, **halves))
    assert codes(report) == expected


@pytest.mark.parametrize(
    ("halves", "pool", "expected"),
    [
        pytest.param({"half_2": FINAL}, [], ["TRIAL_HALVES"], id="two halves"),
        pytest.param({"half_2": FINAL, "half_3": FINAL}, [], [], id="three halves"),
        pytest.param({"half_2": FINAL}, FINAL, [], id="two halves + pool"),
        pytest.param({"final_1": FINAL, "half_2": FINAL, "half_3": FINAL}, [], ["FINAL_COUNT"],
                     id="final in trial"),
    ],
)
def test_trial_halves(halves: dict[str, list[str]], pool: list[str], expected: list[str]) -> None:
    extra = {"pool": pool} if pool else {}
    report = check(decklist("trial", life=LIFE5 + LIFE_EXTRA, entry_library=LIBRARY,
                            entry_archive=ARCHIVE, **halves, **extra))
    assert codes(report) == expected


def test_a_pool_replaces_the_final() -> None:
    assert check(full_deck(final_1=[], pool=FINAL)).legal
    pool = [*FINAL[:19], "mtg Glorious Anthem", "mtg Forest"]  # 19 usable deck cards
    report = check(full_deck(final_1=[], pool=pool))
    assert codes(report) == ["POOL", "UNCONVERTED"]
    assert "19 different usable" in next(v for v in report.violations if v.code == "POOL").message


def test_the_report_json_shape_and_japanese() -> None:
    report = check(full_deck(life=LIFE5[:4]))
    data = report.to_json()
    assert set(data) == {"legal", "format", "violations", "warnings", "stats"}
    assert data["legal"] is False
    assert data["format"] == "full"
    assert data["violations"] == [{
        "code": "LIFE_SIZE", "section": "life", "cards": [],
        "message": "the life set has 4 cards; a full deck needs exactly 5",
    }]
    japanese = report.to_json("ja")["violations"][0]["message"]
    assert japanese == "ライフは4枚です。フルではちょうど5枚必要です"


# --- warnings -------------------------------------------------------------------------------------


def test_no_free_summon() -> None:
    library = [c for c in LIBRARY if c not in ("mtg Llanowar Elves", "mtg Grizzly Bears",
                                               "mtg Serra Angel", "yugioh Kuriboh", "yugioh Sangan")]
    library += ["pokemon Potion", "pokemon Energy Removal", "pokemon Recycle", "yugioh Pot of Greed",
                "pokemon Fire Energy"]
    archive = ["pokemon Raichu", "pokemon Bill", "pokemon Lightning Energy", "mtg Mind Control",
               "yugioh Mind Control"]
    report = check(full_deck(entry_library=library, entry_archive=archive))
    assert report.legal
    assert "NO_FREE_SUMMON" in warning_codes(report)
    assert check(full_deck()).warnings == ()


def test_unsummonable_counts_weapons_and_summoned_materials() -> None:
    # Free units 01 + 02 with no weapons reach 03: nothing of grade ≥ 06 comes out.
    thin = ["mtg Llanowar Elves", "mtg Grizzly Bears", "yugioh Dark Magician",
            "pokemon Charizard"] + [c for c in ARCHIVE if "Pikachu" not in c and "Raichu" not in c]
    library = [*thin, *[c for c in LIBRARY if c in ("mtg Lightning Bolt [m10-bolt]",
                                                     "mtg Counterspell", "mtg Fire // Ice",
                                                     "mtg Giant Growth", "yugioh Mirror Force",
                                                     "yugioh Mystical Space Typhoon")]]
    report = check(decklist("half", life=LIFE5[:3], entry_library=library))
    unsummonable = [w for w in report.warnings if w.code is Code.UNSUMMONABLE]
    assert {w.cards for w in unsummonable} == {("yugioh Dark Magician",), ("pokemon Charizard",)}
    assert "reach only 03 (mtg Grizzly Bears 02 + mtg Llanowar Elves 01)" in unsummonable[0].message
    assert "最大03です（mtg 灰色熊 02 ＋ mtg ラノワールのエルフ 01）" in unsummonable[0].message_ja


def test_materials_are_used_up() -> None:
    """§1 policy: with units 05, 04, 08 and 12, the 08 comes out on 05 + 04, and then the 12
    has no second stack: the best two stacks are still 05 + 04 = 09."""
    library = ["mtg Serra Angel", "pokemon Pikachu", "pokemon Raichu", "pokemon Charizard"]
    report = check(decklist("half", life=LIFE5[:3], entry_library=library))
    (warning,) = report.warnings
    assert warning.cards == ("pokemon Charizard",)
    assert warning.message.endswith(
        "materials are used up, and the best two stacks in play by entry reach only 09 "
        "(mtg Serra Angel 05 + pokemon Pikachu 04)"
    )
    assert "素材は召喚で使い切られるため" in warning.message_ja


def test_a_summoned_unit_becomes_material() -> None:
    # Serra (05) + Sangan (03) bring Raichu (08); Raichu + Pikachu (04) reach Charizard (12).
    library = ["mtg Serra Angel", "pokemon Pikachu", "yugioh Sangan", "pokemon Raichu",
               "pokemon Charizard"]
    assert check(decklist("half", life=LIFE5[:3], entry_library=library)).warnings == ()
    without_raichu = check(decklist("half", life=LIFE5[:3], entry_library=library[:3] + library[4:]))
    assert [w.cards for w in without_raichu.warnings] == [("pokemon Charizard",)]
    assert "reach only 09 (mtg Serra Angel 05 + pokemon Pikachu 04)" in (
        without_raichu.warnings[0].message)


def test_weapons_raise_the_reach_and_grade_00_units_carry_none() -> None:
    base = ["mtg Serra Angel", "pokemon Pikachu", "pokemon Charizard"]  # 05 + 04 = 09 < 12
    assert [w.code for w in check(decklist("half", entry_library=base)).warnings
            if w.code is Code.UNSUMMONABLE]
    armed = [*base, "mtg Bonesplitter", "yugioh Axe of Despair", "mtg Mind Control"]  # +3 = 12
    assert [w for w in check(decklist("half", entry_library=armed)).warnings
            if w.code is Code.UNSUMMONABLE] == []


def test_a_lone_unit_cannot_be_grade_summoned() -> None:
    report = check(decklist("half", entry_library=["yugioh Dark Magician", "mtg Serra Angel"]))
    (warning,) = [w for w in report.warnings if w.code is Code.UNSUMMONABLE]
    assert "fewer than two units" in warning.message


def test_finals_are_judged_with_the_entry_deck_in_play() -> None:
    # Entry: 01 + 02 reach 03, so Dark Magician (07) is stuck there. In final.1 the entry's
    # units join Serra (05), Pikachu (04) and Sangan (03): 04 + 03 bring Dark Magician, and
    # 07 + 05 reach Charizard (12).
    entry = ["mtg Llanowar Elves", "mtg Grizzly Bears", "yugioh Dark Magician"]
    final = ["mtg Serra Angel", "pokemon Pikachu", "yugioh Sangan", "pokemon Charizard"]
    report = check(decklist("full", entry_library=entry, final_1=final))
    summon = [(w.section, w.cards) for w in report.warnings if w.code is Code.UNSUMMONABLE]
    assert summon == [("entry", ("yugioh Dark Magician",))]


def test_not_owned_counts_copies_across_the_deck() -> None:
    owned = {row: 3 for row in _identities(full_deck())}
    assert check(full_deck(), owned).warnings == ()
    owned["mtg:bolt"] = 1  # Lightning Bolt is in the entry and in the final: 2 needed
    report = check(full_deck(), owned)
    (warning,) = report.warnings
    assert warning.code is Code.NOT_OWNED
    assert warning.cards == ("mtg Lightning Bolt",)
    assert "needs 2, you own 1 — 1 missing" in warning.message
    assert report.legal


def _identities(text: str) -> set[str]:
    resolved = resolve_deck(parse(text), sample_resolver())
    return {r.card.identity for r in resolved.all() if r.card is not None}


def test_overrides_are_what_the_rules_see() -> None:
    deck = parse(full_deck(final_1=[*FINAL[:19], "mtg Forest"]))
    cards = sample_cards()
    assert not validate_deck(deck, MemoryResolver(cards)).legal
    overridden = [
        replace(c, card_type=U, grade=0, overridden=True) if c.name == "Forest" else c
        for c in cards
    ]
    assert validate_deck(deck, MemoryResolver(overridden)).legal
    # An override to a life type makes the same line a DECK_CARD_TYPE problem.
    as_life = [replace(c, card_type=LC, overridden=True) if c.name == "Forest" else c for c in cards]
    assert codes(validate_deck(deck, MemoryResolver(as_life))) == ["DECK_CARD_TYPE"]
