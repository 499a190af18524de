"""Cards of the seed games with their own deck formats, converted by their converters (records
written for these tests: the Dark side telling units and strengths are the seed document's, the
owners are ours), and decklists in those formats."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine
from converters.base import ConvertedCard
from converters.registry import load_converter
from deckbuilder.resolve import CardInfo, MemoryResolver

EV = [
    {"id": "ev-01", "名前": "アスラ", "種類": "キャラクター", "スタミナ": 25},
    {"id": "ev-02", "名前": "真アスラ", "種類": "エヴォリューション", "レベル": 7},
    {"id": "ev-03", "名前": "カグラ", "種類": "キャラクター", "スタミナ": 22},
    {"id": "ev-04", "名前": "炎の精霊", "種類": "召喚獣", "レベル": 4},
    {"id": "ev-05", "名前": "天馬", "種類": "騎乗", "コスト": 2},
    {"id": "ev-06", "名前": "カバー", "種類": "格闘", "コスト": 1},
    {"id": "ev-07", "名前": "ファイアボルト", "種類": "魔法", "コスト": 2},
    {"id": "ev-08", "名前": "鋼の剣", "種類": "アイテム/装備品", "コスト": 2},
]
#: name, strength, lendable, special, owner (the character whose unit it is)
DARKSIDE = [
    ("ラマルトゥ", "10", "no", "no", "ミナ"),
    ("シェミハザ", "5", "no", "no", "ミナ"),
    ("羅堂エリ", "5", "no", "no", "ユウ"),
    ("なわて", "4", "no", "no", "ミナ"),
    ("花月", "1d6(召喚フェイズ時に毎ターン振る)", "no", "no", ""),
    ("バイオTレックス", "3", "yes", "no", "ユウ"),
    ("阿久津さん", "1", "yes", "no", "ユウ"),
    ("カニカマン", "3", "yes", "no", "ユウ"),
    ("チーカマン", "6", "no", "yes", "ユウ"),
]
TWOCH = [
    {"id": "2ch-01", "名前": "モナー", "種類": "モンスター", "AP": "赤赤赤青青", "HP": 6},
    {"id": "2ch-02", "名前": "ギコ", "種類": "モンスター", "AP": "赤赤無無", "HP": 4},
    {"id": "2ch-03", "名前": "しぃ", "種類": "モンスター", "AP": "白白", "HP": 5},
    {"id": "2ch-04", "名前": "ぬるぽ", "種類": "マジック", "AP": "赤"},
]


def darkside_records() -> list[dict[str, str]]:
    return [
        {"id": f"dst-{n:02d}", "name": name, "strength": strength, "lendable": lendable,
         "special": special, "owner": owner}
        for n, (name, strength, lendable, special, owner) in enumerate(DARKSIDE, start=1)
    ]


def converted() -> list[ConvertedCard]:
    """Every card above, through its game's converter."""
    cards: list[ConvertedCard] = []
    for game, records in (("eternalvoice", EV), ("darkside", darkside_records()),
                          ("2chtcg", TWOCH)):
        converter = load_converter(game)
        cards += [converter.convert(record) for record in records]
    return cards


def card_info(card: ConvertedCard) -> CardInfo:
    """The rules' view of a converted card (as the catalog resolver gives it)."""
    return CardInfo(
        game=card.game, source_id=card.source_id, name=card.name, name_ja=card.name_ja,
        identity=card.identity, grade=card.grade.value, card_type=card.card_type.value,
        stats=dict(card.stats),
    )


def format_resolver() -> MemoryResolver:
    return MemoryResolver(card_info(card) for card in converted())


def build_format_catalog(path: Path) -> str:
    """A catalog holding the cards above (no starter cards); its path."""
    engine = open_engine(str(path), load_starter=False)
    import_cards(engine, converted(), source="tests")
    engine.dispose()
    return str(path)


def lines(*cards: str) -> str:
    """Card lines from "QTY GAME NAME" strings, or "GAME NAME" for one copy."""
    return "".join(f"{c}\n" if c[0].isdigit() else f"1 {c}\n" for c in cards)


def ev_deck(main: Sequence[str], side: Sequence[str] = (), *, name: str = "",
            declare: bool = True) -> str:
    head = (f"name: {name}\n" if name else "") + ("format: ev-tag-b\n" if declare else "")
    return f"{head}[main]\n{lines(*main)}[side]\n{lines(*side)}"


def roster(units: Sequence[str], character: str | None = "ミナ") -> str:
    head = "format: darkside-roster\n" + (f"character: {character}\n" if character else "")
    return f"{head}[roster]\n{lines(*(f'darkside {u}' for u in units))}"


def twoch_deck(copies: int) -> str:
    """A 2chtcg deck of `copies` cards (the seed sets no limit of copies)."""
    rest = copies - 10
    return ("format: 2chtcg\n[main]\n" + lines(f"{rest} 2chtcg モナー", "5 2chtcg ギコ",
                                               "3 2chtcg しぃ", "2 2chtcg ぬるぽ"))
