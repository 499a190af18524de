"""Card data is shown, never run: Rich markup and terminal control sequences in card text are
printed as text; CSV exports carry no spreadsheet formula; Markdown exports no HTML; `-o`
never writes through a symbolic link."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from catalog.base.safe_output import csv_cell, csv_value, markdown_text
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import full_deck
from tui.cli import app
from tui.safe_text import markup, plain, text

runner = CliRunner()
HOSTILE_NAMES = [
    "Closing [/] Tag",
    "[link=https://evil.example]Free Boosters[/link]",
    "[bold red]Loud[/]",
    ":fire: Dragon",
    "Esc\x1b[2J\x1b]0;pwned\x07Card",
    "Osc\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",
    "Bidi \u202eeman",
]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def hostile_csv(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name", "kind", "hp", "text"])
        for i, name in enumerate(HOSTILE_NAMES):
            writer.writerow([f"h{i}", name, "monster", 481, f"Deals [/] damage {name}"])
    return path


def assert_shown_as_text(output: str) -> None:
    assert "\x1b" not in output
    assert "\u202e" not in output
    assert "Closing [/] Tag" in output
    assert "[link=https://evil.example]Free Boosters[/link]" in output
    assert ":fire: Dragon" in output
    assert "🔥" not in output
    assert "Esc␛[2J␛]0;pwned␇Card" in output


def test_convert_prints_hostile_names_as_text(hostile_csv: Path) -> None:
    code, out, err = run("convert", "dqbr", str(hostile_csv))
    assert code == 0, err
    assert_shown_as_text(out)


def test_search_and_show_print_hostile_names_as_text(tmp_path: Path, hostile_csv: Path) -> None:
    db = str(tmp_path / "c.sqlite3")
    code, _, err = run("import", "dqbr", str(hostile_csv), "--db", db, "--no-starter")
    assert code == 0, err
    code, out, err = run("search", "game:dqbr", "--db", db)
    assert code == 0, err
    assert_shown_as_text(out)
    for i in range(len(HOSTILE_NAMES)):
        code, out, err = run("show", f"dqbr:h{i}", "--db", db)
        assert code == 0, err
        assert "\x1b" not in out
        assert plain(HOSTILE_NAMES[i]).replace("\u202e", "") in out
        assert "Deals [/] damage" in out


def test_an_error_message_quoting_input_is_text(tmp_path: Path) -> None:
    path = tmp_path / "x\x1b[31mred[b].json"
    path.write_text("[", encoding="utf-8")
    code, _, err = run("convert", "mtg", str(path))
    assert code == 2
    assert "\x1b" not in err
    assert "x␛[31mred[b].json" in err


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_the_helpers_render_exactly_the_characters(name: str) -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=False, width=200, emoji=False)
    console.print(text(name))
    console.print(f"{markup(name)}[dim]![/dim]")
    lines = buffer.getvalue().splitlines()
    assert lines == [plain(name), plain(name) + "!"]


# --- CSV and Markdown exports --------------------------------------------------------------------

FORMULAS = ["=HYPERLINK(\"https://evil.example\",\"x\")", "+cmd|' /C calc'!A0", "-2+3",
            "@SUM(1+1)*cmd|' /C calc'!A0", "\tTabbed", "\rReturn"]  # fmt: skip


@pytest.mark.parametrize("value", [*FORMULAS, "+2 Mace", "Lightning Bolt", "'quoted'"])
def test_csv_cells_round_trip_without_formulas(value: str) -> None:
    cell = csv_cell(value)
    assert not str(cell).startswith(("=", "+", "-", "@", "\t", "\r"))
    assert csv_value(str(cell)) == value.replace("\r", "␍")  # a control shown, never kept


def test_numbers_are_not_marked() -> None:
    assert csv_cell(-3) == -3


def hostile_deck() -> str:
    deck = full_deck().replace("name: Sample", "name: <script>alert(1)</script>")
    extra = "".join(f"1 mtg {name}\n" for name in [*FORMULAS[:4], "<img src=x onerror=alert(1)>"])
    return deck.replace("[entry.library]\n", "[entry.library]\n" + extra)


def test_deck_csv_export_escapes_formulas(tmp_path: Path) -> None:
    db = build_sample_catalog(tmp_path / "catalog.sqlite3")
    path = tmp_path / "deck.twgp"
    path.write_text(hostile_deck(), encoding="utf-8")
    code, out, err = run("deck", "export", str(path), "--to", "csv", "--db", db)
    assert code == 0, err
    names = [row["name"] for row in csv.DictReader(io.StringIO(out))]
    for formula in FORMULAS[:4]:
        assert "'" + formula in names
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in csv.reader(io.StringIO(out))
                   for cell in row)  # fmt: skip


@pytest.mark.parametrize("to", ["md", "html"])
def test_deck_markdown_and_html_exports_escape_html(tmp_path: Path, to: str) -> None:
    db = build_sample_catalog(tmp_path / "catalog.sqlite3")
    path = tmp_path / "deck.twgp"
    path.write_text(hostile_deck(), encoding="utf-8")
    code, out, err = run("deck", "export", str(path), "--to", to, "--db", db)
    assert code == 0, err
    assert "<script>" not in out
    assert "<img" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_markdown_text_escapes_tables_and_html() -> None:
    assert markdown_text("a|b\\c<i>&") == "a\\|b\\\\c&lt;i&gt;&amp;"


def test_collection_export_escapes_formulas_and_imports_back(tmp_path: Path) -> None:
    db = str(tmp_path / "c.sqlite3")
    cards = tmp_path / "cards.csv"
    cards.write_text("id,name,kind,hp\nm1,+2 Mace,item,\nm2,=HYPERLINK(\"x\"),monster,481\n",
                     encoding="utf-8")  # fmt: skip
    assert run("import", "dqbr", str(cards), "--db", db, "--no-starter")[0] == 0
    mine = tmp_path / "mine.csv"
    mine.write_text("game,source_id,name,quantity\ndqbr,m1,+2 Mace,2\ndqbr,m2,x,1\n",
                    encoding="utf-8")  # fmt: skip
    code, out, err = run("collection", "import", str(mine), "--db", db)
    assert code == 0, err
    out_path = tmp_path / "export.csv"
    code, _, err = run("collection", "export", "-o", str(out_path), "--db", db)
    assert code == 0, err
    exported = out_path.read_text(encoding="utf-8")
    assert "'+2 Mace" in exported
    assert "'=HYPERLINK" in exported
    code, out, err = run("collection", "import", str(out_path), "--db", db, "--dry-run",
                         "--mode", "replace")  # fmt: skip
    assert "unresolved 0" in out, out + err


# --- symbolic links ------------------------------------------------------------------------------


@pytest.fixture
def deck_and_db(tmp_path: Path) -> tuple[Path, str]:
    db = build_sample_catalog(tmp_path / "catalog.sqlite3")
    path = tmp_path / "deck.twgp"
    path.write_text(full_deck(), encoding="utf-8")
    return path, db


def test_output_onto_a_dangling_symlink_is_refused(tmp_path: Path, deck_and_db: tuple[Path, str]) -> None:
    deck, db = deck_and_db
    target = tmp_path / "elsewhere" / "victim.txt"
    target.parent.mkdir()
    link = tmp_path / "out.json"
    link.symlink_to(target)
    code, _, err = run("deck", "export", str(deck), "--to", "json", "-o", str(link), "--db", db)
    assert code == 2  # a usage error, as for collection export
    assert "exists" in err
    assert not target.exists()
    code, _, err = run("deck", "export", str(deck), "--to", "json", "-o", str(link), "--db", db,
                       "--force")  # fmt: skip
    assert code == 0, err
    assert not target.exists()  # the link was replaced, not followed
    assert not link.is_symlink()
    assert json.loads(link.read_text(encoding="utf-8"))["name"] == "Sample"


def test_force_replaces_a_symlink_not_its_target(tmp_path: Path, deck_and_db: tuple[Path, str]) -> None:
    deck, db = deck_and_db
    target = tmp_path / "precious.txt"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "out.md"
    link.symlink_to(target)
    code, _, err = run("deck", "export", str(deck), "--to", "md", "-o", str(link), "--db", db,
                       "--force")  # fmt: skip
    assert code == 0, err
    assert target.read_text(encoding="utf-8") == "keep me"
    assert "# Sample" in link.read_text(encoding="utf-8")


def test_collection_export_never_writes_through_a_symlink(tmp_path: Path) -> None:
    db = str(tmp_path / "c.sqlite3")
    target = tmp_path / "victim.txt"
    link = tmp_path / "out.csv"
    link.symlink_to(target)
    code, _, err = run("collection", "export", "-o", str(link), "--db", db)
    assert code == 2
    assert not target.exists()
    code, _, err = run("collection", "export", "-o", str(link), "--db", db, "--force")
    assert code == 0, err
    assert not target.exists()
    assert not link.is_symlink()


# --- the app's widgets ---------------------------------------------------------------------------


async def test_the_app_shows_hostile_card_text_as_text(tmp_path: Path) -> None:
    from catalog.ingest.importer import import_files
    from catalog.store.db import open_engine
    from converters.registry import load_converter
    from tests.tui.conftest import SIZE, search, settle
    from tui.app import make_app
    from tui.config import UiSettings
    from tui.services import Services
    from tui.widgets.card_table import CardTable
    from tui.widgets.detail_pane import DetailPane

    path = tmp_path / "hostile.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name", "kind", "hp", "text"])
        for i, name in enumerate(HOSTILE_NAMES):
            writer.writerow([f"h{i}", name, "monster", "[/]", f"Deals [/] damage {name}"])
    engine = open_engine(str(tmp_path / "c.sqlite3"), load_starter=False)
    import_files(engine, load_converter("dqbr"), [path])
    app = make_app(services=Services(engine, label="hostile"), settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "game:dqbr")
        table = app.screen.query_one(CardTable)
        assert len(table.cards) == len(HOSTILE_NAMES)
        for row in range(len(HOSTILE_NAMES)):
            table.move_cursor(row=row)
            await settle(pilot)
            assert app.screen.query_one(DetailPane).card == table.cards[row]
    engine.dispose()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stdout", [_Terminal(), io.StringIO()])
def test_documents_on_stdout_are_inert_for_terminals_files_and_pipes(
    monkeypatch: pytest.MonkeyPatch, stdout: io.StringIO
) -> None:
    """A pipe may end in a terminal (`| cat`, `| less -R`): no escape reaches stdout raw;
    CRLF line endings are kept."""
    from tui.safe_text import echo_document

    shown = "1 mtg ␛[2JBolt\r\n1 mtg �31mCSI ␍Over\n"
    monkeypatch.setattr("sys.stdout", stdout)
    echo_document("1 mtg \x1b[2JBolt\r\n1 mtg \x9b31mCSI \u202e\rOver\n")
    assert stdout.getvalue() == shown
