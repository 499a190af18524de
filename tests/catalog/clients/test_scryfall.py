"""Scryfall client: each endpoint's happy path, pagination, the collection batch and its
`not_found`, 404s, and the bulk download."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import respx

from catalog.base.errors import AmbiguousCardError, CardNotFoundError
from catalog.sources.clients.scryfall import COLLECTION_LIMIT, ScryfallClient, identifier_label
from tests.catalog.clients.fakes import SCRYFALL, record, scryfall_card, scryfall_list

BOLT = record("scryfall_lightning_bolt")
BOLT_JA = record("scryfall_lightning_bolt_ja")


def test_named_exact(respx_mock: respx.MockRouter, scryfall: ScryfallClient) -> None:
    route = respx_mock.get(f"{SCRYFALL}/cards/named", params={"exact": "Lightning Bolt"}).respond(
        json=BOLT
    )
    card = scryfall.named("Lightning Bolt")
    assert (card["name"], card["cmc"], card["type_line"]) == ("Lightning Bolt", 1.0, "Instant")
    assert route.called


def test_named_fuzzy_with_set(respx_mock: respx.MockRouter, scryfall: ScryfallClient) -> None:
    route = respx_mock.get(
        f"{SCRYFALL}/cards/named", params={"fuzzy": "lightnin bolt", "set": "m10"}
    ).respond(json=BOLT)
    assert scryfall.named("lightnin bolt", fuzzy=True, set_code="m10")["set"] == "m10"
    assert route.called


def test_named_404_is_card_not_found(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/named").respond(404, json=record("scryfall_not_found"))
    with pytest.raises(CardNotFoundError, match="card not found: Lightnig Bolt"):
        scryfall.named("Lightnig Bolt")


def test_ambiguous_fuzzy_name_lists_candidates(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/named").respond(
        404,
        json={
            "object": "error",
            "code": "not_found",
            "status": 404,
            "type": "ambiguous",
            "details": "Too many cards match ambiguous name “jace”. Add more words to refine your "
            "search.",
        },
    )
    respx_mock.get(f"{SCRYFALL}/cards/autocomplete").respond(
        json={
            "object": "catalog",
            "total_values": 2,
            "data": ["Jace, the Mind Sculptor", "Jace Beleren"],
        }
    )
    with pytest.raises(AmbiguousCardError) as caught:
        scryfall.named("jace", fuzzy=True)
    assert caught.value.candidates == ("Jace, the Mind Sculptor", "Jace Beleren")


def test_by_id(respx_mock: respx.MockRouter, scryfall: ScryfallClient) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/{BOLT['id']}").respond(json=BOLT)
    assert scryfall.by_id(BOLT["id"])["name"] == "Lightning Bolt"


def test_by_set_and_number_in_japanese(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/m11/149/ja").respond(json=BOLT_JA)
    card = scryfall.by_number("M11", "149", "ja")
    assert (card["printed_name"], card["lang"]) == ("稲妻", "ja")


def test_by_number_404(respx_mock: respx.MockRouter, scryfall: ScryfallClient) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/m10/999").respond(404, json=record("scryfall_not_found"))
    with pytest.raises(CardNotFoundError, match=r"card not found: M10 #999"):
        scryfall.by_number("m10", "999")


def test_collection_posts_identifiers_and_reports_not_found(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    missing = {"name": "Lightnig Bolt"}
    route = respx_mock.post(f"{SCRYFALL}/cards/collection").respond(
        json=scryfall_list([BOLT], not_found=[missing])
    )
    result = scryfall.collection([{"name": "Lightning Bolt"}, missing])
    assert [c["name"] for c in result.cards] == ["Lightning Bolt"]
    assert result.not_found == [missing]
    sent = json.loads(route.calls.last.request.content)
    assert sent == {"identifiers": [{"name": "Lightning Bolt"}, {"name": "Lightnig Bolt"}]}


def test_collection_refuses_more_than_75(scryfall: ScryfallClient) -> None:
    with pytest.raises(ValueError, match="75"):
        scryfall.collection([{"name": f"c{n}"} for n in range(COLLECTION_LIMIT + 1)])


def test_search_follows_next_page_while_has_more(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    page2 = f"{SCRYFALL}/cards/search?format=json&page=2&q=e%3Atst&unique=prints"
    second = respx_mock.get(page2).respond(json=scryfall_list([scryfall_card("B", number="2")]))
    first = respx_mock.get(f"{SCRYFALL}/cards/search", params={"q": "e:tst", "unique": "prints"})
    first.respond(json=scryfall_list([scryfall_card("A")], next_page=page2))
    pages = list(scryfall.search("e:tst", unique="prints"))
    assert [[c["name"] for c in page.cards] for page in pages] == [["A"], ["B"]]
    assert first.call_count == 1
    assert second.call_count == 1


def test_search_with_no_match_yields_nothing(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/search").respond(
        404,
        json={
            "object": "error",
            "code": "not_found",
            "status": 404,
            "details": "Your query didn’t match any cards.",
        },
    )
    assert list(scryfall.search('!"No Such Card"')) == []


def test_search_validation_error_is_reported(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/search").respond(
        422,
        json={
            "object": "error",
            "code": "bad_request",
            "status": 422,
            "details": "All of your terms were ignored.",
        },
    )
    with pytest.raises(Exception, match="All of your terms were ignored"):
        list(scryfall.search("foo:bar"))


def test_bulk_files_and_atomic_streaming_download(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, tmp_path: Path
) -> None:
    respx_mock.get(f"{SCRYFALL}/bulk-data").respond(json=record("scryfall_bulk_data"))
    files = {f.type: f for f in scryfall.bulk_files()}
    assert set(files) == {"oracle_cards", "default_cards"}
    oracle = files["oracle_cards"]
    body = json.dumps([BOLT, scryfall_card("Grizzly Bears")]).encode()
    download = respx_mock.get(oracle.download_uri).respond(
        content=body, headers={"Content-Length": str(len(body))}
    )
    seen: list[tuple[int, int | None]] = []
    dest = tmp_path / "bulk" / "oracle.json"
    scryfall.download_bulk(oracle, dest, progress=lambda done, total: seen.append((done, total)))
    assert json.loads(dest.read_bytes())[0]["name"] == "Lightning Bolt"
    assert seen[-1] == (len(body), len(body))
    assert "User-Agent" in download.calls.last.request.headers
    assert [p.name for p in dest.parent.iterdir()] == ["oracle.json"]  # no temporary file left


def test_an_interrupted_download_keeps_the_previous_file(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, tmp_path: Path
) -> None:
    respx_mock.get(f"{SCRYFALL}/bulk-data").respond(json=record("scryfall_bulk_data"))
    oracle = scryfall.bulk_files()[0]
    dest = tmp_path / "oracle.json"
    dest.write_text("[]")
    respx_mock.get(oracle.download_uri).mock(side_effect=httpx.ReadTimeout("stalled"))
    with pytest.raises(Exception, match="did not answer in time"):
        scryfall.download_bulk(oracle, dest)
    assert dest.read_text() == "[]"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_bulk_downloads_bypass_the_http_cache(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient, tmp_path: Path
) -> None:
    respx_mock.get(f"{SCRYFALL}/bulk-data").respond(json=record("scryfall_bulk_data"))
    oracle = scryfall.bulk_files()[0]
    route = respx_mock.get(oracle.download_uri).respond(content=b"[]")
    scryfall.download_bulk(oracle, tmp_path / "a.json")
    scryfall.download_bulk(oracle, tmp_path / "b.json")
    assert route.call_count == 2
    cached = list((tmp_path / "cache" / "http").rglob("*.body"))
    assert cached  # the bulk-data list is cached, the downloads are not
    assert all(p.read_bytes() != b"[]" for p in cached)


@pytest.mark.parametrize(
    ("identifier", "label"),
    [
        pytest.param({"name": "Opt"}, "Opt", id="name"),
        pytest.param({"name": "Opt", "set": "dom"}, "Opt (DOM)", id="name and set"),
        pytest.param({"set": "neo", "collector_number": "123"}, "NEO #123", id="set and number"),
        pytest.param({"id": "abc"}, "id abc", id="scryfall id"),
    ],
)
def test_identifier_labels(identifier: dict[str, str], label: str) -> None:
    assert identifier_label(identifier) == label


def test_a_next_page_pointing_back_stops_the_pagination(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    loop = f"{SCRYFALL}/cards/search?page=2"
    route = respx_mock.get(url__startswith=f"{SCRYFALL}/cards/search").respond(
        json=scryfall_list([scryfall_card("A")], next_page=loop)
    )
    assert len(list(scryfall.search("e:tst"))) == 2
    assert route.call_count == 2
