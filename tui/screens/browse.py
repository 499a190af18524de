"""Browse… in the Open, Save and Export dialogs: a file picker (textual-fspicker, a
maintained picker made for Textual) over the dialog, in the UI's language. The file picked
goes into the dialog's path box and is opened, saved or exported as if typed there."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input

from tui.terms import term

Kind = Literal["open", "import", "save", "export"]
#: the key of Browse… in the dialogs (the path box does not use it)
KEY = "ctrl+b"
BINDING = Binding(KEY, "browse", "Browse", show=False)
#: the picker's own messages (class attributes of textual-fspicker) in Japanese
ERRORS_JA = {
    "ERROR_PERMISSION_ERROR": "このフォルダーは読めません（権限がありません）",
    "ERROR_A_FILE_MUST_BE_CHOSEN": "ファイルを選んでください",
    "ERROR_A_FILE_MUST_EXIST": "そのファイルはありません",
}


def start_of(text: str) -> tuple[Path, str]:
    """(folder to show, file name to propose) for what the path box holds: its folder when
    that exists (else the working folder), and its file name."""
    if not text.strip():
        return Path.cwd(), ""
    path = Path(text.strip()).expanduser()
    if text.endswith("/") or path.is_dir():
        return (path if path.is_dir() else Path.cwd()), ""
    folder = path.parent if path.parent.is_dir() else Path.cwd()
    return folder.absolute(), path.name


def browse_button(lang: str) -> Button:
    return Button(term("browse", lang), id="browse")


def picker(kind: Kind, text: str, lang: str) -> ModalScreen[Path | None]:
    """The picker for a dialog of `kind` whose path box holds `text`."""
    from textual_fspicker import FileOpen, FileSave, Filters  # loaded when first asked

    folder, name = start_of(text)
    cancel = term("cancel", lang)
    dialog: FileOpen | FileSave
    if kind == "import":
        dialog = FileOpen(
            folder, term("import_title", lang), open_button=term("reopen", lang),
            cancel_button=cancel,
        )  # fmt: skip
    elif kind == "open":
        decks = Filters(
            (term("browse_decks", lang), lambda p: p.suffix == ".twgp"),
            (term("browse_all", lang), lambda _p: True),
        )
        dialog = FileOpen(
            folder,
            term("open_title", lang),
            open_button=term("reopen", lang),
            cancel_button=cancel,
            filters=decks,
        )
    else:
        title = term("save_title" if kind == "save" else "export_title", lang)
        button = term("save" if kind == "save" else "export_button", lang)
        # the dialog that called us asks before replacing a file (the overwrite box)
        dialog = FileSave(
            folder, title, save_button=button, cancel_button=cancel, default_file=name or None
        )
    if lang == "ja":
        for attribute, text_ja in ERRORS_JA.items():
            setattr(dialog, attribute, text_ja)
    return dialog


def browse(
    screen: Screen[Any], kind: Kind, box: Input, lang: str, then: Callable[[], object]
) -> None:
    """Show the picker; a file picked fills `box` and `then()` goes on as Enter would."""

    def picked(path: Path | None) -> None:
        if path is not None:
            box.value = str(path)
            then()

    screen.app.push_screen(picker(kind, box.value, lang), picked)
