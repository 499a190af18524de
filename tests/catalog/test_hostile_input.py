"""Hostile record files: every fault is one InputFormatError naming the file and the position,
raised before memory grows (the limits of catalog/base/limits.py)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.base.limits import MAX_JSON_DEPTH, MAX_LINE_CHARS
from catalog.ingest import json_guard, json_records
from catalog.ingest.json_guard import JsonGuard
from catalog.ingest.reading import iter_records
from converters.errors import InputFormatError
from tests.helpers.records import FUZZ_EXAMPLES, NameOnly


def read(path: Path | str) -> list[object]:
    return [r.record for r in iter_records(path, NameOnly())]


def refused(path: Path | str) -> str:
    with pytest.raises(InputFormatError) as caught:
        read(path)
    return caught.value.message


def error_of(action: Callable[[], object]) -> InputFormatError | None:
    """The InputFormatError `action` raises, or None; anything else fails the test."""
    try:
        action()
    except InputFormatError as exc:
        return exc
    return None


def write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


@pytest.mark.parametrize(
    ("name", "text"),
    [
        pytest.param("a.json", nested(100_000), id="100,000 nested arrays"),
        pytest.param("o.json", '{"a":' * 5000 + "1" + "}" * 5000, id="nested objects"),
        pytest.param("r.json", '[{"name": "x", "a": ' + nested(500) + "}]", id="deep in a record"),
        pytest.param("l.jsonl", '{"name": "x"}\n{"a": ' + nested(500) + "}\n", id="JSON Lines"),
    ],
)
def test_deep_nesting_is_refused_at_the_limit(tmp_path: Path, name: str, text: str) -> None:
    message = refused(write(tmp_path, name, text))
    assert f"nested deeper than {MAX_JSON_DEPTH} levels" in message
    assert name in message


def test_nesting_up_to_the_limit_is_read(tmp_path: Path) -> None:
    record = {"name": "Slime", "deep": json.loads(nested(MAX_JSON_DEPTH - 2))}
    assert read(write(tmp_path, "ok.json", json.dumps([record]))) == [record]


def test_brackets_inside_strings_do_not_count(tmp_path: Path) -> None:
    record = {"name": "[[[[" * 100 + '\\"{{{{' * 50, "text": "{T}: Add {G}{G}. \\\\"}
    path = write(tmp_path, "ok.json", json.dumps([json.loads(json.dumps(record))] * 3))
    assert len(read(path)) == 3


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        pytest.param("n.json", '[{"name": "x", "hp": ' + "9" * 5000 + "}]", "integer overflow",
                     id="array"),
        pytest.param("o.json", '{"name": "x", "hp": ' + "9" * 5000 + "}",
                     "a number with more than 4,300 digits", id="object"),
        pytest.param("l.jsonl", '{"name": "x"}\n{"hp": ' + "9" * 5000 + "}\n",
                     "a number with more than 4,300 digits", id="JSON Lines"),
    ],
)
def test_huge_numbers_are_refused(tmp_path: Path, name: str, text: str, expected: str) -> None:
    assert expected in refused(write(tmp_path, name, text))


@pytest.mark.parametrize("name", ["s.json", "s.jsonl", "big.json"])
def test_a_string_over_the_limit_is_refused_before_it_is_parsed(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(json_guard, "MAX_JSON_VALUE_BYTES", 200_000)
    if name == "big.json":  # an envelope too large to load whole: streamed
        monkeypatch.setattr(json_records, "SMALL_OBJECT_BYTES", 1000)
        text = '{"data": [{"name": "' + "a" * 300_000 + '"}]}'
    else:
        text = '{"name": "x"}\n' + '{"name": "' + "a" * 300_000 + '"}\n'
        text = text if name.endswith("jsonl") else "[" + text.replace("\n", ",", 1) + "]"
    message = refused(write(tmp_path, name, text))
    assert "a string or number longer than" in message


def test_a_record_over_the_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_guard, "MAX_RECORD_BYTES", 300_000)
    record = {"name": "x", "text": ["word"] * 100_000}
    path = write(tmp_path, "r.json", json.dumps([{"name": "ok"}, record]))
    with pytest.raises(InputFormatError, match="a record larger than"):
        read(path)


@pytest.mark.parametrize("text", ["42", "null", '"x"', "true", "-1.5e3", " 7 \n"])
def test_a_lone_json_value_on_stdin_is_refused(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert "a lone JSON value" in refused("-")


def test_a_200000_character_csv_line_is_refused(tmp_path: Path) -> None:
    message = refused(write(tmp_path, "wide.csv", "name,hp\n" + "x" * 200_000 + ",1\n"))
    assert "line 2" in message
    assert "a field longer than 128 KiB characters" in message


def test_a_one_line_csv_over_the_line_limit_stops_at_the_limit(tmp_path: Path) -> None:
    path = write(tmp_path, "one.csv", "name," + "x" * (MAX_LINE_CHARS + 10))
    assert "line 1: a line longer than 1 MiB characters" in refused(path)


def test_an_unclosed_quote_is_stopped_at_the_row_limit(tmp_path: Path) -> None:
    rows = "".join(f"{'x' * 1000},{i}\n" for i in range(5000))
    message = refused(write(tmp_path, "open.csv", 'name,hp\n"' + rows))
    assert "line 2" in message or "unclosed quote" in message or "field longer" in message


def test_a_nul_after_the_first_megabyte_names_its_line(tmp_path: Path) -> None:
    head = "".join(f"Slime {i},{i}\n" for i in range(100_000))
    message = refused(write(tmp_path, "late.csv", "name,hp\n" + head + "bad\0,1\n"))
    assert "line 100002: a NUL character" in message


@pytest.mark.parametrize("seed", range(6))
def test_random_bytes_are_refused_or_read(tmp_path: Path, seed: int) -> None:
    import random

    data = random.Random(seed).randbytes(5000)
    for name in ("r.json", "r.csv", "r.bin"):
        error = error_of(lambda: read(write(tmp_path, name, data)))  # noqa: B023
        assert error is None or name in error.message


# --- the guard itself ---------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\n/'),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=40,
)


def depth_of(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


@settings(max_examples=max(300, FUZZ_EXAMPLES), deadline=None)
@given(JSON, st.integers(min_value=1, max_value=40))
def test_the_guard_measures_the_true_depth_in_any_slicing(value: object, slice_size: int) -> None:
    data = json.dumps(value).encode()
    guard = JsonGuard("x")
    deepest = 0
    for start in range(0, len(data), slice_size):
        guard.check(data[start : start + slice_size])
        deepest = max(deepest, guard.depth)
    assert guard.depth == 0
    assert deepest <= depth_of(value)


@settings(max_examples=max(100, FUZZ_EXAMPLES), deadline=None)
@given(JSON, st.integers(min_value=1, max_value=40))
def test_the_guard_refuses_exactly_what_is_too_deep(value: object, slice_size: int) -> None:
    data = json.dumps([[[[[[[[value]]]]]]]]).encode()  # 8 more levels
    guard = JsonGuard("x")
    too_deep = depth_of(value) + 8 > MAX_JSON_DEPTH

    def check_all() -> None:
        for start in range(0, len(data), slice_size):
            guard.check(data[start : start + slice_size])

    assert (error_of(check_all) is not None) == too_deep
