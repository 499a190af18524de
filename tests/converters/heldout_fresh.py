"""Held-out sample, part 4: a second fresh set, written and judged (docs/rules.md §6, the
policies of docs/effects.md) AFTER the rules were corrected on parts 1–3 and BEFORE the tagger
was run on it, so that it estimates the corrected rules on unseen cards (docs/effects.md,
"Held-out evaluation"). Real cards' texts in English and Japanese; Weiß Schwarz texts are the
game's recurring templates.

Entries: (game, language, TWGP type, card name, text, the effects a TWGP player reads)."""

from __future__ import annotations

CE, CT, LC, LT, U, W = "charge_effect", "charge_trap", "life_counter", "life_trap", "unit", "weapon"

FRESH: tuple[tuple[str, ...], ...] = (
    ("mtg", "en", CE, "Path of Peace", "Destroy target creature. Its owner gains 4 life.", ""),
    ("mtg", "en", CE, "Chaplain's Blessing", "You gain 5 life.", "medical"),
    ("mtg", "en", CE, "Rest for the Weary", "You gain 4 life.\nLandfall — If you had a land enter "
     "the battlefield under your control this turn, you gain 8 life instead.", "medical"),
    ("mtg", "en", CE, "Holy Light", "Nonwhite creatures get -1/-1 until end of turn.", "down"),
    ("mtg", "en", CE, "Warrior's Honor", "Creatures you control get +1/+1 until end of turn.",
     "plus"),
    ("mtg", "en", CE, "Trumpet Blast", "Attacking creatures get +2/+0 until end of turn.", "plus"),
    ("mtg", "en", CE, "Gigadrowse", "Replicate {U}\nTap target permanent.", "hazard"),
    ("mtg", "en", CE, "Ensnare", "You may return two Islands you control to their owner's hand "
     "rather than pay this spell's mana cost.\nTap all creatures.", "hazard"),
    ("mtg", "en", CE, "Dissolve", "Counter target spell. Scry 1.", "crack"),
    ("mtg", "en", CE, "Mana Drain", "Counter target spell. At the beginning of your next main "
     "phase, add an amount of {C} equal to that spell's mana value.", "crack"),
    ("mtg", "en", CE, "Daze", "You may return an Island you control to its owner's hand rather "
     "than pay this spell's mana cost.\nCounter target spell unless its controller pays {1}.",
     "crack"),
    ("mtg", "en", CE, "Withering Boon", "As an additional cost to cast this spell, pay 3 life.\n"
     "Counter target creature spell.", "crack"),
    ("mtg", "en", CE, "Reroute", "Change the target of target activated ability with a single "
     "target.\nDraw a card.", "reflect"),
    ("mtg", "en", CE, "Wild Ricochet", "You may choose new targets for target instant or sorcery "
     "spell. Then copy that spell. You may choose new targets for the copy.", "reflect copy"),
    ("mtg", "en", CE, "Increasing Vengeance", "Copy target instant or sorcery spell you control. "
     "You may choose new targets for the copy.", "copy"),
    ("mtg", "en", CE, "Brute Force", "Target creature gets +3/+3 until end of turn.", "plus"),
    ("mtg", "en", CE, "Haste Magic", "Target creature gets +3/+0 and gains haste until end of "
     "turn.\nDraw a card.", "plus accel"),
    ("mtg", "en", CE, "Expedite", "Target creature gains haste until end of turn.\nDraw a card.",
     "accel"),
    ("mtg", "en", LC, "Fires of Yavimaya", "Creatures you control have haste.\nSacrifice Fires of "
     "Yavimaya: Target creature gets +2/+2 until end of turn.", "accel plus"),
    ("mtg", "en", W, "Arrest", "Enchant creature\nEnchanted creature can't attack or block, and "
     "its activated abilities can't be activated.", ""),
    ("mtg", "en", CE, "Mind Twist", "Target player discards X cards at random.", ""),
    ("mtg", "en", CE, "Preordain", "Scry 2, then draw a card.", ""),
    ("mtg", "en", CE, "Doom Blade", "Destroy target nonblack creature.", ""),
    ("mtg", "en", CE, "Blessed Reversal", "You gain 3 life for each creature attacking you.",
     "medical"),
    ("mtg", "en", CE, "Heal", "Prevent the next 1 damage that would be dealt to any target this "
     "turn.\nDraw a card at the beginning of the next turn's upkeep.", "plus"),
    ("mtg", "en", CE, "Remedy", "Prevent the next 5 damage that would be dealt this turn to any "
     "number of targets, divided as you choose.", "plus"),
    ("mtg", "en", CE, "Hydroblast", "Choose one —\n• Counter target spell if it's red.\n• Destroy "
     "target permanent if it's red.", "crack"),
    ("mtg", "en", CE, "Night's Whisper", "You draw two cards and you lose 2 life.", ""),
    ("mtg", "en", CE, "Cackling Counterpart", "Create a token that's a copy of target creature you "
     "control.\nFlashback {5}{U}{U}", "copy"),
    ("mtg", "en", CE, "Relearn", "Return target instant or sorcery card from your graveyard to "
     "your hand.", ""),
    ("mtg", "en", CE, "Dawn Charm", "Choose one —\n• Prevent all combat damage that would be dealt "
     "this turn.\n• Regenerate target creature.\n• Counter target spell that targets you.",
     "plus medical crack"),
    ("mtg", "en", CE, "Icy Blast", "Tap X target creatures.\nFerocious — If you control a creature "
     "with power 4 or greater, those creatures don't untap during their controllers' next untap "
     "steps.", "hazard"),
    ("mtg", "en", LC, "Ghostly Prison", "Creatures can't attack you unless their controller pays "
     "{2} for each creature they control that's attacking you.", "hazard"),
    ("yugioh", "en", CT, "Trap Stun", "Negate all other Trap effects on the field this turn.",
     "crack"),
    ("yugioh", "en", CT, "Horn of Heaven", "Tribute 1 monster; negate the Summon of a monster, and "
     "if you do, destroy it.", "crack"),
    ("yugioh", "en", CT, "Dark Bribe", "When your opponent activates a Spell/Trap Card: Your "
     "opponent draws 1 card, also negate the Spell/Trap activation, and if you do, destroy it.",
     "crack"),
    ("yugioh", "en", CE, "Mind Control", "Target 1 monster your opponent controls; until the End "
     "Phase, take control of it, but it cannot declare an attack or be Tributed.", "hack"),
    ("yugioh", "en", CE, "Creature Swap", "Each player chooses 1 monster they control and switches "
     "control of those monsters with each other. Those monsters cannot change their battle "
     "positions for the rest of this turn.", "hack"),
    ("yugioh", "en", CT, "Reinforcements", "Target 1 face-up monster on the field; it gains 500 ATK "
     "until the end of this turn.", "plus"),
    ("yugioh", "en", CT, "Kunai with Chain", "Activate 1 of these effects;\n● When an opponent's "
     "monster declares an attack: Target the attacking monster; change that target to Defense "
     "Position.\n● Target 1 face-up monster you control; equip this card to that target. It "
     "gains 500 ATK.", "hazard plus"),
    ("yugioh", "en", CT, "Half Unbreak", "Target 1 monster on the field; this turn, it cannot be "
     "destroyed by battle, also any battle damage you take from attacks involving that monster is "
     "halved.", "plus"),
    ("yugioh", "en", CT, "Defense Draw", "When you would take battle damage: Make that battle "
     "damage 0, and if you do, draw 1 card.", "plus"),
    ("yugioh", "en", CE, "Zero Gravity", "Change the battle positions of all face-up monsters.",
     "hazard"),
    ("yugioh", "en", LT, "Solemn Wishes", "Each time you draw a card(s), gain 500 LP.", "medical"),
    ("yugioh", "en", CT, "Nutrient Z", "When you would take 2000 or more damage from an opponent's "
     "attack: Gain 4000 LP. (You gain LP first before taking damage.)", "medical"),
    ("yugioh", "en", CE, "Ultimate Offering", "During your Main Phase or your opponent's Battle "
     "Phase: You can pay 500 LP; immediately after this effect resolves, Normal Summon/Set 1 "
     "monster.", "accel"),
    ("yugioh", "en", CE, "Confiscation", "Pay 1000 LP; look at your opponent's hand and discard 1 "
     "card from it.", ""),
    ("yugioh", "en", LT, "Wall of Revealing Light", "Activate by paying any multiple of 1000 LP. "
     "Monsters your opponent controls with ATK less than or equal to the amount you paid cannot "
     "attack.", "hazard"),
    ("yugioh", "en", CE, "Fissure", "Destroy the 1 face-up monster your opponent controls that has "
     "the lowest ATK (your choice, if tied).", ""),
    ("pokemon", "en", CE, "Potion (Base Set 2)", "Remove up to 2 damage counters from 1 of your "
     "Pokémon.", "medical"),
    ("pokemon", "en", CE, "Super Potion (Base Set 2)", "Discard 1 Energy card attached to 1 of "
     "your own Pokémon in order to remove up to 4 damage counters from that Pokémon.", "medical"),
    ("pokemon", "en", CE, "Lass", "You and your opponent shuffle all the Trainer cards in your "
     "hands into your decks.", ""),
    ("pokemon", "en", CE, "Serena", "Choose 1:\n• Discard up to 3 cards from your hand, then draw "
     "until you have 5 cards.\n• Switch 1 of your opponent's Benched Pokémon V with their Active "
     "Pokémon.", ""),
    ("pokemon", "en", LC, "Rough Seas", "Once during each player's turn, that player may heal 30 "
     "damage from each of their Water Pokémon and Lightning Pokémon.", "medical"),
    ("pokemon", "en", LC, "Aspertia City Gym", "Each Colorless Pokémon in play (both yours and your "
     "opponent's) gets +20 HP.", "plus"),
    ("pokemon", "en", LC, "Fairy Garden", "Each Pokémon that has any Fairy Energy attached to it "
     "(both yours and your opponent's) has no Retreat Cost.", ""),
    ("pokemon", "en", CE, "Lana's Aid", "Put up to 3 in any combination of non-Pokémon-GX Pokémon "
     "and basic Energy cards from your discard pile into your hand.", ""),
    ("pokemon", "en", W, "Fighting Fury Belt", "The Basic Pokémon this card is attached to gets "
     "+40 HP and its attacks do 10 more damage to your opponent's Active Pokémon.", ""),
    ("pokemon", "en", W, "Leftovers", "At the end of each turn, if the Pokémon this card is "
     "attached to is your Active Pokémon, heal 20 damage from it.", ""),
    ("ws", "en", CE, "Event: Hold Out", "Choose 1 of your characters, and that character gets "
     "+1500 power until end of your opponent's next turn.", "plus"),
    ("ws", "en", CE, "Event: Sweep", "Choose 1 of your opponent's level 0 or lower characters, and "
     "put it into your opponent's waiting room.", ""),
    ("ws", "en", CE, "Event: Freeze", "Choose up to 1 of your opponent's characters, and 【REST】 "
     "it.", "hazard"),
    ("ws", "en", CE, "Climax: Together", "【AUTO】 When this card is placed on your climax area "
     "from your hand, all of your characters get +1 soul until end of turn, and choose 1 of your "
     "characters, that character gets +1000 power until end of turn.", "plus"),
    ("ws", "en", CE, "Event: Tug of War", "Choose 1 of your opponent's characters, and that "
     "character gets -1000 power until end of turn. Choose 1 of your characters, and that "
     "character gets +1000 power until end of turn.", "plus down"),
    ("ws", "en", CE, "Event: Rest Day", "Put the top card of your clock into your waiting room.",
     "medical"),
    ("ws", "en", CE, "Event: Scout", "Look at up to 4 cards from top of your deck, choose up to 1 "
     "card from among them, put it into your hand, and put the rest into your waiting room.", ""),
    ("ws", "en", CE, "Event: Low Level", "All of your opponent's characters get -1 level until "
     "end of turn.", ""),
    ("ws", "en", CE, "Event: Pinned", "Choose 1 of your opponent's characters, and it cannot move "
     "to another position until end of your opponent's next turn.", "hazard"),
    # Japanese
    ("yugioh", "ja", CE, "地割れ", "相手フィールドの攻撃力が一番低いモンスター１体を破壊する。", ""),
    ("yugioh", "ja", CT, "トラップ・スタン", "このターン、このカード以外のフィールドの罠カードの効果は"
     "無効化される。", "crack"),
    ("yugioh", "ja", CT, "天罰", "手札を１枚捨てて発動できる。効果モンスターの効果の発動を無効にし破壊"
     "する。", "crack"),
    ("yugioh", "ja", CT, "昇天の角笛", "自分フィールドのモンスター１体をリリースして発動できる。モンス"
     "ターの召喚・反転召喚・特殊召喚を無効にし、そのモンスターを破壊する。", "crack"),
    ("yugioh", "ja", CE, "精神操作", "相手フィールドのモンスター１体を対象として発動できる。そのモンス"
     "ターのコントロールをエンドフェイズまで得る。このターン、そのモンスターは攻撃宣言できず、リリース"
     "もできない。", "hack"),
    ("yugioh", "ja", CT, "援軍", "フィールドの表側表示モンスター１体を対象として発動できる。そのモン"
     "スターの攻撃力はターン終了時まで５００アップする。", "plus"),
    ("yugioh", "ja", CT, "ハーフ・アンブレイク", "フィールドのモンスター１体を対象として発動できる。こ"
     "のターン、そのモンスターは戦闘では破壊されず、そのモンスターの戦闘で発生する自分への戦闘ダメー"
     "ジは半分になる。", "plus"),
    ("yugioh", "ja", CT, "ディフェンス・ドロー", "自分が戦闘・効果ダメージを受ける場合に発動できる。そ"
     "の自分が受けるダメージを０にする。その後、自分はデッキから１枚ドローする。", "plus"),
    ("yugioh", "ja", CE, "レッド・ポーション", "自分は５００ＬＰ回復する。", "medical"),
    ("yugioh", "ja", CE, "非常食", "このカード以外の自分フィールドの魔法・罠カードを任意の数だけ墓地"
     "へ送って発動できる。自分はこの効果で墓地へ送ったカードの数×１０００ＬＰ回復する。", "medical"),
    ("yugioh", "ja", CT, "次元幽閉", "相手モンスターの攻撃宣言時、その攻撃モンスター１体を対象として"
     "発動できる。その攻撃モンスターを除外する。", ""),
    ("yugioh", "ja", CE, "ゼロ・グラビティ", "フィールドの全ての表側表示モンスターの表示形式を変更す"
     "る。", "hazard"),
    ("yugioh", "ja", LT, "光の護封壁", "１０００の倍数のライフポイントを払って発動できる。このカード"
     "がフィールドに存在する限り、払ったライフポイントの数値以下の攻撃力を持つ相手モンスターは攻撃で"
     "きない。", "hazard"),
    ("yugioh", "ja", CE, "ご隠居の猛毒薬", "以下の効果から１つを選択して発動できる。\n●自分は１２００"
     "ＬＰ回復する。\n●相手に８００ダメージを与える。", "medical"),
    ("yugioh", "ja", CT, "攻撃の無力化", "相手モンスターの攻撃宣言時、攻撃モンスター１体を対象として"
     "発動できる。その攻撃を無効にする。その後、バトルフェイズを終了する。", ""),
    ("pokemon", "ja", CE, "まんたんのくすり", "自分のポケモン1匹のHPをすべて回復する。そのポケモン"
     "についているエネルギーをすべてトラッシュする。", "medical"),
    ("pokemon", "ja", CE, "ポケモンキャッチャー", "コインを1回投げオモテなら、相手のベンチポケモン"
     "を1匹選び、バトルポケモンと入れ替える。", ""),
    ("pokemon", "ja", CE, "ふつうのつりざお", "自分のトラッシュからポケモンと基本エネルギーを合計3"
     "枚まで選び、相手に見せて、山札にもどして切る。", ""),
    ("pokemon", "ja", CE, "エネルギー回収", "自分のトラッシュから基本エネルギーを2枚まで選び、手札"
     "に加える。", ""),
    ("pokemon", "ja", CE, "ジャッジマン", "おたがいのプレイヤーは、それぞれ手札をすべて山札にもどし"
     "て切る。その後、それぞれ山札を4枚引く。", ""),
    ("pokemon", "ja", W, "ヒーローのマント", "このカードをつけているポケモンの最大HPは「+100」される"
     "。", ""),
    ("pokemon", "ja", LC, "スカイフィールド", "おたがいのプレイヤーは、ベンチにポケモンを8匹まで出せ"
     "る。", ""),
    ("pokemon", "ja", LC, "ロストシティ", "きぜつしたポケモンは、トラッシュではなくロストゾーンに置"
     "く。", ""),
    ("pokemon", "ja", LC, "トレーニングコート", "おたがいのプレイヤーは、自分の番ごとに1回、自分の"
     "トラッシュから基本エネルギーを1枚選び、相手に見せてから、手札に加えてよい。", ""),
    ("pokemon", "ja", CE, "改造ハンマー", "相手の場のポケモンについている特殊エネルギーを1個選び、"
     "トラッシュする。", ""),
    ("pokemon", "ja", CE, "ねむりのおこう", "コインを1回投げオモテなら、相手のバトルポケモンをねむり"
     "にする。", "hazard"),
    ("pokemon", "ja", CE, "こんらんスプレー", "相手のバトルポケモンをこんらんにする。", "hack"),
    ("pokemon", "ja", CE, "いいきずぐすり", "自分のポケモン1匹のHPを「60」回復する。", "medical"),
    ("ws", "ja", CE, "クライマックス 一撃", "【永】 あなたのキャラすべてに、パワーを＋1000し、ソウル"
     "を＋1。（【ショット】：このカードがトリガーした時、次のダメージキャンセルの時、相手に1ダメージ"
     "を与える）", "plus"),
    ("ws", "ja", CE, "イベント 声援", "あなたは自分のキャラを1枚選び、そのターン中、パワーを＋1500。",
     "plus"),
    ("ws", "ja", CE, "イベント 足止め", "あなたは相手のキャラを2枚まで選び、【レスト】する。",
     "hazard"),
    ("ws", "ja", CE, "イベント 休息", "あなたは自分のクロックの上から1枚を、控え室に置く。",
     "medical"),
    ("ws", "ja", CE, "イベント 追い返し", "あなたは相手の前列のキャラを1枚選び、手札に戻す。", ""),
    ("ws", "ja", CE, "イベント 回収", "あなたは自分の控え室のクライマックスを1枚選び、手札に戻す。",
     ""),
    ("ws", "ja", CE, "イベント 手札整理", "相手は自分の手札を1枚選び、控え室に置く。", ""),
    ("ws", "ja", CE, "イベント 妨害", "あなたは相手のキャラを1枚選び、そのターン中、パワーを－3000"
     "。", "down"),
    ("ws", "ja", CE, "イベント 守り", "あなたは自分のキャラを1枚選び、次の相手のターンの終わりまで、"
     "パワーを＋2000。", "plus"),
    ("dm", "ja", CE, "ヘブンズ・フォース", "進化ではないクリーチャーを好きな数、コストの合計が4以下"
     "になるように自分の手札からバトルゾーンに出す。", ""),
    ("dm", "ja", CE, "ブレイン・チャージャー", "カードを1枚引く。\nチャージャー", ""),
    ("dm", "ja", CE, "クリスタル・メモリー", "自分の山札を見る。その中から1枚選び、自分の手札に加え"
     "てもよい。その後、山札をシャッフルする。", ""),
    ("dm", "ja", CE, "火炎流星弾", "相手のパワー6000以下のクリーチャーを1体破壊する。", ""),
    ("dm", "ja", CT, "反撃のサイレント・スパーク", "S・トリガー\n相手のクリーチャーを1体選び、タッ"
     "プする。", "hazard"),
    ("dm", "ja", CE, "ランド・パワー", "このターン、自分のクリーチャーすべてのパワーを+2000する。",
     "plus"),
    ("dm", "ja", CE, "パワー・ダウン", "相手のクリーチャーを1体選ぶ。そのターン、そのクリーチャーの"
     "パワーを-3000する。", "down"),
    ("dm", "ja", CE, "ロック・ダウン", "相手のクリーチャーを1体選ぶ。次の自分のターンのはじめまで、"
     "そのクリーチャーは攻撃もブロックもできない。", "hazard"),
    ("mtg", "ja", CE, "取り消し", "呪文1つを対象とする。それを打ち消す。", "crack"),
    ("mtg", "ja", CE, "否認", "クリーチャーでない呪文1つを対象とする。それを打ち消す。", "crack"),
    ("mtg", "ja", CE, "解呪", "アーティファクト1つかエンチャント1つを対象とする。それを破壊する。",
     ""),
    ("mtg", "ja", CE, "天使の慈悲", "あなたは7点のライフを得る。", "medical"),
    ("mtg", "ja", CE, "巨森の蔦", "キッカー{1}{G}\nクリーチャー1体を対象とする。このターン、それは"
     "あなたの対戦相手がコントロールする呪文や能力の対象にならない。この呪文がキッカーされていたな"
     "ら、ターン終了時まで、それは+4/+4の修整を受ける。", "plus"),
    ("mtg", "ja", CE, "萎縮", "ターン終了時まで、すべてのクリーチャーは-1/-1の修整を受ける。",
     "down"),
    ("mtg", "ja", CE, "思案", "あなたのライブラリーの一番上からカードを3枚見て、それらを望む順番で"
     "戻す。あなたはライブラリーを切り直してもよい。カードを1枚引く。", ""),
    ("mtg", "ja", CE, "魔力の乱れ", "呪文1つを対象とする。そのコントローラーが{1}を支払わないかぎり"
     "、それを打ち消す。", "crack"),
    ("mtg", "ja", CE, "脅しつけ", "クリーチャー1体を対象とする。それをアンタップする。ターン終了時"
     "まで、それのコントロールを得る。ターン終了時まで、それは速攻を得る。", "hack accel"),
    ("mtg", "ja", W, "拘引", "エンチャント（クリーチャー）\nエンチャントされているクリーチャーは攻撃"
     "したりブロックしたりできず、それの起動型能力は起動できない。", ""),
    ("mtg", "ja", CE, "氷の干渉器", "{1}, {T}：アーティファクト1つかクリーチャー1体か土地1つを対象"
     "とし、それをタップする。", "hazard"),
    ("mtg", "ja", CE, "沈黙", "このターン、あなたの対戦相手は呪文を唱えられない。", "crack"),
)
