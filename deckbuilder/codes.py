"""The stable problem codes of deck validation, their sentences (English and Japanese), defined
once, and the `Violation` the rules return. Warnings use the same shape.

`Code` is TWGP's own deck rules; `FormatCode` the rules of the other games' formats we ship
(deckbuilder/play_formats). A third-party format may bring its own StrEnum and table and pass
it to `violation(..., messages=…)`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from deckbuilder.rule_facts import fill
from deckbuilder.section_names import section_name


class Code(StrEnum):
    """Violations make a deck illegal; the last four are warnings."""

    HALF_SIZE = "HALF_SIZE"
    ENTRY_SPLIT = "ENTRY_SPLIT"
    DUPLICATE_IN_HALF = "DUPLICATE_IN_HALF"
    LIFE_SIZE = "LIFE_SIZE"
    DUPLICATE_IN_LIFE = "DUPLICATE_IN_LIFE"
    LIFE_CARD_TYPE = "LIFE_CARD_TYPE"
    DECK_CARD_TYPE = "DECK_CARD_TYPE"
    FINAL_COUNT = "FINAL_COUNT"
    TRIAL_HALVES = "TRIAL_HALVES"
    POOL = "POOL"
    UNKNOWN_CARD = "UNKNOWN_CARD"
    UNCONVERTED = "UNCONVERTED"
    NO_FREE_SUMMON = "NO_FREE_SUMMON"
    UNSUMMONABLE = "UNSUMMONABLE"
    NOT_OWNED = "NOT_OWNED"
    COMMITTED_ELSEWHERE = "COMMITTED_ELSEWHERE"

    @property
    def is_warning(self) -> bool:
        return self in WARNINGS

    @property
    def meaning(self) -> str:
        return fill(MEANINGS[self])

    @property
    def meaning_ja(self) -> str:
        return fill(MEANINGS_JA[self], "ja")


WARNINGS = frozenset(
    {Code.NO_FREE_SUMMON, Code.UNSUMMONABLE, Code.NOT_OWNED, Code.COMMITTED_ELSEWHERE}
)

#: When each code is given (the docs' table is this one); `{{…}}` markers are rule facts,
#: filled by `Code.meaning` (deckbuilder/rule_facts.py).
MEANINGS: dict[Code, str] = {
    Code.HALF_SIZE: "a half deck is not exactly {{HALF}} cards",
    Code.ENTRY_SPLIT: "the entry deck is not {{LIBRARY}} library + {{ARCHIVE}} archive",
    Code.DUPLICATE_IN_HALF: "the same card (same identity) twice in one half deck",
    Code.LIFE_SIZE: "life is not {{LIFE_HALF}} (half), {{LIFE_FULL}} (full), or {{LIFE_TRIAL}} "
    "(trial)",
    Code.DUPLICATE_IN_LIFE: "the same card twice in the life set",
    Code.LIFE_CARD_TYPE: "a card in the life set is not a {{LIFE_TYPES_NOR}}",
    Code.DECK_CARD_TYPE: "a {{LIFE_TYPES_OR}} in a half deck",
    Code.FINAL_COUNT: "a full deck with no final half or more than {{FINALS_MAX}} (or final "
    "halves in another format)",
    Code.TRIAL_HALVES: "a trial deck with fewer than {{TRIAL_HALVES}} half decks in all (or added "
    "halves in another format)",
    Code.POOL: "the variant pool has fewer than {{HALF}} different usable deck cards (or the deck "
    "is a half deck, which has no pool)",
    Code.UNKNOWN_CARD: "a line resolves to no catalog card, or to several",
    Code.UNCONVERTED: "a card with no TWGP type",
    Code.NO_FREE_SUMMON: "the entry deck has no unit of grade ≤ {{FREE_MAX}} (warning)",
    Code.UNSUMMONABLE: "a unit of grade ≥ {{GRADE_SUMMON_MIN}} that no two stacks can reach, "
    "materials used up (warning)",
    Code.NOT_OWNED: "the collection lacks copies the deck needs (warning)",
    Code.COMMITTED_ELSEWHERE: "the deck needs copies other saved decks hold (warning)",
}

#: MEANINGS in Japanese (the rules page's table in Japanese is this one).
MEANINGS_JA: dict[Code, str] = {
    Code.HALF_SIZE: "ハーフデッキがちょうど{{HALF}}枚ではない",
    Code.ENTRY_SPLIT: "エントリーデッキがライブラリ{{LIBRARY}}枚＋アーカィヴ{{ARCHIVE}}枚ではない",
    Code.DUPLICATE_IN_HALF: "1つのハーフデッキに同じカード（同じ同一性）が2枚",
    Code.LIFE_SIZE: "ライフが{{LIFE_HALF}}（ハーフ）、{{LIFE_FULL}}（フル）、{{LIFE_TRIAL}}"
    "（トライアル）ではない",
    Code.DUPLICATE_IN_LIFE: "ライフに同じカードが2枚",
    Code.LIFE_CARD_TYPE: "ライフに{{LIFE_TYPES_NOR}}ないカード",
    Code.DECK_CARD_TYPE: "ハーフデッキに{{LIFE_TYPES_OR}}",
    Code.FINAL_COUNT: "フルのデッキにファイナルデッキがない、または{{FINALS_MAX}}つより多い"
    "（ほかの形式にファイナルデッキがある）",
    Code.TRIAL_HALVES: "トライアルのデッキのハーフデッキが合計{{TRIAL_HALVES}}つ未満"
    "（ほかの形式に追加のハーフデッキがある）",
    Code.POOL: "プールで使えるデッキ・カードが{{HALF}}種類未満（またはプールのないハーフのデッキ）",
    Code.UNKNOWN_CARD: "行のカードがカタログにない、または複数ある",
    Code.UNCONVERTED: "TWGPの種類がないカード",
    Code.NO_FREE_SUMMON: "エントリーデッキに戦闘力{{FREE_MAX}}以下のユニットがない（注意）",
    Code.UNSUMMONABLE: "素材を使い切ると、どの2スタックでも届かない戦闘力{{GRADE_SUMMON_MIN}}"
    "以上のユニット（注意）",
    Code.NOT_OWNED: "コレクションにデッキに必要な枚数がない（注意）",
    Code.COMMITTED_ELSEWHERE: "他の保存済みデッキが使っている枚数が必要（注意）",
}

#: (code, variant) → (English template, Japanese template); variant "" is the usual sentence.
MESSAGES: dict[tuple[Code, str], tuple[str, str]] = {
    (Code.HALF_SIZE, ""): (
        "{section} has {count} cards; a half deck must have exactly {{HALF}}",
        "{section} は{count}枚です。ハーフデッキはちょうど{{HALF}}枚にしてください",
    ),
    (Code.ENTRY_SPLIT, ""): (
        "the entry deck has {library} library and {archive} archive cards; it must be "
        "{{LIBRARY}} + {{ARCHIVE}}",
        "エントリーデッキはライブラリ{library}枚・アーカィヴ{archive}枚です。{{LIBRARY}}枚＋"
        "{{ARCHIVE}}枚にしてください",
    ),
    (Code.DUPLICATE_IN_HALF, ""): (
        "{cards} — {count} copies of one card in {section}; a half deck holds each card once",
        "{cards} — {section} に同じカードが{count}枚あります。ハーフデッキには各カード1枚までです",
    ),
    (Code.LIFE_SIZE, ""): (
        "the life set has {count} cards; a {format} deck needs {need}",
        "ライフは{count}枚です。{format_ja}では{need_ja}必要です",
    ),
    (Code.DUPLICATE_IN_LIFE, ""): (
        "{cards} — {count} copies of one card in the life set; it may hold each card once",
        "{cards} — ライフに同じカードが{count}枚あります。ライフには各カード1枚までです",
    ),
    (Code.LIFE_CARD_TYPE, ""): (
        "{cards} is a {type}; only {{LIFE_TYPES_AND}} may be in the life set",
        "{cards} は{type_ja}です。ライフに置けるのは{{LIFE_TYPES_AND}}だけです",
    ),
    (Code.DECK_CARD_TYPE, ""): (
        "{cards} is a {type}, a life card; it belongs in the life set, not in {section}",
        "{cards} は{type_ja}（ライフ・カード）です。{section} ではなくライフに入れてください",
    ),
    (Code.FINAL_COUNT, ""): (
        "a full deck needs 1 to {{FINALS_MAX}} final half decks "
        "([final.1]…[final.{{FINALS_MAX}}]); it has {count}",
        "フルのデッキにはファイナルデッキが1〜{{FINALS_MAX}}個必要です（[final.1]〜"
        "[final.{{FINALS_MAX}}]）。今は{count}個です",
    ),
    (Code.FINAL_COUNT, "format"): (
        "a {format} deck has no final half decks, but {cards} has cards",
        "{format_ja}のデッキにファイナルデッキはありません。{cards} にカードがあります",
    ),
    (Code.TRIAL_HALVES, ""): (
        "a trial deck needs at least {{TRIAL_HALVES}} half decks in all (entry, [half.2], "
        "[half.3]…); "
        "it has {count}",
        "トライアルのデッキにはハーフデッキが合計{{TRIAL_HALVES}}個以上必要です（エントリー、[half.2]、"
        "[half.3]…）。今は{count}個です",
    ),
    (Code.TRIAL_HALVES, "pool"): (
        "a trial deck needs at least {{TRIAL_HALVES}} half decks in all; it has {count}: "
        "{written} written and {supplied} from its pool of {pool} cards (one half per {{HALF}} "
        "different cards)",
        "トライアルのデッキにはハーフデッキが合計{{TRIAL_HALVES}}個以上必要です。今は{count}個です"
        "（書かれたハーフデッキ{written}個、プール{pool}枚から{supplied}個：異なるカード{{HALF}}枚"
        "ごとに1個）",
    ),
    (Code.TRIAL_HALVES, "format"): (
        "only trial decks add [half.N] half decks, but this {format} deck has cards in {cards}",
        "[half.N] はトライアルだけのものです。この{format_ja}のデッキでは "
        "{cards} にカードがあります",
    ),
    (Code.POOL, ""): (
        "the pool has {usable} different usable deck cards; it must offer at least {{HALF}} "
        "to form a half deck",
        "プールで使えるデッキ・カードは{usable}種類です。ハーフデッキを作るには{{HALF}}種類以上"
        "必要です",
    ),
    (Code.POOL, "half"): (
        "a half deck has no pool: a pool stands in for added half decks, and a half duel adds "
        "none",
        "ハーフのデッキにプールはありません。プールは追加するハーフデッキの代わりで、ハーフでは"
        "ハーフデッキを追加しません",
    ),
    (Code.UNKNOWN_CARD, ""): (
        "line {line}: no {game} card named {name!r} in the catalog{closest}",
        "{line}行目: カタログに {game} のカード「{name}」がありません{closest_ja}",
    ),
    (Code.UNKNOWN_CARD, "game"): (
        "line {line}: {unknown}",
        "{line}行目: ゲーム「{game}」はインストールされていません{closest_ja}",
    ),
    (Code.UNKNOWN_CARD, "ambiguous"): (
        "line {line}: {name!r} is {count} different {game} cards ({candidates}); "
        "add [SOURCE_ID] to pick one",
        "{line}行目: 「{name}」に当たる {game} のカードが{count}種類あります（{candidates}）。"
        "[SOURCE_ID] で指定してください",
    ),
    (Code.UNCONVERTED, ""): (
        "{cards} has no TWGP type ({reason}); an override in your catalog can set one",
        "{cards} にはTWGPの種類がありません（{reason}）。カタログで上書き設定すれば使えます",
    ),
    (Code.UNCONVERTED, "basic land"): (
        "{cards} has no TWGP type ({reason}): basic lands have no TWGP counterpart; take it "
        "out of the deck",
        "{cards} にはTWGPの種類がありません（{reason}）。基本土地はTWGPで使えないので、デッキから"
        "外してください",
    ),
    (Code.NO_FREE_SUMMON, ""): (
        "the entry deck has no unit of grade {{FREE_MAX}} or less, so nothing can be summoned "
        "first",
        "エントリーデッキに戦闘力{{FREE_MAX}}以下のユニットがなく、最初に召喚できるものがありません",
    ),
    # {later}: "" when no later half joins this one in play, else that none of them helps
    (Code.UNSUMMONABLE, ""): (
        "{cards} (grade {grade}) can never be grade-summoned: materials are used up, and the "
        "best two stacks in play by {section} reach only {best} ({pair}){later}",
        "{cards}（戦闘力{grade}）はグレード召喚できません。素材は召喚で使い切られるため、"
        "{section} までの2スタックの合計は最大{best}です（{pair_ja}）{later_ja}",
    ),
    (Code.UNSUMMONABLE, "bound"): (
        "{cards} (grade {grade}) can never be grade-summoned: materials are used up, and the "
        "best two stacks in play by {section} reach at most {best} ({pair}){later}",
        "{cards}（戦闘力{grade}）はグレード召喚できません。素材は召喚で使い切られるため、"
        "{section} までの2スタックの合計は多くても{best}です（{pair_ja}）{later_ja}",
    ),
    (Code.UNSUMMONABLE, "alone"): (
        "{cards} (grade {grade}) can never be grade-summoned: fewer than two units can be "
        "on the field by {section}{later}",
        "{cards}（戦闘力{grade}）はグレード召喚できません。{section} までに場に出せるユニットが"
        "2体未満です{later_ja}",
    ),
    # a later half in play brings it out: never "never" (issue 21)
    (Code.UNSUMMONABLE, "later"): (
        "{cards} (grade {grade}) cannot be grade-summoned by {section} alone ({why}); "
        "{can} can bring it out{cannot}",
        "{cards}（戦闘力{grade}）は {section} だけではグレード召喚できません（{why_ja}）。"
        "{can_ja} が場に出ればグレード召喚できます{cannot_ja}",
    ),
    (Code.NOT_OWNED, ""): (
        "{cards}: the deck needs {needed}, you own {owned} — {missing} missing",
        "{cards}: デッキに{needed}枚必要ですが所持は{owned}枚です（{missing}枚不足）",
    ),
    (Code.COMMITTED_ELSEWHERE, ""): (
        "{cards}: the deck needs {needed} of the {owned} you own, but only {free} are free — "
        "the others are in {decks}",
        "{cards}: デッキに{needed}枚必要です。所持{owned}枚のうち空いているのは{free}枚で、"
        "残りは {decks} で使われています",
    ),
}


class FormatCode(StrEnum):
    """Problems of the other games' deck formats; the last two are warnings."""

    WRONG_GAME = "WRONG_GAME"
    EV_CHARACTER_LIMIT = "EV_CHARACTER_LIMIT"
    EV_SAME_NAME_LIMIT = "EV_SAME_NAME_LIMIT"
    ROSTER_SIZE = "ROSTER_SIZE"
    ROSTER_DUPLICATE = "ROSTER_DUPLICATE"
    ROSTER_SPECIAL = "ROSTER_SPECIAL"
    ROSTER_NOT_LENDABLE = "ROSTER_NOT_LENDABLE"
    DECK_SIZE_2CH = "DECK_SIZE_2CH"
    EV_TEAMMATE_MISSING = "EV_TEAMMATE_MISSING"
    ROSTER_OWNER_UNKNOWN = "ROSTER_OWNER_UNKNOWN"

    @property
    def is_warning(self) -> bool:
        return self in FORMAT_WARNINGS

    @property
    def meaning(self) -> str:
        return fill(FORMAT_MEANINGS[self])


FORMAT_WARNINGS = frozenset({FormatCode.EV_TEAMMATE_MISSING, FormatCode.ROSTER_OWNER_UNKNOWN})

#: When each code is given, as MEANINGS (filled by `FormatCode.meaning`).
FORMAT_MEANINGS: dict[FormatCode, str] = {
    FormatCode.WRONG_GAME: "a card of another game in a game's own format",
    FormatCode.EV_CHARACTER_LIMIT: "ev-tag-b: a same-name character card (Evolution cards "
    "excepted) more than {{EV_CHARACTER}} time(s) across the team's decks and sideboards",
    FormatCode.EV_SAME_NAME_LIMIT: "ev-tag-b: any other same-name card more than "
    "{{EV_SAME_NAME}} times across the team's decks and sideboards",
    FormatCode.ROSTER_SIZE: "darkside-roster: more than {{ROSTER_MAX}} units (or none)",
    FormatCode.ROSTER_DUPLICATE: "darkside-roster: the same unit twice",
    FormatCode.ROSTER_SPECIAL: "darkside-roster: a special unit (it only arrives through another "
    "unit's effect)",
    FormatCode.ROSTER_NOT_LENDABLE: "darkside-roster: a unit that cannot be lent, in another "
    "character's roster",
    FormatCode.DECK_SIZE_2CH: "2chtcg: the deck is not {{DECK_2CH}} cards (provisional)",
    FormatCode.EV_TEAMMATE_MISSING: "ev-tag-b: one deck checked alone; the limits also count "
    "the teammate's (warning)",
    FormatCode.ROSTER_OWNER_UNKNOWN: "darkside-roster: a unit that cannot be lent whose owner "
    "or roster character is not known, so it was not checked (warning)",
}

#: (code, variant) → (English template, Japanese template), as MESSAGES.
FORMAT_MESSAGES: dict[tuple[FormatCode, str], tuple[str, str]] = {
    (FormatCode.WRONG_GAME, ""): (
        "{cards} is a {game} card; {format} decks hold {games} cards only",
        "{cards} は {game} のカードです。{format} のデッキに入るのは {games} のカードだけです",
    ),
    (FormatCode.EV_CHARACTER_LIMIT, ""): (
        "{cards} — {count} copies ({where}); a same-name character card (Evolution cards "
        "excepted) is limited to {{EV_CHARACTER}} across the team's decks and sideboards",
        "{cards} — {count}枚あります（{where_ja}）。同名のキャラクターカード（エヴォリューション"
        "カードを除く）はチームのデッキとサイドボードの合計で{{EV_CHARACTER}}枚までです",
    ),
    (FormatCode.EV_SAME_NAME_LIMIT, ""): (
        "{cards} — {count} copies ({where}); a same-name card is limited to {{EV_SAME_NAME}} "
        "across the "
        "team's decks and sideboards",
        "{cards} — {count}枚あります（{where_ja}）。同名のカードはチームのデッキとサイドボードの"
        "合計で{{EV_SAME_NAME}}枚までです",
    ),
    (FormatCode.ROSTER_SIZE, ""): (
        "the roster has {count} units; a character brings at most {{ROSTER_MAX}}",
        "所持ユニットは{count}体です。持ち込めるのは{{ROSTER_MAX}}体までです",
    ),
    (FormatCode.ROSTER_SIZE, "empty"): (
        "the roster has no unit; one is needed to summon when the battle starts",
        "所持ユニットがありません。戦闘開始時に召喚するユニットが1体は必要です",
    ),
    (FormatCode.ROSTER_DUPLICATE, ""): (
        "{cards} — {count} copies; a unit is one being and joins a roster once",
        "{cards} — {count}体あります。ユニットは1人なので所持ユニットには1体までです",
    ),
    (FormatCode.ROSTER_SPECIAL, ""): (
        "{cards} is a special unit: it only arrives through another unit's effect and may not "
        "be in a roster",
        "{cards} は特殊ユニットです。他のユニットの効果でのみ召喚され、戦闘前に所持ユニットに"
        "加えることはできません",
    ),
    (FormatCode.ROSTER_NOT_LENDABLE, ""): (
        "{cards} cannot be lent: it belongs to {owner}, not to {character}",
        "{cards} は貸与できません。{character} ではなく {owner} のユニットです",
    ),
    (FormatCode.DECK_SIZE_2CH, ""): (
        "the deck has {count} cards; a 2ch TCG deck has {{DECK_2CH}} (the rules' likely size, "
        "provisional)",
        "デッキは{count}枚です。2ちゃんねるTCGのデッキは{{DECK_2CH}}枚です（「40枚説が有力」による暫定）",
    ),
    (FormatCode.EV_TEAMMATE_MISSING, ""): (
        "only one deck was checked; tag rule B counts the teammate's deck and sideboard too "
        "(give both files)",
        "デッキが1つだけです。タッグルールBではチームメートのデッキとサイドボードも合計します"
        "（2つのファイルを指定してください）",
    ),
    (FormatCode.ROSTER_OWNER_UNKNOWN, ""): (
        "{cards} cannot be lent and its owner is not recorded; check that it is {character}'s "
        "own unit",
        "{cards} は貸与できませんが、持ち主が記録されていません。{character} 自身のユニットか"
        "確認してください",
    ),
    (FormatCode.ROSTER_OWNER_UNKNOWN, "no_character"): (
        "{cards} cannot be lent, and the roster names no character (`character:`) to check it "
        "against",
        "{cards} は貸与できませんが、所持ユニットにキャラクター（`character:`）が書かれて"
        "いないため確認できません",
    ),
}

#: a (code, variant) → (English, Japanese) table: MESSAGES, FORMAT_MESSAGES or a plugin's own
Templates = Mapping[tuple[Any, str], tuple[str, str]]


@dataclass(frozen=True)
class Violation:
    """One problem: its code, where (a section key, `entry`, `deck` or `team`), the cards
    involved (as written in the deck) and the sentence in English and Japanese. The code is a
    `Code`, a `FormatCode` or a third-party format's own StrEnum member."""

    code: StrEnum
    section: str
    cards: tuple[str, ...]
    message: str
    message_ja: str

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code.value,
            "section": self.section,
            "cards": list(self.cards),
            "message": self.message_ja if lang == "ja" else self.message,
        }


def violation(
    code: StrEnum,
    section: str,
    cards: Sequence[str] = (),
    *,
    variant: str = "",
    messages: Templates | None = None,
    **values: Any,
) -> Violation:
    """Build a Violation, filling both templates of (code, variant) from `values`; `section`
    and `cards` (joined) are available to the templates too (the Japanese one names the
    section in Japanese). Rule-fact markers (`{{HALF}}`) are filled first (rule_facts.fill).
    The templates come from `messages` when given, else from MESSAGES or FORMAT_MESSAGES."""
    table: Templates = MESSAGES if isinstance(code, Code) else FORMAT_MESSAGES
    english, japanese = (messages or table)[(code, variant)]
    english, japanese = fill(english), fill(japanese, "ja")  # the rule facts, as they are now
    filled: Mapping[str, Any] = {"section": section, "cards": ", ".join(cards), **values}
    filled_ja = {**filled, "section": section_name(section, "ja")}  # "エントリーデッキ"
    return Violation(
        code, section, tuple(cards), english.format_map(filled), japanese.format_map(filled_ja)
    )
