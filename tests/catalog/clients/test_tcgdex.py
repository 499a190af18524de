"""TCGdex client: English and Japanese endpoints, by id, by name (`eq:`) and sets."""

from __future__ import annotations

import pytest
import respx

from catalog.base.errors import CardNotFoundError
from catalog.sources.clients.sources import SourceConfigError
from catalog.sources.clients.tcgdex import TcgdexClient
from tests.catalog.clients.fakes import TCGDEX, record


def test_japanese_card_by_id(respx_mock: respx.MockRouter, tcgdex: TcgdexClient) -> None:
    respx_mock.get(f"{TCGDEX}/ja/cards/SV1a-025").respond(json=record("tcgdex_ja_pikachu"))
    card = tcgdex.card("SV1a-025", lang="ja")
    assert (card["name"], card["hp"]) == ("ピカチュウ", 70)


def test_japanese_name_lookup_is_exact(respx_mock: respx.MockRouter, tcgdex: TcgdexClient) -> None:
    route = respx_mock.get(f"{TCGDEX}/ja/cards", params={"name": "eq:ピカチュウ"}).respond(
        json=record("tcgdex_ja_brief_pikachu")
    )
    assert [c["id"] for c in tcgdex.find("ピカチュウ", lang="ja")] == ["SV1a-025"]
    assert route.called


def test_english_contains_lookup(respx_mock: respx.MockRouter, tcgdex: TcgdexClient) -> None:
    route = respx_mock.get(f"{TCGDEX}/en/cards", params={"name": "furret"}).respond(
        json=[{"id": "swsh3-136", "localId": "136", "name": "Furret"}]
    )
    assert tcgdex.find("furret", exact=False)[0]["name"] == "Furret"
    assert route.called


def test_no_match_is_empty(respx_mock: respx.MockRouter, tcgdex: TcgdexClient) -> None:
    respx_mock.get(f"{TCGDEX}/en/cards").respond(json=[])
    assert tcgdex.find("Nobody") == []


def test_card_404(respx_mock: respx.MockRouter, tcgdex: TcgdexClient) -> None:
    respx_mock.get(f"{TCGDEX}/en/cards/nope-1").respond(404, json={"error": "not found"})
    with pytest.raises(CardNotFoundError, match=r"card not found: nope-1 \(en\)"):
        tcgdex.card("nope-1")


def test_set_cards(respx_mock: respx.MockRouter, tcgdex: TcgdexClient) -> None:
    respx_mock.get(f"{TCGDEX}/ja/sets/SV1a").respond(
        json={
            "id": "SV1a",
            "name": "トリプレットビート",
            "cards": record("tcgdex_ja_brief_pikachu"),
        }
    )
    assert [c["id"] for c in tcgdex.set_cards("SV1a", lang="ja")] == ["SV1a-025"]


def test_unknown_language_is_a_clear_error(tcgdex: TcgdexClient) -> None:
    with pytest.raises(SourceConfigError, match="TCGdex has no language 'jp'"):
        tcgdex.card("SV1a-025", lang="jp")
