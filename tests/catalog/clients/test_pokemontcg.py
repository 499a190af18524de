"""pokemontcg.io client: a card by id, searches with pagination, the query builders."""

from __future__ import annotations

import pytest
import respx

from catalog.base.errors import CardNotFoundError
from catalog.sources.clients.pokemontcg import PokemonTcgClient, ids_query, names_query, quoted
from tests.catalog.clients.fakes import POKEMONTCG, pokemon_card, record


def test_card_by_id(respx_mock: respx.MockRouter, ptcg: PokemonTcgClient) -> None:
    respx_mock.get(f"{POKEMONTCG}/cards/base1-4").respond(
        json=record("pokemontcg_charizard_base1_4")
    )
    card = ptcg.card("base1-4")
    assert (card["name"], card["hp"], card["supertype"]) == ("Charizard", "120", "Pokémon")


def test_card_404(respx_mock: respx.MockRouter, ptcg: PokemonTcgClient) -> None:
    respx_mock.get(f"{POKEMONTCG}/cards/base1-999").respond(
        404, json={"error": {"message": "Not Found", "code": 404}}
    )
    with pytest.raises(CardNotFoundError, match="card not found: base1-999"):
        ptcg.card("base1-999")


def test_search_pages_until_total_count(
    respx_mock: respx.MockRouter, ptcg: PokemonTcgClient
) -> None:
    page1 = [pokemon_card("Pikachu", f"s{n}-1") for n in range(2)]
    page2 = [pokemon_card("Pikachu", "s9-1")]
    route = respx_mock.get(f"{POKEMONTCG}/cards")
    route.side_effect = [
        respx.MockResponse(
            json={"data": page1, "page": 1, "pageSize": 2, "count": 2, "totalCount": 3}
        ),
        respx.MockResponse(
            json={"data": page2, "page": 2, "pageSize": 2, "count": 1, "totalCount": 3}
        ),
    ]
    pages = list(ptcg.search('!name:"Pikachu"', page_size=2))
    assert [len(p.cards) for p in pages] == [2, 1]
    assert pages[0].total == 3
    assert [c.request.url.params["page"] for c in route.calls] == ["1", "2"]
    assert route.calls[0].request.url.params["q"] == '!name:"Pikachu"'


def test_search_with_no_result(respx_mock: respx.MockRouter, ptcg: PokemonTcgClient) -> None:
    respx_mock.get(f"{POKEMONTCG}/cards").respond(
        json={"data": [], "page": 1, "pageSize": 250, "count": 0, "totalCount": 0}
    )
    assert list(ptcg.search('!name:"Nobody"')) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        pytest.param(names_query(["Pikachu"]), '!name:"Pikachu"', id="one exact name"),
        pytest.param(
            names_query(["Mew", "Mewtwo"]),
            '(!name:"Mew" OR !name:"Mewtwo")',
            id="several names OR-ed",
        ),
        pytest.param(names_query(["chari"], exact=False), 'name:"chari*"', id="fuzzy prefix"),
        pytest.param(ids_query(["base1-4", "base1-2"]), '(id:"base1-4" OR id:"base1-2")', id="ids"),
        pytest.param(quoted('Farfetch"d'), '"Farfetch\\"d"', id="quote escaped"),
    ],
)
def test_query_builders(query: str, expected: str) -> None:
    assert query == expected
