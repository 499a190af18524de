"""Held-out reading sample (issue 11 item 4): texts of real cards not in
tests/converters/test_reading_matrix.py, in every source game's English and Japanese, with the
TWGP reading a player should see, written by hand from docs/rules.md §6 and the reading policies
of docs/effects.md BEFORE the reader was run on them (grammar checked: verb person and tense,
Japanese conjugation). Method and figures in docs/effects.md."""

from __future__ import annotations

CE, U, W = "charge_effect", "unit", "weapon"

MILL = "\nTWGP: library reduction is capped at 4 cards a turn (full) / 2 (half); more is void."
MILL_JA = "\nTWGP：山札減少効果は1ターンにフル4枚／ハーフ2枚まで（超える枚数は無効）。"
CHAIN = "\nTWGP: chained multiplication is void."
CHAIN_JA = "\nTWGP：掛け算を連続する処理は無効。"
LIFE = "\nTWGP: life gain and loss go through the clockwise count."
LIFE_JA = "\nTWGP：ライフ増減は時計廻しカウント・システムで処理する。"
REUSE = "\nTWGP: cards discarded this turn cannot be reused or returned to the hand this turn."
REUSE_JA = "\nTWGP：捨札になったターンの間は、そのカードを再利用にも手札にも選べない。"
SHUF = "the 2nd or later cards of the library just shuffled"
SHUF_JA = "直前にシャッフルしたライブラリの2枚目以降"
BOTTOM = "on the bottom of the library"
BOTTOM_JA = "ライブラリの一番下に戻"
UNIT_VOID = "Void in TWGP: the text of a Unit card is void (a unit fights with its grade alone)."
WEAPON_VOID = ("Void in TWGP: the text of a Weapon card is void (a weapon is +1 under a unit, "
               "−1 if it is a curse).")  # fmt: skip
UNIT_VOID_JA = "TWGPでは無効：ユニットのテキストは無効（ユニットは戦闘力だけで戦う）。"
WEAPON_VOID_JA = "TWGPでは無効：ウェポンのテキストは無効（ウェポンはユニットの下で+1、呪いなら−1）。"

#: (TWGP type, original text, its TWGP reading): texts the matrix changes
CHANGED: tuple[tuple[str, str, str], ...] = (
    # life payment
    (CE, "Pay 1000 LP, then target 1 Spell/Trap on the field; banish it.",
     "Pay 1 life card, then target 1 Spell/Trap on the field; banish it."),
    (CE, "When a monster(s) would be Summoned, OR a Spell/Trap Card is activated: Pay half your "
     "LP; negate the Summon or activation, and if you do, destroy that card.",
     "When a monster(s) would be Summoned, OR a Spell/Trap Card is activated: Pay 1 life card; "
     "negate the Summon or activation, and if you do, destroy that card."),
    (CE, "Pay 1000 LP; Special Summon 1 Level 5 or lower Fusion Monster from your Extra Deck, but "
     "it cannot attack, also it is destroyed during the End Phase.",
     "Pay 1 life card; Special Summon 1 Level 5 or lower Fusion Monster from your Extra Deck, but "
     "it cannot attack, also it is destroyed during the End Phase."),
    (CE, "As an additional cost to cast this spell, pay X life.\nAll creatures get -X/-X until end "
     "of turn.",
     "As an additional cost to cast this spell, pay 1 life card.\nAll creatures get -X/-X until "
     "end of turn."),
    (CE, "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.\n"
     "Destroy target nonblack creature. It can't be regenerated.",
     "If you control a Swamp, you may pay 1 life card rather than pay this spell's mana cost.\n"
     "Destroy target nonblack creature. It can't be regenerated."),
    (CE, "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana "
     "cost.\nCounter target spell.",
     "You may pay 1 life card and exile a blue card from your hand rather than pay this spell's "
     "mana cost.\nCounter target spell."),
    (CE, "Activate this card by paying 800 LP. Negate the effects of all face-up monsters.",
     "Activate this card by paying 1 life card. Negate the effects of all face-up monsters."),
    (CE, "ＬＰを半分払って以下の効果を発動できる。",
     "ライフ・カードを1枚払って以下の効果を発動できる。"),
    (CE, "８００ＬＰを払い、相手フィールドの表側表示モンスター１体を対象として発動できる。",
     "ライフ・カードを1枚払い、相手フィールドの表側表示モンスター１体を対象として発動できる。"),
    (CE, "１０００ＬＰを払ってこのカードを発動できる。",
     "ライフ・カードを1枚払ってこのカードを発動できる。"),
    (CE, "この呪文を唱えるための追加コストとして、2点のライフを支払う。",
     "この呪文を唱えるための追加コストとして、ライフ・カードを1枚支払う。"),
    # the hand, in every game's words
    (CE, "When a Spell Card is activated: Discard 1 card; negate the activation, and if you do, "
     "destroy it.",
     f"When a Spell Card is activated: Put 1 card from the hand {BOTTOM}; negate the activation, "
     "and if you do, destroy it."),
    (CE, "Discard 1 card; destroy all face-up monsters your opponent controls.",
     f"Put 1 card from the hand {BOTTOM}; destroy all face-up monsters your opponent controls."),
    (CE, "Draw 3 cards, then discard 2 cards.",
     f"Draw 3 cards, then put 2 cards from the hand {BOTTOM}."),
    (CE, "Both players discard as many cards as possible from their hands, then each player draws "
     "the same number of cards they discarded.",
     f"Both players put as many cards as possible from their hands {BOTTOM}, then each player "
     "draws the same number of cards they discarded."),
    (CE, "Target player discards two cards.",
     f"Target player puts two cards from the hand {BOTTOM}."),
    (CE, "Target player discards two cards at random.",
     f"Target player puts two cards from the hand {BOTTOM} at random."),
    (CE, "Draw two cards, then discard two cards.\nFlashback {2}{R}",
     f"Draw two cards, then put two cards from the hand {BOTTOM}.\nFlashback {{2}}{{R}}"),
    (CE, "Target player reveals their hand. You choose a nonland card from it. That player discards "
     "that card. You lose 2 life.",
     "Target player reveals their hand. You choose a nonland card from it. That player puts that "
     f"card from the hand {BOTTOM}. You lose 2 life.{LIFE}"),
    (CE, "You can use this card only if you discard 2 other cards from your hand.\nSearch your deck "
     "for a Pokémon, reveal it, and put it into your hand. Then, shuffle your deck.",
     f"You can use this card only if you put 2 other cards from your hand {BOTTOM}.\nTake a "
     f"Pokémon from {SHUF}, reveal it, and put it into your hand. Then, shuffle your deck."),
    (CE, "Discard 2 of the other cards from your hand in order to play this card. Search your deck "
     "for any card and put it into your hand. Shuffle your deck afterward.",
     f"Put 2 of the other cards from your hand {BOTTOM} in order to play this card. Take any card "
     f"from {SHUF} and put it into your hand. Shuffle your deck afterward."),
    (CE, "Attach up to 2 basic Energy cards from your discard pile to 1 of your Pokémon VMAX. If you "
     "attached any Energy cards in this way, discard your hand.",
     "Attach up to 2 basic Energy cards from your discard pile to 1 of your Pokémon VMAX. If you "
     f"attached any Energy cards in this way, put your hand {BOTTOM}.{REUSE}"),
    (CE, "Your opponent discards cards from their hand until they have 3 cards in their hand.",
     f"Your opponent puts cards from their hand {BOTTOM} until they have 3 cards in their hand."),
    (CE, "Draw up to 2 cards, choose 1 card in your hand, and put it into your waiting room.",
     f"Draw up to 2 cards, choose 1 card in your hand, and put it {BOTTOM}."),
    (CE, "【ACT】 [(1) Put 1 card from your hand into your waiting room] Draw 1 card.",
     f"【ACT】 [(1) Put 1 card from your hand {BOTTOM}] Draw 1 card."),
    (CE, "Discard 1 Level 8 monster; draw 2 cards.",
     f"Put 1 Level 8 monster from the hand {BOTTOM}; draw 2 cards."),
    (CE, "Each player draws 1 card, then each player discards 1 card.",
     f"Each player draws 1 card, then each player puts 1 card from the hand {BOTTOM}."),
    (CE, "Send 1 monster from your hand to the GY; Special Summon 1 Level 1 monster from your hand "
     "or Deck.",
     f"Put 1 monster from your hand {BOTTOM}; Special Summon 1 Level 1 monster from your hand or "
     f"{SHUF}."),
    (CE, "Draw 2 cards, then banish 1 DARK monster from your hand, or, if you do not have any in "
     "your hand, send your entire hand to the GY.",
     "Draw 2 cards, then banish 1 DARK monster from your hand, or, if you do not have any in your "
     f"hand, put your entire hand {BOTTOM}."),
    (CE, "As an additional cost to cast this spell, discard two cards.\nDraw three cards.",
     f"As an additional cost to cast this spell, put two cards from the hand {BOTTOM}.\nDraw "
     "three cards."),
    (CE, "As an additional cost to cast this spell, discard a creature card or pay {5}.\nLightning "
     "Axe deals 5 damage to target creature.",
     f"As an additional cost to cast this spell, put a creature card from the hand {BOTTOM} or "
     "pay {5}.\nLightning Axe deals 5 damage to target creature."),
    (CE, "Target opponent reveals their hand. You choose a noncreature, nonland card from it. That "
     "player discards that card.",
     "Target opponent reveals their hand. You choose a noncreature, nonland card from it. That "
     f"player puts that card from the hand {BOTTOM}."),
    (CE, "手札を１枚捨てて発動できる。相手フィールドの表側表示モンスターを全て破壊する。",
     f"手札を１枚{BOTTOM_JA}して発動できる。相手フィールドの表側表示モンスターを全て破壊する。"),
    (CE, "自分はデッキから３枚ドローし、その後手札を２枚選んで捨てる。",
     f"自分はデッキから３枚ドローし、その後手札を２枚選んで{BOTTOM_JA}す。"),
    (CE, "お互いは手札を全て捨て、それぞれ自分のデッキから捨てた枚数分ドローする。",
     f"お互いは手札を全て{BOTTOM_JA}し、それぞれ自分のデッキから捨てた枚数分ドローする。"),
    (CE, "プレイヤー1人を対象とする。そのプレイヤーは自分の手札を公開する。あなたはその中から土地でないカ"
     "ードを1枚選ぶ。そのプレイヤーはそのカードを捨てる。あなたは2点のライフを失う。",
     "プレイヤー1人を対象とする。そのプレイヤーは自分の手札を公開する。あなたはその中から土地でないカ"
     f"ードを1枚選ぶ。そのプレイヤーはそのカードを{BOTTOM_JA}す。あなたは2点のライフを失う。{LIFE_JA}"),
    (CE, "プレイヤー1人を対象とする。そのプレイヤーはカードを2枚捨てる。",
     f"プレイヤー1人を対象とする。そのプレイヤーはカードを2枚{BOTTOM_JA}す。"),
    (CE, "S・トリガー\n相手の手札を1枚見ないで選び、捨てさせる。",
     f"S・トリガー\n相手の手札を1枚見ないで選び、{BOTTOM_JA}させる。"),
    (CE, "相手の手札をすべて捨てさせる。", f"相手の手札をすべて{BOTTOM_JA}させる。"),
    (CE, "S・トリガー\nカードを2枚まで引いてもよい。その後、自分の手札を1枚捨てる。",
     f"S・トリガー\nカードを2枚まで引いてもよい。その後、自分の手札を1枚{BOTTOM_JA}す。"),
    (CE, "このカードは、自分の手札を2枚トラッシュしなければ使えない。\n自分の山札からポケモンを1枚選"
     "び、相手に見せて、手札に加える。そして山札を切る。",
     f"このカードは、自分の手札を2枚{BOTTOM_JA}さなければ使えない。\n{SHUF_JA}からポケモンを1枚選"
     "び、相手に見せて、手札に加える。そして山札を切る。"),
    (CE, "自分の手札をすべてトラッシュし、山札を7枚引く。",
     f"自分の手札をすべて{BOTTOM_JA}し、山札を7枚引く。"),
    (CE, "あなたは1枚引き、自分の手札を1枚選び、控え室に置く。",
     f"あなたは1枚引き、自分の手札を1枚選び、{BOTTOM_JA}す。"),
    (CE, "【起】［(1) 手札を1枚控え室に置く］ あなたは1枚引く。",
     f"【起】［(1) 手札を1枚{BOTTOM_JA}す］ あなたは1枚引く。"),
    # choosing from the library
    (CE, "Add 1 Level 4 or lower Warrior monster from your Deck to your hand.",
     f"Add 1 Level 4 or lower Warrior monster from {SHUF} to your hand."),
    (CE, "Add 1 Field Spell from your Deck to your hand.",
     f"Add 1 Field Spell from {SHUF} to your hand."),
    (CE, "Send 1 Spell/Trap from your Deck to the GY.",
     f"Send 1 Spell/Trap from {SHUF} to the GY."),
    (CE, "Search your library for a card, put that card into your hand, then shuffle.",
     f"Take a card from {SHUF}, put that card into your hand, then shuffle."),
    (CE, "Search your library for a card, then shuffle and put that card on top. You lose 2 life.",
     f"Take a card from {SHUF}, then shuffle and put that card on top. You lose 2 life.{LIFE}"),
    (CE, "Search your library for a basic land card, put that card onto the battlefield tapped, then "
     "shuffle.",
     f"Take a basic land card from {SHUF}, put that card onto the battlefield tapped, then "
     "shuffle."),
    (CE, "Exile target creature. Its controller may search their library for a basic land card, put "
     "that card onto the battlefield tapped, then shuffle.",
     f"Exile target creature. Its controller may take a basic land card from {SHUF}, put that card "
     "onto the battlefield tapped, then shuffle."),
    (CE, "Search your deck for a Basic Pokémon and put it onto your Bench. Then, shuffle your deck.",
     f"Take a Basic Pokémon from {SHUF} and put it onto your Bench. Then, shuffle your deck."),
    (CE, "Search your deck for up to 1 character, reveal it to your opponent, put it into your hand, "
     "and shuffle your deck.",
     f"Take up to 1 character from {SHUF}, reveal it to your opponent, put it into your hand, and "
     "shuffle your deck."),
    (CE, "Search your library for up to three creature cards, put them into your graveyard, then "
     "shuffle.",
     f"Take up to three creature cards from {SHUF}, put them into your graveyard, then shuffle."),
    (CE, "Search your deck for a basic Energy card, reveal it, and put it into your hand. Then, "
     "shuffle your deck.",
     f"Take a basic Energy card from {SHUF}, reveal it, and put it into your hand. Then, shuffle "
     "your deck."),
    (CE, "Add 1 \"Sky Striker\" card from your Deck to your hand, except \"Sky Striker Mobilize - "
     "Engage!\", then, if you have 3 or more Spells in your GY, you can draw 1 card.",
     f"Add 1 \"Sky Striker\" card from {SHUF} to your hand, except \"Sky Striker Mobilize - "
     "Engage!\", then, if you have 3 or more Spells in your GY, you can draw 1 card."),
    # looking at the top N and taking one into the hand is a library choice (shared rules digest,
    # "More games"); these three were held out as texts that stay before the digest decided it
    (CE, "[Main] Look at 5 cards from the top of your deck; reveal up to 1 {Straw Hat Crew} type "
     "Character card and add it to your hand. Then, place the rest at the bottom of your deck in "
     "any order.",
     f"[Main] Look at 5 cards from {SHUF}; reveal up to 1 {{Straw Hat Crew}} type Character card "
     "and add it to your hand. Then, place the rest at the bottom of your deck in any order."),
    (CE, "Look at the top 2 cards of your deck and put 1 of them into your hand. Discard the other "
     "card.",
     f"Look at 2 cards from {SHUF} and put 1 of them into your hand. Discard the other card."),
    (CE, "Look at the top 7 cards of your deck. You may reveal a Pokémon you find there and put it "
     "into your hand. Shuffle the other cards back into your deck.",
     f"Look at 7 cards from {SHUF}. You may reveal a Pokémon you find there and put it into your "
     "hand. Shuffle the other cards back into your deck."),
    (CE, "デッキからフィールド魔法カード１枚を手札に加える。",
     f"{SHUF_JA}からフィールド魔法カード１枚を手札に加える。"),
    (CE, "デッキからレベル４以下の戦士族モンスター１体を手札に加える。",
     f"{SHUF_JA}からレベル４以下の戦士族モンスター１体を手札に加える。"),
    (CE, "自分の山札からたねポケモンを1枚選び、ベンチに出す。そして山札を切る。",
     f"{SHUF_JA}からたねポケモンを1枚選び、ベンチに出す。そして山札を切る。"),
    (CE, "あなたは自分の山札を見てキャラを1枚まで選んで相手に見せ、手札に加える。その山札をシャッフル"
     "する。",
     f"あなたは{SHUF_JA}を見てキャラを1枚まで選んで相手に見せ、手札に加える。その山札をシャッフル"
     "する。"),
    # the notes
    (CE, "Target player mills ten cards.", f"Target player mills ten cards.{MILL}"),
    (CE, "You can send up to 3 cards from the top of your Deck to the GY.",
     f"You can send up to 3 cards from the top of your Deck to the GY.{MILL}"),
    (CE, "Discard the top 3 cards of your opponent's deck.",
     f"Discard the top 3 cards of your opponent's deck.{MILL}"),
    (CE, "Banish 10 cards from the top of your Deck, face-down; draw 2 cards.",
     f"Banish 10 cards from the top of your Deck, face-down; draw 2 cards.{MILL}"),
    (CE, "Target player mills two cards.\nDraw a card.",
     f"Target player mills two cards.\nDraw a card.{MILL}"),
    (CE, "あなたは自分の山札の上から4枚を、控え室に置く。",
     f"あなたは自分の山札の上から4枚を、控え室に置く。{MILL_JA}"),
    (CE, "自分の山札の上から2枚を墓地に置く。", f"自分の山札の上から2枚を墓地に置く。{MILL_JA}"),
    (CE, "自分のデッキの上からカード１０枚を裏側表示で除外して発動できる。自分はデッキから２枚ドローする。",
     f"自分のデッキの上からカード１０枚を裏側表示で除外して発動できる。自分はデッキから２枚ドローする。"
     f"{MILL_JA}"),
    (CE, "Double target creature's power. Then double its power again.",
     f"Double target creature's power. Then double its power again.{CHAIN}"),
    (CE, "If a source would deal damage to a permanent or player, it deals triple that damage to "
     "that permanent or player instead.",
     "If a source would deal damage to a permanent or player, it deals triple that damage to that "
     f"permanent or player instead.{CHAIN}"),
    (CE, "そのモンスターの攻撃力を倍にし、さらにその攻撃力を倍にする。",
     f"そのモンスターの攻撃力を倍にし、さらにその攻撃力を倍にする。{CHAIN_JA}"),
    (CE, "Lightning Helix deals 3 damage to any target and you gain 3 life.",
     f"Lightning Helix deals 3 damage to any target and you gain 3 life.{LIFE}"),
    (CE, "Target player draws two cards and loses 2 life.",
     f"Target player draws two cards and loses 2 life.{LIFE}"),
    (CE, "Gain 1000 LP.", f"Gain 1000 LP.{LIFE}"),
    (CE, "Draw 1 card, then your opponent gains 1000 LP.",
     f"Draw 1 card, then your opponent gains 1000 LP.{LIFE}"),
    (CE, "Draw four cards. You lose half your life, rounded up.",
     f"Draw four cards. You lose half your life, rounded up.{LIFE}"),
    (CE, "At the beginning of your upkeep, you draw a card and you lose 1 life.",
     f"At the beginning of your upkeep, you draw a card and you lose 1 life.{LIFE}"),
    (CE, "自分は６００ＬＰ回復する。", f"自分は６００ＬＰ回復する。{LIFE_JA}"),
    (CE, "稲妻のらせんは、クリーチャー1体かプレイヤー1人を対象とし、それに3点のダメージを与え、あなた"
     "は3点のライフを得る。",
     "稲妻のらせんは、クリーチャー1体かプレイヤー1人を対象とし、それに3点のダメージを与え、あなた"
     f"は3点のライフを得る。{LIFE_JA}"),
    (CE, "Target 1 monster in either GY; Special Summon it.",
     f"Target 1 monster in either GY; Special Summon it.{REUSE}"),
    (CE, "Target any number of monsters in your GY; Special Summon them, and if you do, you lose "
     "1000 LP for each monster Special Summoned by this effect.",
     "Target any number of monsters in your GY; Special Summon them, and if you do, you lose 1000 "
     f"LP for each monster Special Summoned by this effect.{LIFE}{REUSE}"),
    (CE, "あなたは自分の控え室のキャラを2枚まで選び、手札に戻す。",
     f"あなたは自分の控え室のキャラを2枚まで選び、手札に戻す。{REUSE_JA}"),
    (CE, "自分の墓地からクリーチャーを1体、手札に戻す。",
     f"自分の墓地からクリーチャーを1体、手札に戻す。{REUSE_JA}"),
    (CE, "自分のトラッシュから基本エネルギーを2枚まで選び、手札に加える。",
     f"自分のトラッシュから基本エネルギーを2枚まで選び、手札に加える。{REUSE_JA}"),
    (CE, "自分の墓地のモンスター１体を対象として発動できる。そのモンスターを手札に加える。",
     f"自分の墓地のモンスター１体を対象として発動できる。そのモンスターを手札に加える。{REUSE_JA}"),
    # void
    (CE, "You win the game if you control a land of each basic land type and a creature of each "
     "color.",
     "[Void in TWGP: You win the game if you control a land of each basic land type and a creature "
     "of each color.]"),
    (CE, "If this spell was cast from your hand and you've cast another spell named Approach of the "
     "Second Sun this game, you win the game. Otherwise, put Approach of the Second Sun into its "
     "owner's library seventh from the top and you gain 7 life.",
     "[Void in TWGP: If this spell was cast from your hand and you've cast another spell named "
     "Approach of the Second Sun this game, you win the game.] Otherwise, put Approach of the "
     f"Second Sun into its owner's library seventh from the top and you gain 7 life.{LIFE}"),
    (CE, "{T}, Sacrifice Door to Nothingness: Target player loses the game.",
     "[Void in TWGP: {T}, Sacrifice Door to Nothingness: Target player loses the game.]"),
    (CE, "あなたはこのゲームに勝利する。", "［TWGPでは無効：あなたはこのゲームに勝利する。］"),
    (CE, "「死のメッセージ」カードが全て揃った時、自分はデュエルに勝利する。",
     "［TWGPでは無効：「死のメッセージ」カードが全て揃った時、自分はデュエルに勝利する。］"),
    (U, "Flying, vigilance", UNIT_VOID),
    (U, "When this card is Normal Summoned: You can add 1 Spell from your Deck to your hand.",
     UNIT_VOID),
    (W, "Equipped creature gets +2/+0.\nEquip {1}", WEAPON_VOID),
    (U, "このカードが召喚に成功した時、デッキから魔法カード１枚を手札に加える。", UNIT_VOID_JA),
    (W, "装備モンスターの攻撃力は１０００アップする。", WEAPON_VOID_JA),
)

#: (original text, its reading): texts the matrix leaves as printed; a text that takes cards
#: back from the graveyard stays as printed and gains only the same-turn reuse note
MUST_STAY: tuple[tuple[str, str], ...] = (
    ("Discard 2 Energy from this Pokémon.",) * 2,
    ("Flip a coin. If heads, discard an Energy from 1 of your opponent's Pokémon.",) * 2,
    ("Heal 60 damage from 1 of your Pokémon. If you do, discard an Energy attached to that "
     "Pokémon.",) * 2,
    ("Heal all damage from 1 of your Pokémon. Then, discard all Energy from that Pokémon.",) * 2,
    ("Draw 3 cards.",) * 2,
    ("Target player draws three cards.",) * 2,
    ("Destroy all Spells and Traps on the field.",) * 2,
    ("Draw three cards, then put two cards from your hand on top of your library in any order.",)
    * 2,
    ("Shuffle your hand into your deck. Then, draw 6 cards.",) * 2,
    ("Each player shuffles their hand and puts it on the bottom of their deck. Then, you draw 5 "
     "cards, and your opponent draws 4 cards.",) * 2,
    ("Put this card into your memory.",) * 2,
    ("Choose 1 of your opponent's characters, and put it into your opponent's waiting room.",) * 2,
    ("Sacrifice a creature: Add {B}.",) * 2,
    ("Send 1 face-up card you control to the GY; draw 1 card.",) * 2,
    ("Tribute 1 monster; Special Summon 1 monster from your hand.",) * 2,
    ("Target 1 card in your opponent's GY; banish it.",) * 2,
    ("Each player sacrifices a creature.",) * 2,
    ("Exile target card from a graveyard.",) * 2,
    ("If a card or token would be put into a graveyard from anywhere, exile it instead.",) * 2,
    ("{T}, Sacrifice Tormod's Crypt: Exile target player's graveyard.",) * 2,
    ("Return target creature to its owner's hand.",) * 2,
    ("Put target creature on top of its owner's library.",) * 2,
    ("[Main] K.O. up to 1 of your opponent's Characters with a cost of 5 or less.",) * 2,
    ("Put the top card of your deck into your stock.",) * 2,
    ("Reveal the top card of your library.",) * 2,
    ("Put a creature card from your hand onto the battlefield.",) * 2,
    ("Special Summon 1 \"Sheep Token\" (Beast/EARTH/Level 1/ATK 0/DEF 0).",) * 2,
    ("Attach a basic Energy card from your hand to 1 of your Pokémon.",) * 2,
    ("Put a card from your hand on the bottom of your deck.",) * 2,
    ("Scry 2.",) * 2,
    ("カードを2枚引く。",) * 2,
    ("相手のクリーチャーを1体選び、破壊する。",) * 2,
    ("自分のバトルポケモンについているエネルギーを1個トラッシュする。",) * 2,
    ("相手の場のポケモンについているエネルギーを1個選び、トラッシュする。",) * 2,
    ("このカードを墓地へ送って発動できる。",) * 2,
    ("自分フィールドの表側表示のカード１枚を墓地へ送って発動できる。",) * 2,
    ("デッキの上からカードを3枚めくる。",) * 2,
    ("自分の山札を上から5枚見る。",) * 2,
    ("山札を7枚引く。",) * 2,
    ("自分の山札の上から1枚目をマナゾーンに置く。",) * 2,
    ("あなたは自分の山札の上から1枚を、ストック置場に置く。",) * 2,
    ("相手のキャラを1枚選び、手札に戻す。",) * 2,
    ("Return target creature card from your graveyard to your hand.",
     f"Return target creature card from your graveyard to your hand.{REUSE}"),
    ("Put up to 2 basic Energy cards from your discard pile into your hand.",
     f"Put up to 2 basic Energy cards from your discard pile into your hand.{REUSE}"),
    ("自分の墓地から魔法カード１枚を選んで手札に加える。",
     f"自分の墓地から魔法カード１枚を選んで手札に加える。{REUSE_JA}"),
)
