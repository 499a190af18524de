"""YGOPRODeck client: names joined with `|`, fuzzy, passcodes, sets, "no card matching"
answers, the database version and the whole-database download."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import respx

from catalog.sources.clients.errors import SourceResponseError
from catalog.sources.clients.ygoprodeck import YgoProDeckClient
from tests.catalog.clients.fakes import YGOPRODECK, record, ygo_card

CARDINFO = f"{YGOPRODECK}/cardinfo.php"


def test_several_exact_names_in_one_request(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient
) -> None:
    both = {
        "data": record("ygoprodeck_dark_magician")["data"]
        + record("ygoprodeck_pot_of_greed")["data"]
    }
    route = respx_mock.get(CARDINFO, params={"name": "Dark Magician|Pot of Greed"}).respond(
        json=both
    )
    cards = ygo.by_names(["Dark Magician", "Pot of Greed"])
    assert [c["id"] for c in cards] == [46986414, 55144522]
    assert route.call_count == 1


def test_no_match_is_an_empty_list(respx_mock: respx.MockRouter, ygo: YgoProDeckClient) -> None:
    respx_mock.get(CARDINFO).respond(400, json=record("ygoprodeck_no_match"))
    assert ygo.by_names(["Dark Magican"]) == []


def test_other_400s_are_reported_with_the_message(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient
) -> None:
    respx_mock.get(CARDINFO).respond(400, json={"error": "Invalid parameter: sort"})
    with pytest.raises(SourceResponseError, match="Invalid parameter: sort"):
        ygo.fuzzy("magician")


def test_fuzzy_uses_fname(respx_mock: respx.MockRouter, ygo: YgoProDeckClient) -> None:
    route = respx_mock.get(CARDINFO, params={"fname": "magician"}).respond(
        json=record("ygoprodeck_dark_magician")
    )
    assert ygo.fuzzy("magician")[0]["name"] == "Dark Magician"
    assert route.called


def test_passcodes_as_a_comma_list(respx_mock: respx.MockRouter, ygo: YgoProDeckClient) -> None:
    route = respx_mock.get(CARDINFO, params={"id": "46986414,55144522"}).respond(
        json={"data": [ygo_card("Dark Magician", 46986414), ygo_card("Pot of Greed", 55144522)]}
    )
    assert len(ygo.by_ids([46986414, 55144522])) == 2
    assert route.called


def test_a_set_by_name(respx_mock: respx.MockRouter, ygo: YgoProDeckClient) -> None:
    route = respx_mock.get(CARDINFO, params={"cardset": "Metal Raiders"}).respond(
        json={"data": [ygo_card("Tribute to the Doomed", 79759861, sets=("Metal Raiders",))]}
    )
    assert ygo.by_set("Metal Raiders")[0]["id"] == 79759861
    assert route.called


def test_a_name_with_a_pipe_is_refused(ygo: YgoProDeckClient) -> None:
    with pytest.raises(ValueError, match=r"cannot contain '\|'"):
        ygo.by_names(["a|b"])


def test_missing_data_envelope_is_unexpected(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient
) -> None:
    respx_mock.get(CARDINFO).respond(json=[{"id": 1}])
    with pytest.raises(SourceResponseError, match="unexpected JSON"):
        ygo.by_names(["Dark Magician"])


def test_db_version(respx_mock: respx.MockRouter, ygo: YgoProDeckClient) -> None:
    respx_mock.get(f"{YGOPRODECK}/checkDBVer.php").respond(
        json=[{"database_version": "115.52", "last_update": "2024-05-01 10:01:02"}]
    )
    assert ygo.db_version()["database_version"] == "115.52"


def test_download_all_streams_cardinfo_to_disk(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient, tmp_path: Path
) -> None:
    body = json.dumps(record("ygoprodeck_dark_magician")).encode()
    route = respx_mock.get(CARDINFO).respond(content=body)
    dest = ygo.download_all(tmp_path / "ygo.json")
    assert json.loads(dest.read_bytes())["data"][0]["name"] == "Dark Magician"
    # no filter: the whole database, with misc_info (which marks "?" ATK/DEF)
    assert dict(route.calls.last.request.url.params) == {"misc": "yes"}


def test_every_card_request_asks_for_misc_info(
    respx_mock: respx.MockRouter, ygo: YgoProDeckClient
) -> None:
    route = respx_mock.get(CARDINFO).respond(json=record("ygoprodeck_dark_magician"))
    ygo.by_names(["Dark Magician"])
    assert route.calls.last.request.url.params["misc"] == "yes"
