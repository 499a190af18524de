"""benchmarks/decklists_eval.py over a corpus of our own: right entries, stray lines, a wrong
format and a file that cannot be read are each counted as such."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.decklists_eval import evaluate, main, report
from catalog.store.db import open_engine

BOLT, GROWTH = "mtg:lightning bolt", "mtg:giant growth"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks/arena.txt").write_text(
        "Deck\n4 Lightning Bolt (M10) 146\n\nSideboard\n2 Giant Growth\n", "utf-8")
    (tmp_path / "decks/stray.txt").write_text("4 Lightning Bolt\n1 No Such Card\n", "utf-8")
    (tmp_path / "decks/broken.dek").write_text("<Deck><Cards Quantity=", "utf-8")
    (tmp_path / "moxfield.csv").write_bytes(
        b'"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags",'
        b'"Last Modified","Collector Number","Alter","Proxy","Purchase Price"\r\n'
        b'"3","0","Giant Growth","","Near Mint","English","","","","","False","False",""\r\n')
    expected = {
        "decks/arena.txt": {"kind": "deck", "format": "mtga", "options": {},
                            "cards": [[4, BOLT], [2, GROWTH]]},
        "decks/stray.txt": {"kind": "deck", "format": "mtga", "options": {},
                            "cards": [[4, BOLT]]},
        "decks/broken.dek": {"kind": "deck", "format": "mtgo", "options": {},
                             "cards": [[1, BOLT]]},
        "moxfield.csv": {"kind": "collection", "format": "moxfield", "options": {},
                         "cards": [[3, GROWTH]]},
    }  # fmt: skip
    (tmp_path / "expected.json").write_text(json.dumps(expected), "utf-8")
    return tmp_path


def test_the_rates_count_right_entries_stray_lines_and_formats(corpus: Path) -> None:
    engine = open_engine(str(corpus / "catalog.sqlite3"))
    outcomes = {o.file: o for o in evaluate(corpus, engine)}
    engine.dispose()
    assert outcomes["decks/arena.txt"].exact
    stray = outcomes["decks/stray.txt"]
    assert (stray.right, stray.exact, stray.format_right) == (1, False, False)
    assert any("No Such Card" in s for s in stray.stray)
    broken = outcomes["decks/broken.dek"]
    assert (broken.right, broken.exact) == (0, False)
    assert broken.error
    assert outcomes["moxfield.csv"].exact
    table = report(list(outcomes.values()), failures=True)
    assert "| **all** | 4 | 4/5 (80.0%) | 2/4 (50%) | 2/4 (50%) |" in table


def test_the_command_line(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    open_engine(str(corpus / "catalog.sqlite3")).dispose()  # the starter cards
    assert main([str(corpus)]) == 0
    assert "| **all** | 4 |" in capsys.readouterr().out
