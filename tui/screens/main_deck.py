"""The main screen's deck editing, in the sections of the format the deck declares: adding the
highlighted card (one-key adds for TWGP's sections, `e` for another format's first section,
the section picker for any), removing, moving, setting a header field (a roster's character),
the format cycle (F4) and jumping to the cards a problem names."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual import on
from textual.widgets import Input, TabbedContent

from deckbuilder.deck import ENTRY, LIBRARY, Entry
from deckbuilder.rule_facts import HALF_DECK_SIZE
from tui import deck_edit
from tui.keys import relabel
from tui.messages import CandidatesFound
from tui.screens.main_files import DeckFiles
from tui.terms import count, section_label, term
from tui.widgets.card_table import CardTable
from tui.widgets.deck_pane import DeckPane, Spot
from tui.widgets.problems import ProblemsPanel

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from catalog.cards.views import CardView
    from deckbuilder.deck import Deck
    from deckbuilder.service import ValidationReport

#: the id of the `e` key's binding: in another format's deck it adds to its first section
FIRST_SECTION_KEY = "cards.add.e"


def sections_text(keys: Iterable[str]) -> str:
    return ", ".join(f"[{key}]" for key in keys)


class DeckEditing(DeckFiles):
    """Needs the main screen's `lang` and `deck_changed`."""

    lang: str
    #: the last card added, shown under the deck (a notification would cover the problems)
    last_edit: str = ""
    report: ValidationReport | None

    @property
    def deck(self) -> Deck:
        return self.history.present

    @property
    def table(self) -> CardTable:
        return self.query_one(CardTable)

    @property
    def deck_pane(self) -> DeckPane:
        return self.query_one(DeckPane)

    def edit(self, deck: Deck) -> None:
        if self.history.apply(deck):
            self.deck_changed()

    def show_card_keys(self) -> None:
        """The card list's add keys for the deck's format: TWGP's one-key adds, or `e`
        named after another format's first section (the others hidden)."""
        deck = self.deck
        first = next(iter(deck_edit.format_sections(deck.format_id)), None)
        labels = {FIRST_SECTION_KEY: section_label(first, self.lang)} if first else {}
        self.table.twgp_deck = deck_edit.is_twgp(deck)
        relabel(self.table, "cards", self.lang, labels)
        self.refresh_bindings()

    # -- adding ------------------------------------------------------------------------------

    def results_of_box(self, query: str | None) -> bool:
        """Whether a list showing the results of `query` is the result of what the search
        box shows; if not, the key that asked is refused with a word (its results are on
        their way: a key never acts on an older list)."""
        wanted = self.query_one("#search", Input).value
        if query == wanted:
            return True
        text = term("results_pending", self.lang, query=wanted)
        self.notify(text, severity="warning", timeout=3, markup=False)
        return False

    @on(CardTable.AddRequested)
    def _add_requested(self, message: CardTable.AddRequested) -> None:
        if not self.results_of_box(message.query):
            return
        card = message.card
        if message.section == "?":
            title = term("pick_add", self.lang, name=card.name)
            self.pick_section(title, lambda key: self.add_card(card, key))
            return
        section = self.resolve_section(message.section)
        if section is not None:
            self.add_card(card, section)

    def resolve_section(self, wanted: str) -> str | None:
        """`final` means the final (full) or added half (trial) the deck pane is on, else
        the first one; in another format's deck the library key (`e`) means its first
        section and the other TWGP sections are refused; other keys are themselves."""
        deck = self.deck
        if not deck_edit.is_twgp(deck):
            sections = deck_edit.format_sections(deck.format_id)
            if wanted == LIBRARY and sections:
                return sections[0]
            text = term("twgp_only_key", self.lang, format=deck.format_id,
                        sections=sections_text(sections))  # fmt: skip
            self.notify(text, severity="warning", markup=False)
            return None
        if wanted != "final":
            return wanted
        spot = self.deck_pane.spot
        target = deck_edit.final_target(deck, spot.section if spot else None)
        if target is None:
            self.notify(term("no_finals", self.lang), severity="warning")
            return None
        if deck_edit.count(deck, target) >= HALF_DECK_SIZE:  # a full half deck: stop there
            label = section_label(target, self.lang)
            self.notify(term("final_full", self.lang, section=label), severity="warning")
            return None
        return target

    def add_card(self, card: CardView, section: str | None) -> None:
        if section is None:
            return
        try:
            entry = Entry(1, card.game, card.name, card.source_id)
        except ValueError as exc:
            text = term("not_writable", self.lang, name=card.name, reason=exc)
            self.notify(text, severity="error", markup=False)
            return
        self.edit(deck_edit.add(self.deck, section, entry))
        self.deck_pane.go_to(Spot(section, self._index_of(section, entry)))
        self.last_edit = f"+ {card.name} → {section_label(section, self.lang)}"
        self.show_title()

    def _index_of(self, section: str, entry: Entry) -> int:
        lines = self.deck.section(section)
        return next((i for i, e in enumerate(lines) if deck_edit.same_card(e, entry)), 0)

    def pick_section(self, title: str, then: Callable[[str | None], None]) -> None:
        from tui.screens.section_picker import SectionPicker

        sections = [(key, section_label(key, self.lang)) for key in deck_edit.layout(self.deck)]
        self.app.push_screen(SectionPicker(title, sections), then)

    # -- lines and fields --------------------------------------------------------------------

    @on(DeckPane.EntryAction)
    def _entry_action(self, message: DeckPane.EntryAction) -> None:
        spot = message.spot
        if message.action == "field" and spot.field is not None:
            self.ask_field(spot.field)
            return
        if spot.index is None or spot.index >= len(self.deck.section(spot.section)):
            return
        entry = self.deck.section(spot.section)[spot.index]
        if message.action == "remove":
            self.edit(deck_edit.remove(self.deck, spot.section, spot.index))
        elif message.action == "delete_line":
            self.edit(deck_edit.remove_line(self.deck, spot.section, spot.index))
            self.last_edit = f"− {entry.qty}× {entry.name}"
            self.show_title()
        elif message.action == "move_all":
            title = term("pick_move_all", self.lang, qty=entry.qty, name=entry.name)
            self.pick_section(title, lambda to: self.move_entry(spot, to, every=True))
        elif message.action == "more":
            self.edit(deck_edit.add(self.deck, spot.section, replace(entry, qty=1)))
        elif message.action == "move":
            title = term("pick_move", self.lang, name=entry.name)
            self.pick_section(title, lambda to: self.move_entry(spot, to))
        elif not self.settle_line(spot.section, spot.index, entry):
            self.query_one(TabbedContent).active = "tab-card"
            self.load_card_ref(f"{entry.game}:{entry.source_id or entry.name}")

    def settle_line(self, section: str, index: int, entry: Entry) -> bool:
        """Enter on a line that names no card, or several: look for the cards it may mean
        (the picker follows, CandidatesFound). False for a line that resolved."""
        report = self.report
        resolved = report.resolved.section(section) if report is not None else ()
        if index >= len(resolved) or not deck_edit.same_card(resolved[index].entry, entry):
            return False
        line = resolved[index]
        if line.card is not None:
            return False
        identities = [f"{c.game}:{c.source_id}" for c in line.candidates]
        self.find_candidates(section, index, entry, identities, list(line.suggestions))
        return True

    @on(CandidatesFound)
    def _candidates_found(self, message: CandidatesFound) -> None:
        from tui.screens.candidates import CandidatePicker

        def picked(card: CardView | None) -> None:
            entries = self.deck.section(message.section)
            if card is None or message.index >= len(entries):
                return
            old = entries[message.index]
            settled = replace(old, game=card.game, name=card.name, source_id=card.source_id)
            self.edit(deck_edit.replace_line(self.deck, message.section, message.index, settled))
            text = term("settled", self.lang, name=card.name, ref=card.source_id)
            self.last_edit = text
            self.show_title()

        picker = CandidatePicker(message.line, message.cards, lang=self.lang)
        self.app.push_screen(picker, picked)

    def move_entry(self, spot: Spot, to: str | None, *, every: bool = False) -> None:
        """Move one copy of the line at `spot` to section `to` (`every`: all its copies)."""
        if to is None or spot.index is None:
            return
        entry = self.deck.section(spot.section)[spot.index]
        move = deck_edit.move_line if every else deck_edit.move
        self.edit(move(self.deck, spot.section, spot.index, to))
        self.deck_pane.go_to(Spot(to, self._index_of(to, entry)))

    def ask_field(self, name: str) -> None:
        from tui.screens.field_prompt import FieldPrompt

        def chosen(value: str | None) -> None:
            if value is None:
                return
            try:
                self.edit(deck_edit.set_field(self.deck, name, value))
            except ValueError as exc:
                text = term("field_invalid", self.lang, reason=exc)
                self.notify(text, severity="error", markup=False)

        prompt = FieldPrompt(name, self.deck.fields.get(name, ""), lang=self.lang)
        self.app.push_screen(prompt, chosen)

    def action_remove_untyped(self) -> None:
        """ctrl+x: every card with no TWGP type out of the deck (an imported draft's basic
        lands), as the last validation found them; one notification says which."""
        report, lang = self.report, self.lang
        if report is None:
            return
        deck, removed = deck_edit.without_untyped(self.deck, report.resolved)
        if not removed:
            self.notify(term("untyped_none", lang), timeout=3)
            return
        self.edit(deck)
        names = ", ".join(dict.fromkeys(entry.name for entry in removed))
        copies = sum(entry.qty for entry in removed)
        text = term("untyped_removed", lang, cards=count(copies, "card", lang), names=names)
        self.last_edit = text
        self.show_title()
        self.notify(text, timeout=5, markup=False)

    # -- the format --------------------------------------------------------------------------

    def action_cycle_format(self) -> None:
        """F4: the next installed format the deck's cards fit (no card is moved or dropped);
        the formats passed over, and fields the new one does not read, are told."""
        deck, lang = self.deck, self.lang
        chosen, skipped = deck_edit.next_format(deck)
        stuck = sections_text(dict.fromkeys(k for f in skipped for k in deck_edit.misfits(deck, f)))
        if chosen is None:
            text = term("format_stuck", lang, sections=stuck)
            self.notify(text, severity="warning", markup=False)
            return
        changed, dropped = deck_edit.set_format(deck, chosen)
        self.edit(changed)
        notes = []
        if skipped:
            notes.append(term("format_skipped", lang, formats=", ".join(skipped), sections=stuck))
        if dropped:
            fields = deck_edit.fields_text(dropped)
            notes.append(term("format_dropped", lang, fields=fields, format=chosen))
        if notes:
            self.notify("\n".join(notes), title=chosen, timeout=5, markup=False)

    # -- problems ----------------------------------------------------------------------------

    @on(ProblemsPanel.ProblemSelected)
    def _problem_selected(self, message: ProblemsPanel.ProblemSelected) -> None:
        """Jump to the first line the problem names; again, to the next one (it cycles)."""
        problem = message.problem
        spots = self.deck_pane.lines_named(problem.section, problem.cards)
        if not spots:
            sections = deck_edit.layout(self.deck)
            section = LIBRARY if problem.section == ENTRY else problem.section
            spots = [Spot(section)] if section in sections else []
        if not spots:
            return
        here = self.deck_pane.spot
        target = spots[(spots.index(here) + 1) % len(spots)] if here in spots else spots[0]
        self.deck_pane.go_to(target)
        self.deck_pane.focus()
