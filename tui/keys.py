"""Every key binding of the app in one table: the bindings, the footer labels (English and
Japanese), the help screen, the command palette and the README key table all read it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

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
    Key("screen", "escape", "focus_search", "Search", "検索", "Back to the search box.",
        show=False),
    Key("screen", "slash", "focus_search", "Search", "検索", "Back to the search box.",
        show=False, display="/"),
    # -- the card list
    Key("cards", "l", "add('life')", "Life", "ライフ",
        "Add the highlighted card to the life set (TWGP decks)."),
    Key("cards", "e", "add('entry.library')", "Library", "ライブラリ",
        "Add it to the entry library (15); in another format's deck, to its first section "
        "(main, roster)."),
    Key("cards", "a", "add('entry.archive')", "Archive", "アーカィヴ",
        "Add it to the entry archive (5, the starting hand; TWGP decks)."),
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
    Key("deck", "m", "move", "Move…", "移動…", "Move one copy to another section."),
    Key("deck", "enter", "show", "Show", "表示",
        "Show the card in the detail pane; on a header field (character), edit it."),
    # -- the problems panel
    Key("problems", "enter", "jump", "Jump", "移動",
        "Jump to the cards (or the section) a problem names."),
)
# fmt: on


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
        return labels.get(b.id or "") or _label(by_id[b.id or ""], lang)

    node._bindings.key_to_bindings = {
        name: [replace(b, description=label(b)) if b.id in by_id else b for b in found]
        for name, found in node._bindings.key_to_bindings.items()
    }


def _label(key: Key, lang: str) -> str:
    return key.label_ja if lang == "ja" else key.label


def display_keys(key: Key) -> str:
    """How the help screen and README write a key: "ctrl+n", "x / delete"."""
    names = {"slash": "/", "plus": "+", "minus": "-", "equals_sign": "=", "escape": "esc"}
    return " / ".join(names.get(k, k) for k in key.keys.split(","))
