"""What changes the catalog — overrides and the collection — only with an API key, on a server
that is not `--read-only`; and the collection read back. The same services as `twgp override`
and `twgp collection import|list`; each write is one transaction (all or nothing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

import orjson
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from catalog.base.errors import CatalogError
from catalog.cards.views import CardView
from catalog.collections.listing import owned_entries
from catalog.collections.reader import ReadOptions
from catalog.collections.service import (
    CollectionImportRefused,
    ImportOptions,
    import_collection,
)
from catalog.lookup import repository
from catalog.lookup.card_lookups import known_game
from catalog.store.db import session_scope
from converters.errors import TwgpError
from service.bodies import safe_name, spool
from service.deps import engines_of, lookups_of, read_access, run, write_access
from service.documents import (
    Card,
    ClearedOverride,
    CollectionImport,
    OwnedEntry,
    documented,
)
from service.problems import Problem
from service.routes.cards import (
    MAX_LIMIT,
    Lang,
    card_json,
    make_cursor,
    next_page,
    read_cursor,
)

router = APIRouter(prefix="/v1", tags=["writes"])
T = TypeVar("T")


class OverrideIn(BaseModel):
    """A grade 00–99 (as text, "04", or a number) and/or a TWGP type (`unit`, `weapon`,
    `ライフ・トラップ`…), and why."""

    grade: str | int | None = Field(default=None, examples=["04"])
    type: str | None = Field(default=None, max_length=60, examples=["unit"])
    reason: str = Field(default="", max_length=500)


def _write(request: Request) -> Any:
    engine = engines_of(request).write
    assert engine is not None  # write_access refused a read-only server
    return engine


async def _write_with(request: Request, call: Callable[[], T]) -> T:
    """Run a write; then the deck-line look-ups this worker remembers are forgotten (the write
    may have changed what they found)."""
    try:
        return await run(request, call)
    finally:
        lookups_of(request).clear()


@router.post("/overrides/{game}/{source_id:path}", response_model=None,
             responses=documented(Card))  # fmt: skip
async def set_override(
    request: Request, game: str, source_id: str, change: OverrideIn,
    _key: Annotated[object, Depends(write_access)], lang: Lang = "en",
) -> dict[str, Any]:  # fmt: skip
    """Override the card's grade and/or type, every printing of it (`twgp override`)."""
    grade = repository.parse_grade(change.grade)
    card_type = repository.parse_card_type(change.type)
    if grade is None and card_type is None:
        raise CatalogError("an override needs a grade or a type", hint='{"grade": "04"}')
    engine = _write(request)

    def save() -> CardView:
        with session_scope(engine) as session:
            return repository.set_override(session=session, card_ref=f"{game}:{source_id}",
                                           grade=grade, card_type=card_type,
                                           reason=change.reason)  # fmt: skip

    return card_json(await _write_with(request, save), lang)


@router.delete("/overrides/{game}/{source_id:path}", response_model=None,
               responses=documented(ClearedOverride))  # fmt: skip
async def clear_override(
    request: Request, game: str, source_id: str,
    _key: Annotated[object, Depends(write_access)], lang: Lang = "en",
) -> dict[str, Any]:  # fmt: skip
    """Remove the card's override (`twgp override --clear`); `removed` says if there was one."""
    engine = _write(request)

    def clear() -> tuple[bool, CardView]:
        with session_scope(engine) as session:
            ref = f"{game}:{source_id}"
            had = repository.get_card(session=session, card_ref=ref).override is not None
            return had, repository.clear_override(session=session, card_ref=ref)

    had, view = await _write_with(request, clear)
    return {"removed": had, **card_json(view, lang)}


@router.post("/collection/import", response_model=None, responses=documented(CollectionImport),
             openapi_extra={"requestBody": {"required": True, "content": {
    "text/csv": {"schema": {"type": "string"}}}}})  # fmt: skip
async def import_collection_csv(
    request: Request,
    _key: Annotated[object, Depends(write_access)],
    format: Annotated[str, Query(max_length=40, description="auto or a collection format id "
                                 "(`twgp collection import --format`).")] = "auto",
    mode: Literal["merge", "replace"] = "merge",
    game: Annotated[str | None, Query(max_length=40)] = None,
    label: Annotated[str, Query(max_length=100)] = "",
    dry_run: bool = False,
    strict: bool = False,
    force: bool = False,
    count_decks: bool = False,
    filename: Annotated[str | None, Query(max_length=200, description="The file's name, kept "
                                          "with each entry.")] = None,
) -> dict[str, Any]:
    """Import a collection CSV (Moxfield, ManaBox, Deckbox, Dragon Shield… detected by its
    headers) as `twgp collection import` does: merge adds the file's copies (importing it
    twice counts nothing twice), replace makes it the whole collection. One transaction."""
    options = ImportOptions(
        read=ReadOptions(format_id=format.casefold(), game=game, count_decks=count_decks),
        mode=mode, dry_run=dry_run, strict=strict, label=label, force=force,
    )  # fmt: skip
    engine = _write(request)
    body = await spool(request, safe_name(filename, "collection.csv"))
    try:
        report = await _write_with(request,
                                   lambda: import_collection(engine, body.path, options))
    except CollectionImportRefused as exc:
        raise Problem(422, type(exc).__name__, body.relabel(exc).message, hint=exc.hint,
                      report=exc.report.to_json()) from exc  # fmt: skip
    except TwgpError as exc:
        raise body.relabel(exc) from exc
    finally:
        body.close()
    return report.to_json()


@router.get("/collection", tags=["catalog"], dependencies=[Depends(read_access)],
            response_model=None, responses=documented(list[OwnedEntry]))  # fmt: skip
async def collection(
    request: Request,
    q: Annotated[str | None, Query(max_length=1000, description="Only entries whose card "
                                   "matches this query.")] = None,
    game: Annotated[str | None, Query(max_length=40)] = None,
    limit: Annotated[int | None, Query(ge=1, le=MAX_LIMIT, description="At most this many "
                                       "entries (absent: every entry).")] = None,
    cursor: Annotated[str | None, Query(max_length=200, description="From the `Link: "
                                        "<…>; rel=\"next\"` of the page before.")] = None,
) -> Response:
    """The owned copies, one object per entry (`twgp collection list --json`). With `limit`
    (or `cursor`), a page of them: `X-Total-Count` is the number of entries, and the header
    `Link: <next page>; rel="next"` is there while more follow. A cursor of another query is
    a 400 InvalidCursor problem; an unknown `game` a 404 UnknownGameError."""
    key = f"collection\n{q or ''}\n{game or ''}"
    offset = read_cursor(key, cursor) if cursor else 0

    def entries() -> list[dict[str, Any]]:
        with engines_of(request).reading() as session:
            chosen = known_game(session, game) if game else None  # unknown: 404 UnknownGame
            return [e.to_json() for e in owned_entries(session=session, query=q, game=chosen)]

    found = await run(request, entries)
    if limit is None and cursor is None:
        return Response(orjson.dumps(found), media_type="application/json")
    size = limit or 50
    page = found[offset : offset + size]
    headers = {"X-Total-Count": str(len(found))}
    if offset + size < len(found):
        headers["Link"] = f'<{next_page(request, make_cursor(key, offset + size))}>; rel="next"'
    return Response(orjson.dumps(page), media_type="application/json", headers=headers)
