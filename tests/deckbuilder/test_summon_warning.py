"""The summon warning says which halves can and cannot bring a unit out (issue 21): a unit of
the entry deck that a later final half makes reachable is never called "never"."""

from __future__ import annotations

from deckbuilder.codes import Code, Violation
from tests.deckbuilder.sample_cards import LIFE5, decklist
from tests.helpers.decks import check

#: entry: 01 + 02 reach only 03, so Dark Magician (07) is stuck there alone
ENTRY = ["mtg Llanowar Elves", "mtg Grizzly Bears", "yugioh Dark Magician"]
#: with the entry's units, 04 + 03 bring Dark Magician out (and 07 + 05 reach Charizard, 12)
HELPS = ["mtg Serra Angel", "pokemon Pikachu", "yugioh Sangan", "pokemon Charizard"]
#: no unit at all: the entry's 03 stays the best
NO_HELP = ["mtg Lightning Bolt", "mtg Counterspell"]


def summon_warnings(**sections: list[str]) -> list[Violation]:
    report = check(decklist("full", life=LIFE5, entry_library=ENTRY, **sections))
    return [w for w in report.warnings if w.code is Code.UNSUMMONABLE]


def test_a_final_that_brings_the_unit_out_is_named_and_never_is_not_said() -> None:
    (warning,) = summon_warnings(final_1=HELPS)
    assert (warning.section, warning.cards) == ("entry", ("yugioh Dark Magician",))
    assert "never" not in warning.message
    assert warning.message == (
        "yugioh Dark Magician (grade 07) cannot be grade-summoned by entry alone (the best two "
        "stacks in play reach only 03: mtg Grizzly Bears 02 + mtg Llanowar Elves 01); final.1 "
        "can bring it out"
    )
    assert warning.message_ja == (
        "yugioh Dark Magician（戦闘力07）は エントリーデッキ だけではグレード召喚できません"
        "（2スタックの合計は最大03：mtg 灰色熊 02 ＋ mtg ラノワールのエルフ 01）。"
        "ファイナル1 が場に出ればグレード召喚できます"
    )


def test_the_finals_that_can_and_cannot_are_both_named() -> None:
    (warning,) = summon_warnings(final_1=NO_HELP, final_2=HELPS, final_3=NO_HELP)
    assert "never" not in warning.message
    assert warning.message.endswith("; final.2 can bring it out; final.1, final.3 cannot")
    assert warning.message_ja.endswith(
        "ファイナル2 が場に出ればグレード召喚できます（ファイナル1、ファイナル3 では召喚できません）"
    )


def test_never_is_said_only_when_no_later_half_helps() -> None:
    (warning,) = summon_warnings(final_1=NO_HELP, final_2=NO_HELP)
    assert "can never be grade-summoned" in warning.message
    assert warning.message.endswith("; nor can final.1, final.2 bring it out")
    assert warning.message_ja.endswith("。ファイナル1、ファイナル2 が場に出ても召喚できません")


def test_a_unit_alone_in_the_entry_that_a_final_completes() -> None:
    entry = ["yugioh Dark Magician", "mtg Lightning Bolt"]  # one unit: no pair at all
    report = check(decklist("full", life=LIFE5, entry_library=entry, final_1=HELPS))
    (warning,) = [w for w in report.warnings if w.code is Code.UNSUMMONABLE]
    assert "never" not in warning.message
    assert "(fewer than two units can be on the field); final.1 can bring it out" in (
        warning.message
    )


def test_a_half_deck_keeps_the_plain_never() -> None:
    report = check(decklist("half", life=LIFE5[:3], entry_library=ENTRY))
    (warning,) = [w for w in report.warnings if w.code is Code.UNSUMMONABLE]
    assert warning.message.endswith(
        "can never be grade-summoned: materials are used up, and the best two stacks in play "
        "by entry reach only 03 (mtg Grizzly Bears 02 + mtg Llanowar Elves 01)"
    )
