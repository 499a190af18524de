"""Export the deck: pick a format (every one `twgp deck export` writes) and a path."""

from __future__ import annotations

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


@dataclass(frozen=True)
class ExportRequest:
    format: str
    path: Path
    force: bool = False


class ExportDialog(ModalScreen[ExportRequest | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"), BINDING]

    def __init__(
        self, formats: list[tuple[str, str]], *, stem: str, folder: Path, lang: str = "en"
    ) -> None:
        """`formats`: (format id, file extension) pairs; `stem` names the file, in `folder`."""
        super().__init__()
        self.formats = dict(formats)
        self.stem = stem
        self.folder = folder
        self.lang = lang

    def compose(self) -> ComposeResult:
        first = next(iter(self.formats), "")
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
        return str(self.folder / f"{self.stem}.{self.formats.get(fmt, fmt)}")

    @on(Select.Changed, "#export-format")
    def _format_changed(self, event: Select.Changed) -> None:
        path = self.query_one("#export-path", Input)
        if isinstance(event.value, str):
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
        ensure_folder(self, path, lambda: self.dismiss(ExportRequest(fmt, path, force)), self.lang)

    @on(Button.Pressed, "#browse")
    def action_browse(self) -> None:
        browse(self, "export", self.query_one("#export-path", Input), self.lang, self._export)

    @on(Button.Pressed, "#export-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
