"""Rich renderings of decks for the CLI: a validation report (problems, then warnings) and the
stats with the grade curve drawn as bars."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from converters.base import CardType
from deckbuilder.codes import Violation
from deckbuilder.service import ValidationReport
from deckbuilder.stats import BUCKETS, DeckStats, GroupStats
from tui.safe_text import plain, text
from tui.terms import count

BAR = "█"
BAR_WIDTH = 40


def report_lines(report: ValidationReport, *, source: str, lang: str = "en") -> RenderableType:
    """The verdict line, then each violation (✗) and warning (!) with code, section, sentence."""
    deck = report.deck
    verdict = "LEGAL" if report.legal else "ILLEGAL"
    if len(report.decks) > 1:
        what = f"team of {len(report.decks)} decks"
        cards = sum(d.card_count for d in report.decks)
    else:
        what = "deck" + (f" {deck.name!r}" if deck.name else "")
        cards = deck.card_count
    head = text(
        f"{source}: {report.format_id} {what}, {count(cards, 'card')} — {verdict} "
        f"({count(len(report.violations), 'problem')}, {count(len(report.warnings), 'warning')})",
        style="bold green" if report.legal else "bold red",
    )
    lines: list[RenderableType] = [head]
    lines += [_line("✗", v, lang, "red") for v in report.violations]
    lines += [_line("!", w, lang, "yellow") for w in report.warnings]
    return Group(*lines)


def _line(mark: str, v: Violation, lang: str, style: str) -> Text:
    message = v.message_ja if lang == "ja" else v.message
    line = Text(f"{mark} ", style=style)
    line.append(f"{v.code.value}", style=f"bold {style}")
    line.append(plain(f" [{v.section}] {message}"))
    return line


def stats_table(stats: DeckStats) -> Table:
    """One column per group (life, halves, pool, all), one row per measure."""
    groups = [*stats.groups, stats.total]
    table = Table(title="Deck analysis", show_lines=False)
    table.add_column("")
    for group in groups:
        table.add_column(group.key, justify="right")
    types = sorted({t for g in groups for t in g.types})
    rows: list[tuple[str, list[str]]] = [("cards", [str(g.cards) for g in groups])]
    rows += [(CardType(t).label, [str(g.types.get(t, 0) or "") for g in groups]) for t in types]
    rows += [
        ("no type", [str(g.untyped or "") for g in groups]),
        ("unknown", [str(g.unresolved or "") for g in groups]),
        ("free summon (≤05)", [str(g.free_summon) for g in groups]),
        ("games", [_counts(g.games) for g in groups]),
        ("effects", [_counts(g.effects) for g in groups]),
        ("owned / needed", [_owned(g) for g in groups]),
    ]
    for label, cells in rows:
        table.add_row(label, *(text(cell) for cell in cells))
    return table


def _counts(counts: dict[str, int]) -> str:
    return "\n".join(f"{key} {n}" for key, n in sorted(counts.items())) or "—"


def _owned(group: GroupStats) -> str:
    return f"{group.owned}/{group.needed}" if group.needed else "—"


def grade_curve(group: GroupStats, *, title: str) -> RenderableType:
    """Horizontal bars of the units per grade bucket, up to the highest bucket used."""
    used = [label for label, _, _ in BUCKETS if group.grade_curve.get(label)]
    if not used:
        return Text(f"{title}: no units with a grade", style="dim")
    labels = [label for label, _, _ in BUCKETS]
    shown = labels[: labels.index(used[-1]) + 1]
    top = max(group.grade_curve[label] for label in shown)
    lines: list[RenderableType] = [Text(title, style="bold")]
    for label in shown:
        count = group.grade_curve[label]
        width = round(count / top * BAR_WIDTH) if count else 0
        style = "green" if label <= "05" and len(label) == 2 else "cyan"
        line = Text(f"{label:>5} │ ")
        line.append(BAR * width, style=style)
        line.append(f" {count}" if count else "")
        lines.append(line)
    return Group(*lines)


def curves(stats: DeckStats) -> Sequence[RenderableType]:
    """The whole deck's curve, then each half deck's."""
    halves = [g for g in stats.groups if g.key not in ("life",)]
    return [grade_curve(stats.total, title="Grade curve of the units — whole deck")] + [
        grade_curve(g, title=f"Grade curve — {g.key}") for g in halves
    ]
