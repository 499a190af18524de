"""Bulk data: `GET /v1/bulk` lists every game's converted catalog as gzip JSON Lines and CSV
files (size, SHA-256, card count, newest change, download address); `GET /v1/bulk/{name}`
serves one. The files are `twgp bulk export`'s, made on demand and kept until the catalog
changes (catalog/exports/bulk_cache.py); a file's ETag is its SHA-256, so `If-None-Match` answers
304 while it is unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi import Path as PathParam
from starlette.responses import FileResponse, Response

from catalog.exports.bulk import BulkExport
from catalog.exports.bulk_cache import current_export, default_bulk_dir
from service.deps import engines_of, read_access, run, settings_of
from service.documents import BulkList, documented
from service.problems import Problem

router = APIRouter(prefix="/v1/bulk", tags=["bulk"], dependencies=[Depends(read_access)])

MEDIA_TYPE = "application/gzip"
#: the 200 of a download, and the 304 of an unchanged one
DOWNLOAD = {
    200: {"description": "The gzip file.",
          "content": {MEDIA_TYPE: {"schema": {"type": "string", "format": "binary"}}}},
    304: {"description": "The file is unchanged (`If-None-Match` named its ETag)."},
}  # fmt: skip


def bulk_root(request: Request) -> Path:
    settings = settings_of(request)
    return Path(settings.bulk_dir) if settings.bulk_dir else default_bulk_dir(settings.db)


async def _export(request: Request) -> BulkExport:
    engine = engines_of(request).read
    root = bulk_root(request)
    return await run(request, lambda: current_export(engine, root))


@router.get("", response_model=None, responses=documented(BulkList))
async def bulk(request: Request) -> dict[str, Any]:
    """Every game's converted catalog as files (`twgp bulk export`): per game
    `<game>.jsonl.gz` (one card record a line; `twgp import <game>` reads it back) and
    `<game>.csv.gz` (one card a row), each with its size, SHA-256, card count, newest change
    (`updated_at`) and `download_uri` (relative). The first request after a change to the
    catalog makes the files (seconds for 100,000 cards); later ones read them."""
    export = await _export(request)
    document = export.to_json()
    for item in document["data"]:
        item["download_uri"] = f"{request.url.path}/{item['name']}"
    return document


@router.get("/{name}", response_class=Response, responses=DOWNLOAD)  # type: ignore[arg-type]
async def bulk_file(
    request: Request,
    name: Annotated[str, PathParam(max_length=80, description="A file's `name` as `GET "
                                   "/v1/bulk` lists it: `mtg.jsonl.gz`, `mtg.csv.gz`.")],
) -> Response:
    """One bulk file (gzip), as a download. 404 when no file has that name."""
    export = await _export(request)
    found = next((file for file in export.files if file.name == name), None)
    if found is None:
        raise Problem(404, "BulkFileNotFound", f"no bulk file is named {name!r}",
                      hint="GET /v1/bulk lists the files")  # fmt: skip
    etag = f'"{found.sha256}"'
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    wanted = request.headers.get("if-none-match", "")
    if etag in [tag.strip().removeprefix("W/") for tag in wanted.split(",")] or wanted == "*":
        return Response(status_code=304, headers=headers)
    return FileResponse(export.folder / found.name, media_type=MEDIA_TYPE, filename=found.name,
                        headers=headers)  # fmt: skip
