"""A stored English grade or type reason, or a TWGP reading's notes, shown in Japanese.

The converters write their reasons in English from a small set of phrases joined by " → "
("power 1000 → thousands digit → 01", "kind 'Character' → Unit"); `reason_ja` renders such a
reason phrase by phrase with the rules' own Japanese words (docs/rules.ja.md: 戦闘力, ユニット,
チャージ・エフェクト…). Words quoted from the source card ('Character', a type line) are kept
as printed, in 「」. A reason with any phrase not in the tables below is returned unchanged:
half-translated text is never shown. `reading_ja` does the same for the English notes of a
reading (the void statement, the "TWGP:" notes, "[Void in TWGP: …]")."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from converters.base import CardType
from converters.reading import GAME_RESULT_VOID, VOID_TEXT
from converters.reading_notes import NOTES

_ARROW = " → "
_MAX_CLAUSES = 8

#: whole phrases: the explanations the converters give after a type, and fixed rulings
PHRASES: dict[str, str] = {
    "no grade": "戦闘力なし",
    "no TWGP type": "TWGPの種類なし",
    "no stars": "星なし",
    "not a deck card": "デッキのカードではない",
    "not a unit, no grade": "ユニットではないので戦闘力なし",
    "a Weapon has no grade": "ウェポンには戦闘力がない",
    "no rule places it": "どのルールにも当てはまらない",
    "no TWGP counterpart": "TWGPに対応する種類がない",
    "more than 99, clamped": "99を超えるので99にする",
    "negative, graded 00": "負の値なので00",
    "thousands and hundreds digits": "千の位と百の位",
    "hundreds and tens digits": "百の位と十の位",
    "thousands digit": "千の位",
    "tens and units digits": "十の位と一の位",
    "a trap property": "トラップの性質",
    "no cost": "コストなし",
    "no play cost": "登場コストなし",
    "BATTLE card": "バトルカード",
    "EXTRA with no cost": "コストのないエクストラ",
    "no HP printed": "HPの記載なし",
    "no power printed": "パワーの記載なし",
    "no strength printed": "強さの記載なし",
    "no torque printed": "トルクの記載なし",
    "no type field": "種類の欄なし",
    "no strength": "強さなし",
    "no willpower": "意志力なし",
    "no song subtype": "歌のサブタイプなし",
    "no named ability": "名前つき能力なし",
    "no S・トリガー": "S・トリガーなし",
    "S・トリガー": "S・トリガー",
    "Link monsters have no stars": "リンクモンスターには星がない",
    "played as a Basic Pokémon": "たねポケモンとして出す",
    "read as an Item": "グッズとして読む",
    "played without paying energy": "エネルギーを払わずに出す",
    "Trainer with no subtype (early sets)": "サブタイプのないトレーナーズ（初期のセット）",
    "Digi-Egg": "デジタマ",
    "no AP needed": "APが不要",
    "no type": "種類なし",
    "not in the kind table": "種類表にない",
    "no level, cost, strength or HP printed": "レベル・コスト・強さ・HPの記載なし",
    "an item is equipped to a monster": "アイテムはモンスターに装備する",
    "an event stays on the field with a lasting effect (one per player)":
        "イベントは場に残り、効果が続く（各プレイヤー1枚まで）",
    "a Dark side telling card is a unit": "ダークサイド・テリングのカードはユニット",
    "the player's character fights in person; a Unit is a character with a grade":
        "プレイヤーのキャラクター自身が戦う；ユニットは戦闘力のあるキャラクター",
    "an Evolution card is a character card that fights as a unit":
        "エヴォリューションカードはユニットとして戦うキャラクターカード",
    "a summon (召喚獣) fights and blocks; one with 【騎乗】 can be ridden":
        "召喚獣は戦い、ブロックする；【騎乗】を持つものには騎乗できる",
    "a Cover-style defence fires when an attack comes: a trap property":
        "カバー型の防御はアタックを受けたときに働く：トラップの性質",
    "a one-shot effect played face up": "表向きで使う1回きりの効果",
    "an item that is not equipment is used once, like a magic item":
        "装備品でないアイテムは魔法の品のように1回使う",
    "equipment (装備品) is attached to a character": "装備品はキャラクターにつける",
    "a tower is the resource magic is cast through (like a land), not a card in play":
        "タワーは魔法を使うための資源（土地のようなもの）で、場に出るカードではない",
    # the explanations of a type
    "a Digimon battles": "デジモンはバトルする",
    "a Digi-Egg hatches into a Digimon in the breeding area: a creature":
        "デジタマは育成エリアでデジモンに孵る：クリーチャー",
    "a Tamer stays in play with a lasting effect": "テイマーは場に残り、効果が続く",
    "an Option is a one-shot effect": "オプションは1回きりの効果",
    "a battle card fights": "バトルカードは戦う",
    "an extra card is a one-shot effect (or a field) played from the hand":
        "エクストラカードは手札から使う1回きりの効果（またはフィールド）",
    "an energy marker is a resource token, not a card of the deck":
        "エネルギーマーカーは資源のトークンで、デッキのカードではない",
    "the leader is the player's side, not a card of the deck":
        "リーダーはプレイヤーの側で、デッキのカードではない",
    "it stands for the player, and TWGP's player is not a card":
        "プレイヤーを表すカードで、TWGPのプレイヤーはカードではない",
    "the rules' own example of Recoil": "ルールに挙げられたリコイルの例",
    "a move card fires once, in the rock-paper-scissors round it is played":
        "わざカードは出したじゃんけんの回に1回だけ働く",
    "a one-shot move played face up": "表向きで使う1回きりの技",
    "Battle Road item cards equip the hero": "バトルロードのアイテムカードは勇者に装備する",
    "equipment crossed onto a creature": "クリーチャーにクロスする装備",
    "a climax is played face up and lasts only its own turn, so it is a one-shot effect, not a "
    "turn-spanning Life Counter": "クライマックスは表向きで出し、そのターンだけ続くので、"
    "ターンをまたぐライフ・カウンターではなく1回きりの効果",
    "a character quests and challenges: it fights": "キャラクターは探索し、チャレンジする：戦う",
    "a song is an action a character may sing": "歌はキャラクターが歌えるアクション",
    "an action is played once from the hand and discarded": "アクションは手札から1回使って捨てる",
    "an item stays in play with a lasting effect": "アイテムは場に残り、効果が続く",
    "a location stays in play with a lasting effect": "ロケーションは場に残り、効果が続く",
    "a character with a cost": "コストのあるキャラクター",
    "a leader fights and is attacked like a character (it has power, life, no cost)":
        "リーダーはキャラクターのように戦い、アタックされる（パワーとライフがあり、コストはない）",
    "a one-shot effect played from the hand in your main phase":
        "自分のメインフェイズに手札から使う1回きりの効果",
    "it is played when an opponent attacks, a trap property":
        "相手のアタック時に使う：トラップの性質",
    "a stage stays on the field with a lasting effect": "ステージは場に残り、効果が続く",
    "energy is a resource and TWGP has no energy, so no type (override it if you play the card)":
        "エネルギーは資源で、TWGPにエネルギーはないので種類なし（使うなら上書きする）",
    # Magic: The Gathering's card types as the rules read them
    "creature": "クリーチャー",
    "instant or sorcery": "インスタントかソーサリー",
    "Trap instant or sorcery": "罠のインスタントかソーサリー",
    "artifact (a magic item)": "アーティファクト（魔法の品）",
    "enchantment (lasting)": "エンチャント（持続する）",
    "Aura enchanting a creature": "クリーチャーにつけるオーラ",
    "Equipment": "装備品",
    "land": "土地",
    "planeswalker": "プレインズウォーカー",
    "battle": "バトル",
    # Lorcana's card kinds
    "a character": "キャラクター",
    "a location": "ロケーション",
    "a song": "歌",
    "an action": "アクション",
    "an item": "アイテム",
    # the source categories of games whose Japanese names are printed on the cards
    "Pokémon": "ポケモン",
    "Pokemon": "ポケモン",
    "Energy card": "エネルギーカード",
    "Basic Energy": "基本エネルギー",
    "Special Energy": "特殊エネルギー",
    "an Energy": "エネルギー",
    "Trainer card": "トレーナーズ",
    "Trainer Item": "トレーナーズ（グッズ）",
    "Trainer Supporter": "トレーナーズ（サポート）",
    "Trainer Stadium": "トレーナーズ（スタジアム）",
    "Trainer Pokémon Tool": "トレーナーズ（ポケモンのどうぐ）",
    "Trainer Tool (Pokémon Tool)": "トレーナーズ（ポケモンのどうぐ）",
    "Trainer Rocket's Secret Machine": "トレーナーズ（ロケット団のひみつマシン）",
    "Dresseur Objet (Item)": "トレーナーズ（グッズ）",
    "Dresseur Outil (Pokémon Tool)": "トレーナーズ（ポケモンのどうぐ）",
    "Dresseur Stade (Stadium)": "トレーナーズ（スタジアム）",
    "Dresseur Supporter": "トレーナーズ（サポート）",
    "Spell Card": "魔法カード",
    "Trap Card": "罠カード",
    "Link monster": "リンクモンスター",
    "Normal Spell": "通常魔法",
    "Quick-Play Spell": "速攻魔法",
    "Continuous Spell": "永続魔法",
    "Equip Spell": "装備魔法",
    "Field Spell": "フィールド魔法",
    "Ritual Spell": "儀式魔法",
    "Normal Trap": "通常罠",
    "Continuous Trap": "永続罠",
    "Counter Trap": "カウンター罠",
    "Evolution Creature": "進化クリーチャー",
    "BATTLE": "バトル",
    "EXTRA": "エクストラ",
    "LEADER": "リーダー",
    "ENERGY MARKER": "エネルギーマーカー",
    "CHARACTER": "キャラクター",
    "EVENT": "イベント",
    "STAGE": "ステージ",
    "EVENT with [Counter]": "【カウンター】のあるイベント",
    "leader": "リーダー",
}

#: Yu-Gi-Oh! monster card types: each word of "Pendulum Effect Fusion Monster"
_YUGIOH_MONSTER_WORDS: dict[str, str] = {
    "Normal": "通常", "Effect": "効果", "Fusion": "融合", "Ritual": "儀式", "Synchro": "シンクロ",
    "XYZ": "エクシーズ", "Xyz": "エクシーズ", "Link": "リンク", "Pendulum": "ペンデュラム",
    "Tuner": "チューナー", "Flip": "リバース", "Spirit": "スピリット", "Union": "ユニオン",
    "Gemini": "デュアル", "Toon": "トゥーン", "Token": "トークン",
}  # fmt: skip

#: the stats a grade is read from
STATS: dict[str, str] = {
    "power": "パワー", "HP": "HP", "ATK": "攻撃力", "DEF": "守備力", "cost": "コスト",
    "mana value": "マナ総量", "ink cost": "インクコスト", "play cost": "登場コスト",
    "strength": "強さ", "willpower": "意志力", "Level": "レベル", "level": "レベル",
    "Rank": "ランク", "torque": "トルク", "Link": "リンク", "AP": "AP",
}  # fmt: skip

_STAT = "|".join(sorted((re.escape(name) for name in STATS), key=len, reverse=True))
_TYPE = "|".join(re.escape(kind.label) for kind in CardType)

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]]


def _q(text: str) -> str:
    """A word quoted from the card, kept as printed."""
    return f"「{text}」"


def _stat(match: re.Match[str]) -> str:
    return f"{STATS[match['stat']]} {match['value']}"


def _monster(match: re.Match[str]) -> str | None:
    words = [_YUGIOH_MONSTER_WORDS.get(word) for word in match["words"].split()]
    if None in words:
        return None
    return "・".join(word for word in words if word) + "モンスター"


def _both(head: str, tail: str, join: str) -> Callable[[re.Match[str]], str | None]:
    def render(match: re.Match[str]) -> str | None:
        first, second = _phrase(match[head]), _phrase(match[tail])
        return None if first is None or second is None else f"{first}{join}{second}"

    return render


def _around(template: str) -> Callable[[re.Match[str]], str | None]:
    def render(match: re.Match[str]) -> str | None:
        head = _phrase(match["head"])
        return None if head is None else template.format(head)

    return render


RULES: tuple[Rule, ...] = tuple(
    (re.compile(pattern), render)
    for pattern, render in (
        (r"(?P<grade>\d\d)", lambda m: m["grade"]),
        (rf"(?P<kind>{_TYPE})", lambda m: CardType.parse(m["kind"]).label_ja),
        (r"(?P<words>(?:\w+ )*?)Monster", _monster),
        (rf"(?P<stat>{_STAT}) (?P<value>[^\s()]+)", _stat),
        (r"(?P<n>\d+) symbols", lambda m: f"記号{m['n']}個"),
        (r"(?P<grade>\d\d) by the ATK/DEF 0 rule",
         lambda m: f"{m['grade']}（攻撃力・守備力0のルール）"),
        (r"X counts as 0", lambda m: "Xは0とする"),
        (r"rounded down from (?P<n>[\d.]+)", lambda m: f"{m['n']}の端数を切り捨て"),
        (r"kind '(?P<kind>[^']*)'", lambda m: f"種類{_q(m['kind'])}"),
        (r"unknown kind '(?P<kind>[^']*)'", lambda m: f"未知の種類{_q(m['kind'])}"),
        (r"variable, expected value (?P<n>[\d.]+) rounded down",
         lambda m: f"変動する値：期待値 {m['n']} の端数を切り捨て"),
        (r"read as '(?P<kind>[^']*)'", lambda m: f"{_q(m['kind'])}として読む"),
        (r"type '(?P<kind>[^']*)'", lambda m: f"種類{_q(m['kind'])}"),
        (r"type line '(?P<line>[^']*)'", lambda m: f"タイプ行{_q(m['line'])}"),
        (r"front face type line '(?P<line>[^']*)'", lambda m: f"第1面のタイプ行{_q(m['line'])}"),
        (r"a named ability \\(?P<name>[^\\]*)\\", lambda m: f"名前つき能力{_q(m['name'])}"),
        (r"subtype song \((?P<word>[^()]*)\)", lambda m: f"サブタイプ「歌」（{m['word']}）"),
        (r"(?P<stat>willpower) (?P<value>\d+) and no strength",
         lambda m: f"意志力 {m['value']}、強さなし"),
        (r"power (?P<power>\d+) ÷ 1000", lambda m: f"パワー {m['power']} ÷ 1000"),
        (r"Trainer with HP (?P<hp>\d+)", lambda m: f"HP {m['hp']}のトレーナーズ"),
        (r"MTGJSON v(?P<v>\d+) gives only this half's mana value (?P<n>\d+)",
         lambda m: f"MTGJSON v{m['v']} にはこの片面のマナ総量 {m['n']} しかない"),
        # a Japanese kind word with its English gloss: "テイマー (Tamer)" (the word as printed)
        (r"(?P<ja>[^\x00-\x7f][^()]*) \((?P<en>[^()]+)\)", lambda m: m["ja"]),
        (r"(?P<head>[^()]+?) \((?P<tail>[^()]+)\)", _both("head", "tail", "（")),
        (r"(?P<head>.+?) with (?P<tail>S・トリガー.*)", _both("head", "tail", "、")),
        (r"(?P<head>.+?) is a Weapon", _around("{}はウェポン")),
        (r"(?P<head>.+?) is out of range \(10\^15 or more\)", _around("{}は範囲外（10^15以上）")),
        (r"(?P<head>.+?) is negative", _around("{}は負の値")),
        (r"(?P<head>.+?) with subtype song", _around("サブタイプ「歌」の{}")),
    )
)


@lru_cache(maxsize=4096)
def _phrase(text: str) -> str | None:
    """One phrase of a reason in Japanese, or None when it is not a known phrase."""
    if text in PHRASES:
        return PHRASES[text]
    for pattern, render in RULES:
        match = pattern.fullmatch(text)
        if match:
            rendered = render(match)
            if rendered is not None:
                return _close(rendered)
    for separator, join in ((": ", "："), ("; ", "；"), (", ", "、")):
        # (a reason has a few clauses: more is no converter's, and would recurse deeply)
        if 0 < text.count(separator) <= _MAX_CLAUSES:
            parts = [_phrase(part) for part in text.split(separator, 1)]
            if all(part is not None for part in parts):
                return join.join(part for part in parts if part is not None)
    return None


def _close(text: str) -> str:
    """A "（" opened by the parenthesis rule is closed."""
    return text + "）" if text.count("（") > text.count("）") else text


def translated_reason(reason: str) -> str | None:
    """`reason` fully in Japanese, or None when any phrase of it is not known."""
    parts = [_phrase(part) for part in reason.split(_ARROW)]
    if any(part is None for part in parts):
        return None
    return _ARROW.join(part for part in parts if part is not None)


def reason_ja(reason: str) -> str:
    """A grade or type reason in Japanese; the English unchanged where a phrase is unknown."""
    return translated_reason(reason) or reason


# --- the reading's notes -----------------------------------------------------------------------

_NOTES_JA: dict[str, str] = {english: japanese for english, japanese in VOID_TEXT.values()} | {
    note.english: note.japanese for note in NOTES
}
_GAME_RESULT_EN = re.compile(
    re.escape(GAME_RESULT_VOID[0]).replace(re.escape("{}"), "(?P<sentence>[^\\]\n]*)")
)


def reading_ja(reading: str) -> str:
    """A TWGP reading with its English notes in Japanese (the card's own text is left as it
    is: it is the printed text, rewritten by the rules, not a note)."""
    if "TWGP" not in reading:
        return reading
    lines = []
    for line in reading.split("\n"):
        line = _NOTES_JA.get(line, line)
        lines.append(
            _GAME_RESULT_EN.sub(lambda m: GAME_RESULT_VOID[1].format(m["sentence"]), line)
        )
    return "\n".join(lines)
