"""Importing collection files: merge and replace, idempotence, dry runs, strictness, and a
failure mid-import that leaves the collection as it was."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from catalog.collections import service
from catalog.collections.errors import CollectionFormatError
from catalog.collections.owned import put_entries
from catalog.collections.reader import ReadOptions
from catalog.collections.rows import CollectionRow
from catalog.collections.service import (
    CollectionImportRefused,
    ImportOptions,
    import_collection,
)
from catalog.ingest.importer import import_cards
from catalog.lookup import repository
from catalog.store.db import session_scope

from .cards import DATA, make_card
from .owned_helpers import owned_by_name, owned_state

WriteFile = Callable[..., Path]
ALL_FILES = sorted(DATA.glob("*.csv"))


def test_merge_adds_the_copies_of_a_file(engine: Engine) -> None:
    report = import_collection(engine, DATA / "moxfield.csv")
    assert report.written
    assert (report.rows_read, report.resolved, report.copies_added) == (4, 4, 8)
    assert owned_by_name(engine) == {
        "Ajani, Nacatl Pariah // Ajani, Nacatl Avenger": 2,
        "Fire // Ice": 1,
        'Kongming, "Sleeping Dragon"': 1,
        "Lightning Bolt": 4,
    }


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in ALL_FILES])
def test_the_same_file_twice_counts_nothing_twice(engine: Engine, path: Path) -> None:
    first = import_collection(engine, path)
    state = owned_state(engine)
    second = import_collection(engine, path)
    assert owned_state(engine) == state
    assert second.copies_added == 0
    assert (second.change.new, second.change.unchanged) == (0, first.change.new)


def test_the_same_rows_in_another_dialect_are_the_same_copies(
    engine: Engine, write_file: WriteFile
) -> None:
    text = (DATA / "dragonshield.csv").read_text(encoding="utf-8")
    import_collection(engine, DATA / "dragonshield.csv")
    state = owned_state(engine)
    resaved = "\ufeff" + text.replace('"sep=,"\r\n', "").replace("\r\n", "\n").replace(",", ";")
    report = import_collection(engine, write_file(resaved, "excel resave.csv"))
    assert report.format_id == "dragonshield"
    assert report.copies_added == 0
    assert owned_state(engine) == state


def test_a_collection_from_several_apps_adds_up(engine: Engine) -> None:
    import_collection(engine, DATA / "moxfield.csv")  # 4 Lightning Bolt (m10)
    import_collection(engine, DATA / "dragonshield.csv")  # 4 more (M10, Binder A)
    import_collection(engine, DATA / "manabox.csv")  # 1 STA foil (the deck row is not counted)
    assert owned_by_name(engine)["Lightning Bolt"] == 9
    with session_scope(engine) as session:
        [bolt, *_] = repository.find_cards(session=session, name="Lightning Bolt")
    assert bolt.owned == 9  # rolled up over the printings of the card identity


def test_replace_makes_the_file_the_whole_collection(engine: Engine) -> None:
    import_collection(engine, DATA / "moxfield.csv")
    report = import_collection(engine, DATA / "ygoprodeck.csv", ImportOptions(mode="replace"))
    assert (report.copies_before, report.copies_after) == (8, 6)
    assert owned_by_name(engine) == {
        "Blue-Eyes White Dragon": 3,
        "Mystical Space Typhoon": 2,
        "Ash Blossom & Joyous Spring": 1,
    }


def test_an_edited_row_is_new_copies_in_merge_mode(engine: Engine, write_file: WriteFile) -> None:
    """The documented limit: merge adds; a changed export is brought in line with replace."""
    import_collection(engine, write_file("Quantity,Name\n2,Counterspell\n"))
    import_collection(engine, write_file("Quantity,Name\n3,Counterspell\n"))
    assert owned_by_name(engine) == {"Counterspell": 5}
    import_collection(
        engine, write_file("Quantity,Name\n3,Counterspell\n"), ImportOptions(mode="replace")
    )
    assert owned_by_name(engine) == {"Counterspell": 3}


def test_identical_rows_in_one_file_both_count(engine: Engine, write_file: WriteFile) -> None:
    path = write_file("Quantity,Name\n1,Counterspell\n1,Counterspell\n")
    import_collection(engine, path)
    import_collection(engine, path)
    assert owned_by_name(engine) == {"Counterspell": 2}


def test_a_label_keeps_the_same_rows_apart(engine: Engine, write_file: WriteFile) -> None:
    path = write_file("Quantity,Name\n4,Counterspell\n")
    import_collection(engine, path, ImportOptions(label="january"))
    import_collection(engine, path, ImportOptions(label="february"))
    import_collection(engine, path, ImportOptions(label="february"))
    assert owned_by_name(engine) == {"Counterspell": 8}


@pytest.mark.parametrize("mode", ["merge", "replace"])
def test_a_dry_run_reports_and_writes_nothing(engine: Engine, mode: Any) -> None:
    import_collection(engine, DATA / "moxfield.csv")
    before = owned_state(engine)
    report = import_collection(engine, DATA / "manabox.csv", ImportOptions(mode=mode, dry_run=True))
    assert not report.written
    assert report.copies_after == (14 if mode == "merge" else 6)
    assert report.change.new == 3
    assert owned_state(engine) == before


@pytest.mark.parametrize("mode", ["merge", "replace"])
def test_a_failure_mid_import_leaves_the_collection_as_it_was(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, mode: Any
) -> None:
    import_collection(engine, DATA / "moxfield.csv")
    before = owned_state(engine)
    real_put = put_entries

    def put_then_fail(**kwargs: Any) -> Any:
        real_put(**kwargs)  # the rows are written in the transaction…
        raise RuntimeError("disk full")  # …and then something breaks before the commit

    monkeypatch.setattr(service, "put_entries", put_then_fail)
    with pytest.raises(RuntimeError, match="disk full"):
        import_collection(engine, DATA / "manabox.csv", ImportOptions(mode=mode))
    assert owned_state(engine) == before


def test_an_unreadable_file_changes_nothing(engine: Engine, write_file: WriteFile) -> None:
    import_collection(engine, DATA / "moxfield.csv")
    before = owned_state(engine)
    path = write_file("Binder Name,Name,ManaBox ID\nRed,Opt,1\n")
    with pytest.raises(CollectionFormatError, match="without the column 'Quantity'"):
        import_collection(engine, path, ImportOptions(mode="replace"))
    assert owned_state(engine) == before


def test_bad_rows_are_reported_and_the_good_rows_imported(
    engine: Engine, write_file: WriteFile
) -> None:
    path = write_file("Quantity,Name\n2,Counterspell\nlots,Fire // Ice\n1,Lightnig Bolt\n")
    report = import_collection(engine, path, ImportOptions(read=ReadOptions(game="mtg")))
    assert [(p.line, p.kind) for p in report.problems] == [(3, "error")]
    assert [(r.row.line, r.candidates[:1]) for r in report.unresolved] == [(4, ("Lightning Bolt",))]
    assert owned_by_name(engine) == {"Counterspell": 2}


def test_strict_writes_nothing_when_a_row_is_bad(engine: Engine, write_file: WriteFile) -> None:
    path = write_file("Quantity,Name\n2,Counterspell\n1,Lightnig Bolt\n")
    with pytest.raises(CollectionImportRefused, match="1 row"):
        import_collection(engine, path, ImportOptions(strict=True))
    assert owned_state(engine) == []


def test_unresolved_rows_are_kept_for_a_batch_look_up(
    engine: Engine, write_file: WriteFile
) -> None:
    path = write_file("Quantity,Name,Set Code\n1,Sol Ring,CMM\n2,Counterspell,MH2\n1,Opt,XLN\n")
    report = import_collection(engine, path, ImportOptions(dry_run=True))
    assert [(r.row.line, r.row.name, r.row.set_code) for r in report.unresolved] == [
        (2, "Sol Ring", "CMM"), (4, "Opt", "XLN"),
    ]  # fmt: skip


def test_a_fetcher_gets_the_missing_rows_and_they_resolve_after(
    engine: Engine, write_file: WriteFile
) -> None:
    asked: list[list[str]] = []

    def fetch(engine: Engine, rows: Sequence[CollectionRow]) -> None:
        asked.append([row.name for row in rows])
        import_cards(engine, [make_card("mtg", "sol-ring-cmm", "Sol Ring", "o-sol", set_code="cmm")],
                     source="fake online")  # fmt: skip

    path = write_file("Quantity,Name,Set Code\n1,Sol Ring,CMM\n2,Counterspell,MH2\n")
    report = import_collection(engine, path, fetch=fetch)
    assert asked == [["Sol Ring"]]
    assert report.unresolved == []
    assert owned_by_name(engine) == {"Sol Ring": 1, "Counterspell": 2}
