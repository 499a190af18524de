"""The assistant's services on a catalog session, called by the CLI, the app and the HTTP
service alike: `build_in_catalog` (twgp deck build), `missing_copies` (twgp deck missing) and
`availability` (twgp collection available)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from catalog.collections.owned import collection_entries
from catalog.lookup import repository
from catalog.lookup.search import card_filter
from catalog.schema.models import CARD
from deckbuilder.assistant.build import BuildResult, build
from deckbuilder.assistant.ledger import Ledger, deck_copies
from deckbuilder.assistant.model import DEFAULT_CURVE, Candidate, Goal, Pins, Request
from deckbuilder.assistant.progress import Hooks
from deckbuilder.assistant.sources import catalog_candidates, load_ledger, owned_candidates
from deckbuilder.catalog_resolver import CatalogResolver, card_info
from deckbuilder.deck import POOL, Deck, DeckFormat
from deckbuilder.errors import DeckError
from deckbuilder.resolve import CardInfo, resolve_deck
from deckbuilder.rules import unknown_card

SOURCES = ("owned", "catalog")


@dataclass(frozen=True)
class BuildOptions:
    """The options of `twgp deck build` (and of the app's dialog and POST /v1/decks/build)."""

    format: DeckFormat | None = None  # None: the completed deck's, else full
    games: tuple[str, ...] = ()
    source: str = "owned"
    complete: Deck | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    goal: Goal = Goal.STRONGEST
    time_limit: float = 10.0
    seed: int = 0
    share: bool = False
    name: str = ""
    curve: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_CURVE))


def _identity(session: Session, ref: str) -> CardInfo:
    return card_info(repository.get_card(session=session, card_ref=ref))


def _kept(options: BuildOptions, session: Session) -> tuple[dict[str, tuple[str, ...]],
                                                             list[CardInfo]]:  # fmt: skip
    """The completed deck's lines as section → identities (its pool's cards are to be
    placed, like --include), and their cards."""
    if options.complete is None:
        return {}, []
    resolved = resolve_deck(options.complete, CatalogResolver(session))
    kept: dict[str, list[str]] = {}
    cards = []
    for r in resolved.all():
        if r.card is None:
            problem = unknown_card(r)
            raise DeckError(problem.message if problem else f"{r.label}: no such card")
        cards.append(r.card)
        kept.setdefault(r.section, []).extend([r.card.identity] * r.qty)
    return {k: tuple(v) for k, v in kept.items()}, cards


def build_in_catalog(session: Session, options: BuildOptions, ledger: Ledger | None = None,
                     hooks: Hooks | None = None,
                     collection: Sequence[CardInfo] | None = None) -> BuildResult:  # fmt: skip
    """Build a deck from the collection (or the catalog) of this session; `hooks` watch the
    solver and may stop it (the app's progress line and Cancel). `collection`: the owned cards
    when they are not the catalog's collection (an HTTP request's), their copies in `ledger`."""
    if options.source not in SOURCES:
        raise DeckError(f"unknown source {options.source!r}; expected owned or catalog")
    ledger = ledger or load_ledger(session)
    fmt = options.format or (options.complete.format if options.complete else DeckFormat.FULL)
    besides = options.complete.name if options.complete and options.complete.name else None
    kept, kept_cards = _kept(options, session)
    included = [_identity(session, ref) for ref in options.include]
    excluded = {_identity(session, ref).identity for ref in options.exclude}
    pool = kept.pop(POOL, ())
    pins = Pins(frozenset({c.identity for c in included} | set(pool)), kept)
    share, games = options.share, options.games
    def every_card() -> list[Candidate]:
        return [c for c in catalog_candidates(session, ledger, games=games, share=share,
                                              besides=besides) if c.identity not in excluded]

    # the catalog's cards are read for --from catalog, else only when no legal deck exists
    catalog: list[Candidate] | Callable[[], list[Candidate]] = every_card
    if options.source == "catalog":
        catalog = every_card()
        candidates = list(catalog)
    elif collection is not None:
        candidates = [Candidate(c, ledger.free(c.identity, share=share, besides=besides))
                      for c in {c.identity: c for c in collection}.values()
                      if c.card_type is not None and (not games or c.game in games)]  # fmt: skip
    else:
        candidates = owned_candidates(session, ledger, games=games, share=share, besides=besides)
    have = {c.identity for c in candidates}
    for card in [*included, *kept_cards]:  # pinned but not owned: the model names the rule
        if card.identity not in have and card.card_type is not None:
            have.add(card.identity)
            free = ledger.free(card.identity, share=options.share, besides=besides)
            candidates.append(Candidate(card, free, acquirable=options.source == "catalog"))
    candidates = [c for c in candidates if c.identity not in excluded]
    request = Request(fmt, options.goal, options.time_limit, options.seed, options.curve, pins,
                      catalog=options.source == "catalog")
    name = options.name or (options.complete.name if options.complete else "") or "Built deck"
    return build(request, candidates, name=name, catalog=catalog, hooks=hooks)


@dataclass(frozen=True)
class MissingLine:
    card: CardInfo
    needed: int
    free: int

    @property
    def missing(self) -> int:
        return self.needed - self.free

    def to_json(self) -> dict[str, Any]:
        return {"game": self.card.game, "name": self.card.name, "source_id":
                self.card.source_id, "set": self.card.set_code, "collector_number":
                self.card.collector_number, "needed": self.needed, "free": self.free,
                "missing": self.missing}  # fmt: skip


def missing_copies(session: Session, deck: Deck, *, share: bool = False,
                   ledger: Ledger | None = None) -> list[MissingLine]:  # fmt: skip
    """Per card of `deck`: copies needed minus copies free (owned minus committed to the other
    saved decks; a saved deck of the same name is this one), those above 0."""
    ledger = ledger or load_ledger(session)
    resolved = resolve_deck(deck, CatalogResolver(session))
    cards = {r.card.identity: r.card for r in resolved.all() if r.card is not None}
    needed = deck_copies(resolved)
    besides = deck.name or None
    return [MissingLine(cards[i], n, ledger.free(i, share=share, besides=besides))
            for i, n in needed.items()
            if n > ledger.free(i, share=share, besides=besides)]  # fmt: skip


@dataclass(frozen=True)
class Availability:
    card: CardInfo
    owned: int
    committed: Mapping[str, int]

    @property
    def free(self) -> int:
        return max(0, self.owned - sum(self.committed.values()))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.card.game, "name": self.card.name, "source_id":
                self.card.source_id, "identity": self.card.identity, "owned": self.owned,
                "committed": dict(self.committed), "free": self.free}  # fmt: skip


def availability(session: Session, query: str | None = None,
                 ledger: Ledger | None = None) -> list[Availability]:  # fmt: skip
    """Per owned card identity (matching the catalog `query`): owned, committed to which saved
    decks, free."""
    ledger = ledger or load_ledger(session)
    entries = collection_entries(session=session)
    if query and query.strip():
        where = card_filter(query, session.connection())
        matching = set(session.execute(select(CARD.c.id).where(where)).scalars())
        entries = [e for e in entries if e.card.id in matching]
    seen: dict[str, Availability] = {}
    for e in entries:
        identity = e.card.identity
        if identity not in seen:
            seen[identity] = Availability(card_info(e.card), ledger.owned.get(identity, 0),
                                          dict(ledger.committed.get(identity, {})))
    return sorted(seen.values(), key=lambda a: (a.card.game, a.card.name.casefold()))

