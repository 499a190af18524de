"""Issue 21, from the command line: a deck whose `pokemon Pikachu` resolved to the only Pikachu
stays legal after `twgp import pokemon` adds 20 Pikachu printings of other identities — as a
file validated before, and as a deck saved with `twgp deck save`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalog.store.db import open_engine
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import full_deck
from tests.tui.run_cli import run
from tui.services import Services


def pikachus(tmp_path: Path, count: int = 20) -> str:
    """A pokemontcg.io file of `count` Pikachu, each of another identity (HP and attack)."""
    records = [{"id": f"later{n}-{n + 1}", "name": "Pikachu", "supertype": "Pokémon",
                "subtypes": ["Basic"], "hp": str(50 + 10 * n), "number": str(n + 1),
                "attacks": [{"name": f"Spark {n}", "cost": ["Lightning"], "damage": "20",
                             "text": ""}]} for n in range(count)]  # fmt: skip
    path = tmp_path / "pikachus.json"
    path.write_text(json.dumps({"data": records}), encoding="utf-8")
    return str(path)


def validate(path: Path, db: str) -> dict[str, object]:
    code, out, _ = run("deck", "validate", str(path), "--json", "--db", db)
    report: dict[str, object] = json.loads(out)
    assert code == (0 if report["legal"] else 1)
    return report


def test_a_validated_deck_file_stays_legal_after_the_import(tmp_path: Path, db: str) -> None:
    deck = tmp_path / "my-deck.twgp"
    deck.write_text(full_deck(), encoding="utf-8")
    assert validate(deck, db)["legal"] is True

    code, _, err = run("import", "pokemon", pikachus(tmp_path), "--db", db)
    assert code == 0, err

    assert validate(deck, db) == validate(deck, db)  # reading it again changes nothing
    report = validate(deck, db)
    assert report["legal"] is True
    assert report["violations"] == []
    # the same text in a file never validated before: 21 Pikachu, ambiguous
    fresh = tmp_path / "fresh.twgp"
    fresh.write_text(full_deck(), encoding="utf-8")
    report = validate(fresh, db)
    assert report["legal"] is False
    codes = [v["code"] for v in report["violations"]]  # type: ignore[attr-defined]
    assert codes == ["UNKNOWN_CARD", "UNKNOWN_CARD"]
    assert "is 21 different pokemon cards" in report["violations"][0]["message"]  # type: ignore[index]


def test_a_saved_deck_keeps_the_card_its_file_resolved_to(tmp_path: Path, db: str) -> None:
    deck = tmp_path / "my-deck.twgp"
    deck.write_text(full_deck(), encoding="utf-8")
    code, _, err = run("deck", "save", str(deck), "--name", "Mine", "--db", db)
    assert code == 0, err
    assert run("import", "pokemon", pikachus(tmp_path), "--db", db)[0] == 0

    code, shown, _ = run("deck", "show", "Mine", "--db", db)
    assert code == 0
    engine = open_engine(db, load_starter=False)
    try:
        services = Services(engine)
        saved = parse(shown)
        assert services.validate(saved, saved="Mine").legal  # as the app opens it
        assert not services.validate(saved, saved="Other").legal  # nothing resolved before
        # saved again from its file after the import: the file's choices carry over
        code, _, err = run("deck", "save", str(deck), "--name", "Again", "--db", db)
        assert code == 0, err
        assert services.validate(saved, saved="Again").legal
    finally:
        engine.dispose()


def test_the_apps_saves_remember_what_the_deck_resolved_to(tmp_path: Path, db: str) -> None:
    engine = open_engine(db, load_starter=False)
    try:
        services = Services(engine)
        deck = parse(full_deck())
        services.save_in_catalog(deck, "In the catalog")
        services.write_deck(deck, tmp_path / "app.twgp")
        assert run("import", "pokemon", pikachus(tmp_path), "--db", db)[0] == 0
        assert services.validate(deck, saved="In the catalog").legal
        assert services.validate(deck, path=tmp_path / "app.twgp").legal
        assert validate(tmp_path / "app.twgp", db)["legal"] is True  # the CLI reads it too
        assert not services.validate(deck).legal  # a deck of no place: ambiguous
    finally:
        engine.dispose()


@pytest.mark.parametrize("url", ["sqlite:///{}?mode=ro", "file:{}?mode=ro"])
def test_a_read_only_catalog_validates_and_remembers_nothing(
    tmp_path: Path, db: str, url: str
) -> None:
    deck = tmp_path / "my-deck.twgp"
    deck.write_text(full_deck(), encoding="utf-8")
    assert validate(deck, url.format(db))["legal"] is True
    assert run("import", "pokemon", pikachus(tmp_path), "--db", db)[0] == 0
    assert validate(deck, db)["legal"] is False  # nothing was remembered
