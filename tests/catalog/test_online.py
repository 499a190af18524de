"""The online service: look up, convert, store — batching counts, misses and suggestions, the
cache, offline mode, interruption, whole sets, bulk files and the collection hook."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from sqlalchemy import Engine

from catalog.collections.rows import CollectionRow
from catalog.lookup.repository import find_cards
from catalog.sources.clients import OnlineSettings
from catalog.sources.clients.errors import OfflineError
from catalog.sources.clients.sources import SourceConfigError
from catalog.sources.online import (
    FetchProgress,
    fetch_bulk,
    fetch_cards,
    fetch_collection_rows,
    fetch_set,
    resolve_missing,
)
from catalog.store.db import open_engine, session_scope
from converters.base import CardType
from tests.catalog.clients.fakes import (
    POKEMONTCG,
    SCRYFALL,
    TCGDEX,
    YGOPRODECK,
    FakeTime,
    make_settings,
    pokemon_card,
    record,
    scryfall_card,
    scryfall_list,
    ygo_card,
)

COLLECTION = f"{SCRYFALL}/cards/collection"


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = open_engine(str(tmp_path / "catalog.store.db"), load_starter=False)
    yield engine
    engine.dispose()


def fresh(settings: OnlineSettings, tmp_path: Path, fake: FakeTime, **kw: Any) -> OnlineSettings:
    """New settings (new request counts) on the same cache folder."""
    return make_settings(tmp_path, fake, **kw)


def scryfall_collection(request: httpx.Request) -> httpx.Response:
    """A fake `/cards/collection`: every name is a card except those starting with "Missing"."""
    identifiers = json.loads(request.content)["identifiers"]
    assert len(identifiers) <= 75
    found, gone = [], []
    for n, ident in enumerate(identifiers):
        name = ident.get("name") or f"Card {ident.get('collector_number')}"
        if name.startswith("Missing"):
            gone.append(ident)
        else:
            number = ident.get("collector_number", str(n))
            found.append(scryfall_card(name, number=number, set_code=ident.get("set", "tst")))
    return httpx.Response(200, json=scryfall_list(found, not_found=gone))


def stored_names(engine: Engine, game: str) -> set[str]:
    with session_scope(engine) as session:
        return {c.name for c in find_cards(session=session, game=game, limit=None)}


# --- batching ----------------------------------------------------------------------------------


def test_200_names_take_3_collection_requests(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    route = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    names = [f"Bear {n}" for n in range(200)]
    report = fetch_cards(engine, "mtg", names, settings=settings)
    assert route.call_count == 3
    assert [len(json.loads(c.request.content)["identifiers"]) for c in route.calls] == [75, 75, 50]
    assert report.requests == 3
    assert report.stored == 200
    assert len(report.cards) == 200
    assert report.misses == []
    assert len(stored_names(engine, "mtg")) == 200


def test_a_1000_row_collection_needs_at_most_14_requests(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    route = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    rows = [
        CollectionRow(
            line=n + 2,
            quantity=1,
            name=f"Card {n}",
            game="mtg",
            set_code="tst" if n % 2 else None,
            collector_number=str(n) if n % 2 else None,
        )
        for n in range(1000)
    ]
    report = resolve_missing(engine, "mtg", rows, settings=settings)
    assert route.call_count == 14
    assert report.requests == 14
    assert report.stored > 0
    sent = [i for c in route.calls for i in json.loads(c.request.content)["identifiers"]]
    assert {"set": "tst", "collector_number": "1"} in sent  # set + number is the precise form
    assert {"name": "Card 0"} in sent


def test_not_found_are_listed_with_suggestions_and_hits_are_stored(
    respx_mock: respx.MockRouter,
    engine: Engine,
    settings: OnlineSettings,
    tmp_path: Path,
    fake: FakeTime,
) -> None:
    respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    fetch_cards(engine, "mtg", ["Missionary Bears"], settings=settings)  # seeds the catalog
    autocomplete = respx_mock.get(f"{SCRYFALL}/cards/autocomplete").respond(
        json={"object": "catalog", "data": ["Mishra's Bauble"]}
    )
    report = fetch_cards(
        engine, "mtg", ["Lightning Bolt", "Missing Bears"], settings=fresh(settings, tmp_path, fake)
    )
    assert [c.name for c in report.cards] == ["Lightning Bolt"]
    assert [m.query for m in report.misses] == ["Missing Bears"]
    suggestions = report.misses[0].suggestions
    assert suggestions[0] == "Mishra's Bauble"  # the API's first
    assert "Missionary Bears" in suggestions  # then the catalog's
    assert autocomplete.call_count == 1


def test_converted_cards_carry_grade_and_type(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    respx_mock.post(COLLECTION).respond(
        json=scryfall_list([record("scryfall_lightning_bolt")], not_found=[])
    )
    report = fetch_cards(engine, "mtg", ["Lightning Bolt"], settings=settings)
    card = report.cards[0]
    assert (card.grade.value, card.card_type.value) == (1, CardType.CHARGE_EFFECT)


# --- cache, offline, interruption ---------------------------------------------------------------


def test_a_second_identical_fetch_makes_no_request(
    respx_mock: respx.MockRouter,
    engine: Engine,
    settings: OnlineSettings,
    tmp_path: Path,
    fake: FakeTime,
) -> None:
    route = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    fetch_cards(engine, "mtg", ["Grizzly Bears", "Runeclaw Bear"], settings=settings)
    again = fetch_cards(
        engine, "mtg", ["Grizzly Bears", "Runeclaw Bear"], settings=fresh(settings, tmp_path, fake)
    )
    assert route.call_count == 1
    assert again.requests == 0
    assert again.cache_hits == 1
    assert again.stored == 2
    assert again.imported.unchanged == 2


def test_refresh_asks_again(
    respx_mock: respx.MockRouter,
    engine: Engine,
    settings: OnlineSettings,
    tmp_path: Path,
    fake: FakeTime,
) -> None:
    route = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    fetch_cards(engine, "mtg", ["Grizzly Bears"], settings=settings)
    fetch_cards(
        engine, "mtg", ["Grizzly Bears"], settings=fresh(settings, tmp_path, fake, refresh=True)
    )
    assert route.call_count == 2


def test_offline_never_touches_the_network_and_lists_what_needed_it(
    respx_mock: respx.MockRouter,
    engine: Engine,
    settings: OnlineSettings,
    tmp_path: Path,
    fake: FakeTime,
) -> None:
    route = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    fetch_cards(engine, "mtg", ["Grizzly Bears"], settings=settings)
    offline = fresh(settings, tmp_path, fake, offline=True)
    cached = fetch_cards(engine, "mtg", ["Grizzly Bears"], settings=offline)
    assert cached.stored == 1
    report = fetch_cards(engine, "mtg", ["Counterspell", "Opt"], settings=offline)
    assert report.offline == ["Counterspell", "Opt"]
    assert report.stored == 0
    assert report.misses == []
    assert route.call_count == 1
    assert offline.stats.requests == 0


def test_offline_variable_is_honoured(
    respx_mock: respx.MockRouter,
    engine: Engine,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TWGP_OFFLINE", "1")
    route = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    settings = OnlineSettings.from_env(cache_dir=tmp_path / "cache")
    report = fetch_cards(engine, "mtg", ["Opt"], settings=settings)
    assert report.offline == ["Opt"]
    assert not route.called


def test_should_stop_keeps_the_batches_stored(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    route = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    seen: list[FetchProgress] = []
    report = fetch_cards(
        engine,
        "mtg",
        [f"Bear {n}" for n in range(200)],
        settings=settings,
        progress=seen.append,
        should_stop=lambda: len(seen) >= 1,
    )
    assert report.interrupted
    assert route.call_count == 1
    assert report.stored == 75
    assert len(stored_names(engine, "mtg")) == 75
    assert (seen[0].done, seen[0].total, seen[0].requests) == (75, 200, 1)


def test_ctrl_c_during_a_request_keeps_what_was_stored(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    calls = 0

    def interrupted_second_time(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise KeyboardInterrupt
        return scryfall_collection(request)

    respx_mock.post(COLLECTION).mock(side_effect=interrupted_second_time)
    report = fetch_cards(engine, "mtg", [f"Bear {n}" for n in range(200)], settings=settings)
    assert report.interrupted
    assert report.stored == 75
    assert len(stored_names(engine, "mtg")) == 75


# --- other strategies ----------------------------------------------------------------------------


def test_fuzzy_names_go_one_by_one(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    route = respx_mock.get(f"{SCRYFALL}/cards/named", params={"fuzzy": "lightnin bolt"}).respond(
        json=record("scryfall_lightning_bolt")
    )
    report = fetch_cards(engine, "mtg", ["lightnin bolt"], fuzzy=True, settings=settings)
    assert [c.name for c in report.cards] == ["Lightning Bolt"]
    assert route.call_count == 1


def test_japanese_printings_by_search(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    route = respx_mock.get(f"{SCRYFALL}/cards/search").respond(
        json=scryfall_list([record("scryfall_lightning_bolt_ja")])
    )
    respx_mock.get(f"{SCRYFALL}/cards/autocomplete").respond(json={"data": []})
    report = fetch_cards(
        engine, "mtg", ["Lightning Bolt", "Missing One"], lang="ja", settings=settings
    )
    assert route.call_count == 1
    query = route.calls.last.request.url.params["q"]
    assert query == 'lang:ja (!"Lightning Bolt" or !"Missing One")'
    assert [(c.name, c.name_ja) for c in report.cards] == [("Lightning Bolt", "稲妻")]
    assert [m.query for m in report.misses] == ["Missing One"]


def test_a_japanese_name_is_matched_on_the_printed_name(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/search").respond(
        json=scryfall_list([record("scryfall_lightning_bolt_ja")])
    )
    report = fetch_cards(engine, "mtg", ["稲妻"], settings=settings)
    assert report.misses == []
    assert report.cards[0].name_ja == "稲妻"


def test_whole_set_follows_pages_and_reports_the_total(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    page2 = f"{SCRYFALL}/cards/search?page=2&q=e%3Atst"
    respx_mock.get(page2).respond(json=scryfall_list([scryfall_card("B", number="2")]))
    first = scryfall_list([scryfall_card("A")], next_page=page2)
    first["total_cards"] = 2
    respx_mock.get(f"{SCRYFALL}/cards/search", params={"q": "e:tst"}).respond(json=first)
    seen: list[FetchProgress] = []
    report = fetch_set(engine, "mtg", "TST", settings=settings, progress=seen.append)
    assert report.stored == 2
    assert [(p.done, p.total) for p in seen] == [(1, 2), (2, 2)]


def test_an_unknown_set_is_a_miss(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    respx_mock.get(f"{SCRYFALL}/cards/search").respond(404, json=record("scryfall_not_found"))
    report = fetch_set(engine, "mtg", "zzz", settings=settings)
    assert [m.query for m in report.misses] == ["set ZZZ"]


def test_yugioh_names_share_requests_and_passcodes_too(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    by_name = respx_mock.get(
        f"{YGOPRODECK}/cardinfo.php", params={"name": "Dark Magician|Pot of Greed"}
    )
    by_name.respond(
        json={
            "data": record("ygoprodeck_dark_magician")["data"]
            + record("ygoprodeck_pot_of_greed")["data"]
        }
    )
    by_id = respx_mock.get(f"{YGOPRODECK}/cardinfo.php", params={"id": "89631139"}).respond(
        json={"data": [ygo_card("Blue-Eyes White Dragon", 89631139, level=8)]}
    )
    report = fetch_cards(
        engine, "yugioh", ["Dark Magician", "Pot of Greed", "89631139"], settings=settings
    )
    assert by_name.call_count == 1
    assert by_id.call_count == 1
    grades = {c.name: (c.grade.value, c.card_type.value) for c in report.cards}
    assert grades["Dark Magician"] == (7, CardType.UNIT)
    assert grades["Pot of Greed"][1] is not None


def test_yugioh_batch_with_an_unknown_name_is_halved(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    def cardinfo(request: httpx.Request) -> httpx.Response:
        if "fname" in request.url.params:  # the suggestion look-up for the miss
            return httpx.Response(200, json=record("ygoprodeck_dark_magician"))
        names = request.url.params["name"].split("|")
        if "Dark Magican" in names:  # behave as if one bad name fails the whole list
            return httpx.Response(400, json=record("ygoprodeck_no_match"))
        return httpx.Response(200, json=record("ygoprodeck_pot_of_greed"))

    route = respx_mock.get(f"{YGOPRODECK}/cardinfo.php").mock(side_effect=cardinfo)
    report = fetch_cards(engine, "yugioh", ["Pot of Greed", "Dark Magican"], settings=settings)
    assert [c.name for c in report.cards] == ["Pot of Greed"]
    assert [m.query for m in report.misses] == ["Dark Magican"]
    assert report.misses[0].suggestions == ("Dark Magician",)
    names = [c.request.url.params.get("name") for c in route.calls]
    assert names == ["Pot of Greed|Dark Magican", "Pot of Greed", "Dark Magican", None]


def test_pokemon_names_are_or_ed_into_one_search(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    route = respx_mock.get(f"{POKEMONTCG}/cards").respond(
        json={
            "data": [
                record("pokemontcg_charizard_base1_4")["data"],
                record("pokemontcg_bill_base1_91")["data"],
            ],
            "page": 1,
            "pageSize": 250,
            "count": 2,
            "totalCount": 2,
        }
    )
    report = fetch_cards(engine, "pokemon", ["Charizard", "Bill"], settings=settings)
    assert route.call_count == 1
    assert route.calls.last.request.url.params["q"] == '(!name:"Charizard" OR !name:"Bill")'
    grades = {c.name: (c.grade.value, c.card_type.value) for c in report.cards}
    assert grades["Charizard"] == (12, CardType.UNIT)


def test_pokemon_in_japanese_comes_from_tcgdex(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    respx_mock.get(f"{TCGDEX}/ja/cards", params={"name": "eq:ピカチュウ"}).respond(
        json=record("tcgdex_ja_brief_pikachu")
    )
    respx_mock.get(f"{TCGDEX}/ja/cards/SV1a-025").respond(json=record("tcgdex_ja_pikachu"))
    report = fetch_cards(engine, "pokemon", ["ピカチュウ"], lang="ja", settings=settings)
    card = report.cards[0]
    assert (card.name_ja, card.grade.value, card.card_type.value) == (
        "ピカチュウ",
        7,
        CardType.UNIT,
    )


def test_pokemon_set_by_pages(
    respx_mock: respx.MockRouter, engine: Engine, settings: OnlineSettings
) -> None:
    respx_mock.get(f"{POKEMONTCG}/cards", params={"q": "set.id:tst"}).respond(
        json={
            "data": [pokemon_card("Pidgey", "tst-1"), pokemon_card("Rattata", "tst-2")],
            "page": 1,
            "pageSize": 250,
            "count": 2,
            "totalCount": 2,
        }
    )
    assert fetch_set(engine, "pokemon", "tst", settings=settings).stored == 2


# --- bulk -------------------------------------------------------------------------------------


def test_mtg_bulk_downloads_once_and_imports(
    respx_mock: respx.MockRouter,
    engine: Engine,
    settings: OnlineSettings,
    tmp_path: Path,
    fake: FakeTime,
) -> None:
    bulk = record("scryfall_bulk_data")
    respx_mock.get(f"{SCRYFALL}/bulk-data").respond(json=bulk)
    body = json.dumps(
        [scryfall_card("Grizzly Bears"), scryfall_card("Llanowar Elves", number="2", cmc=1.0)]
    )
    download = respx_mock.get(bulk["data"][0]["download_uri"]).respond(content=body.encode())
    seen: list[FetchProgress] = []
    report = fetch_bulk(engine, "mtg", settings=settings, progress=seen.append)
    assert report.stored == 2
    assert report.bulk_file is not None
    assert report.bulk_file.name == "scryfall-oracle_cards.json"
    assert {p.phase for p in seen} == {"downloading", "importing"}
    again = fetch_bulk(engine, "mtg", settings=fresh(settings, tmp_path, fake))
    assert download.call_count == 1  # same updated_at: the file on disk is current
    assert again.imported.unchanged == 2
    offline = fetch_bulk(engine, "mtg", settings=fresh(settings, tmp_path, fake, offline=True))
    assert offline.stored == 2


def test_bulk_offline_without_a_file_says_so(
    respx_mock: respx.MockRouter, engine: Engine, tmp_path: Path, fake: FakeTime
) -> None:
    with pytest.raises(OfflineError, match="bulk files"):
        fetch_bulk(engine, "mtg", settings=make_settings(tmp_path, fake, offline=True))


def test_pokemon_has_no_bulk(engine: Engine, settings: OnlineSettings) -> None:
    with pytest.raises(SourceConfigError, match="no bulk file"):
        fetch_bulk(engine, "pokemon", settings=settings)


def test_a_game_without_online_source(engine: Engine, settings: OnlineSettings) -> None:
    with pytest.raises(SourceConfigError, match="ws has no online source"):
        fetch_cards(engine, "ws", ["x"], settings=settings)


def test_a_bad_language_code(engine: Engine, settings: OnlineSettings) -> None:
    with pytest.raises(SourceConfigError, match="--lang"):
        fetch_cards(engine, "mtg", ["Opt"], lang="japanese", settings=settings)


# --- the collection import hook --------------------------------------------------------------


def test_collection_hook_groups_rows_by_game(
    respx_mock: respx.MockRouter,
    engine: Engine,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    scry = respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    ygo = respx_mock.get(f"{YGOPRODECK}/cardinfo.php").respond(
        json=record("ygoprodeck_pot_of_greed")
    )
    rows = [
        CollectionRow(line=2, quantity=1, name="Grizzly Bears", game="mtg"),
        CollectionRow(line=3, quantity=2, name="Pot of Greed", game="yugioh"),
        CollectionRow(line=4, quantity=1, name="Some Climax", game="ws"),
        CollectionRow(line=5, quantity=1, name="Unknown", game=None),
    ]
    reports = fetch_collection_rows(engine, rows)
    assert [r.game for r in reports] == ["mtg", "yugioh"]
    assert scry.call_count == 1
    assert ygo.call_count == 1
    assert stored_names(engine, "yugioh") == {"Pot of Greed"}


def test_offline_says_which_uncached_cards_the_catalog_already_holds(
    respx_mock: respx.MockRouter,
    engine: Engine,
    settings: OnlineSettings,
    tmp_path: Path,
    fake: FakeTime,
) -> None:
    respx_mock.post(COLLECTION).mock(side_effect=scryfall_collection)
    fetch_cards(engine, "mtg", ["Grizzly Bears", "Runeclaw Bear"], settings=settings)
    offline = fresh(settings, tmp_path, fake, offline=True)
    report = fetch_cards(engine, "mtg", ["Grizzly Bears", "Opt"], settings=offline)  # new batch
    assert report.offline == ["Grizzly Bears", "Opt"]
    assert report.in_catalog == ["Grizzly Bears"]
