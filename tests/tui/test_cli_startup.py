"""The console script loads only the module of the command it runs; `COMMANDS` must name the
module that really registers each command."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer

from tui import cli


def _registered(module: str) -> set[str]:
    app = typer.Typer()
    cli.command_module(module).register(app)
    names = {command.name for command in app.registered_commands}
    names |= {group.name for group in app.registered_groups}
    return {name for name in names if name}


def test_commands_name_the_module_that_registers_them() -> None:
    expected = {name: module for module in cli.COMMAND_MODULES for name in _registered(module)}
    assert cli.COMMANDS == expected


@pytest.mark.parametrize(
    ("argv", "modules"),
    [
        pytest.param(["convert", "mtg", "x.json"], ["convert"], id="convert"),
        pytest.param(["--db", "c.db", "import", "mtg", "x"], ["catalog_cmds"], id="root --db"),
        pytest.param(["--db=c.db", "deck", "validate"], ["deck"], id="root --db="),
        pytest.param([], cli.COMMAND_MODULES, id="no command: the app"),
        pytest.param(["--help"], cli.COMMAND_MODULES, id="help lists every command"),
        pytest.param(["chess"], cli.COMMAND_MODULES, id="unknown command"),
    ],
)
def test_modules_for(argv: list[str], modules: list[str]) -> None:
    assert cli.modules_for(argv) == modules


def test_convert_does_not_import_the_database_layer() -> None:
    code = (
        "import sys; from tui import cli; cli.build_app(cli.modules_for(['convert'])); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'sqlmodel', "
        "'alembic', 'textual'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_quick_root_help_is_the_full_apps() -> None:
    """`twgp --help` prints from tui/cli_help.py without importing the commands: it must
    read exactly as the full app's help (update SUMMARIES when a command changes)."""
    from typer.testing import CliRunner

    from tui import cli

    runner = CliRunner()
    env = {"COLUMNS": "120", "TERMINAL_WIDTH": "120"}
    full = runner.invoke(cli.build_app(), ["--help"], env=env, prog_name="twgp")
    quick = runner.invoke(cli.quick_help_app(), ["--help"], env=env, prog_name="twgp")
    assert quick.exit_code == full.exit_code == 0
    assert quick.output == full.output


def test_a_ctrl_c_before_a_command_began_exits_130_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C while the console script still loads the command (outside typer, which turns
    one inside a command into exit 130) is the same quiet exit 130, not a traceback."""

    def interrupted(modules: object) -> typer.Typer:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_app", interrupted)
    monkeypatch.setattr(sys, "argv", ["twgp", "search", "bolt"])
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    assert stopped.value.code == 130
    assert capsys.readouterr().err == ""
