"""Synthetic bulk data in the sources' real shapes, built from the project's own example cards
with varied names and ids, so that the benchmark needs nothing from outside the repository."""

from __future__ import annotations

import csv
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[1] / "converters" / "examples"

# Fields a Scryfall default-cards record carries beside the ones the converter reads; they make
# the synthetic records as heavy to parse as real ones (about 2 kB each).
_FORMATS = (
    "standard",
    "future",
    "historic",
    "timeless",
    "gladiator",
    "pioneer",
    "explorer",
    "modern",
    "legacy",
    "pauper",
    "vintage",
    "penny",
    "commander",
    "oathbreaker",
    "standardbrawl",
    "brawl",
    "alchemy",
    "paupercommander",
    "duel",
    "oldschool",
    "premodern",
    "predh",
)


def _scryfall_extras(card_id: str, set_code: str, number: str) -> dict[str, Any]:
    image = f"https://cards.scryfall.io/normal/front/{card_id[0]}/{card_id[1]}/{card_id}.jpg"
    return {
        "multiverse_ids": [int(number) + 400000],
        "tcgplayer_id": int(number) + 20000,
        "cardmarket_id": int(number) + 30000,
        "uri": f"https://api.scryfall.com/cards/{card_id}",
        "scryfall_uri": f"https://scryfall.com/card/{set_code}/{number}",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {k: image.replace("normal", k) for k in ("small", "normal", "large", "png")},
        "colors": ["R"],
        "color_identity": ["R"],
        "keywords": [],
        "legalities": {f: "legal" for f in _FORMATS},
        "games": ["paper", "mtgo"],
        "reserved": False,
        "foil": True,
        "nonfoil": True,
        "finishes": ["nonfoil", "foil"],
        "oversized": False,
        "promo": False,
        "reprint": True,
        "variation": False,
        "set_id": str(uuid.uuid5(uuid.NAMESPACE_URL, set_code)),
        "set_name": f"Set {set_code.upper()}",
        "set_type": "core",
        "rarity": "common",
        "artist": "Christopher Moeller",
        "border_color": "black",
        "frame": "2015",
        "full_art": False,
        "textless": False,
        "booster": True,
        "story_spotlight": False,
        "edhrec_rank": int(number),
        "prices": {
            "usd": "1.02",
            "usd_foil": "3.40",
            "eur": "0.95",
            "eur_foil": "2.10",
            "tix": "0.03",
        },
        "related_uris": {
            "gatherer": "https://gatherer.wizards.com/",
            "edhrec": "https://edhrec.com/",
        },
        "purchase_uris": {
            "tcgplayer": "https://www.tcgplayer.com/",
            "cardmarket": "https://www.cardmarket.com/",
        },
    }


#: Japanese printed names of the example cards; every JAPANESE_EVERY-th record is a
#: Japanese printing (so that Japanese name searches have something to find).
JAPANESE_NAMES = {
    "Lightning Bolt": "稲妻",
    "Grizzly Bears": "灰色熊",
    "Serra Angel": "セラの天使",
    "Sword of Fire and Ice": "火と氷の剣",
    "Glorious Anthem": "栄光の頌歌",
    "Emrakul, the Aeons Torn": "引き裂かれし永劫、エムラクール",
    "Island": "島",
    "Control Magic": "支配魔法",
}
JAPANESE_EVERY = 7


def bench_name(base: str, n: int) -> str:
    """The name of the n-th synthetic card made from the example card named `base`."""
    return f"{base} {n:06d}"


def scryfall_cards(count: int) -> Iterator[dict[str, Any]]:
    """`count` Scryfall card objects: the example cards again and again, each a new card."""
    examples = json.loads((EXAMPLES / "mtg.json").read_text(encoding="utf-8"))["data"]
    for n in range(count):
        base = examples[n % len(examples)]
        yield scryfall_card(base, n)


def scryfall_card(base: dict[str, Any], n: int) -> dict[str, Any]:
    card_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"twgp-bench/{n}"))
    set_code = f"b{n // 300:03d}"
    number = str(n % 300 + 1)
    card = {
        **base,
        "id": card_id,
        "oracle_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"twgp-bench-oracle/{n}")),
        "name": bench_name(base["name"], n),
        "set": set_code,
        "collector_number": number,
        **_scryfall_extras(card_id, set_code, number),
    }
    printed = JAPANESE_NAMES.get(base["name"])
    if printed and n % JAPANESE_EVERY == 0:
        card["lang"] = "ja"
        card["printed_name"] = f"{printed} {n:06d}"
    return card


def write_scryfall_bulk(path: Path, count: int) -> Path:
    """A Scryfall bulk file (one JSON array), written record by record."""
    with path.open("w", encoding="utf-8") as handle:
        handle.write("[\n")
        for n, card in enumerate(scryfall_cards(count)):
            if n:
                handle.write(",\n")
            handle.write(json.dumps(card, ensure_ascii=False))
        handle.write("\n]\n")
    return path


def write_moxfield_collection(path: Path, names: list[str]) -> Path:
    """A Moxfield collection CSV owning one copy of each name."""
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
        writer.writerow(
            [
                "Count",
                "Tradelist Count",
                "Name",
                "Edition",
                "Condition",
                "Language",
                "Foil",
                "Tags",
                "Last Modified",
                "Collector Number",
                "Alter",
                "Proxy",
                "Purchase Price",
            ]
        )
        for name in names:
            writer.writerow(
                ["1", "0", name, "", "Near Mint", "English", "", "", "", "", "False", "False", ""]
            )
    return path


def pokemon_cards(count: int) -> Iterator[dict[str, Any]]:
    """`count` pokemontcg.io v2 card objects made from the Pokémon example cards."""
    examples = json.loads((EXAMPLES / "pokemon.json").read_text(encoding="utf-8"))
    for n in range(count):
        base = examples[n % len(examples)]
        number = str(n % 200 + 1)
        yield {
            **base,
            "id": f"bench{n // 200:03d}-{number}",
            "name": bench_name(base["name"], n),
            "number": number,
        }


def write_pokemon_bulk(path: Path, count: int) -> Path:
    """A pokemontcg.io `{"data": [...]}` page holding `count` cards."""
    with path.open("w", encoding="utf-8") as handle:
        json.dump({"data": list(pokemon_cards(count))}, handle, ensure_ascii=False)
    return path


DRAGON_SHIELD_HEADER = (
    "Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,"
    "Printing,Language,Price Bought,Date Bought,LOW,MID,MARKET"
).split(",")


def write_dragonshield_collection(
    path: Path, rows: int, catalog_size: int, *, unknown_every: int = 0
) -> Path:
    """A Dragon Shield export (its `"sep=,"` line, CRLF) of `rows` rows naming the cards of the
    `catalog_size`-card benchmark catalog by set and number, in turn; with `unknown_every`,
    every such row names a card no catalog holds (1: all of them)."""
    # Only the fields written: the benchmark process stays small (a child's peak memory counts
    # its parent's pages between fork and exec).
    cards = [
        (card["name"], card["set"].upper(), card["set_name"], card["collector_number"])
        for card in scryfall_cards(min(rows, catalog_size))
    ]
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write('"sep=,"\r\n')
        writer = csv.writer(handle, lineterminator="\r\n")
        writer.writerow(DRAGON_SHIELD_HEADER)
        for n in range(rows):
            folder = f"Binder {n % 7}"
            if unknown_every and n % unknown_every == 0:
                writer.writerow([folder, 1, 0, f"Unknown Card {n:07d}", "ZZZ", "Nowhere", str(n),
                                 "NearMint", "Normal", "English", "", "", "", "", ""])  # fmt: skip
                continue
            name, set_code, set_name, number = cards[n % len(cards)]
            writer.writerow([folder, 1 + n % 3, 0, name, set_code, set_name, number, "NearMint",
                             "Foil" if n % 5 == 0 else "Normal", "English", "0.10",
                             "2026-01-02", "0.10", "0.20", "0.30"])  # fmt: skip
    return path
