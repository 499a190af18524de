"""`darkside-roster`: the roster of "Dark side telling" (seed 003, ▼ユニット概要), the units a
character brings to a dream battle:

* at most ROSTER_MAX_UNITS units (deckbuilder/rule_facts.py; ROSTER_SIZE; an empty roster is
  one too: a unit must be summoned when the battle starts);
* a special unit (特殊: it only arrives through another unit's effect) may not be in a roster
  (ROSTER_SPECIAL);
* a unit that cannot be lent (not 貸与可能) belongs only to its own character's roster
  (ROSTER_NOT_LENDABLE): the roster names its character (`character: NAME`) and the unit's
  `owner` must be that character (compared case-, width- and kana-insensitively).

Policies: a unit is one being, so it joins a roster once (ROSTER_DUPLICATE). When the roster
names no character, or a unit's owner is not recorded, an unlendable unit cannot be checked:
the warning ROSTER_OWNER_UNKNOWN says so. A special unit is reported as special only."""

from __future__ import annotations

from collections.abc import Sequence

from converters.base import normalise_name_key
from converters.darkside import roster_facts
from deckbuilder.codes import FormatCode, Violation, violation
from deckbuilder.deck import DECK
from deckbuilder.play_formats.base import GameFormat, Problems, copies, labels
from deckbuilder.resolve import ResolvedDeck, ResolvedEntry
from deckbuilder.rule_facts import ROSTER_MAX_UNITS

ROSTER = "roster"
CHARACTER = "character"


class Roster(GameFormat):
    format_id = "darkside-roster"
    display_name = "Dark side telling roster"
    display_name_ja = "ダークサイドTCG 所持ユニット"
    summary = (
        "at most {{ROSTER_MAX}} units; no special units; a unit that cannot be lent only in its "
        "own character's roster (`character:`)"
    )
    games = ("darkside",)
    sections = (ROSTER,)
    fields = (CHARACTER,)

    def validate(self, decks: Sequence[ResolvedDeck]) -> Problems:
        (deck,) = decks
        lines, problems = self.card_lines(deck)
        warnings: list[Violation] = []
        units = copies(deck.all())
        if units > ROSTER_MAX_UNITS:
            problems.append(violation(FormatCode.ROSTER_SIZE, ROSTER, count=units))
        elif units == 0:
            problems.append(violation(FormatCode.ROSTER_SIZE, ROSTER, variant="empty"))
        problems += duplicates(lines)
        character = deck.deck.fields.get(CHARACTER)
        for r in lines:
            if r.card is None:
                continue
            lendable, special, owner = roster_facts(r.card.stats)
            if special:
                problems.append(violation(FormatCode.ROSTER_SPECIAL, r.section, [r.label]))
            elif lendable:
                continue
            elif character is None:
                warnings.append(violation(FormatCode.ROSTER_OWNER_UNKNOWN, r.section, [r.label],
                                          variant="no_character"))
            elif owner is None:
                warnings.append(violation(FormatCode.ROSTER_OWNER_UNKNOWN, r.section, [r.label],
                                          character=character))
            elif normalise_name_key(owner) != normalise_name_key(character):
                problems.append(violation(FormatCode.ROSTER_NOT_LENDABLE, r.section, [r.label],
                                          owner=owner, character=character))
        return problems, warnings


def duplicates(lines: Sequence[ResolvedEntry]) -> list[Violation]:
    groups: dict[str, list[ResolvedEntry]] = {}
    for r in lines:
        groups.setdefault(r.key, []).append(r)
    return [
        violation(FormatCode.ROSTER_DUPLICATE, DECK if len({r.section for r in group}) > 1
                  else group[0].section, labels(group), count=copies(group))
        for group in groups.values()
        if copies(group) > 1
    ]
