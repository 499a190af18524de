"""Disney Lorcana (ディズニー・ロルカナ) → TWGP, from the records users have: the official catalog
JSON (`{"cards": {"all": [...]}}`, Japanese and Chinese; no card-type field), the English
data set of great-illuminary/lorcana-data (one yml entry per card: `type`, `cost`, `languages`,
`variants`) and Lorcast's card objects (`set.code`, `collector_number`, `version`, `lang`).
Grade = the ink cost (a value rule; shared rules digest, "More games").

Identity = the set number of the print ("all languages and variants of one set number are one
card"): `1/204 JA 1` in the catalog, the first variant's print in the yml, `set.code` 1 and
`collector_number` 1 at Lorcast — each is `lorcana:1-1`.

Types: character → Unit; action and song → Charge Effect; item and location → Life Counter.
The catalog has no kind field, so the kind is inferred as the digest decides (`infer_kind`),
and the reason says so. The cases the digest leaves open are converters/decided_cases.py."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, NamedTuple

from converters import decided_cases as cases
from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    grade_from_value,
    kind_key,
    no_grade,
    normalise_name_key,
    plain_number,
    read_number,
    text_of,
)
from converters.errors import InvalidRecordError
from converters.ja_words import KATAKANA

CHARACTER, ACTION, SONG, ITEM, LOCATION = "character", "action", "song", "item", "location"

TYPES: dict[str, CardType] = {
    CHARACTER: CardType.UNIT,
    ACTION: CardType.CHARGE_EFFECT,
    SONG: CardType.CHARGE_EFFECT,
    ITEM: CardType.LIFE_COUNTER,
    LOCATION: CardType.LIFE_COUNTER,
}
TYPE_NOTES: dict[str, str] = {
    CHARACTER: "a character quests and challenges: it fights",
    ACTION: "an action is played once from the hand and discarded",
    SONG: "a song is an action a character may sing",
    ITEM: "an item stays in play with a lasting effect",
    LOCATION: "a location stays in play with a lasting effect",
}
#: the kind words of the data sets and of the printed cards (English, Japanese, Chinese)
KIND_WORDS: dict[str, str] = {
    "character": CHARACTER, "glimmer": CHARACTER, "キャラクター": CHARACTER, "角色": CHARACTER,
    "action": ACTION, "アクション": ACTION, "行动": ACTION,
    "song": SONG, "歌": SONG, "歌曲": SONG,
    "item": ITEM, "アイテム": ITEM, "物品": ITEM,
    "location": LOCATION, "ロケーション": LOCATION, "地点": LOCATION,
}  # fmt: skip
_KIND_KEYS = {kind_key(word): kind for word, kind in KIND_WORDS.items()}
NOT_LORCANA = "not a Lorcana record: no ink cost, inkwell or lore field → no grade, no type"
SONG_WORDS = frozenset(kind_key(w) for w in ("song", "歌", "歌曲"))

#: a named ability (`\Name\ …`, at the start of a line: a named ability granted inside a
#: sentence is another card's) or the card speaking of itself as an item: an item (digest)
_NAMED_ABILITY = re.compile(r"^\s*\\[^\\\n]+\\", re.MULTILINE)
_THIS_ITEM = re.compile(r"\bthis item\b|このアイテム|这个物品", re.IGNORECASE)
#: a set code or collector number: letters and digits only
_CODE_PART = re.compile(r"\w+")
#: "1/204 JA 1", "4a/204 ZH 3", "3/P3 EN 9": number / total-or-promo-set, language, set
_IDENTIFIER = re.compile(r"^\s*(\w+)\s*/\s*(\w+)\s+([A-Za-z]{2})\s+(\w+)\s*$")


class Print(NamedTuple):
    """One print, from its Ravensburger code: set-number key, number, set, language."""

    key: str
    number: str
    set_code: str
    lang: str


def lorcast_print(record: Record) -> Print | None:
    """A Lorcast card's print from `set.code` and `collector_number` (`{"set": {"code": "1"},
    "collector_number": "1"}` → key 1-1, as the catalog's "1/204 JA 1"); a promo set keeps its
    code ("P1", 26 → P1-26). None: not a Lorcast card object."""
    found = record.get("set")
    set_code = text_of(found.get("code")) if isinstance(found, Mapping) else ""
    number = text_of(record.get("collector_number")).strip()
    if not set_code or not number or not _CODE_PART.fullmatch(set_code + number):
        return None
    number = number.lstrip("0") or "0"
    lang = text_of(record.get("lang")).lower() or "en"
    return Print(f"{set_code}-{number}".upper(), number, set_code, lang)


def read_print(code: Any) -> Print | None:
    """"1/204 JA 1" → key 1-1; a promo "3/P3 EN 9" → key 9-P3-3 (None: not such a code)."""
    found = _IDENTIFIER.match(text_of(code))
    if found is None:
        return None
    number, total, lang, set_code = found.groups()
    number = number.lstrip("0") or "0"
    key = f"{set_code}-{number}" if total.isdigit() else f"{set_code}-{total}-{number}"
    return Print(key.upper(), number, set_code, lang.lower())


def full_name(name: str, version: str) -> str:
    """The full name (decided case LORCANA_FULL_NAME): "Ariel - On Human Legs"."""
    return f"{name} - {version}" if version else name


def subtype_names(record: Record) -> list[str]:
    """The subtypes (catalog: strings, or `{id, cards_id, name}` objects in Chinese) or the
    yml's classifications."""
    found = record.get("subtypes", record.get("classifications"))
    items = found if isinstance(found, list) else [found]
    names = [text_of(item.get("name")) if isinstance(item, Mapping) else text_of(item)
             for item in items]  # fmt: skip
    return [name for name in names if name]


class KindReading(NamedTuple):
    kind: str | None
    reason: str


def explicit_kind(record: Record) -> KindReading | None:
    """The kind from a `type` field where the record has one (the yml: glimmer/action/item/
    location; other shapes: "Character", ["Action", "Song"]); None when it has none."""
    raw = record.get("type", record.get("card_type"))
    if raw in (None, "", []):
        return None
    words = [text_of(word) for word in (raw if isinstance(raw, list) else [raw])]
    kinds = [_KIND_KEYS.get(kind_key(word)) for word in words]
    shown = " ".join(words)
    if ACTION in kinds and (SONG in kinds or _is_song(record)):
        return KindReading(SONG, f"type {shown!r} with subtype song")
    known = [kind for kind in kinds if kind]
    if not known:
        return KindReading(None, f"type {shown!r} is not a Lorcana card type")
    return KindReading(known[0], f"type {shown!r}")


def infer_kind(record: Record, text: str) -> KindReading:
    """The catalog's kind, inferred as the digest decides ("a card with strength is a
    character" …), in this order; the reason says which clue decided."""
    strength, willpower = record.get("strength"), record.get("willpower")
    if strength is not None:
        return KindReading(CHARACTER, f"no type field; strength {strength} → a character")
    if willpower is not None:
        return KindReading(LOCATION, f"no type field; willpower {willpower} and no strength "
                                     "→ a location")  # fmt: skip
    if _is_song(record):
        return KindReading(SONG, "no type field; subtype song (歌) → a song")
    named = _NAMED_ABILITY.search(text)
    if named:
        ability = named.group().strip()
        return KindReading(ITEM, f"no type field; no strength, a named ability {ability} → an item")
    if _THIS_ITEM.search(text):
        return KindReading(ITEM, "no type field; the text speaks of this item → an item")
    return KindReading(ACTION, "no type field; no strength, no willpower, no song subtype, "
                               "no named ability → an action")  # fmt: skip


def _is_song(record: Record) -> bool:
    return any(kind_key(name) in SONG_WORDS for name in subtype_names(record))


#: fields only Lorcana records carry: a record with none of them is another game's
LORCANA_FIELDS = (
    "ink_cost", "ink_convertible", "inkwell", "quest_value", "lore", "magic_ink_colors",
)  # fmt: skip


def is_lorcana(record: Record) -> bool:
    return _is_yml(record) or any(key in record for key in LORCANA_FIELDS)


def _is_yml(record: Record) -> bool:
    return isinstance(record.get("languages"), Mapping) or isinstance(record.get("variants"), list)


class LorcanaConverter(Converter):
    """Disney Lorcana: the official catalog JSON and the lorcana-data yml."""

    game_id: ClassVar[str] = "lorcana"
    display_name: ClassVar[str] = "Disney Lorcana"
    display_name_ja: ClassVar[str] = "ディズニー・ロルカナ"
    short_name: ClassVar[str] = "Lorcana"
    grade_rule: ClassVar[str] = "the ink cost (1–12 → 01–12)"
    grade_rule_ja: ClassVar[str] = "インクコスト（1〜12 → 01〜12）"
    formats: ClassVar[tuple[str, ...]] = ("lorcana-catalog-json", "lorcana-data-yml")
    kinds: ClassVar[Mapping[str, CardType | None]] = {
        word: TYPES[kind] for word, kind in KIND_WORDS.items()
    }

    def records(self, document: Any) -> Iterator[Any]:
        """The catalog's `{"cards": {"all": [...]}}` envelope, or the others' shapes."""
        if isinstance(document, Mapping) and isinstance(document.get("cards"), Mapping):
            yield from document["cards"].get("all") or []
        else:
            yield from super().records(document)

    # --- names, languages and identity --------------------------------------------------------

    def _prints(self, record: Record) -> list[Print]:
        """The record's own print first, then (yml) every print of every variant."""
        if not _is_yml(record):
            found = read_print(record.get("card_identifier")) or lorcast_print(record)
            return [found] if found else []
        prints: list[Print] = []
        variants = record.get("variants")
        for variant in variants if isinstance(variants, list) else []:
            codes = variant.get("ravensburger") if isinstance(variant, Mapping) else None
            if isinstance(codes, Mapping):
                found = read_print(codes.get("en")) or next(
                    (p for p in map(read_print, codes.values()) if p), None
                )
                if found:
                    prints.append(found._replace(lang="en"))
        return prints

    def lang(self, record: Record) -> str:
        """Decided case LORCANA_LANGUAGE: the language code of the print; the yml is English."""
        if _is_yml(record):
            return "en"
        prints = self._prints(record)
        if prints:
            return prints[0].lang
        sample = text_of(record.get("name")) + text_of(record.get("rules_text"))
        return "ja" if KATAKANA.search(sample) or re.search(r"[\u3040-\u309f]", sample) else "en"

    def _language_names(self, record: Record) -> dict[str, str]:
        """Full name per language code."""
        if not _is_yml(record):
            name = text_of(record.get("name"))
            version = text_of(record.get("subtitle", record.get("version")))
            return {self.lang(record): full_name(name, version)} if name else {}
        found: dict[str, str] = {}
        languages = record.get("languages")
        for lang, entry in (languages.items() if isinstance(languages, Mapping) else ()):
            if isinstance(entry, Mapping) and text_of(entry.get("name")):
                found[str(lang).lower()] = full_name(text_of(entry.get("name")),
                                                     text_of(entry.get("title")))  # fmt: skip
        return found

    def names(self, record: Record) -> tuple[str, str | None]:
        by_lang = self._language_names(record)
        name = by_lang.get("en") or next(iter(by_lang.values()), "")
        return name, by_lang.get("ja")

    def identity_key(self, record: Record) -> str:
        prints = self._prints(record)
        if prints:
            return prints[0].key
        name = self.names(record)[0]
        if not name:
            raise InvalidRecordError("the card has neither a print code nor a name")
        return f"name:{normalise_name_key(name)}"

    def source_id(self, record: Record) -> str:
        """The catalog's print with its language (`1-1-ja`); the yml's and Lorcast's English
        print is the print alone (`1-1`: one English print from two sources is one row)."""
        prints = self._prints(record)
        if prints and not _is_yml(record):
            if lorcast_print(record) == prints[0] and prints[0].lang == "en":
                return prints[0].key
            return f"{prints[0].key}-{prints[0].lang}"
        return self.identity_key(record)

    def links(self, record: Record) -> tuple[str, ...]:
        """Decided case LORCANA_JOIN: every print and the full name in each language."""
        prints = [f"print:{p.key}" for p in self._prints(record)]
        names = [f"name:{lang}:{normalise_name_key(name)}"
                 for lang, name in self._language_names(record).items()]  # fmt: skip
        return tuple(dict.fromkeys(prints + names))

    def printing(self, record: Record) -> Printing:
        prints = self._prints(record)
        if not prints:
            return Printing(lang=self.lang(record))
        return Printing(prints[0].set_code, prints[0].number, self.lang(record))

    # --- grade and type -----------------------------------------------------------------------

    def to_grade(self, record: Record) -> Ruling[int]:
        if not is_lorcana(record):
            return no_grade(NOT_LORCANA)
        raw = record.get("ink_cost", record.get("cost"))
        status, cost = read_number(raw)
        if status is NumberReading.OK and cost is not None:
            return grade_from_value(cost, f"ink cost {plain_number(cost)}")
        if status is NumberReading.MISSING:
            return no_grade(cases.LORCANA_NO_COST.reason,
                            "the card has no ink cost; no grade")  # fmt: skip
        return no_grade(f"ink cost {raw!r} is not a number → no grade",
                        f"ink cost {raw!r} unreadable")  # fmt: skip

    def kind(self, record: Record) -> KindReading:
        return explicit_kind(record) or infer_kind(record, self.text(record))

    def card_type(self, record: Record) -> Ruling[CardType]:
        if not is_lorcana(record):
            return Ruling(None, NOT_LORCANA, (NOT_LORCANA,))
        reading = self.kind(record)
        if reading.kind is None:
            return Ruling(None, f"{reading.reason} → no TWGP type", (reading.reason,))
        card_type = TYPES[reading.kind]
        return Ruling(card_type, f"{reading.reason} → {card_type.label}: "
                                 f"{TYPE_NOTES[reading.kind]}")  # fmt: skip

    # --- text and stats -----------------------------------------------------------------------

    def text(self, record: Record) -> str:
        # The catalog writes a new line as "%"; abilities may also come as a list.
        raw = record.get("rules_text", record.get("text", record.get("body_text")))
        return text_of(raw).replace("%", "\n")

    def species(self, record: Record) -> str:
        return " ".join(subtype_names(record))

    def stats(self, record: Record) -> dict[str, Any]:
        found: dict[str, Any] = {}
        pairs = (
            ("ink_cost", ("ink_cost", "cost")), ("strength", ("strength", "attack")),
            ("willpower", ("willpower", "defence")), ("lore", ("quest_value", "lore")),
        )  # fmt: skip
        for stat, keys in pairs:
            status, value = read_number(next((record[k] for k in keys if k in record), None))
            if status is NumberReading.OK and value is not None and value == int(value):
                found[stat] = int(value)
        inkwell = record.get("ink_convertible", record.get("inkwell"))
        if isinstance(inkwell, bool):
            found["inkwell"] = inkwell
        colors = record.get("magic_ink_colors", record.get("colors"))
        if colors:
            found["colors"] = colors
        subtypes = subtype_names(record)
        if subtypes:
            found["subtypes"] = subtypes
        if text_of(record.get("rarity")):
            found["rarity"] = text_of(record.get("rarity"))
        return found
