"""Yu-Gi-Oh! → TWGP from YGOPRODeck API v7 card objects: grade = stars (Level, or Rank for
Xyz; Link 00), 00 when ATK or DEF is a printed 0 (docs/rules.md §1, "Policy — Yu-Gi-Oh!")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    card_name_key,
    grade_from_value,
    kind_key,
    no_grade,
    no_type,
    pick,
    plain_number,
    read_number,
    text_of,
)
from converters.errors import InvalidRecordError

MONSTER = "Monster"

#: The §2 table: the card's kind (spell/trap icon + "Spell"/"Trap", or "Monster") → TWGP type.
KINDS: dict[str, CardType | None] = {
    MONSTER: CardType.UNIT,
    "Equip Spell": CardType.WEAPON,
    "Field Spell": CardType.LIFE_COUNTER,
    "Continuous Spell": CardType.LIFE_COUNTER,
    "Normal Spell": CardType.CHARGE_EFFECT,
    "Quick-Play Spell": CardType.CHARGE_EFFECT,
    "Ritual Spell": CardType.CHARGE_EFFECT,
    "Continuous Trap": CardType.LIFE_TRAP,
    "Normal Trap": CardType.CHARGE_TRAP,
    "Counter Trap": CardType.CHARGE_TRAP,
    "モンスター": CardType.UNIT,
    "装備魔法": CardType.WEAPON,
    "フィールド魔法": CardType.LIFE_COUNTER,
    "永続魔法": CardType.LIFE_COUNTER,
    "通常魔法": CardType.CHARGE_EFFECT,
    "速攻魔法": CardType.CHARGE_EFFECT,
    "儀式魔法": CardType.CHARGE_EFFECT,
    "永続罠": CardType.LIFE_TRAP,
    "通常罠": CardType.CHARGE_TRAP,
    "カウンター罠": CardType.CHARGE_TRAP,
}
_KIND_KEYS = {kind_key(word): card_type for word, card_type in KINDS.items()}

#: Records that are not cards TWGP plays, by frame.
SKIPPED_FRAMES = {
    "token": "a Token is created by an effect, not a card in a deck",
    "skill": "a Skill Card belongs to Speed Duels and is not played from a deck",
}


@dataclass(frozen=True)
class _Stat:
    """ATK or DEF as printed: a number, "?" (`variable`), or absent (Link DEF)."""

    label: str
    value: float | None
    variable: bool = False

    @property
    def shown(self) -> str | int | None:
        if self.variable:
            return "?"
        return None if self.value is None else int(self.value)


class YugiohConverter(Converter):
    """Yu-Gi-Oh! cards as YGOPRODeck v7 returns them (`{"data": [...]}` or one card object)."""

    game_id: ClassVar[str] = "yugioh"
    display_name: ClassVar[str] = "Yu-Gi-Oh!"
    display_name_ja: ClassVar[str] = "遊戯王"
    short_name: ClassVar[str] = "YGO"
    grade_rule: ClassVar[str] = (
        "the number of stars (Level, or Rank for Xyz; Link monsters 00); "
        "a printed ATK or DEF of 0 makes it 00"
    )
    grade_rule_ja: ClassVar[str] = (
        "☆の数（レベル。"
        "エクシーズはランク、リンクモンスターは00）。攻撃力か守備力が印刷された0なら00"
    )
    formats: ClassVar[tuple[str, ...]] = ("ygoprodeck-v7",)
    kinds: ClassVar[Mapping[str, CardType | None]] = KINDS

    # Record accessors -------------------------------------------------------------------------

    def source_id(self, record: Record) -> str:
        passcode = record.get("id")
        if passcode is None or isinstance(passcode, bool) or str(passcode).strip() == "":
            raise InvalidRecordError("the card has no id (passcode)")
        return str(passcode).strip()

    def names(self, record: Record) -> tuple[str, str | None]:
        name_ja = pick(record, "name_ja", "ja_name")
        return str(record.get("name") or "").strip(), str(name_ja).strip() if name_ja else None

    def identity_key(self, record: Record) -> str:
        # The record is the card: alternate arts are extra `card_images` ids of this record.
        return self.source_id(record)

    def aliases(self, record: Record) -> tuple[str, ...]:
        """The other passcodes of the card: its alternate arts' `card_images` ids (Dark
        Magician 46986414 is also 36996508). A deck or a look-up naming any of them means
        this card."""
        images = record.get("card_images")
        if not isinstance(images, list):
            return ()
        own = self.source_id(record)
        found = (str(image.get("id")).strip() for image in images if isinstance(image, Mapping))
        return tuple(dict.fromkeys(p for p in found if p.isdigit() and p != own))

    def links(self, record: Record) -> tuple[str, ...]:
        """Every passcode of the card, and its name: two records sharing one (a capture
        listing an alternate art as a card of its own, a record keyed by another passcode)
        are one card — and so are two records of one name whatever passcodes they carry (an
        alternate art's record naming only its own passcode, Red-Eyes Black Dragon 74677427
        beside 74677422): a Yu-Gi-Oh! name denotes one card."""
        passcodes = tuple(f"passcode:{p}" for p in (self.source_id(record), *self.aliases(record)))
        name = card_name_key(self.names(record)[0])
        return (*passcodes, f"name:{name}") if name else passcodes

    def skip_reason(self, record: Record) -> str | None:
        return SKIPPED_FRAMES.get(_frame(record))

    def to_grade(self, record: Record) -> Ruling[int]:
        frame = _frame(record)
        if frame in ("spell", "trap"):
            return no_grade(f"{frame.title()} Card: no stars")
        if not _is_monster(frame):
            return no_grade(f"card type {_type_text(record)!r} is not a monster: no stars")
        if _is_link(record, frame):
            return Ruling(0, "Link monster: Link monsters have no stars → 00")
        atk, def_ = _stat(record, "atk"), _stat(record, "def")
        warnings = tuple(_stat_warnings(atk, def_))
        for stat in (atk, def_):
            if stat.value == 0 and not stat.variable:
                return Ruling(0, f"{stat.label} 0 → 00 by the ATK/DEF 0 rule",
                              warnings + _zero_warning(record, stat))
        return _grade_from_stars(record, frame, warnings)

    def card_type(self, record: Record) -> Ruling[CardType]:
        kind = _kind(record)
        if kind is None:
            return no_type(
                f"card type {_type_text(record)!r} is not in the Yu-Gi-Oh! table",
                f"unknown Yu-Gi-Oh! card type {_type_text(record)!r}",
            )
        card_type = _KIND_KEYS.get(kind_key(kind))
        if card_type is None:
            return no_type(f"{kind} is not in the Yu-Gi-Oh! table", f"unknown {kind}")
        source = _type_text(record) if kind == MONSTER else kind
        return Ruling(card_type, f"{source} → {card_type.label}")

    def text(self, record: Record) -> str:
        pendulum, monster = text_of(record.get("pend_desc")), text_of(record.get("monster_desc"))
        if pendulum or monster:
            # YGOPRODeck's `desc` of a pendulum can be truncated; the split fields are whole.
            return f"[ Pendulum Effect ]\n{pendulum}\n[ Monster Effect ]\n{monster}".strip()
        return text_of(record.get("desc"))

    def species(self, record: Record) -> str:
        """A monster's Type (the API's `race`: "Reptile", "Fiend"…)."""
        return text_of(record.get("race"))

    def stats(self, record: Record) -> dict[str, Any]:
        frame = _frame(record)
        found: dict[str, Any] = {"type": record.get("type"), "race": record.get("race")}
        if _is_monster(frame):
            found["attribute"] = record.get("attribute")
            found["atk"] = _stat(record, "atk").shown
            if _is_link(record, frame):
                found["link"] = record.get("linkval")
            else:
                found["def"] = _stat(record, "def").shown
                found["rank" if _is_xyz(record, frame) else "level"] = record.get("level")
            found["scale"] = record.get("scale")
        return {key: value for key, value in found.items() if value is not None}

    def printing(self, record: Record) -> Printing:
        # A card has many set printings; the record's first one is shown, the set is left open.
        sets = record.get("card_sets")
        first = sets[0] if isinstance(sets, list) and sets and isinstance(sets[0], Mapping) else {}
        code = first.get("set_code")
        return Printing(collector_number=str(code) if code else None)


# --- Reading the record ----------------------------------------------------------------------


def _type_text(record: Record) -> str:
    return text_of(record.get("type"))


def _frame(record: Record) -> str:
    """`frameType` when present; older captures lack it, so it is read from `type`."""
    frame = text_of(record.get("frameType")).casefold()
    if frame:
        return frame
    type_ = _type_text(record).casefold()
    for word in ("token", "skill", "spell", "trap", "xyz", "link"):
        if word in type_:
            return word
    return "monster" if "monster" in type_ else ""


def _is_monster(frame: str) -> bool:
    return frame not in ("", "spell", "trap", *SKIPPED_FRAMES)


def _is_link(record: Record, frame: str) -> bool:
    return frame == "link" or "link monster" in _type_text(record).casefold()


def _is_xyz(record: Record, frame: str) -> bool:
    return frame.startswith("xyz") or "xyz" in _type_text(record).casefold()


def _kind(record: Record) -> str | None:
    """The key into KINDS: "Monster", or the spell/trap icon (`race`) + "Spell"/"Trap"."""
    frame = _frame(record)
    if frame in ("spell", "trap"):
        icon = text_of(record.get("race"))
        return f"{icon} {frame.title()}" if icon else None
    return MONSTER if _is_monster(frame) else None


def _question_flag(record: Record, key: str) -> bool:
    """`misc_info[0].question_atk/def` (only with `misc=yes`): the printed value is "?"."""
    misc = record.get("misc_info")
    first = misc[0] if isinstance(misc, list) and misc and isinstance(misc[0], Mapping) else {}
    return bool(first.get(f"question_{key}"))


def _stat(record: Record, key: str) -> _Stat:
    label = key.upper()
    if _question_flag(record, key):
        return _Stat(label, None, variable=True)
    reading, value = read_number(record.get(key))
    if reading is NumberReading.OK and value is not None and value >= 0:
        return _Stat(label, value)
    # Some dumps write "?" as -1; a string "?" reads as variable.
    return _Stat(label, None, variable=reading is not NumberReading.MISSING)


def _stat_warnings(*stats: _Stat) -> list[str]:
    warnings: list[str] = []
    for stat in stats:
        if stat.variable:
            warnings.append(f"{stat.label} is '?': not a printed 0, so the stars decide")
        elif stat.value is None:
            warnings.append(f"{stat.label} is missing: the ATK/DEF 0 rule could not be checked")
    return warnings


def _zero_warning(record: Record, stat: _Stat) -> tuple[str, ...]:
    if "misc_info" in record:
        return ()
    # YGOPRODeck stores a "?" as 0 and flags it only in misc_info (asked for with misc=yes).
    return (
        f"{stat.label} 0 read as a printed 0; YGOPRODeck also writes '?' as 0 "
        "unless the record carries misc_info",
    )


def _grade_from_stars(record: Record, frame: str, warnings: tuple[str, ...]) -> Ruling[int]:
    label = "Rank" if _is_xyz(record, frame) else "Level"
    reading, stars = read_number(record.get("level"))
    if reading is not NumberReading.OK or stars is None:
        return no_grade(
            f"monster with no readable {label}: no grade",
            *warnings,
            f"{label} {record.get('level')!r} could not be read",
        )
    ruling = grade_from_value(stars, f"{label} {plain_number(stars)}")
    return Ruling(ruling.value, ruling.reason, warnings + ruling.warnings)
