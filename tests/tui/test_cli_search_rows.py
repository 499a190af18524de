"""`twgp search` as a new player meets it (issue 21): one row per card with its printings
count, as the app lists them, and queries that exclude types never list untyped cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.deckbuilder.catalog_samples import build_sample_catalog
from tui.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The sample catalog: Lightning Bolt in two printings, Forest with no TWGP type."""
    return build_sample_catalog(tmp_path / "catalog.sqlite3")


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def json_lines(output: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


@pytest.mark.parametrize("query", ["-type:weapon", "type!=weapon", "-(type:weapon or type:unit)"])
def test_queries_that_exclude_types_find_no_untyped_card(db: str, query: str) -> None:
    """Forest has no TWGP type: a query for the cards of other types does not list it."""
    code, out, err = invoke("search", "game:mtg", query, "--json", "--db", db)
    assert code == 0, err
    rows = json_lines(out)
    assert rows
    assert all(row["type"] is not None for row in rows)
    assert "Forest" not in out
    code, out, _ = invoke("search", "game:mtg", "type:none", "--json", "--db", db)
    assert [row["name"] for row in json_lines(out)] == ["Forest"]
    code, out, _ = invoke("search", "game:mtg", "-grade>3", "--json", "--db", db)
    assert "Forest" in out  # other negations stay null-safe
