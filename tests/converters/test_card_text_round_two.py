"""Card text, round two (issue 21): the cases a player judged by hand where the reading or the
twelve effects were wrong — a card discarded while in play, Hazard and Slow in every game's
wording, cures of poison, counters named as a condition, a card poisoning itself and Japanese
chained multiplication. Each case is a real card's text (or its wording in that game)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from converters.base import CardType
from converters.effects import tag_effects
from converters.reading import twgp_reading
from tests.conftest import requires_shared
from tests.helpers.effect_scores import cards_by_id

if TYPE_CHECKING:
    from _pytest.mark import ParameterSet  # what pytest.param returns; pytest does not export it

CE = CardType.CHARGE_EFFECT

# --- Discarding a card that is in play is not the hand rule ----------------------------------

SUPPORTER = ("You can play only one Supporter card each turn. When you play this card, put it "
             "next to your Active Pokémon. When your turn ends, discard this card.")  # fmt: skip

#: texts whose discard is of the card itself in play (old Supporters, Pokémon Tools, Stadiums,
#: Energy): the reading leaves them as printed
IN_PLAY: list[str] = [
    SUPPORTER,
    SUPPORTER + "\nShuffle your hand into your deck. Then, draw 6 cards.",
    "Attach PlusPower to your Active Pokémon. At the end of your turn, discard PlusPower. If this "
    "Pokémon's attack does damage to the Defending Pokémon (after applying Weakness and "
    "Resistance), the attack does 10 more damage to the Defending Pokémon.",
    "Attach Defender to 1 of your Pokémon. At the end of your opponent's next turn, discard "
    "Defender. Damage done to that Pokémon by attacks is reduced by 20 (after applying Weakness "
    "and Resistance).",
    "Attach Strength Charm to your Active Pokémon; At the end of your turn, discard it.",
    "Attach Crystal Shard to your Active Pokémon. At the end of your opponent's next turn, "
    "discard it.",
    "Attach Fluffy Berry to 1 of your Pokémon that doesn't have a Pokémon Tool attached to it. "
    "Discard Fluffy Berry at the end of your turn.",
    "At the end of each turn, if the Pokémon this card is attached to is affected by any Special "
    "Conditions, it recovers from all of them, and discard this card.",
    "If the Pokémon this card is attached to is Knocked Out, discard this card.",
    "Choose 1 Energy card attached to 1 of your opponent's Pokémon and discard it.",
    "If your opponent has a Stadium in play, discard it.",
    "You may play only 1 Stadium card during your turn. Put it next to the Active Spot, and "
    "discard it if another Stadium comes into play.",
    "When your turn ends, discard R Energy.",
    "自分の番の終わりに、このカードを捨てる。",
    "このカードをつけているクリーチャーが破壊されたとき、このカードを捨てる。",
    "自分の番の終わりに、このカードをトラッシュする。",
]

#: discards from the hand next to them: still "bottom of the library"
FROM_HAND: list[tuple[str, str]] = [
    ("Choose a card from your opponent's hand without looking and discard it.",
     "Choose a card from your opponent's hand without looking and put it from the hand on the "
     "bottom of the library."),
    ("At the end of your turn, discard your hand.",
     "At the end of your turn, put your hand on the bottom of the library."),
    ("At the end of your turn, discard a card.",
     "At the end of your turn, put a card from the hand on the bottom of the library."),
    ("You can discard this card; add 1 Spell from your Deck to your hand.",
     "You can put this card from the hand on the bottom of the library; add 1 Spell from the 2nd "
     "or later cards of the library just shuffled to your hand."),
    ("Target player reveals their hand. You choose a nonland card from it. That player discards "
     "that card.",
     "Target player reveals their hand. You choose a nonland card from it. That player puts that "
     "card from the hand on the bottom of the library."),
    ("このカードを捨てる：カードを1枚引く。",
     "このカードをライブラリの一番下に戻す：カードを1枚引く。"),
    ("ターン終了時、カードを1枚捨てる。",
     "ターン終了時、カードを1枚ライブラリの一番下に戻す。"),
]  # fmt: skip


@pytest.mark.parametrize("text", IN_PLAY, ids=[t[:50] for t in IN_PLAY])
def test_a_card_discarded_in_play_stays_as_printed(text: str) -> None:
    assert twgp_reading(text, CE) == text


@pytest.mark.parametrize(("text", "reading"), FROM_HAND, ids=[t[:50] for t, _ in FROM_HAND])
def test_a_discard_from_the_hand_still_goes_to_the_bottom_of_the_library(
    text: str, reading: str
) -> None:
    assert twgp_reading(text, CE) == reading


@requires_shared
@pytest.mark.parametrize(
    "source_id",
    ["ex7-83", "ex7-86", "ex7-88", "ex7-111", "base1-80", "base1-84", "base1-92", "ex7-95"],
)
def test_real_supporters_tools_and_energy_keep_their_in_play_discard(source_id: str) -> None:
    card = cards_by_id("pokemon")[source_id]
    in_play = [s for s in re.findall(r"[^.\n]+\.?", card.text)
               if "discard" in s.lower() and "hand" not in s]  # fmt: skip
    assert in_play
    for sentence in in_play:
        assert sentence in card.reading


@requires_shared
def test_a_real_supporter_still_reads_its_hand_discard() -> None:
    card = cards_by_id("pokemon")["ex7-88"]  # Rocket's Mission: "Discard a card from your hand."
    assert "When your turn ends, discard this card." in card.reading
    assert "Put a card from your hand on the bottom of the library." in card.reading


# --- The twelve effects: cases judged by hand -------------------------------------------------


def case(text: str, effects: str) -> ParameterSet:
    return pytest.param(text, set(effects.split()), id=f"{effects or 'none'}: {text[:60]}")


HAZARD = [
    # One Piece: rest every opposing Character, or up to a total of N
    case("[On Play] Rest all of your opponent's Characters with a cost of 4 or less.", "hazard"),
    case("[On Play] Rest up to a total of 2 of your opponent's Characters or DON!! cards.",
         "hazard"),
    case("[Trigger] Rest up to 1 of your opponent's Characters.", "hazard"),
    # MTG: tap or untap (it can tap an opposing permanent)
    case("{T}: Tap or untap target permanent.", "hazard"),
    case("{1}, {T}: You may tap or untap target artifact, creature, or land.", "hazard"),
    case("You may tap target creature.", "hazard"),
    # Lorcana (exert), Digimon (suspend, レストさせる), Fusion World (switch to Rest Mode)
    case("When you play this character, exert chosen opposing character.", "hazard"),
    case("Exert all opposing characters.", "hazard"),
    case("[On Play] Suspend 1 of your opponent's Digimon with 5000 DP or less.", "hazard"),
    case("【登場時】相手のデジモン1体をレストさせる。", "hazard"),
    case("[On Play] Choose up to 1 Battle Card in your opponent's Battle Area and switch it to "
         "Rest Mode.", "hazard"),
    # Star Wars: Unlimited and Battle Spirits (exhaust, 疲労させる)
    case("When Played: Exhaust an enemy unit.", "hazard"),
    case("Exhaust 1 opposing Spirit.", "hazard"),
    case("相手のスピリット1体を疲労させる。", "hazard"),
    # one's own cards rested, exerted, suspended: a cost, no Hazard
    case("Rest this Character.", ""),
    case("[Main] You may rest 2 of your Characters: Draw 2 cards.", ""),
    case("[Main] Rest 2 of your Characters: Draw 2 cards.", ""),
    case("[On Play] Add up to 1 DON!! card from your DON!! deck and rest it.", ""),
    case("Exert this character to draw a card.", ""),
    case("[Your Turn] Unsuspend this Digimon.", ""),
    case("Suspend 4—{1}{R}", ""),
    case("You may tap an untapped creature you control.", ""),
    case("You may tap target creature you control.", ""),
    case("Exhaust this unit: draw a card.", ""),
    case("Exhaust 2 units you control: draw a card.", ""),
    case("自分のスピリット1体を疲労させることで、カードを1枚引く。", ""),
    case("Exert chosen character of yours.", ""),
    case("Tap target creature you control.", ""),
    case("Tap up to two target creatures your opponent controls.", "hazard"),
    case("Clap your hands twice: You may tap or untap Urza's Contact Lenses.", ""),
    case("[Blocker] (After an opponent's attack, you may switch this card to Rest Mode and change "
         "the target of the attack to this card.)", ""),
    case("【自分のターン】青の自分のデジモンが登場したとき、このテイマーをレストさせることで、"
         "カードを1枚引く。", ""),
]


@pytest.mark.parametrize(("text", "effects"), HAZARD)
def test_hazard_in_every_games_word_for_tapping(text: str, effects: set[str]) -> None:
    assert set(tag_effects(text)) == effects


SLOW = [
    # Dragon Quest Battle Road and other Japanese wordings: the numbered forms, not only the bare
    case("相手の行動回数を1回減らす。", "slow"),
    case("相手の行動回数を２回減らす。", "slow"),
    case("次のターン、相手モンスターの行動回数が1減る。", "slow"),
    case("相手の行動回数－1。", "slow"),
    case("相手の行動回数を減らす。", "slow"),
    case("相手は1回休み。", "slow"),
    case("相手モンスター1体の攻撃回数を1回減らす。", "slow"),
    case("The opponent loses 1 action this turn.", "slow"),
    case("Your opponent takes one fewer action next turn.", "slow"),
    # the same numbered forms of Accel
    case("自分の行動回数を1回増やす。", "accel"),
    case("このターン、行動回数が2回増える。", "accel"),
    case("このモンスターの攻撃回数を1回増やす。", "accel"),
    # the count named, not changed
    case("行動回数を数える。", ""),
    case("行動回数が1回のモンスターを1体選ぶ。", ""),
]


@pytest.mark.parametrize(("text", "effects"), SLOW)
def test_slow_and_accel_in_numbered_forms(text: str, effects: set[str]) -> None:
    assert set(tag_effects(text)) == effects


POTION = [
    # a cure whose only condition is poison is Potion alone, in any wording
    case("Remove Poison from your Active Pokémon.", "potion"),
    case("Your Active Pokémon recovers from Poison.", "potion"),
    case("Cure Poison.", "potion"),
    case("自分のバトルポケモンの「ポイズン」を回復する。", "potion"),
    case("「ポイズン」を治す。", "potion"),
    case("味方1体のポイズン状態を回復する。", "potion"),
    # a cure of poison and of something else is Medical too
    case("Remove all Poison and heal 30 damage from your Active Pokémon.", "potion medical"),
    # ポイズン put on the opponent is Poison; a name holding the word, or immunity, is not
    case("相手をポイズン状態にする。", "poison"),
    case("「ポイズン・スライム」を1体選ぶ。", ""),
    case("このカードは「ポイズン」にならない。", ""),
]


@pytest.mark.parametrize(("text", "effects"), POTION)
def test_curing_poison_is_potion_not_medical(text: str, effects: set[str]) -> None:
    assert set(tag_effects(text)) == effects


COUNTERS = [
    # a counter as a targeting condition or a count: no Plus or Down
    case("Destroy target creature with a +1/+1 counter on it.", ""),
    case("Whenever a creature you control with a +1/+1 counter on it attacks, draw a card.", ""),
    case("Creatures you control with +1/+1 counters on them have trample.", ""),
    case("If it has a +1/+1 counter on it, draw a card.", ""),
    case("Draw cards equal to the number of +1/+1 counters on creatures you control.", ""),
    case("+1/+1カウンターが置かれているクリーチャー1体を対象とし、それを破壊する。", ""),
    case("Each creature with a -1/-1 counter on it gets -1/-1 until end of turn.", "down"),
    # counters put, or a creature entering with them: Plus / Down as before
    case("Put a +1/+1 counter on target creature.", "plus"),
    case("Put a -1/-1 counter on target creature.", "down"),
    case("It enters the battlefield with two +1/+1 counters on it.", "plus"),
    case("If you paid the {G} kicker cost, Cetavolver comes into play with a +1/+1 counter on it "
         "and has trample.", "plus"),
    case("Return it to the battlefield with a +1/+1 counter on it.", "plus"),
    case("Put a number of +1/+1 counters on Jumbo Imp equal to the result.", "plus"),
    case("Put a +1/+1 counter on each creature you control with a +1/+1 counter on it.", "plus"),
    case("クリーチャー1体を対象とし、それの上に+1/+1カウンターを1個置く。", "plus"),
]


@pytest.mark.parametrize(("text", "effects"), COUNTERS)
def test_a_counter_named_as_a_condition_is_not_plus_or_down(
    text: str, effects: set[str]
) -> None:
    assert set(tag_effects(text)) == effects


SELF_POISON = [
    # the card would be poisoned, and something else happens instead: no Poison, no Potion
    case("このモンスターが毒状態になる代わりに、HPを20回復する。", "medical"),
    case("毒状態になる代わりに、攻撃力を+10する。", "plus"),
    case("このカードは毒状態になる代わりに、手札に戻る。", ""),
    case("マヒ状態になる代わりに、このモンスターの攻撃力を+10する。", "plus"),
    case("If this Pokémon would be Poisoned, instead heal 20 damage from it.", "medical"),
    # poison put on the opponent, next to it, stays
    case("相手のモンスター1体を毒状態にする。", "poison"),
    case("相手を毒状態にする。自分も毒状態になる。", "poison"),
    case("The Defending Pokémon is now Poisoned.", "poison"),
]


@pytest.mark.parametrize(("text", "effects"), SELF_POISON)
def test_a_card_poisoning_itself_carries_no_poison(text: str, effects: set[str]) -> None:
    assert set(tag_effects(text)) == effects


# --- Japanese chained multiplication: the reading's note, as the English gets --------------

CHAIN_JA = "\nTWGP：掛け算を連続する処理は無効。"

CHAINED: list[str] = [
    "攻撃力を2倍にし、さらに2倍にする。",
    "攻撃力を2倍にする。さらに、その攻撃力を2倍にする。",
    "このターン、ダメージを倍にする。その後、さらに倍にする。",
    "そのダメージは2倍になる。さらに相手のHPが半分以下なら、そのダメージを2倍にする。",
    "攻撃力は2倍の2倍になる。",
    "自分の墓地のモンスター1体につき、攻撃力を2倍にする。",
]
NOT_CHAINED: list[str] = [
    "そのモンスターの攻撃力を倍にする。",
    "攻撃力を2倍にする。さらにカードを1枚引く。",
    "自分のモンスター1体につき、攻撃力を500アップする。",
]


@pytest.mark.parametrize("text", CHAINED)
def test_japanese_chained_multiplication_gets_the_note(text: str) -> None:
    assert twgp_reading(text, CE) == text + CHAIN_JA


@pytest.mark.parametrize("text", NOT_CHAINED)
def test_a_single_japanese_multiplication_gets_no_note(text: str) -> None:
    assert twgp_reading(text, CE) == text


def test_the_english_and_japanese_notes_agree() -> None:
    english = twgp_reading("Double target creature's power, then double it again.", CE)
    japanese = twgp_reading("クリーチャー1体の攻撃力を2倍にする。さらに、それを2倍にする。", CE)
    assert english.endswith("\nTWGP: chained multiplication is void.")
    assert japanese.endswith(CHAIN_JA)
