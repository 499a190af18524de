"""Build for me (F7) and Complete this deck (F9): the options of `twgp deck build` in a dialog
(format, games, owned or catalog cards, goal, time limit, include / exclude, share), and the
progress of the solver while it runs — the best deck's score so far and its bound — with a
Stop button that keeps the best deck found.

No solver here: the dialog answers a `BuildRequest`, read into the assistant's options in the
worker (tui/screens/main_assistant.py), so the app starts without loading OR-Tools."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Select, Static

from deckbuilder.deck import DeckFormat
from tui.screens.new_deck import format_help
from tui.terms import term

if TYPE_CHECKING:
    from deckbuilder.assistant.progress import Hooks, Progress

SEPARATOR = ";"
GOALS = ("strongest", "curve", "effects")
SOURCES = ("owned", "catalog")
DEFAULT_SECONDS = 10.0


@dataclass(frozen=True)
class BuildRequest:
    """What the dialog asked for (the options of `twgp deck build`, as the user gave them)."""

    format: str = DeckFormat.FULL
    games: tuple[str, ...] = ()
    source: str = "owned"
    goal: str = "strongest"
    time_limit: float = DEFAULT_SECONDS
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    share: bool = False


def split_cards(text: str) -> tuple[str, ...]:
    """ "mtg:Serra Angel; Pikachu" → ("mtg:Serra Angel", "Pikachu") (names may hold commas)."""
    return tuple(part.strip() for part in text.split(SEPARATOR) if part.strip())


def split_games(text: str) -> tuple[str, ...]:
    return tuple(g.strip().casefold() for g in text.replace(";", ",").split(",") if g.strip())


class BuildDialog(ModalScreen[BuildRequest | None]):
    """The options of one build; `completing`: Complete this deck (its format first)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, fmt: str = DeckFormat.FULL, *, completing: bool = False,
                 lang: str = "en") -> None:  # fmt: skip
        super().__init__()
        self.fmt = fmt if fmt in set(DeckFormat) else DeckFormat.FULL
        self.completing = completing
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(id="build", classes="dialog"):
            title = "complete_title" if self.completing else "build_title"
            yield Static(term(title, lang), classes="dialog-title")
            yield Label(term("build_format", lang))
            yield Select([(format_help(f, lang), str(f)) for f in DeckFormat],
                         value=str(self.fmt), allow_blank=False, id="build-format")  # fmt: skip
            yield Label(term("build_source", lang))
            with RadioSet(id="build-source"):
                yield RadioButton(term("build_owned", lang), value=True, name="owned")
                yield RadioButton(term("build_catalog", lang), name="catalog")
            yield Label(term("build_goal", lang))
            yield Select([(term(f"goal_{g}", lang), g) for g in GOALS], value="strongest",
                         allow_blank=False, id="build-goal")  # fmt: skip
            yield Label(term("build_games", lang))
            yield Input(placeholder="mtg, pokemon", id="build-games")
            yield Label(term("build_time", lang))
            yield Input(str(int(DEFAULT_SECONDS)), id="build-time")
            yield Label(term("build_include", lang))
            yield Input(placeholder="mtg:Serra Angel; Pikachu", id="build-include")
            yield Label(term("build_exclude", lang))
            yield Input(id="build-exclude")
            yield Checkbox(term("build_share", lang), id="build-share")
            yield Static("", id="build-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("build_button", lang), id="build-ok", variant="primary")
                yield Button(term("cancel", lang), id="build-cancel")

    def on_mount(self) -> None:
        self.query_one("#build-ok", Button).focus()

    def request(self) -> BuildRequest | None:
        """The request the form holds; None (and the reason shown) when it is not one."""
        seconds_text = self.query_one("#build-time", Input).value.strip()
        try:
            seconds = float(seconds_text)
        except ValueError:
            seconds = -1
        if not 0 < seconds <= 3600:
            self.query_one("#build-error", Static).update(
                Text(term("build_bad_time", self.lang), "red"))
            return None
        pressed = self.query_one("#build-source", RadioSet).pressed_button
        source = pressed.name if pressed is not None and pressed.name in SOURCES else "owned"
        return BuildRequest(
            format=str(self.query_one("#build-format", Select).value),
            games=split_games(self.query_one("#build-games", Input).value),
            source=source,
            goal=str(self.query_one("#build-goal", Select).value),
            time_limit=seconds,
            include=split_cards(self.query_one("#build-include", Input).value),
            exclude=split_cards(self.query_one("#build-exclude", Input).value),
            share=self.query_one("#build-share", Checkbox).value,
        )

    @on(Input.Submitted)
    @on(Button.Pressed, "#build-ok")
    def _build(self) -> None:
        request = self.request()
        if request is not None:
            self.dismiss(request)

    @on(Button.Pressed, "#build-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def progress_text(progress: Progress | None, lang: str) -> str:
    """ "Building… 2.1 s — best so far 84 · bound 90 · within 6.7 %"."""
    seconds = f"{progress.seconds:.1f}" if progress is not None else "0.0"
    head = term("building", lang, seconds=seconds)
    if progress is None or progress.objective is None:
        return f"{head}\n{term('building_none', lang)}"
    bound = f"{progress.bound:g}" if progress.bound is not None else "?"
    gap = f"{100 * progress.gap:.1f} %" if progress.gap is not None else "?"
    return f"{head}\n{term('building_best', lang, best=progress.objective, bound=bound, gap=gap)}"


class BuildingScreen(ModalScreen[None]):
    """The solver at work: its progress, and Stop (the best deck found so far is kept)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "stop", "Stop")]

    def __init__(self, hooks: Hooks, *, lang: str = "en") -> None:
        super().__init__()
        self.hooks = hooks
        self.lang = lang
        self.last: Progress | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="building", classes="dialog"):
            yield Static(term("build_title", self.lang), classes="dialog-title")
            yield Static(progress_text(None, self.lang), id="build-progress")
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("building_stop", self.lang), id="build-stop",
                             variant="warning")  # fmt: skip

    def show(self, progress: Progress) -> None:
        self.last = progress
        if self.is_mounted:
            self.query_one("#build-progress", Static).update(progress_text(progress, self.lang))

    @on(Button.Pressed, "#build-stop")
    def action_stop(self) -> None:
        self.hooks.cancel()
        self.query_one("#build-stop", Button).disabled = True
