"""Exporting the collection (twgp, Moxfield, ManaBox) and reading the export back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.collections.reader import read_collection
from catalog.collections.service import ImportOptions, import_collection
from catalog.collections.writers import (
    MANABOX_COLUMNS,
    MOXFIELD_COLUMNS,
    TWGP_COLUMNS,
    write_manabox,
    write_moxfield,
    write_twgp,
)

from .cards import DATA, uuid
from .owned_helpers import owned, owned_by_name, owned_state

WriteFile = Callable[..., Path]
SOURCES = ("moxfield.csv", "manabox.csv", "ygoprodeck.csv", "tcgplayer.csv", "dragonshield.csv")


@pytest.fixture
def collection(engine: Engine) -> Engine:
    """The catalog with copies of three games, conditions, finishes and binders."""
    for name in SOURCES:
        import_collection(engine, DATA / name)
    return engine


def test_twgp_export_round_trips_every_game(collection: Engine, tmp_path: Path) -> None:
    before = owned_state(collection)
    result = write_twgp(owned(collection))
    assert result.text.splitlines()[0] == ",".join(TWGP_COLUMNS)
    assert result.written == len(before)
    assert (result.left_out, dict(result.notes)) == ([], {})
    path = tmp_path / "export.csv"
    path.write_text(result.text, encoding="utf-8", newline="")
    report = import_collection(collection, path, ImportOptions(mode="replace"))
    assert report.format_id == "twgp"
    assert report.by_status == {"exact": len(before)}
    assert owned_state(collection) == before


def test_moxfield_export_quotes_everything_and_keeps_mtg_only(collection: Engine) -> None:
    result = write_moxfield(owned(collection))
    lines = result.text.split("\r\n")
    assert lines[0] == ",".join(f'"{c}"' for c in MOXFIELD_COLUMNS)
    assert (
        '"1","0","Kongming, ""Sleeping Dragon""","ptk","Good (Lightly Played)","English","",'
        in result.text
    )
    assert '"1","0","Lightning Bolt","sta","Near Mint","Japanese","foil",' in result.text
    assert sorted(line.split(":")[0] for line in result.left_out) == [
        "pokemon", "pokemon", "yugioh", "yugioh", "yugioh", "yugioh",
    ]  # fmt: skip
    assert result.notes["binder/folder locations are not written in this format"] == 1


def test_moxfield_export_reads_back_as_moxfield(collection: Engine, tmp_path: Path) -> None:
    mtg_before = {k: v for k, v in owned_by_name(collection).items() if k != "Charizard"}
    path = tmp_path / "moxfield.csv"
    path.write_text(write_moxfield(owned(collection)).text, encoding="utf-8", newline="")
    assert read_collection(path).format_id == "moxfield"
    report = import_collection(collection, path, ImportOptions(mode="replace"))
    assert report.unresolved == []
    after = owned_by_name(collection)
    assert after == {k: v for k, v in mtg_before.items() if k in after}
    assert "Blue-Eyes White Dragon" not in after


def test_manabox_export_shape_and_round_trip(collection: Engine, tmp_path: Path) -> None:
    result = write_manabox(owned(collection))
    lines = result.text.split("\r\n")
    assert lines[0] == ",".join(MANABOX_COLUMNS)
    bolt = next(line for line in lines if line.startswith("Lightning Bolt,STA"))
    assert bolt.split(",")[4] == "foil"
    assert uuid(12) in bolt
    assert ',"Ajani, Nacatl Pariah // Ajani, Nacatl Avenger",' not in result.text  # Name first
    assert lines[1].startswith('"Ajani, Nacatl Pariah // Ajani, Nacatl Avenger",MH3,')
    path = tmp_path / "manabox.csv"
    path.write_text(result.text, encoding="utf-8", newline="")
    mtg_before = sorted(s[:-1] for s in owned_state(collection) if s[0] == "mtg")
    report = import_collection(collection, path, ImportOptions(mode="replace"))
    assert report.format_id == "manabox"
    assert sorted(s[:-1] for s in owned_state(collection)) == mtg_before  # no binders


def test_writers_say_what_they_cannot_carry(engine: Engine, write_file: WriteFile) -> None:
    path = write_file(
        "game,source_id,name,finish,condition,quantity,location\n"
        f"mtg,{uuid(8)},Counterspell,holofoil,HP,1,Box 1\n"
        "yugioh,89631139,Blue-Eyes White Dragon,nonfoil,NM,1,\n"
    )
    import_collection(engine, path)
    result = write_manabox(owned(engine))
    assert result.written == 1
    assert result.left_out == [
        "yugioh:Blue-Eyes White Dragon: ManaBox holds only MTG cards",
    ]
    assert dict(result.notes) == {
        "finish holofoil written as nonfoil": 1,
        "condition HP written as ManaBox's played": 1,
        "binder/folder locations are not written in this format": 1,
    }
