"""Settle a card in place (issue 13 item 7): Enter on an ambiguous or unknown deck line opens
the cards it may mean (game, set, number, language, id, grade, type) and writes the one picked
as the line's [SOURCE_ID]."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import Engine
from textual.pilot import Pilot

from catalog.ingest.importer import import_files
from converters.registry import load_converter
from deckbuilder.codes import Code
from deckbuilder.deck import POOL
from tests.tui.cards import pokemon_records
from tests.tui.conftest import SIZE, settle, write
from tui.app import TwgpApp
from tui.screens.candidates import CandidatePicker
from tui.widgets.deck_pane import DeckPane, Spot


def another_pikachu(catalog: Engine, folder: Path) -> None:
    """A second, different Pikachu (other HP and attack): the name alone is ambiguous."""
    record = dict(next(r for r in pokemon_records() if r["name"] == "Pikachu"))
    record.update(id="xy-42", number="42", hp="60")
    record["attacks"] = [{"name": "Thunder Shock", "text": "", "cost": [], "damage": "20"}]
    path = folder / "pikachu.json"
    path.write_text(json.dumps({"data": [record]}), encoding="utf-8")
    assert import_files(catalog, load_converter("pokemon"), [path]).failed == 0


async def enter_on(pilot: Pilot[None], section: str, index: int) -> None:
    pane = pilot.app.screen.query_one(DeckPane)
    pane.focus()
    await pilot.pause()
    pane.go_to(Spot(section, index))
    await pilot.press("enter")
    await settle(pilot)


async def test_an_ambiguous_line_is_settled_from_its_candidates(
    app: TwgpApp, catalog: Engine, tmp_path: Path
) -> None:
    another_pikachu(catalog, tmp_path)
    deck = write(tmp_path, "d.twgp", "format: full\n[pool]\n1 pokemon Pikachu\n")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(deck)
        await settle(pilot)
        assert Code.UNKNOWN_CARD in {v.code for v in app.main.report.violations}  # type: ignore[union-attr]
        await enter_on(pilot, POOL, 0)
        assert isinstance(app.screen, CandidatePicker)
        assert {card.source_id for card in app.screen.cards} == {"base1-58", "xy-42"}
        chosen = app.screen.cards[1]
        app.screen.query_one("OptionList").highlighted = 1  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        line = app.main.deck.section(POOL)[0]
        assert (line.qty, line.name, line.source_id) == (1, "Pikachu", chosen.source_id)
        assert Code.UNKNOWN_CARD not in {v.code for v in app.main.report.violations}  # type: ignore[union-attr]


async def test_an_unknown_line_offers_the_closest_cards(app: TwgpApp, tmp_path: Path) -> None:
    deck = write(tmp_path, "d.twgp", "format: full\n[pool]\n2 mtg Lightnin Bolt\n")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(deck)
        await settle(pilot)
        await enter_on(pilot, POOL, 0)
        assert isinstance(app.screen, CandidatePicker)
        assert {card.name for card in app.screen.cards} == {"Lightning Bolt"}
        await pilot.press("enter")
        await settle(pilot)
        line = app.main.deck.section(POOL)[0]
        assert (line.qty, line.name) == (2, "Lightning Bolt")
        assert line.source_id is not None
        assert app.main.dirty


async def test_escape_leaves_the_line_as_it_was(app: TwgpApp, tmp_path: Path) -> None:
    deck = write(tmp_path, "d.twgp", "format: full\n[pool]\n1 mtg Lightnin Bolt\n")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(deck)
        await settle(pilot)
        before = app.main.deck
        await enter_on(pilot, POOL, 0)
        await pilot.press("escape")
        await settle(pilot)
        assert app.main.deck == before
