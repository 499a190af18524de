"""The deck assistant over HTTP: `POST /v1/decks/build` (`twgp deck build`) and
`POST /v1/decks/missing` (`twgp deck missing`), with the same services and answers.

The collection is the request body's (`collection`: card references and quantities) or, with an
API key, the server's (its saved decks commit copies, as on the command line). The solver runs
in a worker thread, its time limit capped by the server (`build_time_limit`, and a third of the
request time limit); a request cancelled by the time limit stops the solver."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlmodel import Session

from catalog.base.errors import AmbiguousCardError, CardNotFoundError
from catalog.base.limits import MAX_TEXT_CHARS
from catalog.lookup import repository
from deckbuilder.assistant.build import BuildResult
from deckbuilder.assistant.ledger import Ledger
from deckbuilder.assistant.model import DEFAULT_CURVE, Goal
from deckbuilder.assistant.progress import Hooks
from deckbuilder.assistant.service import BuildOptions, build_in_catalog, missing_copies
from deckbuilder.assistant.sources import load_ledger
from deckbuilder.assistant.wants import WANTS_WRITERS, wants_rows
from deckbuilder.catalog_resolver import card_info
from deckbuilder.deck import DeckFormat
from deckbuilder.errors import DeckError
from deckbuilder.resolve import CardInfo
from deckbuilder.rule_facts import HALF_DECK_SIZE, fill
from deckbuilder.stats import BUCKETS
from deckbuilder.twgp_format import dump, parse
from service.deps import (
    collection_access,
    engines_of,
    presented_key,
    read_access,
    run,
    settings_of,
)
from service.documents import Built, Missing, documented
from service.problems import Problem

router = APIRouter(prefix="/v1/decks", tags=["decks"], dependencies=[Depends(read_access)])

#: the most lines a request's collection may have
MAX_COLLECTION = 100_000
MAX_PINS = 200


class OwnedIn(BaseModel):
    """Copies owned of one card (`game:source_id`, `game:name` or a name)."""

    card: str = Field(min_length=1, max_length=300, examples=["mtg:m10-bolt"])
    quantity: int = Field(ge=0, le=100_000, examples=[2])


class CollectionIn(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    collection: list[OwnedIn] | None = Field(
        default=None, max_length=MAX_COLLECTION,
        description="The cards owned; absent: the server's collection (needs an API key).")
    share: bool = Field(default=False, description="Copies committed to the server's saved "
                        "decks are free too (the decks are never played at once).")  # fmt: skip


class BuildIn(CollectionIn):
    """The options of `twgp deck build`."""

    format: Literal["half", "full", "trial"] | None = Field(
        default=None, description="Default: the `complete` deck's, else full.")
    games: list[str] = Field(default_factory=list, max_length=50, examples=[["mtg", "pokemon"]])
    source: Literal["owned", "catalog"] = Field(default="owned", alias="from", description=(
        "owned: the free copies of the collection; catalog: every known card, listing what to "
        "acquire."))  # fmt: skip
    complete: str | None = Field(default=None, max_length=MAX_TEXT_CHARS, description=(
        "A .twgp deck whose lines are kept, the rest filled."))  # fmt: skip
    include: list[str] = Field(default_factory=list, max_length=MAX_PINS)
    exclude: list[str] = Field(default_factory=list, max_length=MAX_PINS)
    goal: Goal = Goal.STRONGEST
    curve: dict[str, int] | None = Field(default=None, examples=[DEFAULT_CURVE], description=(
        "The curve goal's target per half deck, per grade bucket of `deck stats`."))  # fmt: skip
    time_limit: float = Field(default=10.0, gt=0, le=3600, description="Seconds the solver "
                              "may take; the server caps it (`time_limit` of the answer).")
    seed: int = Field(default=0, ge=0, le=2**31 - 1)
    name: str = Field(default="", max_length=200)
    lang: Literal["en", "ja"] = "en"


class MissingIn(CollectionIn):
    """The deck and the collection of `twgp deck missing`."""

    deck: str = Field(min_length=1, max_length=MAX_TEXT_CHARS, description="A .twgp deck.")
    to: Literal["text", "moxfield", "deckbox", "manabox", "cardmarket"] = "text"


def time_cap(request: Request) -> float:
    """The most seconds a build may take on this server."""
    settings = settings_of(request)
    cap = settings.build_time_limit
    if settings.time_limit > 0:  # the solver may run twice (an infeasible request's fix)
        cap = min(cap, settings.time_limit / 3)
    return max(0.1, cap)


def _curve(curve: dict[str, int] | None) -> dict[str, int]:
    if curve is None:
        return dict(DEFAULT_CURVE)
    labels = {label for label, _, _ in BUCKETS}
    wrong = sorted(set(curve) - labels)
    if wrong or any(n < 0 or n > HALF_DECK_SIZE for n in curve.values()):
        raise DeckError(f"curve: {', '.join(wrong) or 'a count'} is not a grade bucket of "
                        + fill("`deck stats` with a count 0–{{HALF}}"),
                        hint='{"01": 2, "02": 3}')  # fmt: skip
    return dict(curve)


def _owned(session: Session, rows: Sequence[OwnedIn]) -> tuple[list[CardInfo], Ledger]:
    """The body's collection: its cards and a ledger with their copies (no saved decks)."""
    copies: Counter[str] = Counter()
    cards: dict[str, CardInfo] = {}
    for index, row in enumerate(rows):
        try:
            view = repository.get_card(session=session, card_ref=row.card)
        except (CardNotFoundError, AmbiguousCardError) as exc:
            closest = list(exc.closest) if isinstance(exc, CardNotFoundError) else None
            candidates = list(exc.candidates) if isinstance(exc, AmbiguousCardError) else None
            raise Problem(422, type(exc).__name__, f"collection[{index}]: {exc.message}",
                          hint=exc.hint, closest=closest, candidates=candidates) from exc
        info = card_info(view, track_owned=False)
        cards.setdefault(info.identity, info)
        copies[info.identity] += row.quantity
    return list(cards.values()), Ledger(dict(copies))


async def _server_collection(request: Request, body: CollectionIn, *,
                             needed: bool = True) -> bool:  # fmt: skip
    """Whether the server's collection is used: when the body sends none, and it is `needed`
    or an API key is sent. An API key is then required (401 without a valid one)."""
    if body.collection is not None:
        return False
    if not needed and presented_key(request) is None:
        return False  # building from the catalog alone: every copy is to be acquired
    await collection_access(request)
    return True


@router.post("/build", response_model=None, responses=documented(Built))
async def build(request: Request, body: BuildIn) -> dict[str, Any]:
    """Build a legal TWGP deck (`twgp deck build --json`): `built`, `status` (optimal, feasible,
    infeasible), `summary`, `objective`, `bound`, `gap`, `cards` with why each is there,
    `problems` and `acquire` when no legal deck exists, `deck` (the .twgp text) and
    `time_limit` (the seconds the solver was given). Infeasible is an answer (200)."""
    server = await _server_collection(request, body, needed=body.source == "owned")
    complete = parse(body.complete, source="complete") if body.complete is not None else None
    seconds = min(body.time_limit, time_cap(request))
    options = BuildOptions(
        format=DeckFormat(body.format) if body.format else None,
        games=tuple(g.strip().casefold() for g in body.games if g.strip()),
        source=body.source, complete=complete, include=tuple(body.include),
        exclude=tuple(body.exclude), goal=body.goal, time_limit=seconds, seed=body.seed,
        share=body.share, name=body.name, curve=_curve(body.curve),
    )  # fmt: skip
    hooks = Hooks()
    rows = body.collection or []

    def solve() -> BuildResult:
        with engines_of(request).reading() as session:
            if server:
                return build_in_catalog(session, options, hooks=hooks)
            cards, ledger = _owned(session, rows)
            return build_in_catalog(session, options, ledger, hooks, collection=cards)

    try:
        result = await run(request, solve)
    except BaseException:
        hooks.cancel()  # the request's time limit (or the client) gave up: stop the solver
        raise
    data = result.to_json(body.lang)
    data["deck"] = dump(result.deck) if result.deck is not None else None
    data["time_limit"] = seconds
    return data


@router.post("/missing", response_model=None, responses=documented(Missing))
async def missing(request: Request, body: MissingIn) -> dict[str, Any]:
    """The copies a deck needs beyond the free ones (`twgp deck missing`): `cards` (`needed`,
    `free`, `missing` per card), `copies` in all, and `wants`, the wants list in `to` (text,
    or the CSV of Moxfield, Deckbox, ManaBox or Cardmarket)."""
    server = await _server_collection(request, body)
    deck = parse(body.deck, source="deck")
    writer = WANTS_WRITERS[body.to]
    rows = body.collection or []

    def count() -> dict[str, Any]:
        with engines_of(request).reading() as session:
            ledger = load_ledger(session) if server else _owned(session, rows)[1]
            lines = missing_copies(session, deck, share=body.share, ledger=ledger)
            wants = wants_rows(session, lines)
        return {"cards": [m.to_json() for m in lines],
                "copies": sum(m.missing for m in lines), "to": body.to,
                "wants": writer(wants)}  # fmt: skip

    return await run(request, count)
