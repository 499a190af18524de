"""The read endpoints answer as their CLI twins: games, formats, search, one card, convert."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from converters.registry import load_converter
from tests.service.twins import cli_json, cli_json_lines, without_labels

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"


async def test_probes(client: httpx.AsyncClient) -> None:
    assert (await client.get("/healthz")).json() == {"status": "ok"}
    ready = (await client.get("/readyz")).json()
    assert ready["status"] == "ready"
    assert ready["read_revision"] == ready["write_revision"] == ready["revision_expected"]


async def test_games_are_the_cli_games(client: httpx.AsyncClient) -> None:
    answer = await client.get("/v1/games")
    assert answer.status_code == 200
    assert answer.json() == cli_json_lines("games", "--json")
    mtg = next(game for game in answer.json() if game["id"] == "mtg")
    assert mtg["grade_rule"] == load_converter("mtg").grade_rule


async def test_formats_are_the_cli_formats(client: httpx.AsyncClient) -> None:
    answer = (await client.get("/v1/formats")).json()
    assert answer["deck"] == cli_json("deck", "formats", "--json")
    assert {"mtga", "ydk", "ptcgl"} <= set(answer["import"])
    assert {"twgp", "json", "csv", "md", "html"} <= set(answer["export"])


@pytest.mark.parametrize(
    "query", ["", "bolt", "game:yugioh", "type:unit grade<=3", "t:weapon or t:life_trap",
              "-game:mtg sort:grade order:desc", "稲妻"],
)  # fmt: skip
async def test_search_finds_the_cards_the_cli_finds(
    client: httpx.AsyncClient, db: str, query: str
) -> None:
    answer = await client.get("/v1/cards", params={"q": query, "limit": 500})
    assert answer.status_code == 200
    body = answer.json()
    expected = cli_json_lines("search", "--json", "--limit", "500", "--db", db, "--", *query.split())
    assert [without_labels(card) for card in body["cards"]] == expected
    assert body["total"] == len(expected)
    assert body["next_cursor"] is None


async def test_search_pages_with_a_cursor(client: httpx.AsyncClient, db: str) -> None:
    everything = cli_json_lines("search", "--json", "--limit", "500", "--db", db)
    seen: list[str] = []
    params: dict[str, str | int] = {"limit": 7}
    first = (await client.get("/v1/cards", params=params)).json()
    assert first["total"] == len(everything)
    page = first
    while True:
        seen += [f"{c['game']}:{c['source_id']}" for c in page["cards"]]
        if page["next_cursor"] is None:
            break
        params["cursor"] = page["next_cursor"]
        page = (await client.get("/v1/cards", params=params)).json()
    assert seen == [f"{c['game']}:{c['source_id']}" for c in everything]


async def test_a_large_total_is_not_counted_past_the_cap(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("service.routes.cards.TOTAL_CAP", 3)
    first = (await client.get("/v1/cards", params={"limit": 2})).json()
    assert first["total"] is None
    assert first["total_at_least"] == 4
    few = (await client.get("/v1/cards", params={"q": "bolt", "limit": 1})).json()
    assert few["total"] == 2


async def test_a_large_first_page_counts_once(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import service.routes.cards as cards_route
    from catalog.lookup.search import count_cards as real  # what the route calls

    counted: list[str] = []

    def counting(**kwargs: Any) -> int:
        counted.append(kwargs["query"])
        return real(**kwargs)

    monkeypatch.setattr(cards_route, "TOTAL_CAP", 3)
    monkeypatch.setattr(cards_route, "count_cards", counting)
    first = (await client.get("/v1/cards", params={"limit": 2})).json()
    assert counted == [""]
    assert first["total_at_least"] == 4
    assert first["total_cards"] > 4
    counted.clear()
    every = (await client.get("/v1/cards", params={"limit": 500})).json()
    assert counted == []  # the last page knows its total
    assert every["total_cards"] == first["total_cards"] == len(every["cards"])


async def test_a_cursor_of_another_query_is_refused(client: httpx.AsyncClient) -> None:
    first = (await client.get("/v1/cards", params={"limit": 2})).json()
    other = await client.get("/v1/cards", params={"q": "bolt", "cursor": first["next_cursor"]})
    assert other.status_code == 400
    assert other.json()["code"] == "InvalidCursor"
    forged = await client.get("/v1/cards", params={"cursor": "not-a-cursor!"})
    assert forged.status_code == 400


async def test_search_in_japanese_labels_types_and_effects(client: httpx.AsyncClient) -> None:
    answer = (await client.get("/v1/cards", params={"q": "giant growth", "lang": "ja"})).json()
    (card,) = answer["cards"]
    assert card["labels"]["type"] == "チャージ・エフェクト"
    assert card["type"] == "charge_effect"


async def test_one_card_in_japanese_labels_its_reasons_and_reading(
    client: httpx.AsyncClient, db: str
) -> None:
    """Issue 21: `labels` carries the grade and type reasons and the reading in the asked
    language; the stored fields stay as `twgp show --json` prints them."""
    from catalog.ingest.importer import import_files
    from catalog.store.db import open_engine

    engine = open_engine(db, load_starter=False)
    import_files(engine, load_converter("yugioh"), [EXAMPLES / "yugioh.json"])
    engine.dispose()
    card = (await client.get("/v1/cards/yugioh/89631139", params={"lang": "ja"})).json()
    assert card["grade_reason"] == "Level 8 → 08"
    assert card["labels"]["grade_reason"] == "レベル 8 → 08"
    assert card["labels"]["type_reason"] == "通常モンスター → ユニット"
    assert card["labels"]["reading"].startswith("TWGPでは無効：ユニットのテキストは無効")
    english = (await client.get("/v1/cards/yugioh/89631139")).json()
    assert english["labels"]["grade_reason"] == "Level 8 → 08"
    assert english["labels"]["reading"] == english["reading"]


async def test_a_bad_query_is_a_problem_with_its_position(client: httpx.AsyncClient) -> None:
    answer = await client.get("/v1/cards", params={"q": "grade>=x"})
    assert answer.status_code == 400
    assert answer.headers["content-type"] == "application/problem+json"
    problem = answer.json()
    assert problem["code"] == "QuerySyntaxError"
    assert problem["exit_code"] == 2
    assert problem["status"] == 400
    assert problem["type"] == "urn:twgp:problem:QuerySyntaxError"
    assert "position" in problem


async def test_one_card_is_the_cli_show_with_printings(client: httpx.AsyncClient, db: str) -> None:
    answer = await client.get("/v1/cards/mtg/m10-bolt")
    assert answer.status_code == 200
    card = answer.json()
    assert without_labels(card) == cli_json("show", "mtg:m10-bolt", "--json", "--db", db)
    assert {p["source_id"] for p in card["printings"]} == {"m10-bolt", "m10-bolt-ja"}
    by_name = (await client.get("/v1/cards/mtg/Lightning Bolt")).json()
    assert by_name["identity"] == card["identity"]


async def test_an_unknown_card_is_404_with_the_closest_names(client: httpx.AsyncClient) -> None:
    answer = await client.get("/v1/cards/mtg/Lightning Bolts")
    assert answer.status_code == 404
    problem = answer.json()
    assert problem["code"] == "CardNotFoundError"
    assert "Lightning Bolt" in problem["closest"]


async def test_convert_a_json_body_as_the_cli_does(client: httpx.AsyncClient) -> None:
    source = EXAMPLES / "mtg.json"
    answer = await client.post("/v1/convert/mtg", content=source.read_bytes(),
                               headers={"content-type": "application/json"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["cards"] == cli_json_lines("convert", "mtg", str(source), "--json")
    assert body["tally"]["converted"] == len(body["cards"])


async def test_convert_a_csv_body(client: httpx.AsyncClient) -> None:
    source = EXAMPLES / "dm.csv"
    answer = await client.post("/v1/convert/dm", content=source.read_bytes(),
                               headers={"content-type": "text/csv"})
    assert answer.status_code == 200
    assert answer.json()["cards"] == cli_json_lines("convert", "dm", str(source), "--json")


async def test_convert_streams_json_lines(client: httpx.AsyncClient) -> None:
    records = json.loads((EXAMPLES / "mtg.json").read_text(encoding="utf-8"))["data"]
    body = b"".join(json.dumps(r).encode() + b"\n" for r in records)
    answer = await client.post("/v1/convert/mtg", content=body, headers={
        "content-type": "application/x-ndjson", "accept": "application/x-ndjson"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in answer.text.splitlines()]
    cards = [line for line in lines if "source_id" in line]
    assert lines[-1]["tally"]["converted"] == len(cards)
    assert [c["name"] for c in cards][:1] == [records[0]["name"]]


@pytest.mark.parametrize(("body", "content_type"), [
    (b'[{"name": "Bolt"', "application/json"),
    (b"{not json", "application/json"),
    (b"", "application/json"),
    (b"[" * 100_000, "application/json"),
    (b'[{"name": ' + b"9" * 2_000_000 + b"}]", "application/json"),
    (b'{"a":1}\n' + b"{" * 50_000 + b"\n", "application/x-ndjson"),
], ids=["cut short", "not json", "empty", "deep nesting", "huge number", "deep json line"])
async def test_unreadable_convert_bodies_are_400(
    client: httpx.AsyncClient, body: bytes, content_type: str
) -> None:
    answer = await client.post("/v1/convert/mtg", content=body,
                               headers={"content-type": content_type})
    assert answer.status_code == 400, answer.text
    problem = answer.json()
    assert problem["code"] == "InputFormatError"
    assert "twgp-body-" not in problem["detail"]  # the temporary folder is never shown


async def test_a_record_that_fails_is_listed_not_fatal(client: httpx.AsyncClient) -> None:
    body = json.dumps([{"object": "card", "name": "Bolt", "type_line": "Instant", "cmc": 1,
                        "id": "x", "oracle_id": "y"},
                       {"object": "card"}])
    answer = await client.post("/v1/convert/mtg", content=body)
    assert answer.status_code == 200
    result = answer.json()
    assert result["tally"]["converted"] == 1
    assert result["tally"]["failed"] == 1
    assert result["problems"][0]["kind"] == "failed"
    assert result["problems"][0]["index"] == 2
    assert result["problems"][0]["where"] == "body: record 2"  # never the temporary folder
    named = await client.post("/v1/convert/mtg", content=body, params={"filename": "a.json"},
                              headers={"accept": "application/x-ndjson"})
    problems = [line["problem"] for line in map(json.loads, named.text.splitlines())
                if "problem" in line]
    assert [p["where"] for p in problems] == ["a.json: record 2"]


async def test_convert_an_unknown_game_is_404(client: httpx.AsyncClient) -> None:
    answer = await client.post("/v1/convert/chess", content=b"[]")
    assert answer.status_code == 404
    assert answer.json()["code"] == "UnknownGameError"


async def test_convert_never_touches_the_catalog(client: httpx.AsyncClient) -> None:
    before = (await client.get("/v1/cards", params={"limit": 1})).json()["total"]
    source = EXAMPLES / "yugioh.json"
    assert (await client.post("/v1/convert/yugioh", content=source.read_bytes())).is_success
    assert (await client.get("/v1/cards", params={"limit": 1})).json()["total"] == before


async def test_unknown_paths_and_methods_are_problems(client: httpx.AsyncClient) -> None:
    missing = await client.get("/v1/nothing")
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "application/problem+json"
    wrong = await client.delete("/v1/cards")
    assert wrong.status_code == 405
    assert wrong.json()["code"] == "MethodNotAllowed"


async def test_openapi_and_docs_are_served(client: httpx.AsyncClient) -> None:
    schema = (await client.get("/openapi.json")).json()
    assert "/v1/decks/validate" in schema["paths"]
    docs = await client.get("/docs")
    assert docs.status_code == 200
    assert "/docs-static/swagger-ui-bundle.js" in docs.text  # served here, not from a CDN
    assert "cdn." not in docs.text
    bundle = await client.get("/docs-static/swagger-ui-bundle.js")
    assert bundle.status_code == 200
    # Swagger UI 5: the first to read OpenAPI 3.1, which FastAPI writes
    assert schema["openapi"].startswith("3.1")
    assert re.search(r'PACKAGE_VERSION:"5\.\d+\.\d+"', bundle.text)
