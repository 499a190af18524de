"""Test doubles for the online clients: a fake clock that sleeps instantly, settings that keep
every cache and limiter inside the test, recorded records, and card factories in the real
response shapes (facts written by us)."""

from __future__ import annotations

import copy
import json
import uuid
from functools import cache
from pathlib import Path
from typing import Any

from catalog.sources.clients import Limits, OnlineSettings, RateLimiter, RetryPolicy, Secret

DATA = Path(__file__).parent / "data"

SCRYFALL = "https://api.scryfall.com"
YGOPRODECK = "https://db.ygoprodeck.com/api/v7"
POKEMONTCG = "https://api.pokemontcg.io/v2"
TCGDEX = "https://api.tcgdex.net/v2"


class FakeTime:
    """A monotonic clock whose sleep only moves the clock forward, and remembers each sleep."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def make_settings(
    tmp_path: Path,
    fake: FakeTime,
    *,
    offline: bool = False,
    refresh: bool = False,
    environ: dict[str, str] | None = None,
    key: str | None = None,
    attempts: int = 4,
    limits: Limits | None = None,
) -> OnlineSettings:
    return OnlineSettings(
        offline=offline,
        refresh=refresh,
        cache_dir=tmp_path / "cache",
        limiter=RateLimiter(clock=fake.clock, sleep=fake.sleep),
        sleep=fake.sleep,
        retry=RetryPolicy(attempts=attempts, lockout=30.0),
        pokemontcg_key=Secret(key) if key else None,
        environ=environ or {},
        limits=limits or Limits(),
    )


@cache
def _load(name: str) -> Any:
    return json.loads((DATA / f"{name}.json").read_text("utf-8"))


def record(name: str) -> Any:
    """A recorded response body from tests/catalog/clients/data (a fresh copy)."""
    return copy.deepcopy(_load(name))


def scryfall_card(
    name: str,
    *,
    set_code: str = "tst",
    number: str = "1",
    cmc: float = 2.0,
    type_line: str = "Creature — Bear",
    lang: str = "en",
    printed_name: str | None = None,
) -> dict[str, Any]:
    """A Scryfall card object with the fields the MTG converter reads."""
    card: dict[str, Any] = {
        "object": "card",
        "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{name}/{set_code}/{number}/{lang}")),
        "oracle_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"oracle/{name}")),
        "name": name,
        "lang": lang,
        "layout": "normal",
        "mana_cost": "{1}{G}",
        "cmc": cmc,
        "type_line": type_line,
        "oracle_text": "",
        "power": "2",
        "toughness": "2",
        "set": set_code,
        "set_type": "expansion",
        "collector_number": number,
    }
    if printed_name:
        card["printed_name"] = printed_name
    return card


def scryfall_list(
    cards: list[dict[str, Any]],
    *,
    next_page: str | None = None,
    not_found: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"object": "list", "has_more": next_page is not None, "data": cards}
    if next_page:
        body["next_page"] = next_page
    if not_found is not None:
        body["not_found"] = not_found
    return body


def ygo_card(
    name: str, passcode: int, *, level: int = 4, sets: tuple[str, ...] = ()
) -> dict[str, Any]:
    card: dict[str, Any] = {
        "id": passcode,
        "name": name,
        "type": "Normal Monster",
        "frameType": "normal",
        "desc": "A monster.",
        "atk": 1000,
        "def": 1000,
        "level": level,
        "race": "Warrior",
        "attribute": "EARTH",
    }
    if sets:
        card["card_sets"] = [
            {"set_name": s, "set_code": f"S{n}-EN001"} for n, s in enumerate(sets)
        ]
    return card


def pokemon_card(name: str, card_id: str, *, hp: str = "60") -> dict[str, Any]:
    return {
        "id": card_id,
        "name": name,
        "supertype": "Pokémon",
        "subtypes": ["Basic"],
        "hp": hp,
        "types": ["Colorless"],
        "number": card_id.split("-")[-1],
        "set": {"id": card_id.split("-")[0], "name": "Test Set"},
    }
