"""The TWGP reading (issue 11 item 4): the matrix rewrites and notes in every source game's
English and Japanese wording, and the texts that must stay as printed. Each expected reading
was checked by hand for the rule and for grammar (verb person and tense, Japanese conjugation).
"""

from __future__ import annotations

import pytest

from converters.base import CardType
from converters.reading import twgp_reading

#: (original, the TWGP reading of a Charge Effect with that text)
CHANGED: list[tuple[str, str]] = [
    ("Pay 1000 LP; destroy 1 card on the field.",
     "Pay 1 life card; destroy 1 card on the field."),
    ("You can pay 2000 LP; Special Summon this card.",
     "You can pay 1 life card; Special Summon this card."),
    ("Pay half your LP, then target 1 monster in your GY; Special Summon it.",
     "Pay 1 life card, then target 1 monster in your GY; Special Summon it.\nTWGP: cards "
     "discarded this turn cannot be reused or returned to the hand this turn."),
    ("Pay LP so that you only have 10 left; Special Summon 1 monster.",
     "Pay 1 life card; Special Summon 1 monster."),
    ("As an additional cost to cast this spell, pay 4 life.",
     "As an additional cost to cast this spell, pay 1 life card."),
    ("{1}{B}, Pay 2 life: Draw a card.",
     "{1}{B}, Pay 1 life card: Draw a card."),
    ("You may pay X life. If you do, draw X cards.",
     "You may pay 1 life card. If you do, draw X cards."),
    ("Activate only by paying 800 Life Points.",
     "Activate only by paying 1 life card."),
    ("Target player pays 3 life.",
     "Target player pays 1 life card."),
    ("ライフを1000払って発動できる。",
     "ライフ・カードを1枚払って発動できる。"),
    ("1000LPを払って発動できる。",
     "ライフ・カードを1枚払って発動できる。"),
    ("LPを半分払って発動できる。",
     "ライフ・カードを1枚払って発動できる。"),
    ("ライフポイントを500払い、デッキからカードを1枚ドローする。",
     "ライフ・カードを1枚払い、デッキからカードを1枚ドローする。"),
    ("2点のライフを支払う：カードを1枚引く。",
     "ライフ・カードを1枚支払う：カードを1枚引く。"),
    ("Discard a card: Destroy target creature.",
     "Put a card from the hand on the bottom of the library: Destroy target creature."),
    ("Draw two cards, then discard a card.",
     "Draw two cards, then put a card from the hand on the bottom of the library."),
    ("Target player discards two cards.",
     "Target player puts two cards from the hand on the bottom of the library."),
    ("Each player discards their hand, then draws seven cards.",
     "Each player puts their hand on the bottom of the library, then draws seven cards."),
    ("As an additional cost to cast this spell, discard a card.",
     "As an additional cost to cast this spell, put a card from the hand on the bottom of the library."),
    ("You can discard this card; add 1 Spell from your Deck to your hand.",
     "You can put this card from the hand on the bottom of the library; add 1 Spell from the 2nd or later cards of the library just shuffled to your hand."),
    ("Discard 1 card, then target 1 monster on the field; destroy it.",
     "Put 1 card from the hand on the bottom of the library, then target 1 monster on the field; destroy it."),
    ("Send 1 card from your hand to the GY; draw 2 cards.",
     "Put 1 card from your hand on the bottom of the library; draw 2 cards."),
    ("You can send this card from your hand to the Graveyard; draw 1 card.",
     "You can put this card from your hand on the bottom of the library; draw 1 card."),
    ("Discard 2 cards from your hand. If you do, draw 3 cards.",
     "Put 2 cards from your hand on the bottom of the library. If you do, draw 3 cards."),
    ("You can use this card only if you discard 2 other cards from your hand.",
     "You can use this card only if you put 2 other cards from your hand on the bottom of the library."),
    ("Discard your hand and draw 7 cards.",
     "Put your hand on the bottom of the library and draw 7 cards."),
    ("You may put 1 card from your hand into your waiting room. If you do, draw 1 card.",
     "You may put 1 card from your hand on the bottom of the library. If you do, draw 1 card."),
    ("Choose a card in your hand, and put it into your waiting room.",
     "Choose a card in your hand, and put it on the bottom of the library."),
    ("You may trash 1 card from your hand: K.O. up to 1 of your opponent's Characters.",
     "You may put 1 card from your hand on the bottom of the library: K.O. up to 1 of your opponent's Characters."),
    ("Draw 2 cards and trash 1 card from your hand.",
     "Draw 2 cards and put 1 card from your hand on the bottom of the library."),
    ("手札を1枚捨てて発動できる。",
     "手札を1枚ライブラリの一番下に戻して発動できる。"),
    ("このカードを手札から捨てて発動できる。",
     "このカードを手札からライブラリの一番下に戻して発動できる。"),
    ("手札を1枚墓地へ送って発動できる。",
     "手札を1枚ライブラリの一番下に戻して発動できる。"),
    ("自分の手札を1枚選び、控え室に置いてよい。",
     "自分の手札を1枚選び、ライブラリの一番下に戻してよい。"),
    ("自分の手札を2枚トラッシュする。",
     "自分の手札を2枚ライブラリの一番下に戻す。"),
    ("相手は手札を1枚選んで捨てる。",
     "相手は手札を1枚選んでライブラリの一番下に戻す。"),
    ("相手の手札を見て1枚選び、捨てさせる。",
     "相手の手札を見て1枚選び、ライブラリの一番下に戻させる。"),
    ("カードを2枚引き、その後手札を1枚捨てる。",
     "カードを2枚引き、その後手札を1枚ライブラリの一番下に戻す。"),
    ("手札を1枚トラッシュに置く。",
     "手札を1枚ライブラリの一番下に戻す。"),
    ("Search your library for a basic land card, reveal it, put it into your hand, then shuffle your library.",
     "Take a basic land card from the 2nd or later cards of the library just shuffled, reveal it, put it into your hand, then shuffle your library."),
    ("Search your deck for up to 2 Basic Pokémon and put them onto your Bench. Then, shuffle your deck.",
     "Take up to 2 Basic Pokémon from the 2nd or later cards of the library just shuffled and put them onto your Bench. Then, shuffle your deck."),
    ("Add 1 \"Blue-Eyes\" monster from your Deck to your hand.",
     "Add 1 \"Blue-Eyes\" monster from the 2nd or later cards of the library just shuffled to your hand."),
    ("Special Summon 1 Level 4 or lower monster from your Deck.",
     "Special Summon 1 Level 4 or lower monster from the 2nd or later cards of the library just shuffled."),
    ("Send 1 monster from your Deck to the GY.",
     "Send 1 monster from the 2nd or later cards of the library just shuffled to the GY."),
    ("Special Summon 1 monster from your hand or Deck.",
     "Special Summon 1 monster from your hand or the 2nd or later cards of the library just shuffled."),
    ("Search your deck for up to 1 《Corps》 character, reveal it to your opponent, and put it into your hand.",
     "Take up to 1 《Corps》 character from the 2nd or later cards of the library just shuffled, reveal it to your opponent, and put it into your hand."),
    ("Each player searches their library for a land card and puts it onto the battlefield.",
     "Each player takes a land card from the 2nd or later cards of the library just shuffled and puts it onto the battlefield."),
    ("Banish 1 card from your Deck face-down.",
     "Banish 1 card from the 2nd or later cards of the library just shuffled face-down."),
    ("デッキから「ブラック・マジシャン」1体を手札に加える。",
     "直前にシャッフルしたライブラリの2枚目以降から「ブラック・マジシャン」1体を手札に加える。"),
    ("デッキからレベル4以下のモンスター1体を特殊召喚する。",
     "直前にシャッフルしたライブラリの2枚目以降からレベル4以下のモンスター1体を特殊召喚する。"),
    ("デッキからモンスター1体を墓地へ送る。",
     "直前にシャッフルしたライブラリの2枚目以降からモンスター1体を墓地へ送る。"),
    ("自分の山札を見て《音楽》のキャラを1枚まで選び、相手に見せ、手札に加える。",
     "直前にシャッフルしたライブラリの2枚目以降を見て《音楽》のキャラを1枚まで選び、相手に見せ、手札に加える。"),
    ("自分の山札からたねポケモンを2枚までベンチに出す。",
     "直前にシャッフルしたライブラリの2枚目以降からたねポケモンを2枚までベンチに出す。"),
    ("Target player puts the top eight cards of his or her library into his or her graveyard.",
     "Target player puts the top eight cards of his or her library into his or her graveyard.\nTWGP: library reduction is capped at 4 cards a turn (full) / 2 (half); more is void."),
    ("Target player mills three cards.",
     "Target player mills three cards.\nTWGP: library reduction is capped at 4 cards a turn (full) / 2 (half); more is void."),
    ("Discard the top 5 cards of your deck.",
     "Discard the top 5 cards of your deck.\nTWGP: library reduction is capped at 4 cards a turn (full) / 2 (half); more is void."),
    ("Send the top 3 cards of your Deck to the GY.",
     "Send the top 3 cards of your Deck to the GY.\nTWGP: library reduction is capped at 4 cards a turn (full) / 2 (half); more is void."),
    ("Put the top 2 cards of your deck into your waiting room.",
     "Put the top 2 cards of your deck into your waiting room.\nTWGP: library reduction is capped at 4 cards a turn (full) / 2 (half); more is void."),
    ("デッキの上からカードを3枚墓地へ送る。",
     "デッキの上からカードを3枚墓地へ送る。\nTWGP：山札減少効果は1ターンにフル4枚／ハーフ2枚まで（超える枚数は無効）。"),
    ("自分の山札の上から2枚を控え室に置く。",
     "自分の山札の上から2枚を控え室に置く。\nTWGP：山札減少効果は1ターンにフル4枚／ハーフ2枚まで（超える枚数は無効）。"),
    ("Double target creature's power, then double it again.",
     "Double target creature's power, then double it again.\nTWGP: chained multiplication is void."),
    ("Target player gains 5 life.",
     "Target player gains 5 life.\nTWGP: life gain and loss go through the clockwise count."),
    ("Your opponent loses 2 life.",
     "Your opponent loses 2 life.\nTWGP: life gain and loss go through the clockwise count."),
    ("You gain 500 LP.",
     "You gain 500 LP.\nTWGP: life gain and loss go through the clockwise count."),
    ("Return target creature card from your graveyard to your hand.",
     "Return target creature card from your graveyard to your hand.\nTWGP: cards discarded this turn cannot be reused or returned to the hand this turn."),
    ("Add 1 monster from your GY to your hand.",
     "Add 1 monster from your GY to your hand.\nTWGP: cards discarded this turn cannot be reused or returned to the hand this turn."),
    ("Put up to 2 Pokémon from your discard pile into your hand.",
     "Put up to 2 Pokémon from your discard pile into your hand.\nTWGP: cards discarded this turn cannot be reused or returned to the hand this turn."),
    ("Choose a character in your waiting room, and return it to your hand.",
     "Choose a character in your waiting room, and return it to your hand.\nTWGP: cards discarded this turn cannot be reused or returned to the hand this turn."),
    ("墓地からモンスター1体を手札に加える。",
     "墓地からモンスター1体を手札に加える。\nTWGP：捨札になったターンの間は、そのカードを再利用にも手札にも選べない。"),
    ("自分の控え室のキャラを1枚選び、手札に戻す。",
     "自分の控え室のキャラを1枚選び、手札に戻す。\nTWGP：捨札になったターンの間は、そのカードを再利用にも手札にも選べない。"),
    ("自分のトラッシュからグッズを1枚手札に加える。",
     "自分のトラッシュからグッズを1枚手札に加える。\nTWGP：捨札になったターンの間は、そのカードを再利用にも手札にも選べない。"),
    ("あなたは5点のライフを得る。",
     "あなたは5点のライフを得る。\nTWGP：ライフ増減は時計廻しカウント・システムで処理する。"),
    ("ライフを1000回復する。",
     "ライフを1000回復する。\nTWGP：ライフ増減は時計廻しカウント・システムで処理する。"),
    ("You win the game.",
     "[Void in TWGP: You win the game.]"),
    ("If you control 20 Mountains, you win the game.",
     "[Void in TWGP: If you control 20 Mountains, you win the game.]"),
    ("このカードがフィールドに存在する限り、自分はデュエルに勝利する。",
     "［TWGPでは無効：このカードがフィールドに存在する限り、自分はデュエルに勝利する。］"),
]

#: texts the matrix leaves as printed: cards in play, drawing, looking at the top, no cost
UNCHANGED: list[str] = [
    "Discard an Energy attached to the Defending Pokémon.",
    "Discard 2 Energy cards attached to Charizard.",
    "Draw 2 cards.",
    "Destroy target artifact.",
    "Look at the top 7 cards of your deck.",
    "Draw a card from your deck.",
    "Send this card to the GY.",
    "Discard this card from play.",
    "このカードを墓地へ送る。",
    "相手フィールド上のカード1枚を墓地へ送る。",
    "エネルギーを1個トラッシュする。",
    "デッキからカードを2枚ドローする。",
    "Shuffle your hand into your deck, then draw 5 cards.",
    "Put this card into your waiting room.",
    "Put a card from your hand onto the battlefield.",
    "Trash this Character.",
    "Place 2 cards from your hand on the bottom of your Deck in any order.",
    "Flying",
    "あなたは自分の山札を上から1枚見て、山札の上か下に置く。",
    "Discard a Basic Energy from this Pokémon.",
    "Your opponent reveals their hand.",
    "Exile target creature.",
]


@pytest.mark.parametrize(("text", "reading"), CHANGED, ids=[t[:50] for t, _ in CHANGED])
def test_the_matrix_reads_every_games_wording(text: str, reading: str) -> None:
    assert twgp_reading(text, CardType.CHARGE_EFFECT) == reading
    assert reading != text


@pytest.mark.parametrize("text", UNCHANGED, ids=[t[:50] for t in UNCHANGED])
def test_what_must_stay_stays(text: str) -> None:
    assert twgp_reading(text, CardType.CHARGE_EFFECT) == text


SHUFFLED = "the 2nd or later cards of the library just shuffled"
SHUFFLED_JA = "直前にシャッフルしたライブラリの2枚目以降"

#: "look at the top N, put one into your hand" is a library choice (shared rules digest, "More
#: games"): (original, reading) in each game's words, the hand taken in the same sentence or the
#: next
LOOK_AT_TOP_CHANGED: list[tuple[str, str]] = [
    ("Look at 5 cards from the top of your deck; reveal up to 1 card and add it to your hand.",
     f"Look at 5 cards from {SHUFFLED}; reveal up to 1 card and add it to your hand."),
    ("Look at the top 4 cards of your deck. You may reveal a character card and put it into your "
     "hand. Put the rest on the bottom of your deck in any order.",
     f"Look at 4 cards from {SHUFFLED}. You may reveal a character card and put it into your "
     "hand. Put the rest on the bottom of your deck in any order."),
    ("Look at the top four cards of your library. Put one of them into your hand and the rest on "
     "the bottom of your library in any order.",
     f"Look at four cards from {SHUFFLED}. Put one of them into your hand and the rest on the "
     "bottom of your library in any order."),
    ("When this creature enters the battlefield, reveal the top four cards of your library. Put all "
     "Elf cards revealed this way into your hand and the rest on the bottom of your library in any "
     "order.",
     f"When this creature enters the battlefield, reveal four cards from {SHUFFLED}. Put all Elf "
     "cards revealed this way into your hand and the rest on the bottom of your library in any "
     "order."),
    ("Look at up to 4 cards from the top of your deck, choose up to 1 character from among them, "
     "reveal it to your opponent, put it into your hand, and put the rest into your waiting room.",
     f"Look at up to 4 cards from {SHUFFLED}, choose up to 1 character from among them, reveal it "
     "to your opponent, put it into your hand, and put the rest into your waiting room."),
    ("You can excavate the top 3 cards of your Deck, and if you do, you can add 1 excavated "
     "monster to your hand, also shuffle the rest into your Deck.",
     f"You can excavate 3 cards from {SHUFFLED}, and if you do, you can add 1 excavated monster "
     "to your hand, also shuffle the rest into your Deck."),
    ("自分の山札の上から3枚を見て、その中から1枚を手札に加える。",
     f"{SHUFFLED_JA}から3枚を見て、その中から1枚を手札に加える。"),
    ("自分の山札を上から7枚見る。その中にあるサポートを1枚、相手に見せてから、手札に加えてよい。",
     f"{SHUFFLED_JA}から7枚見る。その中にあるサポートを1枚、相手に見せてから、手札に加えてよい。"),
    ("あなたのデッキの上からカードを４枚見る。キャラクター・カードを１枚公開し手札に加えてもよい。",
     f"{SHUFFLED_JA}からカードを４枚見る。キャラクター・カードを１枚公開し手札に加えてもよい。"),
    ("【メイン】自分のデッキの上から5枚を見て、特徴《麦わらの一味》を持つキャラカード1枚までを公開し、"
     "手札に加える。",
     f"【メイン】{SHUFFLED_JA}から5枚を見て、特徴《麦わらの一味》を持つキャラカード1枚までを公開し、"
     "手札に加える。"),
    ("【登場時】自分のデッキの上から3枚オープンする。その中のテイマーカード1枚を手札に加える。",
     f"【登場時】{SHUFFLED_JA}から3枚オープンする。その中のテイマーカード1枚を手札に加える。"),
    ("自分の山札の上から4枚を表向きにし、その中の水のカードをすべて手札に加え、残りを墓地に置く。",
     f"{SHUFFLED_JA}から4枚を表向きにし、その中の水のカードをすべて手札に加え、残りを墓地に置く。"),
    ("あなたのライブラリーの一番上からカードを4枚見る。そのうち1枚をあなたの手札に加え、残りをあなたの"
     "ライブラリーの一番下に望む順番で置く。",
     f"{SHUFFLED_JA}からカードを4枚見る。そのうち1枚をあなたの手札に加え、残りをあなたの"
     "ライブラリーの一番下に望む順番で置く。"),
    ("あなたは自分の山札を上から4枚まで見て、カードを1枚まで選び、手札に加え、残りのカードを控え室に"
     "置く。",
     f"あなたは{SHUFFLED_JA}から4枚まで見て、カードを1枚まで選び、手札に加え、残りのカードを控え室に"
     "置く。"),
]

#: what the digest keeps as printed: looking or revealing without taking into the hand, the top
#: card alone (no choice among cards), scry, mill, draw, "until" (no number looked at), another
#: player's deck, and a reveal that is a mill before a search of its own
LOOK_AT_TOP_STAYS: list[str] = [
    "Look at the top 7 cards of your deck.",
    "Look at the top 3 cards of your deck and put them back on top of your deck in any order.",
    "Look at 5 cards from the top of your deck; play up to 1 Character card with a cost of 3 or "
    "less. Then, place the rest at the bottom of your deck in any order.",
    "Look at the top card of your deck. You may put that card into your hand.",
    "Reveal the top card of your deck. If that card is a character, put it into your hand.",
    "Scry 2. Draw a card.",
    "Reveal cards from the top of your library until you reveal a land card. Put that card into "
    "your hand.",
    "Look at the top 5 cards of your opponent's deck and put them back in any order. Return target "
    "creature to your hand.",
    "自分の山札を上から5枚見る。",
    "自分のデッキの上から1枚オープンする。そのカードがデジモンカードなら手札に加える。",
    "自分のデッキの上から5枚を見て、好きな順番に並び変え、デッキの上か下に置く。",
    "自分のデッキの上から5枚を見て、コスト3以下のキャラカード1枚までを、登場させる。",
    "相手の山札を上から1枚見て、もとにもどす。",
    "あなたのライブラリーの一番上からカードを3枚見て、それらを望む順番で戻す。カードを1枚引く。",
]


@pytest.mark.parametrize(("text", "reading"), LOOK_AT_TOP_CHANGED,
                         ids=[t[:50] for t, _ in LOOK_AT_TOP_CHANGED])  # fmt: skip
def test_looking_at_the_top_n_and_taking_one_into_the_hand_is_a_library_choice(
    text: str, reading: str
) -> None:
    assert twgp_reading(text, CardType.CHARGE_EFFECT) == reading


@pytest.mark.parametrize("text", LOOK_AT_TOP_STAYS, ids=[t[:50] for t in LOOK_AT_TOP_STAYS])
def test_looking_without_taking_into_the_hand_stays(text: str) -> None:
    assert twgp_reading(text, CardType.CHARGE_EFFECT) == text


def test_a_reveal_that_mills_before_a_search_is_the_search_alone() -> None:
    text = ("Reveal four cards from the top of your deck, and put them into your waiting room. "
            "For each climax revealed, search your deck for up to one character, reveal it to "
            "your opponent, and put it into your hand.")  # fmt: skip
    reading = twgp_reading(text, CardType.CHARGE_EFFECT)
    assert reading.startswith("Reveal four cards from the top of your deck, and put them into")
    assert f"take up to one character from {SHUFFLED}" in reading


def test_about_75_changed_texts_and_fewer_unchanged_ones() -> None:
    assert len(CHANGED) >= 75
    assert len(UNCHANGED) >= 20


@pytest.mark.parametrize(
    ("card_type", "text", "marker"),
    [
        (CardType.UNIT, "Flying. When this creature attacks, draw a card.", "Void in TWGP"),
        (CardType.WEAPON, "Equipped creature gets +2/+0.", "Void in TWGP"),
        (CardType.UNIT, "このカードが召喚に成功した時、デッキから1枚ドローする。", "TWGPでは無効"),
        (CardType.WEAPON, "装備モンスターの攻撃力は500アップする。", "TWGPでは無効"),
    ],
)
def test_unit_and_weapon_text_reads_void(card_type: CardType, text: str, marker: str) -> None:
    reading = twgp_reading(text, card_type)
    assert reading.startswith(marker)
    assert ("Weapon" in reading or "ウェポン" in reading) == (card_type is CardType.WEAPON)


def test_no_text_reads_as_no_text() -> None:
    assert twgp_reading("", CardType.UNIT) == ""
    assert twgp_reading("", None) == ""
