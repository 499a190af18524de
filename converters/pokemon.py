"""Pokémon → TWGP from pokemontcg.io v2 and TCGdex v2 card objects (any TCGdex language):
grade = hundreds and tens digits of HP (docs/rules.md §1), types from the table below."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from converters import pokemon_identity as identity
from converters import pokemon_words as words
from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    grade_from_digits,
    no_grade,
    no_type,
    normalise_name_key,
    plain_number,
    read_number,
    text_of,
)
from converters.errors import InvalidRecordError

#: The §2 table for Trainers, by kind. Pokémon are Units; Energy has no TWGP type (below).
TRAINER_TYPES: dict[str, CardType] = {
    words.TOOL: CardType.WEAPON,
    words.TECHNICAL_MACHINE: CardType.WEAPON,  # attaches to a Pokémon like a Tool
    words.STADIUM: CardType.LIFE_COUNTER,
    words.SUPPORTER: CardType.CHARGE_EFFECT,
    words.ITEM: CardType.CHARGE_EFFECT,
    words.ROCKET_MACHINE: CardType.CHARGE_EFFECT,
    words.GAME_CORNER: CardType.CHARGE_EFFECT,
    words.ACE_SPEC: CardType.CHARGE_EFFECT,  # only when no main kind is given (read as an Item)
}
#: When a Trainer has several kinds (["Item", "Pokémon Tool"]), the first here decides.
TRAINER_PRECEDENCE: tuple[str, ...] = tuple(TRAINER_TYPES)

#: Policy — Energy: TWGP has no energy system; reading it as a Weapon would be a guess.
ENERGY_REASON = (
    "{kind} Energy: energy is a resource and TWGP has no energy, so no type "
    "(override it if you play the card)"
)
NO_SUBTYPE_REASON = "Trainer with no subtype (early sets): read as an Item → Charge Effect"
TRAINER_AS_POKEMON = "a Trainer played as a Pokémon (it has HP {hp}): typed Unit"

_KANA = re.compile(r"[\u3040-\u30ff]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_TCGDEX_ASSET = re.compile(r"^https?://assets\.tcgdex\.net/([a-z]{2}(?:-[a-z]{2,4})?)/", re.I)


@dataclass(frozen=True)
class _Card:
    """The facts of either record shape, in English terms (pokemon_words)."""

    category_word: str
    category: str | None
    kinds: dict[str, str]  # Trainer kinds: English term → the record's word
    other_words: tuple[str, ...]  # subtype words that are not a Trainer kind
    energy: str | None
    hp: Any


class PokemonConverter(Converter):
    """Pokémon TCG cards: pokemontcg.io v2 (`supertype`) or TCGdex v2 (`category`)."""

    game_id: ClassVar[str] = "pokemon"
    display_name: ClassVar[str] = "Pokémon TCG"
    display_name_ja: ClassVar[str] = "ポケモンカードゲーム"
    short_name: ClassVar[str] = "PKM"
    grade_rule: ClassVar[str] = "the hundreds and tens digits of HP (40 → 04, 120 → 12)"
    grade_rule_ja: ClassVar[str] = "HPの百の位と十の位（40 → 04、120 → 12）"
    formats: ClassVar[tuple[str, ...]] = ("pokemontcg-v2", "tcgdex-v2")
    kinds: ClassVar[Mapping[str, CardType | None]] = {
        words.POKEMON: CardType.UNIT,
        **TRAINER_TYPES,
        words.ENERGY: None,
    }

    # Record accessors -------------------------------------------------------------------------

    def source_id(self, record: Record) -> str:
        card_id = text_of(record.get("id"))
        if not card_id:
            raise InvalidRecordError("the card has no id")
        if "supertype" in record:
            return card_id
        return identity.tcgdex_source_id(card_id, _lang(record))

    def names(self, record: Record) -> tuple[str, str | None]:
        # No English name comes with a Japanese record, so the Japanese name is both.
        name = text_of(record.get("name"))
        return name, name if _is_japanese(name, _lang(record)) else None

    def identity_key(self, record: Record) -> str:
        """name|HP|sorted ability and attack names: reprints with the same stats share it.
        A TCGdex record in another language keys on its translated name; the catalog joins
        it to the English card through `links` (converters/pokemon_identity.py)."""
        moves = sorted(
            _key(move.get("name"))
            for move in _entries(record, "abilities") + _entries(record, "attacks")
        )
        return "|".join((_key(record.get("name")), text_of(record.get("hp")), ",".join(moves)))

    def to_grade(self, record: Record) -> Ruling[int]:
        card = _read(record)
        if card.category == words.POKEMON or card.hp is not None:
            return _hp_grade(card)
        return no_grade(f"{card.category or card.category_word} card: not a unit, no grade")

    def card_type(self, record: Record) -> Ruling[CardType]:
        card = _read(record)
        if card.category == words.POKEMON:
            return Ruling(CardType.UNIT, f"{card.category_word} → Unit")
        if card.category == words.TRAINER:
            return _trainer_type(card)
        if card.category == words.ENERGY:
            return no_type(ENERGY_REASON.format(kind=card.energy or "an"))
        return no_type(
            f"category {card.category_word!r} is not in the Pokémon table",
            f"unknown Pokémon card category {card.category_word!r}",
        )

    def text(self, record: Record) -> str:
        lines = [_move_line(entry) for entry in _entries(record, "abilities")]
        lines += [_move_line(entry) for entry in _entries(record, "attacks")]
        lines += [text_of(record.get("rules")), text_of(record.get("effect"))]
        return "\n".join(line for line in lines if line)

    def stats(self, record: Record) -> dict[str, Any]:
        reading, hp = read_number(record.get("hp"))
        retreat = record.get("convertedRetreatCost", record.get("retreat"))
        found: dict[str, Any] = {
            "hp": int(hp) if reading is NumberReading.OK and hp is not None else record.get("hp"),
            "types": record.get("types"),
            "subtypes": record.get("subtypes"),
            "stage": record.get("stage"),
            "suffix": record.get("suffix"),
            "trainer_type": record.get("trainerType"),
            "energy_type": record.get("energyType"),
            "evolves_from": record.get("evolvesFrom", record.get("evolveFrom")),
            "retreat": retreat,
        }
        return {key: value for key, value in found.items() if value not in (None, [], "")}

    def links(self, record: Record) -> tuple[str, ...]:
        return identity.links(record, self.printing(record), _read(record).hp)

    def printing(self, record: Record) -> Printing:
        lang = _lang(record)
        if "supertype" in record:
            number = text_of(record.get("number")) or None
            return Printing(_pokemontcg_set(record, number), number, lang)
        set_ = record.get("set")
        set_id = text_of(set_.get("id")) if isinstance(set_, Mapping) else ""
        return Printing(set_id or None, text_of(record.get("localId")) or None, lang)


# --- Reading either shape --------------------------------------------------------------------


def _read(record: Record) -> _Card:
    if "supertype" in record:
        found = record.get("subtypes")
        subtypes = [text_of(s) for s in (found if isinstance(found, list) else [found]) if s]
        word = text_of(record.get("supertype"))
        return _card(word, subtypes, subtypes, record.get("hp"))
    if "category" in record:
        word = text_of(record.get("category"))
        trainer_type = text_of(record.get("trainerType"))
        energy_type = text_of(record.get("energyType"))
        return _card(
            word, [trainer_type] if trainer_type else [], [energy_type] if energy_type else [],
            record.get("hp"),
        )
    raise InvalidRecordError(
        "not a Pokémon card object: it has neither `supertype` (pokemontcg.io) nor "
        "`category` (TCGdex)",
        hint="TCGdex list endpoints return brief cards; fetch each card by its id",
    )


def _card(word: str, kind_words: list[str], energy_words: list[str], hp: Any) -> _Card:
    kinds = {w: words.trainer_term(w) for w in kind_words}
    energies = [e for e in (words.energy_term(w) for w in energy_words) if e]
    return _Card(
        category_word=word,
        category=words.category_term(word),
        kinds={term: w for w, term in reversed(kinds.items()) if term},
        other_words=tuple(w for w, term in kinds.items() if not term),
        energy=energies[0] if energies else None,
        hp=None if read_number(hp)[0] is NumberReading.MISSING else hp,
    )


def _hp_grade(card: _Card) -> Ruling[int]:
    reading, hp = read_number(card.hp)
    warnings = []
    if card.category == words.TRAINER:
        warnings.append(TRAINER_AS_POKEMON.format(hp=text_of(card.hp)))
    if card.hp is None:
        return no_grade("no HP printed (a LEGEND half?): no grade", "no HP printed: no grade")
    if reading is not NumberReading.OK or hp is None:
        return no_grade(f"HP {card.hp!r} is not a number: no grade", *warnings,
                        f"HP {card.hp!r} could not be read")
    ruling = grade_from_digits(hp, f"HP {plain_number(hp)}", lowest_place=10, places=2)
    return Ruling(ruling.value, ruling.reason, (*warnings, *ruling.warnings))


def _trainer_type(card: _Card) -> Ruling[CardType]:
    if card.hp is not None:
        return Ruling(
            CardType.UNIT,
            f"{card.category_word} with HP {text_of(card.hp)}: played as a Basic Pokémon → Unit",
            (TRAINER_AS_POKEMON.format(hp=text_of(card.hp)),),
        )
    for kind in TRAINER_PRECEDENCE:
        if kind in card.kinds:
            card_type = TRAINER_TYPES[kind]
            if kind == words.ACE_SPEC:
                warning = "an ACE SPEC Trainer with no other kind: read as an Item"
                return Ruling(card_type, f"{warning} → {card_type.label}", (warning,))
            return Ruling(card_type, f"{_shown_kind(card, kind)} → {card_type.label}")
    if card.other_words:
        listed = ", ".join(card.other_words)
        return no_type(
            f"Trainer kind {listed!r} is not in the Pokémon table",
            f"unknown Trainer kind {listed!r}",
        )
    return Ruling(CardType.CHARGE_EFFECT, NO_SUBTYPE_REASON)


def _shown_kind(card: _Card, kind: str) -> str:
    """"Dresseur Outil (Pokémon Tool)": the record's words, then the English term."""
    word = card.kinds[kind]
    shown = f"{card.category_word} {word}"
    return shown if words.word_key(word) == words.word_key(kind) else f"{shown} ({kind})"


def _key(value: Any) -> str:
    """Names compared without case, accents, spaces or punctuation ("Nidoran ♂" = "Nidoran♂")."""
    return re.sub(r"[^\w♂♀]", "", words.word_key(normalise_name_key(text_of(value))))


def _entries(record: Record, key: str) -> list[Mapping[str, Any]]:
    found = record.get(key)
    return [e for e in found if isinstance(e, Mapping)] if isinstance(found, list) else []


def _move_line(entry: Mapping[str, Any]) -> str:
    head = " ".join(p for p in (text_of(entry.get("name")), text_of(entry.get("damage"))) if p)
    body = text_of(entry.get("text") or entry.get("effect"))
    return f"{head}: {body}" if head and body else head or body


def _lang(record: Record) -> str | None:
    if "supertype" in record:
        return "en"  # pokemontcg.io is English only
    if record.get("lang"):
        return text_of(record.get("lang")).casefold()
    set_ = record.get("set")
    logo = set_.get("logo") if isinstance(set_, Mapping) else None
    for url in (record.get("image"), logo):
        found = _TCGDEX_ASSET.match(text_of(url))
        if found:
            return found.group(1).casefold()
    return "ja" if any(_KANA.search(text) for text in _words(record)) else None


def _words(record: Record) -> list[str]:
    """The name, then the texts of a record that says nothing of its language: kana in any of
    them is Japanese (a TCGdex `data-asia` name may be kanji only, 突風, which Chinese shares;
    its texts, or its set's name, are in kana)."""
    set_ = record.get("set")
    found = [text_of(record.get("name")), text_of(record.get("effect"))]
    found += [text_of(record.get("description"))]
    found += [text_of(set_.get("name")) if isinstance(set_, Mapping) else ""]
    found += [text_of(e.get("effect")) for e in _entries(record, "attacks")]
    found += [text_of(e.get("effect")) for e in _entries(record, "abilities")]
    return found


def _is_japanese(name: str, lang: str | None) -> bool:
    if lang == "ja":
        return bool(_CJK.search(name))
    return lang is None and bool(_KANA.search(name))


def _pokemontcg_set(record: Record, number: str | None) -> str | None:
    set_ = record.get("set")
    if isinstance(set_, Mapping) and set_.get("id"):
        return text_of(set_.get("id"))
    card_id = text_of(record.get("id"))
    if number and card_id.endswith(f"-{number}"):
        return card_id.removesuffix(f"-{number}")
    return card_id.rpartition("-")[0] or None
