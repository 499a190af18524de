"""`twgp deck build`, `twgp deck missing`, `twgp collection available` and validation's
COMMITTED_ELSEWHERE warning, on a catalog of sample cards with a collection."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from catalog.collections.owned import set_owned
from catalog.lookup import repository
from catalog.store.db import open_engine, session_scope
from deckbuilder.twgp_format import parse
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import ROWS, decklist
from tui.cli import app

runner = CliRunner()
LIFE_TYPES = ("life_trap", "life_counter")


def own(db: str, copies: dict[str, int]) -> None:
    engine = open_engine(db, load_starter=False)
    with session_scope(engine) as session:
        for ref, n in copies.items():
            card = repository.get_card(session=session, card_ref=ref)
            set_owned(session=session, card_id=card.id, quantity=n)
    engine.dispose()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The sample catalog; one copy of every typed card owned (Lightning Bolt once)."""
    path = build_sample_catalog(tmp_path / "catalog.sqlite3")
    refs = {f"{game}:{source_id}": 1 for game, source_id, *_, card_type in ROWS
            if card_type is not None and source_id != "m10-bolt-ja"}
    own(path, refs)
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_build_writes_a_deck_that_validates(tmp_path: Path, db: str) -> None:
    out = tmp_path / "built.twgp"
    code, stdout, _ = run("deck", "build", "--format", "half", "-o", str(out), "--time-limit",
                          "5", "--db", db)
    assert code == 0, stdout
    assert "optimal" in stdout
    assert "free-summon unit" in stdout
    deck = parse(out.read_text(encoding="utf-8"))
    assert deck.name == "built"
    assert deck.format.value == "half"
    code, stdout, _ = run("deck", "validate", str(out), "--json", "--db", db)
    data = json.loads(stdout)
    assert code == 0
    assert data["legal"] is True
    assert data["warnings"] == []


def test_build_json_with_pins_and_games(db: str) -> None:
    code, stdout, _ = run("deck", "build", "--format", "half", "--json", "--include",
                          "mtg:Serra Angel", "--exclude", "yugioh:Kuriboh", "--time-limit", "5",
                          "--db", db)
    assert code == 0
    data = json.loads(stdout)
    assert data["built"] is True
    assert data["status"] == "optimal"
    cards = {row["card"] for row in data["cards"]}
    assert "mtg Serra Angel" in cards
    assert "yugioh Kuriboh" not in cards
    serra = next(row for row in data["cards"] if row["card"] == "mtg Serra Angel")
    assert serra["why"].startswith("asked for (--include)")
    assert parse(data["deck"]).card_count == 23


def test_build_infeasible_names_the_rule_in_japanese(db: str) -> None:
    life = [f"{g}:{s}" for g, s, *_, t in ROWS if t is not None and t.value in LIFE_TYPES]
    own(db, dict.fromkeys(life[2:], 0))  # two life cards left; a half deck needs 3
    code, stdout, _ = run("deck", "build", "--format", "half", "--json", "--lang", "ja",
                          "--time-limit", "5", "--db", db)
    assert code == 1
    data = json.loads(stdout)
    assert data["built"] is False
    assert data["deck"] is None
    rules = {p["rule"] for p in data["problems"]}
    assert "life" in rules
    assert any("空いているライフ・カード" in p["message"] for p in data["problems"])
    assert [a["quantity"] for a in data["acquire"]] == [1]  # the fewest, from the catalog
    assert data["acquire"][0]["identity"] in {f"{g}:{k}" for g, _, _, _, k, _, t in ROWS
                                              if t is not None and t.value in LIFE_TYPES}
    code, stdout, _ = run("deck", "build", "--format", "half", "--games", "pokemon", "--json",
                          "--time-limit", "5", "--db", db)
    data = json.loads(stdout)
    assert data["acquire"] == []
    assert "not even the catalog's cards" in data["problems"][-1]["message"]


def test_an_owned_build_reads_the_catalogs_cards_only_when_no_deck_exists(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--from owned builds from the collection: every catalog card is read only to name the
    fewest cards to acquire when no legal deck exists."""
    from deckbuilder.assistant import service
    from deckbuilder.assistant.sources import catalog_candidates  # what the service calls

    reads: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(1)
        return catalog_candidates(*args, **kwargs)

    monkeypatch.setattr(service, "catalog_candidates", counted)
    code, _, _ = run("deck", "build", "--format", "half", "--json", "--time-limit", "5",
                     "--db", db)
    assert code == 0
    assert reads == []
    code, stdout, _ = run("deck", "build", "--format", "half", "--games", "pokemon", "--json",
                          "--time-limit", "5", "--db", db)
    assert code == 1
    assert json.loads(stdout)["built"] is False
    assert reads == [1]


def test_copies_committed_to_a_saved_deck_are_not_free(tmp_path: Path, db: str) -> None:
    first = tmp_path / "first.twgp"
    assert run("deck", "build", "--format", "half", "-o", str(first), "--time-limit", "5",
               "--db", db)[0] == 0
    assert run("deck", "save", str(first), "--db", db)[0] == 0
    # every owned copy of the first deck's cards is now committed
    code, stdout, _ = run("collection", "available", "--json", "--db", db)
    rows = [json.loads(line) for line in stdout.splitlines()]
    committed = [r for r in rows if r["committed"]]
    assert committed
    assert all(r["free"] == 0 and r["committed"] == {"first": 1} for r in committed)
    code, stdout, _ = run("deck", "build", "--format", "half", "--json", "--time-limit", "5",
                          "--db", db)
    data = json.loads(stdout)  # 31 deck cards owned once, 20 of them committed: 11 are free
    assert data["built"] is False
    assert "you have 11 different free deck cards" in data["problems"][0]["message"]
    shared = json.loads(run("deck", "build", "--format", "half", "--json", "--share",
                            "--time-limit", "5", "--db", db)[1])
    assert shared["built"] is True
    # a second deck using the first one's cards: validation warns, missing lists them
    second = tmp_path / "second.twgp"
    second.write_text(first.read_text(encoding="utf-8").replace("name: first", "name: second"),
                      encoding="utf-8")
    code, stdout, _ = run("deck", "validate", str(second), "--json", "--db", db)
    warnings = {w["code"] for w in json.loads(stdout)["warnings"]}
    assert warnings == {"COMMITTED_ELSEWHERE"}
    code, stdout, stderr = run("deck", "missing", str(second), "--db", db)
    assert code == 0
    assert len(stdout.splitlines()) == 23
    assert "23 copies missing" in stderr
    code, stdout, _ = run("deck", "missing", str(first), "--db", db)
    assert stdout.strip() == ""  # its own copies are free for it


def test_missing_as_csv_shapes(tmp_path: Path, db: str) -> None:
    deck = tmp_path / "want.twgp"
    deck.write_text(decklist("half", "want", entry_library=["3 mtg Serra Angel",
                                                                 "yugioh Sangan"]),
                    encoding="utf-8")
    code, stdout, _ = run("deck", "missing", str(deck), "--to", "moxfield", "--db", db)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(stdout)))
    assert [(r["Count"], r["Name"]) for r in rows] == [("2", "Serra Angel")]
    stdout = run("deck", "missing", str(deck), "--to", "cardmarket", "--db", db)[1]
    assert next(iter(csv.DictReader(io.StringIO(stdout))))["Game"] == "Magic: The Gathering"
    stdout = run("deck", "missing", str(deck), "--to", "deckbox", "--db", db)[1]
    assert next(iter(csv.DictReader(io.StringIO(stdout))))["Count"] == "2"
    stdout = run("deck", "missing", str(deck), "--to", "manabox", "--db", db)[1]
    assert next(iter(csv.DictReader(io.StringIO(stdout))))["Quantity"] == "2"
    data = json.loads(run("deck", "missing", str(deck), "--json", "--db", db)[1])
    assert data == [{"game": "mtg", "name": "Serra Angel", "source_id": "m10-serra",
                     "set": None, "collector_number": None, "needed": 3, "free": 1,
                     "missing": 2}]
    assert run("deck", "missing", str(deck), "--to", "nope", "--db", db)[0] == 2


def test_build_rejects_bad_options(db: str) -> None:
    assert run("deck", "build", "--format", "quad", "--db", db)[0] == 2
    assert run("deck", "build", "--goal", "fun", "--db", db)[0] == 2
    assert run("deck", "build", "--curve", "01=x", "--db", db)[0] == 2


@pytest.mark.parametrize("command", ["build", "missing"])
def test_build_and_missing_never_write_over_the_catalog(
    tmp_path: Path, db: str, command: str
) -> None:
    deck = tmp_path / "mine.twgp"
    deck.write_text("format: half\n", encoding="utf-8")
    before = Path(db).read_bytes()
    args = ["--format", "half", "--time-limit", "2"] if command == "build" else [str(deck)]
    code, _, stderr = run("deck", command, *args, "-o", db, "--force", "--db", db)
    assert code == 73, stderr
    assert Path(db).read_bytes() == before
