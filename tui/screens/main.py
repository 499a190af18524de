"""The main screen: search and browse the catalog on the left (results, card detail, deck
charts), build the deck on the right (sections, live problems). Service calls run in workers
(tui/workers.py); this module turns keys and messages into edits and redraws."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, Static, TabbedContent, TabPane, Tabs

from catalog.base.errors import DatabaseError, QuerySyntaxError
from tui import deck_edit
from tui.keys import bindings, relabel
from tui.messages import (
    CardLoaded,
    CardOverridden,
    CardsCounted,
    CardsFound,
    DeckValidated,
    SearchFailed,
    ServiceFailed,
)
from tui.recovery import RecoveryFile
from tui.screens.deck_files import DeckPlace
from tui.screens.error_modal import ErrorModal
from tui.screens.main_assistant import Assisting
from tui.suggest import QuerySuggester
from tui.terms import Doing, count, error_detail, error_title, term
from tui.widgets.card_table import CardTable
from tui.widgets.deck_charts import DeckCharts
from tui.widgets.deck_pane import DeckPane
from tui.widgets.detail_pane import DetailPane
from tui.widgets.problems import ProblemsPanel
from tui.widgets.search_box import SearchBox

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckbuilder.deck import Deck
    from deckbuilder.service import ValidationReport
    from tui.services import Services

DEBOUNCE = 0.15  # seconds of quiet typing before a search runs
#: seconds the results stay before their total is counted and their first card loaded in full
#: (while typing, each search's extra work would slow the next one down)
SETTLE = 0.25
#: failures shown as a notification; anything else the user asked for gets a modal
QUIET = ("check", "more", "printings")


class MainScreen(Assisting):
    BINDINGS: ClassVar[list[BindingType]] = bindings("screen")

    def __init__(self, services: Services, *, lang: str = "en", reopen: bool = False) -> None:
        """`reopen`: offer the recent decks at start (no deck was named to open)."""
        super().__init__()
        self.services = services
        self.lang = lang
        self.reopen = reopen
        self.history = deck_edit.History()
        self.place: DeckPlace | None = None
        self.saved_deck: Deck | None = self.history.present
        self.report: ValidationReport | None = None
        self.query_text = ""
        self.search_seq = 0
        self.validate_seq = 0
        self._debounce: Timer | None = None
        self._settle: Timer | None = None
        self.warmed = False
        self.keep_card: int | None = None  # the card to stay on when the next results come
        self.recovery = RecoveryFile()

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(icon="⚔")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield SearchBox(id="search", suggester=QuerySuggester(self.services.games()))
                yield Static(id="results-status")
                yield CardTable(id="cards")
                with TabbedContent(id="lower"):
                    with TabPane("Card", id="tab-card"):
                        yield DetailPane(id="detail")
                    with TabPane("Deck stats", id="tab-stats"):
                        yield DeckCharts(id="charts")
            with Vertical(id="right"):
                yield DeckPane(id="deck")
                yield ProblemsPanel(id="problems")
        yield Footer()

    def on_mount(self) -> None:
        # the tabs are switched with F6: a focus stop on them would be one more, unseen
        self.query_one(TabbedContent).query_one(Tabs).can_focus = False
        self.apply_lang(self.lang)
        self.query_one("#search", Input).focus()
        self.deck_changed(reset=True)
        self.call_after_refresh(self.run_search, "")  # paint first, then load the catalog
        self.call_after_refresh(self.offer_at_start, self.reopen)

    # -- language ----------------------------------------------------------------------------

    def apply_lang(self, lang: str) -> None:
        self.lang = lang
        relabel(self, "screen", lang)
        relabel(self.deck_pane, "deck", lang)
        relabel(self.problems, "problems", lang)
        self.query_one("#search", Input).placeholder = term("search_placeholder", lang)
        self.query_one("#search", Input).border_title = term("search", lang)
        self.table.set_lang(lang)
        self.table.border_title = term("cards", lang)
        self.query_one(DetailPane).set_lang(lang)
        self.query_one(DeckCharts).set_lang(lang)
        self.deck_pane.set_lang(lang)
        self.problems.set_lang(lang)
        self.refresh_notes()
        tabs = self.query_one(TabbedContent)
        tabs.get_tab("tab-card").label = term("card", lang)
        tabs.get_tab("tab-stats").label = term("stats", lang)
        self.show_title()
        self.show_results_status()
        self.show_card_keys()
        self.show_sort()

    # -- widgets -----------------------------------------------------------------------------

    @property
    def problems(self) -> ProblemsPanel:
        return self.query_one(ProblemsPanel)

    def show_title(self) -> None:
        deck = self.deck
        name = deck.name or term("untitled", self.lang)
        fmt = deck.format_id
        if deck_edit.is_twgp(deck) and self.lang == "ja":
            fmt = deck.format.label_ja
        mark = " *" if self.dirty else ""
        self.title = "twgp"
        parts = [f"{name}{mark}", fmt, self.place.short(self.lang) if self.place else ""]
        self.sub_title = " · ".join(p for p in [*parts, self.services.where] if p)
        self.deck_pane.border_title = f"{term('deck', self.lang)}: {name}{mark} ({fmt})"
        self.deck_pane.border_subtitle = self.last_edit

    # -- search ------------------------------------------------------------------------------

    @on(Input.Changed, "#search")
    def _typed(self, event: Input.Changed) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        value = event.value
        if value == self.query_text:
            return  # already searched (a sort written into the box)
        self._debounce = self.set_timer(DEBOUNCE, lambda: self.run_search(value))

    @on(Input.Submitted, "#search")
    def _submitted(self, event: Input.Submitted) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        if event.value != self.query_text:
            self.run_search(event.value)
        self.table.focus()

    def run_search(self, query: str) -> None:
        self.search_seq += 1
        self.query_text = query
        self.show_sort()
        self.query_one("#results-status", Static).update(Text(term("searching", self.lang), "dim"))
        self.search(self.search_seq, query)

    @on(CardsFound)
    def _found(self, message: CardsFound) -> None:
        if message.seq != self.search_seq:
            return
        if message.offset == 0:
            if not self.warmed:  # the catalog is open now: name it, and load the rest
                self.warmed = True
                self.show_title()
                self.warm_up()
                self.load_ledger()
            self.table.show(message.cards, message.total, message.query)
            if self.keep_card is not None:
                self.table.move_to_card(self.keep_card)
                self.keep_card = None
            if not message.cards:
                self.query_one(DetailPane).show(None)
            if message.total is None:
                self._after_settling(lambda: self.count_matches(message.seq, message.query))
        else:
            self.table.extend(message.cards)
        self.show_results_status()

    @on(CardsCounted)
    def _counted(self, message: CardsCounted) -> None:
        if message.seq == self.search_seq:
            self.table.total = message.total
            self.show_results_status()

    @on(SearchFailed)
    def _search_failed(self, message: SearchFailed) -> None:
        if message.seq != self.search_seq:
            return
        status = self.query_one("#results-status", Static)
        error, lang = message.error, self.lang
        shown = error.message if lang != "ja" else f"{error_title(error, lang)}: {error.message}"
        status.update(Text(shown, "red"))
        if not isinstance(error, QuerySyntaxError):
            self.report_failure(Doing("search"), error)

    @on(CardTable.MoreWanted)
    def _more(self, message: CardTable.MoreWanted) -> None:
        self.search_more(self.search_seq, self.query_text, message.offset)

    def show_status(self, text: str) -> None:
        self.query_one("#results-status", Static).update(Text(text, "dim"))

    def show_results_status(self) -> None:
        """ "2 cards · 3 of 3 printings": the rows (card identities), then the printings
        loaded of all that match."""
        shown, total, lang = len(self.table.cards), self.table.total, self.lang
        key = "results" if total is not None and shown >= total else "results_more"
        text = term(
            key,
            lang,
            cards=count(len(self.table.groups), "card", lang),
            printings=count(shown, "printing", lang),
            shown=shown,
            total="?" if total is None else total,
        )
        self.query_one("#results-status", Static).update(Text(text, "dim"))

    # -- the card detail ---------------------------------------------------------------------

    def _after_settling(self, then: Callable[[], object]) -> None:
        if self._settle is not None:
            self._settle.stop()
        self._settle = self.set_timer(SETTLE, then)

    @on(CardTable.CardHighlighted)
    def _highlighted(self, message: CardTable.CardHighlighted) -> None:
        """The card under the cursor in full, once the cursor (or the typing) has paused."""
        card = message.card

        def show() -> None:
            if self.table.highlighted is card:
                self.query_one(DetailPane).show(card)
                self.load_card(card)

        self.set_timer(SETTLE / 2, show)

    @on(CardLoaded)
    def _card_loaded(self, message: CardLoaded) -> None:
        self.query_one(DetailPane).show(message.card, message.printings)

    # -- the deck ----------------------------------------------------------------------------

    def deck_changed(self, *, reset: bool = False) -> None:
        """Redraw the deck and check it again (in a worker)."""
        if reset:
            self.saved_deck = self.deck
            self.last_edit = ""
            self.show_committed()
        self.deck_pane.show_deck(self.deck)
        self.show_card_keys()
        self.refresh_notes()
        self.problems.show_pending()
        self.show_title()
        self.sync_recovery()
        self.validate_seq += 1
        self.validate(self.validate_seq, self.deck, self.place, self.ledger)

    @on(DeckValidated)
    def _validated(self, message: DeckValidated) -> None:
        if message.seq != self.validate_seq:
            return
        self.report = message.report
        self.deck_pane.show_report(message.report)
        self.problems.show_report(message.report)
        self.query_one(DeckCharts).show(message.report.stats.total)

    # -- actions (keys, palette) -------------------------------------------------------------

    def action_undo(self) -> None:
        if self.history.undo():
            self.deck_changed()
        else:
            self.notify(term("nothing_undo", self.lang), timeout=2)

    def action_redo(self) -> None:
        if self.history.redo():
            self.deck_changed()
        else:
            self.notify(term("nothing_redo", self.lang), timeout=2)

    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_focus_results(self) -> None:
        """↓ from the search box: the list, searched now for what the box shows if that
        has not been searched yet (the add keys wait for its results: `results_of_box`)."""
        box = self.query_one("#search", Input)
        if box.value != self.query_text:
            if self._debounce is not None:
                self._debounce.stop()
            self.run_search(box.value)
        self.table.focus()

    def type_into_search(self, text: str) -> None:
        """Move to the search box now and type `text` there, after what it has already been
        sent (its focus comes first: typing then replaces the query, as after Esc)."""
        box = self.query_one("#search", Input)
        self.set_focus(box)
        if text:
            box.post_message(events.Key(text, text))

    def action_toggle_lang(self) -> None:
        self.app.action_toggle_lang()  # type: ignore[attr-defined]

    def action_toggle_lower(self) -> None:
        tabs = self.query_one(TabbedContent)
        tabs.active = "tab-stats" if tabs.active == "tab-card" else "tab-card"

    def action_query_help(self) -> None:
        from tui.screens.query_help import QueryHelpScreen

        self.app.push_screen(QueryHelpScreen(self.lang))

    def action_rules(self) -> None:
        """F5: the rules, at the section of the highlighted problem or card detail."""
        from tui.rules_sections import PROBLEM_SECTIONS
        from tui.screens.rules import RulesScreen

        section = None
        focused = self.focused
        if isinstance(focused, ProblemsPanel) and focused.highlighted is not None:
            problem = focused.problem_at(focused.highlighted)
            section = PROBLEM_SECTIONS.get(problem.code.value) if problem else None
        elif isinstance(focused, DetailPane):
            section = "grade"
        self.app.push_screen(RulesScreen(self.lang, section))

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.lang))

    # -- results of the workers --------------------------------------------------------------

    @on(ServiceFailed)
    def _failed(self, message: ServiceFailed) -> None:
        self.report_failure(message.doing, message.error)

    def report_failure(self, doing: Doing, error: Exception) -> None:
        """Our errors reach the user here: a busy catalog or a background failure as a
        notification, anything the user asked for as a modal."""
        text = getattr(error, "message", str(error))
        if doing.key == "save":
            self.after_save = None  # the deck it guarded stays
        if isinstance(error, DatabaseError) and "locked" in text:
            self.notify(
                term("catalog_busy", self.lang),
                title=term("catalog_busy_title", self.lang),
                severity="warning",
            )
        elif doing.key in QUIET:
            lang = self.lang
            title = error_title(error, lang) + term("while", lang, doing=doing.text(lang))
            self.notify(error_detail(text, lang), title=title, severity="error", markup=False)
        else:
            from converters.errors import TwgpError

            wrapped = error if isinstance(error, TwgpError) else TwgpError(text)
            self.app.push_screen(ErrorModal(wrapped, doing=doing, lang=self.lang))

    @on(CardOverridden)
    def _overridden(self, message: CardOverridden) -> None:
        """The card as overridden, and the list searched again: the override may change
        which cards the query finds (type:unit) and their order (sort:grade)."""
        self.table.replace_card(message.card)
        self.query_one(DetailPane).show(message.card)
        self.load_card(message.card)
        self.deck_changed()
        self.keep_card = message.card.id
        self.run_search(self.query_text)
        text = term("override_saved", self.lang, name=message.card.name)
        self.notify(text, timeout=3, markup=False)

    @on(CardTable.CardAction)
    def _card_action(self, message: CardTable.CardAction) -> None:
        if message.action == "override":
            self.ask_override(message.card)
        else:
            self.fetch_online(message.card)
