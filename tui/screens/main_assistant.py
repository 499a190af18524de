"""The main screen's deck assistant: Build for me (F7) opens the deck built as a new unsaved
deck, Complete this deck (F9) fills the open one (an edit ctrl+z takes back); the solver runs
in a worker while a progress dialog shows its best score and bound, and Stop keeps the best
deck found. The explanation — optimal or how close, why each card is there, or why no legal
deck exists and what to acquire — stays in the problems panel while that deck is open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on

from tui import deck_edit
from tui.messages import BuildProgressed, DeckBuilt, LedgerLoaded
from tui.screens.build_deck import BuildDialog, BuildingScreen, BuildRequest
from tui.screens.main_browse import Browsing
from tui.terms import section_label, term
from tui.widgets.problems import ProblemsPanel

if TYPE_CHECKING:
    from deckbuilder.assistant.build import BuildResult
    from deckbuilder.assistant.ledger import Ledger
    from deckbuilder.deck import Deck

#: the most acquisitions named in one line of the explanation
ACQUIRE_SHOWN = 12


def notes_of(result: BuildResult, lang: str) -> tuple[Text, ...]:
    """The explanation of a build, a line each, for the problems panel."""
    pick = 1 if lang == "ja" else 0
    summary = result.summary(lang)
    if result.built:
        lines = [Text(f"★ {term('built_title', lang, summary=summary)}", "bold cyan")]
    else:
        lines = [Text(f"✗ {term('built_none', lang, summary=summary)}", "bold red")]
    for problem in result.problems:
        lines.append(Text(f"  ✗ {problem.message[pick]}", "red"))
    if result.acquire:
        cards = ", ".join(f"{n} {c.card.label}" for c, n in result.acquire[:ACQUIRE_SHOWN])
        if len(result.acquire) > ACQUIRE_SHOWN:
            cards += ", …"
        key = "built_acquire" if result.built else "built_fix"
        lines.append(Text(f"  ⇣ {term(key, lang, cards=cards)}", "yellow"))
    for placed in result.placed:
        line = Text("  ")
        line.append(f"[{section_label(placed.section, lang)}] ", style="dim")
        line.append(placed.candidate.card.label, style="bold")
        line.append(f" — {placed.reason[pick]}")
        lines.append(line)
    return tuple(lines)


class Assisting(Browsing):
    """Needs the main screen's `history`, `place` and `deck_changed`."""

    #: the deck the explanation is about (shown while it, or a later edit of it, is open)
    noted_deck: Deck | None = None
    building: BuildingScreen | None = None
    notes_result: BuildResult | None = None
    #: the owned and committed copies (None until loaded): the owned column's free/owned
    ledger: Ledger | None = None

    def action_build_for_me(self) -> None:
        """F7: the options, then a new deck built from them (after Save/Discard/Cancel)."""
        fmt = self.deck.format_id if deck_edit.is_twgp(self.deck) else "full"

        def chosen(request: BuildRequest | None) -> None:
            if request is not None:
                self.start_build(request, None)

        dialog = BuildDialog(fmt, lang=self.lang)
        self.guard("unsaved_new", lambda: self.app.push_screen(dialog, chosen))

    def action_complete_deck(self) -> None:
        """F9: keep the open deck's lines and fill the rest (`--complete`)."""
        deck = self.deck
        if not deck_edit.is_twgp(deck):
            self.notify(term("complete_not_twgp", self.lang), severity="warning")
            return

        def chosen(request: BuildRequest | None) -> None:
            if request is not None:
                self.start_build(request, deck)

        self.app.push_screen(BuildDialog(deck.format_id, completing=True, lang=self.lang),
                             chosen)  # fmt: skip

    def start_build(self, request: BuildRequest, complete: Deck | None) -> None:
        from deckbuilder.assistant.progress import Hooks

        hooks = Hooks()
        self.building = BuildingScreen(hooks, lang=self.lang)
        self.app.push_screen(self.building)
        self.build_deck(request, complete, hooks)

    @on(BuildProgressed)
    def _build_progressed(self, message: BuildProgressed) -> None:
        if self.building is not None:
            self.building.show(message.progress)

    @on(DeckBuilt)
    def _built(self, message: DeckBuilt) -> None:
        building, self.building = self.building, None
        if building is not None and building.is_attached:
            building.dismiss()
        result = message.result
        if result is None:
            return  # the failure is shown by ServiceFailed
        if result.deck is not None:
            if message.completing:
                self.edit(result.deck)  # an edit of the open deck: ctrl+z takes it back
            else:
                self.history.reset(result.deck)
                self.place = None
                self.comments = ()
                self.saved_deck = None
                self.deck_changed()
        self.notes_result = result
        self.noted_deck = self.history.present
        self.query_one(ProblemsPanel).show_notes(notes_of(result, self.lang))
        self.notify(result.summary(self.lang), severity="information" if result.built
                    else "warning", timeout=6, markup=False)  # fmt: skip

    @on(LedgerLoaded)
    def _ledger_loaded(self, message: LedgerLoaded) -> None:
        self.ledger = message.ledger
        self.show_committed()

    def show_committed(self) -> None:
        """The owned column as free/owned: the copies the saved decks other than the open
        one hold (a saved deck of the open deck's name is that deck)."""
        ledger = self.ledger
        if ledger is None:
            return
        besides = self.deck.name or None
        committed = {identity: held for identity in ledger.committed
                     if (held := ledger.committed_to(identity, besides=besides)) > 0}  # fmt: skip
        self.table.show_committed(committed)

    def refresh_notes(self) -> None:
        """The explanation stays while its deck, or an edit of it, is open; in `lang`."""
        noted = self.noted_deck
        history = self.history
        if noted is None or not any(d is noted for d in (history.present, *history.past)):
            self.noted_deck = self.notes_result = None
            self.query_one(ProblemsPanel).show_notes(())
        elif self.notes_result is not None:
            self.query_one(ProblemsPanel).show_notes(notes_of(self.notes_result, self.lang))
