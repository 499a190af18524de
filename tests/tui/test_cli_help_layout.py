"""Every `--help` as a new player reads it (issue 21): its text wraps at the terminal's width,
never where the source happened to break a line (mid-sentence), and a flag shows no value
(`<bool>`)."""

from __future__ import annotations

from itertools import pairwise

import pytest
import typer
from rich.cells import cell_len
from typer import rich_utils
from typer.core import TyperGroup
from typer.testing import CliRunner

from tui.cli import app
from tui.cli_help import prose


def command_paths() -> list[list[str]]:
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    paths: list[list[str]] = [[]]
    for name, command in root.commands.items():
        paths.append([name])
        if isinstance(command, TyperGroup):
            paths += [[name, sub] for sub in command.commands]
    return paths


def description(output: str) -> list[str]:
    """The lines of the help's text: after the usage line, before the first panel."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("Usage:"))
    body = []
    for line in lines[start + 1 :]:
        if line.lstrip().startswith("╭"):
            break
        body.append(line.rstrip())
    return body


@pytest.mark.parametrize("width", [60, 100, 160])
def test_help_text_fills_the_terminal_and_flags_show_no_value(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Typer reads TERMINAL_WIDTH once, when its help renderer is first imported
    monkeypatch.setattr(rich_utils, "MAX_WIDTH", width)
    runner = CliRunner()
    for path in command_paths():
        result = runner.invoke(app, [*path, "--help"], terminal_width=width)
        assert result.exit_code == 0, path
        assert "<bool>" not in result.output, path
        assert "--help  " in result.output
        body = description(result.output)
        for line, following in pairwise(body):
            if not line.strip() or not following.strip():
                continue
            next_word = following.split()[0]
            # a line is broken only where the next word would not fit on it
            assert cell_len(line) + 1 + cell_len(next_word) > width - 2, (path, line, following)


def test_prose_joins_the_lines_of_a_paragraph_and_keeps_a_laid_out_one() -> None:
    text = "First line\nand its end.\n\nSecond\nparagraph.\n\nA list:\n- one\n- two"
    assert prose(text) == "First line and its end.\n\nSecond paragraph.\n\nA list:\n- one\n- two"
    assert prose("\b\nkept\nas is") == "\b\nkept\nas is"
    assert prose(None) is None


def test_dash_h_is_help_for_the_root_and_every_command() -> None:
    """`twgp -h`, `twgp deck validate -h`: the same help as `--help` (Click's default is
    `--help` alone: without the root's context settings `-h` is "No such option")."""
    from tui import cli, cli_help

    runner = CliRunner()
    for path in command_paths():
        long = runner.invoke(app, [*path, "--help"], prog_name="twgp")
        short = runner.invoke(app, [*path, "-h"], prog_name="twgp")
        assert short.exit_code == 0, (path, short.output)
        assert short.output == long.output, path
    quick = cli.quick_help_app()
    assert runner.invoke(quick, ["-h"]).output == runner.invoke(quick, ["--help"]).output
    assert cli_help.asks_root_help(["-h"])  # the console script's quick path takes it too
    assert not cli_help.asks_root_help(["deck", "-h"])
