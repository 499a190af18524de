"""The documentation's screenshots are the app as it is now: made again from the app and
compared with the files in docs/assets/screenshots (scripts/screenshots.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "twgp_screenshots", REPO / "scripts" / "screenshots.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_screenshots_show_the_app_as_it_is() -> None:
    script = load_script()
    pictures = script.render_all()
    assert set(pictures) == {"main.svg", "deck.svg", "rules-ja.svg"}
    assert all(svg.startswith("<svg") for svg in pictures.values())
    assert script.stale(pictures) == [], (
        "the app no longer looks like the documentation's screenshots: run "
        "`.venv/bin/python scripts/screenshots.py`, look at the pictures and commit them"
    )


def test_the_screenshots_show_the_example_deck_legal() -> None:
    main = (REPO / "docs" / "assets" / "screenshots" / "main.svg").read_text(encoding="utf-8")
    assert "My&#160;first&#160;deck" in main
    assert "legal" in main
