"""Snapshots of the app (pytest-textual-snapshot) on the small test catalog at 120×36. Each
docstring says what the picture must show; update with `--snapshot-update` only after reading
the report."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, TabbedContent

from tests.deckbuilder.format_samples import roster
from tests.tui.conftest import MINA, SIZE, search, settle, write
from tui.app import TwgpApp, make_app
from tui.config import Lang, RecentDeck, UiSettings
from tui.services import Services
from tui.widgets.problems import ProblemsPanel

DATA = Path(__file__).parent / "data"
Compare = Callable[..., bool]


def steps(*actions: Callable[[Pilot[None]], Awaitable[None]]) -> Callable[..., Any]:
    """A run_before that settles, runs the actions, and leaves no blinking cursor or toasts."""

    async def run(pilot: Pilot[None]) -> None:
        await settle(pilot)
        main = pilot.app.main  # type: ignore[attr-defined]
        main.query_one("#search", Input).cursor_blink = False
        for action in actions:
            await action(pilot)
            await settle(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    return run


async def add(pilot: Pilot[None], name: str, *keys: str) -> None:
    await search(pilot, f'name="{name}"')
    await pilot.press(*keys)


async def broken_deck(pilot: Pilot[None]) -> None:
    await add(pilot, "Grizzly Bears", "l")
    await add(pilot, "Shock", "e", "e")
    await add(pilot, "Pikachu", "a")
    await add(pilot, "Dark Magician", "f")
    pilot.app.screen.query_one(ProblemsPanel).focus()


async def open_legal(pilot: Pilot[None]) -> None:
    pilot.app.main.open_path(DATA / "legal_half.twgp")  # type: ignore[attr-defined]


def test_main_screen(snap_compare: Compare, app: TwgpApp) -> None:
    """The first screen: the search box, every card of the catalog, the first card's detail,
    an empty full deck (life 0/5, entry 0/15 + 0/5, finals) and its violations."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps())


def test_deck_with_violations(snap_compare: Compare, app: TwgpApp) -> None:
    """A unit in the life set, two Shocks in the entry library, a card in the archive and a
    final: the lines carry ✗ marks and the problems panel lists LIFE_CARD_TYPE,
    DUPLICATE_IN_HALF and the size problems with their sentences; focused, its lower border
    names the rules section of the problem highlighted ("F5 → 3. Decks and life sets")."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps(broken_deck))


def test_deck_with_violations_in_japanese(snap_compare: Compare, app: TwgpApp) -> None:
    """80×24 in Japanese, the problems panel focused: its lower border reads
    "F5 → 3. デッキとライフ", the problems in Japanese, wrapped whole."""
    run = steps(japanese, broken_deck)
    assert snap_compare(app, terminal_size=NARROW, run_before=run)


async def bolt_in_japanese(pilot: Pilot[None]) -> None:
    await pilot.press("f3")
    await search(pilot, "稲妻")


def test_detail_pane_in_japanese(snap_compare: Compare, app: TwgpApp) -> None:
    """The UI in Japanese, the Japanese printing of Lightning Bolt (稲妻): grade 01 with its
    reason, Charge Effect (チャージ・エフェクト), original text beside the TWGP reading, both
    printings (m10 en, 4ed ja)."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps(bolt_in_japanese))


async def stats_tab(pilot: Pilot[None]) -> None:
    pilot.app.screen.query_one(TabbedContent).active = "tab-stats"


def test_legal_deck_and_its_stats(snap_compare: Compare, app: TwgpApp) -> None:
    """A legal half deck: the problems panel is green and says Legal; the deck stats tab draws
    the unit grade curve (00–09) and the type mix, games mixed (mtg, pokemon, yugioh)."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps(open_legal, stats_tab))


async def press_f2(pilot: Pilot[None]) -> None:
    await pilot.press("f2")


def test_help_screen(snap_compare: Compare, app: TwgpApp) -> None:
    """F2: every key, by where it works (everywhere, card list, deck pane, problems)."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps(press_f2))


async def press_f1(pilot: Pilot[None]) -> None:
    await pilot.press("f1")


def test_query_cheat_sheet(snap_compare: Compare, app: TwgpApp) -> None:
    """F1: the query syntax, every key of the catalog's query language, examples."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps(press_f1))


def test_a_roster_of_six_units(snap_compare: Compare, format_app: TwgpApp, tmp_path: Path) -> None:
    """A darkside-roster deck (its declared format): the deck pane shows the character field
    (ミナ) and the roster 6/1–5 in red; the problems panel lists ROSTER_SIZE with its sentence;
    the footer offers `e Roster` and `s Section…`, not TWGP's life/archive/final/pool keys."""
    path = write(tmp_path, "mina.twgp", roster([*MINA, "カニカマン"], "ミナ"))

    async def open_roster(pilot: Pilot[None]) -> None:
        pilot.app.main.open_path(path)  # type: ignore[attr-defined]
        await settle(pilot)
        await search(pilot, "カニカマン")

    assert snap_compare(format_app, terminal_size=SIZE, run_before=steps(open_roster))


NARROW = (80, 24)


async def japanese(pilot: Pilot[None]) -> None:
    await pilot.press("f3")


async def search_mtg(pilot: Pilot[None]) -> None:
    await search(pilot, "game:mtg")


def test_narrow_screen(snap_compare: Compare, app: TwgpApp) -> None:
    """80×24: the card list shows 6 rows with name, grade, type and owned (the Japanese name
    and set give way); the deck lines of the broken deck start with ✗; the problems panel
    wraps every problem whole."""
    assert snap_compare(app, terminal_size=NARROW, run_before=steps(broken_deck, search_mtg))


def test_narrow_screen_in_japanese(snap_compare: Compare, app: TwgpApp) -> None:
    """80×24 in Japanese: headers ゲーム 名前 戦闘力 種類 所持, types in Japanese (a long one
    cut with …, never garbled), deck sections and problems in Japanese."""
    run = steps(japanese, broken_deck, search_mtg)
    assert snap_compare(app, terminal_size=NARROW, run_before=run)


def test_main_screen_in_japanese(snap_compare: Compare, app: TwgpApp) -> None:
    """120×36 in Japanese: the first screen with every column (日本語名/英語名 and セット)."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps(japanese, search_mtg))


async def press_f5(pilot: Pilot[None]) -> None:
    await pilot.press("f5")


def test_rules_page(snap_compare: Compare, app: TwgpApp) -> None:
    """F5 at 80×24: the rules page from its title, "1. Grade" below the introduction."""
    assert snap_compare(app, terminal_size=NARROW, run_before=steps(press_f5))


def test_rules_page_in_japanese(snap_compare: Compare, app: TwgpApp) -> None:
    """F5 after F3 at 120×36: the Japanese rules page with its table of contents (1. 戦闘力
    … 9.), Japanese paragraphs unbroken (no stray spaces)."""
    assert snap_compare(app, terminal_size=SIZE, run_before=steps(japanese, press_f5))



def recent_app(services: Services, lang: Lang) -> TwgpApp:
    """The app started with no deck named, remembering a missing file and a catalog deck."""
    recent = (RecentDeck("file", "/decks/gone.twgp"), RecentDeck("catalog", "Mono Beats"))
    return make_app(services=services, settings=UiSettings(lang=lang, recent=recent))


def test_reopen_offer_at_start(snap_compare: Compare, services: Services) -> None:
    """80×24, no deck named: "Reopen a recent deck?" over the first screen, the last deck
    (gone.twgp, dimmed and marked missing) highlighted, the catalog deck Mono Beats below;
    Open and Not now."""
    app = recent_app(services, "en")
    assert snap_compare(app, terminal_size=NARROW, run_before=steps())


def test_reopen_offer_at_start_in_japanese(snap_compare: Compare, services: Services) -> None:
    """120×36 in Japanese: 最近のデッキを開きますか？, 見つかりません on the missing file,
    the catalog deck, 開く and 今はしない."""
    app = recent_app(services, "ja")
    assert snap_compare(app, terminal_size=SIZE, run_before=steps())


async def press_ctrl_o(pilot: Pilot[None]) -> None:
    await pilot.press("ctrl+o")
    await settle(pilot)
    pilot.app.screen.query_one("#open-path", Input).cursor_blink = False


def test_open_dialog(snap_compare: Compare, app: TwgpApp) -> None:
    """80×24, ctrl+o: the path box, "no deck saved in the catalog yet", and the buttons Open
    file, Browse… ^b (the file picker) and Cancel, all in one row."""
    assert snap_compare(app, terminal_size=NARROW, run_before=steps(press_ctrl_o))


def test_open_dialog_in_japanese(snap_compare: Compare, app: TwgpApp) -> None:
    """120×36 in Japanese: デッキを開く, ファイルを開く, 参照… ^b, キャンセル."""
    run = steps(japanese, press_ctrl_o)
    assert snap_compare(app, terminal_size=SIZE, run_before=run)
