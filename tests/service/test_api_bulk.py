"""GET /v1/bulk and /v1/bulk/{name}: the bulk files of `twgp bulk export`, made on demand,
kept while the catalog is unchanged, served with their checksum as ETag."""

from __future__ import annotations

import gzip
import hashlib
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import catalog.exports.bulk_cache
from catalog.exports.bulk import BulkExport, export_bulk  # what the cache calls
from tests.service.conftest import Service, make_settings


async def test_the_list_names_every_file_with_its_download(client: httpx.AsyncClient) -> None:
    listed = (await client.get("/v1/bulk")).json()
    assert listed["object"] == "list"
    names = {item["name"] for item in listed["data"]}
    assert {"mtg.jsonl.gz", "mtg.csv.gz", "pokemon.jsonl.gz"} <= names
    cards = (await client.get("/v1/cards", params={"limit": 1})).json()["total_cards"]
    assert listed["card_count"] == cards
    for item in listed["data"]:
        assert item["download_uri"] == f"/v1/bulk/{item['name']}"
        answer = await client.get(item["download_uri"])
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "application/gzip"
        assert answer.headers["etag"] == f'"{item["sha256"]}"'
        assert hashlib.sha256(answer.content).hexdigest() == item["sha256"]
        assert len(answer.content) == item["size"]
        lines = gzip.decompress(answer.content).decode().splitlines()
        expected = item["card_count"] + (1 if item["format"] == "csv" else 0)  # the header
        assert len(lines) == expected


async def test_an_unchanged_file_is_304_and_an_unknown_one_404(client: httpx.AsyncClient) -> None:
    first = await client.get("/v1/bulk/mtg.jsonl.gz")
    same = await client.get("/v1/bulk/mtg.jsonl.gz",
                            headers={"If-None-Match": first.headers["etag"]})  # fmt: skip
    assert same.status_code == 304
    assert same.content == b""
    other = await client.get("/v1/bulk/mtg.jsonl.gz", headers={"If-None-Match": '"abc"'})
    assert other.status_code == 200
    missing = await client.get("/v1/bulk/nothing.jsonl.gz")
    assert missing.status_code == 404
    assert missing.json()["code"] == "BulkFileNotFound"
    escape = await client.get("/v1/bulk/..%2Fcatalog.sqlite3")
    assert escape.status_code == 404


async def test_files_are_made_once_per_state_of_the_catalog(
    service: Service, writer: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[object] = []

    def counting(*args: Any, **kwargs: Any) -> BulkExport:
        made.append(args)
        return export_bulk(*args, **kwargs)

    monkeypatch.setattr(catalog.exports.bulk_cache, "export_bulk", counting)
    first = (await writer.get("/v1/bulk")).json()
    await writer.get("/v1/bulk/mtg.jsonl.gz")
    assert (await writer.get("/v1/bulk")).json() == first
    assert len(made) == 1
    changed = await writer.post("/v1/overrides/mtg/m10-bolt", json={"grade": "04"})
    assert changed.status_code == 200
    after = (await writer.get("/v1/bulk")).json()
    assert len(made) == 2
    assert after["version"] != first["version"]
    answer = await writer.get("/v1/bulk/mtg.jsonl.gz")
    records = [json.loads(line) for line in gzip.decompress(answer.content).splitlines()]
    bolt = next(r for r in records if r["source_id"] == "m10-bolt")
    assert bolt["grade"] == "04"
    assert bolt["override"] is not None
    folders = [p for p in service_root(service).iterdir() if not p.name.startswith(".")]
    assert [p.name for p in folders] == [after["version"]]  # the older files are removed


def service_root(service: Service) -> Path:
    from catalog.exports.bulk_cache import default_bulk_dir

    return default_bulk_dir(service.settings.db)


async def test_files_outlast_a_request_that_gave_up(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:

    def slow(*args: Any, **kwargs: Any) -> BulkExport:
        time.sleep(1.5)
        return export_bulk(*args, **kwargs)

    monkeypatch.setattr(catalog.exports.bulk_cache, "export_bulk", slow)
    service = Service(make_settings(db, time_limit=0.5))
    try:
        async with service.client() as client:
            late = await client.get("/v1/bulk")
            assert late.status_code == 503
            assert late.headers["retry-after"]
            root = service_root(service)
            catalog.exports.bulk_cache._BUILDING[root].result(timeout=60)
            monkeypatch.setattr(catalog.exports.bulk_cache, "export_bulk", None)  # never again
            done = await client.get("/v1/bulk")
            assert done.status_code == 200
            assert done.json()["card_count"] > 0
    finally:
        service.engines.dispose()
