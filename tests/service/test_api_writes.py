"""Writes — overrides and collection imports — only with a valid, unrevoked API key; each
answers as its CLI twin and a refused write changes nothing."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from catalog.store.apikeys import revoke_key
from catalog.store.db import session_scope
from tests.helpers.records import CSV, MOXFIELD
from tests.service.conftest import Service
from tests.service.twins import cli_json, cli_json_lines, without_labels


async def test_an_override_with_a_key(writer: httpx.AsyncClient, db: str) -> None:
    answer = await writer.post("/v1/overrides/mtg/m10-bolt",
                               json={"grade": "07", "type": "unit", "reason": "house rule"})
    assert answer.status_code == 200, answer.text
    card = answer.json()
    assert card["grade"] == "07"
    assert card["type"] == "unit"
    assert card["override"]["reason"] == "house rule"
    assert without_labels(card) == cli_json("show", "mtg:m10-bolt", "--json", "--db", db)
    printing = (await writer.get("/v1/cards/mtg/m10-bolt-ja")).json()
    assert printing["grade"] == "07"  # every printing of the card
    cleared = await writer.delete("/v1/overrides/mtg/m10-bolt")
    assert cleared.json()["removed"] is True
    assert cleared.json()["override"] is None
    again = await writer.delete("/v1/overrides/mtg/m10-bolt")
    assert again.json()["removed"] is False


@pytest.mark.parametrize("change", [
    {"grade": "100"}, {"grade": "-1"}, {"grade": "abc"}, {"type": "dragon"}, {},
    {"grade": 4.5}, {"reason": "no value"},
])  # fmt: skip
async def test_a_bad_override_is_4xx_and_changes_nothing(
    writer: httpx.AsyncClient, change: dict[str, object]
) -> None:
    answer = await writer.post("/v1/overrides/mtg/m10-bolt", json=change)
    assert 400 <= answer.status_code < 500
    assert answer.headers["content-type"] == "application/problem+json"
    assert (await writer.get("/v1/cards/mtg/m10-bolt")).json()["override"] is None


async def test_an_override_of_an_unknown_card_is_404(writer: httpx.AsyncClient) -> None:
    answer = await writer.post("/v1/overrides/mtg/nothing-here", json={"grade": "03"})
    assert answer.status_code == 404


@pytest.mark.parametrize("headers", [
    {}, {"authorization": "Bearer twgp_not-a-key"}, {"x-api-key": "guess"},
    {"authorization": "Basic dXNlcjpwYXNz"},
])  # fmt: skip
async def test_writes_without_a_valid_key_are_refused(
    service: Service, headers: dict[str, str]
) -> None:
    async with service.client(**headers) as client:
        answer = await client.post("/v1/overrides/mtg/m10-bolt", json={"grade": "09"})
        assert answer.status_code == 401
        assert answer.headers["www-authenticate"].startswith("Bearer")
        assert answer.json()["code"] in ("ApiKeyRequired", "InvalidApiKey")
        imported = await client.post("/v1/collection/import", content=MOXFIELD, headers=CSV)
        assert imported.status_code == 401
        assert (await client.get("/v1/cards/mtg/m10-bolt")).json()["override"] is None
        assert (await client.get("/v1/collection")).json() == []


async def test_a_revoked_key_is_refused(service: Service) -> None:
    key = service.key("soon revoked")
    async with service.client(**{"x-api-key": key}) as client:
        assert (await client.post("/v1/overrides/mtg/m10-bolt", json={"grade": "09"})).is_success
        with session_scope(service.write_engine) as session:
            revoke_key(session=session, name="soon revoked")
        answer = await client.delete("/v1/overrides/mtg/m10-bolt")
        assert answer.status_code == 401
        assert answer.json()["code"] == "RevokedApiKey"
        assert (await client.get("/v1/cards/mtg/m10-bolt")).json()["grade"] == "09"


async def test_collection_import_and_list_as_the_cli(writer: httpx.AsyncClient, db: str) -> None:
    answer = await writer.post("/v1/collection/import", content=MOXFIELD, headers=CSV,
                               params={"filename": "../../my moxfield.csv"})
    assert answer.status_code == 200, answer.text
    report = answer.json()
    assert report["format"] == "moxfield"
    assert report["file"] == "my moxfield.csv"
    assert report["copies_after"] - report["copies_before"] == 4
    assert [r["name"] for r in report["unresolved"]] == ["No Such Card At All"]
    listed = (await writer.get("/v1/collection")).json()
    assert listed == cli_json_lines("collection", "list", "--json", "--db", db)
    assert sum(e["quantity"] for e in listed) == 4
    again = (await writer.post("/v1/collection/import", content=MOXFIELD, headers=CSV,
                               params={"filename": "my moxfield.csv"})).json()
    assert again["copies_after"] == 4  # merge: the same file counts once
    owned = (await writer.get("/v1/cards/mtg/m10-bolt")).json()["owned"]
    assert owned == 3


async def test_a_strict_import_with_bad_rows_writes_nothing(writer: httpx.AsyncClient) -> None:
    answer = await writer.post("/v1/collection/import", content=MOXFIELD, headers=CSV,
                               params={"strict": "true"})
    assert answer.status_code == 422
    problem = answer.json()
    assert problem["code"] == "CollectionImportRefused"
    assert problem["report"]["unresolved"][0]["name"] == "No Such Card At All"
    assert (await writer.get("/v1/collection")).json() == []


@pytest.mark.parametrize("body", [
    b"", b"just one line", b'"unclosed,"quote\n1,2\n', b"\x00\x01\x02",
    "名前,数量\n稲妻,abc\n".encode("cp932"), b"Count,Name\n" + b"9" * 5000 + b",Bolt\n",
], ids=["empty", "one line", "bad quotes", "control bytes", "shift_jis", "huge quantity"])
async def test_a_malformed_collection_is_4xx_and_changes_nothing(
    writer: httpx.AsyncClient, body: bytes
) -> None:
    answer = await writer.post("/v1/collection/import", content=body, headers=CSV)
    assert answer.status_code in (200, 400, 422), answer.text
    if answer.status_code != 200:
        assert answer.headers["content-type"] == "application/problem+json"
        assert "twgp-body-" not in answer.json()["detail"]
    assert (await writer.get("/v1/collection")).json() == []


async def test_the_cli_makes_lists_and_revokes_keys(service: Service, db: str,
                                                   tmp_path: Path) -> None:
    from tests.service.twins import cli

    code, out, _ = cli("apikey", "create", "deck bot", "--db", db)
    assert code == 0
    key = out.strip()
    assert key.startswith("twgp_")
    listed = cli_json("apikey", "list", "--json", "--db", db)
    assert [(k["name"], k["active"]) for k in listed] == [("deck bot", True)]
    assert key[:12] == listed[0]["prefix"]
    assert key not in str(listed)
    async with service.client(authorization=f"Bearer {key}") as client:
        assert (await client.post("/v1/overrides/mtg/m10-bolt", json={"grade": "02"})).is_success
        assert cli("apikey", "revoke", "deck bot", "--db", db)[0] == 0
        refused = await client.post("/v1/overrides/mtg/m10-bolt", json={"grade": "03"})
        assert refused.status_code == 401
    assert cli("apikey", "create", "deck bot", "--db", db)[0] != 0  # names are unique
    code, _, err = cli("apikey", "revoke", "nobody", "--db", db)
    assert code == 1
    assert "no API key named 'nobody'" in err
