"""Read one MTG record — a Scryfall card object or an MTGJSON card (v5, v4, best-effort v3) —
into the few fields the MTG converter decides on, whatever the source shape."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from converters.base import Printing, Record
from converters.errors import InvalidRecordError

SCRYFALL = "Scryfall"
MTGJSON = "MTGJSON"

_SCRYFALL_KEYS = ("type_line", "oracle_id", "card_faces")
_MTGJSON_KEYS = ("manaValue", "convertedManaCost", "types", "uuid", "manaCost", "cmc")
_STAT_KEYS = ("power", "toughness", "loyalty", "defense")
# Scryfall layouts whose one `cmc` adds up every half, so every half's cost counts.
_ALL_HALVES_COUNT = frozenset({"split", "aftermath"})
# MTGJSON v3 layouts whose records are parts of one card named by joining `names`.
_V3_JOINED_LAYOUTS = frozenset({"split", "aftermath", "double-faced", "flip"})

# MTGJSON spells languages out; Scryfall uses these codes.
LANGUAGE_CODES: Mapping[str, str] = {
    "English": "en", "Japanese": "ja", "German": "de", "French": "fr", "Italian": "it",
    "Spanish": "es", "Portuguese (Brazil)": "pt", "Russian": "ru", "Korean": "ko",
    "Chinese Simplified": "zhs", "Chinese Traditional": "zht", "Hebrew": "he",
    "Latin": "la", "Ancient Greek": "grc", "Arabic": "ar", "Sanskrit": "sa", "Phyrexian": "ph",
}  # fmt: skip


@dataclass(frozen=True)
class MtgCard:
    """The decision-relevant view of one record. `front_*` is the face that decides the type."""

    shape: str
    source_id: str | None
    name: str
    name_ja: str | None
    layout: str
    multi_face: bool
    front_type_line: str
    type_line: str
    front_text: str
    text: str
    mana_value: Any
    mana_value_label: str  # "mana value", or "front face mana value" when the card has none
    counted_cost: str  # the mana cost(s) the mana value counts, to spot X
    set_type: str | None = None
    back_face_of: str | None = None  # set when the record is not the card's front
    v3_half: bool = False  # an MTGJSON v3 split half carries only its own half's mana value
    stats: Mapping[str, Any] = field(default_factory=dict)
    printing: Printing = field(default_factory=Printing)


def read_card(record: Record) -> MtgCard:
    """The view of a Scryfall or MTGJSON card. Raises InvalidRecordError for any other shape
    (a Scryfall error, list or bulk_data object, or an unknown object)."""
    kind = record.get("object")
    if kind == "error":
        raise InvalidRecordError(
            f"a Scryfall error, not a card: {record.get('status')} {record.get('code')}: "
            f"{record.get('details')}"
        )
    if kind is not None and kind != "card":
        raise InvalidRecordError(f"a Scryfall {kind!s} object, not a card")
    if kind == "card" or any(key in record for key in _SCRYFALL_KEYS):
        return _scryfall(record)
    if any(key in record for key in _MTGJSON_KEYS):
        return _mtgjson(record)
    raise InvalidRecordError(
        "not an MTG card: expected a Scryfall card (object/type_line/oracle_id) "
        "or an MTGJSON card (manaValue/types/uuid)",
        hint="pass Scryfall card objects or MTGJSON card records",
    )


# --- Scryfall ---------------------------------------------------------------------------------


def _scryfall(record: Record) -> MtgCard:
    faces = [face for face in _list(record.get("card_faces")) if isinstance(face, Mapping)]
    front = faces[0] if faces else record
    layout = _str(record.get("layout"))
    name = _str(record.get("name"))
    top_type = _str(record.get("type_line"))
    type_line = top_type or " // ".join(_str(face.get("type_line")) for face in faces)
    texts = [_str(face.get("oracle_text")) for face in faces]
    mana_value, label = record.get("cmc"), "mana value"
    if mana_value is None and front is not record:
        mana_value, label = front.get("cmc"), "front face mana value"
    return MtgCard(
        shape=SCRYFALL,
        source_id=_str(record.get("id")) or None,
        name=name,
        name_ja=_scryfall_name_ja(record, faces),
        layout=layout,
        multi_face=len(faces) > 1 or " // " in type_line,
        front_type_line=_str(faces[0].get("type_line")) if faces else top_type.split(" // ")[0],
        type_line=type_line,
        front_text=_str(front.get("oracle_text")),
        text="\n//\n".join(texts) if faces else _str(record.get("oracle_text")),
        mana_value=mana_value,
        mana_value_label=label,
        counted_cost=_str(
            record.get("mana_cost") if layout in _ALL_HALVES_COUNT else front.get("mana_cost")
        )
        or _str(record.get("mana_cost")),
        set_type=_str(record.get("set_type")) or None,
        back_face_of=_meld_result_of(record),
        stats=_scryfall_stats(record, front, mana_value, type_line),
        printing=Printing(
            _str(record.get("set")) or None,
            _str(record.get("collector_number")) or None,
            _str(record.get("lang")) or None,
        ),
    )


def _scryfall_name_ja(record: Record, faces: Sequence[Mapping[str, Any]]) -> str | None:
    if record.get("lang") != "ja":
        return None
    printed = [_str(face.get("printed_name")) for face in faces]
    if printed and all(printed):
        return " // ".join(printed)
    return _str(record.get("printed_name")) or None


def _meld_result_of(record: Record) -> str | None:
    """A meld result is printed on the backs of its parts; Scryfall lists it as a card."""
    if record.get("layout") != "meld":
        return None
    for part in _list(record.get("all_parts")):
        if (
            isinstance(part, Mapping)
            and part.get("component") == "meld_result"
            and part.get("id") == record.get("id")
        ):
            return "the back of its meld parts (a meld result)"
    return None


def _scryfall_stats(
    record: Record, front: Mapping[str, Any], mana_value: Any, type_line: str
) -> dict[str, Any]:
    stats: dict[str, Any] = {
        "mana_cost": record.get("mana_cost") or front.get("mana_cost"),
        "cmc": mana_value,
        "type_line": type_line,
    }
    for key in _STAT_KEYS:
        stats[key] = record.get(key) if record.get(key) is not None else front.get(key)
    return {key: value for key, value in stats.items() if value not in (None, "")}


# --- MTGJSON ----------------------------------------------------------------------------------


def _mtgjson(record: Record) -> MtgCard:
    names = [_str(n) for n in _list(record.get("names"))]
    layout = _str(record.get("layout"))
    is_v3 = "uuid" not in record and "manaValue" not in record
    name = _str(record.get("name"))
    if is_v3 and names and layout in _V3_JOINED_LAYOUTS:
        name = " // ".join(names)
    mana_value = next(
        (record[k] for k in ("manaValue", "convertedManaCost", "cmc") if record.get(k) is not None),
        None,
    )
    type_line = _str(record.get("type")) or _type_line_from_lists(record)
    return MtgCard(
        shape=MTGJSON,
        source_id=_str(record.get("uuid")) or _str(record.get("id")) or None,
        name=name,
        name_ja=_mtgjson_name_ja(record),
        layout=layout,
        multi_face=len(names) > 1 or " // " in name,
        front_type_line=type_line,
        type_line=type_line,
        front_text=_str(record.get("text")),
        text=_str(record.get("text")),
        mana_value=mana_value,
        mana_value_label="mana value",
        counted_cost=_str(record.get("manaCost")),
        back_face_of=_mtgjson_back_face_of(record, names, name),
        v3_half=is_v3 and layout in _ALL_HALVES_COUNT,
        stats=_mtgjson_stats(record, mana_value, type_line),
        printing=Printing(
            _str(record.get("setCode")) or None,
            _str(record.get("number")) or None,
            _language_code(record.get("language")),
        ),
    )


def _type_line_from_lists(record: Record) -> str:
    left = [*_list(record.get("supertypes")), *_list(record.get("types"))]
    right = _list(record.get("subtypes"))
    line = " ".join(_str(word) for word in left)
    return f"{line} — {' '.join(_str(word) for word in right)}" if right else line


def _mtgjson_name_ja(record: Record) -> str | None:
    for key in ("foreignData", "foreignNames"):  # v5/v4, v3
        for entry in _list(record.get(key)):
            if isinstance(entry, Mapping) and entry.get("language") == "Japanese":
                return _str(entry.get("name")) or None
    return None


def _mtgjson_back_face_of(record: Record, names: Sequence[str], name: str) -> str | None:
    """Each face of a multi-face card is its own MTGJSON record; the front ("side" a) stands
    for the card. v3 has no side: its front is the first of `names`."""
    side = record.get("side")
    if side is not None and side != "a":
        return f"side {side!s} of {name!r}"
    own = _str(record.get("faceName")) or _str(record.get("name"))
    if "side" not in record and names and own != names[0]:
        return f"a later part of {' // '.join(names)!r}"
    return None


def _mtgjson_stats(record: Record, mana_value: Any, type_line: str) -> dict[str, Any]:
    stats: dict[str, Any] = {
        "mana_cost": record.get("manaCost"),
        "cmc": mana_value,
        "type_line": type_line,
    }
    stats.update({key: record.get(key) for key in _STAT_KEYS})
    return {key: value for key, value in stats.items() if value not in (None, "")}


def _language_code(language: Any) -> str | None:
    if not language:
        return None
    return LANGUAGE_CODES.get(str(language), str(language))


# --- Small readers ----------------------------------------------------------------------------


def _str(value: Any) -> str:
    return "" if value is None else str(value).strip()


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []
