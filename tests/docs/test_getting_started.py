"""Getting started, verbatim: its commands, run in order on a fresh catalog, end with a legal
full deck built from the example collection. The README's tour runs the same way."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.docs.walkthrough import (
    PAGE,
    REPO,
    blocks,
    reader_env,
    reader_folder,
    run_page,
    shell_blocks,
)

PAGE_JA = REPO / "docs" / "getting-started.ja.md"
README = REPO / "README.md"
#: the README's run command (a CI contract), less the final step that opens the app
RUN_COMMAND = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/twgp"


def without_comments(script: str) -> list[str]:
    return [re.sub(r"\s+#.*$", "", line).rstrip() for line in script.splitlines() if line]


def test_the_install_step_is_the_readme_command() -> None:
    """The first block installs as the README says (it is not run here: no network in tests)."""
    install = shell_blocks(PAGE.read_text(encoding="utf-8"))[0].splitlines()
    assert f"{install[0]} && .venv/bin/twgp" == RUN_COMMAND
    assert RUN_COMMAND in README.read_text(encoding="utf-8")
    assert install[1] == ". .venv/bin/activate"


def test_the_readme_install_shows_its_progress() -> None:
    """No set-up command of the README installs silently (`pip -q` says nothing for minutes
    on a slow machine), and CI runs the README's test command exactly."""
    commands = [line for block in shell_blocks(README.read_text(encoding="utf-8"))
                for line in block.splitlines() if "pip install" in line]  # fmt: skip
    assert commands, "the README has no install command"
    assert not [line for line in commands if re.search(r"\s-q\b|--quiet", line)]
    test_command = next(line for line in commands if line.endswith(".venv/bin/pytest"))
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in ci


def test_the_japanese_page_runs_the_same_commands() -> None:
    english = [without_comments(b) for b in shell_blocks(PAGE.read_text(encoding="utf-8"))]
    japanese = [without_comments(b) for b in shell_blocks(PAGE_JA.read_text(encoding="utf-8"))]
    # the Japanese page may ask for Japanese answers where the English page asks for none
    assert [[line.removesuffix(" --lang ja") for line in b] for b in japanese] == english
    shown = [b.body for b in blocks(PAGE_JA.read_text(encoding="utf-8")) if b.lang == "text"]
    assert shown == [b.body for b in blocks(PAGE.read_text(encoding="utf-8")) if b.lang == "text"]


def test_getting_started_ends_with_a_legal_deck_from_the_collection(tmp_path: Path) -> None:
    work, env = reader_folder(tmp_path), reader_env(tmp_path)
    run_page(PAGE.read_text(encoding="utf-8"), work, env, skip=1)

    deck = work / "my-deck.twgp"
    example = REPO / "docs" / "examples" / "first-deck.twgp"
    assert deck.read_text(encoding="utf-8") == example.read_text(encoding="utf-8")
    report = json.loads(twgp(["deck", "validate", "my-deck.twgp", "--json"], work, env))
    assert report["legal"] is True
    assert report["format"] == "full"
    assert report["violations"] == []
    assert report["warnings"] == []
    assert "My first deck" in twgp(["deck", "list"], work, env)
    assert "My first deck" in (work / "my-deck.html").read_text(encoding="utf-8")
    # the page's catalog is the reader's default one, under their (fresh) user data folder
    assert (Path(env["XDG_DATA_HOME"]) / "twgp" / "catalog.sqlite3").is_file()


def test_the_readme_tour(tmp_path: Path) -> None:
    readme = README.read_text(encoding="utf-8")
    tour = readme[readme.index("## A one-minute tour") :]
    work, env = reader_folder(tmp_path), reader_env(tmp_path)
    (output,) = run_page(tour[: tour.index("## Documentation")], work, env)
    assert "LEGAL" in output
    assert (work / "first-deck.html").is_file()


@pytest.mark.parametrize("page", [PAGE, PAGE_JA, README], ids=lambda p: p.name)
def test_shell_blocks_name_only_files_of_the_repository(page: Path) -> None:
    for script in shell_blocks(page.read_text(encoding="utf-8")):
        for path in re.findall(r"(?:docs|converters)/[\w./-]+", script):
            assert (REPO / path).exists(), f"{page.name} names {path}, which does not exist"


def twgp(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        ["twgp", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout
