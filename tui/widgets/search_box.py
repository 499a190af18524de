"""The search box: an Input whose ↓ moves into the results (Enter does too, after searching)."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Input


class SearchBox(Input):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "screen.focus_results", "Results", show=False),
    ]
