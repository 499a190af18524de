"""Rich renderings of decks for the CLI: a validation report (problems, then warnings) and the
stats with the grade curve drawn as bars."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from converters.base import CardType
from converters.effects import EFFECT_NAMES_JA
from deckbuilder.codes import Violation
from deckbuilder.section_names import section_name
from deckbuilder.service import ValidationReport
from deckbuilder.stats import BUCKETS, DeckStats, GroupStats
from tui.safe_text import plain, text
from tui.terms import count, term, type_name

BAR = "█"
BAR_WIDTH = 40


def report_lines(report: ValidationReport, *, source: str, lang: str = "en") -> RenderableType:
    """The verdict line, then each violation (✗) and warning (!) with code, section, sentence;
    all in `lang` (the codes stay as they are: they are the same in every language)."""
    deck = report.deck
    if len(report.decks) > 1:
        what = term("report_team", lang, n=len(report.decks))
        cards = sum(d.card_count for d in report.decks)
    elif deck.name:
        what = term("report_deck_named", lang, name=repr(deck.name) if lang != "ja" else deck.name)
        cards = deck.card_count
    else:
        what = term("report_deck", lang)
        cards = deck.card_count
    fmt = deck.format.label_ja if lang == "ja" and deck.plugin_format is None else report.format_id
    head = text(
        term("report_summary", lang, source=source, format=fmt, what=what,
             cards=count(cards, "card", lang),
             verdict=term("verdict_legal" if report.legal else "verdict_illegal", lang),
             problems=count(len(report.violations), "problem", lang),
             warnings=count(len(report.warnings), "warning", lang)),
        style="bold green" if report.legal else "bold red",
    )
    lines: list[RenderableType] = [head]
    lines += [_line("✗", v, lang, "red") for v in report.violations]
    lines += [_line("!", w, lang, "yellow") for w in report.warnings]
    return Group(*lines)


def _line(mark: str, v: Violation, lang: str, style: str) -> Text:
    message = v.message_ja if lang == "ja" else v.message
    section = section_name(v.section, lang) if lang == "ja" else v.section
    line = Text(f"{mark} ", style=style)
    line.append(f"{v.code.value}", style=f"bold {style}")
    line.append(plain(f" [{section}] {message}"))
    return line


def stats_table(stats: DeckStats, lang: str = "en") -> Table:
    """One column per group (life, halves, pool, all), one row per measure, in `lang`."""
    groups = [*stats.groups, stats.total]
    table = Table(title=term("stats_title", lang), show_lines=False)
    table.add_column("", overflow="fold")  # Japanese has no spaces to wrap at: fold it
    for group in groups:
        table.add_column(_group_name(group.key, lang), justify="right", overflow="fold")
    types = sorted({t for g in groups for t in g.types})
    rows: list[tuple[str, list[str]]] = [
        (term("stats_cards", lang), [str(g.cards) for g in groups])
    ]
    rows += [
        (type_name(CardType(t), lang), [str(g.types.get(t, 0) or "") for g in groups])
        for t in types
    ]
    rows += [
        (term("no_type", lang), [str(g.untyped or "") for g in groups]),
        (term("stats_unknown", lang), [str(g.unresolved or "") for g in groups]),
        (term("free_summon", lang), [str(g.free_summon) for g in groups]),
        (term("games_mixed", lang), [_counts(g.games) for g in groups]),
        (term("effects", lang), [_counts(_effects(g.effects, lang)) for g in groups]),
        (term("owned_needed", lang), [_owned(g) for g in groups]),
    ]
    for label, cells in rows:
        table.add_row(label, *(text(cell) for cell in cells))
    return table


def _group_name(key: str, lang: str) -> str:
    """A stats group's column: its section's name in Japanese ("all": 全体), its key else."""
    if lang != "ja":
        return key
    return term("stats_all", lang) if key == "all" else section_name(key, lang)


def _effects(counts: dict[str, int], lang: str) -> dict[str, int]:
    if lang != "ja":
        return counts
    return {EFFECT_NAMES_JA.get(name.lower(), name): n for name, n in counts.items()}


def _counts(counts: dict[str, int]) -> str:
    return "\n".join(f"{key} {n}" for key, n in sorted(counts.items())) or "—"


def _owned(group: GroupStats) -> str:
    return f"{group.owned}/{group.needed}" if group.needed else "—"


def grade_curve(group: GroupStats, *, title: str, lang: str = "en") -> RenderableType:
    """Horizontal bars of the units per grade bucket, up to the highest bucket used."""
    used = [label for label, _, _ in BUCKETS if group.grade_curve.get(label)]
    if not used:
        return Text(term("curve_empty", lang, title=title), style="dim")
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


def curves(stats: DeckStats, lang: str = "en") -> Sequence[RenderableType]:
    """The whole deck's curve, then each half deck's."""
    halves = [g for g in stats.groups if g.key not in ("life",)]
    whole = grade_curve(stats.total, title=term("curve_whole", lang), lang=lang)
    return [whole] + [
        grade_curve(g, title=term("curve_of", lang, group=_group_name(g.key, lang)), lang=lang)
        for g in halves
    ]
