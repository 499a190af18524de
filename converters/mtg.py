"""Magic: The Gathering → TWGP. Grade = the mana value (docs/rules.md §1); the card type
comes from the front face's type line through `TYPE_RULES`. Reads Scryfall card objects
and MTGJSON cards (v5; v4 and v3 on a best-effort basis); see converters/mtg_records.py."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    card_name_key,
    grade_from_value,
    no_grade,
    no_type,
    plain_number,
    read_number,
)
from converters.errors import InvalidRecordError
from converters.mtg_records import SCRYFALL, MtgCard, read_card

__all__ = ["NOT_CARD_LAYOUTS", "NOT_CARD_TYPES", "TYPE_RULES", "MtgConverter", "TypeLine"]

# MTGJSON v3 and a few old records write the type-line dash as "--" or "-".
_TYPE_DASH = re.compile(r"\s+(?:—|–|--|-)\s+")


@dataclass(frozen=True)
class TypeLine:
    """A type line split at the dash: card types and supertypes left, subtypes right."""

    types: frozenset[str]
    subtypes: frozenset[str]
    enchants_creature: bool = False

    @classmethod
    def parse(cls, line: str, text: str = "") -> TypeLine:
        types, subtypes = split_type_line(line)
        return cls(types, subtypes, enchants_creature=bool(_ENCHANT_CREATURE.search(text)))

    def has(self, *words: str) -> bool:
        """Every word is among the types, supertypes or subtypes."""
        return all(word in self.types or word in self.subtypes for word in words)

    @property
    def is_spell(self) -> bool:
        return bool({"Instant", "Sorcery"} & self.types)


_ENCHANT_CREATURE = re.compile(r"(?im)^enchant creature\b")


# Type lines repeat across a bulk file (a few thousand distinct among 100,000 printings), so
# their reading is cached: a bulk conversion spends its time on records, not on type lines.
@lru_cache(maxsize=1 << 13)
def split_type_line(line: str) -> tuple[frozenset[str], frozenset[str]]:
    """(card types and supertypes, subtypes) of a type line."""
    left, _, right = _TYPE_DASH.sub(" — ", line, count=1).partition(" — ")
    return frozenset(left.split()), frozenset(right.split())


def is_basic_land(stats: Mapping[str, Any]) -> bool:
    """A basic land (`Basic Land — Forest`, `Basic Snow Land — Island`) by its source type
    line: it has no TWGP counterpart, and no override will make it a deck card."""
    line = stats.get("type_line")
    if not isinstance(line, str):
        return False
    return {"Basic", "Land"} <= split_type_line(line.split(" // ")[0])[0]


def _meld_result(card: MtgCard) -> bool:
    """A Scryfall meld result (Brisela, Voice of Nightmares): a catalog card collections
    name, printed on the backs of its parts — it has no TWGP type of its own."""
    return card.shape == SCRYFALL and card.layout == "meld" and card.back_face_of is not None


class TypeRule(NamedTuple):
    name: str
    applies: Callable[[TypeLine], bool]
    card_type: CardType | None


#: The front face's type line decides; the first rule that applies wins. Kindred (Tribal)
#: is not looked at, so a Kindred Instant follows the Instant rule.
TYPE_RULES: tuple[TypeRule, ...] = (
    TypeRule("creature",                lambda t: t.has("Creature"),       CardType.UNIT),
    TypeRule("planeswalker",            lambda t: t.has("Planeswalker"),   CardType.UNIT),
    TypeRule("Equipment",               lambda t: t.has("Artifact", "Equipment"), CardType.WEAPON),
    TypeRule("Aura enchanting a creature", lambda t: t.has("Aura") and t.enchants_creature,
             CardType.WEAPON),
    TypeRule("Trap instant or sorcery", lambda t: t.is_spell and t.has("Trap"),
             CardType.CHARGE_TRAP),
    TypeRule("instant or sorcery",      lambda t: t.is_spell,              CardType.CHARGE_EFFECT),
    TypeRule("artifact (a magic item)", lambda t: t.has("Artifact"),       CardType.CHARGE_EFFECT),
    TypeRule("enchantment (lasting)",   lambda t: t.has("Enchantment"),    CardType.LIFE_COUNTER),
    TypeRule("battle (lasting)",        lambda t: t.has("Battle"),         CardType.LIFE_COUNTER),
    TypeRule("land",                    lambda t: t.has("Land"),           None),
)  # fmt: skip


@lru_cache(maxsize=1 << 13)
def _type_ruling(where: str, line: str, enchants_creature: bool) -> Ruling[CardType] | None:
    """The ruling of the first rule that applies (None when none does: the caller words that
    one with the card's name)."""
    types, subtypes = split_type_line(line)
    parsed = TypeLine(types, subtypes, enchants_creature)
    for rule in TYPE_RULES:
        if rule.applies(parsed):
            if rule.card_type is None:
                return no_type(f"{where} {line!r} → {rule.name}: no TWGP counterpart")
            return Ruling(rule.card_type, f"{where} {line!r} → {rule.name} → "
                          f"{rule.card_type.label}")  # fmt: skip
    return None


#: Layouts (Scryfall and MTGJSON spellings) of things that are not cards a player brings.
NOT_CARD_LAYOUTS: Mapping[str, str] = {
    "token": "a token", "double_faced_token": "a token", "emblem": "an emblem",
    "art_series": "an art card", "vanguard": "a Vanguard card", "scheme": "a Scheme card",
    "planar": "a Plane card", "plane": "a Plane card", "phenomenon": "a Phenomenon card",
}  # fmt: skip

#: Words on the left of a type line that mark a non-card ("Card" is theme/checklist cards).
NOT_CARD_TYPES: Mapping[str, str] = {
    "Token": "a token", "Emblem": "an emblem", "Card": "a theme, checklist or helper card",
    "Dungeon": "a dungeon", "Plane": "a Plane card", "Phenomenon": "a Phenomenon card",
    "Scheme": "a Scheme card", "Vanguard": "a Vanguard card", "Stickers": "a sticker sheet",
}  # fmt: skip

_X_COST = re.compile(r"\{[XYZ]\}")
#: mana values and their wording repeat: one ruling each (rulings are immutable)
_graded = lru_cache(maxsize=1 << 10)(grade_from_value)


class MtgConverter(Converter):
    """Magic: The Gathering from Scryfall or MTGJSON. Grade = mana value (½ rounds down,
    X counts 0, above 99 clamps); type from the front face (`TYPE_RULES`)."""

    game_id: ClassVar[str] = "mtg"
    display_name: ClassVar[str] = "Magic: The Gathering"
    display_name_ja: ClassVar[str] = "マジック・ザ・ギャザリング"
    short_name: ClassVar[str] = "MTG"
    grade_rule: ClassVar[str] = "mana value (½ rounds down, X counts as 0, over 99 → 99)"
    grade_rule_ja: ClassVar[str] = "マナ総量（½は切り捨て、Xは0、99を超えると99）"
    formats: ClassVar[tuple[str, ...]] = (
        "Scryfall card objects (single card, list page, bulk file)",
        "MTGJSON v5 cards (card list, set file, AllPrintings)",
    )

    # `convert` asks ten accessors about one record: read it once. The memo holds the record
    # itself (so `is` cannot match a recycled id) and is swapped as one tuple (thread-safe).
    _last: tuple[Record, MtgCard] | None = None

    def _card(self, record: Record) -> MtgCard:
        last = self._last
        if last is not None and last[0] is record:
            return last[1]
        card = read_card(record)
        self._last = (record, card)
        return card

    def source_id(self, record: Record) -> str:
        card = self._card(record)
        if not card.source_id:
            raise InvalidRecordError(f"{card.name or 'the card'}: no Scryfall id or MTGJSON uuid")
        return card.source_id

    def names(self, record: Record) -> tuple[str, str | None]:
        card = self._card(record)
        return card.name, card.name_ja

    def identity_key(self, record: Record) -> str:
        """The English card name: in Magic a name denotes one card (every printing, language
        and reprint; comprehensive rules 201.2), whatever ids a source gives its records —
        Scryfall's and MTGJSON's oracle ids differ between sources and captures, names do
        not."""
        return card_name_key(self._card(record).name)

    def skip_reason(self, record: Record) -> str | None:
        card = self._card(record)
        if card.layout in NOT_CARD_LAYOUTS:
            return f"layout {card.layout!r}: {NOT_CARD_LAYOUTS[card.layout]}, not a card"
        # Memorabilia sets are not skipped whole: they also hold real reprints (gold-bordered
        # World Championship decks); their art cards go by layout above.
        if card.set_type == "token":
            return "set type 'token': a token-set helper, not a card"
        for word in split_type_line(card.front_type_line)[0]:
            if word in NOT_CARD_TYPES:
                return f"type line {card.front_type_line!r}: {NOT_CARD_TYPES[word]}, not a card"
        if card.back_face_of and not _meld_result(card):
            return f"{card.back_face_of}: the front face's record stands for the card"
        return None

    def to_grade(self, record: Record) -> Ruling[int]:
        card = self._card(record)
        status, value = read_number(card.mana_value)
        if card.v3_half and value is not None:
            return no_grade(
                f"MTGJSON v3 gives only this half's mana value {plain_number(value)}",
                "MTGJSON v3 split half: the whole card's mana value is unknown; use v5 or Scryfall",
            )
        if status is not NumberReading.OK or value is None:
            shown = "missing" if card.mana_value is None else repr(card.mana_value)
            return no_grade(
                f"mana value {shown}: no grade",
                f"{card.name}: no readable mana value ({status.value})",
            )
        source = f"{card.mana_value_label} {plain_number(value)}"
        if not _X_COST.search(card.counted_cost):
            return _graded(value, source)
        ruling = _graded(value, f"{source} (X counts as 0)")
        warning = f"mana cost {card.counted_cost}: X counts as 0, as in MTG"
        return Ruling(ruling.value, ruling.reason, (*ruling.warnings, warning))

    def card_type(self, record: Record) -> Ruling[CardType]:
        card = self._card(record)
        where = "front face type line" if card.multi_face else "type line"
        line = card.front_type_line
        if _meld_result(card):  # a collection names it; a deck takes its parts
            return no_type(f"{card.back_face_of}: its parts are the cards a deck holds")
        if not line:
            return no_type("no type line", f"{card.name}: no type line to place it")
        enchants = bool(_ENCHANT_CREATURE.search(card.front_text))
        ruling = _type_ruling(where, line, enchants)
        if ruling is not None:
            return ruling
        return no_type(
            f"{where} {line!r}: no rule places it", f"{card.name}: no TWGP type for {line!r}"
        )

    def text(self, record: Record) -> str:
        return self._card(record).text

    def species(self, record: Record) -> str:
        """The subtypes of the type line ("Creature — Snake Warrior" → "Snake Warrior")."""
        _, _, subtypes = self._card(record).type_line.partition("—")
        return subtypes.strip()

    def stats(self, record: Record) -> dict[str, Any]:
        return dict(self._card(record).stats)

    def printing(self, record: Record) -> Printing:
        return self._card(record).printing

    def records(self, document: Any) -> Iterator[Any]:
        """Also unwraps MTGJSON set files (`{"data": {"cards": [...]}}`, `{"cards": [...]}`)
        and AllPrintings (`{"data": {"SET": {"cards": [...]}}}`); tokens there are left out."""
        data = document.get("data") if isinstance(document, Mapping) else None
        for container in (document, data):
            cards = _cards(container)
            if cards is not None:
                yield from cards
                return
        set_files = list(data.values()) if isinstance(data, Mapping) else []
        if set_files and all(_cards(set_file) is not None for set_file in set_files):
            for set_file in set_files:
                yield from _cards(set_file) or []
            return
        yield from super().records(document)


def _cards(value: Any) -> list[Any] | None:
    cards = value.get("cards") if isinstance(value, Mapping) else None
    return cards if isinstance(cards, list) else None
