"""The service sits beside the CLI, not on it: importing the app loads no terminal code."""

from __future__ import annotations

import subprocess
import sys


def test_the_app_imports_no_terminal_code() -> None:
    code = ("import sys, service.app; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('textual', 'typer', 'tui', 'rich')))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)  # fmt: skip
    assert done.stdout.strip() == "[]"
