"""File paths in the dialogs: completion as you type (the next folder or file name, → accepts
it), where exports go by default, and the question before a missing folder is created."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import platformdirs
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.suggester import Suggester
from textual.widgets import Button, Static

from tui.terms import term

#: where exports of a deck that has no file go (documented in docs/app.md, "Files and folders")
EXPORT_ENV = "TWGP_EXPORT_DIR"


def export_folder(deck_file: Path | None) -> Path:
    """Next to the deck's file; for a deck without one, `TWGP_EXPORT_DIR` or the user's
    documents folder's `twgp`."""
    if deck_file is not None:
        return deck_file.expanduser().resolve().parent
    chosen = os.environ.get(EXPORT_ENV)
    if chosen:
        return Path(chosen).expanduser().resolve()
    return platformdirs.user_documents_path() / "twgp"


def complete_path(text: str, suffixes: tuple[str, ...] = ()) -> str | None:
    """`text` completed to the first folder or file (of `suffixes`, when given) whose name
    starts with what was typed after the last "/": "~/dec" → "~/decks/"."""
    if not text:
        return None
    folder_text, _, prefix = text.rpartition("/")
    folder = Path(folder_text or ("/" if text.startswith("/") else ".")).expanduser()
    try:
        names = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return None
    for entry in names:
        if not entry.name.startswith(prefix) or entry.name == prefix:
            continue
        if entry.name.startswith(".") and not prefix.startswith("."):
            continue
        is_dir = entry.is_dir()
        if not is_dir and suffixes and not entry.name.endswith(suffixes):
            continue
        head = f"{folder_text}/" if folder_text or text.startswith("/") else ""
        return f"{head}{entry.name}{'/' if is_dir else ''}"
    return None


class PathSuggester(Suggester):
    """Suggests the rest of a path in an Input (→ or End accepts it)."""

    def __init__(self, suffixes: tuple[str, ...] = ()) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.suffixes = suffixes

    async def get_suggestion(self, value: str) -> str | None:
        return complete_path(value, self.suffixes)


class CreateFolderDialog(ModalScreen[bool]):
    """"The folder … does not exist: create it?" — True to create it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "no", "No", show=False)]

    def __init__(self, folder: Path, *, lang: str = "en") -> None:
        super().__init__()
        self.folder = folder
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="create-folder", classes="dialog"):
            yield Static(term("folder_missing_title", self.lang), classes="dialog-title")
            yield Static(Text(term("folder_missing", self.lang, folder=str(self.folder))))
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("create", self.lang), id="folder-create", variant="primary")
                yield Button(term("cancel", self.lang), id="folder-cancel")

    def on_mount(self) -> None:
        self.query_one("#folder-create", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "folder-create")

    def action_no(self) -> None:
        self.dismiss(False)


def ensure_folder(screen: Screen[Any], path: Path, go: Callable[[], object], lang: str) -> None:
    """Call `go()` when `path`'s folder exists; else ask to create it first (and stay in
    the dialog, path kept, when the answer is no or the folder cannot be made)."""
    folder = path.expanduser().parent
    if folder.is_dir():
        go()
        return

    def answered(create: bool | None) -> None:
        if not create:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            screen.notify(
                term("folder_failed", lang, folder=str(folder), reason=exc.strerror or exc),
                severity="error",
                markup=False,
            )
            return
        go()

    screen.app.push_screen(CreateFolderDialog(folder, lang=lang), answered)
