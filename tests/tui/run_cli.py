"""The `twgp` command run in-process, for the CLI's tests."""

from __future__ import annotations

from typer.testing import CliRunner

from tui.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    """`twgp ARGS…`: its exit code, stdout and stderr."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr
