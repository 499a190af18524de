"""Decks: validate, analyse and export a deck (`.twgp` text, or the JSON of a `json` export),
and draft a `.twgp` deck from another game's decklist — `twgp deck validate|stats|export|import`
over HTTP, with the same services, reports and codes."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from starlette.responses import Response

from deckbuilder.assistant.committed import with_committed
from deckbuilder.deck import Deck
from deckbuilder.decklists import FORMAT_IDS, checked_from
from deckbuilder.errors import DeckError
from deckbuilder.export import EXPORT_FORMATS, deck_from_json, export_deck
from deckbuilder.importer import DeckImport, draft_text, import_decklist, read_foreign
from deckbuilder.resolve import resolve_deck
from deckbuilder.service import ValidationReport, validate_deck
from deckbuilder.twgp_format import dump, parse
from service.deps import body_text, decoded, engines_of, lookups_of, read_access, run
from service.documents import DraftImport, Stats, Validation, documented

router = APIRouter(prefix="/v1/decks", tags=["decks"], dependencies=[Depends(read_access)])

SOURCE = "body"
DECK_BODY = {"requestBody": {"required": True, "content": {
    "text/plain": {"schema": {"type": "string", "description": "a .twgp decklist"}},
    "application/json": {"schema": {"type": "object", "description": "a `json` export"}},
}}}  # fmt: skip
TEXT_BODY = {"requestBody": {"required": True, "content": {
    "text/plain": {"schema": {"type": "string"}}}}}  # fmt: skip
#: the media type of each export format (html and md as attachments: never rendered here)
MEDIA_TYPES = {"twgp": "text/plain", "json": "application/json", "csv": "text/csv",
               "md": "text/markdown", "html": "text/html"}  # fmt: skip


async def read_deck(request: Request) -> Deck:
    """The body's deck: `.twgp` text, or (application/json) a `json` export read back — then
    numbered as its `.twgp` text, so that messages name the lines of the saved file.

    Decoded and parsed in a worker thread (a body of 15 MB takes seconds): the event loop
    stays free, so the request's time limit answers 503 on time however large the body."""
    raw = await request.body()
    content_type = request.headers.get("content-type", "")

    def read() -> Deck:
        text = decoded(raw, content_type)
        if "json" in content_type:
            return parse(dump(deck_from_json(text)), source=SOURCE)
        return parse(text, source=SOURCE)

    return await run(request, read)


async def _validated(request: Request, deck: Deck) -> ValidationReport:
    def check() -> ValidationReport:
        with engines_of(request).reading() as session:
            report = validate_deck(deck, lookups_of(request).resolver(session))
            return with_committed(report, session)

    return await run(request, check)


@router.post("/validate", openapi_extra=DECK_BODY, response_model=None,
             responses=documented(Validation))  # fmt: skip
async def validate(request: Request, lang: Literal["en", "ja"] = "en") -> dict[str, Any]:
    """The deck checked against its format's rules: `twgp deck validate --json` (legal, format,
    violations and warnings with their codes, stats); messages in `lang`."""
    report = await _validated(request, await read_deck(request))
    return report.to_json(lang)


@router.post("/stats", openapi_extra=DECK_BODY, response_model=None,
             responses=documented(Stats))  # fmt: skip
async def stats(request: Request) -> dict[str, Any]:
    """Per section and in all: types, grade curve, free-summon units, effects, games, owned
    against needed (`twgp deck stats --json`)."""
    report = await _validated(request, await read_deck(request))
    return report.stats.to_json()


@router.post("/export", openapi_extra=DECK_BODY, response_class=Response)
async def export(
    request: Request,
    to: Annotated[str, Query(description=f"One of: {', '.join(EXPORT_FORMATS)}.")],
) -> Response:
    """The deck in an export format (`twgp deck export --to`), as a download."""
    if to not in EXPORT_FORMATS:
        expected = ", ".join(EXPORT_FORMATS)
        raise DeckError(f"unknown export format {to!r}; expected one of {expected}")
    deck = await read_deck(request)

    def write() -> str:
        with engines_of(request).reading() as session:
            return export_deck(resolve_deck(deck, lookups_of(request).resolver(session)), to)

    text = await run(request, write)
    name = "".join(c for c in deck.name if c.isascii() and (c.isalnum() or c in "-_")) or "deck"
    headers = {"Content-Disposition": f'attachment; filename="{name}.{to}"'}
    return Response(text, media_type=f"{MEDIA_TYPES.get(to, 'text/plain')}; charset=utf-8",
                    headers=headers)  # fmt: skip


def import_json(result: DeckImport) -> dict[str, Any]:
    return {
        "format": result.foreign.format_id,
        "game": result.game,
        "draft": draft_text(result),
        "copies": result.copies,
        "unresolved": [
            {"line": imported.line.line, "text": imported.line.text, "reason": imported.reason,
             "closest": list(imported.closest)}
            for imported in result.unresolved
        ],
        "notes": list(result.foreign.notes),
        "hints": list(result.hints),
    }  # fmt: skip


@router.post("/import", openapi_extra=TEXT_BODY, response_model=None,
             responses=documented(DraftImport))  # fmt: skip
async def import_(
    request: Request,
    from_: Annotated[str, Query(alias="from", description="auto (told from the text, the "
                                f"default) or one of: {', '.join(FORMAT_IDS)}.")] = "auto",
    game: Annotated[str | None, Query(max_length=40, description="The game of a plain or .cod "
                                      "list (default: the format's).")] = None,
    name: Annotated[str, Query(max_length=200, description="The draft's name when the list "
                               "names none (the CLI takes the file's).")] = "",
) -> dict[str, Any]:
    """Another game's decklist (or a `ydke://` URL) → a `.twgp` draft (`twgp deck import`): life
    cards in [life], the rest in [pool]; `unresolved` lists the lines no card matched, with the
    closest names. Nothing is written."""
    checked_from(from_)
    text = await body_text(request)
    engine = engines_of(request).read

    def draft() -> DeckImport:
        foreign = read_foreign(text.strip() if from_ == "ydke" else text, from_, source=SOURCE)
        return import_decklist(engine, foreign, game=game, name=foreign.name or name)

    return import_json(await run(request, draft))
