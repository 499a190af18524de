"""Helpers shared by the tests of the CSV/JSON games (dqbr, dinoking, dm, liveon, ws)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from converters.base import ConvertedCard, Converter
from converters.errors import InvalidRecordError, SkipRecord

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"

#: cell values a hand-made file or a JSON export could hold
CELLS = st.one_of(
    st.text(max_size=12),
    st.integers(),
    st.sampled_from(["", "-", "－", "?", "１２００", "1,000", "赤赤②", "○", "x", "∞", "1d6"]),
)


def records(*keys: str) -> st.SearchStrategy[dict[str, Any]]:
    """Dicts of the game's own headers (and a few foreign ones) with arbitrary cells."""
    names = st.sampled_from([*keys, "id", "name", "名前", "kind", "種類", "junk"])
    return st.dictionaries(names, CELLS, max_size=len(keys) + 3)


def convert_or_signal(converter: Converter, record: dict[str, Any]) -> ConvertedCard | None:
    """The converted card, or None when the converter signals a skip or an invalid record.
    Any other exception fails the calling test; a grade must be None or 0..99."""
    try:
        card = converter.convert(record)
    except (InvalidRecordError, SkipRecord):
        return None
    assert card.grade.value is None or 0 <= card.grade.value <= 99
    assert card.grade.reason
    assert card.card_type.reason
    return card


def example_rows(game: str) -> list[dict[str, str]]:
    """The rows of the bundled example, read with the csv module (BOM tolerated)."""
    with (EXAMPLES / f"{game}.csv").open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))
