"""Issue 21, "Other apps' files", for collections: price sites' suffixes, meld backs, a blank
quantity, a file without names, the printing you own, the whole report (`--json`), advice for
a file mostly unresolved and `--fetch` without a network."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import respx
from sqlalchemy import Engine
from typer.testing import CliRunner

from catalog.collections.limits import REPORTED_LINES
from catalog.collections.resolve import AMBIGUOUS, BY_NAME, Resolver
from catalog.collections.rows import CollectionRow
from catalog.collections.service import ImportOptions, import_collection
from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine, session_scope
from converters.registry import load_converter
from tests.offline import no_network
from tui.cli import app

from .cards import CARDS, make_card

WriteFile = Callable[..., Path]


def _scryfall(name: str, card_id: str, cmc: float, type_line: str, **extra: Any) -> dict[str, Any]:
    return {"object": "card", "id": card_id, "oracle_id": f"oracle-{card_id}", "name": name,
            "lang": "en", "layout": "normal", "mana_cost": "", "cmc": cmc,
            "type_line": type_line, "oracle_text": "", "set": "emn", "set_type": "expansion",
            "collector_number": extra.pop("number", "1"), **extra}  # fmt: skip


_MELD_PARTS = [
    {"object": "related_card", "id": "bruna-emn", "component": "meld_part",
     "name": "Bruna, the Fading Light"},
    {"object": "related_card", "id": "gisela-emn", "component": "meld_part",
     "name": "Gisela, the Broken Blade"},
    {"object": "related_card", "id": "brisela-emn", "component": "meld_result",
     "name": "Brisela, Voice of Nightmares"},
]  # fmt: skip


def _meld_cards() -> list[dict[str, Any]]:
    """Eldritch Moon's meld pair and their back as Scryfall's API answers them."""
    return [
        _scryfall("Bruna, the Fading Light", "bruna-emn", 7.0,
                  "Legendary Creature — Angel Horror", layout="meld", number="15a",
                  all_parts=_MELD_PARTS),
        _scryfall("Gisela, the Broken Blade", "gisela-emn", 4.0,
                  "Legendary Creature — Angel Horror", layout="meld", number="28a",
                  all_parts=_MELD_PARTS),
        _scryfall("Brisela, Voice of Nightmares", "brisela-emn", 11.0,
                  "Legendary Creature — Eldrazi Angel", layout="meld", number="15b",
                  all_parts=_MELD_PARTS),
    ]  # fmt: skip


_MOXFIELD_HEADER = ('"Count","Tradelist Count","Name","Edition","Condition","Language","Foil",'
                   '"Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"'
                   "\r\n")  # fmt: skip


def _moxfield_row(count: int, name: str, edition: str, number: str) -> str:
    """A row of Moxfield's collection export (CRLF, every cell quoted)."""
    return (f'"{count}","0","{name}","{edition}","Near Mint","English","","",'
            f'"2024-05-01 10:00:00.000000","{number}","False","False",""\r\n')  # fmt: skip


def test_meld_backs_are_catalog_cards_a_collection_names(
    engine: Engine, write_file: WriteFile
) -> None:
    mtg = load_converter("mtg")
    import_cards(engine, [mtg.convert(record) for record in _meld_cards()], source="scryfall")
    moxfield = write_file(_MOXFIELD_HEADER
                          + _moxfield_row(1, "Brisela, Voice of Nightmares", "emn", "15b")
                          + _moxfield_row(1, "Bruna, the Fading Light", "emn", "15a"))
    report = import_collection(engine, moxfield)
    assert (report.resolved, report.unresolved_count) == (2, 0)


def test_price_site_suffixes_resolve(engine: Engine, write_file: WriteFile) -> None:
    import_cards(engine, [make_card("mtg", "sol-ring-cmm", "Sol Ring", "o-sol-ring",
                                    set_code="cmm", number="400")], source="tests")  # fmt: skip
    prices = write_file(
        "Quantity,Name,Price\n1,Sol Ring CE,$ 129.99\n1,Sol Ring IE,$ 89.00\n"
        "2,Lightning Bolt - Foil,$ 3.10\n1,Orcish Bowmasters <borderless>,$ 40.00\n"
    )
    report = import_collection(engine, prices)
    assert report.unresolved_count == 0
    assert report.by_status[BY_NAME] == 4


def test_a_blank_quantity_gets_a_readable_message(engine: Engine, write_file: WriteFile) -> None:
    deckbox = write_file("Count,Tradelist Count,Name,Edition\n,0,Lightning Bolt,Magic 2010\n")
    (problem,) = import_collection(engine, deckbox).problems
    assert problem.reason == ("Count: the quantity is blank: write how many copies (like 4 or "
                              "4x; 0 for a card known but not owned)")  # fmt: skip


def test_a_file_without_names_says_so(engine: Engine, write_file: WriteFile) -> None:
    ids = write_file("Quantity,Scryfall ID\n1,00000000-0000-4000-8000-000000000002\n"
                     "1,5f8287b1-5bb6-5f4c-ad17-316a40d5bb0c\n")  # fmt: skip
    report = import_collection(engine, ids)
    assert report.resolved == 1
    assert report.hints[0].startswith("the file has no column of card names (headers: "
                                      "Quantity, Scryfall ID)")  # fmt: skip
    (unresolved,) = report.unresolved
    assert unresolved.reason.startswith("the row names no card (no name)")


# --- the printing you own -------------------------------------------------------------------

_PIKACHUS = [
    make_card("pokemon", "base1-58", "Pikachu", "pokemon:pikachu|40|gnaw|thunder jolt",
              set_code="base1", number="58"),
    make_card("pokemon", "xy1-42", "Pikachu", "pokemon:pikachu|60|nuzzle|quick attack",
              set_code="xy1", number="42"),
    make_card("pokemon", "swsh12pt5-160", "Pikachu", "pokemon:pikachu|70|tail whap",
              set_code="swsh12pt5", number="160"),
]  # fmt: skip


def test_the_card_you_own_wins_a_name_of_several(engine: Engine, write_file: WriteFile) -> None:
    import_cards(engine, _PIKACHUS, source="tests")
    first = write_file("game,source_id,name,quantity\npokemon,xy1-42,Pikachu,2\n", "owned.csv")
    assert import_collection(engine, first).resolved == 1
    by_name = CollectionRow(line=2, quantity=1, name="Pikachu", game="pokemon")
    with session_scope(engine) as session:
        resolution = Resolver(session).resolve(by_name)
    assert resolution.card is not None
    assert resolution.card.source_id == "xy1-42"
    assert any("the one you own" in note for note in resolution.notes)


def test_owned_candidates_are_listed_first(engine: Engine, write_file: WriteFile) -> None:
    import_cards(engine, _PIKACHUS, source="tests")
    owned = write_file("game,source_id,name,quantity\npokemon,swsh12pt5-160,Pikachu,1\n"
                       "pokemon,xy1-42,Pikachu,1\n", "owned.csv")  # fmt: skip
    import_collection(engine, owned)
    by_name = CollectionRow(line=2, quantity=1, name="Pikachu", game="pokemon")
    with session_scope(engine) as session:
        resolution = Resolver(session).resolve(by_name)
    assert resolution.status == AMBIGUOUS
    refs = [candidate.split(" ")[0] for candidate in resolution.candidates]
    assert set(refs[:2]) == {"pokemon:xy1-42", "pokemon:swsh12pt5-160"}
    assert refs[2:] == ["pokemon:base1-58"]


# --- the whole report, advice, --fetch offline ----------------------------------------------


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "catalog.sqlite3")
    engine = open_engine(path, load_starter=False)
    import_cards(engine, CARDS, source="tests")
    engine.dispose()
    return path


def test_json_lists_every_unresolved_row(db: str, write_file: WriteFile) -> None:
    many = REPORTED_LINES + 20
    rows = "".join(f"1,Lightning Bolt {n}\n" for n in range(many))
    path = write_file("Quantity,Name\n" + rows + ",Lightning Bolt\n1,Lightning Bolt\n")
    done = CliRunner().invoke(app, ["collection", "import", str(path), "--json", "--dry-run",
                                    "--db", db])  # fmt: skip
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["complete"] is True
    assert len(report["unresolved"]) == report["unresolved_count"] == many
    assert all(u["reason"] and u["closest"] for u in report["unresolved"])
    assert [p["line"] for p in report["problems"]] == [many + 2]
    assert report["hints"][-1].startswith(f"most rows ({many:,} of {many + 1:,}) did not resolve")


def test_the_terminal_listing_stays_capped(db: str, write_file: WriteFile) -> None:
    many = REPORTED_LINES + 20
    path = write_file("Quantity,Name\n" + "".join(f"1,Unknown {n}\n" for n in range(many)))
    done = CliRunner().invoke(app, ["collection", "import", str(path), "--dry-run", "--db", db])
    assert "… and 20 more unresolved rows (not listed)" in done.stdout
    assert "did not resolve: import that game's cards into the catalog first" in done.stdout


def test_no_advice_for_a_file_mostly_resolved(engine: Engine, write_file: WriteFile) -> None:
    path = write_file("Quantity,Name\n4,Lightning Bolt\n1,Fire // Ice\n1,Unknown Card\n")
    assert import_collection(engine, path, ImportOptions(dry_run=True)).hints == []


@respx.mock
@pytest.mark.usefixtures("no_waits")
def test_fetch_without_a_network_imports_what_resolves(engine: Engine, write_file: WriteFile) -> None:
    from catalog.sources.online import fetch_collection_rows

    route = respx.route(host="api.scryfall.com").mock(side_effect=no_network)
    path = write_file(_MOXFIELD_HEADER + _moxfield_row(4, "Lightning Bolt", "m10", "146")
                      + _moxfield_row(1, "Jegantha, the Wellspring", "iko", "222"))
    report = import_collection(engine, path, fetch=fetch_collection_rows)
    assert route.called
    assert report.written
    assert (report.resolved, report.unresolved_count) == (1, 1)
    assert report.hints[0].startswith("--fetch: the online look-up failed (")
    assert report.hints[0].endswith("so 1 row was not looked up: Jegantha, the Wellspring")


@respx.mock
def test_fetch_in_offline_mode_says_what_the_cache_lacked(
    engine: Engine, write_file: WriteFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    from catalog.sources.online import fetch_collection_rows

    monkeypatch.setenv("TWGP_OFFLINE", "1")
    route = respx.route(host="api.scryfall.com")
    path = write_file(_MOXFIELD_HEADER + _moxfield_row(4, "Lightning Bolt", "m10", "146")
                      + _moxfield_row(1, "Jegantha, the Wellspring", "iko", "222"))
    report = import_collection(engine, path, fetch=fetch_collection_rows)
    assert not route.called
    assert report.resolved == 1
    assert report.hints[0] == ("--fetch: the online look-up failed (offline, and the cache "
                               "holds no answer), so 1 row was not looked up: Jegantha, the "
                               "Wellspring (IKO #222)")  # fmt: skip
