"""The main screen's deck-file and card actions: new, open, save (a `.twgp` file or the
catalog), export, override a card, fetch one online. Dialogs ask; workers do."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import on

from tui import deck_edit
from tui.messages import CardsFetched, DeckExported, DeckOpened, DeckSaved, FetchProgressed
from tui.screens.deck_files import DeckPlace, OpenDeckDialog, SaveDeckDialog
from tui.screens.export import ExportDialog, ExportRequest
from tui.screens.fetch import FetchDialog, FetchRequest
from tui.screens.new_deck import NewDeck, NewDeckDialog
from tui.screens.override import OverrideModal, OverrideRequest
from tui.workers import ServiceWorkers

if TYPE_CHECKING:
    from catalog.decks import DeckRecord
    from catalog.views import CardView
    from deckbuilder.deck import Deck


class DeckFiles(ServiceWorkers):
    """Needs the main screen's `history`, `place`, `saved_deck` and `deck_changed`."""

    history: deck_edit.History
    place: DeckPlace | None
    saved_deck: Deck | None
    query_text: str
    lang: str

    def deck_changed(self, *, reset: bool = False) -> None:
        raise NotImplementedError

    def show_title(self) -> None:
        raise NotImplementedError

    def show_status(self, text: str) -> None:
        raise NotImplementedError

    def run_search(self, query: str) -> None:
        raise NotImplementedError

    # -- new, open, save ---------------------------------------------------------------------

    def action_new_deck(self) -> None:
        def start(choice: NewDeck | None) -> None:
            if choice is not None:
                self.history.reset(deck_edit.new_deck(choice.format, choice.name))
                self.place = None
                self.deck_changed(reset=True)

        dialog = NewDeckDialog(self.history.present.format_id, lang=self.lang)
        self.app.push_screen(dialog, start)

    def action_open_deck(self) -> None:
        def ask(saved: list[DeckRecord]) -> None:
            self.app.push_screen(OpenDeckDialog(saved, lang=self.lang), self._open_chosen)

        self.list_saved(ask)

    def _open_chosen(self, place: DeckPlace | None) -> None:
        if place is not None:
            self.open_deck(place)

    def open_path(self, path: Path) -> None:
        """Open a deck file given on the command line."""
        self.open_deck(DeckPlace(path=path))

    def action_save_deck(self) -> None:
        if self.place is None:
            self.action_save_deck_as()
        else:
            self.save_deck(self.history.present, self.place)

    def action_save_deck_as(self) -> None:
        def chosen(place: DeckPlace | None) -> None:
            if place is not None:
                self.save_deck(self.history.present, place)

        dialog = SaveDeckDialog(self.place, self.history.present.name, lang=self.lang)
        self.app.push_screen(dialog, chosen)

    @on(DeckOpened)
    def _opened(self, message: DeckOpened) -> None:
        self.history.reset(message.deck)
        self.place = DeckPlace(message.path, message.catalog_name)
        self.deck_changed(reset=True)
        self.notify(f"Opened {self.place.describe()}", timeout=3)

    @on(DeckSaved)
    def _saved(self, message: DeckSaved) -> None:
        self.place = DeckPlace(message.path, message.catalog_name)
        self.saved_deck = message.deck
        self.show_title()
        self.notify(f"Saved to {self.place.describe()}", timeout=3)

    # -- export ------------------------------------------------------------------------------

    def action_export_deck(self) -> None:
        deck = self.history.present

        def chosen(request: ExportRequest | None) -> None:
            if request is not None:
                self.export_deck(deck, request.format, request.path, request.force)

        stem = self.place.path.stem if self.place and self.place.path else deck.name or "deck"
        formats = self.services.export_formats()
        self.app.push_screen(ExportDialog(formats, stem=stem, lang=self.lang), chosen)

    @on(DeckExported)
    def _exported(self, message: DeckExported) -> None:
        self.notify(f"Exported ({message.format}) to {message.path}", timeout=4)

    # -- cards -------------------------------------------------------------------------------

    def ask_override(self, card: CardView) -> None:
        def chosen(request: OverrideRequest | None) -> None:
            if request is not None:
                self.override(card, request)

        self.app.push_screen(OverrideModal(card, lang=self.lang), chosen)

    def fetch_online(self, card: CardView) -> None:
        """`g` on a card: fetch it again from its source (fresh data, other printings)."""
        if card.game not in self.services.online_games():
            self.notify(f"{card.game} cards have no online source.", severity="warning")
            return
        self.start_fetch(FetchRequest(card.game, [card.source_id]))

    def action_fetch_dialog(self) -> None:
        """ctrl+g: fetch cards the catalog lacks, prefilled from the search box."""
        game, names = query_words(self.query_text)
        sources = self.services.online_games()
        dialog = FetchDialog(sources, game=game, names=names, lang=self.lang)
        self.app.push_screen(dialog, self._fetch_chosen)

    def _fetch_chosen(self, request: FetchRequest | None) -> None:
        if request is not None:
            self.start_fetch(request)

    def start_fetch(self, request: FetchRequest) -> None:
        self.notify(f"Fetching {'; '.join(request.names)} ({request.game})…", timeout=3)
        self.fetch_cards(request.game, request.names, request.fuzzy)

    @on(FetchProgressed)
    def _fetch_progressed(self, message: FetchProgressed) -> None:
        done = message.progress
        of = f"/{done.total}" if done.total is not None else ""
        self.show_status(f"⇣ {done.phase} {done.done}{of} {done.unit} · stored {done.stored}")

    @on(CardsFetched)
    def _fetched(self, message: CardsFetched) -> None:
        report = message.report
        lines = [f"{report.stored} card(s) stored from {report.source}"]
        for miss in report.misses:
            hint = f" — closest: {', '.join(miss.suggestions)}" if miss.suggestions else ""
            lines.append(f"{miss.query}: {miss.reason}{hint}")
        if report.offline:
            lines.append("offline (TWGP_OFFLINE=1): not fetched: " + ", ".join(report.offline))
        clean = report.stored and not report.misses
        self.notify(
            "\n".join(lines),
            title="Fetched",
            severity="information" if clean else "warning",
            timeout=6,
        )
        self.run_search(self.query_text)


def query_words(query: str) -> tuple[str | None, str]:
    """(the `game:` of a search, its free words): what a fetch is likely to want."""
    game: str | None = None
    words: list[str] = []
    for word in query.split():
        key, colon, value = word.partition(":")
        if colon and key.casefold() in ("game", "g"):
            game = value.casefold()
        elif not colon and not word.startswith("-"):
            words.append(word.strip('"'))
    return game, " ".join(words)
