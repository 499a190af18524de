"""The deck drawn: the unit grade curve (a plotext bar chart), the type mix as bars, the
games mixed and owned against needed copies — all from the deck builder's stats."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static
from textual_plotext import PlotextPlot

from converters.base import CardType
from deckbuilder.stats import BUCKETS, GroupStats
from tui.terms import term

BAR = "█"
BAR_WIDTH = 10
LOW_GRADES = 10  # the curve always shows 00–09 (free summon ends at 05)


def curve_points(stats: GroupStats) -> tuple[list[str], list[int]]:
    """The curve's buckets up to the highest one holding a unit (at least 00–09)."""
    labels = [label for label, _, _ in BUCKETS]
    values = [stats.grade_curve.get(label, 0) for label in labels]
    last = max((i for i, v in enumerate(values) if v), default=0)
    keep = max(last + 1, LOW_GRADES)
    return labels[:keep], values[:keep]


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
    rows = [
        (t.label_ja if lang == "ja" else t.label, stats.types.get(t.value, 0)) for t in CardType
    ]
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


class DeckCharts(Horizontal):
    """The whole deck's stats; `show(stats)` redraws."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.stats: GroupStats | None = None
        self.lang = "en"

    def compose(self) -> ComposeResult:
        yield PlotextPlot(id="grade-curve")
        yield Static(id="deck-figures")

    def on_mount(self) -> None:
        self.redraw()

    def show(self, stats: GroupStats) -> None:
        self.stats = stats
        self.redraw()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.redraw()

    def redraw(self) -> None:
        plot = self.query_one(PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(term("grade_curve", self.lang))
        if self.stats is not None:
            labels, values = curve_points(self.stats)
            plt.bar(labels, values, marker="hd", width=0.6)
            top = max(values) or 1
            plt.yticks(list(range(0, top + 1, max(1, -(-top // 5)))))  # whole copies only
        plot.refresh()
        shown = figures(self.stats, self.lang) if self.stats else Text("—", "dim")
        self.query_one("#deck-figures", Static).update(shown)
