"""The words of the UI in English and Japanese, defined once (TWGP_RULES.md names each term
in both). `term(key, lang)` picks one; a key missing from the table is a bug and raises."""

from __future__ import annotations

from deckbuilder.deck import ARCHIVE, FINAL_PREFIX, HALF_PREFIX, LIBRARY, LIFE, POOL

TERMS: dict[str, tuple[str, str]] = {
    # panes and columns
    "search": ("Search", "検索"),
    "search_placeholder": (
        "Search: words, game:mtg, type:unit, grade<=5 …  (F1: query help)",
        "検索: 名前、game:mtg、type:unit、grade<=5 …（F1: 検索の書き方）",
    ),
    "cards": ("Cards", "カード"),
    "card": ("Card", "カード詳細"),
    "deck": ("Deck", "デッキ"),
    "stats": ("Deck stats", "デッキ分析"),
    "problems": ("Problems", "問題点"),
    "game": ("Game", "ゲーム"),
    "name": ("Name", "名前"),
    "name_ja": ("Japanese", "日本語名"),
    "grade": ("Grade", "戦闘力"),
    "type": ("Type", "種類"),
    "owned": ("Own", "所持"),
    "override_mark": ("✎", "✎"),
    "results": ("{shown} of {total} cards", "{total}枚中{shown}枚"),
    "results_more": (
        "{shown} of {total} cards (more load as you scroll)",
        "{total}枚中{shown}枚（下へ進むと続きを読み込みます）",
    ),
    "searching": ("searching…", "検索中…"),
    "no_card": ("No card highlighted.", "カードが選ばれていません。"),
    # detail pane
    "why_grade": ("why this grade", "戦闘力の理由"),
    "why_type": ("why this type", "種類の理由"),
    "effects": ("Effects", "効果"),
    "no_effects": ("none found in the text", "本文に見つかりません"),
    "text": ("Original text", "原文"),
    "reading": ("TWGP reading", "TWGPでの読み方"),
    "source_stats": ("Source stats", "元のステータス"),
    "printings": ("Printings", "版"),
    "owned_copies": ("owned", "所持"),
    "override": ("Override", "上書き"),
    "source_values": ("converter said", "変換結果"),
    "warnings": ("Warnings", "注意"),
    "no_grade": ("no grade", "戦闘力なし"),
    "no_type": ("no type", "種類なし"),
    # deck pane and validation
    "untitled": ("untitled", "無題"),
    "format": ("Format", "形式"),
    "legal": ("Legal: no violations", "合法: 違反はありません"),
    "legal_short": ("legal", "合法"),
    "illegal": ("{count} violation(s)", "違反{count}件"),
    "warnings_count": ("{count} warning(s)", "注意{count}件"),
    "validating": ("checking…", "確認中…"),
    "empty_section": ("(empty)", "（なし）"),
    "games_mixed": ("Games mixed", "混在ゲーム"),
    "owned_needed": ("Owned / needed", "所持 / 必要"),
    "grade_curve": ("Unit grade curve", "ユニットの戦闘力分布"),
    "type_mix": ("Type mix", "種類の内訳"),
    "free_summon": ("free-summon units (≤ 05)", "フリー召喚できるユニット（05以下）"),
    # sections
    LIFE: ("Life", "ライフ"),
    LIBRARY: ("Entry library", "エントリー・ライブラリ"),
    ARCHIVE: ("Entry archive", "エントリー・アーカィヴ"),
    FINAL_PREFIX: ("Final {n}", "ファイナル{n}"),
    HALF_PREFIX: ("Half {n}", "ハーフ{n}"),
    POOL: ("Pool", "プール"),
    "entry": ("Entry deck", "エントリーデッキ"),
    # dialogs
    "ok": ("OK", "OK"),
    "cancel": ("Cancel", "キャンセル"),
    "error": ("Error", "エラー"),
    "close": ("Close", "閉じる"),
    "lang_now": ("UI language: English", "表示言語: 日本語"),
}


def term(key: str, lang: str, **values: object) -> str:
    """The UI word for `key` in `lang` ("en" or "ja"), with `{placeholders}` filled."""
    english, japanese = TERMS[key]
    chosen = japanese if lang == "ja" else english
    return chosen.format(**values) if values else chosen


def section_label(key: str, lang: str) -> str:
    """ "final.2" → "Final 2" / "ファイナル2"; fixed sections by their term."""
    for prefix in (FINAL_PREFIX, HALF_PREFIX):
        if key.startswith(prefix):
            return term(prefix, lang, n=key.removeprefix(prefix))
    return term(key, lang) if key in TERMS else key
