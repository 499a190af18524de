"""`twgp` alone and `twgp tui` open the app (through make_app), on the catalog given."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.tui.conftest import SIZE, settle
from tui import cli
from tui.app import make_app
from tui.commands import tui_cmd
from tui.config import UiSettings
from tui.widgets.card_table import CardTable


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, Path | None]]:
    calls: list[tuple[str | None, Path | None]] = []
    monkeypatch.setattr(tui_cmd, "run_app", lambda db, deck=None: calls.append((db, deck)))
    return calls


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        pytest.param([], (None, None), id="twgp alone"),
        pytest.param(["--db", "x.sqlite3"], ("x.sqlite3", None), id="twgp --db"),
        pytest.param(["tui"], (None, None), id="twgp tui"),
        pytest.param(
            ["tui", "--db", "y.sqlite3", "deck.twgp"],
            ("y.sqlite3", Path("deck.twgp")),
            id="twgp tui --db DECK",
        ),
        pytest.param(["--db", "x.sqlite3", "tui"], ("x.sqlite3", None), id="root --db reaches tui"),
    ],
)
def test_the_app_opens_with_the_catalog_given(
    launched: list[tuple[str | None, Path | None]], args: list[str], expected: tuple[object, ...]
) -> None:
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    assert launched == [expected]


def test_other_commands_do_not_open_the_app(
    launched: list[tuple[str | None, Path | None]],
) -> None:
    assert CliRunner().invoke(cli.app, ["games"]).exit_code == 0
    assert launched == []


async def test_a_fresh_catalog_opens_in_a_worker(tmp_path: Path) -> None:
    db = tmp_path / "fresh" / "catalog.sqlite3"
    app = make_app(str(db), settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(CardTable)
        assert table.total == app.services.count("")
        assert str(db) in str(app.screen.sub_title)
    assert db.exists()
