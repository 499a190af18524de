"""Messages the app's workers post when a service call is done (named in the past tense).
Workers run in threads; `post_message` is thread-safe, so results come back as these."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from catalog.cards.views import CardView
    from catalog.sources.online import FetchProgress, FetchReport
    from converters.errors import TwgpError
    from deckbuilder.assistant.build import BuildResult
    from deckbuilder.assistant.ledger import Ledger
    from deckbuilder.assistant.progress import Progress
    from deckbuilder.deck import Deck
    from deckbuilder.service import ValidationReport
    from tui.terms import Doing


@dataclass
class CardsFound(Message):
    """A page of search results (`offset` 0 starts a new list)."""

    seq: int
    query: str
    cards: list[CardView]
    offset: int
    total: int | None


@dataclass
class CardsCounted(Message):
    """How many cards a query matches in all (counted after the first page is shown)."""

    seq: int
    total: int


@dataclass
class SearchFailed(Message):
    seq: int
    query: str
    error: TwgpError


@dataclass
class CardLoaded(Message):
    """A card's full record and its printings, for the detail pane."""

    card: CardView
    printings: list[CardView]


@dataclass
class DeckValidated(Message):
    seq: int
    report: ValidationReport


@dataclass
class DeckOpened(Message):
    deck: Deck
    path: Path | None
    catalog_name: str | None
    comments: tuple[str, ...] = ()


@dataclass
class DeckImported(Message):
    """A decklist drafted as a deck (unsaved); `comments` list the lines that found no card."""

    deck: Deck
    comments: tuple[str, ...]
    source: str


@dataclass
class DeckSaved(Message):
    deck: Deck
    path: Path | None
    catalog_name: str | None


@dataclass
class DeckExported(Message):
    path: Path
    format: str


@dataclass
class CardOverridden(Message):
    card: CardView


@dataclass
class FetchProgressed(Message):
    progress: FetchProgress


@dataclass
class CardsFetched(Message):
    report: FetchReport


@dataclass
class ServiceFailed(Message):
    """A service call failed with one of our errors: shown to the user, never a traceback.
    `doing` says what was being done (saving to a file), in either language."""

    doing: Doing
    error: TwgpError


@dataclass
class BuildProgressed(Message):
    """The deck assistant's best score so far and its bound (while the solver runs)."""

    progress: Progress


@dataclass
class DeckBuilt(Message):
    """The deck assistant's answer (None: it failed, and ServiceFailed says why);
    `completing`: it completes the open deck rather than starting a new one."""

    result: BuildResult | None
    completing: bool


@dataclass
class LedgerLoaded(Message):
    """The collection's owned copies and those the saved decks commit (the owned column)."""

    ledger: Ledger


@dataclass
class CandidatesFound(Message):
    """The cards the deck line at `section`/`index` may mean (tui/screens/candidates.py)."""

    section: str
    index: int
    line: str
    cards: list[CardView]
