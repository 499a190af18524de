"""The wordings of TWGP's twelve effects (docs/rules.md §6) in every game's English and
Japanese, as regular expressions matched case-insensitively on NFKC text.

Each rule has a `kind` that tells the reader (converters/effects.py) how context counts:
* `CONDITION` (poison, hazard, hack): not when the sentence cures the condition (then Potion
  or Medical), grants immunity to it, or puts it on the card's own side;
* `OPPONENT`: only when the sentence is about an opposing card or player (tapping, resting);
* `NOT_OWN`: unless the words before it name the card's own side (a restriction on "creatures",
  "Level 4 or higher monsters" or "that monster" binds the opponent too; "you can't…" does not);
* `OWN`: only for the card's own side (life gained by the opponent is no recovery);
* `PLAIN`: the words are enough.
A Japanese match must begin and end on word boundaries (converters/ja_words.py)."""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple


class Kind(Enum):
    PLAIN = "plain"
    CONDITION = "condition"
    OPPONENT = "opponent"
    NOT_OWN = "not_own"
    OWN = "own"


class Rule(NamedTuple):
    effect: str
    pattern: re.Pattern[str]
    kind: Kind = Kind.PLAIN


N = r"(?:[\dX]+|an?|one|two|three|four|five|six)"  # a number as the games write it
STAT = r"(?:atk|attack|def|defen[cs]e|power|soul|toughness|dp)"
#: words between a stat and its change (攻撃力はターン終了時まで７００アップ)
JA_GAP = r"[^。]{0,14}?"
JA_STAT = r"(?:攻撃力|守備力|元々の攻撃力|パワー|ソウル|ＨＰ|HP|ライフ|DP)"
JA_N = r"[\d０-９]*"
#: a count of actions (行動回数を1回減らす, 行動回数が2増える)
JA_COUNT = r"(?:[\d一二三]+回?(?:分)?)?"

_RULES: tuple[tuple[str, str, Kind], ...] = (
    # Plus: strength up, more damage dealt, damage prevented or reduced for one's own side
    ("plus", r"\+[\dX]+/[+-][\dX]+|[+-][\dX]+/\+[\dX]+", Kind.PLAIN),
    ("plus", rf"\bgets? \+[\dX]+(?! levels?\b)|\+[\dX,]+ {STAT}\b", Kind.PLAIN),
    ("plus", rf"\b(?:gains?|get) (?:[\dX,]+ )?{STAT}\b", Kind.PLAIN),
    ("plus", rf"\b(?:increase|raise|double)[sd]? (?:its |their |the |that \w+'s )?(?:original )?"
             rf"(?:{STAT}|damage)", Kind.PLAIN),
    ("plus", rf"\b{STAT}(?: and def)? (?:is |are |becomes? )?(?:increased|doubled)\b", Kind.PLAIN),
    ("plus", rf"\b(?:does|do|deals?|doing) (?:{N} |an additional {N} )?more damage\b|"
             r"\bdeals? double (?:the |that )?damage\b|\bdouble (?:that|the) damage\b|"
             r"\+[\dX]+ damage\b", Kind.PLAIN),
    ("plus", rf"\b(?:takes?|receives?) {N} (?:more|additional) damage\b", Kind.PLAIN),
    ("plus", rf"\b(?:takes?|receives?) {N} less damage\b|\bless damage from\b|"
             r"\bdamage (?:done|dealt) to (?:your|each of your|this|that)\b[^.]{0,60}\breduced\b|"
             r"\bdamage you take\b[^.]{0,60}\bhalved\b|\bmake (?:that|the) (?:battle )?damage 0\b",
     Kind.PLAIN),
    ("plus", r"\bprevent (?:all|the next [\dX]+|that|the) (?:combat )?damage\b|"
             r"\bprevent all effects of attacks, including damage", Kind.PLAIN),
    ("plus", rf"{JA_STAT}(?:を|が|は|に)?[+＋]{JA_N}|{JA_STAT}(?:を|が|は)?{JA_GAP}{JA_N}"
             r"(?:アップ|上昇|上がる|増加|倍)|[+＋]\d+/[+＋-]\d+", Kind.PLAIN),
    ("plus", r"ダメージ(?:を|は|に)?[「]?[+＋]?\d+[」]?(?:追加|プラス|アップ|される)|"
             r"ダメージを?[「]?[+＋]\d+|ダメージ(?:を|は)?\d*(?:減らす|軽減)|"
             r"受ける[^。]{0,6}ダメージ(?:は|を)?[「]?[-−ー]|"
             r"ダメージを受けない|ダメージ(?:は|を)?0(?:になる|にする)|ダメージを(?:すべて|全て)軽減|"
             r"(?:自分への|受ける)[^。]{0,10}ダメージ(?:は|を)?半分",
     Kind.PLAIN),
    ("plus", r"\btake no (?:battle |combat )?damage\b", Kind.PLAIN),
    # Lorcana's strength symbol (+2{S}, Japanese +２{S}する), Digimon's ≪Security Attack +1≫
    ("plus", r"\+\d+\s*\{S\}|\bsecurity attack \+\d|セキュリティアタック\s*\+\d", Kind.PLAIN),
    # Down: strength down, less damage dealt
    ("down", r"-[\dX]+/[+-][\dX]+|[+-][\dX]+/-[\dX]+", Kind.PLAIN),
    ("down", rf"\bgets? -[\dX]+(?! levels?\b)|-[\dX,]+ {STAT}\b|\bloses? (?:[\dX,]+ )?{STAT}\b",
     Kind.PLAIN),
    ("down", rf"\b{STAT} becomes 0\b|\bbase power and toughness [01]/\d\b", Kind.PLAIN),
    ("down", rf"\b{STAT}(?: and def)? (?:is |are |becomes? )?(?:halved|reduced|decreased)\b",
     Kind.PLAIN),
    ("down", rf"\b(?:reduce|decrease|lower|halve)[sd]? (?:its |their |the |that \w+'s )?"
             rf"(?:original )?{STAT}", Kind.PLAIN),
    ("down", rf"\b(?:does|do|deals?) {N} less damage\b", Kind.PLAIN),
    ("down", rf"{JA_STAT}(?:を|が|は)?[-−ー]{JA_N}\d|{JA_STAT}(?:を|が|は)?{JA_GAP}{JA_N}"
             r"(?:ダウン|下がる|下げる|減少|半分)|[-−]\d+/[-−]\d+|(?:攻撃力|パワー)を0にする",
     Kind.PLAIN),
    ("down", r"-\d+\s*\{S\}|\bsecurity attack -\d|(?:セキュリティ|S)アタック\s*-\d", Kind.PLAIN),
    ("down", r"(?:相手|与える)(?:(?!受ける)[^。]){0,20}ダメージ(?:を|は)?[「]?[-−ー]\d+",
     Kind.PLAIN),
    # Accel: more attacks or actions
    ("accel", r"\bhaste\b|\bdouble strike\b|\b(?:an additional|additional) (?:combat|attack|main) "
              r"phase|"
              r"\battacks? twice\b|\bsecond attack\b|\bcan attack (?:again|twice)\b|"
              r"\btwo attacks\b|\[rush\]|\[double attack\]|\bacceleration\b|"
              r"\bmore actions\b|\battack an additional time\b|"
              r"\b(?:conduct|perform) (?:2|two) normal summons\b|\bspeed attacker\b|"
              r"\bset (?:up to \d+ of )?your\b[^.]{0,40}\b(?:characters?|leader)\b[^.]{0,45}"
              r"\bas active\b",
     Kind.PLAIN),
    ("accel", r"\b(?:take|takes) an extra turn\b|\bextra turn after this one\b", Kind.PLAIN),
    ("accel", r"<突進>を得|\bgains? rush\b|\bof your\b[^.:]{0,40}\bbattle cards?\b[^.:]{0,30}"
              r"\bswitch (?:it|them) to active mode\b", Kind.PLAIN),
    ("accel", rf"加速|(?:行動|攻撃)回数(?:が|を|は)?{JA_COUNT}(?:増|増加|多く)|"
              r"(?:行動|攻撃)回数(?:が|を|は)?\+\d|[2２二]回(?:連続で)?攻撃|連続攻撃|連射|速攻|"
              r"ダブルアタック|もう[1１一]度攻撃|追加の[1１一]?ターン|追加ターン|スピードアタッカー|"
              r"通常召喚を[2２]回", Kind.PLAIN),
    ("accel", r"(?:【stand】|\[stand\]) (?:it|them)\b|【スタンド】(?:する|し)", Kind.OWN),
    # Slow: fewer attacks or actions, skipping turns
    ("slow", r"\bskips? (?:your |their |his or her |its |the )?(?:next )?(?:extra )?"
             r"(?:turns?|combat phase|attack)\b|\bskips? all extra turns\b|\bdeceleration\b|"
             r"\bfewer (?:actions|attacks)\b|\bloses? haste\b|\bcan't attack more than once\b|"
             r"\bcan't (?:cast|play|activate) more than (?:one|1)\b",
     Kind.PLAIN),
    ("slow", rf"\b(?:loses?|lose) {N} actions?\b|\b{N} fewer actions?\b", Kind.PLAIN),
    ("slow", rf"減速|(?:行動|攻撃)回数(?:が|を|は)?{JA_COUNT}(?:減|減少|少なく)|"
             r"(?:行動|攻撃)回数(?:が|を|は)?[-−ー]\d|ターンを(?:スキップ|飛ばす)|[\d一二三]回休み",
     Kind.PLAIN),
    # Hazard: immobilising an opposing card
    ("hazard", r"\bparaly[sz]\w*|\basleep\b|\bsleep\b|\bpetrif\w*|\bstun(?:s|ned)?\b|"
               r"\bfrozen\b|\bsuspended animation\b|\bfaint(?:s|ed)?\b", Kind.CONDITION),
    ("hazard", r"麻痺|マヒ|眠り|ねむり|石化|気絶|仮死|病気|スタン|凍結|動けない|行動できない",
     Kind.CONDITION),
    # tapping in every game's word: tap (MTG), rest (One Piece), switch to Rest Mode (Fusion
    # World), exert (Lorcana), suspend (Digimon), exhaust (Star Wars Unlimited, Battle Spirits);
    # "tap or untap target permanent" taps one too
    ("hazard", rf"\btap (?:or untap )?(?:up to {N} )?(?:another )?(?:target|all|each|that|those|"
               r"it)\b|"
               r"\bchange [^.]{0,60}?to (?:face-(?:up|down) )?(?:defen[cs]e|attack) position|"
               r"【rest】|\[rest\]|\brest (?:it|them)\b|"
               r"\b(?:rest|exert|suspend|exhaust) (?:up to )?(?:a total of )?(?:\d+|one|two|all|"
               r"each) of (?!your (?!opponent))|"
               r"\b(?:exert|suspend|exhaust) (?:chosen|target|all|each|that|those|an?|"
               r"(?:up to )?\d+) "
               r"(?:opposing|enemy|opponent's|characters?|digimon|units?|spirits?)\b|"
               r"\bsuspend (?:up to )?(?:\d+|all|it|them|that|those)\b|"
               r"\bswitch (?:it|them|that card|those cards) to rest mode\b",
     Kind.OPPONENT),
    ("hazard", r"\b(?:doesn't|don't|do not|does not) untap\b|\bskips? (?:its|their) next untap\b|"
               r"\b(?:can't|cannot) (?:frontal |side )?(?:attack|block|declare an attack|"
               r"challenge)\b|"
               r"\b(?:doesn't|don't|do not|does not|can't|cannot) unsuspend\b|"
               r"\b(?:can't|cannot) switch to active mode\b|"
               r"(?<!cannot )(?<!can't )\bchange (?:its|their|the|that \w+'s) battle positions?\b|"
               r"\bcannot move to (?:another|other) positions?\b|"
               r"\b(?:neither player|no player|players) can(?:'t|not)? attack\b",
     Kind.NOT_OWN),
    ("hazard", r"\bcan't attack you\b", Kind.PLAIN),
    ("hazard", r"【レスト】|レストにする|レストする|レストさせ(?!ることで)|レスト状態にする|"
               r"(?:疲弊|疲労)させ(?!ることで)",
     Kind.OPPONENT),
    ("hazard", r"攻撃(?:宣言)?(?:できない|できず)|攻撃もブロックもできない|ブロックできない|"
               r"守備表示にする|表示形式を変更|"
               r"(?<!アン)タップする|アンタップしない|"
               r"アタック(?:とブロック)?(?:が|は)?できない|チャレンジできない|アクティブにならない|"
               r"(?:選び、|を)エグザート(?:する|させる)", Kind.NOT_OWN),
    # Hack: taking or confusing control of an opposing unit
    ("hack", r"\b(?:gain|gains|take|takes|exchange|switch|switches) control\b|"
             r"\bequip (?:1|one|a|target) (?:face-up )?monster (?:your|an) opponent controls\b",
     Kind.PLAIN),
    ("hack", r"\bconfus\w*|\bcharm(?:s|ed)?\b|\bderang\w*|\bbrainwash\w*", Kind.CONDITION),
    ("hack", r"コントロールを[^。]{0,12}?(?:得る|得て|得た|奪|移|変更)", Kind.PLAIN),
    ("hack", r"魅了|混乱|こんらん|錯乱|洗脳", Kind.CONDITION),
    # Poison: poison, venom and other damage over time (burn)
    ("poison", r"\bpoison\w*|\bvenom\w*|\btoxic\b|\bburn(?:ed)?\b|\bempoisonn\w*|\bvergift\w*|"
               r"\benvenenad\w*|\bavvelenat\w*|\bbrûl\w*", Kind.CONDITION),
    ("poison", r"(?<!解)毒(?!消)|どく|やけど|火傷|ポイズン", Kind.CONDITION),
    # Potion: cures poison
    ("potion", r"\bantidote\b|毒消し|解毒|\bremove (?:all )?special conditions\b|"
               r"\brecovers? from (?:all|a|any) special conditions?\b|"
               r"特殊状態を(?:すべて|全て)?回復", Kind.PLAIN),
    # Medical: recovery of every kind (cures, healing, life gain, regeneration)
    ("medical", r"\bcards? (?:in|of) your clock\b[^.]{0,30}\binto your waiting room\b|"
                r"クロック(?:を|の)[^。]{0,8}控え室に置く", Kind.PLAIN),
    ("medical", r"\bheal(?:s|ed)?\b|\bremove (?:all |up to )?(?:[\dX]+ |\w+ )?damage counters?\b|"
                r"\bremove (?:all )?special conditions\b|\brecover\w*|\bcure[sd]?\b|"
                r"\bregenerate\b|\bto the top of your life cards\b", Kind.PLAIN),
    ("medical", rf"\bgains? (?:{N} |that much |x )?(?:life|LP|life points)\b|"
                r"ライフを得る|点のライフを得|(?:ライフ|LP)を\d*回復", Kind.OWN),
    ("medical", r"回復|治療|治す|ダメカンを[^。]{0,8}(?:とる|取る|取り除く)", Kind.OWN),
    ("medical", r"\bremoves? up to [\dX]+ damage\b|ダメージまで取り除", Kind.OWN),
    ("medical", r"\brecovery \+\d|リカバリー\s*\+\d", Kind.PLAIN),
    # Crack: negating or sealing an effect or card
    ("crack", r"\bcounter (?:target|that|it|all|up to|each|the)\b|\bnegat(?:e|es|ed|ing)\b|"
              r"\b(?:has|have) no abilities\b|\bloses? all (?:other )?abilities\b|"
              r"\bseals?\b|\bneutrali[sz]e|\bneither player can activate\b", Kind.PLAIN),
    ("crack", r"\bhave no (?:other )?effect\b|\bhas no other effect\b|"
              r"\bdon't cause abilities to trigger\b", Kind.PLAIN),
    ("crack", r"\b(?:can't|cannot) be (?:activated|cast)\b", Kind.NOT_OWN),
    ("crack", r"\b(?:can't|cannot) be (?:played|used)\b|"
              r"\b(?:can't|cannot) (?:activate|play|use|cast)\b(?! more than)", Kind.OPPONENT),
    ("crack", r"無効|封印|封じる|無力化|打ち消す|(?:特性|効果)(?:は|が)、?(?:すべて|全て)?なくなる",
     Kind.PLAIN),
    ("crack", r"発動できない|使用できない|使えない|プレイできない|唱えられない", Kind.OPPONENT),
    # Reflect: reflecting or redirecting an effect or attack
    ("reflect", r"\breflect\w*|\bredirect\w*|\bchange the (?:attack )?target\b|"
                r"\bdealt to [^.]{0,60}\binstead\b|\binflicted to your opponent instead\b|"
                r"\bdamage to your opponent equal to (?:the|that|its) attacking monster's\b|"
                r"\battacking monster\b[^.]*\bdamage to your opponent equal to its\b|"
                r"\bdamage you would have taken\b|\bchoose new targets for target\b|"
                r"\bdeals? that much damage to (?:that source's|that creature's|its) controller\b",
     Kind.PLAIN),
    ("reflect", r"反射|跳ね返|代わりに相手|攻撃モンスター[^。]*攻撃力分のダメージを相手に与え",
     Kind.PLAIN),
    # Copy: using another card's effect or attack
    ("copy", r"\bcop(?:y|ies|ying)\b|\b(?:has|have|gains?|with) the same effects?\b|"
             r"\bthis card's effect becomes\b|\bcan use (?:the )?attacks? (?:on|of) (?:this|that|"
             r"another)\b|"
             r"\b(?:use|uses|using) (?:one of )?(?:that|the|its|their) (?:pokémon's )?"
             r"(?:attacks?|effects?) (?:of|as)\b|\bgains? (?:the )?(?:effects?|abilities|"
             r"attacks?) of\b|\bhas all (?:the )?(?:activated )?abilities of\b", Kind.PLAIN),
    ("copy", r"コピー|同じ効果|効果を得る|その効果を適用", Kind.PLAIN),
)  # fmt: skip

RULES: tuple[Rule, ...] = tuple(
    Rule(effect, re.compile(pattern, re.IGNORECASE), kind) for effect, pattern, kind in _RULES
)

# --- Context (sentence level) -----------------------------------------------------------------

#: a sentence that cures the condition it names: the condition becomes Potion/Medical
CURE = re.compile(
    r"\b(?:remove[sd]?|cure[sd]?|heal(?:s|ed)?|recover(?:s|ed)?|no longer)\b|"
    r"回復|治|解除|取り除|消す|消し|なおす|なおる",
    re.IGNORECASE,
)
#: a sentence that makes a card immune to the condition: not the condition
IMMUNE = re.compile(
    r"\b(?:can't|cannot|can not|won't) (?:be|become|get)\b|\bunaffected\b|\bnot affected\b|"
    r"\bprotection from\b|\bimmun\w*|\bprevent all effects\b|"
    r"(?:に|と)(?:ならない|されない)|受けない",
    re.IGNORECASE,
)
#: the words before a match name the card's own side (the card itself, "you", 自分)
SELF = re.compile(
    r"\b(?:this (?:pokémon|creature|card|monster|character|permanent|digimon|tamer|item)|itself|"
    r"your (?:active )?pokémon|you control|yourself|you|"
    r"your (?:other )?(?!opponent|hand|graveyard|library|deck|life\b)\w+)\b|"
    r"自分|このカード|このポケモン|このキャラ|このモンスター|このクリーチャー|このデジモン|"
    r"このテイマー|このアイテム",
    re.IGNORECASE,
)
#: words that name an opposing card or player, or every card
OPPONENT = re.compile(
    r"\b(?:opponents?|opponent's|defending|enemy|opposing|both|each|all|target|targets|up to|"
    r"neither|players)\b|"
    r"相手|お互い|すべて|全て|対象",
    re.IGNORECASE,
)
#: text about winning or losing the game is void in TWGP on any card (§3 matrix)
GAME_RESULT_WORDS = (
    r"\b(?:win|wins|lose|loses|won|lost) the (?:game|duel)\b|"
    r"(?:ゲーム|デュエル)に(?:勝利|敗北|勝つ|負ける)|(?:勝利|敗北)する"
)
GAME_RESULT = re.compile(GAME_RESULT_WORDS, re.IGNORECASE)
_COUNTER = r"[+-][\dX]+/[+-][\dX]+ ?(?:counter|カウンター)"
_COUNTERS = rf"(?:(?:an?|one or more|(?:one|two|three|\d+) or more|no|\d+|X) )?{_COUNTER}s?"
#: the wordings that are never effects: "can't be regenerated", "can't be countered"
NOT_EFFECT = re.compile(
    r"\b(?:can't|cannot) be (?:regenerated|countered|negated)\b|\bcan't be prevented\b|"
    r"\bnor can (?:its|their) effects be negated\b|\bsummon[^.]*\bbut (?:negate its effects|"
    r"its effects are negated|negate their effects)\b|"
    r"\bbut (?:it|they) (?:cannot|can't) (?:declare an )?attack\b|"
    r"\b(?:whenever|each time) you (?:would )?gain life\b|\bif you would gain life\b|"
    r"\btokens? with (?:\"[^\"]*\"|'[^']*'|“[^”]*”)|"
    r"\b(?:poisoned|burned|asleep|paralyzed|confused) pokémon\b|攻撃を無効に|"
    r"\b(?:cannot|can't) attack directly\b|\bnegate (?:the|that|an) attack\b|"
    r"無効(?:化)?されない|無効にされない|無効化できない|"
    # a counter named as a condition or a count, not put: "creature with a +1/+1 counter on it"
    rf"(?<!battlefield )(?<!play )(?<!enters )(?<!enter )\b(?:with|has|have|had) {_COUNTERS} on "
    rf"(?:it|them)\b|(?<!put a )(?<!with a )\bnumber of {_COUNTER}s on\b|"
    rf"\bfor each {_COUNTER} on\b|"
    rf"{_COUNTER}が[^。]{{0,8}}(?:置かれている|乗っている)|{_COUNTER}[^。]{{0,6}}につき",
    re.IGNORECASE,
)
