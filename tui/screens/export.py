"""Export the deck: pick a format (every one `twgp deck export` writes) and a path."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tui.screens.browse import BINDING, browse, browse_button
from tui.screens.paths import PathSuggester, ensure_folder
from tui.terms import term

#: the format the dialog offers first when none was used before: a page to read or print
PREFERRED = "html"


def default_format(formats: list[str], last: str, deck_file: Path | None) -> str:
    """The format the dialog starts on: the one used last, else PREFERRED, else the first;
    never the open deck file's own format (its export would be the file itself)."""
    own = deck_file.suffix.removeprefix(".") if deck_file is not None else ""
    wanted = [last, PREFERRED, *formats]
    return next((f for f in wanted if f in formats and f != own), formats[0] if formats else "")


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """`folder/stem.suffix`, or `stem-2.suffix`, `stem-3.suffix`… the first that does not
    exist yet (the first Enter then writes, never refuses to overwrite)."""
    path, n = folder / f"{stem}.{suffix}", 1
    while path.exists() or path.is_symlink():
        n += 1
        path = folder / f"{stem}-{n}.{suffix}"
    return path


@dataclass(frozen=True)
class ExportRequest:
    format: str
    path: Path
    force: bool = False


class ExportDialog(ModalScreen[ExportRequest | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"), BINDING]

    def __init__(
        self,
        formats: list[tuple[str, str]],
        *,
        stem: str,
        folder: Path,
        lang: str = "en",
        first: str = "",
    ) -> None:
        """`formats`: (format id, file extension) pairs; `stem` names the file, in `folder`;
        `first`: the format offered first (default_format)."""
        super().__init__()
        self.formats = dict(formats)
        self.stem = stem
        self.folder = folder
        self.lang = lang
        self.first = first if first in self.formats else next(iter(self.formats), "")

    def compose(self) -> ComposeResult:
        first = self.first
        lang = self.lang
        with Vertical(id="export", classes="dialog"):
            yield Static(term("export_title", lang), classes="dialog-title")
            yield Label(term("format", lang))
            yield Select(
                [(f"{fmt} (.{ext})", fmt) for fmt, ext in self.formats.items()],
                value=first,
                allow_blank=False,
                id="export-format",
            )
            yield Label(term("export_file", lang))
            yield Input(value=self._path_for(first), id="export-path", suggester=PathSuggester())
            yield Checkbox(term("export_force", lang), id="export-force")
            yield Static("", id="export-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("export_button", lang), id="export-ok", variant="primary")
                yield browse_button(lang)
                yield Button(term("cancel", lang), id="export-cancel")

    def on_mount(self) -> None:
        self.query_one("#export-path", Input).focus()

    def _path_for(self, fmt: str) -> str:
        return str(free_path(self.folder, self.stem, self.formats.get(fmt, fmt)))

    def _defaults(self) -> set[str]:
        return {self._path_for(fmt) for fmt in self.formats}

    @on(Select.Changed, "#export-format")
    def _format_changed(self, event: Select.Changed) -> None:
        path = self.query_one("#export-path", Input)
        if isinstance(event.value, str):
            if path.value in self._defaults():  # untouched: the new format's free default
                path.value = self._path_for(event.value)
                return
            current = Path(path.value)
            suffix = self.formats.get(event.value, event.value)
            path.value = str(current.with_suffix(f".{suffix}")) if path.value else ""

    @on(Input.Submitted)
    @on(Button.Pressed, "#export-ok")
    def _export(self) -> None:
        fmt = self.query_one("#export-format", Select).value
        text = self.query_one("#export-path", Input).value.strip()
        if not isinstance(fmt, str) or not text:
            error = Text(term("export_missing", self.lang), "red")
            self.query_one("#export-error", Static).update(error)
            return
        force = self.query_one("#export-force", Checkbox).value
        path = Path(text).expanduser().absolute()
        if text in self._defaults():  # our own default folder is made without asking
            with suppress(OSError):  # (or asked for, below, when it cannot be)
                path.parent.mkdir(parents=True, exist_ok=True)
        ensure_folder(self, path, lambda: self.dismiss(ExportRequest(fmt, path, force)), self.lang)

    @on(Button.Pressed, "#browse")
    def action_browse(self) -> None:
        browse(self, "export", self.query_one("#export-path", Input), self.lang, self._export)

    @on(Button.Pressed, "#export-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
