"""The live validation panel: the deck builder's violations and warnings (same codes and
sentences as `twgp deck validate`), each selectable to jump to the cards it names; a clear
"legal" line when there are no violations; below them, the deck assistant's explanation of the
deck it built (its summary, why each card is there, what to acquire) while that deck is open."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from deckbuilder.codes import Code, Violation
from deckbuilder.service import ValidationReport
from tui.keys import bindings
from tui.terms import term


def problem_text(problem: Violation, lang: str, *, warning: bool) -> Text:
    mark, style = ("⚠", "yellow") if warning else ("✗", "red")
    text = Text(f"{mark} ", style=f"bold {style}")
    text.append(problem.code.value, style=f"bold {style}")
    text.append(f" [{problem.section}] ", style="dim")
    text.append(problem.message_ja if lang == "ja" else problem.message)
    return text


class ProblemsPanel(OptionList):
    BINDINGS = bindings("problems")

    @dataclass
    class ProblemSelected(Message):
        panel: ProblemsPanel
        problem: Violation

        @property
        def control(self) -> ProblemsPanel:
            return self.panel

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.report: ValidationReport | None = None
        self.problems: list[Violation] = []
        self.lang = "en"
        self.pending = False
        self.hide_not_owned = False
        #: the deck assistant's explanation (lines shown after the problems; () for none)
        self.notes: tuple[Text, ...] = ()

    def show_report(self, report: ValidationReport) -> None:
        self.report = report
        self.pending = False
        self.redraw()

    def show_pending(self) -> None:
        self.pending = True
        self.border_subtitle = term("validating", self.lang)

    def show_notes(self, notes: tuple[Text, ...]) -> None:
        """The deck assistant's explanation under the problems (() removes it)."""
        if notes != self.notes:
            self.notes = notes
            self.redraw()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.redraw()

    @property
    def legal(self) -> bool | None:
        return None if self.report is None else self.report.legal

    def redraw(self) -> None:
        highlighted = self.highlighted
        self.clear_options()
        self.problems = []
        report, lang = self.report, self.lang
        self.border_subtitle = ""
        if report is None:
            self.border_title = term("problems", lang)
            return
        options: list[Option] = []
        for problem in report.violations:
            self.problems.append(problem)
            options.append(Option(problem_text(problem, lang, warning=False)))
        if report.legal:
            options.insert(0, Option(Text(f"✓ {term('legal', lang)}", "bold green"), disabled=True))
        hidden = 0
        for problem in report.warnings:
            if self.hide_not_owned and problem.code is Code.NOT_OWNED:
                hidden += 1
                continue
            self.problems.append(problem)
            options.append(Option(problem_text(problem, lang, warning=True)))
        options += [Option(note, disabled=True) for note in self.notes]
        self.add_options(options)
        counts = [term("illegal", lang, count=len(report.violations))] if not report.legal else []
        if report.warnings:
            counts.append(term("warnings_count", lang, count=len(report.warnings)))
        if hidden:
            counts.append(term("hidden_not_owned", lang, count=hidden))
        if report.legal:
            counts.insert(0, "✓ " + term("legal_short", lang))
        self.border_title = f"{term('problems', lang)} — {', '.join(counts)}"
        self.set_class(report.legal, "legal")
        self.set_class(not report.legal, "illegal")
        if highlighted is not None and options:
            self.highlighted = min(highlighted, len(options) - 1)
        self.show_section()

    def on_focus(self) -> None:
        """Enter works at once: the first problem is highlighted when the panel gets the focus."""
        if self.highlighted is None and self.problems:
            self.highlighted = 1 if self.report is not None and self.report.legal else 0
        self.show_section()

    def on_blur(self) -> None:
        self.show_section(focused=False)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self.show_section()

    def show_section(self, *, focused: bool | None = None) -> None:
        """While the panel has the focus: the rules section that explains the highlighted
        problem, which F5 opens ("F5 → 3. Decks and life sets")."""
        from tui.rules_sections import PROBLEM_SECTIONS
        from tui.screens.rules import section_title

        if self.pending:
            return
        problem = self.problem_at(self.highlighted) if self.highlighted is not None else None
        if problem is None or not (self.has_focus if focused is None else focused):
            self.border_subtitle = ""
            return
        section = PROBLEM_SECTIONS.get(problem.code.value, "problems")
        title = section_title(section, self.lang)
        self.border_subtitle = term("problem_rules", self.lang, section=title)

    def problem_at(self, index: int) -> Violation | None:
        offset = 1 if self.report is not None and self.report.legal else 0
        position = index - offset
        return self.problems[position] if 0 <= position < len(self.problems) else None

    def action_toggle_not_owned(self) -> None:
        self.hide_not_owned = not self.hide_not_owned
        self.redraw()

    def action_jump(self) -> None:
        if self.highlighted is not None:
            self._announce(self.highlighted)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._announce(event.option_index)

    def _announce(self, index: int) -> None:
        problem = self.problem_at(index)
        if problem is not None:
            self.post_message(self.ProblemSelected(self, problem))
