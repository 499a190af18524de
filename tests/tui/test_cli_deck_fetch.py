"""`twgp deck import --fetch` asks the online sources only for cards: section headers, counted
groups and bare lines among counted ones (`Burn Spells`) are never sent as card names
(Scryfall answering on a mocked route; no network)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from sqlalchemy import Engine
from typer.testing import CliRunner

from catalog.collections.rows import CollectionRow
from catalog.store.db import open_engine
from deckbuilder.importer import import_decklist, read_foreign
from tests.catalog.clients.fakes import scryfall_list
from tui.cli import app

runner = CliRunner()
SCRYFALL = "https://api.scryfall.com"
pytestmark = pytest.mark.usefixtures("no_real_waiting")  # a fake clock
#: a list as players write them: English and Japanese headers, counted groups, a heading
#: without a count among counted lines, and two cards the starter catalog lacks
MTG_LIST = """Burn
Deck
Creatures (8)
4 Goblin Guide
4 Monastery Swiftspear
Burn Spells
4 Lightning Bolt
4 Lava Spike
メインデッキ 40枚
Lands: 20
20 Mountain

サイドボード
Sideboard (2)
2 Smash to Smithereens
"""
UNKNOWN = {"Monastery Swiftspear", "Lava Spike", "Smash to Smithereens"}


def test_headings_are_never_sent_to_scryfall(
    respx_mock: respx.MockRouter, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    asked: list[str] = []

    def collection(request: httpx.Request) -> httpx.Response:
        names = [i.get("name", "") for i in json.loads(request.content)["identifiers"]]
        asked.extend(names)
        return httpx.Response(200, json=scryfall_list([], not_found=[{"name": n} for n in names]))

    respx_mock.post(f"{SCRYFALL}/cards/collection").mock(side_effect=collection)
    other = respx_mock.route(host="api.scryfall.com").respond(404, json={"object": "error"})
    deck = tmp_path / "burn.txt"
    deck.write_text(MTG_LIST, "utf-8")
    result = runner.invoke(app, ["deck", "import", str(deck), "--fetch",
                                 "--db", str(tmp_path / "c.db")])  # fmt: skip
    assert result.exit_code in (0, 1), result.output
    assert set(asked) == UNKNOWN
    assert not [call.request.url for call in other.calls]
    assert "unresolved 'Burn Spells'" not in result.output


def _fetcher(asked: list[CollectionRow]) -> Any:
    def fetch(engine: Engine, rows: Sequence[CollectionRow]) -> None:
        asked.extend(rows)

    return fetch


@pytest.mark.parametrize(("text", "wanted"), [
    (MTG_LIST, {*UNKNOWN, "Goblin Guide", "Lightning Bolt", "Mountain"}),
    ("メインデッキ\n3 灰流うらら\nモンスター (3)\nエクストラデッキ（1）\n1 アクセスコード・トーカー\n"
     "サイドデッキ\n2 増殖するG\n", {"灰流うらら", "アクセスコード・トーカー", "増殖するG"}),
    ("Main Deck: 3\nMonsters\n3 Ash Blossom & Joyous Spring\nExtra Deck: 1\n"
     "1 Accesscode Talker\nSide Deck\n", {"Ash Blossom & Joyous Spring", "Accesscode Talker"}),
    ("ポケモン: 1\n4 ピカチュウ SVI 57\nグッズ: 1\n4 ネストボール SVI 181\nエネルギー: 1\n"
     "8 基本雷エネルギー\n合計枚数: 16\n", {"ピカチュウ", "ネストボール", "Lightning Energy"}),
])  # fmt: skip
def test_only_card_lines_are_looked_up(tmp_path: Path, text: str, wanted: set[str]) -> None:
    engine = open_engine(str(tmp_path / "c.db"), load_starter=False)
    asked: list[CollectionRow] = []
    import_decklist(engine, read_foreign(text, "auto"), fetch=_fetcher(asked))
    engine.dispose()
    assert {row.name for row in asked} == wanted
