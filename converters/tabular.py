"""Shared reading of CSV/JSON card rows for games without an API (DQ Battle Road, Dinosaur King,
Duel Masters, Live On, Weiß Schwarz): names, ids, the kind-word table and stat → grade."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    grade_from_digits,
    grade_from_value,
    kind_key,
    no_grade,
    no_type,
    normalise_name_key,
    pick,
    plain_number,
    read_number,
    text_of,
)

ID_COLUMNS = ("id", "card id", "カードID")
NAME_COLUMNS = ("name", "名前", "カード名", "card name", "名称")
NAME_JA_COLUMNS = ("name_ja", "japanese name", "日本語名")
TEXT_COLUMNS = ("text", "effect", "ability", "テキスト", "効果", "能力")
SPECIES_COLUMNS = ("species", "race", "tribe", "種族", "系統")
SET_COLUMNS = ("set", "セット", "弾", "収録")
NUMBER_COLUMNS = ("number", "collector number", "番号", "カード番号")

_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")

#: a stat rule: (value, source words such as "HP 8700") → grade ruling
GradeRule = Callable[[float, str], Ruling[int]]


def is_japanese(text: str) -> bool:
    """True when the text has kana or kanji."""
    return bool(_JAPANESE.search(text))


def clean(value: Any) -> str | None:
    """A cell as stripped text; None when absent or blank."""
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def digits_rule(*, lowest_place: int, places: int) -> GradeRule:
    """The §1 digit rule ("thousands and hundreds digits"); a negative stat is no grade."""

    def rule(value: float, source: str) -> Ruling[int]:
        if value < 0:
            return no_grade(f"{source} is negative → no grade", f"{source} is negative")
        return grade_from_digits(value, source, lowest_place=lowest_place, places=places)

    return rule


def value_rule(value: float, source: str) -> Ruling[int]:
    """The §1 value rule ("the cost value"): round down, clamp above 99 with a warning."""
    return grade_from_value(value, source)


@dataclass(frozen=True)
class KindMatch:
    """How a record's kind word was read. `known` False: missing or not in the table."""

    word: str | None
    matched: str | None
    known: bool
    card_type: CardType | None

    @property
    def expects_grade(self) -> bool:
        """A missing stat matters (warns) for units and for cards we could not place."""
        return not self.known or self.card_type is CardType.UNIT


class TableConverter(Converter):
    """Base for converters of CSV/JSON rows. Subclasses set `kinds` (kind word → type, English
    and Japanese, matched by `kind_key`), optionally `kind_notes` (a one-line rationale per
    kind word) and `stat_columns`, and implement `to_grade` with `stat_grade`."""

    formats: ClassVar[tuple[str, ...]] = ("csv", "json")
    kind_columns: ClassVar[tuple[str, ...]] = ("kind", "種類", "type", "カード種類", "card type")
    kind_notes: ClassVar[Mapping[str, str]] = {}
    #: stat name → header aliases; shown beside the conversion
    stat_columns: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    # Names and ids ----------------------------------------------------------------------------

    def source_id(self, record: Record) -> str:
        return clean(pick(record, *ID_COLUMNS)) or self.names(record)[0]

    def names(self, record: Record) -> tuple[str, str | None]:
        name = clean(pick(record, *NAME_COLUMNS)) or ""
        name_ja = clean(pick(record, *NAME_JA_COLUMNS))
        if name_ja is None and is_japanese(name):
            name_ja = name
        return name, name_ja

    def identity_key(self, record: Record) -> str:
        """Reprints of these games share the printed name (ids differ per printing)."""
        return normalise_name_key(self.names(record)[0])

    # Kind → type ------------------------------------------------------------------------------

    def kind(self, record: Record) -> KindMatch:
        """The kind word, matched whole, else by its first known "/" part ("モンスター/地獣族")."""
        word = clean(pick(record, *self.kind_columns))
        if word is None:
            return KindMatch(None, None, False, None)
        table = {kind_key(k): k for k in self.kinds}
        parts = [word, *unicodedata.normalize("NFKC", word).split("/")]
        for part in parts:
            found = table.get(kind_key(part))
            if found is not None:
                return KindMatch(word, found, True, self.kinds[found])
        return KindMatch(word, None, False, None)

    def card_type(self, record: Record) -> Ruling[CardType]:
        return self.type_of(self.kind(record))

    def type_of(self, match: KindMatch) -> Ruling[CardType]:
        accepted = ", ".join(self.kinds)
        if match.word is None:
            return no_type(f"no kind given; accepted kinds: {accepted}", "no kind given")
        if not match.known or match.matched is None:
            return no_type(
                f"unknown kind {match.word!r}; accepted kinds: {accepted}",
                f"unknown kind {match.word!r}",
            )
        shown = repr(match.word)
        if kind_key(match.word) != kind_key(match.matched):
            shown += f" (read as {match.matched!r})"
        note = self.kind_notes.get(match.matched)
        label = match.card_type.label if match.card_type else "no TWGP type"
        return Ruling(match.card_type, f"kind {shown} → {label}" + (f": {note}" if note else ""))

    # Stats and grade --------------------------------------------------------------------------

    def stat_grade(self, record: Record, label: str, rule: GradeRule) -> Ruling[int]:
        """Grade from the stat `label` (a key of `stat_columns`). Missing, variable and
        unreadable values give no grade; they warn when the card needs a grade."""
        raw = pick(record, *self.stat_columns[label])
        status, value = read_number(raw)
        if status is NumberReading.OK and value is not None:
            return rule(value, f"{label} {plain_number(value)}")
        if status is NumberReading.MISSING:
            reason = f"no {label} printed → no grade"
            if self.kind(record).expects_grade:
                return no_grade(reason, f"{label} is missing; no grade")
            return no_grade(reason)
        if status is NumberReading.VARIABLE:
            return no_grade(f"{label} {raw} is variable → no grade", f"{label} {raw} is variable")
        return no_grade(
            f"{label} {raw!r} is not a number → no grade", f"{label} {raw!r} unreadable"
        )

    def stats(self, record: Record) -> dict[str, Any]:
        found = {label: pick(record, *columns) for label, columns in self.stat_columns.items()}
        return {label: value for label, value in found.items() if value is not None}

    # Text and printing ------------------------------------------------------------------------

    def text(self, record: Record) -> str:
        return text_of(pick(record, *TEXT_COLUMNS))

    def species(self, record: Record) -> str:
        """The species and the kind word: "毒" or "poison" there implies Poison (§3)."""
        hints = (pick(record, *SPECIES_COLUMNS), pick(record, *self.kind_columns))
        return "\n".join(text_of(h) for h in hints if h is not None)

    def printing(self, record: Record) -> Printing:
        name, _ = self.names(record)
        return Printing(
            set_code=clean(pick(record, *SET_COLUMNS)),
            collector_number=clean(pick(record, *NUMBER_COLUMNS)),
            lang="ja" if is_japanese(name) else None,
        )
