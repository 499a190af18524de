"""Deck files in the app as the CLI reads and writes them (issue 13 item 6): a `.twgp` file
in Shift_JIS or UTF-16 opens (the encoding told as `twgp deck validate` tells it), text that
is no known encoding is a clear error, and a save replaces a symbolic link instead of writing
through it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.conftest import SIZE, settle
from tui.app import TwgpApp
from tui.screens.error_modal import ErrorModal
from tui.services import APP_ENCODING_HINT, Services

DATA = Path(__file__).parent / "data"
#: a Japanese deck name and comment, and a card named in Japanese (稲妻: Lightning Bolt)
JAPANESE = (DATA / "legal_half.twgp").read_text(encoding="utf-8").replace(
    "Mono Beats", "赤単ビート"
).replace("1 mtg Lightning Bolt", "# 稲妻は日本語名で\n1 mtg 稲妻")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp932", "euc_jp", "utf-16"])
def test_a_deck_file_opens_in_any_encoding_the_cli_reads(
    services: Services, tmp_path: Path, encoding: str
) -> None:
    path = tmp_path / "deck.twgp"
    path.write_bytes(JAPANESE.encode(encoding))
    deck, comments = services.read_deck_file(path)
    assert deck.name == "赤単ビート"
    assert comments[0].startswith("# A legal half deck")
    lines = [entry.name for section in deck.sections.values() for entry in section]
    assert "稲妻" in lines


async def test_an_undecodable_deck_file_is_a_clear_error(app: TwgpApp, tmp_path: Path) -> None:
    path = tmp_path / "binary.twgp"
    path.write_bytes(b"name: x\n\x00\x01\x02\xff\xfe garbage\n")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(path)
        await settle(pilot)
        assert isinstance(app.screen, ErrorModal)
        assert "binary.twgp" in app.screen.error.message
        assert app.screen.error.hint == APP_ENCODING_HINT
        assert app.main.place is None


async def test_a_save_replaces_a_symlink_and_leaves_its_target_alone(
    app: TwgpApp, tmp_path: Path
) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("not yours\n", encoding="utf-8")
    deck = tmp_path / "deck.twgp"
    deck.write_text(JAPANESE, encoding="cp932")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(deck)
        await settle(pilot)
        deck.unlink()
        deck.symlink_to(target)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert target.read_text(encoding="utf-8") == "not yours\n"
    assert not deck.is_symlink()
    assert "name: 赤単ビート" in deck.read_text(encoding="utf-8")  # saved as UTF-8
