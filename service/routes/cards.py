"""Card search (the query language of `twgp search`) with cursor pagination, and one card with
its printings (`twgp show`). Cards are the objects of `twgp search --json`; with `lang=ja`
each also carries `labels`, its type and effects named in Japanese."""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Depends, Query, Request

from catalog import repository
from catalog.search import count_cards, search_cards
from catalog.views import CardView
from converters.effects import EFFECT_NAMES_JA
from converters.reasons_ja import reading_ja, reason_ja
from service.deps import engines_of, read_access, run
from service.documents import CardPage, CardWithPrintings, documented
from service.problems import Problem

router = APIRouter(prefix="/v1", tags=["catalog"], dependencies=[Depends(read_access)])

Lang = Literal["en", "ja"]
MAX_LIMIT = 500
MAX_QUERY = 1000
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
    if not same or not isinstance(offset, int) or offset < 0:
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
    (else `total` is null and `total_at_least` says 1,001), and on the last page."""
    offset = read_cursor(q, cursor) if cursor else 0

    def page() -> tuple[list[CardView], int | None, bool]:
        with engines_of(request).reading() as session:
            views = search_cards(session=session, query=q, limit=limit + 1, offset=offset)
            more = len(views) > limit
            total: int | None = None if more else offset + len(views)
            if more and offset == 0:
                total = count_cards(session=session, query=q, at_most=TOTAL_CAP)
            return views[:limit], total, more

    views, total, more = await run(request, page)
    found: dict[str, Any] = {"query": q, "cards": [card_json(view, lang) for view in views]}
    if total is not None and total > TOTAL_CAP:
        found.update(total=None, total_at_least=total)
    else:
        found["total"] = total
    found["next_cursor"] = make_cursor(q, offset + len(views)) if more else None
    return found


@router.get("/cards/{game}/{source_id:path}", response_model=None,
            responses=documented(CardWithPrintings))  # fmt: skip
async def card(request: Request, game: str, source_id: str, lang: Lang = "en") -> dict[str, Any]:
    """One card (`twgp show game:source_id`; a name after the game works too) with `printings`:
    every printing of its identity, the preferred first. 404 with the closest names when there
    is no such card, 409 with the candidates when a name picks several."""
    ref = f"{game}:{source_id}"

    def look_up() -> tuple[CardView, list[CardView]]:
        with engines_of(request).reading() as session:
            view = repository.get_card(session=session, card_ref=ref)
            return view, repository.printings(session=session, identity=view.identity)

    view, printings = await run(request, look_up)
    found = card_json(view, lang)
    found["printings"] = [card_json(p, lang) for p in printings or [view]]
    return found
