"""A deck's name is one name however its accents were typed (issue 22 item 7): composed (NFC)
and decomposed (NFD, as macOS gives file names) forms save, find and delete one deck; a deck
saved under a decomposed name before names were normalised is found, and normalised when it
is saved again."""

from __future__ import annotations

import json
import unicodedata
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.base.errors import DeckNotFoundError
from catalog.lookup import repository
from catalog.schema.models import Deck
from catalog.store.db import session_scope

NFC = unicodedata.normalize("NFC", "Pokémon ブースター")
NFD = unicodedata.normalize("NFD", NFC)


def save(engine: Engine, name: str, text: str) -> None:
    with session_scope(engine) as session:
        repository.save_deck(session=session, name=name, text=text, format="full")


def names(engine: Engine) -> list[str]:
    with session_scope(engine) as session:
        return [deck.name for deck in repository.list_decks(session=session)]


def test_the_two_forms_differ_as_strings() -> None:
    assert NFC != NFD  # else the tests below prove nothing


@pytest.mark.parametrize(("saved", "again"), [(NFD, NFC), (NFC, NFD)])
def test_nfc_and_nfd_names_are_one_deck(engine: Engine, saved: str, again: str) -> None:
    save(engine, saved, "first")
    save(engine, again, "second")
    assert names(engine) == [NFC]  # stored composed, once
    with session_scope(engine) as session:
        assert repository.get_deck(session=session, name=saved).text == "second"
        assert repository.get_deck(session=session, name=again).text == "second"
    with session_scope(engine) as session:
        repository.delete_deck(session=session, name=saved)
    assert names(engine) == []


def test_a_deck_stored_decomposed_before_is_found_and_normalised(engine: Engine) -> None:
    now = datetime.now(UTC)
    with session_scope(engine) as session:  # as an older twgp stored it
        session.add(Deck(name=NFD, format="full", text="old", created_at=now, updated_at=now))
    with session_scope(engine) as session:
        assert repository.get_deck(session=session, name=NFC).text == "old"
    save(engine, NFC, "new")
    assert names(engine) == [NFC]
    with session_scope(engine) as session:
        assert repository.get_deck(session=session, name=NFD).text == "new"


def test_a_name_of_another_deck_is_not_found(engine: Engine) -> None:
    save(engine, NFC, "x")
    with session_scope(engine) as session, pytest.raises(DeckNotFoundError):
        repository.get_deck(session=session, name="Pokemon ブースター")


def test_the_cli_saves_shows_and_deletes_one_deck_by_either_form(tmp_path: Path) -> None:
    from tests.deckbuilder.sample_cards import full_deck
    from tests.helpers.cli import deck_file, run

    db = str(tmp_path / "catalog.sqlite3")
    path = deck_file(tmp_path, full_deck())
    assert run("deck", "save", str(path), "--name", NFD, "--db", db)[0] == 0
    assert run("deck", "save", str(path), "--name", NFC, "--db", db)[0] == 0
    code, out, err = run("deck", "list", "--json", "--db", db)
    assert code == 0, err
    assert [deck["name"] for deck in json.loads(out)] == [NFC]
    code, out, _ = run("deck", "show", NFD, "--db", db)
    assert code == 0
    assert f"name: {NFC}" in out  # the text names it composed too
    assert run("deck", "delete", NFD, "--db", db)[0] == 0
    assert json.loads(run("deck", "list", "--json", "--db", db)[1]) == []
