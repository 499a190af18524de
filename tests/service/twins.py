"""The CLI twin of an API call: the same command on the same catalog, its output parsed."""

from __future__ import annotations

import gc
import json
import warnings
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tui.cli import app

runner = CliRunner()


def cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    # Several CLI commands leave their engine to the garbage collector (a process exits right
    # after them); collect it now, so that PostgreSQL connections do not warn in a later test.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    return result.exit_code, result.stdout, result.stderr


def cli_json(*args: str) -> Any:
    code, out, err = cli(*args)
    assert code in (0, 1), err
    return json.loads(out)


def cli_json_lines(*args: str) -> list[Any]:
    code, out, err = cli(*args)
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def write(tmp_path: Path, text: str, name: str = "deck.twgp") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def without_labels(card: dict[str, Any]) -> dict[str, Any]:
    """An API card as the CLI prints it (the API adds `labels`, and `printings` on one card)."""
    return {k: v for k, v in card.items() if k not in ("labels", "printings")}
