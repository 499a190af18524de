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


def scryfall_cards(count: int) -> Iterator[dict[str, Any]]:
    """`count` Scryfall card objects: the example cards again and again, each a new card."""
    examples = json.loads((EXAMPLES / "mtg.json").read_text(encoding="utf-8"))["data"]
    for n in range(count):
        base = examples[n % len(examples)]
        card_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"twgp-bench/{n}"))
        set_code = f"b{n // 300:03d}"
        number = str(n % 300 + 1)
        yield {
            **base,
            "id": card_id,
            "oracle_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"twgp-bench-oracle/{n}")),
            "name": f"{base['name']} {n:06d}",
            "set": set_code,
            "collector_number": number,
            **_scryfall_extras(card_id, set_code, number),
        }


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
