"""The look-ups card API users expect (Scryfall's names): named (exact and fuzzy), autocomplete,
a collection of identifiers, random, sets; list objects with exact totals; the collection in
pages; unknown games and forged cursors as their own problems."""

from __future__ import annotations

import httpx
import pytest

from catalog.ingest.importer import import_cards
from converters.base import CardType
from tests.deckbuilder.catalog_samples import converted
from tests.helpers.records import CSV, MOXFIELD
from tests.service.conftest import Service
from tests.service.twins import cli, cli_json, cli_json_lines, without_labels


def is_problem(answer: httpx.Response, status: int, code: str) -> dict[str, object]:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    body: dict[str, object] = answer.json()
    assert body["code"] == code
    return body


async def test_named_exact_is_the_card_show_finds(client: httpx.AsyncClient, db: str) -> None:
    answer = await client.get("/v1/cards/named", params={"exact": "lightning bolt"})
    assert answer.status_code == 200, answer.text
    assert without_labels(answer.json()) == cli_json("show", "mtg:m10-bolt", "--json", "--db", db)


@pytest.mark.parametrize(("name", "source_id"), [
    ("稲妻", "m10-bolt-ja"),  # the printing that carries the Japanese name
    ("すたーだすと・どらごん", "44508094"),  # hiragana for a katakana name
    ("ＳＴＡＲＤＵＳＴ　ＤＲＡＧＯＮ", "44508094"),  # full width
    ("Fire", "apc-fire-ice"),  # one face
])  # fmt: skip
async def test_named_exact_reads_japanese_kana_width_and_faces(
    client: httpx.AsyncClient, name: str, source_id: str
) -> None:
    answer = await client.get("/v1/cards/named", params={"exact": name})
    assert answer.status_code == 200, answer.text
    assert answer.json()["source_id"] == source_id


async def test_named_exact_does_not_guess(client: httpx.AsyncClient) -> None:
    problem = is_problem(await client.get("/v1/cards/named", params={"exact": "Lightnin Bolt"}),
                         404, "CardNotFoundError")  # fmt: skip
    assert "Lightning Bolt" in problem["closest"]  # type: ignore[operator]


@pytest.mark.parametrize(("typed", "game", "source_id"), [
    ("Lightnin Bolt", None, "m10-bolt"),
    ("stardust dragn", "yugioh", "44508094"),
    ("スターダスト・ドラコン", None, "44508094"),  # a typo in katakana
    ("Charizrd", "Pokémon", "base1-4"),  # a game by another of its names
])  # fmt: skip
async def test_named_fuzzy_forgives_typos(
    client: httpx.AsyncClient, typed: str, game: str | None, source_id: str
) -> None:
    params = {"fuzzy": typed, **({"game": game} if game else {})}
    answer = await client.get("/v1/cards/named", params=params)
    assert answer.status_code == 200, answer.text
    assert answer.json()["source_id"] == source_id


async def test_named_fuzzy_is_show_fuzzy(client: httpx.AsyncClient, db: str) -> None:
    for typed, game in (("Lightnin Bolt", None), ("stardust dragn", "yugioh")):
        params = {"fuzzy": typed, **({"game": game} if game else {})}
        answer = (await client.get("/v1/cards/named", params=params)).json()
        ref = f"{game}:{typed}" if game else typed
        assert without_labels(answer) == cli_json("show", "--fuzzy", ref, "--json", "--db", db)
    code, _out, err = cli("show", "Lightnin Bolt", "--db", db)  # without --fuzzy: no guess
    assert code != 0
    assert "Lightning Bolt" in err


async def test_random_is_search_random(client: httpx.AsyncClient, db: str) -> None:
    query = "game:pokemon grade>=20"  # one card: the same answer both ways
    answer = (await client.get("/v1/cards/random", params={"q": query})).json()
    assert without_labels(answer) == cli_json("search", "--random", "--json", "--db", db,
                                              "--", *query.split())  # fmt: skip
    assert answer["source_id"] == "sv1-63"
    code, _out, err = cli("search", "--random", "--db", db, "name:nothing-is-called-this")
    assert code != 0
    assert "no card matches" in err


async def test_named_answers_problems(client: httpx.AsyncClient) -> None:
    ambiguous = await client.get("/v1/cards/named", params={"exact": "Mind Control"})
    candidates = is_problem(ambiguous, 409, "AmbiguousCardError")["candidates"]
    assert isinstance(candidates, list)
    assert {str(ref).partition(":")[0] for ref in candidates} == {"mtg", "yugioh"}
    one = await client.get("/v1/cards/named", params={"exact": "Mind Control", "game": "yugioh"})
    assert one.json()["source_id"] == "37520316"
    nothing = await client.get("/v1/cards/named", params={"fuzzy": "qqqqqqqqqqqq"})
    is_problem(nothing, 404, "CardNotFoundError")
    for params in ({}, {"exact": "a", "fuzzy": "b"}, {"exact": "  "}):
        is_problem(await client.get("/v1/cards/named", params=params), 422, "InvalidRequest")


@pytest.mark.parametrize("path", [
    "/v1/cards/named?exact=Lightning%20Bolt&game=no-such-game",
    "/v1/cards/autocomplete?q=li&game=no-such-game",
    "/v1/sets?game=no-such-game",
    "/v1/cards/no-such-game/m10-bolt",
])  # fmt: skip
async def test_an_unknown_game_is_unknown_game_not_card_not_found(
    client: httpx.AsyncClient, path: str
) -> None:
    problem = is_problem(await client.get(path), 404, "UnknownGameError")
    assert str(problem["detail"]).startswith("unknown game 'no-such-game'")


async def test_autocomplete_names_by_prefix(client: httpx.AsyncClient) -> None:
    answer = await client.get("/v1/cards/autocomplete", params={"q": "PIKA"})
    assert answer.status_code == 200
    assert answer.json() == {"object": "catalog", "total_values": 2,
                             "data": ["Pikachu", "Pikachu ex"]}  # fmt: skip
    japanese = (await client.get("/v1/cards/autocomplete", params={"q": "すたー"})).json()
    assert japanese["data"] == ["スターダスト・ドラゴン"]
    by_game = await client.get("/v1/cards/autocomplete", params={"q": "mind", "game": "mtg"})
    assert by_game.json()["data"] == ["Mind Control"]
    for nothing in ("zzzz", "%", "_"):  # LIKE's wildcards are letters here
        assert (await client.get("/v1/cards/autocomplete", params={"q": nothing})).json()[
            "data"] == []  # fmt: skip


async def test_autocomplete_gives_at_most_20_names(service: Service) -> None:
    many = [converted("mtg", f"zz-{n}", f"Zombie {n:02}", None, f"zombie-{n}", 2, CardType.UNIT)
            for n in range(30)]  # fmt: skip
    import_cards(service.write_engine, many, source="tests")
    async with service.client() as client:
        answer = (await client.get("/v1/cards/autocomplete", params={"q": "zomb"})).json()
    assert answer["data"] == [f"Zombie {n:02}" for n in range(20)]
    assert answer["total_values"] == 20


async def test_collection_of_mixed_identifiers(client: httpx.AsyncClient) -> None:
    identifiers = [
        {"id": "m10-bolt"},
        {"name": "stardust dragon"},
        {"set": "dom", "collector_number": "168"},
        {"name": "No Such Card"},
        {"id": "base1-58", "game": "pokemon"},
        {"set": "STA", "collector_number": "999"},
    ]
    answer = await client.post("/v1/cards/collection", json={"identifiers": identifiers})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["object"] == "list"
    assert [card["source_id"] for card in body["data"]] == [
        "m10-bolt", "44508094", "m10-llanowar", "base1-58"]  # fmt: skip
    assert body["not_found"] == [identifiers[3], identifiers[5]]


@pytest.mark.parametrize("body", [
    {"identifiers": []},
    {"identifiers": [{"id": "m10-bolt"}] * 76},
    {"identifiers": [{"id": "m10-bolt", "name": "Lightning Bolt"}]},
    {"identifiers": [{"set": "STA"}]},
    {"identifiers": [{"game": "mtg"}]},
    {"identifiers": [{"uuid": "x"}]},
])  # fmt: skip
async def test_collection_refuses_what_is_not_identifiers(
    client: httpx.AsyncClient, body: dict[str, object]
) -> None:
    is_problem(await client.post("/v1/cards/collection", json=body), 422, "InvalidRequest")


async def test_collection_takes_75_identifiers(client: httpx.AsyncClient) -> None:
    body = {"identifiers": [{"name": "Kuriboh"}] * 75}
    answer = await client.post("/v1/cards/collection", json=body)
    assert answer.status_code == 200
    assert len(answer.json()["data"]) == 75
    unknown = {"identifiers": [{"name": "Kuriboh", "game": "no-such-game"}]}
    is_problem(await client.post("/v1/cards/collection", json=unknown), 404, "UnknownGameError")


async def test_random_is_a_card_matching_the_query(client: httpx.AsyncClient, db: str) -> None:
    matching = {c["source_id"] for c in cli_json_lines("search", "--json", "--db", db,
                                                       "game:pokemon", "type:unit")}  # fmt: skip
    seen = set()
    for _ in range(40):
        answer = await client.get("/v1/cards/random", params={"q": "game:pokemon type:unit"})
        assert answer.status_code == 200, answer.text
        seen.add(answer.json()["source_id"])
    assert seen <= matching
    assert len(seen) > 1  # 40 draws of 4 cards: one card every time has odds of 4 × 4^-40
    none = await client.get("/v1/cards/random", params={"q": "name:nothing-is-called-this"})
    is_problem(none, 404, "CardNotFoundError")
    is_problem(await client.get("/v1/cards/random", params={"q": "grade<"}), 400,
               "QuerySyntaxError")  # fmt: skip


async def test_sets_by_game(client: httpx.AsyncClient) -> None:
    answer = (await client.get("/v1/sets", params={"game": "mtg"})).json()
    assert answer["object"] == "list"
    assert answer["has_more"] is False
    assert answer["data"] == [
        {"game": "mtg", "code": "APC", "card_count": 1},
        {"game": "mtg", "code": "DOM", "card_count": 1},
        {"game": "mtg", "code": "STA", "card_count": 2},
    ]
    every = (await client.get("/v1/sets")).json()["data"]
    assert {"game": "pokemon", "code": "sv1", "card_count": 1} in every
    assert len(every) == 5


async def test_search_is_a_list_with_exact_totals(
    client: httpx.AsyncClient, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    everything = cli_json_lines("search", "--json", "--limit", "500", "--db", db)
    monkeypatch.setattr("service.routes.cards.TOTAL_CAP", 3)  # past the cap: counted anyway
    first = (await client.get("/v1/cards", params={"limit": 10, "lang": "ja"})).json()
    assert first["object"] == "list"
    assert first["total"] is None  # the old fields stay as they were
    assert first["total_cards"] == len(everything)
    assert first["has_more"] is True
    seen = [c["source_id"] for c in first["cards"]]
    page = first
    while page["has_more"]:
        assert page["next_page"].startswith("/v1/cards?")
        assert "lang=ja" in page["next_page"]
        page = (await client.get(page["next_page"])).json()
        assert page["total_cards"] == len(everything)
        seen += [c["source_id"] for c in page["cards"]]
    assert page["next_page"] is None
    assert seen == [c["source_id"] for c in everything]


@pytest.mark.parametrize("cursor", [
    "not-a-cursor", "eyJxIjoiMDAwMDAwMDAwMDAwIiwibyI6MX0", "e30", "W10", "%%%",
])  # fmt: skip
async def test_a_forged_cursor_is_a_400_problem(client: httpx.AsyncClient, cursor: str) -> None:
    answer = await client.get("/v1/cards", params={"cursor": cursor})
    is_problem(answer, 400, "InvalidCursor")
    page = await client.get("/v1/collection", params={"cursor": cursor})
    is_problem(page, 400, "InvalidCursor")


async def test_the_collection_in_pages(writer: httpx.AsyncClient, db: str) -> None:
    imported = await writer.post("/v1/collection/import", content=MOXFIELD, headers=CSV)
    assert imported.status_code == 200, imported.text
    everything = (await writer.get("/v1/collection")).json()
    assert everything == cli_json_lines("collection", "list", "--json", "--db", db)
    assert len(everything) == 2
    first = await writer.get("/v1/collection", params={"limit": 1})
    assert first.json() == everything[:1]
    assert first.headers["x-total-count"] == "2"
    link = first.headers["link"]
    assert link.startswith("</v1/collection?")
    assert link.endswith('>; rel="next"')
    second = await writer.get(link[1 : link.index(">")])
    assert second.json() == everything[1:]
    assert "link" not in second.headers
    other = await writer.get("/v1/collection", params={"game": "mtg", "cursor":
                                                      link.split("cursor=")[1].split(">")[0]})
    is_problem(other, 400, "InvalidCursor")  # a cursor of another query
