"""The converter contract: TWGP card types, rulings with reasons, the converted card, and the
grade policies of docs/rules.md §1 (each policy is one named helper here)."""

from __future__ import annotations

import math
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, ClassVar, Generic, TypeVar

from converters.card_effects import card_effects, curse_reason
from converters.errors import ConverterError, InvalidRecordError, SkipRecord
from converters.reading import twgp_reading

T = TypeVar("T")

Record = Mapping[str, Any]


class CardType(StrEnum):
    """The seven TWGP card types (docs/rules.md §2)."""

    UNIT = "unit"
    RECOIL = "recoil"
    WEAPON = "weapon"
    CHARGE_TRAP = "charge_trap"
    CHARGE_EFFECT = "charge_effect"
    LIFE_TRAP = "life_trap"
    LIFE_COUNTER = "life_counter"

    @property
    def label(self) -> str:
        return _TYPE_LABELS[self][0]

    @property
    def label_ja(self) -> str:
        return _TYPE_LABELS[self][1]

    @property
    def is_life_card(self) -> bool:
        """Only Life Traps and Life Counters may be in a life set."""
        return self in (CardType.LIFE_TRAP, CardType.LIFE_COUNTER)

    @classmethod
    def parse(cls, text: str) -> CardType:
        """Read a type from its id, English label or Japanese name ("unit", "Charge Trap",
        "チャージ・トラップ", "charge-trap"). Raises ValueError naming the accepted words."""
        key = _type_key(text)
        for card_type, (label, label_ja) in _TYPE_LABELS.items():
            if key in (_type_key(card_type.value), _type_key(label), _type_key(label_ja)):
                return card_type
        accepted = ", ".join(t.value for t in cls)
        raise ValueError(f"unknown TWGP type {text!r}; expected one of {accepted}")


_TYPE_LABELS: dict[CardType, tuple[str, str]] = {
    CardType.UNIT: ("Unit", "ユニット"),
    CardType.RECOIL: ("Recoil", "リコイル"),
    CardType.WEAPON: ("Weapon", "ウェポン"),
    CardType.CHARGE_TRAP: ("Charge Trap", "チャージ・トラップ"),
    CardType.CHARGE_EFFECT: ("Charge Effect", "チャージ・エフェクト"),
    CardType.LIFE_TRAP: ("Life Trap", "ライフ・トラップ"),
    CardType.LIFE_COUNTER: ("Life Counter", "ライフ・カウンター"),
}


def _type_key(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"[\s_\-・･.]", "", folded)


@dataclass(frozen=True)
class Ruling(Generic[T]):
    """A decision plus the one-line reason a user sees ("why is this 12?").

    `value` None means undecided: never a silent guess."""

    value: T | None
    reason: str
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Printing:
    """Where a record sits among a card's printings (all optional)."""

    set_code: str | None = None
    collector_number: str | None = None
    lang: str | None = None

    def describe(self) -> str:
        """"set base1, no. 58, en" (what is known; "" when nothing is)."""
        parts = (f"set {self.set_code}" if self.set_code else "",
                 f"no. {self.collector_number}" if self.collector_number else "",
                 self.lang or "")  # fmt: skip
        return ", ".join(part for part in parts if part)


@dataclass(frozen=True)
class ConvertedCard:
    """One source record converted to TWGP. `identity` is shared by reprints and translations.
    `effect_reasons` maps each of `effects` to the phrase that gave it; `curse_reason` is why
    a Weapon lowers the unit it is under (None for every other card)."""

    game: str
    source_id: str
    name: str
    name_ja: str | None
    identity: str
    grade: Ruling[int]
    card_type: Ruling[CardType]
    effects: tuple[str, ...]
    text: str
    reading: str
    stats: Mapping[str, Any] = field(default_factory=dict)
    printing: Printing = Printing()
    warnings: tuple[str, ...] = ()
    #: other source ids that name this very card (Yu-Gi-Oh! alternate-art passcodes)
    aliases: tuple[str, ...] = ()
    #: language-independent keys: cards of one game sharing one are one card (a translation
    #: of another card's printing); see `Converter.links`
    links: tuple[str, ...] = ()
    effect_reasons: Mapping[str, str] = field(default_factory=dict)
    curse_reason: str | None = None

    def __post_init__(self) -> None:
        # one reason per effect, in the effects' order ("" where a caller gave none)
        reasons = {effect: self.effect_reasons.get(effect, "") for effect in self.effects}
        object.__setattr__(self, "effect_reasons", reasons)

    @property
    def grade_text(self) -> str | None:
        return format_grade(self.grade.value)

    @property
    def curse(self) -> bool:
        """A curse-like Weapon: −1 instead of +1 under a unit (§1, §2)."""
        return self.curse_reason is not None

    def to_json(self) -> dict[str, Any]:
        """The JSON object of `twgp convert --json` (the field names are a contract)."""
        return {
            "game": self.game,
            "source_id": self.source_id,
            "name": self.name,
            "name_ja": self.name_ja,
            "identity": self.identity,
            "grade": self.grade_text,
            "type": self.card_type.value.value if self.card_type.value else None,
            "grade_reason": self.grade.reason,
            "type_reason": self.card_type.reason,
            "effects": list(self.effects),
            "effect_reasons": dict(self.effect_reasons),
            "curse": self.curse,
            "curse_reason": self.curse_reason,
            "text": self.text,
            "reading": self.reading,
            "stats": dict(self.stats),
            "set": self.printing.set_code,
            "collector_number": self.printing.collector_number,
            "lang": self.printing.lang,
            "warnings": list(self.warnings),
        }


def format_grade(grade: int | None) -> str | None:
    """Grades are always written with two digits: 4 → "04"."""
    return None if grade is None else f"{grade:02d}"


# --- Grade policies (docs/rules.md §1) --------------------------------------------------------

MISSING_MARKS = frozenset({"", "-", "－", "—", "–", "ー", "なし", "none", "null", "n/a"})
VARIABLE_MARKS = frozenset({"?", "？", "*", "＊", "x", "X", "Ｘ", "∞"})


class NumberReading(StrEnum):
    OK = "ok"
    MISSING = "missing"
    VARIABLE = "variable"
    INVALID = "invalid"


def read_number(value: Any) -> tuple[NumberReading, float | None]:
    """Read a printed stat that may come as an int, a float or a string ("120", "1,000",
    "１２０", "-", "?", "1+*"). Missing and variable values are told apart, never read as 0."""
    if value is None:
        return NumberReading.MISSING, None
    if isinstance(value, bool):
        return NumberReading.INVALID, None
    if isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value):
            return NumberReading.INVALID, None
        if isinstance(value, int) and abs(value) > 10**300:  # float() would overflow
            return NumberReading.INVALID, None
        return NumberReading.OK, float(value)
    text = unicodedata.normalize("NFKC", str(value)).strip().replace(",", "").replace("_", "")
    if text.casefold() in MISSING_MARKS or text in ("－", "ー"):
        return NumberReading.MISSING, None
    if text in VARIABLE_MARKS or re.search(r"[?*xX]|\d+d\d+", text):
        return NumberReading.VARIABLE, None
    if text == "½":
        return NumberReading.OK, 0.5
    try:
        number = float(text)
    except ValueError:
        return NumberReading.INVALID, None
    if not math.isfinite(number):
        return NumberReading.INVALID, None
    return NumberReading.OK, number


def grade_from_value(value: float, source: str) -> Ruling[int]:
    """Policy for count/cost/level rules: fractions round down, more than 99 clamps to 99
    with a warning. `source` names the value, e.g. "mana value 4"."""
    warnings: list[str] = []
    whole = math.floor(value)
    note = ""
    if whole != value:
        note = f" (rounded down from {plain_number(value)})"
    if whole < 0:
        warnings.append(f"{source} is negative; graded 00")
        return Ruling(0, f"{source} → negative, graded 00", tuple(warnings))
    if whole > 99:
        warnings.append(f"{source} is more than 99; clamped to 99")
        return Ruling(99, f"{source}{note} → more than 99, clamped → 99", tuple(warnings))
    return Ruling(whole, f"{source}{note} → {whole:02d}")


def grade_from_digits(value: float, source: str, *, lowest_place: int, places: int) -> Ruling[int]:
    """Policy for digit rules: take exactly the named digits, dropping higher and lower ones.

    `lowest_place` is the place value of the lowest digit taken (100 for "thousands and
    hundreds", 10 for "hundreds and tens", 1000 for "the thousands digit"). A value of
    MAX_DIGIT_STAT or more is out of range: no grade, with a warning (its digits are not
    the printed ones: HP 10**30 read as a float would have graded 86)."""
    if abs(value) >= MAX_DIGIT_STAT:
        return no_grade(f"{source} is out of range (10^15 or more) → no grade",
                        f"{source} is out of range; no grade")  # fmt: skip
    whole = math.floor(abs(value))
    grade = (whole // lowest_place) % (10**places)
    names = _DIGIT_NAMES[(lowest_place, places)]
    return Ruling(grade, f"{source} → {names} → {grade:02d}")


#: a stat this large is no printed card's (and a float no longer holds its digits exactly)
MAX_DIGIT_STAT = 10**15

_DIGIT_NAMES: dict[tuple[int, int], str] = {
    (100, 2): "thousands and hundreds digits",
    (10, 2): "hundreds and tens digits",
    (1000, 1): "thousands digit",
    (1, 2): "tens and units digits",
}


def plain_number(value: float) -> str:
    """120.0 → "120", 0.5 → "0.5", 1e30 → "1e+30" (for explanations)."""
    if value == int(value) and abs(value) < MAX_DIGIT_STAT:
        return str(int(value))
    return f"{value:g}"


def warned(ruling: Ruling[T], warning: str) -> Ruling[T]:
    """`ruling` with `warning` said first (a fallback rule says why it was used)."""
    return Ruling(ruling.value, ruling.reason, (warning, *ruling.warnings))


def power_grade(record: Record, who: str, *, missing: tuple[str, str], warning: str) -> Ruling[int]:
    """A card that prints no cost graded by its power in thousands (the general rule's
    strength; 5000 → 05), with `warning`; with no readable power, no grade (`missing`: the
    reason and the warning). `who` names the card in the reason ("leader")."""
    status, power = read_number(record.get("power"))
    if status is not NumberReading.OK or power is None:
        return no_grade(*missing)
    thousands = max(math.floor(power / 1000), 0)
    source = f"{who}: no cost, power {plain_number(power)} ÷ 1000"
    return warned(grade_from_value(thousands, source), warning)


def no_grade(reason: str, *warnings: str) -> Ruling[int]:
    return Ruling(None, reason, tuple(warnings))


def no_type(reason: str, *warnings: str) -> Ruling[CardType]:
    return Ruling(None, reason, tuple(warnings))


def unknown_card_type(shown: str, table: str) -> Ruling[CardType]:
    """No type for a card type word that `table` (the game's, "One Piece") does not list."""
    return no_type(f"card type {shown!r} is not in the {table} table",
                   f"unknown {table} card type {shown!r}")  # fmt: skip


# --- Column matching for CSV/JSON records of games without an API ------------------------------


def header_key(name: str) -> str:
    """Compare header names after NFKC, case-folding and dropping spaces/underscores/dots."""
    folded = unicodedata.normalize("NFKC", name).replace("\ufeff", "").casefold()
    return re.sub(r"[\s_.・()（）]", "", folded)


def pick(record: Record, *aliases: str) -> Any:
    """The value of the first column whose header matches one of `aliases` (by `header_key`).

    Values that are empty strings count as absent."""
    wanted = {header_key(a) for a in aliases}
    for key, value in record.items():
        if isinstance(key, str) and header_key(key) in wanted:
            if isinstance(value, str) and not value.strip():
                continue
            return value
    return None


def text_of(value: Any) -> str:
    """A text field that may be missing, a string, or a list of strings (WS abilities)."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return "\n".join(text_of(v) for v in value if v is not None)
    return str(value).strip()


def kind_key(word: str) -> str:
    """Kind words match after NFKC, case-folding and dropping spaces/punctuation."""
    return header_key(word).replace("-", "").replace("・", "")


# --- The converter base class ------------------------------------------------------------------


class Converter(ABC):
    """One source game. Subclasses set the metadata and implement the record accessors;
    `convert` is the template that assembles a `ConvertedCard`. No I/O anywhere here."""

    game_id: ClassVar[str]
    display_name: ClassVar[str]
    display_name_ja: ClassVar[str]
    short_name: ClassVar[str]
    grade_rule: ClassVar[str]
    #: the grade rule in Japanese (the Japanese rules page); "" shows `grade_rule`
    grade_rule_ja: ClassVar[str] = ""
    formats: ClassVar[tuple[str, ...]]
    #: documented kind words (English and Japanese) and their TWGP type, for CSV games
    kinds: ClassVar[Mapping[str, CardType | None]] = {}
    #: options `configured` accepts (`twgp convert --option key=value`): key → one-line help
    options: ClassVar[Mapping[str, str]] = {}

    @classmethod
    def configured(
        cls, options: Mapping[str, str], kinds: Mapping[str, CardType | None] | None = None
    ) -> Converter:
        """A converter set up from user options (`--option key=value`) and a user kind table
        (`--kinds FILE`). The registry builds converters without arguments; converters that
        take options (see `options`) override this. Unknown keys raise ConverterError naming
        the accepted ones."""
        if kinds:
            raise ConverterError(
                f"the {cls.game_id} converter has a fixed kind table; --kinds is for `generic`"
            )
        if options:
            accepted = ", ".join(cls.options) or "none"
            raise ConverterError(
                f"the {cls.game_id} converter takes no option {', '.join(sorted(options))}; "
                f"accepted options: {accepted}"
            )
        return cls()

    # Record accessors -------------------------------------------------------------------------

    @abstractmethod
    def source_id(self, record: Record) -> str:
        """The record's id in its source (unique per printing where the source has printings)."""

    @abstractmethod
    def names(self, record: Record) -> tuple[str, str | None]:
        """(name, Japanese name or None)."""

    @abstractmethod
    def identity_key(self, record: Record) -> str:
        """Game-local key shared by reprints, other printings and languages of one card."""

    @abstractmethod
    def to_grade(self, record: Record) -> Ruling[int]:
        """Grade 0..99 (or None) with the explanation naming the source value and rule."""

    @abstractmethod
    def card_type(self, record: Record) -> Ruling[CardType]:
        """One of the seven types (or None) with the explanation."""

    def skip_reason(self, record: Record) -> str | None:
        """Why a well-formed record is not a TWGP card (token, emblem…), or None."""
        return None

    def text(self, record: Record) -> str:
        """The card's rules text as printed (English or Japanese)."""
        return ""

    def species(self, record: Record) -> str:
        """The species/type names of a character (race, subtype, trait, 種族): a Unit whose
        species contains "poison", "venom" or 毒 carries Poison (§3)."""
        return ""

    def keyword_effects(self, record: Record) -> dict[str, str]:
        """Effects of the game's own keywords beyond what converters/effect_rules.py reads
        (effect → the keyword as printed), for cards whose text carries effects."""
        return {}

    def stats(self, record: Record) -> dict[str, Any]:
        """Source stats shown beside the conversion (HP, cost, ATK/DEF…)."""
        return {}

    def printing(self, record: Record) -> Printing:
        return Printing()

    def aliases(self, record: Record) -> tuple[str, ...]:
        """Other ids of the source that mean this card (look-ups by them find it)."""
        return ()

    def links(self, record: Record) -> tuple[str, ...]:
        """Language-independent keys of the card ("print:base1-58", "facts:…"): the catalog
        gives one identity to the cards of a game that share a key, so that a translation
        whose name differs is still the same card. Empty where the identity key already
        holds across languages."""
        return ()

    def effects_for(
        self, record: Record, card_type: CardType | str | None, *, text: str, name: str
    ) -> dict[str, str]:
        """Effect → reason of this record's `text` read as a card of `card_type` (its own type
        on conversion, a user's override type in the catalog)."""
        return card_effects(
            card_type,
            text,
            name=name,
            species=self.species(record) if card_type == CardType.UNIT else "",
            keywords=self.keyword_effects(record) if card_type is not None else None,
        )

    # Documents --------------------------------------------------------------------------------

    def records(self, document: Any) -> Iterator[Any]:
        """Unwrap an in-memory document (bare array, `{"data": [...]}` or `{"cards": [...]}`
        envelope — Duel Masters' `DuelMastersCards.json` — `{"cards": {"all": [...]}}` — the
        official Lorcana catalog —, `{"data": {...}}` single, or a record) into records. File
        streaming lives in catalog/ingest/reading.py (its large-envelope prefixes are the same)."""
        if isinstance(document, list):
            yield from document
        elif isinstance(document, Mapping) and isinstance(document.get("data"), list):
            yield from document["data"]
        elif isinstance(document, Mapping) and isinstance(document.get("cards"), list):
            yield from document["cards"]
        elif (
            isinstance(document, Mapping)
            and isinstance(document.get("cards"), Mapping)
            and isinstance(document["cards"].get("all"), list)
        ):
            yield from document["cards"]["all"]
        elif isinstance(document, Mapping) and isinstance(document.get("data"), Mapping):
            yield document["data"]
        else:
            yield document

    # The template -----------------------------------------------------------------------------

    def convert(self, record: Any) -> ConvertedCard:
        """Convert one record. Raises SkipRecord (not a card) or InvalidRecordError."""
        if not isinstance(record, Mapping):
            raise InvalidRecordError(f"expected a JSON object, got {type(record).__name__}")
        reason = self.skip_reason(record)
        if reason:
            raise SkipRecord(reason)
        name, name_ja = self.names(record)
        if not name:
            raise InvalidRecordError("the record has no name")
        grade = self.to_grade(record)
        card_type = self.card_type(record)
        text = self.text(record)
        kind = card_type.value
        reasons = self.effects_for(record, kind, text=text, name=name)
        curse = curse_reason(text, name) if kind is CardType.WEAPON else None
        warnings = tuple(dict.fromkeys(grade.warnings + card_type.warnings))
        return ConvertedCard(
            game=self.game_id,
            source_id=self.source_id(record),
            name=name,
            name_ja=name_ja,
            identity=f"{self.game_id}:{self.identity_key(record)}",
            grade=grade,
            card_type=card_type,
            effects=tuple(reasons),
            text=text,
            reading=twgp_reading(text, kind),
            stats=self.stats(record),
            printing=self.printing(record),
            warnings=warnings,
            aliases=self.aliases(record),
            links=self.links(record),
            effect_reasons=reasons,
            curse_reason=curse,
        )


#: katakana ァ..ヶ → hiragana ぁ..ゖ, and the apostrophe and dashes folded (one C-level pass)
_KEY_FOLDS = str.maketrans(
    {code: code - 0x60 for code in range(ord("ァ"), ord("ヶ") + 1)} | {"’": "'", "–": "-", "—": "-"}
)


def normalise_name_key(name: str) -> str:
    """A matching key for names: NFKC, case-folded, katakana → hiragana, spaces collapsed."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_KEY_FOLDS)
    return " ".join(folded.split())


#: how the faces of a multi-face card are written: "Fire // Ice", Japanese "火／氷"
FACE_SPLIT = re.compile(r"\s*//\s*")


# Memoised: a converter keys its card's identity by it and the catalog its name (catalog/base/
# keys.py `name_key`), so one import asks twice per card; reprints share their names.
@lru_cache(maxsize=1 << 16)
def card_name_key(name: str) -> str:
    """`normalise_name_key` with the faces of "A // B" written one way ("Fire//Ice" and
    "Fire // Ice" share it): the key of a whole card name."""
    return FACE_SPLIT.sub(" // ", normalise_name_key(name))
