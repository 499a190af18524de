"""The deck drawn: the unit grade curve (columns of blocks, one per grade up to the highest
used), the type mix as bars, the games mixed and owned against needed copies — all from the
deck builder's stats. Everything is text of a known width, so nothing draws over anything:
side by side when the pane is wide enough, one under the other when it is not (the pane
scrolls)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.widgets import Static

from converters.base import CardType
from deckbuilder.stats import BUCKETS, GroupStats
from tui.terms import term, type_name

BAR = "█"
EIGHTHS = " ▁▂▃▄▅▆▇█"
BAR_WIDTH = 10
CURVE_HEIGHT = 5
LOW_GRADES = 10  # the curve always shows 00–09 (free summon ends at 05)
SIDE_BY_SIDE = 72  # the pane width from which the curve and the figures share a row


def curve_points(stats: GroupStats) -> tuple[list[str], list[int]]:
    """The curve's buckets up to the highest one holding a unit (at least 00–09)."""
    labels = [label for label, _, _ in BUCKETS]
    values = [stats.grade_curve.get(label, 0) for label in labels]
    last = max((i for i, v in enumerate(values) if v), default=0)
    keep = max(last + 1, LOW_GRADES)
    return labels[:keep], values[:keep]


def curve(stats: GroupStats, lang: str, height: int = CURVE_HEIGHT) -> Text:
    """The units per grade as columns of blocks: the count above each column, the grade
    below ("1x" for 10–19); free-summon grades (≤ 05) in green."""
    labels, values = curve_points(stats)
    top = max(values) or 1
    text = Text(term("grade_curve", lang), "bold")
    text.append("\n" + "".join(f"{v:>2} " if v else "   " for v in values), "dim")
    for level in range(height, 0, -1):
        text.append("\n")
        for label, value in zip(labels, values, strict=True):
            eighths = max(0, min(8, round((value * height / top - (level - 1)) * 8)))
            style = "green" if len(label) == 2 and label <= "05" else "cyan"
            text.append(EIGHTHS[eighths] * 2 + " ", style)
    text.append(
        "\n" + "".join(f"{label[:1]}x " if "-" in label else f"{label} " for label in labels)
    )
    return text


def bars(rows: list[tuple[str, int]], width: int = BAR_WIDTH) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    top = max((n for _, n in rows), default=0) or 1
    for label, n in rows:
        table.add_row(label, Text(BAR * max(1 if n else 0, n * width // top), "cyan"), str(n))
    return table


def type_rows(stats: GroupStats, lang: str) -> list[tuple[str, int]]:
    rows = [(type_name(t, lang), stats.types.get(t.value, 0)) for t in CardType]
    if stats.untyped:
        rows.append((term("no_type", lang), stats.untyped))
    return rows


def figures(stats: GroupStats, lang: str) -> Group:
    """Type mix bars, then games mixed, free-summon units and owned against needed."""
    games = " · ".join(f"{game} {n}" for game, n in sorted(stats.games.items())) or "—"
    owned_style = "green" if stats.owned >= stats.needed else "yellow"
    lines = [
        (term("games_mixed", lang), Text(games)),
        (term("free_summon", lang), Text(str(stats.free_summon))),
        (term("owned_needed", lang), Text(f"{stats.owned} / {stats.needed}", owned_style)),
    ]
    return Group(
        Text(term("type_mix", lang), "bold"),
        bars(type_rows(stats, lang)),
        Text(""),
        *(Text.assemble((f"{label}: ", "bold"), value) for label, value in lines),
    )


class DeckCharts(VerticalScroll):
    """The whole deck's stats; `show(stats)` redraws."""

    DEFAULT_CSS = """
    DeckCharts {
        layout: grid;
        grid-size: 2;
        grid-columns: auto 1fr;
        grid-gutter: 0 2;
        grid-rows: auto;
        padding: 0 1;
        & > Static { height: auto; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.stats: GroupStats | None = None
        self.lang = "en"

    def compose(self) -> ComposeResult:
        yield Static(id="grade-curve")
        yield Static(id="deck-figures")

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self, event: Resize) -> None:
        columns = 2 if event.size.width >= SIDE_BY_SIDE else 1
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns

    def show(self, stats: GroupStats) -> None:
        self.stats = stats
        self.redraw()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.redraw()

    def redraw(self) -> None:
        stats = self.stats
        empty = Text("—", "dim")
        self.query_one("#grade-curve", Static).update(curve(stats, self.lang) if stats else empty)
        self.query_one("#deck-figures", Static).update(figures(stats, self.lang) if stats else "")
