"""The services the app calls, in one small facade over catalog/ and deckbuilder/: search,
cards, overrides, deck validation, deck files and catalog-saved decks, export. No rules of
its own; every method opens its own session, so workers in threads may call them at once.
Every failure is one of our errors (TwgpError); a database fault is a DatabaseError.

The catalog stack (SQLAlchemy, SQLModel, Alembic: most of the app's import time) is imported
by the methods that need it, which run in workers: the first frame does not wait for it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from catalog.base.errors import CatalogError
from catalog.base.safe_output import check_output, write_output
from converters.errors import InputFormatError
from converters.registry import converter_ids
from deckbuilder import twgp_format
from deckbuilder.errors import DeckError, OutputExistsError
from deckbuilder.export import EXPORT_FORMATS, export_deck, write_new
from deckbuilder.resolve import resolve_deck
from deckbuilder.service import ValidationReport, validate_deck

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlmodel import Session

    from catalog.cards.views import CardView
    from catalog.saved.deck_choices import Choice
    from catalog.saved.decks import DeckRecord
    from catalog.sources.online import FetchProgress, FetchReport
    from converters.base import CardType
    from deckbuilder.assistant.build import BuildResult
    from deckbuilder.assistant.ledger import Ledger
    from deckbuilder.assistant.progress import Hooks
    from deckbuilder.assistant.service import BuildOptions
    from deckbuilder.deck import Deck
    from deckbuilder.resolve import CardResolver

T = TypeVar("T")
#: the app has no --encoding: a file whose encoding cannot be told is saved again as UTF-8
APP_ENCODING_HINT = "save the file as UTF-8 (Shift_JIS, EUC-JP and UTF-16 are read too)"


class Services:
    """What the app may ask of the catalog and the deck builder.

    Built on an engine, or on a `db` (flag > env > default file) opened on first use — in a
    worker, so the first screen never waits for the catalog (or for the starter cards a first
    run loads). Opening raises DatabaseError when the catalog cannot be used."""

    def __init__(
        self, engine: Engine | None = None, *, db: str | None = None, label: str | None = None
    ) -> None:
        """`label` names the catalog in the title bar instead of its file (tests)."""
        self._engine = engine
        self._db = db
        self._label = label
        self._lock = threading.Lock()

    @property
    def engine(self) -> Engine:
        with self._lock:
            if self._engine is None:
                from catalog.store.db import open_engine

                self._engine = open_engine(self._db)
            return self._engine

    @property
    def where(self) -> str:
        """The catalog, fit for the title bar (a file, or a URL without its password);
        empty until the catalog is open."""
        if self._label is not None:
            return self._label
        if self._engine is None:
            return ""
        from catalog.store.db import describe  # loaded with the engine: cheap now

        return describe(str(self._engine.url))

    def warm_up(self) -> None:
        """Import what later actions need (the online sources), off the UI thread."""
        import catalog.sources.online  # noqa: F401

    @contextmanager
    def _session(self) -> Iterator[Session]:
        from catalog.store.db import session_scope

        with session_scope(self.engine) as session:
            yield session

    def _read(self, call: Callable[[Session], T]) -> T:
        with self._session() as session:
            return call(session)

    # -- cards -----------------------------------------------------------------------------

    def search(self, query: str, *, limit: int, offset: int = 0) -> list[CardView]:
        """A page of the cards matching `query` (QuerySyntaxError when it cannot be read)."""
        from catalog.lookup.search import search_cards

        return self._read(
            lambda s: search_cards(session=s, query=query, limit=limit, offset=offset)
        )

    def count(self, query: str) -> int:
        from catalog.lookup.search import count_cards

        return self._read(lambda s: count_cards(session=s, query=query))

    def card(self, ref: str) -> CardView:
        from catalog.lookup import repository

        return self._read(lambda s: repository.get_card(session=s, card_ref=ref))

    def printings(self, card: CardView) -> list[CardView]:
        """Every printing of the card's identity (other sets, other languages)."""
        from catalog.lookup import repository

        found = self._read(lambda s: repository.printings(session=s, identity=card.identity))
        return found or [card]

    def line_candidates(
        self, game: str, identities: Sequence[str], names: Sequence[str]
    ) -> list[CardView]:
        """The cards a deck line may mean: every printing of each `identities` (`game:id`
        references of an ambiguous line), then the cards named like each of `names` (the
        closest names of an unknown line)."""
        from catalog.lookup import repository
        from catalog.lookup.search import search_cards

        found: dict[int, CardView] = {}
        with self._session() as session:
            for ref in identities:
                card = repository.get_card(session=session, card_ref=ref)
                for printing in repository.printings(session=session, identity=card.identity):
                    found.setdefault(printing.id, printing)
            for name in names:
                quoted = name.replace('"', "")
                query = f'game:{game} name="{quoted}"'
                for card in search_cards(session=session, query=query, limit=20):
                    found.setdefault(card.id, card)
        return list(found.values())

    def games(self) -> list[str]:
        return converter_ids()

    def set_override(
        self, ref: str, *, grade: int | None, card_type: CardType | None, reason: str
    ) -> CardView:
        from catalog.lookup import repository

        with self._session() as session:
            return repository.set_override(
                session=session, card_ref=ref, grade=grade, card_type=card_type, reason=reason
            )

    def clear_override(self, ref: str) -> CardView:
        from catalog.lookup import repository

        with self._session() as session:
            return repository.clear_override(session=session, card_ref=ref)

    # -- decks -------------------------------------------------------------------------------

    def validate(
        self, deck: Deck, *, path: Path | None = None, saved: str | None = None,
        ledger: Ledger | None = None,
    ) -> ValidationReport:
        """Validate the deck as its `.twgp` text reads back, so that line numbers in the
        messages are those of the saved file, exactly as `twgp deck validate` reports them —
        with its warnings too: COMMITTED_ELSEWHERE when the deck needs copies other saved
        decks hold (the assistant's ledger, as the CLI and the service add it). A deck opened
        from a file (`path`) or saved in the catalog (`saved`) is read with what its name-only
        lines resolved to before (remembered when it is saved). `ledger`: the app's own, kept
        up to date, so that a check after each edit does not read every saved deck again."""
        from deckbuilder.assistant.committed import with_committed

        numbered = twgp_format.parse(twgp_format.dump(deck))
        with self._session() as session:
            before = remembered_choices(session, place_key(path, saved))
            report = validate_deck(numbered, self.resolver(session), before=before)
            return with_committed(report, session, ledger)

    def resolver(self, session: Session) -> CardResolver:
        from deckbuilder.catalog_resolver import CatalogResolver

        return CatalogResolver(session)

    def read_deck(self, path: Path) -> Deck:
        return self.read_deck_file(path)[0]

    def read_deck_file(self, path: Path) -> tuple[Deck, tuple[str, ...]]:
        """The deck of a `.twgp` file and the comment lines heading it."""
        name, text = read_user_text(path)
        return twgp_format.parse(text, source=name), header_comments(text)

    def import_decklist(self, where: str, fmt: str = "auto") -> tuple[Deck, tuple[str, ...]]:
        """A decklist file of another game (`where`; or a ydke:// link), in any format
        `twgp deck import` reads (`fmt` "auto": told from the text), drafted as that command
        drafts it: life cards in [life], the rest in [pool], headed by comments listing the
        lines that found no card."""
        from deckbuilder.importer import (
            draft_text,
            import_decklist,
            read_foreign,
            require_card_lines,
        )

        if fmt in ("ydke", "auto") and where.startswith("ydke://"):
            source, text, stem = "<url>", where, ""
        else:
            path = Path(where).expanduser()
            (source, text), stem = read_user_text(path), path.stem
        foreign = read_foreign(text, fmt, source=source)
        require_card_lines(foreign, source=source)
        result = import_decklist(self.engine, foreign, name=foreign.name or stem)
        draft = draft_text(result)
        return twgp_format.parse(draft, source=source), header_comments(draft)

    def write_deck(self, deck: Deck, path: Path, comments: Sequence[str] = ()) -> None:
        """Write the deck's `.twgp` text (UTF-8) through a temporary file moved into place:
        a symbolic link at `path` is replaced by the file, never written through."""
        try:
            check_output(path, force=True, protected=self.catalog_files())
            write_output(path, deck_text(deck, comments))
        except OSError as exc:
            raise DeckError(f"cannot write {path}: {exc.strerror or exc}") from exc
        self._remember(deck, place_key(path, None))

    def saved_decks(self) -> list[DeckRecord]:
        from catalog.lookup import repository

        return self._read(lambda s: repository.list_decks(session=s))

    def load_saved(self, name: str) -> tuple[Deck, tuple[str, ...]]:
        """A deck saved in the catalog and the comment lines heading its text."""
        from catalog.lookup import repository

        record = self._read(lambda s: repository.get_deck(session=s, name=name))
        deck = twgp_format.parse(record.text, source=f"saved deck {record.name!r}")
        return deck, header_comments(record.text)

    def save_in_catalog(self, deck: Deck, name: str, comments: Sequence[str] = ()) -> None:
        if not name.strip():
            raise CatalogError("a deck saved in the catalog needs a name")
        from catalog.lookup import repository
        from catalog.store.db import write_scope

        with write_scope(self.engine) as session:
            record = repository.save_deck(
                session=session, name=name, text=deck_text(deck, comments), format=deck.format_id
            )
        self._remember(deck, place_key(None, record.name))

    def _remember(self, deck: Deck, key: str | None) -> None:
        """Remember what the saved deck's name-only lines resolve to
        (catalog/saved/deck_choices.py),
        so that it keeps meaning those cards once the catalog gains others of their names."""
        from catalog.store.db import is_read_only, write_scope
        from deckbuilder.remembered import resolve_remembered

        if key is None or is_read_only(self.engine):
            return
        with write_scope(self.engine) as session:
            resolve_remembered(session, deck, key, resolver=self.resolver(session))

    # -- the deck assistant ------------------------------------------------------------------

    def build_deck(self, options: BuildOptions, hooks: Hooks | None = None) -> BuildResult:
        """Build (or complete) a deck from the collection's free copies or the catalog
        (`twgp deck build`); `hooks` watch the solver and may stop it."""
        from deckbuilder.assistant.service import build_in_catalog

        with self._session() as session:
            return build_in_catalog(session, options, hooks=hooks)

    def ledger(self) -> Ledger:
        """Owned copies per card identity and those the saved decks commit."""
        from deckbuilder.assistant.committed import load_ledger

        return self._read(load_ledger)

    # -- export ------------------------------------------------------------------------------

    def export_formats(self) -> list[tuple[str, str]]:
        """(format id, file extension) of every format `twgp deck export` writes."""
        return [(fmt, fmt) for fmt in EXPORT_FORMATS]

    def catalog_files(self) -> list[Path]:
        """The catalog's file and SQLite's files beside it: never an output."""
        from catalog.store.db import catalog_files

        return catalog_files(str(self._engine.url) if self._engine is not None else self._db)

    def export(
        self, deck: Deck, fmt: str, path: Path, *, force: bool = False, keep: Path | None = None
    ) -> Path:
        """Write the deck to `path` in `fmt`; an existing file only with `force`, never the
        catalog nor `keep` (the deck file open in the app)."""
        protected = [*self.catalog_files(), *([keep] if keep is not None else [])]
        check_output(path, force=force, protected=protected)  # before any work
        with self._session() as session:
            resolved = resolve_deck(deck, self.resolver(session))
        text = export_deck(resolved, fmt)
        try:
            write_new(path, text, force=force, protected=protected)
        except OutputExistsError as exc:
            raise OutputExistsError(exc.message, hint="tick “overwrite an existing file”") from exc
        return path

    # -- online ------------------------------------------------------------------------------

    def online_games(self) -> dict[str, str]:
        """game id → the public API its cards are fetched from."""
        from catalog.sources.online import ONLINE_SOURCES  # the HTTP clients load only when asked

        return dict(ONLINE_SOURCES)

    def fetch(
        self,
        game: str,
        names: Sequence[str],
        *,
        fuzzy: bool = False,
        progress: Callable[[FetchProgress], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> FetchReport:
        """Look cards up online (names or ids), convert and store them (`twgp fetch`).
        Raises SourceUnavailableError and friends when the source cannot be reached."""
        from catalog.sources.online import fetch_cards

        return fetch_cards(
            self.engine, game, names, fuzzy=fuzzy, progress=progress, should_stop=should_stop
        )


def read_user_text(path: Path) -> tuple[str, str]:
    """(file name, text) of a file the user named, its encoding told as the CLI tells it."""
    from catalog.ingest.textfiles import read_text, unopenable

    try:  # charset-normalizer is loaded when needed
        return read_text(path)
    except OSError as exc:
        raise unopenable(path, exc) from exc
    except InputFormatError as exc:
        if "--encoding" not in exc.hint:  # the app has no --encoding: only that advice changes
            raise
        raise InputFormatError(exc.message, hint=APP_ENCODING_HINT) from exc


def header_comments(text: str) -> tuple[str, ...]:
    """The comment lines heading a `.twgp` text (a draft's "# unresolved line 3: …"), up to
    its first line that is not a comment."""
    found: list[str] = []
    for line in text.removeprefix("\ufeff").splitlines():
        if not line.startswith("#"):
            break
        found.append(line)
    return tuple(found)


def place_key(path: Path | None, saved: str | None) -> str | None:
    """The key a deck's remembered choices are kept under: its file's, or its saved name's."""
    from catalog.saved.deck_choices import file_key, saved_key

    if path is not None:
        return file_key(path)
    return saved_key(saved) if saved else None


def remembered_choices(session: Session, key: str | None) -> dict[tuple[str, str], Choice]:
    from catalog.saved.deck_choices import choices_of

    return choices_of(session, key) if key is not None else {}


def deck_text(deck: Deck, comments: Sequence[str] = ()) -> str:
    """The deck's `.twgp` text, headed by `comments` (each a line starting with #)."""
    head = "".join(f"{line}\n" for line in comments if line.startswith("#"))
    return head + twgp_format.dump(deck)
