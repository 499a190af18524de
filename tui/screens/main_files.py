"""The main screen's deck-file and card actions: new, open, save (a `.twgp` file or the
catalog), export, override a card, fetch one online. Dialogs ask; workers do.

Nothing replaces a deck with unsaved changes without asking (Save / Discard / Cancel), and
while there are unsaved changes a copy is kept in the recovery file (tui/recovery.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on

from tui import deck_edit
from tui.messages import (
    CardsFetched,
    DeckExported,
    DeckImported,
    DeckOpened,
    DeckSaved,
    FetchProgressed,
)
from tui.recovery import Recovered, RecoveryFile, discard, left_behind
from tui.screens.deck_files import DeckPlace, OpenDeckDialog, SaveDeckDialog
from tui.screens.export import ExportDialog, ExportRequest, default_format
from tui.screens.fetch import FetchDialog, FetchRequest
from tui.screens.import_deck import ImportDialog, ImportRequest
from tui.screens.new_deck import NewDeck, NewDeckDialog
from tui.screens.override import OverrideModal, OverrideRequest
from tui.screens.paths import export_folder
from tui.screens.recent import RecentDialog, place_of, recent_of
from tui.screens.unsaved import Choice, RecoverDialog, RecoveryChoice, UnsavedDialog
from tui.terms import count, error_detail, term
from tui.workers import ServiceWorkers

if TYPE_CHECKING:
    from collections.abc import Callable

    from catalog.cards.views import CardView
    from catalog.saved.decks import DeckRecord
    from deckbuilder.deck import Deck
    from tui.config import RecentDeck


class DeckFiles(ServiceWorkers):
    """Needs the main screen's `history`, `place`, `saved_deck` and `deck_changed`."""

    history: deck_edit.History
    place: DeckPlace | None
    saved_deck: Deck | None
    #: the comment lines heading the deck's file (a draft's unresolved lines), kept on save
    comments: tuple[str, ...] = ()
    query_text: str
    lang: str
    recovery: RecoveryFile
    #: what to do once the save under way has succeeded (the deck it guarded is replaced)
    after_save: Callable[[], object] | None = None

    def deck_changed(self, *, reset: bool = False) -> None:
        raise NotImplementedError

    def show_title(self) -> None:
        raise NotImplementedError

    def show_status(self, text: str) -> None:
        raise NotImplementedError

    def run_search(self, query: str) -> None:
        raise NotImplementedError

    @property
    def dirty(self) -> bool:
        return self.history.present != self.saved_deck

    # -- never lose work ---------------------------------------------------------------------

    def guard(self, doing: str, then: Callable[[], object]) -> None:
        """Run `then` (it replaces the deck, or quits) at once when nothing is unsaved; else
        ask Save / Discard / Cancel first. `doing` names what would happen (a term key)."""
        if not self.dirty:
            then()
            return

        def chosen(choice: Choice | None) -> None:
            if choice == "discard":  # the recovery file goes when the deck is replaced
                then()
            elif choice == "save":
                self.after_save = then
                self.action_save_deck()

        dialog = UnsavedDialog(self.history.present.name, doing, lang=self.lang)
        self.app.push_screen(dialog, chosen)

    def sync_recovery(self) -> None:
        """Keep the recovery file while there are unsaved changes, remove it when not."""
        if not self.dirty:
            self.recovery.clear()
            return
        place = self.place or DeckPlace()
        problem = self.recovery.keep(
            self.history.present,
            origin_path=place.path,
            origin_catalog=place.catalog_name,
            comments=self.comments,
        )
        if problem is not None:
            text = term("recovery_unwritable", self.lang, problem=problem)
            self.notify(text, severity="warning", timeout=8, markup=False)

    def offer_at_start(self, reopen: bool) -> None:
        """A deck left unsaved by an app that did not exit cleanly; else, with `reopen`
        (no deck was given on the command line), the decks opened or saved last."""
        if not self.offer_recovery() and reopen and self.recent_decks():
            self.app.push_screen(
                RecentDialog(self.recent_decks(), start=True, lang=self.lang), self._recent_chosen
            )

    def offer_recovery(self) -> bool:
        """At start: the newest deck an app left unsaved when it did not exit cleanly.
        False when there is none."""
        found = left_behind()
        if not found:
            return False
        recovered = found[0]

        def chosen(choice: RecoveryChoice | None) -> None:
            if choice == "restore":
                self.guard("unsaved_restore", lambda: self.restore(recovered))
            elif choice == "discard":
                discard(recovered)

        self.app.push_screen(RecoverDialog(recovered, lang=self.lang), chosen)
        return True

    def restore(self, recovered: Recovered) -> None:
        """Take up a recovered deck where it was left: its unsaved changes stay unsaved
        (ctrl+s writes them where the deck came from)."""
        self.history.reset(recovered.deck)
        self.place = None
        if recovered.origin_path is not None or recovered.origin_catalog is not None:
            self.place = DeckPlace(recovered.origin_path, recovered.origin_catalog)
        self.comments = recovered.comments
        self.saved_deck = None
        self.deck_changed()
        discard(recovered)
        self.notify(term("restored", self.lang, file=str(recovered.file)), markup=False)

    # -- new, open, save ---------------------------------------------------------------------

    def action_new_deck(self) -> None:
        def start(choice: NewDeck | None) -> None:
            if choice is not None:
                self.start_new(choice)

        dialog = NewDeckDialog(self.history.present.format_id, lang=self.lang)
        self.guard("unsaved_new", lambda: self.app.push_screen(dialog, start))

    def start_new(self, choice: NewDeck) -> None:
        self.history.reset(deck_edit.new_deck(choice.format, choice.name))
        self.place = None
        self.comments = ()
        self.deck_changed(reset=True)

    def action_open_deck(self) -> None:
        def ask(saved: list[DeckRecord]) -> None:
            self.app.push_screen(OpenDeckDialog(saved, lang=self.lang), self._open_chosen)

        self.guard("unsaved_open", lambda: self.list_saved(ask))

    def _open_chosen(self, place: DeckPlace | None) -> None:
        if place is not None:
            self.open_deck(place)

    def open_path(self, path: Path) -> None:
        """Open a deck file given on the command line."""
        self.guard("unsaved_open", lambda: self.open_deck(DeckPlace(path=path)))

    # -- recent decks (remembered in the app's settings) ----------------------------------

    def recent_decks(self) -> tuple[RecentDeck, ...]:
        return self.app.settings.recent  # type: ignore[attr-defined,no-any-return]

    def remember(self, place: DeckPlace) -> None:
        self.app.remember_deck(recent_of(place))  # type: ignore[attr-defined]

    def action_recent(self) -> None:
        """ctrl+r: open one of the decks opened or saved last."""
        if not self.recent_decks():
            self.notify(term("recent_none", self.lang), timeout=3)
            return
        dialog = RecentDialog(self.recent_decks(), start=False, lang=self.lang)
        self.app.push_screen(dialog, self._recent_chosen)

    def action_reopen_last(self) -> None:
        """The palette's "Reopen the last deck"."""
        if not self.recent_decks():
            self.notify(term("recent_none", self.lang), timeout=3)
            return
        self._recent_chosen(self.recent_decks()[0])

    def _recent_chosen(self, deck: RecentDeck | None) -> None:
        if deck is not None:
            self.guard("unsaved_open", lambda: self.open_deck(place_of(deck)))

    def action_save_deck(self) -> None:
        if self.place is None:
            self.action_save_deck_as()
        else:
            self.save_deck(self.history.present, self.place, self.comments)

    def action_save_deck_as(self) -> None:
        def chosen(place: DeckPlace | None) -> None:
            if place is None:
                self.after_save = None
            else:
                self.save_deck(self.history.present, place, self.comments)

        dialog = SaveDeckDialog(self.place, self.history.present.name, lang=self.lang)
        self.app.push_screen(dialog, chosen)

    def action_import_deck(self) -> None:
        """ctrl+l: draft a deck from another game's decklist (`twgp deck import`)."""

        def chosen(request: ImportRequest | None) -> None:
            if request is not None:
                self.import_decklist(request.where, request.format)

        self.guard("unsaved_import", lambda: self.app.push_screen(ImportDialog(self.lang), chosen))

    @on(DeckImported)
    def _imported(self, message: DeckImported) -> None:
        """The draft is a new, unsaved deck; its unresolved lines are kept as comments and
        written at the head of the file it is saved to."""
        self.history.reset(message.deck)
        self.place = None
        self.comments = message.comments
        self.saved_deck = None
        self.deck_changed()
        missing = sum(1 for line in message.comments if line.startswith("# unresolved line"))
        lines = count(missing, "line", self.lang)
        told = term("imported", self.lang, what=message.source, missing=lines)
        self.notify(told, severity="warning" if missing else "information", timeout=6, markup=False)

    @on(DeckOpened)
    def _opened(self, message: DeckOpened) -> None:
        self.history.reset(message.deck)
        self.place = DeckPlace(message.path, message.catalog_name)
        self.comments = message.comments
        self.deck_changed(reset=True)
        self.remember(self.place)
        self.notify(term("opened", self.lang, what=self.place.describe(self.lang)), timeout=3)

    @on(DeckSaved)
    def _saved(self, message: DeckSaved) -> None:
        if message.catalog_name is not None:
            self.load_ledger()  # the copies it commits changed
        self.place = DeckPlace(message.path, message.catalog_name)
        self.saved_deck = message.deck
        self.show_title()
        self.sync_recovery()
        self.remember(self.place)
        self.notify(term("saved_to", self.lang, what=self.place.describe(self.lang)), timeout=3)
        then, self.after_save = self.after_save, None
        if then is not None and not self.dirty:
            then()

    # -- export ------------------------------------------------------------------------------

    def action_export_deck(self) -> None:
        deck = self.history.present

        deck_file = self.place.path if self.place else None

        def chosen(request: ExportRequest | None) -> None:
            if request is not None:
                self.export_deck(deck, request.format, request.path, request.force, deck_file)

        stem = deck_file.stem if deck_file else deck.name or "deck"
        formats = self.services.export_formats()
        folder = export_folder(deck_file)
        last = self.app.settings.export_format  # type: ignore[attr-defined]
        first = default_format([fmt for fmt, _ in formats], last, deck_file)
        dialog = ExportDialog(formats, stem=stem, folder=folder, lang=self.lang, first=first)
        self.app.push_screen(dialog, chosen)

    @on(DeckExported)
    def _exported(self, message: DeckExported) -> None:
        path = message.path.expanduser().absolute()
        text = term("exported", self.lang, format=message.format, path=path)
        self.notify(text, timeout=6, markup=False)
        self.app.update_settings(  # type: ignore[attr-defined]
            lambda settings: replace(settings, export_format=message.format)
        )

    # -- cards -------------------------------------------------------------------------------

    def ask_override(self, card: CardView) -> None:
        def chosen(request: OverrideRequest | None) -> None:
            if request is not None:
                self.override(card, request)

        self.app.push_screen(OverrideModal(card, lang=self.lang), chosen)

    def fetch_online(self, card: CardView) -> None:
        """`g` on a card: fetch it again from its source (fresh data, other printings)."""
        if card.game not in self.services.online_games():
            text = term("no_online_source", self.lang, game=card.game)
            self.notify(text, severity="warning", markup=False)
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
        text = term("fetching", self.lang, names="; ".join(request.names), game=request.game)
        self.notify(text, timeout=3, markup=False)
        self.fetch_cards(request.game, request.names, request.fuzzy)

    @on(FetchProgressed)
    def _fetch_progressed(self, message: FetchProgressed) -> None:
        done = message.progress
        of = f"/{done.total}" if done.total is not None else ""
        self.show_status(
            term(
                "fetch_progress",
                self.lang,
                phase=done.phase,
                done=f"{done.done}{of}",
                unit=done.unit,
                stored=done.stored,
            )
        )

    @on(CardsFetched)
    def _fetched(self, message: CardsFetched) -> None:
        report = message.report
        lang = self.lang
        stored = count(report.stored, "card", lang)
        lines = [term("fetched_stored", lang, cards=stored, source=report.source)]
        for miss in report.misses:
            names = ", ".join(miss.suggestions)
            hint = term("fetched_closest", lang, names=names) if miss.suggestions else ""
            lines.append(f"{miss.query}: {error_detail(miss.reason, lang)}{hint}")
        if report.offline:
            lines.append(term("fetched_offline", lang, names=", ".join(report.offline)))
        clean = report.stored and not report.misses
        self.notify(
            "\n".join(lines),
            title=term("fetched_title", lang),
            markup=False,
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
