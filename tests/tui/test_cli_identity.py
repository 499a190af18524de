"""`twgp fetch` of a starter card's real record (Scryfall answering on a mocked route): the
fetched record takes the starter's place — owned copies, the override and a saved deck that
named the starter id still count — and `twgp show` finds one card."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import respx
from typer.testing import CliRunner

from catalog.collections.owned import set_owned
from catalog.lookup import repository
from catalog.store.db import open_engine, session_scope
from tests.catalog.clients.fakes import record, scryfall_list
from tui.cli import app

runner = CliRunner()
STARTER_BOLT = "c0b8082c-97f0-5f61-8027-4f5015e4827a"


def test_a_fetched_card_replaces_its_starter_record(
    respx_mock: respx.MockRouter, tmp_path: Path
) -> None:
    db = str(tmp_path / "catalog.store.db")
    engine = open_engine(db)
    with session_scope(engine) as session:
        starter = repository.set_override(session=session, card_ref="Lightning Bolt", grade=4)
        set_owned(session=session, card_id=starter.id, quantity=3)
        repository.save_deck(session=session, name="mine", format="half",
                             text=f"[pool]\n1 mtg Lightning Bolt [{STARTER_BOLT}]\n")  # fmt: skip
    engine.dispose()
    bolt = record("scryfall_lightning_bolt")
    respx_mock.post("https://api.scryfall.com/cards/collection").mock(
        return_value=httpx.Response(200, json=scryfall_list([bolt]))
    )
    fetched = runner.invoke(app, ["fetch", "mtg", "Lightning Bolt", "--db", db])
    assert fetched.exit_code == 0, fetched.output
    shown = runner.invoke(app, ["show", "Lightning Bolt", "--json", "--db", db])
    assert shown.exit_code == 0, shown.output
    card = json.loads(shown.stdout)
    assert (card["source_id"], card["owned"], card["grade"]) == (bolt["id"], 3, "04")
    saved = runner.invoke(app, ["deck", "show", "mine", "--db", db])
    assert f"[{STARTER_BOLT}]" in saved.stdout
    deck = tmp_path / "mine.twgp"
    deck.write_text(saved.stdout, "utf-8")
    validated = runner.invoke(app, ["deck", "validate", str(deck), "--json", "--db", db])
    codes = [v["code"] for v in json.loads(validated.stdout)["violations"]]
    assert "UNKNOWN_CARD" not in codes
    assert "HALF_SIZE" in codes  # validated for real: one card is not a half deck
