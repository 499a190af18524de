"""The main screen's service calls, each in a thread worker that answers with a message
(tui/messages.py). Searches and validations are exclusive: a newer one cancels the older, and
a cancelled worker posts nothing. Our errors come back as ServiceFailed, never raised."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from textual import work
from textual.message import Message
from textual.screen import Screen
from textual.worker import Worker, WorkerState, get_current_worker

from converters.errors import TwgpError
from tui.messages import (
    BuildProgressed,
    CandidatesFound,
    CardLoaded,
    CardOverridden,
    CardsCounted,
    CardsFetched,
    CardsFound,
    DeckBuilt,
    DeckExported,
    DeckImported,
    DeckOpened,
    DeckSaved,
    DeckValidated,
    FetchProgressed,
    LedgerLoaded,
    SearchFailed,
    ServiceFailed,
)
from tui.screens.error_modal import ErrorModal
from tui.terms import Doing, term

if TYPE_CHECKING:
    from catalog.cards.views import CardView
    from catalog.saved.decks import DeckRecord
    from deckbuilder.assistant.ledger import Ledger
    from deckbuilder.assistant.progress import Hooks, Progress
    from deckbuilder.deck import Deck, Entry
    from tui.screens.build_deck import BuildRequest
    from tui.screens.deck_files import DeckPlace
    from tui.screens.override import OverrideRequest
    from tui.services import Services

T = TypeVar("T")
log = logging.getLogger(__name__)
PAGE = 100  # rows per search page: a screenful several times over, fast on any catalog
PROGRESS_EVERY = 0.1  # seconds between two progress reports of the deck assistant


class ServiceWorkers(Screen[None]):
    """A screen that calls the services in workers. Subclasses set `services`."""

    services: Services
    lang: str = "en"

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A worker that died of something other than our errors is a bug: say so in the UI
        (and the log) rather than let a traceback take the terminal."""
        error = event.worker.error
        if event.state is WorkerState.ERROR and error is not None:
            log.error("worker %s failed", event.worker.name, exc_info=error)
            bug = TwgpError(term("bug", self.lang, error=repr(error)))
            self.app.push_screen(ErrorModal(bug, lang=self.lang))

    def _post(self, message: Message) -> None:
        self.post_message(message)

    def _call(self, doing: Doing, call: Callable[[], T]) -> T | None:
        """`call()`, or None after posting ServiceFailed for one of our errors."""
        try:
            return call()
        except TwgpError as exc:
            if not get_current_worker().is_cancelled:
                self.post_message(ServiceFailed(doing, exc))
            return None

    @work(thread=True, exclusive=True, exit_on_error=False, group="search")
    def search(self, seq: int, query: str) -> None:
        worker = get_current_worker()
        try:
            cards = self.services.search(query, limit=PAGE)
            if worker.is_cancelled:
                return
            total = len(cards) if len(cards) < PAGE else None
            self.post_message(CardsFound(seq, query, cards, 0, total))
        except TwgpError as exc:
            if not worker.is_cancelled:
                self.post_message(SearchFailed(seq, query, exc))

    @work(thread=True, exclusive=True, exit_on_error=False, group="count")
    def count_matches(self, seq: int, query: str) -> None:
        """How many cards the query matches in all: asked once typing has paused, so that
        counting never slows the next search down."""
        counted = self._call(Doing("search"), lambda: self.services.count(query))
        if counted is not None and not get_current_worker().is_cancelled:
            self.post_message(CardsCounted(seq, counted))

    @work(thread=True, exit_on_error=False, group="warm")
    def warm_up(self) -> None:
        self.services.warm_up()

    @work(thread=True, exclusive=True, exit_on_error=False, group="more")
    def search_more(self, seq: int, query: str, offset: int) -> None:
        cards = self._call(
            Doing("more"), lambda: self.services.search(query, limit=PAGE, offset=offset)
        )
        if cards is not None and not get_current_worker().is_cancelled:
            self.post_message(CardsFound(seq, query, cards, offset, None))

    @work(thread=True, exclusive=True, exit_on_error=False, group="card")
    def load_card(self, card: CardView) -> None:
        printings = self._call(Doing("printings"), lambda: self.services.printings(card))
        if printings is not None and not get_current_worker().is_cancelled:
            self.post_message(CardLoaded(card, printings))

    @work(thread=True, exclusive=True, exit_on_error=False, group="card")
    def load_card_ref(self, ref: str) -> None:
        card = self._call(Doing("lookup", ref), lambda: self.services.card(ref))
        if card is None:
            return
        printings = self._call(Doing("printings"), lambda: self.services.printings(card))
        if printings is not None and not get_current_worker().is_cancelled:
            self.post_message(CardLoaded(card, printings))

    @work(thread=True, exclusive=True, exit_on_error=False, group="card")
    def find_candidates(
        self, section: str, index: int, entry: Entry, identities: list[str], names: list[str]
    ) -> None:
        line = f"{entry.qty} {entry.game} {entry.name}"
        cards = self._call(
            Doing("candidates", line),
            lambda: self.services.line_candidates(entry.game, identities, names),
        )
        if cards is not None and not get_current_worker().is_cancelled:
            self.post_message(CandidatesFound(section, index, line, cards))

    @work(thread=True, exclusive=True, exit_on_error=False, group="validate")
    def validate(self, seq: int, deck: Deck, place: DeckPlace | None = None,
                 ledger: Ledger | None = None) -> None:  # fmt: skip
        path, saved = (place.path, place.catalog_name) if place is not None else (None, None)
        report = self._call(
            Doing("check"),
            lambda: self.services.validate(deck, path=path, saved=saved, ledger=ledger),
        )
        if report is not None and not get_current_worker().is_cancelled:
            self.post_message(DeckValidated(seq, report))

    @work(thread=True, exit_on_error=False, group="io")
    def open_deck(self, place: DeckPlace) -> None:
        def read() -> tuple[Deck, tuple[str, ...]]:
            if place.path is not None:
                return self.services.read_deck_file(place.path)
            return self.services.load_saved(place.catalog_name or "")

        opened = self._call(Doing("open", place.describe(self.lang)), read)
        if opened is not None:
            deck, comments = opened
            self.post_message(DeckOpened(deck, place.path, place.catalog_name, comments))

    @work(thread=True, exit_on_error=False, group="io")
    def import_decklist(self, where: str, fmt: str) -> None:
        drafted = self._call(
            Doing("import", where), lambda: self.services.import_decklist(where, fmt)
        )
        if drafted is not None:
            self.post_message(DeckImported(*drafted, source=where))

    @work(thread=True, exit_on_error=False, group="io")
    def save_deck(self, deck: Deck, place: DeckPlace, comments: tuple[str, ...] = ()) -> None:
        def write() -> bool:
            if place.path is not None:
                self.services.write_deck(deck, place.path, comments)
            else:
                self.services.save_in_catalog(deck, place.catalog_name or "", comments)
            return True

        if self._call(Doing("save", place.describe(self.lang)), write):
            self.post_message(DeckSaved(deck, place.path, place.catalog_name))

    @work(thread=True, exit_on_error=False, group="io")
    def list_saved(self, then: Callable[[list[DeckRecord]], None]) -> None:
        saved = self._call(Doing("list"), self.services.saved_decks)
        if saved is not None:
            self.app.call_from_thread(then, saved)

    @work(thread=True, exit_on_error=False, group="io")
    def export_deck(
        self, deck: Deck, fmt: str, path: Path, force: bool, keep: Path | None = None
    ) -> None:
        written = self._call(
            Doing("export", str(path)),
            lambda: self.services.export(deck, fmt, path, force=force, keep=keep),
        )
        if written is not None:
            self.post_message(DeckExported(written, fmt))

    @work(thread=True, exit_on_error=False, group="io")
    def override(self, card: CardView, request: OverrideRequest) -> None:
        def write() -> CardView:
            if request.clear:
                return self.services.clear_override(card.ref)
            return self.services.set_override(
                card.ref,
                grade=request.grade,
                card_type=request.card_type,
                reason=request.reason,
            )

        fresh = self._call(Doing("override", card.name), write)
        if fresh is not None:
            self.post_message(CardOverridden(fresh))

    @work(thread=True, exclusive=True, exit_on_error=False, group="ledger")
    def load_ledger(self) -> None:
        """The copies the saved decks commit (read again after a deck is saved)."""
        ledger = self._call(Doing("list"), self.services.ledger)
        if ledger is not None and not get_current_worker().is_cancelled:
            self.post_message(LedgerLoaded(ledger))

    @work(thread=True, exclusive=True, exit_on_error=False, group="assistant")
    def build_deck(self, request: BuildRequest, complete: Deck | None, hooks: Hooks) -> None:
        """The deck assistant (`twgp deck build`, `--complete` with `complete`); its progress
        comes back as BuildProgressed, its answer as DeckBuilt (None after a failure)."""
        from deckbuilder.assistant.model import Goal
        from deckbuilder.assistant.service import BuildOptions
        from deckbuilder.deck import DeckFormat

        options = BuildOptions(
            format=DeckFormat(request.format), games=request.games, source=request.source,
            complete=complete, include=request.include, exclude=request.exclude,
            goal=Goal(request.goal), time_limit=request.time_limit, share=request.share,
        )  # fmt: skip
        last: list[Progress] = []

        def progressed(progress: Progress) -> None:  # the solver's thread: a few a second
            better = not last or progress.objective != last[0].objective
            if better or progress.seconds - last[0].seconds >= PROGRESS_EVERY:
                last[:] = [progress]
                self.post_message(BuildProgressed(progress))

        hooks.on_progress = progressed
        try:
            result = self.services.build_deck(options, hooks)
        except BaseException as exc:  # the progress dialog goes first, then the error is shown
            self.post_message(DeckBuilt(None, complete is not None))
            if not isinstance(exc, TwgpError):
                raise
            self.post_message(ServiceFailed(Doing("build"), exc))
            return
        self.post_message(DeckBuilt(result, complete is not None))

    @work(thread=True, exclusive=True, exit_on_error=False, group="fetch")
    def fetch_cards(self, game: str, names: list[str], fuzzy: bool) -> None:
        """Look cards up online; progress comes back as FetchProgressed. A newer fetch
        cancels this one between two requests (what was stored stays)."""
        worker = get_current_worker()
        report = self._call(
            Doing("fetch", ", ".join(names)),
            lambda: self.services.fetch(
                game,
                names,
                fuzzy=fuzzy,
                progress=lambda done: self._post(FetchProgressed(done)),
                should_stop=lambda: worker.is_cancelled,
            ),
        )
        if report is not None:
            self.post_message(CardsFetched(report))
