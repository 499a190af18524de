"""Every key binding of the app in one table: the bindings, the footer labels (English and
Japanese), the help screen, the command palette and the README key table all read it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from deckbuilder.rule_facts import fill  # the key helps state facts, filled on import

if TYPE_CHECKING:
    from textual.dom import DOMNode

#: where a key works: the main screen (everywhere), or while a pane has the focus
SCOPES = {
    "screen": ("Everywhere", "どこでも"),
    "cards": ("Card list", "カード一覧"),
    "deck": ("Deck pane", "デッキ"),
    "problems": ("Problems panel", "問題点"),
}


@dataclass(frozen=True)
class Key:
    scope: str
    keys: str  # Textual key names, comma-separated
    action: str
    label: str
    label_ja: str
    help: str
    show: bool = True
    priority: bool = False
    display: str | None = None
    #: more words the command palette finds the key by (English and Japanese)
    words: str = ""

    @property
    def id(self) -> str:
        return f"{self.scope}.{self.action.split('(')[0]}.{self.keys.split(',')[0]}"

    def binding(self, lang: str = "en") -> Binding:
        return Binding(
            self.keys,
            self.action,
            self.label_ja if lang == "ja" else self.label,
            show=self.show,
            priority=self.priority,
            key_display=self.display,
            tooltip=self.help,
            id=self.id,
        )


# fmt: off
KEYS: tuple[Key, ...] = (
    # -- everywhere (the main screen); priority: they work while typing a query too
    Key("screen", "ctrl+n", "new_deck", "New", "新規",
        "Start a new deck (asks for its name and format).", priority=True),
    Key("screen", "ctrl+o", "open_deck", "Open", "開く",
        "Open a .twgp file or a deck saved in the catalog.", priority=True),
    Key("screen", "ctrl+r", "recent", "Recent", "最近のデッキ",
        "Open a deck opened or saved lately (the last one first).", show=False, priority=True,
        words="recent history 最近 履歴"),
    Key("screen", "ctrl+l", "import_deck", "Import", "取り込み",
        "Import another game's decklist (any format twgp deck import reads) as a draft deck.",
        show=False, priority=True, words="import decklist arena ydk ydke 取り込み インポート"),
    Key("screen", "ctrl+s", "save_deck", "Save", "保存",
        "Save the deck to its file or catalog name (asks the first time).", priority=True),
    Key("screen", "ctrl+e", "export_deck", "Export", "書き出し",
        "Export the deck to twgp, json, csv, md or html.", priority=True),
    Key("screen", "ctrl+z", "undo", "Undo", "元に戻す", "Undo the last deck change.",
        priority=True),
    Key("screen", "ctrl+y", "redo", "Redo", "やり直し", "Redo the change just undone.",
        priority=True),
    Key("screen", "ctrl+g", "fetch_dialog", "Fetch", "取得",
        "Fetch cards the catalog lacks from their game's public API (mtg, yugioh, pokemon).",
        priority=True),
    Key("screen", "f1", "query_help", "Query", "検索の書き方",
        "The search query cheat-sheet.", priority=True),
    Key("screen", "f2", "help", "Keys", "キー一覧", "This list of keys.", priority=True),
    Key("screen", "f3", "toggle_lang", "日本語", "English",
        "Switch the UI between English and Japanese (remembered).", priority=True),
    Key("screen", "f4", "cycle_format", "Format", "形式",
        "Change the deck's format: full → half → trial → every installed plugin's (2chtcg, "
        "darkside-roster, ev-tag-b…), skipping those with no place for the deck's cards.",
        priority=True),
    Key("screen", "f5", "rules", "Rules", "ルール",
        "The TWGP rules: grades and each game's rule, the seven types, decks and life sets, "
        "duplicates, summoning, the twelve effects; at the section of the problem at hand.",
        priority=True, words="help rules grade types effects ヘルプ ルール 戦闘力 種類 効果"),
    Key("screen", "f6", "toggle_lower", "Card/Stats", "詳細/分析",
        "Switch the lower pane between the card's detail and the deck stats.", priority=True),
    Key("screen", "f8", "sort", "Sort", "並べ替え",
        "Sort the card list by a column you pick (the same column again: the other way round); "
        "a click on a column's header does the same.", show=False, priority=True,
        words="sort order column 並べ替え 順番 列"),
    Key("screen", "f7", "build_for_me", "Build", "おまかせ",
        "Build for me: a legal deck from the free copies of your collection (or the catalog), "
        "opened as a new unsaved deck with why each card is there (twgp deck build).",
        show=False, priority=True, words="build assistant solver auto 構築 おまかせ 自動"),
    Key("screen", "f9", "complete_deck", "Complete", "完成",
        "Complete this deck: keep its lines and fill the rest from your free copies "
        "(twgp deck build --complete); ctrl+z takes it back.",
        show=False, priority=True, words="complete fill assistant 完成 補完 おまかせ"),
    Key("screen", "ctrl+x", "remove_untyped", "Drop untyped", "種類なしを外す",
        "Remove every card with no TWGP type (basic lands, cards the converter could not "
        "place) from the deck; ctrl+z brings them back.", show=False,
        words="untyped basic land lands remove no type 種類なし 基本土地 外す"),
    Key("screen", "escape", "focus_search", "Search", "検索", "Back to the search box.",
        show=False),
    Key("screen", "slash", "focus_search", "Search", "検索", "Back to the search box.",
        show=False, display="/"),
    # -- the card list
    Key("cards", "l", "add('life')", "Life", "ライフ",
        "Add the highlighted card to the life set (TWGP decks)."),
    Key("cards", "e", "add('entry.library')", "Library", "ライブラリ",
        fill("Add it to the entry library ({{LIBRARY}}); in another format's deck, to its first "
             "section (main, roster).")),
    Key("cards", "a", "add('entry.archive')", "Archive", "アーカィヴ",
        fill("Add it to the entry archive ({{ARCHIVE}}, the starting hand; TWGP decks).")),
    Key("cards", "f", "add('final')", "Final/Half", "ファイナル",
        "Add it to the final (full) or added half (trial) selected in the deck pane."),
    Key("cards", "p", "add('pool')", "Pool", "プール", "Add it to the variant pool (TWGP decks)."),
    Key("cards", "s", "add('?')", "Section…", "区分…",
        "Add it to a section of the deck's format you pick."),
    Key("cards", "o", "override", "Override", "上書き",
        "Override the card's grade or type, with a reason."),
    Key("cards", "g", "fetch", "Refresh", "再取得",
        "Fetch the highlighted card again from its online source."),
    # -- the deck pane
    Key("deck", "delete,minus,backspace", "remove", "Remove", "外す",
        "Remove one copy of the highlighted line.", display="del"),
    Key("deck", "plus,equals_sign", "more", "+1", "+1", "One more copy of the highlighted line.",
        display="+"),
    Key("deck", "shift+delete,ctrl+d", "delete_line", "Delete line", "行を削除",
        "Delete the highlighted line, every copy of it.", show=False,
        words="delete line remove all copies 行 削除"),
    Key("deck", "m", "move", "Move…", "移動…", "Move one copy to another section."),
    Key("deck", "M", "move_all", "Move all…", "全部移動…",
        "Move every copy of the highlighted line to another section.", show=False,
        words="move all copies line 全部 移動"),
    Key("deck", "enter", "show", "Show", "表示",
        "Show the card in the detail pane; on a header field (character), edit it."),
    # -- the problems panel
    Key("problems", "enter", "jump", "Jump", "移動",
        "Jump to the cards (or the section) a problem names."),
    Key("problems", "w", "toggle_not_owned", "NOT_OWNED", "所持不足",
        "Hide or show the NOT_OWNED warnings (copies your collection lacks)."),
)
# fmt: on


#: each key's help in Japanese, by key id (a test checks that every key has one)
HELP_JA: dict[str, str] = {
    "screen.new_deck.ctrl+n": "新しいデッキを始めます（名前と形式を聞きます）。",
    "screen.open_deck.ctrl+o": ".twgpファイルか、カタログに保存したデッキを開きます。",
    "screen.import_deck.ctrl+l": (
        "他のゲームのデッキリスト（twgp deck import が読む形式すべて）を下書きのデッキとして"
        "取り込みます。"
    ),
    "screen.recent.ctrl+r": "最近開いた・保存したデッキを開きます（いちばん新しいものが先頭）。",
    "screen.save_deck.ctrl+s": (
        "デッキをそのファイルかカタログの名前に保存します（初回は保存先を聞きます）。"
    ),
    "screen.export_deck.ctrl+e": "デッキを twgp、json、csv、md、html に書き出します。",
    "screen.undo.ctrl+z": "最後のデッキの変更を元に戻します。",
    "screen.redo.ctrl+y": "元に戻した変更をやり直します。",
    "screen.fetch_dialog.ctrl+g": (
        "カタログにないカードを、そのゲームの公開API（mtg、yugioh、pokemon）から取得します。"
    ),
    "screen.query_help.f1": "検索の書き方の早見表。",
    "screen.help.f2": "このキー一覧。",
    "screen.toggle_lang.f3": "表示を日本語と英語で切り替えます（次回も同じ言語で開きます）。",
    "screen.cycle_format.f4": (
        "デッキの形式を切り替えます: フル → ハーフ → トライアル → インストール済みの各形式（2ch"
        "tcg、darkside-roster、ev-tag-b…）。デッキのカードを置けない形式は飛ばします。"
    ),
    "screen.rules.f5": (
        "TWGPのルール: 戦闘力と各ゲームの求め方、7つの種類、デッキとライフ、同じカード、召喚、1"
        "2の効果。選んでいる問題の章から開きます。"
    ),
    "screen.toggle_lower.f6": "下の欄をカード詳細とデッキ分析で切り替えます。",
    "screen.sort.f8": (
        "カード一覧を選んだ列で並べ替えます（同じ列をもう一度選ぶと逆順）。列の見出しをクリックし"
        "ても同じです。"
    ),
    "screen.build_for_me.f7": (
        "おまかせ構築: コレクションの空いているカード（またはカタログ）から正規のデッキを作り、"
        "各カードを入れた理由とともに新しい未保存のデッキとして開きます（twgp deck build）。"
    ),
    "screen.complete_deck.f9": (
        "このデッキを完成させます: 今の行を残して残りをコレクションの空いているカードで埋めます"
        "（twgp deck build --complete）。ctrl+zで戻せます。"
    ),
    "screen.focus_search.escape": "検索欄に戻ります。",
    "screen.focus_search.slash": "検索欄に戻ります。",
    "cards.add.l": "選んでいるカードをライフに追加します（TWGPのデッキ）。",
    "cards.add.e": fill(
        "エントリー・ライブラリ（{{LIBRARY}}枚）に追加します。ほかの形式のデッキでは最初の区分"
        "（main、roster）に追加します。", "ja"
    ),
    "cards.add.a": fill(
        "エントリー・アーカィヴ（{{ARCHIVE}}枚、最初の手札）に追加します（TWGPのデッキ）。", "ja"
    ),
    "cards.add.f": (
        "デッキ欄で選んでいるファイナル（フル）か追加のハーフ（トライアル）に追加します。"
    ),
    "cards.add.p": "変則ルールのプールに追加します（TWGPのデッキ）。",
    "cards.add.s": "デッキの形式の区分を選んで追加します。",
    "cards.override.o": "カードの戦闘力か種類を、理由を付けて上書きします。",
    "cards.fetch.g": "選んでいるカードをオンラインの取得元からもう一度取得します。",
    "deck.remove.delete": "選んでいる行のカードを1枚外します。",
    "deck.more.plus": "選んでいる行のカードを1枚増やします。",
    "deck.move.m": "1枚をほかの区分に移します。",
    "deck.move_all.M": "選んでいる行のカードを全部ほかの区分に移します。",
    "deck.delete_line.shift+delete": "選んでいる行を、枚数に関係なく丸ごと削除します。",
    "screen.remove_untyped.ctrl+x": (
        "TWGPの種類がないカード（基本土地、変換できなかったカード）をデッキからすべて外しま"
        "す。ctrl+z で元に戻せます。"
    ),
    "deck.show.enter": (
        "カードを詳細欄に表示します。候補が複数・不明の行では候補から選びます。ヘッダーの項目（"
        "キャラクター）では編集します。"
    ),
    "problems.jump.enter": "問題が指すカード（または区分）に移動します。",
    "problems.toggle_not_owned.w": (
        "NOT_OWNED（コレクションに足りない枚数）の注意を隠す／表示します。"
    ),
}


def key_help(key: Key, lang: str) -> str:
    return HELP_JA[key.id] if lang == "ja" else key.help


def key_label(key: Key, lang: str) -> str:
    return key.label_ja if lang == "ja" else key.label


def bindings(scope: str, lang: str = "en") -> list[BindingType]:
    return [key.binding(lang) for key in KEYS if key.scope == scope]


def in_scope(scope: str) -> Iterator[Key]:
    return (key for key in KEYS if key.scope == scope)


def relabel(node: DOMNode, scope: str, lang: str, labels: Mapping[str, str] | None = None) -> None:
    """Swap the footer labels of `node`'s bindings of `scope` to `lang`, or to `labels` (key
    id → label) for the keys it names. Textual copies a class's bindings per instance; we
    rebuild that map rather than mutate the shared lists."""
    by_id = {key.id: key for key in in_scope(scope)}
    labels = labels or {}

    def label(b: Binding) -> str:
        return labels.get(b.id or "") or key_label(by_id[b.id or ""], lang)

    node._bindings.key_to_bindings = {
        name: [replace(b, description=label(b)) if b.id in by_id else b for b in found]
        for name, found in node._bindings.key_to_bindings.items()
    }


def display_keys(key: Key) -> str:
    """How the help screen and README write a key: "ctrl+n", "x / delete"."""
    names = {"slash": "/", "plus": "+", "minus": "-", "equals_sign": "=", "escape": "esc",
             "M": "shift+m"}  # fmt: skip
    return " / ".join(names.get(k, k) for k in key.keys.split(","))
