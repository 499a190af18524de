"""Bulk files (catalog/exports/bulk.py): every game's cards as gzip JSON Lines and CSV with a
manifest, and the round trip — the JSON Lines imported into a fresh catalog give the same
cards (grade, type, effects, reasons, identity, printing, source record)."""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event, select

from catalog.exports.bulk import (
    BATCH,
    CSV_COLUMNS,
    MANIFEST,
    _batches,
    export_bulk,
    read_manifest,
)
from catalog.ingest.game_check import WrongGameError
from catalog.ingest.importer import import_cards, import_files
from catalog.lookup.repository import set_override
from catalog.schema.models import CARD, CARD_ALIAS
from catalog.store.db import open_engine, session_scope
from converters.base import CardType
from converters.errors import InputFormatError, OutputRefusedError
from converters.registry import load_converter
from tests.deckbuilder.catalog_samples import converted

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"
#: games whose example files are imported (JSON and CSV sources, aliases and links among them)
GAMES = {"mtg": "mtg.json", "pokemon": "pokemon.json", "yugioh": "yugioh.json",
         "onepiece": "onepiece.json", "ws": "ws.csv"}  # fmt: skip
#: what must survive the round trip: every column that comes from the source
SAME = (CARD.c.identity, CARD.c.name, CARD.c.name_ja, CARD.c.grade, CARD.c.card_type,
        CARD.c.source_grade, CARD.c.source_type, CARD.c.grade_reason, CARD.c.type_reason,
        CARD.c.effects, CARD.c.text, CARD.c.reading, CARD.c.stats, CARD.c.set_code,
        CARD.c.collector_number, CARD.c.lang, CARD.c.warnings, CARD.c.raw,
        CARD.c.content_hash)  # fmt: skip


def _engine(path: Path) -> Engine:
    return open_engine(f"sqlite:///{path}", load_starter=False)


@pytest.fixture
def source(tmp_path: Path) -> Engine:
    """A catalog of the example files of several games, a card without a source record (as
    `twgp fetch` stores them) and a card whose name a spreadsheet would run."""
    engine = _engine(tmp_path / "source.sqlite3")
    for game, name in GAMES.items():
        report = import_files(engine, load_converter(game), [EXAMPLES / name])
        assert report.stored > 0
        assert report.failed == 0
    fetched = converted("mtg", "fetched-1", "=HYPERLINK(\"x\")", None, "fetched", 3,
                        CardType.UNIT)  # fmt: skip
    import_cards(engine, [fetched], source="tests")
    return engine


def _cards(engine: Engine) -> dict[tuple[str, str], tuple[Any, ...]]:
    with engine.connect() as connection:
        rows = connection.execute(select(CARD.c.game, CARD.c.source_id, *SAME))
        return {(row[0], row[1]): tuple(row[2:]) for row in rows}


def _aliases(engine: Engine) -> set[tuple[str, str, str, str]]:
    with engine.connect() as connection:
        rows = connection.execute(
            select(CARD.c.game, CARD.c.source_id, CARD_ALIAS.c.kind, CARD_ALIAS.c.value)
            .join(CARD_ALIAS, CARD_ALIAS.c.card_id == CARD.c.id)
        )
        return {tuple(row) for row in rows}


def test_export_then_import_gives_the_same_cards(source: Engine, tmp_path: Path) -> None:
    export = export_bulk(source, tmp_path / "bulk")
    assert {f.game for f in export.files} == set(GAMES)
    target = _engine(tmp_path / "target.sqlite3")
    for game in GAMES:
        report = import_files(target, load_converter(game),
                              [tmp_path / "bulk" / f"{game}.jsonl.gz"])  # fmt: skip
        assert report.failed == 0
        assert report.skipped == 0
        assert report.new == next(f.card_count for f in export.files if f.name.startswith(game))
    before, after = _cards(source), _cards(target)
    assert len(before) > 20
    assert after == before  # content hashes included: the same source values, byte for byte
    assert _aliases(target) == _aliases(source)
    assert any(kind == "link" for *_, kind, _ in _aliases(source))  # links were carried
    again = import_files(target, load_converter("mtg"), [tmp_path / "bulk" / "mtg.jsonl.gz"])
    assert again.unchanged == again.stored
    assert again.new == 0


def test_the_manifest_names_each_file_with_its_size_checksum_and_count(
    source: Engine, tmp_path: Path
) -> None:
    folder = tmp_path / "bulk"
    export = export_bulk(source, folder)
    assert read_manifest(folder).files == export.files
    listed = json.loads((folder / MANIFEST).read_text())
    assert listed["card_count"] == len(_cards(source))
    for file in export.files:
        data = (folder / file.name).read_bytes()
        assert file.size == len(data)
        assert file.sha256 == hashlib.sha256(data).hexdigest()
        lines = gzip.decompress(data).decode().splitlines()
        rows = lines if file.format == "jsonl" else list(csv.reader(io.StringIO(
            gzip.decompress(data).decode())))[1:]  # fmt: skip
        assert len(rows) == file.card_count
        assert file.updated_at is not None
        assert file.updated_at <= datetime.now(UTC)
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [MANIFEST, *(f.name for f in export.files)])  # no temporary file is left


def test_the_csv_is_one_card_a_row_and_formulas_stay_text(source: Engine, tmp_path: Path) -> None:
    export_bulk(source, tmp_path, games=["mtg"])
    text = gzip.decompress((tmp_path / "mtg.csv.gz").read_bytes()).decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    fetched = next(row for row in rows if row["source_id"] == "fetched-1")
    assert fetched["name"] == "'=HYPERLINK(\"x\")"  # a spreadsheet shows it, never runs it
    assert fetched["grade"] == "03"
    assert fetched["type"] == "unit"


def test_records_carry_the_override_and_the_source_record(source: Engine, tmp_path: Path) -> None:
    with session_scope(source) as session:
        set_override(session=session, card_ref="mtg:fetched-1", grade=7, card_type=None,
                     reason="house rule")  # fmt: skip
    export_bulk(source, tmp_path, games=["MTG"])  # a game by any of its names
    lines = gzip.decompress((tmp_path / "mtg.jsonl.gz").read_bytes()).decode().splitlines()
    records = {r["source_id"]: r for r in map(json.loads, lines)}
    fetched = records["fetched-1"]
    assert fetched["grade"] == "07"
    assert fetched["source_grade"] == 3
    assert fetched["override"]["reason"] == "house rule"
    assert fetched["raw"] is None
    assert all(r["raw"] is not None for key, r in records.items() if key != "fetched-1")
    assert all(r["object"] == "twgp_card" for r in records.values())


def test_an_unchanged_catalog_gives_the_same_bytes(source: Engine, tmp_path: Path) -> None:
    first = export_bulk(source, tmp_path / "a")
    second = export_bulk(source, tmp_path / "b")
    assert [f.sha256 for f in first.files] == [f.sha256 for f in second.files]
    assert first.version == second.version


def test_many_batches_are_read_in_order(
    source: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("catalog.exports.bulk.BATCH", 3)
    small = export_bulk(source, tmp_path / "small")
    monkeypatch.setattr("catalog.exports.bulk.BATCH", BATCH)
    whole = export_bulk(source, tmp_path / "whole")
    assert [f.sha256 for f in small.files] == [f.sha256 for f in whole.files]


def test_a_file_of_another_game_is_refused_whole(source: Engine, tmp_path: Path) -> None:
    export_bulk(source, tmp_path, games=["pokemon"])
    target = _engine(tmp_path / "target.sqlite3")
    with pytest.raises(WrongGameError, match="pokemon"):
        import_files(target, load_converter("mtg"), [tmp_path / "pokemon.jsonl.gz"])
    assert _cards(target) == {}


def test_a_cut_off_file_is_an_input_error(source: Engine, tmp_path: Path) -> None:
    export_bulk(source, tmp_path, games=["mtg"])
    data = (tmp_path / "mtg.jsonl.gz").read_bytes()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    target = _engine(tmp_path / "target.sqlite3")
    with pytest.raises(InputFormatError, match="not a whole gzip file"):
        import_files(target, load_converter("mtg"), [cut])


def test_outputs_that_are_not_regular_files_are_refused(source: Engine, tmp_path: Path) -> None:
    (tmp_path / "mtg.jsonl.gz").mkdir()
    with pytest.raises(OutputRefusedError):
        export_bulk(source, tmp_path, games=["mtg"])
    catalog = tmp_path / "source.sqlite3"
    with pytest.raises(OutputRefusedError):  # never over the catalog itself
        export_bulk(source, tmp_path / "x", games=["mtg"],
                    protected=[tmp_path / "x" / "mtg.csv.gz", catalog])  # fmt: skip


def test_any_gzip_card_file_is_read_as_the_file_it_holds(tmp_path: Path) -> None:
    packed = tmp_path / "ws.csv.gz"  # CSV told by the name without .gz
    packed.write_bytes(gzip.compress((EXAMPLES / "ws.csv").read_bytes()))
    plain = _engine(tmp_path / "plain.sqlite3")
    zipped = _engine(tmp_path / "zipped.sqlite3")
    import_files(plain, load_converter("ws"), [EXAMPLES / "ws.csv"])
    report = import_files(zipped, load_converter("ws"), [packed])
    assert report.new > 0
    assert report.failed == 0
    assert _cards(zipped) == _cards(plain)


def test_pages_are_ranges_of_the_id_index(source: Engine) -> None:
    """Each page of cards reads a range of the id index; through the (game, grade) index SQLite
    sorted the game's every card for every page (quadratic: 13 s at 100,000 cards)."""
    seen: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if "card_override" in statement and "LIMIT" in statement:
            seen.append((statement, parameters))

    event.listen(source, "before_cursor_execute", record)
    try:
        with source.connect() as connection:
            assert list(_batches(connection, "mtg"))
            statement, parameters = seen[0]
            plan = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
            details = " ".join(str(row[-1]) for row in plan)
    finally:
        event.remove(source, "before_cursor_execute", record)
    assert "USING INDEX ix_card_order (id>?)" in details
    assert "TEMP B-TREE" not in details
