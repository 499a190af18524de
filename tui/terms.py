"""The words of the UI in English and Japanese, defined once (docs/rules.md names each term
in both). `term(key, lang)` picks one; a key missing from the table is a bug and raises."""

from __future__ import annotations

from dataclasses import dataclass

from converters.base import CardType
from deckbuilder.deck import ARCHIVE, ENTRY, LIBRARY, LIFE, POOL
from deckbuilder.rule_facts import fill
from deckbuilder.section_names import SECTION_NAMES, section_name

#: the sections named by a term (TWGP's, and other formats' main, side and roster)
SECTIONS = frozenset({LIFE, LIBRARY, ARCHIVE, POOL, ENTRY, "main", "side", "roster"})

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
    "other_name": ("Japanese", "英語名"),  # the card list's second name: the other language's
    "grade": ("Grade", "戦闘力"),
    "type": ("Type", "種類"),
    "owned": ("Own", "所持"),
    "set": ("Set", "セット"),
    "override_mark": ("✎", "✎"),
    "results": ("{cards} · {printings}", "{cards}・{printings}"),
    "results_more": (
        "{cards} · {shown} of {total} printings (more load as you scroll)",
        "{cards}・{total}版中{shown}版（下へ進むと続きを読み込みます）",
    ),
    "searching": ("searching…", "検索中…"),
    "pick_move_all": ("Move all {qty} of {name} to…", "{name}（{qty}枚すべて）の移動先"),
    "untyped_none": (
        "The deck has no card without a TWGP type.", "TWGPの種類がないカードはデッキにありません。"
    ),
    "untyped_removed": (
        "Removed {cards} with no TWGP type: {names} (ctrl+z brings them back)",
        "TWGPの種類がない{cards}を外しました: {names}（ctrl+z で元に戻せます）",
    ),
    "results_pending": (
        "Not added: the list is not yet the results of \"{query}\" (searching…); press the key "
        "again once they show.",
        "追加していません: 一覧はまだ「{query}」の検索結果ではありません（検索中…）。結果が"
        "出てからもう一度押してください。",
    ),
    "sort_title": (
        "Sort the cards by (the sorted column again: the other way round)",
        "並べ替える列（並べ替え中の列をもう一度選ぶと逆順）",
    ),
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
    # `twgp deck validate`'s verdict line
    "report_summary": (
        "{source}: {format} {what}, {cards} — {verdict} ({problems}, {warnings})",
        "{source}: {format}の{what}、{cards} — {verdict}（問題{problems}、注意{warnings}）",
    ),
    "report_deck": ("deck", "デッキ"),
    "report_deck_named": ("deck {name}", "デッキ「{name}」"),
    "report_team": ("team of {n} decks", "{n}デッキのチーム"),
    "verdict_legal": ("LEGAL", "合法"),
    "verdict_illegal": ("ILLEGAL", "不正"),
    "illegal": ("{count} violation(s)", "違反{count}件"),
    "hidden_not_owned": ("{count} NOT_OWNED hidden (w)", "NOT_OWNED {count}件を非表示（w）"),
    "warnings_count": ("{count} warning(s)", "注意{count}件"),
    "validating": ("checking…", "確認中…"),
    "empty_section": ("(empty)", "（なし）"),
    "games_mixed": ("Games mixed", "混在ゲーム"),
    "owned_needed": ("Owned / needed", "所持 / 必要"),
    "grade_curve": ("Unit grade curve", "ユニットの戦闘力分布"),
    "type_mix": ("Type mix", "種類の内訳"),
    "free_summon": (
        "free-summon units (≤ {{FREE_MAX}})", "フリー召喚できるユニット（{{FREE_MAX}}以下）"
    ),
    # `twgp deck stats`
    "stats_title": ("Deck analysis", "デッキ分析"),
    "stats_cards": ("cards", "枚数"),
    "stats_unknown": ("unknown", "不明"),
    "stats_all": ("all", "全体"),
    "curve_whole": ("Grade curve of the units — whole deck", "ユニットの戦闘力分布 — デッキ全体"),
    "curve_of": ("Grade curve — {group}", "戦闘力分布 — {group}"),
    "curve_empty": ("{title}: no units with a grade", "{title}: 戦闘力のあるユニットがありません"),
    # sections: deckbuilder/section_names.py
    **SECTION_NAMES,
    # the header fields of other games' formats (deckbuilder/play_formats)
    "field_character": ("Character", "キャラクター"),
    "field_unset": ("— (enter to set)", "—（Enterで設定）"),
    # dialogs
    "ok": ("OK", "OK"),
    "cancel": ("Cancel", "キャンセル"),
    "error": ("Error", "エラー"),
    "close": ("Close", "閉じる"),
    "lang_now": ("UI language: English", "表示言語: 日本語"),
    "save": ("Save", "保存"),
    "open_title": ("Open a deck", "デッキを開く"),
    "open_file": ("A .twgp file (enter to open)", ".twgpファイル（Enterで開く）"),
    "open_saved": ("…or a deck saved in the catalog", "…またはカタログに保存したデッキ"),
    "open_none_saved": (
        "(no decks saved in the catalog yet)",
        "（カタログに保存したデッキはまだありません）",
    ),
    "open_file_button": ("Open file", "ファイルを開く"),
    "save_title": ("Save the deck", "デッキを保存"),
    "save_as_file": ("as a .twgp file", ".twgpファイルとして"),
    "save_in_catalog": ("in the catalog, by name", "カタログに名前を付けて"),
    "new_title": ("New deck", "新しいデッキ"),
    "new_name": ("deck name (optional)", "デッキ名（省略可）"),
    "create": ("Create", "作成"),
    "export_title": ("Export the deck", "デッキを書き出す"),
    "export_file": ("File", "ファイル"),
    "export_force": ("overwrite an existing file", "既存のファイルを上書きする"),
    "export_button": ("Export", "書き出す"),
    "export_missing": ("choose a format and a file", "形式とファイルを選んでください"),
    "fetch_title": ("Fetch cards online", "カードをオンラインで取得"),
    "fetch_game": ("Game (source)", "ゲーム（取得元）"),
    "fetch_names": ("Names or ids, separated by “{sep}”", "名前またはID（「{sep}」で区切る）"),
    "fetch_fuzzy": ("fuzzy names (the API's closest match)", "あいまいな名前（APIの最も近いもの）"),
    "fetch_button": ("Fetch", "取得"),
    "fetch_choose_game": ("choose the game", "ゲームを選んでください"),
    "fetch_no_game": ("choose the game to fetch from", "取得するゲームを選んでください"),
    "fetch_missing": ("name at least one card", "カードを1枚以上指定してください"),
    "pick_add": ("Add {name} to…", "{name} の追加先…"),
    "pick_move": ("Move {name} to…", "{name} の移動先…"),
    "field_title": ("{field} of the deck", "デッキの{field}"),
    "field_help": ("empty removes it", "空欄にすると削除します"),
    "override_title": ("Override {name} ({ref})", "{name}（{ref}）を上書き"),
    "override_now": ("now: grade {grade} · {type}", "現在: 戦闘力 {grade} · {type}"),
    "override_grade": ("Grade (00–99, empty keeps it)", "戦闘力（00–99、空欄なら変更なし）"),
    "override_example": ("e.g. 04", "例: 04"),
    "override_type": ("Type (blank keeps it)", "種類（空欄なら変更なし）"),
    "override_keep": ("(keep)", "（変更なし）"),
    "override_reason": ("Reason", "理由"),
    "override_reason_hint": (
        "why (shown wherever the override is)",
        "理由（上書きした値と一緒に表示されます）",
    ),
    "override_clear": ("Clear override", "上書きを解除"),
    "override_need": (
        "give a grade, a type, or both",
        "戦闘力か種類、または両方を入力してください",
    ),
    "hint": ("hint", "ヒント"),
    # the help pages (F1, F2) and the palette
    "keys_title": ("Keys — F2 / esc to close", "キー一覧 — F2 / escで閉じる"),
    "query_syntax": ("Syntax", "書き方"),
    "query_keys": ("Keys", "キー"),
    "query_examples": ("Examples", "例"),
    "query_title": ("Search queries — F1 / esc to close", "検索の書き方 — F1 / escで閉じる"),
    "help_tab": (
        "Move between the search box, cards, card detail, deck and problems.",
        "検索欄、カード一覧、カード詳細、デッキ、問題点を移動します。",
    ),
    "help_down": ("From the search box into the results.", "検索欄から検索結果へ移ります。"),
    "help_printings": (
        "In the card list: open or close a card's printings.",
        "カード一覧で: カードの版を開く／閉じる。",
    ),
    "help_palette": (
        "Command palette: every action by name.",
        "コマンドパレット: すべての操作を名前で探せます。",
    ),
    "help_quit": (
        "Quit (asks first when the deck is unsaved).",
        "終了（デッキが未保存なら先に確認します）。",
    ),
    "save_as": ("Save as…", "名前を付けて保存…"),
    "save_as_help": (
        "Save the deck under another file or catalog name.",
        "デッキを別のファイル名かカタログの名前で保存します。",
    ),
    "palette_placeholder": ("Search for commands…", "コマンドを検索…"),
    "palette": ("palette", "コマンド"),
    "quit": ("Quit", "終了"),
    "quit_help": (
        "Quit twgp (asks first when the deck is unsaved).",
        "twgpを終了します（デッキが未保存なら先に確認します）。",
    ),
    "theme": ("Change theme", "テーマを変更"),
    "theme_help": ("Another colour theme for the app.", "アプリの配色を変えます。"),
    "screenshot": ("Save screenshot", "スクリーンショットを保存"),
    "screenshot_help": ("Save an SVG picture of the screen.", "画面をSVG画像として保存します。"),
    # settling a line (tui/screens/candidates.py)
    "pick_card": ("Which card is “{line}”?", "「{line}」はどのカードですか？"),
    "pick_card_columns": (
        "game set     number lang id             grade type          name",
        "ゲーム セット 番号 言語 ID             戦闘力 種類          名前",
    ),
    "pick_card_none": (
        "No card of the catalog comes close; fetch it (ctrl+g) or edit the line.",
        "近いカードがカタログにありません。取得する（ctrl+g）か、行を直してください。",
    ),
    "settled": ("{name} is now [{ref}]", "{name} を [{ref}] にしました"),
    "doing_candidates": ("finding the cards of {what}", "{what} の候補の検索"),
    # folders (tui/screens/paths.py)
    "folder_missing_title": ("Create the folder?", "フォルダを作りますか？"),
    "folder_missing": (
        "The folder {folder} does not exist. Create it?",
        "フォルダ {folder} はありません。作りますか？",
    ),
    "folder_failed": (
        "Cannot create {folder}: {reason}",
        "{folder} を作れません（詳細（英語）: {reason}）",
    ),
    # messages
    "detail_en": ("{text}", "詳細（英語）: {text}"),
    "hint_en": ("hint: {text}", "ヒント（英語）: {text}"),
    "catalog_busy_title": ("Catalog busy", "カタログが使用中"),
    "catalog_busy": (
        "The catalog is busy (another twgp is writing to it); try again.",
        "カタログは使用中です（別のtwgpが書き込んでいます）。もう一度お試しください。",
    ),
    "override_saved": ("Override saved for {name}", "{name} の上書きを保存しました"),
    "not_writable": (
        "{name} cannot be written in a decklist: {reason}",
        "{name} はデッキリストに書けません（詳細（英語）: {reason}）",
    ),
    "field_invalid": ("{reason}", "その値は使えません（詳細（英語）: {reason}）"),
    "exported": ("Exported ({format}) to {path}", "{path} に書き出しました（{format}）"),
    "no_online_source": (
        "{game} cards have no online source.",
        "{game} のカードにはオンラインの取得元がありません。",
    ),
    "fetching": ("Fetching {names} ({game})…", "{names} を取得しています（{game}）…"),
    "fetch_progress": (
        "⇣ {phase} {done} {unit} · stored {stored}",
        "⇣ {phase} {done} {unit}・保存 {stored}",
    ),
    "fetched_title": ("Fetched", "取得しました"),
    "fetched_stored": ("{cards} stored from {source}", "{source} から{cards}を保存しました"),
    "fetched_closest": (" — closest: {names}", "（近い名前: {names}）"),
    "fetched_offline": (
        "offline (TWGP_OFFLINE=1): not fetched: {names}",
        "オフライン（TWGP_OFFLINE=1）のため取得していません: {names}",
    ),
    "bug": ("unexpected error (a bug): {error}", "予期しないエラー（不具合です）: {error}"),
    "grade_invalid": (
        "{value} is not a grade from 00 to 99",
        "{value} は00〜99の戦闘力ではありません",
    ),
    # the rules page (tui/screens/rules.py)
    "rules_title": ("TWGP rules", "TWGPのルール"),
    "rules_keys": ("F3 日本語 · F7 contents · esc close", "F3 English · F7 目次 · esc 閉じる"),
    "problem_rules": ("F5 → {section}", "F5 → {section}"),
    "rules_hint": (
        "F5: what grades, types and effects mean",
        "F5: 戦闘力・種類・効果の説明",
    ),
    # never lose work (tui/screens/unsaved.py, tui/recovery.py)
    "discard": ("Discard", "破棄"),
    "unsaved_title": ("Unsaved changes", "未保存の変更"),
    "unsaved_text": (
        "The deck “{name}” has unsaved changes. Save them before {doing}?",
        "デッキ「{name}」に未保存の変更があります。{doing}前に保存しますか？",
    ),
    "unsaved_new": ("starting a new deck", "新しいデッキを始める"),
    "unsaved_open": ("opening another deck", "別のデッキを開く"),
    "import_title": ("Import a decklist", "デッキリストを取り込む"),
    "import_file": (
        "A decklist of another game (MTG Arena, .ydk, ydke://, PTCG Live…)",
        "他のゲームのデッキリスト（MTGアリーナ、.ydk、ydke://、PTCGライブ…）",
    ),
    "import_format": ("Format", "形式"),
    "import_auto": ("auto (told from the text)", "自動（内容から判断）"),
    "import_button": ("Import", "取り込む"),
    "imported": (
        "Drafted from {what}: life cards in [life], the rest in [pool] to arrange; "
        "{missing} found no card (kept as comments at the top when saved).",
        "{what} から下書きしました。ライフカードは[life]、残りは[pool]にあります。"
        "カードが見つからない行: {missing}（保存するとファイルの先頭にコメントで残ります）。",
    ),
    "browse": ("Browse… ^b", "参照… ^b"),
    "browse_decks": ("*.twgp", "*.twgp"),
    "browse_all": ("*", "*"),
    "recent_title": ("Recent decks", "最近のデッキ"),
    "recent_start": ("Reopen a recent deck?", "最近のデッキを開きますか？"),
    "recent_missing": ("missing", "見つかりません"),
    "recent_none": ("No deck opened or saved yet.", "まだ開いた・保存したデッキがありません。"),
    "reopen": ("Open", "開く"),
    "not_now": ("Not now", "今はしない"),
    "reopen_last": ("Reopen the last deck", "前回のデッキを開く"),
    "reopen_last_help": (
        "Open the deck opened or saved last (ctrl+r: any recent deck).",
        "最後に開いた・保存したデッキを開きます（ctrl+r: 最近のデッキから選ぶ）。",
    ),
    "unsaved_import": ("importing a decklist", "デッキリストを取り込む"),
    "unsaved_quit": ("quitting", "終了する"),
    "unsaved_restore": ("restoring the recovered deck", "復元したデッキに切り替える"),
    "catalog_deck": ("catalog deck “{name}”", "カタログのデッキ「{name}」"),
    "catalog_short": ("catalog: {name}", "カタログ: {name}"),
    "never_saved": ("never saved", "一度も保存していません"),
    "saved_in": ("from {place}", "元: {place}"),
    "recover_title": ("Recover an unsaved deck?", "未保存のデッキを復元しますか？"),
    "recover_text": (
        "twgp did not exit cleanly last time. It kept the deck “{name}” ({cards}, {when}; "
        "{origin}) with its unsaved changes in\n{file}",
        "前回のtwgpは正常に終了しませんでした。デッキ「{name}」（{cards}、{when}、{origin}）の"
        "未保存の変更を次のファイルに保管しています:\n{file}",
    ),
    "restore": ("Restore", "復元"),
    "later": ("Later", "後で"),
    "restored": (
        "Restored the unsaved deck from {file}; ctrl+s saves it.",
        "{file} から未保存のデッキを復元しました。ctrl+sで保存できます。",
    ),
    "recovery_unwritable": (
        "Cannot keep a recovery copy of the deck ({problem}); save often.",
        "デッキの復元用コピーを書き込めません（{problem}）。こまめに保存してください。",
    ),
    "opened": ("Opened {what}", "{what} を開きました"),
    "saved_to": ("Saved to {what}", "{what} に保存しました"),
    "nothing_undo": ("Nothing to undo.", "元に戻す操作はありません。"),
    "nothing_redo": ("Nothing to redo.", "やり直す操作はありません。"),
    # the deck's format
    "final_full": (
        "{section} already has {{HALF}} cards; move the cursor in the deck pane to another final "
        "or half (or press s to pick a section).",
        "{section} はもう{{HALF}}枚です。デッキ欄でほかのファイナルかハーフにカーソルを"
        "移してください"
        "（s で区分を選ぶこともできます）。",
    ),
    "no_finals": (
        "A half-format deck has no final or added halves.",
        "ハーフ形式のデッキにはファイナルも追加のハーフもありません。",
    ),
    "twgp_only_key": (
        "That key adds to a TWGP deck's section; a {format} deck has {sections} "
        "(e adds to the first, s picks one).",
        "このキーはTWGPのデッキの区分に追加します。{format} のデッキの区分は {sections} です"
        "（e: 最初の区分に追加、s: 区分を選ぶ）。",
    ),
    "format_skipped": (
        "Skipped {formats}: no place there for the cards in {sections}.",
        "{formats} は飛ばしました: {sections} のカードを置く区分がありません。",
    ),
    "format_stuck": (
        "No other format has a place for the cards in {sections}; move or remove them first.",
        "{sections} のカードを置ける形式がほかにありません。先に移すか外してください。",
    ),
    "format_dropped": (
        "Dropped {fields}: a {format} deck does not read it (ctrl+z brings it back).",
        "{fields} を外しました: {format} のデッキでは使いません（ctrl+zで戻せます）。",
    ),
    "while": (" — while {doing}", " — {doing}中"),
    # what the app was doing when a service call failed (the error modal's title)
    "doing_search": ("searching", "検索"),
    "doing_more": ("loading more cards", "続きのカードの読み込み"),
    "doing_printings": ("loading the card's printings", "版の読み込み"),
    "doing_lookup": ("looking up {what}", "{what} の検索"),
    "doing_check": ("checking the deck", "デッキの確認"),
    "doing_open": ("opening {what}", "{what} の読み込み"),
    "doing_save": ("saving to {what}", "{what} への保存"),
    "doing_list": ("listing the saved decks", "保存したデッキの一覧の取得"),
    "doing_export": ("exporting to {what}", "{what} への書き出し"),
    "doing_import": ("importing {what}", "{what} の取り込み"),
    "doing_override": ("overriding {what}", "{what} の上書き"),
    "doing_fetch": ("fetching {what} online", "{what} のオンライン取得"),
    "doing_build": ("building a deck", "デッキの構築"),
    # the deck assistant (Build for me, Complete this deck)
    "build_title": ("Build for me", "おまかせ構築"),
    "complete_title": ("Complete this deck", "このデッキを完成させる"),
    "build_format": ("Format", "形式"),
    "build_games": (
        "Games (comma-separated, empty: all)", "ゲーム（カンマ区切り、空欄: すべて）"
    ),
    "build_source": ("Cards from", "使うカード"),
    "build_owned": ("the free copies of my collection", "コレクションの空いているカード"),
    "build_catalog": (
        "every card of the catalog (lists what to acquire)",
        "カタログのすべてのカード（入手するカードを示します）",
    ),
    "build_goal": ("Goal", "目標"),
    "goal_strongest": ("strongest — the most fighting strength", "最強 — 戦闘力を最大に"),
    "goal_curve": (
        "curve — grades close to the default curve", "カーブ — 標準の戦闘力カーブに近く"
    ),
    "goal_effects": ("effects — as many of the twelve effects", "効果 — 12の効果をできるだけ多く"),
    "build_time": ("Time limit (seconds)", "制限時間（秒）"),
    "build_include": (
        "Include (cards separated by “;”)", "必ず入れるカード（「;」で区切る）"
    ),
    "build_exclude": ("Exclude (cards separated by “;”)", "入れないカード（「;」で区切る）"),
    "build_share": (
        "share copies with my saved decks (never played at once)",
        "保存したデッキとカードを共有する（同時には使わない）",
    ),
    "build_button": ("Build", "構築"),
    "build_bad_time": (
        "the time limit is a number of seconds above 0", "制限時間は0より大きい秒数です"
    ),
    "building": ("Building… {seconds} s", "構築中… {seconds}秒"),
    "building_none": ("no legal deck found yet", "正規のデッキはまだ見つかっていません"),
    "building_best": (
        "best so far {best:g} · bound {bound} · within {gap}",
        "現在の最良 {best:g}・上限 {bound}・差 {gap}以内",
    ),
    "building_stop": ("Stop (keep the best)", "中止（最良を残す）"),
    "built_title": ("Built: {summary}", "構築しました: {summary}"),
    "built_none": ("No legal deck: {summary}", "正規のデッキはできません: {summary}"),
    "built_acquire": ("to acquire: {cards}", "入手するカード: {cards}"),
    "built_fix": (
        "the fewest cards to acquire for a legal deck: {cards}",
        "正規のデッキにするために入手する最少のカード: {cards}",
    ),
    "built_notes": ("Assistant", "アシスタント"),
    "complete_not_twgp": (
        "only a TWGP deck (full, half, trial) can be completed",
        "完成させられるのはTWGPのデッキ（フル、ハーフ、トライアル）だけです",
    ),
}


def term(key: str, lang: str, **values: object) -> str:
    """The UI word for `key` in `lang` ("en" or "ja"), with the rule facts (`{{HALF}}`,
    deckbuilder/rule_facts.py) and then the `{placeholders}` filled."""
    english, japanese = TERMS[key]
    chosen = fill(japanese if lang == "ja" else english, lang)
    return chosen.format(**values) if values else chosen


#: the Japanese counter of each noun `count` is asked for (English adds an s)
COUNTERS: dict[str, str] = {
    "card": "枚", "line": "行", "saved deck": "件", "deck": "件", "problem": "件",
    "violation": "件", "warning": "件", "copy": "枚", "row": "行", "file": "件", "printing": "版",
}  # fmt: skip
_PLURALS = {"copy": "copies"}


def count(n: int, noun: str, lang: str = "en") -> str:
    """ "1 card", "2 cards", "2枚": a number and its noun, in either language."""
    if lang == "ja":
        return f"{n}{COUNTERS[noun]}"
    return f"{n} {noun if n == 1 else _PLURALS.get(noun, noun + 's')}"


def type_name(card_type: CardType | None, lang: str) -> str:
    """A TWGP type as the UI writes it everywhere ("Charge Effect" / "チャージ・エフェクト");
    "—" for a card with none."""
    if card_type is None:
        return "—"
    return card_type.label_ja if lang == "ja" else card_type.label


def field_label(key: str, lang: str) -> str:
    """ "character" → "Character" / "キャラクター"; a field with no term by its key."""
    return term(f"field_{key}", lang) if f"field_{key}" in TERMS else key


def section_label(key: str, lang: str) -> str:
    """ "final.2" → "Final 2" / "ファイナル2"; a section with no name (another format's) by
    its key (deckbuilder/section_names.py)."""
    return section_name(key, lang)


#: what each of our errors means, in words, by class name (the message itself is the error's
#: own English, shown as its detail); the closest class in the error's ancestry wins
ERRORS: dict[str, tuple[str, str]] = {
    "TwgpError": ("Something went wrong", "エラーが発生しました"),
    "ConverterError": ("The card could not be converted", "カードを変換できませんでした"),
    "UnknownGameError": ("No such game is installed", "そのゲームはインストールされていません"),
    "InputFormatError": ("The file could not be read", "ファイルを読めませんでした"),
    "CatalogError": ("The catalog could not do that", "カタログの操作に失敗しました"),
    "CardNotFoundError": ("No such card in the catalog", "カードがカタログに見つかりません"),
    "AmbiguousCardError": (
        "Several cards have that name", "その名前に当たるカードが複数あります"
    ),
    "DeckNotFoundError": (
        "No deck is saved under that name", "その名前で保存したデッキはありません"
    ),
    "DatabaseError": (
        "The catalog's database cannot be used", "カタログのデータベースを使えません"
    ),
    "SourceUnavailableError": (
        "The online source cannot be reached", "オンラインの取得元に接続できません"
    ),
    "QuerySyntaxError": ("The query has a mistake", "検索の書き方に誤りがあります"),
    "DeckError": ("The deck could not be handled", "デッキを処理できませんでした"),
    "DecklistFormatError": ("The decklist could not be read", "デッキリストを読めませんでした"),
    "UnknownFormatError": ("No such format is installed", "その形式はインストールされていません"),
    "FormatMismatchError": ("The deck's format does not fit", "デッキの形式が合いません"),
    "OutputExistsError": (
        "A file of that name exists already", "同じ名前のファイルがすでにあります"
    ),
    "OutputRefusedError": ("twgp will not write there", "そのパスには書き込めません"),
    "OutputWriteError": ("The output could not be written", "出力を書き込めませんでした"),
    "InputReadError": (
        "The file could not be read from the disk", "ファイルを読み取れませんでした"
    ),
    "ReadOnlyCatalogError": (
        "The catalog is open read-only", "カタログは読み取り専用で開かれています"
    ),
}


def error_title(error: Exception, lang: str) -> str:
    """The error's title in words, never a class name: the title the error was given, or
    what its kind means (in Japanese always what its kind means)."""
    own = str(getattr(error, "title", "") or "")
    if lang != "ja" and own and own != type(error).__name__:
        return own
    for kind in type(error).__mro__:
        if kind.__name__ in ERRORS:
            return term_of(ERRORS[kind.__name__], lang)
    return term_of(ERRORS["TwgpError"], lang)


def term_of(words: tuple[str, str], lang: str) -> str:
    return words[1] if lang == "ja" else words[0]


def error_detail(text: str, lang: str) -> str:
    """An error's own (English) message, labelled as such in Japanese."""
    return term("detail_en", lang, text=text) if lang == "ja" else text


@dataclass(frozen=True)
class Doing:
    """What the app was doing when a service call failed: a `doing_*` term and the `{what}`
    it names (a file, a card), told in the UI's language when it is shown."""

    key: str
    what: str = ""

    def text(self, lang: str) -> str:
        return term(f"doing_{self.key}", lang, what=self.what)
