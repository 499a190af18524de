"""One Piece: the punk-records card files (buhbbl/punk-records, `<lang>/cards/<pack>/<ID>.json`)
read as the card-list records converters/onepiece.py converts.

punk-records writes one object per card and language: `id` ("OP01-001", a parallel
"OP01-001_p1"), `name`, `category` (Leader/Character/Event/Stage), `cost` (int or null; **on a
Leader it holds the life**), `power` and `counter` (int or null), `effect`, `trigger`, `types`,
`attributes`, `colors`, `rarity`, `block_number`, `img_full_url` (en.onepiece-cardgame.com for
English). The card list writes the same facts as strings with "-" for none; `cardlist_record`
turns the first into the second, so that one converter (and its "-" policy) reads both:

* a null stat is "-": a Character's null power is its printed 0 (Kouzuki Hiyori EB01-013), as
  the card list's "-" is (`DASH_POLICY`);
* a Leader's `cost` is its life, and a Leader prints no cost;
* names and texts keep the web page's character references (`Kid &amp; Killer`): resolved;
* the trigger is the last line of the text (the card list appends it to `effects`);
* the parallel suffix (`_p1`) is the alternate art's; the card number is the id without it."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from converters.base import Record, text_of

#: a parallel (alternate art) suffix of a card id: OP01-001_p1, OP01-001_P2
PARALLEL = re.compile(r"_[pP]\d+$")
_MARKERS = re.compile(r"\[[^\]\n]+\]|【[^】\n]+】")
_PACK = re.compile(r"^([A-Z]+)(\d+)-")


def is_punk_record(record: Record) -> bool:
    """A punk-records card (not a card-list record, which has `card_type`)."""
    return "category" in record and "id" in record and "card_type" not in record


def card_number(card_id: str) -> str:
    """The card number of an id: the id without its parallel suffix (OP01-001_p1 → OP01-001)."""
    return PARALLEL.sub("", card_id.strip()).upper()


def cardlist_record(record: Record) -> Record:
    """`record` in the card list's shape (itself when it already is; see the module)."""
    if not is_punk_record(record):
        return record
    card_id = text_of(record.get("id"))
    kind = text_of(record.get("category")).upper()
    leader = kind == "LEADER"
    texts = [_plain(record.get("effect")), _plain(record.get("trigger"))]
    text = "\n".join(part for part in texts if part)
    pack = _PACK.match(card_id)
    return {
        "card_name": _plain(record.get("name")),
        "card_number": card_number(card_id),
        "image_name": card_id,
        "is_alternate_art": bool(PARALLEL.search(card_id)),
        "card_type": kind,
        "cost": "-" if leader else _stat(record.get("cost")),
        "life": _stat(record.get("cost")) if leader else "-",
        "power": _stat(record.get("power")),
        "counter": _stat(record.get("counter")),
        "effects": text,
        "card_effects": _MARKERS.findall(text),
        "attributes": _list(record.get("attributes")),
        "colors": _list(record.get("colors")),
        "types": _list(record.get("types")),
        "rarity": text_of(record.get("rarity")),
        "block_icon": _stat(record.get("block_number")),
        "card_sets": f"[{pack.group(1)}-{pack.group(2)}]" if pack else "",
        "image_url": text_of(record.get("img_full_url")),
    }


def _plain(value: Any) -> str:
    """Text with the web page's character references resolved (`Kid &amp; Killer`)."""
    return html.unescape(text_of(value))


def _stat(value: Any) -> str:
    return "-" if value is None or value == "" else text_of(value)


def _list(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    return [] if value is None or isinstance(value, Mapping) else [value]
