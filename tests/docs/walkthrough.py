"""Run the shell blocks of a documentation page as a reader would: in a fresh folder laid out
like a clone (docs/ and converters/ of this repository), with this twgp on the PATH, a fresh
user data folder (so a fresh catalog), offline."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: the getting-started page the walkthrough tests run, step by step
PAGE = REPO / "docs" / "getting-started.md"
_FENCE = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```\n", re.S | re.M)


@dataclass(frozen=True)
class Block:
    lang: str
    body: str
    follows_code: bool  # nothing but blank lines since the block before it


def blocks(markdown: str) -> list[Block]:
    found: list[Block] = []
    end = 0
    for match in _FENCE.finditer(markdown):
        between = markdown[end : match.start()]
        found.append(Block(match["lang"], match["body"], bool(found) and not between.strip()))
        end = match.end()
    return found


def shell_blocks(markdown: str) -> list[str]:
    return [block.body for block in blocks(markdown) if block.lang == "sh"]


def reader_folder(tmp_path: Path) -> Path:
    """A folder like the clone a reader works in: the files the pages name are there."""
    work = tmp_path / "twgp"
    work.mkdir()
    for name in ("docs", "converters"):
        (work / name).symlink_to(REPO / name, target_is_directory=True)
    return work


def reader_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TWGP_")}
    home = tmp_path / "home"
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CONFIG_HOME=str(home / ".config"),
        TWGP_OFFLINE="1",
        COLUMNS="120",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
    )
    return env


def run(script: str, cwd: Path, env: dict[str, str]) -> str:
    """Run one block with bash, stopping at the first failing command; its output."""
    done = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"exit {done.returncode} from:\n{script}\n{output}"
    return output


def run_page(markdown: str, cwd: Path, env: dict[str, str], skip: int = 0) -> list[str]:
    """Run the page's shell blocks after the first `skip`; a `text` block right after one is
    its output, and each of its lines must be in what the commands printed."""
    outputs: list[str] = []
    shell_seen = 0
    last_output: str | None = None
    for block in blocks(markdown):
        if block.lang == "sh":
            shell_seen += 1
            last_output = None
            if shell_seen > skip:
                last_output = run(block.body, cwd, env)
                outputs.append(last_output)
        elif block.lang == "text" and block.follows_code and last_output is not None:
            for line in block.body.strip().splitlines():
                assert line.strip() in last_output, f"the page shows {line!r}; got:\n{last_output}"
            last_output = None
    return outputs
