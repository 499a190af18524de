"""F1: the search query cheat-sheet, built from the catalog's own table of query keys."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from catalog.lookup.query_keys import KEYS
from tui.terms import term

#: (example, what it finds in English, in Japanese)
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("bolt", "names containing “bolt” (English or Japanese, any width or kana)",
     "「bolt」を含む名前（英語でも日本語でも、全角半角・かなの違いは問わない）"),
    ("ドラゴン", "Japanese names too", "日本語の名前も"),
    ("ぴかちゅう", "kana find the romaji name too (Pikachu)", "かなでローマ字の名前も（Pikachu）"),
    ("game:mtg type:unit grade<=5", "MTG units that can free-summon",
     "フリー召喚できるMTGのユニット"),
    ("type:life_trap or type:life_counter", "every life card", "すべてのライフ・カード"),
    ("effect:hazard -game:yugioh", "Hazard cards of every game but Yu-Gi-Oh!",
     "遊戯王以外のハザードのカード"),
    ('text:"draw a card"', "rules text containing a phrase", "テキストにその語句を含むカード"),
    ("owned>0 sort:grade order:desc", "cards you own, highest grade first",
     "所持しているカードを戦闘力の高い順に"),
    ("(game:pokemon or game:dm) grade:none", "cards with no grade", "戦闘力のないカード"),
)  # fmt: skip

SYNTAX: tuple[tuple[str, str, str], ...] = (
    ("word", "free words match names", "語は名前にマッチします"),
    ('"two words"', "a quoted phrase", "引用符で囲んだ語句"),
    ("key:value", "a filter; keys below; also =, != and < <= > >= where they make sense",
     "絞り込み（キーは下の表）。意味があれば =、!=、< <= > >= も使えます"),
    ("-term", "not", "否定"),
    ("a or b", "either (and is implied between terms)", "どちらか（語を並べると「かつ」）"),
    ("( … )", "grouping", "まとめる"),
)  # fmt: skip

#: the query keys' help in Japanese (catalog/lookup/query_keys.py holds the English)
KEY_HELP_JA: dict[str, str] = {
    "game": "ゲームID: game:mtg",
    "grade": "実際の戦闘力: grade:04、grade>=6、grade:none",
    "type": "TWGPの種類（英語か日本語）: type:weapon、type:ユニット",
    "effect": "§3の効果: effect:hazard",
    "text": 'テキストに含む: text:"draw a card"',
    "name": '名前に含む（name:）、または名前が一致（name="…"）',
    "set": "セットのコード: set:lea",
    "lang": "版の言語: lang:ja",
    "owned": "所持枚数（すべての版）: owned>0",
    "sort": "sort:grade（name、name_ja、grade、game、type、set、owned）",
    "order": "order:desc",
}


def cheat_sheet(lang: str = "en") -> Table:
    ja = lang == "ja"
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    table.add_row(Text(term("query_syntax", lang), "bold underline"), "")
    for left, english, japanese in SYNTAX:
        table.add_row(left, japanese if ja else english)
    table.add_row("", "")
    table.add_row(Text(term("query_keys", lang), "bold underline"), "")
    aliases: dict[str, list[str]] = {}
    for name, key in KEYS.items():
        if name != key.name:
            aliases.setdefault(key.name, []).append(name)
    for name, key in KEYS.items():
        if name == key.name:
            short = f" ({', '.join(a + ':' for a in aliases[name])})" if name in aliases else ""
            ops = " ".join(key.ops)
            text = KEY_HELP_JA.get(name, key.help) if ja else key.help
            table.add_row(f"{name}{short}", Text(f"{text}   [{ops}]"))
    table.add_row("", "")
    table.add_row(Text(term("query_examples", lang), "bold underline"), "")
    for left, english, japanese in EXAMPLES:
        table.add_row(left, japanese if ja else english)
    return table


class QueryHelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q", "close", "Close")]

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="query-help", classes="dialog wide") as box:
            box.border_title = term("query_title", self.lang)
            yield Static(cheat_sheet(self.lang))

    def action_close(self) -> None:
        self.dismiss(None)
