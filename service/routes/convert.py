"""POST /v1/convert/{game}: records → converted cards, as `twgp convert --json` — the same
readers (a JSON array, an envelope, one record, JSON Lines or CSV, detected from the content)
and the same converter. Nothing is written to the catalog.

The answer is one JSON object (cards, problems, tally); with `Accept: application/x-ndjson` it
is streamed as JSON Lines while the body is converted — the way to convert large bodies: one
line per card, `{"problem": …}` for a skipped or failed record, `{"tally": …}` last, and
`{"error": …}` (a problem document) if the body turns out unreadable half-way."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from starlette.background import BackgroundTask
from starlette.responses import StreamingResponse

from catalog.ingest.conversion import Outcome, Tally, convert_files, json_line
from catalog.ingest.converter_setup import configured_converter
from converters.base import Converter
from converters.errors import TwgpError
from service.bodies import SpooledBody, safe_name, spool
from service.deps import read_access, run
from service.documents import Conversion, documented
from service.problems import TYPE_PREFIX, status_of

router = APIRouter(prefix="/v1", tags=["convert"], dependencies=[Depends(read_access)])

NDJSON = "application/x-ndjson"
_BODY_TYPES = {"application/json": {"schema": {}}, NDJSON: {"schema": {"type": "string"}},
               "text/csv": {"schema": {"type": "string"}}}  # fmt: skip


def _file_name(request: Request, filename: str | None) -> str:
    """CSV bodies are told by their name (as `twgp convert` tells `.csv` files); the rest by
    their content."""
    if filename:
        return safe_name(filename, "body")
    content_type = request.headers.get("content-type", "")
    return "body.csv" if "csv" in content_type else "body"


def problem_line(outcome: Outcome, body: SpooledBody) -> dict[str, Any]:
    """A skipped or failed record, placed as the client named the body (`cards.json: record
    3`), never in the server's temporary folder."""
    kind = "failed" if outcome.failed is not None else "skipped"
    return {"where": body.unfolded(outcome.where), "index": outcome.index, "line": outcome.line,
            "kind": kind, "reason": outcome.failed or outcome.skipped}  # fmt: skip


def _outcomes(converter: Converter, body: SpooledBody) -> Iterator[Outcome]:
    try:
        yield from convert_files(converter, [body.path])
    except TwgpError as exc:
        raise body.relabel(exc) from exc


@router.post("/convert/{game}", openapi_extra={"requestBody": {"content": _BODY_TYPES}},
             response_model=None, responses=documented(Conversion))  # fmt: skip
async def convert(
    request: Request,
    game: str,
    option: Annotated[list[str] | None, Query(description="A converter option key=value "
                                              "(`twgp convert --option`).")] = None,
    filename: Annotated[str | None, Query(max_length=200, description="The file's name "
                                          "(`.csv` reads the body as CSV).")] = None,
) -> Any:
    """Convert the body's records to TWGP (grade, type, effects, reading) like `twgp convert
    --json`; skipped and failed records are listed with their position."""
    converter = configured_converter(game, option or ())
    body = await spool(request, _file_name(request, filename))
    if NDJSON in request.headers.get("accept", ""):
        return StreamingResponse(_stream(converter, body), media_type=NDJSON,
                                 background=BackgroundTask(body.close))  # fmt: skip

    def convert_all() -> dict[str, Any]:
        tally = Tally()
        cards, problems = [], []
        for outcome in _outcomes(converter, body):
            tally.add(outcome)
            if outcome.card is not None:
                cards.append(outcome.card.to_json())
            else:
                problems.append(problem_line(outcome, body))
        return {"cards": cards, "problems": problems, "tally": asdict(tally)}

    try:
        return await run(request, convert_all)
    finally:
        body.close()


def _stream(converter: Converter, body: SpooledBody) -> Iterator[bytes]:
    """JSON Lines as the records are converted (Starlette runs each step in a thread)."""
    tally = Tally()
    try:
        for outcome in _outcomes(converter, body):
            tally.add(outcome)
            if outcome.card is not None:
                yield json_line(outcome.card.to_json())
            else:
                yield json_line({"problem": problem_line(outcome, body)})
    except TwgpError as exc:
        yield json_line(_error_line(exc))
        return
    finally:
        body.close()
    yield json_line({"tally": asdict(tally)})


def _error_line(exc: TwgpError) -> dict[str, Any]:
    name = type(exc).__name__
    return {"error": {"type": TYPE_PREFIX + name, "status": status_of(exc), "code": name,
                      "detail": exc.message, "hint": exc.hint}}  # fmt: skip
