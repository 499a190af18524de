"""An answer must answer the question asked: each client refuses cards it did not ask for and
answers longer than the question allows — a clear error, the answer forgotten by the cache —
and takes the answers real APIs give (accents, faces, alternate artworks)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from catalog.sources.clients._answer import answers_name, loads, too_deep
from catalog.sources.clients.errors import SourceResponseError
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.ygoprodeck import YgoProDeckClient
from tests.catalog.clients.fakes import (
    POKEMONTCG,
    SCRYFALL,
    TCGDEX,
    YGOPRODECK,
    pokemon_card,
    scryfall_card,
    scryfall_list,
    ygo_card,
)

Call = Callable[[Any], object]


def cached(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").rglob("*.json"))


SCRYFALL_CASES = [
    pytest.param(
        f"{SCRYFALL}/cards/collection",
        scryfall_list([scryfall_card("Opt"), scryfall_card("Shock")]),
        lambda c: c.collection([{"name": "Opt"}]),
        "2 cards where at most 1 can answer",
        id="more cards than identifiers",
    ),
    pytest.param(
        f"{SCRYFALL}/cards/collection",
        scryfall_list([scryfall_card("Shock")]),
        lambda c: c.collection([{"name": "Opt"}]),
        r"1 card\(s\) that were not asked for \(Shock\)",
        id="another card",
    ),
    pytest.param(
        f"{SCRYFALL}/cards/collection",
        scryfall_list([scryfall_card("Opt", set_code="xln", number="65")]),
        lambda c: c.collection([{"set": "dom", "collector_number": "60"}]),
        "not asked for",
        id="another printing",
    ),
    pytest.param(
        f"{SCRYFALL}/cards/search",
        scryfall_list([scryfall_card(f"Card {n}") for n in range(176)]),
        lambda c: list(c.search("e:tst")),
        "176 cards where at most 175 can answer",
        id="a page longer than a page",
    ),
    pytest.param(
        f"{SCRYFALL}/cards/search",
        {**scryfall_list([scryfall_card("Opt")]), "total_cards": 300_000},
        lambda c: list(c.search("e:tst")),
        "300000 cards",
        id="an absurd total",
    ),
    pytest.param(
        f"{SCRYFALL}/cards/search",
        scryfall_list([scryfall_card("Opt")], next_page="https://evil.example/cards/search"),
        lambda c: list(c.search("e:tst")),
        "a next page on another server",
        id="next page elsewhere",
    ),
    pytest.param(
        f"{SCRYFALL}/cards/search",
        scryfall_list([scryfall_card("Opt", set_code="xln")]),
        lambda c: list(c.search("e:dom", accept=lambda card: card["set"] == "dom")),
        r"not asked for \(Opt\)",
        id="a search answer the caller refuses",
    ),
]

YGOPRODECK_CASES = [
    pytest.param(
        {"data": [ygo_card("Kuriboh", 40640057)]},
        lambda c: c.by_names(["Dark Magician"]),
        r"not asked for \(Kuriboh\)",
        id="another name",
    ),
    pytest.param(
        {"data": [ygo_card("Dark Magician", 46986414)] * 2},
        lambda c: c.by_names(["Dark Magician"]),
        "2 cards where at most 1",
        id="more cards than names",
    ),
    pytest.param(
        {"data": [ygo_card("Kuriboh", 40640057)]},
        lambda c: c.by_ids([46986414]),
        "not asked for",
        id="another passcode",
    ),
    pytest.param(
        {"data": [ygo_card("Kuriboh", 40640057, sets=("Legend of Blue Eyes",))]},
        lambda c: c.by_set("Metal Raiders"),
        "not asked for",
        id="a card of another set",
    ),
    pytest.param(
        {"data": [ygo_card(f"Card {n}", n) for n in range(20_001)]},
        lambda c: c.fuzzy("card"),
        "20001 cards where at most 20000",
        id="a fuzzy name answered with more than the database",
    ),
]


def test_ygoprodeck_takes_an_alternate_artwork_passcode(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient
) -> None:
    card = {**ygo_card("Dark Magician", 46986414), "card_images": [{"id": 36996508}]}
    respx_mock.get(url__startswith=YGOPRODECK).respond(json={"data": [card]})
    assert ygo.by_ids(["036996508"]) == [card]


POKEMONTCG_CASES = [
    pytest.param(
        f"{POKEMONTCG}/cards/base1-4",
        {"data": pokemon_card("Pikachu", "base1-58")},
        lambda c: c.card("base1-4"),
        "the card 'base1-58'",
        id="another id",
    ),
    pytest.param(
        f"{POKEMONTCG}/cards",
        {"data": [pokemon_card("Pikachu", f"x-{n}") for n in range(11)], "totalCount": 11},
        lambda c: list(c.search("name:pikachu", page_size=10)),
        "11 cards where at most 10",
        id="a page longer than asked",
    ),
    pytest.param(
        f"{POKEMONTCG}/cards",
        {"data": [pokemon_card("Pikachu", "x-1")], "totalCount": 500_000},
        lambda c: list(c.search("name:pikachu")),
        "500000 cards",
        id="an absurd total",
    ),
]

TCGDEX_CASES = [
    pytest.param(
        f"{TCGDEX}/ja/cards/SV1a-001",
        {"id": "SV1a-002", "name": "ピカチュウ"},
        lambda c: c.card("SV1a-001", lang="ja"),
        "the card 'SV1a-002'",
        id="another id",
    ),
    pytest.param(
        f"{TCGDEX}/ja/cards",
        [{"id": "SV1a-025", "name": "ピカチュウ"}, {"id": "SV1a-026", "name": "ライチュウ"}],
        lambda c: c.find("ピカチュウ", lang="ja"),
        r"not asked for \(ライチュウ\)",
        id="an exact name answered with another name",
    ),
    pytest.param(
        f"{TCGDEX}/en/sets/swsh3",
        {"id": "swsh3", "cards": [{"id": "swsh3-1"}, {"id": "base1-4"}]},
        lambda c: c.set_cards("swsh3"),
        "not asked for",
        id="a card of another set",
    ),
    pytest.param(
        f"{TCGDEX}/en/cards",
        [{"id": f"x-{n}", "name": "Pikachu"} for n in range(1001)],
        lambda c: c.find("Pikachu", exact=False),
        "1001 cards where at most 1000",
        id="a list longer than any name's printings",
    ),
]


def _for(client: str, cases: list[Any], url: str | None = None) -> list[Any]:
    """The cases of one client's fixture, as (fixture, url, body, call, said) parameters."""
    return [
        pytest.param(client, *([url] if url else []), *case.values, id=f"{client}: {case.id}")
        for case in cases
    ]


@pytest.mark.parametrize(
    ("client", "url", "body", "call", "said"),
    [
        *_for("scryfall", SCRYFALL_CASES),
        *_for("ygo", YGOPRODECK_CASES, YGOPRODECK),
        *_for("ptcg", POKEMONTCG_CASES),
        *_for("tcgdex", TCGDEX_CASES),
    ],
)
def test_each_client_refuses_answers_to_other_questions(
    request: pytest.FixtureRequest,
    respx_mock: respx.MockRouter,
    tmp_path: Path,
    client: str,
    url: str,
    body: Any,
    call: Call,
    said: str,
) -> None:
    respx_mock.route(url__startswith=url).respond(json=body)
    with pytest.raises(SourceResponseError, match=said) as caught:
        call(request.getfixturevalue(client))
    assert "nothing was stored" in caught.value.message
    assert cached(tmp_path) == []


@pytest.mark.parametrize(
    ("asked", "given", "answers"),
    [
        pytest.param("Lim-Dul's Vault", "Lim-Dûl's Vault", True, id="accents forgiven"),
        pytest.param("fire // ice", "Fire // Ice", True, id="case and spaces"),
        pytest.param("Fire", "Fire // Ice", True, id="one face"),
        pytest.param("ぴかちゅう", "ピカチュウ", True, id="hiragana for katakana"),
        pytest.param("Lightning Bolt", "Counterspell", False, id="another card"),
        pytest.param("Bolt", "Lightning Bolt", False, id="part of a name"),
    ],
)
def test_the_name_check_forgives_what_the_apis_forgive_and_nothing_else(
    asked: str, given: str, answers: bool
) -> None:
    assert answers_name(asked, given) is answers


def test_a_genuine_name_answer_with_an_accent_is_taken(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/named").mock(
        return_value=httpx.Response(200, json=scryfall_card("Lim-Dûl's Vault"))
    )
    assert scryfall.named("Lim-Dul's Vault")["name"] == "Lim-Dûl's Vault"


def test_json_depth_is_checked_without_recursion() -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    assert too_deep(deep, 64)
    assert not too_deep({"data": [{"card_faces": [{"name": "x"}]}]}, 64)
    with pytest.raises(ValueError, match="nested more than 64 levels"):
        loads(b"[" * 65 + b"]" * 65)
    assert loads(b"[" * 64 + b"]" * 64) is not None
