"""`TWGP_NO_STARTER` keeps an empty catalog empty (benchmarks and scripted bulk imports)."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog.lookup.search import count_cards
from catalog.store.db import open_engine, session_scope


def _count(path: Path) -> int:
    engine = open_engine(str(path))
    try:
        with session_scope(engine) as session:
            return count_cards(session=session, query="")
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("value", "empty"),
    [
        pytest.param("1", True, id="1 keeps it empty"),
        pytest.param("TRUE", True, id="TRUE keeps it empty"),
        pytest.param("0", False, id="0 loads the starter"),
        pytest.param("", False, id="empty loads the starter"),
    ],
)
def test_no_starter_setting(
    value: str, empty: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TWGP_NO_STARTER", value)
    assert (_count(tmp_path / "c.db") == 0) is empty
