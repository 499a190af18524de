"""The Textual app: `TwgpApp` on injected services, and `make_app`, the one factory both
`twgp` / `twgp tui` and the tests use."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import Input

from tui import crash
from tui.config import RecentDeck, UiSettings, load_settings, save_settings
from tui.key_guard import KeyGuard
from tui.palette import TwgpCommands
from tui.screens.main import MainScreen
from tui.services import Services
from tui.terms import term


class TwgpApp(App[None]):
    """Browse the catalog and build TWGP decks."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "twgp"
    COMMANDS: ClassVar = App.COMMANDS | {TwgpCommands}

    def __init__(
        self,
        services: Services,
        *,
        settings: UiSettings | None = None,
        deck_path: Path | None = None,
        remember: bool = True,
    ) -> None:
        super().__init__()
        self.services = services
        self.settings = settings or UiSettings()
        self.deck_path = deck_path
        self.remember = remember
        self.main = MainScreen(services, lang=self.settings.lang, reopen=deck_path is None)
        self.key_guard = KeyGuard()
        self.crashed = False  # a bug stopped the app (`twgp tui` then exits 70)

    def _fatal_error(self) -> None:
        """A bug inside the app: after it closes, one line naming a log file that holds the
        traceback (tui/crash.py), never Textual's traceback with its local variables (which
        may hold API keys) on the terminal."""
        error = self._exception or RuntimeError("the app stopped on an unknown error")
        self.crashed = True
        self.bell()
        self._exit_renderables.append(Text("\n".join(crash.unexpected_lines(error))))
        self._close_messages_no_wait()

    async def on_event(self, event: events.Event) -> None:
        """Letters that follow Esc go to the search box, never to a deck command
        (tui/key_guard.py); every other event takes Textual's way."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            leave = self.screen is not self.main or isinstance(self.focused, Input)
            divert = self.key_guard.route(event.key, event.character, event.time, typing=leave)
            if divert is not None:
                self.main.type_into_search(divert.text)
                return
        await super().on_event(event)

    async def action_quit(self) -> None:
        """Quit; with unsaved deck changes, after asking Save / Discard / Cancel."""
        self.main.guard("unsaved_quit", self.quit_now)

    def quit_now(self) -> None:
        self.main.recovery.clear()
        self.exit()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own palette commands we keep, in the UI's language."""
        lang = self.settings.lang
        yield SystemCommand(term("quit", lang), term("quit_help", lang), self.action_quit)
        yield SystemCommand(term("theme", lang), term("theme_help", lang), self.action_change_theme)
        yield SystemCommand(
            term("screenshot", lang),
            term("screenshot_help", lang),
            lambda: self.set_timer(0.1, self.deliver_screenshot),
        )

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = term("palette_placeholder", self.settings.lang)
            self.push_screen(CommandPalette(placeholder=placeholder, id="--command-palette"))

    def label_palette_key(self) -> None:
        """The footer's name of ctrl+p in the UI's language."""
        label = term("palette", self.settings.lang)
        self._bindings.key_to_bindings = {
            key: [
                replace(b, description=label) if b.action == "command_palette" else b for b in found
            ]
            for key, found in self._bindings.key_to_bindings.items()
        }

    def on_mount(self) -> None:
        self.label_palette_key()
        self.push_screen(self.main)
        if self.deck_path is not None:
            self.main.open_path(self.deck_path)

    def action_toggle_lang(self) -> None:
        self.update_settings(UiSettings.toggled_lang)
        self.main.apply_lang(self.settings.lang)
        self.label_palette_key()

    def remember_deck(self, deck: RecentDeck) -> None:
        """A deck just opened or saved: first among the recent decks (ctrl+r, the start)."""
        self.update_settings(lambda settings: settings.with_recent(deck))

    def update_settings(self, change: Callable[[UiSettings], UiSettings]) -> None:
        """Change the settings and save them (unless the app was given its own). The recent
        decks are read again first: another twgp may have added to them meanwhile."""
        current = self.settings
        if self.remember:
            current = replace(current, recent=load_settings().recent)
        self.settings = change(current)
        if self.remember:
            save_settings(self.settings)


def make_app(
    db: str | None = None,
    *,
    services: Services | None = None,
    deck_path: Path | str | None = None,
    settings: UiSettings | None = None,
) -> TwgpApp:
    """The app on the catalog `db` (flag > env > default), or on given `services` (tests).
    The catalog is opened on first use, in a worker, so the first screen shows at once."""
    remember = settings is None
    return TwgpApp(
        services or Services(db=db),
        settings=settings or load_settings(),
        deck_path=Path(deck_path) if deck_path is not None else None,
        remember=remember,
    )
