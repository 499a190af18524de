"""Streaming records out of every input shape `twgp convert` and `twgp import` accept."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalog.ingest import json_records
from catalog.ingest.reading import InputFormat, detect_format, iter_records
from converters.errors import InputFormatError
from tests.helpers.records import NameOnly


def names_in(path: Path | str) -> list[Any]:
    return [r.record.get("name") for r in iter_records(path, NameOnly())]


CARDS = [{"name": "Slime", "hp": 481}, {"name": "Golem", "hp": 8700}]


@pytest.mark.parametrize(
    ("content", "fmt"),
    [
        pytest.param(json.dumps(CARDS), InputFormat.JSON_ARRAY, id="bare array"),
        pytest.param(json.dumps({"data": CARDS}), InputFormat.JSON_OBJECT, id="data envelope"),
        pytest.param(
            json.dumps({"object": "list", "has_more": False, "data": CARDS}),
            InputFormat.JSON_OBJECT,
            id="Scryfall list",
        ),
        pytest.param(
            "\n".join(json.dumps(c) for c in CARDS) + "\n", InputFormat.JSON_LINES, id="JSON Lines"
        ),
        pytest.param("\ufeff" + json.dumps(CARDS), InputFormat.JSON_ARRAY, id="array with BOM"),
    ],
)
def test_json_shapes(tmp_path: Path, content: str, fmt: InputFormat) -> None:
    path = tmp_path / "cards.json"
    path.write_text(content, encoding="utf-8")
    assert detect_format(path.read_bytes(), path.name) is fmt
    assert names_in(path) == ["Slime", "Golem"]


def test_single_record_and_single_envelope(tmp_path: Path) -> None:
    single = tmp_path / "one.json"
    single.write_text(json.dumps(CARDS[0]))
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"data": CARDS[1]}))
    assert names_in(single) == ["Slime"]
    assert names_in(wrapped) == ["Golem"]


def test_large_envelopes_are_streamed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_records, "SMALL_OBJECT_BYTES", 16)
    envelope = tmp_path / "big.json"
    envelope.write_text(json.dumps({"object": "list", "data": CARDS}))
    mtgjson = tmp_path / "AllPrintings.json"
    mtgjson.write_text(
        json.dumps({"meta": {}, "data": {"LEA": {"cards": CARDS[:1]}, "M10": {"cards": CARDS[1:]}}})
    )
    assert names_in(envelope) == ["Slime", "Golem"]
    assert names_in(mtgjson) == ["Slime", "Golem"]


def test_large_object_without_records_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(json_records, "SMALL_OBJECT_BYTES", 4)
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"name": "Slime", "hp": 481}))
    with pytest.raises(InputFormatError, match="no record array"):
        list(iter_records(path, NameOnly()))


def test_json_lines_keep_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    path.write_text(json.dumps(CARDS[0]) + "\n\n" + json.dumps(CARDS[1]) + "\n")
    assert [(r.index, r.line) for r in iter_records(path, NameOnly())] == [(1, 1), (2, 3)]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param('[{"name": "Slime"}, {"name": ', "invalid JSON", id="truncated array"),
        pytest.param('{"name": "Slime",, }', "line 1, column", id="bad object"),
        pytest.param('{"name": "a"}\n{"name": b}\n', "line 2", id="bad JSON line"),
        pytest.param("", "empty", id="empty file"),
    ],
)
def test_unreadable_json_names_file_and_position(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(InputFormatError, match=message) as info:
        list(iter_records(path, NameOnly()))
    assert "bad.json" in info.value.message


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputFormatError, match=r"^No such file: .*nope\.json") as info:
        list(iter_records(tmp_path / "nope.json", NameOnly()))
    assert "check the file's name and folder" in info.value.hint


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        pytest.param(
            "名前,HP\r\nスライム,481\r\nゴーレム,8700\r\n".encode(), "utf-8", id="UTF-8 CRLF"
        ),
        pytest.param(
            "\ufeff名前,HP\nスライム,481\nゴーレム,8700\n".encode(), "utf-8", id="UTF-8 BOM"
        ),
        pytest.param(
            "名前,HP\r\nスライム,481\r\nゴーレム,8700\r\n".encode("shift_jis"),
            "shift_jis",
            id="Shift_JIS",
        ),
        pytest.param(
            '"sep=;"\n名前;HP\nスライム;481\nゴーレム;8700\n'.encode(), "utf-8", id="sep= line"
        ),
        pytest.param(
            "名前\tHP\nスライム\t481\nゴーレム\t8700\n".encode(), "utf-8", id="tab separated"
        ),
    ],
)
def test_csv_encodings_and_dialects(tmp_path: Path, data: bytes, encoding: str) -> None:
    path = tmp_path / "dq.csv"
    path.write_bytes(data)
    rows = list(iter_records(path, NameOnly()))
    assert [r.record["名前"] for r in rows] == ["スライム", "ゴーレム"]
    assert [r.record["HP"] for r in rows] == ["481", "8700"]


def test_csv_line_numbers_count_quoted_newlines(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text('name,text\n"Fire // Ice","line one\nline two"\n"Ajani, Nacatl Pariah",x\n')
    rows = list(iter_records(path, NameOnly()))
    assert [(r.line, r.record["name"]) for r in rows] == [
        (2, "Fire // Ice"),
        (4, "Ajani, Nacatl Pariah"),
    ]


def test_short_csv_rows_are_padded(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text("name,hp,kind\nSlime,481\n")
    assert next(iter_records(path, NameOnly())).record == {"name": "Slime", "hp": "481", "kind": ""}


def test_stdin_is_read_for_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = io.TextIOWrapper(io.BytesIO(json.dumps(CARDS).encode()))
    monkeypatch.setattr("sys.stdin", fake)
    assert names_in("-") == ["Slime", "Golem"]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1),
        min_size=1,
        max_size=8,
    )
)
def test_csv_round_trips_any_names(tmp_path: Path, names: list[str]) -> None:
    names = [n for n in names if n.strip()] or ["x"]
    path = tmp_path / "names.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name"])
        writer.writerows([n] for n in names)
    assert names_in(path) == names
