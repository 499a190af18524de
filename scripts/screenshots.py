"""Make the documentation's screenshots from the app itself (Textual's SVG export), on the
starter catalog with the example collection, so they always show the app as it is.

    .venv/bin/python scripts/screenshots.py          # writes docs/assets/screenshots/*.svg
    .venv/bin/python scripts/screenshots.py --check  # exit 1 when a picture is out of date

tests/docs/test_screenshots.py runs the check: a change to the app's look fails it until the
pictures are made again."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "assets" / "screenshots"
EXAMPLES = REPO / "docs" / "examples"
DECK = EXAMPLES / "first-deck.twgp"
SIZE = (120, 36)

if str(REPO) not in sys.path:  # run as a script from a clone
    sys.path.insert(0, str(REPO))

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Input  # noqa: E402

Steps = Callable[[Pilot[None]], Awaitable[None]]


async def settle(pilot: Pilot[None]) -> None:
    """Let workers finish and the messages they send (which may start more) be handled."""
    for _ in range(4):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def search(pilot: Pilot[None], query: str) -> None:
    box = pilot.app.screen.query_one("#search", Input)
    box.focus()
    box.value = query
    await pilot.press("enter")
    await settle(pilot)


async def main_screen(pilot: Pilot[None]) -> None:
    """The deck of Getting started open, a search for the units you own."""
    await search(pilot, "owned>0 type:unit")


async def deck_stats(pilot: Pilot[None]) -> None:
    """The same deck's analysis (F6): types, the grade curve, games, owned copies."""
    await main_screen(pilot)
    await pilot.press("f6")


async def rules_page(pilot: Pilot[None]) -> None:
    """The rules page (F5), in Japanese (F3 first)."""
    await pilot.press("f3")
    await settle(pilot)
    await pilot.press("f5")


#: file name → what the picture shows
SHOTS: dict[str, Steps] = {
    "main.svg": main_screen,
    "deck.svg": deck_stats,
    "rules-ja.svg": rules_page,
}


def build_catalog(folder: Path) -> str:
    """A fresh catalog (the starter cards) holding the example collection; its URL."""
    from typer.testing import CliRunner

    from tui.cli import app

    db = str(folder / "catalog.sqlite3")
    csv = str(EXAMPLES / "my-collection.csv")
    result = CliRunner().invoke(app, ["collection", "import", csv, "--db", db])
    if result.exit_code != 0:
        raise RuntimeError(f"importing the example collection failed:\n{result.output}")
    return db


async def shoot(db: str, steps: Steps) -> str:
    from catalog.store.db import open_engine
    from tui.app import make_app
    from tui.config import UiSettings
    from tui.screens import main
    from tui.services import Services

    main.SETTLE = 0.002  # no waiting for typing to pause: nobody types here
    engine = open_engine(db)
    try:
        services = Services(engine, label="starter catalog")
        app = make_app(services=services, settings=UiSettings(), deck_path=DECK)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await steps(pilot)
            await settle(pilot)
            for box in pilot.app.screen.query(Input):
                box.cursor_blink = False
            pilot.app.clear_notifications()
            await pilot.pause()
            return pilot.app.export_screenshot(title="twgp")
    finally:
        engine.dispose()


def render_all() -> dict[str, str]:
    """Every screenshot, by file name, made in a scratch folder (no user file is touched)."""
    before = os.environ.get("TWGP_TUI_RECOVERY")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        os.environ["TWGP_TUI_RECOVERY"] = str(folder / "recovery")
        try:
            db = build_catalog(folder)
            return {name: asyncio.run(shoot(db, steps)) for name, steps in SHOTS.items()}
        finally:
            if before is None:
                del os.environ["TWGP_TUI_RECOVERY"]
            else:
                os.environ["TWGP_TUI_RECOVERY"] = before


def stale(pictures: dict[str, str]) -> list[str]:
    """The pictures whose file differs from what the app shows now."""
    return [
        name
        for name, svg in pictures.items()
        if not (OUT / name).is_file() or (OUT / name).read_text(encoding="utf-8") != svg
    ]


def main_cli() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if stale")
    args = parser.parse_args()
    pictures = render_all()
    if args.check:
        out_of_date = stale(pictures)
        for name in out_of_date:
            print(f"out of date: docs/assets/screenshots/{name}", file=sys.stderr)
        return 1 if out_of_date else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, svg in pictures.items():
        (OUT / name).write_text(svg, encoding="utf-8")
        print(f"wrote docs/assets/screenshots/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main_cli())
