"""Card search (the query language of `twgp search`) with cursor pagination, and one card with
its printings (`twgp show`). Cards are the objects of `twgp search --json`; with `lang=ja`
each also carries `labels`, its type and effects named in Japanese."""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import asdict
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

import orjson
from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, Field, model_validator

from catalog.cards.views import CardView
from catalog.lookup import repository
from catalog.lookup.card_lookups import (
    COLLECTION_MAX,
    Identifier,
    autocomplete,
    card_sets,
    collection,
    known_game,
    named_card,
    random_card,
)
from catalog.lookup.search import count_cards, search_cards
from converters.effects import EFFECT_NAMES_JA
from converters.reasons_ja import reading_ja, reason_ja
from service.deps import engines_of, read_access, run
from service.documents import CardPage, CardWithPrintings, documented
from service.problems import Problem

router = APIRouter(prefix="/v1", tags=["catalog"], dependencies=[Depends(read_access)])

Lang = Literal["en", "ja"]
MAX_LIMIT = 500
MAX_QUERY = 1000
#: the largest position a cursor may hold (a forged one beyond is refused, not sent to SQL)
MAX_OFFSET = 2**31 - 1
#: totals are counted up to this many cards (a query matching most of a large catalog would
#: cost more to count than to page through)
TOTAL_CAP = 1000


def reasons_in(view: CardView, lang: Lang) -> dict[str, str]:
    """The grade and type reasons and the reading in the asked language (converters'
    English rendered by converters/reasons_ja.py; unknown phrases stay English)."""
    if lang == "ja":
        return {
            "grade_reason": reason_ja(view.grade_reason),
            "type_reason": reason_ja(view.type_reason),
            "reading": reading_ja(view.reading),
        }
    return {"grade_reason": view.grade_reason, "type_reason": view.type_reason,
            "reading": view.reading}  # fmt: skip


def card_json(view: CardView, lang: Lang) -> dict[str, Any]:
    """The card as `twgp search --json` prints it, plus `labels` in the asked language."""
    found = view.to_json()
    card_type = view.card_type
    if lang == "ja":
        type_label = card_type.label_ja if card_type else None
        effects = [EFFECT_NAMES_JA.get(effect, effect) for effect in view.effects]
    else:
        type_label = card_type.label if card_type else None
        effects = list(view.effects)
    found["labels"] = {"type": type_label, "effects": effects, **reasons_in(view, lang)}
    return found


def _fingerprint(query: str) -> str:
    return hashlib.sha256(query.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def make_cursor(query: str, offset: int) -> str:
    """An opaque cursor: the position after this page, bound to its query."""
    raw = orjson.dumps({"q": _fingerprint(query), "o": offset})
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def read_cursor(query: str, cursor: str) -> int:
    try:
        data = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        offset = data["o"]
        same = data["q"] == _fingerprint(query)
    except (ValueError, TypeError, KeyError, binascii.Error, orjson.JSONDecodeError):
        raise Problem(400, "InvalidCursor", "the cursor is not one this API gave") from None
    if not same or type(offset) is not int or not 0 <= offset <= MAX_OFFSET:
        raise Problem(400, "InvalidCursor", "the cursor belongs to another query",
                      hint="start again without a cursor")  # fmt: skip
    return offset


@router.get("/cards", response_model=None, responses=documented(CardPage))
async def cards(
    request: Request,
    q: Annotated[str, Query(max_length=MAX_QUERY, description="The query language of "
                            "`twgp search` (empty: every card).")] = "",
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 50,
    cursor: Annotated[str | None, Query(max_length=200, description="`next_cursor` of the "
                                        "page before.")] = None,
    lang: Lang = "en",
) -> dict[str, Any]:
    """A page of the cards matching `q`, in the query's order; `next_cursor` is null on the
    last page. `total` is counted when cheap: on the first page when at most 1,000 cards match
    (else `total` is null and `total_at_least` says 1,001), and on the last page. As a list
    object (Scryfall's): `object` "list", `total_cards` (exact, on every page), `has_more`,
    `next_page` (a relative address, null on the last page). A cursor this API did not give
    for `q` is a 400 InvalidCursor problem."""
    offset = read_cursor(q, cursor) if cursor else 0

    def page() -> tuple[list[CardView], int, bool]:
        with engines_of(request).reading() as session:
            views = search_cards(session=session, query=q, limit=limit + 1, offset=offset)
            more = len(views) > limit
            # the last page knows its total; any other page counts once, in full (a capped
            # count first would count the cards of a large first page twice)
            exact = count_cards(session=session, query=q) if more else offset + len(views)
            return views[:limit], exact, more

    views, exact, more = await run(request, page)
    found: dict[str, Any] = {"query": q, "cards": [card_json(view, lang) for view in views]}
    if more and offset > 0:
        found["total"] = None
    elif exact > TOTAL_CAP:
        found.update(total=None, total_at_least=TOTAL_CAP + 1)
    else:
        found["total"] = exact
    found["next_cursor"] = make_cursor(q, offset + len(views)) if more else None
    found.update(object="list", total_cards=exact, has_more=more,
                 next_page=next_page(request, found["next_cursor"]))  # fmt: skip
    return found


def next_page(request: Request, cursor: str | None) -> str | None:
    """The address of the next page (relative: never built from the Host header), the same
    parameters with `cursor`; None on the last page."""
    if cursor is None:
        return None
    params = [(k, v) for k, v in request.query_params.multi_items() if k != "cursor"]
    return f"{request.url.path}?{urlencode([*params, ('cursor', cursor)])}"


Game = Annotated[str | None, Query(max_length=40, description="A game id (or any of its "
                                   "names); an unknown game is a 404 UnknownGameError.")]


@router.get("/cards/named")
async def named(
    request: Request,
    exact: Annotated[str | None, Query(max_length=200, description="The card's name, English "
                                       "or Japanese (case, width and kana do not matter).")] = None,
    fuzzy: Annotated[str | None, Query(max_length=200, description="A name as typed: one "
                                       "matching none is read as the closest name.")] = None,
    game: Game = None,
    lang: Lang = "en",
) -> dict[str, Any]:
    """One card by name (Scryfall's `/cards/named`): `exact` or `fuzzy` (typo-tolerant), the
    preferred printing. 404 CardNotFoundError with the closest names, 409 with the candidates
    when the name is that of several cards (send `game`)."""
    if (exact is None) == (fuzzy is None) or not (exact or fuzzy or "").strip():
        raise Problem(422, "InvalidRequest", "send one of `exact` or `fuzzy`, not empty")
    name = (exact if exact is not None else fuzzy or "").strip()

    def look_up() -> CardView:
        with engines_of(request).reading() as session:
            return named_card(session=session, name=name, game=game, fuzzy=fuzzy is not None)

    return card_json(await run(request, look_up), lang)


@router.get("/cards/autocomplete")
async def autocomplete_names(
    request: Request,
    q: Annotated[str, Query(max_length=200, description="The start of a name.")],
    game: Game = None,
) -> dict[str, Any]:
    """Up to 20 card names starting with `q` (Scryfall's `/cards/autocomplete`): a catalog
    list of names in alphabetical order (of their keys); a Japanese or kana `q` gives
    Japanese names."""

    def look_up() -> list[str]:
        with engines_of(request).reading() as session:
            return autocomplete(session=session, prefix=q, game=game)

    names = await run(request, look_up)
    return {"object": "catalog", "total_values": len(names), "data": names}


@router.get("/cards/random")
async def random(
    request: Request,
    q: Annotated[str, Query(max_length=MAX_QUERY, description="Only cards matching this "
                            "query (the query language of `twgp search`).")] = "",
    lang: Lang = "en",
) -> dict[str, Any]:
    """One card matching `q`, each equally likely (Scryfall's `/cards/random`); 404 when
    none matches."""

    def look_up() -> CardView:
        with engines_of(request).reading() as session:
            return random_card(session=session, query=q)

    return card_json(await run(request, look_up), lang)


class IdentifierIn(BaseModel):
    """One card: `id` (its source id), `name`, or `set` with `collector_number`; `game`
    narrows any of them."""

    model_config = ConfigDict(extra="forbid")
    id: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, max_length=200)
    set: str | None = Field(default=None, max_length=40)
    collector_number: str | None = Field(default=None, max_length=40)
    game: str | None = Field(default=None, max_length=40)

    @model_validator(mode="after")
    def one_kind(self) -> IdentifierIn:
        kinds = [self.id is not None, self.name is not None,
                 self.set is not None or self.collector_number is not None]  # fmt: skip
        if sum(kinds) != 1 or (kinds[2] and (self.set is None or self.collector_number is None)):
            raise ValueError("an identifier is one of: id, name, or set with collector_number")
        return self


class CollectionLookupIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    identifiers: list[IdentifierIn] = Field(min_length=1, max_length=COLLECTION_MAX)


@router.post("/cards/collection")
async def cards_collection(
    request: Request, body: CollectionLookupIn, lang: Lang = "en"
) -> dict[str, Any]:
    """The cards of up to 75 identifiers of mixed kinds (Scryfall's `/cards/collection`):
    `data` holds the card of each identifier found (the preferred printing), `not_found` the
    identifiers that name none, each in the order sent."""
    wanted = [Identifier(**item.model_dump()) for item in body.identifiers]

    def look_up() -> tuple[list[CardView], list[Identifier]]:
        with engines_of(request).reading() as session:
            return collection(session=session, identifiers=wanted)

    found, not_found = await run(request, look_up)
    return {
        "object": "list",
        "data": [card_json(view, lang) for view in found],
        "not_found": [{k: v for k, v in asdict(item).items() if v is not None}
                      for item in not_found],
    }  # fmt: skip


@router.get("/sets")
async def sets(request: Request, game: Game = None) -> dict[str, Any]:
    """The sets of the catalog's cards (Scryfall's `/sets`): game, code and how many cards
    (printings) each holds, by game and code."""

    def look_up() -> list[dict[str, object]]:
        with engines_of(request).reading() as session:
            return [found.to_json() for found in card_sets(session=session, game=game)]

    data = await run(request, look_up)
    return {"object": "list", "has_more": False, "data": data}


@router.get("/cards/{game}/{source_id:path}", response_model=None,
            responses=documented(CardWithPrintings))  # fmt: skip
async def card(request: Request, game: str, source_id: str, lang: Lang = "en") -> dict[str, Any]:
    """One card (`twgp show game:source_id`; a name after the game works too) with `printings`:
    every printing of its identity, the preferred first. 404 with the closest names when there
    is no such card, 409 with the candidates when a name picks several, 404 UnknownGameError
    when `game` is neither installed nor in the catalog."""
    def look_up() -> tuple[CardView, list[CardView]]:
        with engines_of(request).reading() as session:
            ref = f"{known_game(session, game)}:{source_id}"
            view = repository.get_card(session=session, card_ref=ref)
            return view, repository.printings(session=session, identity=view.identity)

    view, printings = await run(request, look_up)
    found = card_json(view, lang)
    found["printings"] = [card_json(p, lang) for p in printings or [view]]
    return found
