"""Property tests over every record reader: for any bytes — JSON arrays, objects, envelopes
and JSON Lines (valid, cut short, mutated, deep), CSV in any encoding, random bytes — reading
gives records or one clean TwgpError naming the file, never anything else.

The suite runs FUZZ_EXAMPLES examples per property (default 150); the longer run of
benchmarks/fuzz.py sets TWGP_FUZZ_EXAMPLES (for example 20,000)."""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalog.collections.reader import read_collection
from catalog.ingest.conversion import convert_files
from catalog.ingest.reading import iter_records
from catalog.ingest.textfiles import open_text
from converters.errors import TwgpError
from converters.registry import load_converter
from tests.helpers.records import FUZZ_EXAMPLES, NameOnly

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)

SCALARS = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["Lightning Bolt", "スライム", "[/]", "=SUM(1)", "\x1b[31m", "1e999",
                       "Monster", "Spell Card", "Pokémon", "Character", "モンスター", "481"])
)  # fmt: skip
KEYS = st.sampled_from(["name", "type_line", "supertype", "hp", "type", "id", "kind", "data",
                        "cards", "power", "frameType", "category", "名前", "HP", "level"])  # fmt: skip
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=6),
    max_leaves=30,
)


def _json_text(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


@st.composite
def json_documents(draw: st.DrawFn) -> bytes:
    """JSON as twgp meets it: arrays of records, envelopes, JSON Lines; then perhaps cut,
    mutated, deepened or wrapped in a BOM."""
    shape = draw(st.sampled_from(["array", "envelope", "lines", "value"]))
    records = draw(st.lists(JSON_VALUES, max_size=6))
    if shape == "array":
        data = _json_text(records)
    elif shape == "envelope":
        data = _json_text({draw(st.sampled_from(["data", "cards"])): records, "meta": {}})
    elif shape == "lines":
        data = b"\n".join(_json_text(r) for r in records)
    else:
        data = _json_text(draw(JSON_VALUES))
    return draw(_spoiled(data))


@st.composite
def csv_files(draw: st.DrawFn) -> bytes:
    """CSV text in the encodings users have, with odd cells, quotes and line ends."""
    headers = draw(st.lists(st.sampled_from(["name", "kind", "hp", "Name", "Quantity", "Count",
                                             "名前", "種類", "Set", "sep=;", "id"]),
                            min_size=1, max_size=5))  # fmt: skip
    cell = st.text(max_size=12) | st.sampled_from(['"', '""', "a,b", "\r", "\n", "スライム"])
    rows = draw(st.lists(st.lists(cell, max_size=6), max_size=8))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = newline.join(",".join(r) for r in [headers, *rows])
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "cp932", "cp1252", "utf-16",
                                     "utf-16-le", "euc_jp"]))  # fmt: skip
    data = text.encode(encoding, errors="replace")
    return draw(_spoiled(data))


@st.composite
def _spoiled(draw: st.DrawFn, data: bytes) -> bytes:
    how = draw(st.sampled_from(["as is", "as is", "cut", "byte", "deep", "bom", "nul"]))
    if how == "cut" and data:
        return data[: draw(st.integers(0, len(data) - 1))]
    if how == "byte" and data:
        at = draw(st.integers(0, len(data) - 1))
        return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    if how == "deep":
        depth = draw(st.integers(60, 3000))
        return b"[" * depth + data + b"]" * draw(st.integers(0, depth))
    if how == "bom":
        return draw(st.sampled_from([codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE])) + data
    if how == "nul":
        return data + b"\0" + data
    return data


ANY_INPUT = json_documents() | csv_files() | st.binary(max_size=400)
NAMES = st.sampled_from(["cards.json", "cards.csv", "cards.jsonl", "cards", "list.txt"])


def read_all(path: Path) -> None:
    for _ in iter_records(path, NameOnly()):
        pass


def clean(action: Callable[[], object], path: Path) -> None:
    """Run `action()`: it may return or raise a TwgpError naming the file; nothing else."""
    error: TwgpError | None = None
    try:
        action()
    except TwgpError as exc:
        error = exc
    if error is not None:
        assert path.name in error.message or "encoding" in error.message, error.message


@FUZZ
@given(data=ANY_INPUT, name=NAMES)
def test_any_file_gives_records_or_a_clean_error(tmp_path: Path, data: bytes, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    clean(lambda: read_all(path), path)


@FUZZ
@given(data=ANY_INPUT, game=st.sampled_from(["mtg", "yugioh", "pokemon", "ws", "dqbr"]))
def test_any_file_converts_or_is_a_clean_error(tmp_path: Path, data: bytes, game: str) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(data)
    clean(lambda: list(convert_files(load_converter(game), [path])), path)


@FUZZ
@given(data=csv_files() | st.binary(max_size=400))
def test_any_collection_file_reads_or_is_a_clean_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "collection.csv"
    path.write_bytes(data)
    clean(lambda: read_collection(path), path)


@FUZZ
@given(data=csv_files() | st.binary(max_size=400))
def test_any_text_file_gives_lines_or_a_clean_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(data)

    def lines() -> None:
        with open_text(path) as file:
            for _ in file.lines():
                pass

    clean(lines, path)
