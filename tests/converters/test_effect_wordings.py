"""The twelve effects from every game's own wording, English and Japanese (issue 11 item 2):
real-card-style texts per effect, with at least as many negative cases (cures, immunity, the
card's own side, names and labels, words inside other words, restrictions) as positive ones.
Each case states the exact set of effects a TWGP player reads in the text (§3 policy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from converters.effects import EFFECT_NAMES, explain_effects, parse_effect, tag_effects

if TYPE_CHECKING:
    from _pytest.mark import ParameterSet  # what pytest.param returns; pytest does not export it


def case(text: str, effects: str, name: str = "") -> ParameterSet:
    return pytest.param(text, set(effects.split()), id=f"{effects or 'none'}: {text[:60]}")


POSITIVE = [
    # Plus / Down: strength, damage dealt, damage prevented (every game)
    case("Target creature gets +3/+3 until end of turn.", "plus"),
    case("Creatures you control get +1/+1 until end of turn.", "plus"),
    case("Target 1 face-up monster you control; it gains 700 ATK until the end of this turn.",
         "plus"),
    case("Target 1 monster you control; it gains ATK equal to its Level x 100.", "plus"),
    case("That monster's ATK becomes doubled.", "plus"),
    case("Put a +1/+1 counter on target creature.", "plus"),
    case("During this turn, your Pokémon's attacks do 30 more damage to your opponent's Active "
         "Pokémon.", "plus"),
    case("Damage done to that Pokémon by attacks is reduced by 20.", "plus"),
    case("Prevent all damage that would be dealt this turn to creatures you control.", "plus"),
    case("Any damage you take this turn is halved.", "plus"),
    case("Choose one of your characters, and that character gets +2000 power until end of turn.",
         "plus"),
    case("【CONT】 All of your characters get +1000 power and +1 soul.", "plus"),
    case("[Counter] Up to 1 of your Leader or Character cards gains +4000 power during this "
         "battle.", "plus"),
    case("自分フィールド上のモンスター1体の攻撃力は300アップする。", "plus"),
    case("あなたは自分のキャラを1枚選び、そのターン中、パワーを＋2000。", "plus"),
    case("このターン、自分のポケモンが使うワザの、相手のバトルポケモンへのダメージは「+30」される。",
         "plus"),
    case("次の相手の番、このポケモンが受けるワザのダメージは「-30」される。", "plus"),
    case("クリーチャー1体を対象とする。ターン終了時まで、それは+3/+3の修整を受ける。", "plus"),
    case("Target creature gets -2/-2 until end of turn.", "down"),
    case("Halve the ATK of 1 face-up monster on the field until the end of this turn.", "down"),
    case("Target 1 monster your opponent controls; it loses 500 ATK.", "down"),
    case("[Main] Give up to 1 of your opponent's Characters \u221210000 power during this turn.",
         "down"),
    case("The Defending Pokémon's attacks do 20 less damage during your opponent's next turn.",
         "down"),
    case("相手の場のモンスター1体を選択する。そのモンスターの攻撃力は500ダウンする。", "down"),
    case("あなたは相手のキャラを1枚選び、そのターン中、パワーを－1000。", "down"),
    case("相手モンスター1体を選択し、その攻撃力を0にする。", "down"),
    case("Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until "
         "end of turn.", "plus down"),
    # Accel / Slow
    case("Target creature gains double strike until end of turn.", "accel"),
    case("All creatures have haste.", "accel"),
    case("This turn, that monster can make a second attack during each Battle Phase.", "accel"),
    case("After this main phase, there is an additional combat phase.", "accel"),
    case("[Counter] Up to 1 of your Leader or Character cards gains [Rush] during this turn.",
         "accel"),
    case("このターン、このカードは2回攻撃できる。", "accel"),
    case("このカードは連続攻撃できる。", "accel"),
    case("Each opponent skips their next turn.", "slow"),
    case("Each player can't cast more than one spell each turn.", "slow"),
    case("Each opponent skips all extra turns they would take.", "slow"),
    case("相手の行動回数を減らす。", "slow"),
    # Hazard / Hack / Poison (conditions put on the opponent)
    case("Flip a coin. If heads, the Defending Pokémon is now Paralyzed.", "hazard"),
    case("Tap target creature. It doesn't untap during its controller's next untap step.",
         "hazard"),
    case("Tap all creatures your opponents control.", "hazard"),
    case("Target 2 face-up monsters on the field; change them to face-down Defense Position.",
         "hazard"),
    case("Choose 1 of your opponent's characters, and 【REST】 it.", "hazard"),
    case("Target creature can't attack or block this turn.", "hazard"),
    case("相手のバトルポケモンをねむりにする。", "hazard"),
    case("相手フィールド上の表側表示モンスターを全て守備表示にする。", "hazard"),
    case("あなたは相手のキャラを1枚選び、【レスト】する。", "hazard"),
    case("相手クリーチャーは動けない。", "hazard"),
    case("Gain control of target creature until end of turn.", "hack"),
    case("Target 1 monster your opponent controls; take control of it until the End Phase.",
         "hack"),
    case("Both Active Pokémon are now Confused.", "hack"),
    case("相手フィールド上のモンスター1体を選択してコントロールを得る。", "hack"),
    case("相手のバトルポケモンをこんらんにする。", "hack"),
    case("Your opponent's Active Pokémon is now Poisoned.", "poison"),
    case("Your opponent's Active Pokémon is now Burned and Confused.", "poison hack"),
    case("相手のバトルポケモンをどくにする。", "poison"),
    case("相手のバトルポケモンをやけどにする。", "poison"),
    # Potion / Medical (cures and recovery)
    case("Your Active Pokémon is no longer Asleep, Confused, Paralyzed, or Poisoned.",
         "potion medical"),
    case("毒を消す。", "potion"),
    case("自分のバトルポケモンの特殊状態をすべて回復する。", "potion medical"),
    case("Heal 30 damage from 1 of your Pokémon.", "medical"),
    case("Remove up to 2 damage counters from 1 of your Pokémon.", "medical"),
    case("You gain 5 life.", "medical"),
    case("The turn player gains 500 LP.", "medical"),
    case("自分のポケモン1匹のHPを30回復する。", "medical"),
    case("あなたは5点のライフを得る。", "medical"),
    case("Heal 60 damage from your Active Pokémon, and it recovers from all Special Conditions.",
         "potion medical"),
    # Crack / Reflect / Copy
    case("Counter target spell.", "crack"),
    case("When your opponent activates a monster effect: Negate the activation, and if you do, "
         "destroy it.", "crack"),
    case("Target 1 face-up card your opponent controls; negate its effects until the end of "
         "this turn.", "crack"),
    case("Your opponent cannot activate cards or effects in response.", "crack"),
    case("Neither player can activate monster effects on the field.", "crack"),
    case("相手の魔法・罠カードの発動を無効にし破壊する。", "crack"),
    case("呪文1つを対象とする。それを打ち消す。", "crack"),
    case("相手のカードの効果を封じる。", "crack"),
    case("Change the target of target spell or ability with a single target.", "reflect"),
    case("The next 3 damage that would be dealt to you this turn is dealt to target creature "
         "instead.", "reflect"),
    case("Negate the attack, and if you do, inflict damage to your opponent equal to the "
         "attacking monster's ATK.", "reflect"),
    case("[Counter] Select 1 of your Characters. Change the attack target to the selected "
         "Character.", "reflect"),
    case("相手の攻撃を反射する。", "reflect"),
    case("Copy target instant or sorcery spell. You may choose new targets for the copy.",
         "copy"),
    case("Each Pokémon in play can use attacks on this card instead of its own.", "copy"),
    case("そのモンスターと同じ効果を得る。", "copy"),
    case("相手のワザをコピーして使う。", "copy"),
]

NEGATIVE = [
    # names and labels are not text
    case("Boros Charm deals 4 damage to target player.", "", "Boros Charm"),
    case("Search your deck for a Charmander and put it onto your Bench.", ""),
    case("Direct Hack: when this card is placed on your climax area, draw a card.", ""),
    case('Add 1 "Mirror Force" from your Deck to your hand.', ""),
    case("「ポイズンドラゴン」1体を手札に加える。", ""),
    # Japanese words inside other words
    case("このカードはカウントダウンする。", ""),
    case("プラスチックのカードを1枚引く。", ""),
    case("スタンバイフェイズに発動する。", ""),
    case("ダウンタウンのスタジアム。", ""),
    case("カウンターを1つ置く。", ""),
    # cures and immunity are not the condition
    case("Your Pokémon can't be Poisoned or Paralyzed.", ""),
    case("This card can't be affected by any Special Conditions, and it can't retreat.", ""),
    case("このモンスターは毒を受けない。", ""),
    case("このポケモンはマヒにならない。", ""),
    # conditions a card puts on its own side
    case("This Pokémon is now Confused.", ""),
    case("If you attached Energy to your Active Pokémon in this way, it is now Poisoned.", ""),
    case("自分のポケモンをどくにする。", ""),
    case("このポケモンはこんらんになる。", ""),
    case("Special Summon 1 monster from your GY, but it cannot attack this turn.", ""),
    case("For the rest of this turn, you cannot activate monster effects.", ""),
    case("You can't use this card during your first turn.", ""),
    case("A Stadium with the same name can't be played.", ""),
    case("Skip your draw step.", ""),
    # negations that are not Crack
    case("The activation of this card cannot be negated.", ""),
    case("This spell can't be countered.", ""),
    case("Target 1 monster in your GY; Special Summon it, but negate its effects.", ""),
    case("このカードの効果は無効化されない。", ""),
    case("Destroy two target nonblack creatures. They can't be regenerated.", ""),
    # life the opponent gains, damage, destruction, search and draw carry no effect
    case("Send 1 monster your opponent controls to the GY, then your opponent gains LP equal to "
         "its ATK.", ""),
    case("Lightning Bolt deals 3 damage to any target.", "", "Lightning Bolt"),
    case("Destroy all Attack Position monsters your opponent controls.", ""),
    case("Search your library for a basic land card, reveal it, put it into your hand.", ""),
    case("Draw 2 cards.", ""),
    case("Look at the top 7 cards of your deck.", ""),
    case("Open a sealed Magic booster pack and put one of those cards into your hand.", ""),
    case("Add up to 1 DON!! card from your DON!! deck and set it as active.", ""),
    case("but you cannot apply that same effect again this turn.", ""),
    case("Return target creature to its owner's hand.", ""),
    case("Put a charge counter on target artifact.", ""),
    case("Target creature gains flying until end of turn.", ""),
    case("Each player sacrifices a land.", ""),
    case("ブラックホール：フィールド上のモンスターを全て破壊する。", ""),
    case("自分の手札を1枚トラッシュする。山札を3枚引く。", ""),
    case("When you control no other permanents, you win the game.", ""),
    case("Target player discards two cards.", ""),
    case("Exile target attacking creature.", ""),
    case("Inflict damage to your opponent equal to the destroyed monster's original ATK.", ""),
    case("Flip a coin. If heads, put 1 damage counter on 1 of your opponent's Pokémon.", ""),
    case("Each player shuffles their hand into their library, then draws seven cards.", ""),
    case("Players play with the top card of their libraries revealed.", ""),
    case("Create a 1/1 green Saproling creature token.", ""),
    case("Reveal 1 monster in your hand; banish it face-down.", ""),
    case("相手の手札を1枚選んで捨てさせる。", ""),
    case("自分のデッキからカードを1枚ドローする。", ""),
    case("このカードを手札に戻す。", ""),
    case("Attach a basic Energy card from your hand to 1 of your Benched Pokémon.", ""),
    case("Switch your Active Pokémon with 1 of your Benched Pokémon.", ""),
    case("Choose a creature type. Target creature becomes that type until end of turn.", ""),
    case("Target player loses 2 life.", ""),
    case("Exile target creature. Its controller gains life equal to its power.", ""),
    case("Look at target player's hand.", ""),
    case("Sacrifice a creature: Add {B}{B}.", ""),
    case("Target land becomes the basic land type of your choice until end of turn.", ""),
    case("Each player may draw cards until they have 3 cards in their hand.", ""),
    case("Shuffle 2 of the other cards from your hand into your deck in order to draw a card.",
         ""),
    case("Return up to two target creature cards from your graveyard to your hand.", ""),
    case("Each Pokémon with Fairy Energy attached to it has no Retreat Cost.", ""),
    case("Special Summon 2 Tokens (Fairy/LIGHT/Level 1/ATK 0/DEF 0).", ""),
    case("Fusion Summon 1 Fusion Monster from your Extra Deck.", ""),
    case("Destroy target artifact. Draw a card.", ""),
    case("Look at 5 cards from the top of your deck; reveal up to 1 Character card.", ""),
    case("K.O. up to 1 of your opponent's Characters with a cost of 5 or less.", ""),
    case("相手フィールド上のカード1枚を破壊する。", ""),
    case("自分の山札を上から3枚見て、好きな順番で戻す。", ""),
    case("デッキからカードを2枚ドローする。", ""),
    case("このカードを控え室に置く。", ""),
    case("自分の控え室のキャラを1枚選び、手札に戻す。", ""),
    case("相手のバトルポケモンにダメカンを1個のせる。", ""),
    case("このワザのダメージは弱点・抵抗力を計算しない。", ""),
    case("クリーチャー1体を対象とする。それを破壊する。", ""),
    case("あなたのライブラリーからカードを1枚探し、それを公開する。", ""),
    case("相手は手札を1枚捨てる。", ""),
    case("このモンスターの攻撃力は元々の数値になる。", ""),
    case("フィールド魔法カード1枚を発動する。", ""),
]


@pytest.mark.parametrize(("text", "effects"), POSITIVE + NEGATIVE)
def test_every_game_wording(text: str, effects: set[str]) -> None:
    name = "Boros Charm" if "Boros Charm" in text else "Lightning Bolt" if "Bolt" in text else ""
    assert set(explain_effects(text, name)) == effects


def test_the_table_has_as_many_negative_cases_as_positive_ones() -> None:
    assert len(NEGATIVE) >= len(POSITIVE)
    covered: set[str] = set()
    for param in POSITIVE:
        expected = param.values[1]
        assert isinstance(expected, set)
        covered |= expected
    assert covered == set(EFFECT_NAMES)


def test_each_reason_is_the_phrase_that_gave_the_effect() -> None:
    reasons = explain_effects(
        "{1}{G}, {T}: Target creature gets +4/+4 until end of turn. Tap target creature."
    )
    assert reasons == {
        "plus": "Target creature gets +4/+4 until end of turn",
        "hazard": "Tap target creature",
    }
    japanese = explain_effects("あなたは自分のキャラを1枚選び、そのターン中、パワーを＋2000。")
    assert japanese == {"plus": "パワーを+2000"}


def test_a_long_reason_is_cut_around_the_matched_words() -> None:
    text = "Target creature " + "that was dealt damage this turn and " * 5 + "gets +1/+1."
    reason = explain_effects(text)["plus"]
    assert "gets +1/+1" in reason
    assert len(reason) <= 90


def test_effects_come_in_rules_order_once() -> None:
    effects = tag_effects("Poisoned. Paralyzed. Gain control of it. Target creature gets +1/+1.")
    assert effects == ("plus", "poison", "hack", "hazard")


def test_effect_names_parse_in_english_and_japanese() -> None:
    assert parse_effect("Hazard") == "hazard"
    assert parse_effect("ハザード") == "hazard"
    with pytest.raises(ValueError, match="hazard"):
        parse_effect("burn")
