"""The app's error dialogs as a new player meets them (issue 21): words, never a class name,
and the hint that fits what went wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from catalog.base.errors import DatabaseError
from converters.errors import InputFormatError, TwgpError
from tests.tui.conftest import SIZE, settle, write
from tui.app import TwgpApp
from tui.screens.error_modal import ErrorModal
from tui.terms import ERRORS, error_title


def shown(app: TwgpApp, part: str) -> str:
    return str(app.screen.query_one(f"#error-{part}", Static).render())


async def test_opening_a_file_that_is_not_there_says_so_in_words(
    app: TwgpApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(Path("nope.twgp"))
        await settle(pilot)
        assert isinstance(app.screen, ErrorModal)
        title, message, hint = shown(app, "title"), shown(app, "message"), shown(app, "hint")
        assert message == "No such file: nope.twgp"
        assert title.startswith("The file could not be read — while opening")
        assert "Error" not in title
        assert "check the file's name and folder" in hint
        assert "UTF-8" not in hint  # the encoding advice is for a file that is there


async def test_an_undecodable_file_keeps_the_apps_encoding_hint(
    app: TwgpApp, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.twgp"
    bad.write_bytes(b"[life]\n1 mtg \x81\x00\xff\xfe\x81\x8d\x8f\x90\x9d\n")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(bad)
        await settle(pilot)
        assert isinstance(app.screen, ErrorModal)
        assert "save the file as UTF-8" in shown(app, "hint")
        assert "InputFormatError" not in shown(app, "title")


async def test_a_folder_is_not_a_deck_file(app: TwgpApp, tmp_path: Path) -> None:
    write(tmp_path, "a.twgp", "")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(tmp_path)
        await settle(pilot)
        assert isinstance(app.screen, ErrorModal)
        assert shown(app, "message") == f"{tmp_path} is a folder, not a file"
        assert "name a file in it" in shown(app, "hint")


@pytest.mark.parametrize(
    "error",
    [TwgpError("x"), InputFormatError("x"), DatabaseError("x"), ValueError("x")],
    ids=lambda e: type(e).__name__,
)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_title_is_a_class_name(error: Exception, lang: str) -> None:
    title = error_title(error, lang)
    assert title in {words[lang == "ja"] for words in ERRORS.values()}
    assert type(error).__name__ not in title


def test_a_title_given_to_an_error_is_kept_in_english() -> None:
    assert error_title(TwgpError("x", title="Deck not saved"), "en") == "Deck not saved"
